import Testing
@testable import HashlifeEngine
import HashlifeTestSupport

/// The memory limit: collections under pressure keep results exact, keep pinned states, leave the
/// store canonical with no dangling id, and report a pattern that cannot fit.
@Suite struct MemoryLimitTests {
    static let megabyte = 1 << 20

    /// A universe of `cells` under `rule` whose store is limited to `bytes`.
    static func universe(_ cells: [ReferenceCell], rule: Rule = .life, limit bytes: Int) -> Universe {
        let universe = Universe(rule: rule, memoryLimit: bytes)
        universe.load(cells: cells.lazy.map { (x: $0.x, y: $0.y) })
        return universe
    }

    @Test(arguments: [1, 2])
    func soupsUnderATightLimitMatchTheReference(megabytes: Int) throws {
        let cells = randomSoup(width: 128, height: 128, density: 0.375, seed: UInt64(40 + megabytes))
        var reference = ReferenceEngine(rule: .life, cells: cells)
        let universe = Self.universe(cells, limit: megabytes * Self.megabyte)
        for jump in [1, 1, 2, 5, 16, 64, 3, 128, 200, 1, 256] {
            universe.step(by: BigUInt(jump))
            reference.step(jump)
            #expect(universe.referenceCells == reference.cells, "\(megabytes) MB, generation \(reference.generation)")
            #expect(universe.invariantViolations().isEmpty, "\(megabytes) MB, generation \(reference.generation)")
            if universe.referenceCells != reference.cells { return }
        }
        let statistics = universe.statistics
        #expect(statistics.bytes <= statistics.limitBytes, "\(statistics.bytes) bytes touched under a limit of \(statistics.limitBytes)")
    }

    /// Bigger soups, where the naive engine would be slow: under tight limits they end exactly
    /// where an unlimited universe does (itself checked against the naive engine by
    /// DifferentialTests), with the limit biting all the way.
    @Test(arguments: [1, 2, 3])
    func bigSoupsUnderATightLimitMatchAnUnlimitedUniverse(megabytes: Int) throws {
        let cells = randomSoup(width: 320, height: 320, density: 0.375, seed: UInt64(50 + megabytes))
        let universe = Self.universe(cells, limit: megabytes * Self.megabyte)
        let unlimited = Self.universe(cells, limit: MemoryLimit.defaultBytes)
        for jump in [1, 5, 64, 3, 300, 1, 512, 1000] {
            universe.step(by: BigUInt(jump))
            unlimited.step(by: BigUInt(jump))
            #expect(universe.referenceCells == unlimited.referenceCells, "\(megabytes) MB, generation \(universe.generation)")
            #expect(universe.invariantViolations().isEmpty, "\(megabytes) MB, generation \(universe.generation)")
        }
        let statistics = universe.statistics
        #expect(statistics.collections > 0 && statistics.evictions > 0, "the limit never bit: \(statistics)")
        #expect(statistics.bytes <= statistics.limitBytes, "\(statistics.bytes) bytes touched under a limit of \(statistics.limitBytes)")
    }

    /// Collections that keep only what the roots and the recursion's pins reach through children
    /// (no memo results, no recent nodes) still give exact results: every id the recursion
    /// holds is pinned.
    @Test func collectionsKeepingOnlyRootsAndPinsStayExact() throws {
        let cells = randomSoup(width: 320, height: 320, density: 0.375, seed: 31)
        let universe = Self.universe(cells, limit: MemoryLimit.minimumBytes)
        let unlimited = Self.universe(cells, limit: MemoryLimit.defaultBytes)
        universe.store.collector.collectsToTheMinimum = true
        for jump in [1, 3, 16, 64, 128, 256, 512, 1024] {
            universe.step(by: BigUInt(jump))
            unlimited.step(by: BigUInt(jump))
            #expect(universe.referenceCells == unlimited.referenceCells, "generation \(universe.generation)")
            #expect(universe.invariantViolations().isEmpty, "generation \(universe.generation)")
            if universe.referenceCells != unlimited.referenceCells { return }
        }
        #expect(universe.statistics.collections > 1)
    }


