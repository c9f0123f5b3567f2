import Testing
@testable import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// The multi-state Hashlife engine against the naive reference stepper, on random soups of
/// Generations, History and Super rules: generation by generation, by powers of two and by
/// arbitrary counts.
@Suite struct MultiStateUniverseTests {
    static let rules = [
        "345/2/4", "/2/3", "23/3/3", "B2n3/S23-q/5", "2/2/3H", "1/1/4V", "235678/3456/9", "3458/37/4", "012345678/3/24",
        "LifeHistory", "B36/S23History", "B2n3/S23-qHistory", "LifeHHistory",
        "LifeSuper", "B36/S23Super", "B3-kq4j/S2-i34qSuper", "LifeVSuper",
    ]

    /// A soup of `width`×`height` cells at (`left`, `top`): each cell non-empty with
    /// probability 1/2, in a state drawn from 1 ..< stateCount (History and Super: mostly the
    /// live states 1 and 3, with every other state now and then).
    static func soup(_ rule: MultiStateRule, width: Int, height: Int, left: Int = -7, top: Int = -5, seed: UInt64) -> MultiStatePattern {
        var random = SplitMix64(seed: seed)
        var cells: [MultiStateCell] = []
        for y in 0..<height {
            for x in 0..<width where random.next() & 1 == 0 {
                let draw = random.next()
                var state = UInt8(1 + Int(draw >> 8) % (rule.stateCount - 1))
                if rule.family != .generations && draw & 3 != 0 { state = draw & 4 == 0 ? 1 : 3 }
                cells.append(MultiStateCell(x: left + x, y: top + y, state: state))
            }
        }
        return MultiStatePattern(rule: rule, cells: cells)
    }

    static func cells(_ universe: MultiStateUniverse) -> [MultiStateCell] { universe.statePattern.cells }

    @Test(arguments: rules)
    func everyGenerationMatchesTheReference(_ text: String) throws {
        let rule = try MultiStateRule(text)
        let start = Self.soup(rule, width: 24, height: 20, seed: UInt64(text.utf8.count) * 7919)
        var reference = MultiStateReference(start)
        let universe = MultiStateUniverse(pattern: start)
        for g in 0...100 {
            #expect(Self.cells(universe) == reference.cells, "\(text) at generation \(g)")
            #expect(universe.population == BigUInt(reference.population))
            #expect(universe.generation == BigUInt(g))
            if Self.cells(universe) != reference.cells { break }
            universe.step()
            reference.step()
        }
        #expect(universe.invariantViolations.isEmpty)
    }

    @Test(arguments: rules)
    func powerOfTwoAndArbitraryJumpsMatchTheReference(_ text: String) throws {
        let rule = try MultiStateRule(text)
        let start = Self.soup(rule, width: 20, height: 20, seed: UInt64(text.utf8.count) * 104_729 + 1)
        var reference = MultiStateReference(start)
        let universe = MultiStateUniverse(pattern: start)
        for jump in [1, 2, 4, 8, 3, 16, 5, 32, 13, 64, 27, 128, 100] {
            if jump & (jump - 1) == 0 {
                universe.step(byPowerOfTwo: jump.trailingZeroBitCount)
            } else {
                universe.step(by: BigUInt(jump))
            }
            for _ in 0..<jump { reference.step() }
            #expect(Self.cells(universe) == reference.cells, "\(text) at generation \(reference.generation)")
            #expect(universe.generation == BigUInt(reference.generation))
        }
    }
}

