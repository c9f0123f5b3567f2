import Testing
@testable import HashlifeEngine

/// Rule families and every spelling Golly accepts: the underscore separator, lowercase, S/B
/// order, names, MAP base64 and Wolfram codes; canonical text as Golly writes it (checked
/// against bgolly's output for the same inputs); B0 backgrounds.
@Suite struct RuleFamilyTests {
    /// Life's table as a MAP (LifeWiki's and Golly's example).
    static let lifeMap = "MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA"
    /// A MAP one entry away from Life (a dead cell with NW, W, S and SE alive is born).
    static let issueMap = "MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oeIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA"

    @Test("Spellings and their canonical text (bgolly's)", arguments: [
        ("b3_s23-a4ei6", "B3/S23-a4ei6"),
        ("B2cek3i_S12cei", "B2cek3i/S12cei"),
        ("B3_S23", "B3/S23"),
        ("b3s23", "B3/S23"),
        ("23/3", "B3/S23"),
        ("w30", "W30"),
        ("W030", "W30"),
        ("W 110", "W110"),
        ("W0", "W0"),
        ("W254", "W254"),
        ("B0/S8", "B0/S8"),
        ("B0134/S23", "B0134/S23"),
        ("s0123678/b01245", "B01245/S0123678"),
        (lifeMap, lifeMap),
        (issueMap, issueMap),
        (lifeMap + "==", lifeMap),
        ("map" + lifeMap.dropFirst(3), lifeMap),
        // The last character carries two bits; Golly drops the other four.
        (String(lifeMap.dropLast()) + "/", String(lifeMap.dropLast()) + "w"),
        ("AntiLife", "B0123478/S01234678"),
        ("Plow World", "B378/S012345678"),
        ("Persian Rug", "B234/S"),
        ("Fredkin", "B1357/S02468"),
        ("3-4 Life", "B34/S34"),
        ("Wolfram 30", "W30"),
        ("Day & Night", "B3678/S34678"),
    ])
    func canonicalText(input: String, canonical: String) throws {
        let rule = try Rule(input)
        #expect(rule.description == canonical)
        #expect(try Rule(canonical) == rule, "the canonical text reads back as the same rule")
    }

    @Test func familiesAndEquality() throws {
        #expect(try Rule("B3/S23").family == .lifeLike)
        #expect(try Rule("B3/S23-a").family == .isotropic)
        #expect(try Rule(Self.lifeMap).family == .map)
        #expect(try Rule("W30").family == .wolfram)
        // The MAP of Life has Life's table but prints as a MAP, so it is another rule.
        let map = try Rule(Self.lifeMap)
        #expect(map.tableWords == Rule.life.tableWords)
        #expect(map != Rule.life)
        #expect(try Rule("B3_S23") == Rule.life)
        #expect(Set([try Rule("W30"), try Rule("w030"), try Rule("W30 ")]).count == 1)
    }

    @Test func everyTableRoundTripsThroughMap() throws {
        var random = SplitMix64(seed: 7)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        for _ in 0..<50 {
            var text = "MAP" + String((0..<85).map { _ in alphabet[Int(random.next() % 64)] })
            text.append(["A", "Q", "g", "w"][Int(random.next() % 4)])
            let rule = try Rule(text)
            #expect(rule.description == text)
            // Each neighbourhood's answer sits at the bit-reversed index (NW the most significant).
            let bits = text.dropFirst(3).flatMap { character -> [Bool] in
                let value = alphabet.firstIndex(of: character)!
                return (0..<6).map { value >> (5 - $0) & 1 == 1 }
            }
            for n in 0..<512 {
                let nw = n & 1, north = n >> 1 & 1, ne = n >> 2 & 1, w = n >> 3 & 1, c = n >> 4 & 1
                let e = n >> 5 & 1, sw = n >> 6 & 1, s = n >> 7 & 1, se = n >> 8 & 1
                let index = nw << 8 | north << 7 | ne << 6 | w << 5 | c << 4 | e << 3 | sw << 2 | s << 1 | se
                #expect(rule.nextState(neighbourhood: n) == bits[index])
            }
        }
    }