    @Test(arguments: ["B36/S23", "B3-jknr4ity5ijk6i8/S23-a4city6c7c"])
    func otherRulesUnderTheSmallestLimitMatchAnUnlimitedUniverse(rule text: String) throws {
        let rule = try Rule(text)
        let cells = randomSoup(width: 256, height: 256, density: 0.45, seed: 77)
        let universe = Self.universe(cells, rule: rule, limit: MemoryLimit.minimumBytes)
        let unlimited = Self.universe(cells, rule: rule, limit: MemoryLimit.defaultBytes)
        for jump in [1, 7, 32, 100, 1, 64, 256, 512] {
            universe.step(by: BigUInt(jump))
            unlimited.step(by: BigUInt(jump))
            #expect(universe.referenceCells == unlimited.referenceCells, "\(text), generation \(universe.generation)")
        }
        #expect(universe.statistics.evictions > 0)
    }

    /// Steps, edits, kept states and forced collections interleaved at random; after each, the
    /// store is sound and the cells equal the reference engine's.
    @Test(arguments: [1, 2, 3, 4])
    func randomizedStress(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let cells = randomSoup(width: 48, height: 48, density: 0.4, seed: seed)
        var reference = ReferenceEngine(rule: .life, cells: cells)
        let universe = Self.universe(cells, limit: MemoryLimit.minimumBytes)
        var kept: [(state: UniverseState, cells: Set<ReferenceCell>, generation: Int)] = []
        for round in 0..<60 {
            switch random.below(6) {
            case 0, 1:
                let jump = 1 + random.below(40)
                universe.step(by: BigUInt(jump))
                reference.step(jump)
            case 2:
                let exponent = random.below(6)
                universe.step(byPowerOfTwo: exponent)
                reference.step(1 << exponent)
            case 3:
                for _ in 0..<(1 + random.below(20)) {
                    let (x, y) = (random.below(80) - 16, random.below(80) - 16)
                    let alive = random.below(2) == 0
                    universe.setCell(x: x, y: y, alive: alive)
                    reference = reference.setting(x: x, y: y, alive: alive)
                }
            case 4:
                if kept.count < 4 || random.below(2) == 0 {
                    kept.append((universe.saveState(), reference.cells, reference.generation))
                } else {
                    let (state, expected, generation) = kept.remove(at: random.below(kept.count))
                    universe.restore(state)
                    reference = ReferenceEngine(rule: .life, cells: expected, generation: generation)
                }
            default:
                universe.collect()
            }
            let problems = universe.invariantViolations()
            #expect(problems.isEmpty, "seed \(seed), round \(round): \(problems.prefix(3))")
            #expect(universe.referenceCells == reference.cells, "seed \(seed), round \(round)")
            #expect(universe.generation == BigUInt(reference.generation))
            if !problems.isEmpty || universe.referenceCells != reference.cells { return }
        }
        #expect(universe.statistics.collections > 0)
    }

    @Test func keptStatesSurviveCollections() throws {
        let cells = randomSoup(width: 200, height: 200, density: 0.375, seed: 9)
        let universe = Self.universe(cells, limit: MemoryLimit.minimumBytes)
        let start = universe.saveState()
        let startCells = universe.referenceCells
        let key = universe.cellSetKey
        universe.step(by: 1000)
        let later = universe.referenceCells
        #expect(universe.statistics.collections > 0)
        universe.restore(start)
        #expect(universe.referenceCells == startCells)
        #expect(universe.cellSetKey == key)
        universe.step(by: 1000)
        #expect(universe.referenceCells == later)
    }

    @Test func aPatternBiggerThanTheLimitIsReportedAndLeftAsItWas() throws {
        // 1024² of soup is about 22,000 distinct nodes: more than 1 MiB holds.
        let cells = randomSoup(width: 1024, height: 1024, density: 0.375, seed: 5)
        let universe = Self.universe(cells, limit: MemoryLimit.minimumBytes)
        let population = universe.population
        do {
            try universe.step(byPowerOfTwo: 3, control: nil)
            Issue.record("the step fitted in 1 MiB")
        } catch {
            guard case let .memoryExhausted(generation, needed, limit) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(generation == .zero)
            #expect(limit == MemoryLimit.minimumBytes)
            #expect(needed > limit)
            #expect("\(error)".contains("MB"))
        }
        #expect(universe.generation == .zero)
        #expect(universe.population == population)
        #expect(universe.invariantViolations().isEmpty)
        // With the limit it asked for, the same step goes through.
        universe.setMemoryLimit(64 * Self.megabyte)
        try universe.step(byPowerOfTwo: 3, control: nil)
        #expect(universe.generation == BigUInt(8))
    }

