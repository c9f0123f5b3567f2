import Testing
import HashlifeEngine
import HashlifeTestSupport

/// The engine's one interface: the same operations, through `any LifeUniverse`, give the same
/// cells whatever the family, and cells, clips and kept states cross families as documented.
@Suite struct LifeUniverseTests {
    static let glider: [(x: Int, y: Int, state: UInt8)] = [(1, 0, 1), (2, 1, 1), (0, 2, 1), (1, 2, 1), (2, 2, 1)]

    static func universes() throws -> [any LifeUniverse] {
        [AnyRule(Rule.life).makeUniverse(), try AnyRule.parse("LifeHistory").makeUniverse()]
    }

    static func cells(_ universe: any LifeUniverse) -> [SIMD3<Int>] {
        var cells: [SIMD3<Int>] = []
        universe.forEachCell(in: nil) { x, y, state in cells.append(SIMD3(x.intValue!, y.intValue!, Int(state))) }
        return cells.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    @Test func aKeptStateComesBackExactly() throws {
        for universe in try Self.universes() {
            universe.load(cellStates: Self.glider, originX: BigInt(-3), originY: BigInt(5))
            let kept = universe.keep()
            let before = (Self.cells(universe), universe.cellSetKey)
            try universe.step(by: BigUInt(17))
            #expect(universe.generation == BigUInt(17))
            universe.setState(1, atX: BigInt(100), y: BigInt(100))
            universe.restore(kept)
            #expect(universe.generation == .zero, "\(universe.anyRule)")
            #expect(Self.cells(universe) == before.0, "\(universe.anyRule)")
            #expect(universe.cellSetKey == before.1, "\(universe.anyRule)")
            #expect(kept.universe === universe)
        }
    }

    @Test func aRuleOfTheSameFamilyIsAdoptedInPlace() throws {
        let universe = AnyRule(Rule.life).makeUniverse()
        universe.load(cellStates: Self.glider, originX: .zero, originY: .zero)
        let highLife = try AnyRule.parse("B36/S23")
        let held = try highLife.holding(universe)
        #expect(held === universe)
        #expect(universe.anyRule == highLife)
    }

    @Test func cellsMoveBetweenFamiliesAndBack() throws {
        let universe = AnyRule(Rule.life).makeUniverse()
        universe.load(cellStates: Self.glider, originX: BigInt(10), originY: BigInt(-4))
        universe.generation = BigUInt(42)
        let brain = try AnyRule.parse("/2/3")
        let multi = try brain.holding(universe)
        #expect(multi !== universe)
        #expect(multi.anyRule == brain)
        #expect(multi.stateCount == 3)
        #expect(Self.cells(multi) == Self.cells(universe))
        #expect(multi.generation == BigUInt(42))
        // Back to two states while every cell is in state 1; refused once one is in state 2.
        let back = try AnyRule(Rule.life).holding(multi)
        #expect(Self.cells(back) == Self.cells(universe))
        multi.setState(2, atX: BigInt(0), y: BigInt(0))
        #expect(throws: RuleChangeError.stateOutOfRange(state: 2, rule: AnyRule(Rule.life))) {
            _ = try AnyRule(Rule.life).holding(multi)
        }
    }

