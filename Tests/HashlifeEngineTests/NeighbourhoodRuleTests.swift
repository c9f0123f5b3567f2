import Testing
@testable import HashlifeEngine
import HashlifeTestSupport

/// Two-state rules on Golly's hexagonal and von Neumann neighbourhoods ("B2/S34H", "B2/S3V",
/// MAP strings of 22 and 6 characters): parsed and written as Golly writes them, and stepped
/// generation by generation as a naive stepper that counts only the neighbourhood's cells.
@Suite struct NeighbourhoodRuleTests {
    @Test(arguments: [
        ("B2/S23V", "B2/S23V"), ("b2s23v", "B2/S23V"), ("23/2V", "B2/S23V"), ("12/34V", "B34/S12V"),
        ("B246/S123456H", "B246/S123456H"), ("B/SV", "B/SV"), ("B02/S1H", "B02/S1H"), ("b3/s23h", "B3/S23H"),
        ("B2/S23V:T10,10", "B2/S23V:T10,10"), ("B3/S23H:P20,20", "B3/S23H:P20,20"),
        ("MAPAACAAA", "MAPAACAAA"), ("MAPAAAAAAAAAACAAAAAAAAAAA==", "MAPAAAAAAAAAACAAAAAAAAAAA"),
    ])
    func rulesAreWrittenAsGollyWritesThem(_ text: String, _ canonical: String) throws {
        let rule = try Rule(text)
        #expect(rule.description == canonical)
        #expect(try Rule(rule.description) == rule)
    }