/// Cells, queries, grids, huge jumps and the memory limit of `MultiStateUniverse`.
@Suite struct MultiStateUniverseAPITests {
    @Test func cellsAreSetReadAndCountedAtAnyCoordinates() throws {
        let universe = MultiStateUniverse(rule: try MultiStateRule("345/2/6"))
        let far = BigInt(decimal: "1000000000000000000000000000000")!
        universe.setState(5, atX: far, y: -far)
        universe.setState(1, atX: 3, y: -2)
        universe.setState(2, atX: -far, y: far + BigInt(7))
        universe.setState(3, atX: 4, y: -2)
        universe.setState(0, atX: 4, y: -2)
        #expect(universe.state(atX: far, y: -far) == 5)
        #expect(universe.state(atX: 3, y: -2) == 1)
        #expect(universe.state(atX: 4, y: -2) == 0)
        #expect(universe.state(atX: -far, y: far + BigInt(7)) == 2)
        #expect(universe.state(atX: far + BigInt(1), y: -far) == 0)
        #expect(universe.population == BigUInt(3))
        #expect(universe.rootLevel > 100)
        #expect(universe.boundingBox == CellRect(x: -far, y: -far, width: (far + far + BigInt(1)).magnitude,
                                                 height: (far + far + BigInt(8)).magnitude))
        var seen: [String] = []
        universe.forEachCell { x, y, state in seen.append("\(x),\(y):\(state)") }
        #expect(Set(seen) == ["\(far),\(-far):5", "3,-2:1", "\(-far),\(far + BigInt(7)):2"])
        let near = universe.cells(in: CellRect(x: 0, y: -4, width: 8, height: 8))
        #expect(near.count == 1 && near[0] == (3, 2, 1))
        universe.clear()
        #expect(universe.isEmpty && universe.population == .zero && universe.boundingBox == nil)
    }

    @Test func loadedCellsComeBackAsTheSamePattern() throws {
        let rule = try MultiStateRule("LifeSuper")
        let pattern = MultiStateUniverseTests.soup(rule, width: 37, height: 29, left: -1000, top: 12_345, seed: 5)
        let universe = MultiStateUniverse(pattern: pattern)
        #expect(universe.statePattern == MultiStatePattern(rule: rule, cells: pattern.cells.sorted()))
        #expect(universe.population == BigUInt(pattern.population))
        let box = pattern.bounds!
        #expect(universe.boundingBox == CellRect(x: box.left, y: box.top, width: box.width, height: box.height))
    }

    @Test func zoomedOutBlocksShowTheirHighestState() throws {
        let universe = MultiStateUniverse(rule: try MultiStateRule("LifeHistory"))
        let cells: [(x: Int, y: Int, state: UInt8)] = [(0, 0, 1), (1, 1, 4), (9, 0, 2), (15, 15, 6), (-1, -1, 3)]
        universe.load(cells: cells)
        // Blocks of 8×8 from (-8, -8): two by three.
        #expect(universe.blockStates(blockX: -1, blockY: -1, columns: 3, rows: 2, blockLevel: 3) == [3, 0, 0, 0, 4, 2])
        #expect(universe.blockStates(blockX: 1, blockY: 1, columns: 1, rows: 1, blockLevel: 3) == [6])
        #expect(universe.blockStates(blockX: 0, blockY: 0, columns: 2, rows: 2, blockLevel: 0) == [1, 0, 0, 4])
        #expect(universe.blockStates(blockX: 0, blockY: 0, columns: 1, rows: 1, blockLevel: 1) == [4])
        #expect(universe.blockStates(blockX: -1, blockY: -1, columns: 1, rows: 1, blockLevel: 5) == [3])
        #expect(universe.blockStates(blockX: 0, blockY: 0, columns: 1, rows: 1, blockLevel: 5) == [6])
    }

    @Test func aHugeJumpIsExact() throws {
        // A LifeHistory blinker: its states repeat with period 2 from generation 1 on.
        let rule = try MultiStateRule("LifeHistory")
        let blinker = MultiStatePattern(rule: rule, cells: (0..<3).map { MultiStateCell(x: $0, y: 0, state: 1) })
        let two = MultiStateUniverse(pattern: blinker)
        two.step(by: 2)
        let huge = MultiStateUniverse(pattern: blinker)
        let count = BigUInt.powerOfTwo(100) + BigUInt(2)
        huge.step(by: count)
        #expect(huge.generation == count)
        #expect(huge.statePattern.cells == two.statePattern.cells)
        #expect(huge.population == BigUInt(5))
    }

    @Test(arguments: ["/2/3:T20,16", "LifeHistory:P20,16", "B36/S23Super:T17,19", "2/2/4:P9,30"])
    func boundedGridsMatchTheReference(_ text: String) throws {
        let rule = try MultiStateRule(text)
        let grid = rule.grid!
        let start = MultiStateUniverseTests.soup(rule, width: grid.width - 2, height: grid.height - 2, left: grid.left + 1,
                                                 top: grid.top + 1, seed: 99)
        var reference = MultiStateReference(start)
        let universe = MultiStateUniverse(pattern: start)
        for count in [1, 1, 2, 7, 40, 13] {
            universe.step(by: BigUInt(count))
            for _ in 0..<count { reference.step() }
            #expect(universe.statePattern.cells == reference.cells, "\(text) at generation \(reference.generation)")
            #expect(universe.generation == BigUInt(reference.generation))
        }
    }

    /// A tube or strip (one side unbounded) against the reference on the same grid made finite
    /// along that side, wide enough that nothing reaches its far edges in the generations run
    /// (a cell a generation at most): several turns of the window (`stripTurn`), jumps of 1 to
    /// 200 generations.
    @Test(arguments: ["/2/3:T0,16", "345/2/4:T20,0", "LifeHistory:P0,16", "/2/3:P18,0"])
    func tubesAndStripsMatchTheReference(_ text: String) throws {
        let rule = try MultiStateRule(text)
        let grid = rule.grid!
        let unboundedX = grid.width == 0
        let (soupWidth, soupHeight) = unboundedX ? (20, grid.height - 2) : (grid.width - 2, 20)
        let start = MultiStateUniverseTests.soup(rule, width: soupWidth, height: soupHeight,
                                                 left: unboundedX ? -10 : grid.left + 1, top: unboundedX ? grid.top + 1 : -10, seed: 98)
        let counts = [1, 2, 61, 64, 65, 200, 7]
        let span = 2 * counts.reduce(0, +) + 40
        let finite = try #require(Grid(topology: grid.topology, width: unboundedX ? span : grid.width, height: unboundedX ? grid.height : span))
        var reference = MultiStateReference(MultiStatePattern(rule: rule.with(grid: finite), cells: start.cells))
        let universe = MultiStateUniverse(pattern: start)
        for count in counts {
            universe.step(by: BigUInt(count))
            for _ in 0..<count { reference.step() }
            #expect(universe.statePattern.cells == reference.cells, "\(text) at generation \(reference.generation)")
            #expect(universe.generation == BigUInt(reference.generation))
        }
        #expect(reference.population > 0, "\(text): the soup died out, and the test with it")
    }

    @Test func aTinyMemoryLimitGivesExactResults() throws {
        // Brian's Brain from a soup: an explosion whose tree outgrows a 1 MiB store.
        let rule = try MultiStateRule("/2/3")
        let start = MultiStateUniverseTests.soup(rule, width: 128, height: 128, seed: 2024)
        var reference = MultiStateReference(start)
        let universe = MultiStateUniverse(pattern: start, memoryLimit: MemoryLimit.minimumBytes)
        for count in [100, 64, 130, 1] {
            universe.step(by: BigUInt(count))
            for _ in 0..<count { reference.step() }
            #expect(universe.statePattern.cells == reference.cells, "generation \(reference.generation)")
        }
        #expect(universe.statistics.collections > 0)
        #expect(universe.statistics.evictions > 0)
        #expect(universe.invariantViolations.isEmpty)
        // The same run with room to spare keeps more nodes than the tiny limit holds.
        let roomy = MultiStateUniverse(pattern: start)
        roomy.step(by: 295)
        #expect(roomy.statePattern == universe.statePattern)
        #expect(roomy.statistics.nodes > universe.statistics.nodes)
        #expect(roomy.statistics.collections == 0)
    }
}