    @Test func changingTheLimitKeepsResultsExact() throws {
        let cells = randomSoup(width: 224, height: 224, density: 0.375, seed: 12)
        var reference = ReferenceEngine(rule: .life, cells: cells)
        let universe = Self.universe(cells, limit: 64 * Self.megabyte)
        universe.step(by: 1000)
        reference.step(1000)
        let before = universe.statistics
        // More nodes than the smallest limit holds, so lowering the limit must collect.
        try #require(before.nodes > MemoryPlan.plan(memoryLimit: MemoryLimit.minimumBytes).nodes)
        universe.setMemoryLimit(MemoryLimit.minimumBytes)
        #expect(universe.memoryLimit == MemoryLimit.minimumBytes)
        #expect(universe.statistics.nodes < before.nodes)
        universe.step(by: 300)
        reference.step(300)
        #expect(universe.referenceCells == reference.cells)
        universe.setMemoryLimit(32 * Self.megabyte)
        universe.step(by: 77)
        reference.step(77)
        #expect(universe.referenceCells == reference.cells)
        #expect(universe.invariantViolations().isEmpty)
    }

    /// A tree thousands of levels deep with a population of thousands of bits: counting it
    /// kept a number for every node of every level, uncounted (gigabytes at 2^65000). The
    /// digits the caches keep are counted in `cacheBytes`, the whole stays within the limit,
    /// and when the room runs out the count is still exact (it walks down instead).
    @Test(arguments: [64, 32])
    func deepPopulationsAreCountedAndStayWithinTheLimit(megabytes: Int) {
        let limit = megabytes * Self.megabyte
        let universe = Universe(rule: .life, memoryLimit: limit)
        universe.load(cells: Fixtures.referenceCells("gosper-glider-gun.rle").lazy.map { (x: $0.x, y: $0.y) })
        let generation = BigUInt.powerOfTwo(3000)
        universe.step(by: generation)
        #expect(universe.population == KnownResultsTests.gunFormula().population(at: generation))
        _ = universe.boundingBox
        let digits = universe.store.populations.big.values.reduce(0) { $0 + $1.bitWidth / 8 }
            + universe.store.populations.deep.values.reduce(0) { $0 + $1.bitWidth / 8 }
        let statistics = universe.statistics
        #expect(digits > 0)
        #expect(statistics.cacheBytes >= digits, "\(digits) bytes of digits kept, \(statistics.cacheBytes) counted")
        #expect(statistics.bytes <= statistics.limitBytes, "\(statistics.bytes) bytes touched under a limit of \(statistics.limitBytes)")
        #expect(!statistics.isOverLimit)
    }

    /// Lowering the limit below what the current pattern alone needs cannot be met: the
    /// statistics say so (and how much it needs) instead of showing bytes above the limit
    /// silently.
    @Test func aLimitBelowThePatternIsFlagged() {
        let universe = Universe(rule: .life, memoryLimit: 64 * Self.megabyte)
        universe.load(cells: Fixtures.referenceCells("gosper-glider-gun.rle").lazy.map { (x: $0.x, y: $0.y) })
        universe.step(by: .powerOfTwo(3000))
        #expect(!universe.statistics.isOverLimit)
        universe.setMemoryLimit(MemoryLimit.minimumBytes)
        let statistics = universe.statistics
        #expect(statistics.bytes > statistics.limitBytes, "the gun at 2^3000 fits in 1 MB?")
        #expect(statistics.isOverLimit)
        #expect((statistics.neededBytes ?? 0) > statistics.limitBytes)
    }

    @Test func theLimitPlanFitsItsBytes() {
        for megabytes in [1, 2, 3, 10, 100, 4096] {
            let bytes = megabytes * Self.megabyte
            let plan = MemoryPlan.plan(memoryLimit: bytes)
            let used = plan.nodes * TwoStateArena.bytesPerRecord + plan.buckets * 4 + plan.nodes / 8
            #expect(used <= bytes, "\(megabytes) MB")
            #expect(used > bytes * 3 / 4, "\(megabytes) MB plans only \(used) bytes")
            // The square memo at its largest, and the nodes it leaves with their buckets.
            let memo = MemoryPlan.largestSquareMemoBytes(memoryLimit: bytes)
            #expect(memo <= bytes / 4 && memo > bytes / 8, "\(megabytes) MB: a square memo of \(memo) bytes")
            let nodes = MemoryPlan.nodeCapacity(planned: plan.nodes, memoBytes: memo)
            #expect(nodes * TwoStateArena.bytesPerRecord + nodes * 4 + nodes / 8 + memo <= used, "\(megabytes) MB")
            #expect(nodes > plan.nodes / 2)
        }
        #expect(MemoryLimit.bytesNeeded(forNodes: 100_000) > 100_000 * TwoStateArena.bytesPerRecord)
    }
}