    @Test(arguments: [
        ("B5/S23V", "B5 counts more neighbours than the von Neumann neighbourhood has (4)"),
        ("B2/S7H", "S7 counts more neighbours than the hexagonal neighbourhood has (6)"),
        ("B2a/S23V", "Hensel letters are for the Moore neighbourhood only"),
        ("MAPAACA", "a MAP rule needs 86 base64 characters"),
    ])
    func whatGollyRefusesIsRefusedInOneLine(_ text: String, _ words: String) {
        #expect {
            try Rule(text)
        } throws: { error in
            "\(error)".contains(words) && !"\(error)".contains("\n")
        }
    }

    /// bgolly's answers: under B/S1H two cells touching at north-west and south-east are
    /// neighbours (both survive) and two touching at north-east and south-west are not.
    @Test func theHexagonalNeighbourhoodLeavesOutNorthEastAndSouthWest() throws {
        let rule = try Rule("B/S1H")
        var neighbours = ReferenceEngine(rule: rule, cells: [ReferenceCell(x: 0, y: 0), ReferenceCell(x: 1, y: 1)])
        var apart = ReferenceEngine(rule: rule, cells: [ReferenceCell(x: 1, y: 0), ReferenceCell(x: 0, y: 1)])
        neighbours.step()
        apart.step()
        #expect(neighbours.population == 2)
        #expect(apart.population == 0)
    }

    /// The MAP bit of each neighbour, as bgolly reads single-bit MAPs: the one configuration of
    /// bit k, with its one live cell, gives birth where that cell is the neighbour named.
    @Test(arguments: [
        // von Neumann, most significant bit first: N W C E S.
        (32, 4, [0, -1]), (32, 3, [-1, 0]), (32, 1, [1, 0]), (32, 0, [0, 1]),
        // hexagonal: S SE W C E NW N.
        (128, 6, [0, 1]), (128, 5, [1, 1]), (128, 4, [-1, 0]), (128, 2, [1, 0]), (128, 1, [-1, -1]), (128, 0, [0, -1]),
    ])
    func mapBitsNameTheNeighboursAsGollyDoes(_ bits: Int, _ k: Int, _ offset: [Int]) throws {
        var flags = [Bool](repeating: false, count: (bits + 5) / 6 * 6)
        flags[1 << k] = true
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        let text = "MAP" + String(stride(from: 0, to: flags.count, by: 6).map { c in
            alphabet[(0..<6).reduce(0) { $0 | (flags[c + $1] ? 1 << (5 - $1) : 0) }]
        })
        let rule = try Rule(text)
        // The one live neighbour at `offset` from the centre, our 9-bit index; the table
        // ignores the cells outside the neighbourhood (centre included in `cells`).
        let index = (offset[1] + 1) * 3 + (offset[0] + 1)
        let cells = bits == 32 ? 0b010_111_010 : 0b110_111_011
        #expect(rule.neighbourhood == (bits == 32 ? .vonNeumann : .hexagonal))
        for n in 0..<512 {
            #expect(rule.nextState(neighbourhood: n) == (n & cells == 1 << index), "\(text) at \(n)")
        }
        #expect(rule.description == text)
    }

    /// The engine against a stepper that counts only the neighbourhood's cells.
    @Test(arguments: ["B2/S23V", "B2/S34H", "B13/S012V", "B246/S3H", "B1/S1V", "B2/S1H"])
    func theEngineStepsAsTheNeighbourhoodCounts(_ text: String) throws {
        let rule = try Rule(text)
        let offsets: [(Int, Int)] = rule.neighbourhood == .vonNeumann ? [(0, -1), (-1, 0), (1, 0), (0, 1)]
            : [(-1, -1), (0, -1), (-1, 0), (1, 0), (0, 1), (1, 1)]
        let birth = rule.birthCounts, survival = rule.survivalCounts
        var cells = Set(randomSoup(width: 24, height: 24, density: 0.4, seed: UInt64(text.utf8.count)).map { [$0.x, $0.y] })
        let universe = Universe(rule: rule)
        universe.load(cells: cells.map { (x: $0[0], y: $0[1]) })
        for generation in 1...40 {
            var counts: [[Int]: Int] = [:]
            for cell in cells {
                counts[cell, default: 0] += 0
                for (dx, dy) in offsets { counts[[cell[0] + dx, cell[1] + dy], default: 0] += 1 }
            }
            cells = Set(counts.compactMap { cell, n in
                (cells.contains(cell) ? survival : birth) >> UInt16(n) & 1 == 1 ? cell : nil
            })
            universe.step()
            var stepped = Set<[Int]>()
            universe.forEachLiveCell { x, y in stepped.insert([x.intValue!, y.intValue!]) }
            #expect(stepped == cells, "\(text) at generation \(generation)")
        }
    }

    /// B0 rules on these neighbourhoods are emulated as Golly emulates them (against the
    /// reference engine, whose emulation is Golly's), by jumps as well as single steps.
    @Test(arguments: ["B02/S1H", "B0/S1234V", "B013/S0124V"])
    func birthOnZeroIsEmulatedOnTheseNeighbourhoodsToo(_ text: String) throws {
        let rule = try Rule(text)
        let soup = randomSoup(width: 20, height: 20, density: 0.35, seed: 7)
        let universe = Universe(rule: rule)
        universe.load(cells: soup.map { (x: $0.x, y: $0.y) })
        var reference = ReferenceEngine(rule: rule, cells: soup)
        for generation in 1...24 {
            universe.step()
            reference.step()
            #expect(universe.population == BigUInt(UInt64(reference.population)), "\(text) at \(generation)")
        }
        let jumped = Universe(rule: rule)
        jumped.load(cells: soup.map { (x: $0.x, y: $0.y) })
        jumped.step(by: BigUInt(24))
        #expect(jumped.population == universe.population)
    }

    /// A Generations rule written as a MAP of 22 (hexagonal) or 6 (von Neumann) characters and
    /// a state count is that neighbourhood's Generations rule: it keeps its MAP text and steps,
    /// generation by generation, as the same rule written with counts.
    @Test(arguments: [("B2/S34H", "34/2/4H"), ("B2/S23V", "23/2/3V"), ("B24/S1H", "1/24/5H")])
    func generationsMapsOfOtherNeighbourhoodsStepAsTheirCounts(_ life: String, _ counts: String) throws {
        let two = try Rule(life)
        let text = "MAP" + two.mapBase64 + "/" + String(counts.split(separator: "/")[2].dropLast())
        #expect(text.count == 3 + two.neighbourhood.mapLength + 2)
        let map = try MultiStateRule(text), written = try MultiStateRule(counts)
        #expect(map.neighbourhood == written.neighbourhood && map.stateCount == written.stateCount)
        let reread = try MultiStateRule(map.description)
        #expect(map.description == text && reread == map)
        let a = MultiStateUniverse(rule: map), b = MultiStateUniverse(rule: written)
        var random = SplitMix64(seed: UInt64(text.utf8.count))
        var cells: [(x: Int, y: Int, state: UInt8)] = []
        for y in 0..<20 { for x in 0..<20 where random.next() % 5 < 2 { cells.append((x, y, 1)) } }
        a.load(cellStates: cells, originX: .zero, originY: .zero)
        b.load(cellStates: cells, originX: .zero, originY: .zero)
        var lastAlive = 0
        for generation in 1...30 {
            a.step(by: BigUInt(1))
            if !a.isEmpty { lastAlive = generation }
            b.step(by: BigUInt(1))
            #expect(a.cellList()?.cells.map { SIMD3($0.x, $0.y, Int($0.state)) } == b.cellList()?.cells.map { SIMD3($0.x, $0.y, Int($0.state)) },
                    "\(text) at generation \(generation)")
        }
        #expect(lastAlive >= 5, "the soup died before it showed the rules agree")
    }
}
