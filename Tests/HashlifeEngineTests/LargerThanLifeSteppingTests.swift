import Testing
import HashlifeEngine
import HashlifeTestSupport

/// The Larger than Life universe against a naive stepper of its own (`LargerThanLifeReference`)
/// generation by generation on random soups: every shape, small and large ranges, decaying
/// states, B0, and bounded tori and planes.
@Suite struct LargerThanLifeSteppingTests {
    /// One rule to compare: shape, range, states, and the bounds of its S and B runs as
    /// fractions of what the neighbourhood counts.
    struct Case: Sendable, CustomStringConvertible {
        var shape: Character
        var range: Int
        var states: Int
        var generations: Int
        var soup: Int = 12
        var grid: String = ""
        var seed: UInt64 = 1
        var description: String { "N\(shape) R\(range) C\(states)\(grid)" }
    }

    static func reference(for c: Case) -> (rule: String, reference: LargerThanLifeReference) {
        var probe = LargerThanLifeReference(shape: c.shape, range: c.range, states: c.states, births: [], survivals: [])
        let r = c.shape == "L" ? 2 * c.range : c.range
        var maxn = 0
        for dy in -r...r { for dx in -r...r where probe.holds(dx: dx, dy: dy, parity: 0) {
            maxn += c.shape == "G" ? (c.range + 1 - abs(dx)) * (c.range + 1 - abs(dy)) : 1
        } }
        let b1 = max(1, maxn * 2 / 10), b2 = max(b1, maxn * 4 / 10)
        let s1 = max(1, maxn * 2 / 10), s2 = max(s1, maxn * 5 / 10)
        probe.births = Set(b1...b2)
        probe.survivals = Set(s1...s2)
        let letter = c.shape == "M" ? "" : ",N\(c.shape)"
        return ("R\(c.range),C\(c.states),S\(s1)-\(s2),B\(b1)-\(b2)\(letter)\(c.grid)", probe)
    }

    static let cases: [Case] = {
        var cases: [Case] = []
        for shape in "MNC2BD+X*#HA3LG" {
            cases.append(Case(shape: shape, range: 1, states: 2, generations: 6))
            cases.append(Case(shape: shape, range: 3, states: 2, generations: 5, seed: 2))
            cases.append(Case(shape: shape, range: 2, states: 5, generations: 6, seed: 3))
        }
        cases.append(Case(shape: "M", range: 20, states: 2, generations: 2, soup: 30, seed: 4))
        cases.append(Case(shape: "N", range: 16, states: 3, generations: 2, soup: 30, seed: 5))
        cases.append(Case(shape: "H", range: 12, states: 2, generations: 2, soup: 24, seed: 6))
        cases.append(Case(shape: "L", range: 6, states: 2, generations: 2, soup: 24, seed: 7))
        for shape in "MNBL" {
            cases.append(Case(shape: shape, range: 2, states: 2, generations: 6, soup: 20, grid: ":T20,16", seed: 8))
            cases.append(Case(shape: shape, range: 2, states: 4, generations: 6, soup: 20, grid: ":P18,14", seed: 9))
        }
        cases.append(Case(shape: "M", range: 3, states: 2, generations: 5, soup: 8, grid: ":T5,7", seed: 10))
        // Von Neumann past range 4 is counted along its diagonals: bounded too.
        cases.append(Case(shape: "N", range: 6, states: 3, generations: 4, soup: 20, grid: ":T26,20", seed: 11))
        cases.append(Case(shape: "N", range: 5, states: 2, generations: 4, soup: 16, grid: ":P22,18", seed: 12))
        cases.append(Case(shape: "N", range: 7, states: 2, generations: 3, soup: 24, seed: 13))
        return cases
    }()

    static func soup(_ c: Case) -> [(x: Int, y: Int, state: UInt8)] {
        var generator = SplitMix64(seed: c.seed)
        var cells: [(x: Int, y: Int, state: UInt8)] = []
        for y in 0..<c.soup { for x in 0..<c.soup where generator.next() % 2 == 0 {
            cells.append((x - c.soup / 2, y - c.soup / 2, c.states > 2 && generator.next() % 4 == 0 ? UInt8(2 + generator.next() % UInt64(c.states - 2)) : 1))
        } }
        return cells
    }