    @Test func clipsPasteAcrossFamilies() throws {
        let two = AnyRule(Rule.life).makeUniverse()
        two.load(cellStates: Self.glider, originX: .zero, originY: .zero)
        let multi = try AnyRule.parse("LifeHistory").makeUniverse()
        let clip = try two.cellClip(of: CellRect(x: 0, y: 0, width: 4, height: 3))
        #expect(clip.width == BigUInt(4) && clip.population == BigUInt(5) && clip.highestState == 1)
        try multi.paste(clip, x: BigInt(7), y: BigInt(7), mode: .or)
        #expect(Self.cells(multi) == Self.glider.map { SIMD3($0.x + 7, $0.y + 7, 1) }.sorted { ($0.y, $0.x) < ($1.y, $1.x) })
        // A clip with state 2 cannot go into a two-state universe; nothing changes.
        multi.setState(2, atX: BigInt(8), y: BigInt(7))
        let withStates = try multi.cellClip(of: CellRect(x: 7, y: 7, width: 3, height: 3))
        #expect(withStates.highestState == 2)
        let before = Self.cells(two)
        #expect(throws: RegionError.stateOutOfRange(state: 2, rule: AnyRule(Rule.life))) {
            try two.paste(withStates, x: .zero, y: .zero, mode: .copy)
        }
        #expect(Self.cells(two) == before)
        // Adopting a two-state universe's clip makes it the multi-state universe's own list.
        let adopted = multi.adopting(clip)
        #expect(try adopted.cells().count == 5)
    }

    @Test func transformsAgreeAcrossFamilies() throws {
        let two = AnyRule(Rule.life).makeUniverse()
        two.load(cellStates: Self.glider, originX: .zero, originY: .zero)
        let multi = try AnyRule.parse("LifeHistory").makeUniverse()
        multi.load(cellStates: Self.glider, originX: .zero, originY: .zero)
        let rect = CellRect(x: 0, y: 0, width: 3, height: 3)
        for transform in PatternTransform.allCases {
            let a = try two.transformed(try two.cellClip(of: rect), transform).cells().map { SIMD3($0.x, $0.y, Int($0.state)) }
            let b = try multi.transformed(try multi.cellClip(of: rect), transform).cells().map { SIMD3($0.x, $0.y, Int($0.state)) }
            #expect(Set(a) == Set(b), "\(transform)")
        }
    }

    @Test func aRandomFillIsTheSameInEveryFamily() throws {
        let rect = CellRect(x: -5, y: 3, width: 37, height: 21)
        let two = AnyRule(Rule.life).makeUniverse()
        try two.fillRandomly(rect, density: 0.4, seed: 99, state: 1, mode: .copy)
        let multi = try AnyRule.parse("/2/3").makeUniverse()
        try multi.fillRandomly(rect, density: 0.4, seed: 99, state: 1, mode: .copy)
        #expect(!two.isEmpty)
        #expect(Self.cells(two) == Self.cells(multi))
        // Another state fills the same cells in that state; a state the rule lacks is refused.
        let second = try AnyRule.parse("/2/3").makeUniverse()
        try second.fillRandomly(rect, density: 0.4, seed: 99, state: 2, mode: .copy)
        #expect(Self.cells(second).map { SIMD3($0.x, $0.y, 1) } == Self.cells(two))
        #expect(throws: RegionError.stateOutOfRange(state: 2, rule: AnyRule(Rule.life))) {
            try two.fillRandomly(rect, density: 0.4, seed: 99, state: 2, mode: .copy)
        }
    }

    @Test(arguments: [1, 2, 4, 16])
    func blocksShowTheSameStatesInEveryFamily(zoom: Int) throws {
        let two = AnyRule(Rule.life).makeUniverse()
        try two.fillRandomly(CellRect(x: -20, y: -10, width: 50, height: 30), density: 0.3, seed: 5, state: 1, mode: .copy)
        let multi = try AnyRule.parse("LifeHistory").holding(two)
        let viewport = Viewport(x: BigInt(-23), y: BigInt(-13), columns: 9, rows: 7, zoom: BigUInt(zoom))
        var a = two.blocks(of: viewport), b = multi.blocks(of: viewport)
        #expect(a.hasCounts && !b.hasCounts)
        for j in 0..<viewport.rows {
            let counts = a.counts(j)!
            let states = a.row(j)
            #expect(states == b.row(j), "row \(j)")
            #expect(states == counts.map { $0.isZero ? 0 : 1 }, "row \(j)")
        }
    }

    @Test func capabilitiesSayWhatAFamilyLacks() throws {
        let two = AnyRule(Rule.life).makeUniverse()
        let multi = try AnyRule.parse("LifeHistory").makeUniverse()
        #expect(two.has(.threads) && two.has(.powerOfTwoJumps))
        #expect(!multi.has(.threads) && multi.has(.powerOfTwoJumps))
        #expect(UniverseCapability.threads.refusal(rule: multi.anyRule) == "rule LifeHistory steps on one thread")
    }

    @Test func gridsDropCellsInEveryFamily() throws {
        for universe in try Self.universes() {
            universe.load(cellStates: Self.glider + [(x: 50, y: 50, state: 1)], originX: .zero, originY: .zero)
            let grid = try #require(Grid(topology: .torus, width: 10, height: 10))
            #expect(universe.dropCells(outside: grid) == BigUInt(1), "\(universe.anyRule)")
            #expect(universe.population == BigUInt(5))
        }
    }
}