    /// Golly's W30 grows downward from one cell: rows 1, 3, 5 cells (bgolly: "3bo$2b3o$b2o2bo$2ob4o!").
    @Test func wolframWritesTheNextRowBelow() throws {
        let universe = Universe(rule: try Rule("W30"))
        universe.setCell(x: 0, y: 0)
        universe.step(by: BigUInt(3))
        var rows: [String] = []
        for y in 0...3 {
            rows.append(String((-3...3).map { universe.cell(x: BigInt($0), y: BigInt(y)) ? "o" : "." }))
        }
        #expect(rows == ["...o...", "..ooo..", ".oo..o.", "oo.oooo"])
        #expect(universe.population == BigUInt(13))
    }

    @Test func backgrounds() throws {
        let life = try Rule("B3/S23"), blinking = try Rule("B0134/S23"), complement = try Rule("B0/S8")
        for g in 0..<4 {
            #expect(life.background(atGeneration: BigUInt(g)) == 0)
            #expect(blinking.background(atGeneration: BigUInt(g)) == g % 2)
            #expect(complement.background(atGeneration: BigUInt(g)) == 1)
        }
        #expect(blinking.alternatesBackground && !complement.alternatesBackground && !life.alternatesBackground)
        #expect(blinking.background(atGeneration: BigUInt.powerOfTwo(100) + BigUInt(1)) == 1)
    }

    @Test("Refusals are one line naming the problem", arguments: [
        ("W31", "the Wolfram code 31 is odd"),
        ("W255", "the Wolfram code 255 is above 254"),
        ("W256", "the Wolfram code 256 is above 254"),
        ("MAPABCDEFG", "or 22 (hexagonal) or 6 (von Neumann); found 7"),
        ("MAPAAAA", "needs 86 base64 characters after \"MAP\" (the 512-entry table), or 22 (hexagonal) or 6 (von Neumann); found 4"),
        ("MAP" + String(repeating: "A", count: 87), "found 87"),
        ("MAP" + String(repeating: "A", count: 85) + "!", "unexpected character '!' at offset 88"),
        ("B2/S37H", "S7 counts more neighbours than the hexagonal neighbourhood has (6)"),
        ("B2-a/S3V", "Hensel letters are for the Moore neighbourhood only"),
        ("B3_S2_3", "unexpected character '_' at offset 5"),
    ])
    func refusals(input: String, message: String) {
        do {
            _ = try Rule(input)
            Issue.record("\(input) was accepted")
        } catch {
            #expect(error.description.contains(message), "\(input): \(error.description)")
            #expect(!error.description.contains("\n"))
        }
    }

    /// A suffix after any family goes to `Grid.parse`: the rule keeps its family and gains the grid.
    @Test(arguments: ["W30:T20,20", lifeMap + ":T10,10", "b3_s23-a4ei6:T8,8", "Life:T4,4"])
    func gridSuffixesReachTheGridParser(input: String) throws {
        let rule = try Rule(input)
        let suffix = ":" + String(input.split(separator: ":")[1])
        #expect(rule.grid == (try Rule("B3/S23" + suffix)).grid)
        #expect(rule.with(grid: nil) == (try Rule(String(input.split(separator: ":")[0]))))
    }

    /// B0 rules are refused on bounded grids, in one line naming both.
    @Test func birthOnZeroIsRefusedOnABoundedGrid() {
        #expect(throws: RuleError.self) { try Rule("B0/S8:P10,10") }
        do {
            _ = try Rule("B0134/S23:T30,30")
            Issue.record("B0 on a torus was accepted")
        } catch {
            #expect(error.description == "rule \"B0134/S23:T30,30\": rules with B0 are not supported on bounded grids; use the rule on the unbounded plane")
        }
    }
}