    static func sorted(_ cells: [(x: Int, y: Int, state: UInt8)]) -> [[Int]] {
        cells.map { [$0.y, $0.x, Int($0.state)] }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    static func cells(of universe: any LifeUniverse) -> [[Int]] {
        var list: [(x: Int, y: Int, state: UInt8)] = []
        universe.forEachCell(in: nil) { x, y, s in list.append((x.intValue!, y.intValue!, s)) }
        return sorted(list)
    }

    @Test(arguments: cases)
    func matchesTheNaiveStepper(_ c: Case) throws {
        let (text, base) = Self.reference(for: c)
        let rule = try AnyRule.parse(text)
        #expect(rule.familyName == "Larger than Life")
        var reference = base
        if let grid = rule.grid { reference.grid = (grid.topology == .torus, grid.width, grid.height) }
        let soup = Self.soup(c)
        let universe = rule.makeUniverse(memoryLimit: 1 << 28)
        universe.load(cellStates: soup, originX: .zero, originY: .zero)
        var start: [Int: [Int: UInt8]] = [:]
        for cell in soup { start[cell.y, default: [:]][cell.x] = cell.state }
        let reach = c.shape == "L" ? 2 * c.range : c.range
        let margin = reach * (c.generations + 1)
        let window = (x: -c.soup / 2 - margin, y: -c.soup / 2 - margin, width: c.soup + 2 * margin, height: c.soup + 2 * margin)
        var changed = false
        let initial = Self.cells(of: universe)
        for g in 1...c.generations {
            try universe.step(by: 1)
            let expected = Self.sorted(reference.run(start, generations: g, window: window).cells)
            let got = Self.cells(of: universe)
            #expect(got == expected, "\(text) at generation \(g)")
            if got != expected { break }
            if got != initial { changed = true }
        }
        #expect(universe.generation == BigUInt(c.generations))
        #expect(changed, "\(text): the soup should change")
    }

    /// B0 rules: Golly's emulation stores the cells that differ from the background, which
    /// blinks without S at the full count and turns alive for good with it.
    @Test(arguments: ["R1,C0,S2-3,B0,3", "R2,C0,S3-9,B0-1,7-9,NN", "R1,C0,S2-3,8,B0,3-4", "R2,C0,S5-10,18,B0,8-11,NH"])
    func birthOnZeroIsEmulatedAsGollyDoes(_ text: String) throws {
        let rule = try #require(try AnyRule.parse(text).as(LargerThanLifeRule.self))
        let parsed = try AnyRule.parse(text)
        #expect(parsed.description == text)
        // Read the lists back from the canonical text for the reference.
        func list(_ part: Substring) -> Set<Int> {
            var set = Set<Int>()
            for item in part.split(separator: ",") {
                let ends = item.split(separator: "-").map { Int($0)! }
                for v in ends[0]...(ends.count > 1 ? ends[1] : ends[0]) { set.insert(v) }
            }
            return set
        }
        let body = text.split(separator: ",N").first!
        let sPart = body[body.range(of: "S")!.upperBound..<body.range(of: ",B")!.lowerBound]
        let bPart = body[body.range(of: ",B")!.upperBound...]
        let shape: Character = text.contains(",N") ? text.last! : "M"
        let reference = LargerThanLifeReference(shape: shape, range: rule.range, states: 2, births: list(bPart), survivals: list(sPart))
        let full = rule.maximumCount
        let background: UInt8 = list(sPart).contains(full) ? 1 : 0
        let c = Case(shape: shape, range: rule.range, states: 2, generations: 6, soup: 10, seed: 11)
        let soup = Self.soup(c)
        let universe = parsed.makeUniverse(memoryLimit: 1 << 28)
        universe.load(cellStates: soup, originX: .zero, originY: .zero)
        var start: [Int: [Int: UInt8]] = [:]
        // With S at the full count the background is alive from the start, and the soup's
        // cells are its holes.
        for cell in soup { start[cell.y, default: [:]][cell.x] = background == 1 ? 0 : cell.state }
        let margin = rule.range * 8
        let window = (x: -5 - margin, y: -5 - margin, width: 10 + 2 * margin, height: 10 + 2 * margin)
        // Golly draws the pattern as the cells that differ from the background it starts with.
        for g in 1...c.generations {
            try universe.step(by: 1)
            let expected = Self.sorted(reference.run(start, generations: g, window: window, background: background).cells)
            #expect(Self.cells(of: universe) == expected, "\(text) at generation \(g)")
        }
    }

    @Test func aCustomNeighbourhoodOfEveryCellIsMooreAndUnitWeightsAreToo() throws {
        let life = try AnyRule.parse("R1,C0,S2-3,B3")
        let custom = try AnyRule.parse("R1,C0,S2-3,B3,N@FF")
        // W counts the cell itself at its weight and its survival counts are not shifted.
        let weighted = try AnyRule.parse("R1,C0,S3-4,B3,NW111111111")
        let c = Case(shape: "M", range: 1, states: 2, generations: 1, soup: 16, seed: 12)
        let universes = [life, custom, weighted].map { rule -> any LifeUniverse in
            let u = rule.makeUniverse(memoryLimit: 1 << 28)
            u.load(cellStates: Self.soup(c), originX: .zero, originY: .zero)
            return u
        }
        for g in 1...8 {
            for u in universes { try u.step(by: 1) }
            #expect(Self.cells(of: universes[1]) == Self.cells(of: universes[0]), "@FF at generation \(g)")
            #expect(Self.cells(of: universes[2]) == Self.cells(of: universes[0]), "W111111111 at generation \(g)")
        }
        #expect(!universes[0].isEmpty)
    }

    @Test func stepsOneGenerationAtATimeAndSaysSo() throws {
        let rule = try AnyRule.parse("R2,C3,S3-8,B5-7,NN")
        let universe = rule.makeUniverse(memoryLimit: 1 << 28)
        #expect(!universe.has(.powerOfTwoJumps))
        #expect(!universe.has(.threads))
        universe.load(cellStates: Self.soup(Case(shape: "N", range: 2, states: 3, generations: 1)), originX: .zero, originY: .zero)
        var heard: [BigUInt] = []
        try universe.step(by: 3, control: nil) { heard.append($0) }
        #expect(heard == [1, 2, 3])
        try universe.step(byPowerOfTwo: 2, control: nil)
        #expect(universe.generation == 7)
    }

    @Test func aCancelledStepReportsTheGenerationReached() throws {
        let universe = try AnyRule.parse("R1,C0,S0-8,B1-8").makeUniverse(memoryLimit: 1 << 28)
        universe.setState(1, atX: 0, y: 0)
        let control = StepControl()
        var count = 0
        #expect(throws: StepError.cancelled(generation: 5)) {
            try universe.step(by: BigUInt(1_000_000), control: control) { _ in
                count += 1
                if count == 5 { control.cancel() }
            }
        }
        #expect(universe.generation == 5)
        // The square grows by one cell a side each generation.
        #expect(universe.population == 121)
    }

    @Test func growthPastTheMemoryLimitNamesTheGeneration() throws {
        let universe = try AnyRule.parse("R10,C0,S0-440,B1-440").makeUniverse(memoryLimit: MemoryLimit.minimumBytes)
        universe.setState(1, atX: 0, y: 0)
        do {
            try universe.step(by: BigUInt(100_000))
            Issue.record("the pattern should outgrow the memory limit")
        } catch {
            guard case let .memoryExhausted(generation, needed, limit) = error else { Issue.record("\(error)"); return }
            #expect(generation == universe.generation)
            #expect(generation > 0)
            #expect(needed > limit)
            let side = 2 * 10 * Int(generation.uint64Value!) + 1
            #expect(universe.population == BigUInt(side * side))
        }
    }

    @Test func aBoxTooLargeToCountIsOutOfMemoryAtItsGeneration() throws {
        let universe = try AnyRule.parse("R1,C0,S2-3,B3").makeUniverse(memoryLimit: 1 << 28)
        universe.setState(1, atX: 0, y: 0)
        universe.setState(1, atX: BigInt(1) << 35, y: BigInt(1) << 35)
        universe.generation = 7
        #expect(throws: StepError.self) { try universe.step(by: 1) }
        do { try universe.step(by: 1) } catch {
            guard case let .memoryExhausted(generation, needed, limit) = error else { Issue.record("\(error)"); return }
            #expect(generation == 7)
            #expect(needed > limit)
        }
        #expect(universe.population == 2)
    }

    @Test func keptStatesRestoreCellsGenerationAndRule() throws {
        let universe = try AnyRule.parse("R2,C4,S3-8,B5-7").makeUniverse(memoryLimit: 1 << 28)
        universe.load(cellStates: Self.soup(Case(shape: "M", range: 2, states: 4, generations: 1)), originX: .zero, originY: .zero)
        let before = Self.cells(of: universe)
        let kept = universe.keep()
        try universe.step(by: 4)
        #expect(Self.cells(of: universe) != before)
        universe.restore(kept)
        #expect(Self.cells(of: universe) == before)
        #expect(universe.generation == 0)
        #expect(universe.anyRule.description == "R2,C4,S3-8,B5-7")
    }

    @Test func cellsOutsideABoundedGridAreDropped() throws {
        let universe = try AnyRule.parse("R1,C0,S2-3,B3:P10,10").makeUniverse(memoryLimit: 1 << 28)
        universe.setState(1, atX: 20, y: 0)
        universe.setState(1, atX: 4, y: 4)
        universe.load(cellStates: [(0, 0, 1), (100, 0, 1)], originX: .zero, originY: .zero)
        #expect(universe.population == 1)
    }
}
