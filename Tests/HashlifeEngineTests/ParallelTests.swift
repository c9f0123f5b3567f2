import Testing
@testable import HashlifeEngine
import HashlifeTestSupport

/// Multi-threaded steps (Sources/HashlifeEngine/Parallel) give exactly what one thread gives.
@Suite struct ParallelTests {
    /// A universe holding `cells` under `rule`, stepping with `threads` threads.
    func universe(_ cells: [ReferenceCell], rule: Rule, threads: Int) -> Universe {
        let u = Universe(rule: rule, referenceCells: cells)
        u.threads = threads
        u.parallel.missesBeforeForking = 0
        u.parallel.narrowForkNanoseconds = 0
        return u
    }

    @Test(arguments: ["B3/S23", "B36/S23", "B3678/S34678", "B2-a/S12"])
    func soupsMatchOneThreadAtEveryJump(rule text: String) throws {
        let rule = try Rule(text)
        let cells = randomSoup(width: 300, height: 300, density: 0.4, seed: 71)
        let one = universe(cells, rule: rule, threads: 1)
        let many = [2, 3, 8].map { universe(cells, rule: rule, threads: $0) }
        // Jumps of 2^k (full steps at the root) and counts with many bits (partial steps).
        for count in [BigUInt(1), BigUInt(7), BigUInt(64), BigUInt(1000), BigUInt.powerOfTwo(11)] {
            one.step(by: count)
            for u in many {
                u.step(by: count)
                #expect(u.population == one.population, "rule \(text), \(u.threads) threads, generation \(u.generation)")
                #expect(u.referenceCells == one.referenceCells, "rule \(text), \(u.threads) threads, generation \(u.generation)")
            }
        }
        for u in many {
            #expect(u.invariantViolations().isEmpty)
            #expect(u.parallel.phases.run > 0, "rule \(text), \(u.threads) threads: no step forked")
        }
    }

    @Test func soupsMatchTheReferenceGenerationByGeneration() {
        let cells = randomSoup(width: 600, height: 600, density: 0.35, seed: 72)
        var reference = ReferenceEngine(rule: .life, cells: cells)
        let u = universe(cells, rule: .life, threads: 4)
        for generation in 1...12 {
            u.step()
            reference.step()
            #expect(u.referenceCells == reference.cells, "generation \(generation)")
            if u.referenceCells != reference.cells { return }
        }
        #expect(u.parallel.phases.run > 0, "no step forked")
    }

    /// The shipped pattern `name` jumped 2^e for each of `exponents`, with one thread and with
    /// `threads` forking every step they can (phases found narrow after `narrowForkNanoseconds`,
    /// 0: never; a step handed back to one thread forks again after `serialNanoseconds` × 2,
    /// × 4 …); expects the same population and bounds after each jump and returns the
    /// multi-threaded universe.
    func jumpedBesideOneThread(_ name: String, exponents: [Int], threads: Int, narrowForkNanoseconds: UInt64,
                               serialNanoseconds: UInt64 = ParallelStepper.serialNanoseconds) -> Universe {
        let one = Fixtures.universe(name)
        let many = Fixtures.universe(name)
        many.threads = threads
        many.parallel.missesBeforeForking = 0
        many.parallel.narrowForkNanoseconds = narrowForkNanoseconds
        many.parallel.serialNanoseconds = serialNanoseconds
        for exponent in exponents {
            one.step(byPowerOfTwo: exponent)
            many.step(byPowerOfTwo: exponent)
            #expect(many.population == one.population, "\(name) at 2^\(exponent)")
            #expect(many.boundingBox == one.boundingBox, "\(name) at 2^\(exponent)")
        }
        return many
    }

    @Test func hugeJumpsMatchOneThread() {
        var demandForks = 0
        for name in ["gosper-glider-gun.rle", "switch-engine.rle", "acorn.rle", "r-pentomino.rle"] {
            let two = jumpedBesideOneThread(name, exponents: [10, 20, 100], threads: 4, narrowForkNanoseconds: 0)
            #expect(two.parallel.phases.run > 0, "\(name): no step forked")
            demandForks += two.parallel.phases.demandForks
        }
        // Below the fixed fork depth a worker forks a big miss when another has nothing to
        // do; jumps a hundred levels deep give them many chances.
        #expect(demandForks > 0, "no worker forked for an idle one")
    }

    @Test func aTightMemoryLimitGivesTheSameResults() throws {
        // The phases run out of room; a collection between phases makes room for the next.
        let cells = randomSoup(width: 400, height: 400, density: 0.4, seed: 73)
        let one = universe(cells, rule: .life, threads: 1)
        let two = Universe(rule: .life, memoryLimit: 3 << 20)
        for cell in cells { two.setCell(x: cell.x, y: cell.y) }
        two.threads = 2
        two.parallel.missesBeforeForking = 0
        two.parallel.narrowForkNanoseconds = 0
        for count in [BigUInt(100), BigUInt(1024), BigUInt(3000)] {
            one.step(by: count)
            try two.step(by: count, control: nil)
            #expect(two.population == one.population, "generation \(two.generation)")
            #expect(two.referenceCells == one.referenceCells, "generation \(two.generation)")
        }
        #expect(two.store.collector.collections > 0, "the limit never forced a collection")
        #expect(two.parallel.phases.outOfRoom > 0, "no phase ran out of room")
        #expect(two.parallel.phases.collectedBetween > 0, "no collection ran between two phases")
        #expect(two.invariantViolations().isEmpty)
    }

    /// A universe holding a soup and its padded root (of `level`) for a jump of 2^(level - 2),
    /// as a phase stopped half-way leaves it: of the padded root's nine squares, the centre
    /// one (the universe's root) stepped, and the top middle one made but only its two
    /// non-empty quarters stepped (the first sub-squares of its own step); and the ids whose
    /// full results matter.
    func halfSteppedRoot() throws -> (universe: Universe, padded: NodeID, level: Int, stepped: [NodeID]) {
        // Centred on the origin, so that every quarter of the root holds cells.
        let soup = randomSoup(width: 200, height: 200, density: 0.4, seed: 75).map { ReferenceCell(x: $0.x - 100, y: $0.y - 100) }
        let u = Universe(rule: .life, referenceCells: soup)
        while !u.centreHalfHoldsEverything() { u.expand() }
        let padded = u.paddedRoot(), level = u.level + 1
        let root = u.store.record(u.root), e = u.store.emptyNode(level: level - 2)
        _ = u.store.node(e, e, root.nw, root.ne)
        _ = try u.store.successor(u.root, level: level - 1, step: level - 3)
        for quarter in [root.nw, root.ne] { _ = try u.store.successor(quarter, level: level - 2, step: level - 4) }
        u.store.collector.stepRoot = padded
        u.store.collector.collectsToTheMinimum = true
        return (u, padded, level, [u.root, root.nw, root.ne])
    }

    @Test func aCollectionBetweenPhasesKeepsWhatTheStoppedStepMemoized() throws {
        // Collecting to the minimum keeps the trees of the roots and drops every memo result,
        // unless the unfinished step's walk finds it on the rerun's way down.
        func fullResults(_ u: Universe, _ ids: [NodeID]) -> [Bool] {
            ids.map { id in
                let record = u.store.record(id)
                return record.result != 0 && record.hasTag(0)
            }
        }
        let kept = try halfSteppedRoot()
        #expect(fullResults(kept.universe, kept.stepped) == [true, true, true])
        kept.universe.store.collect(unfinished: .init(root: kept.padded, level: kept.level, step: kept.level - 2))
        #expect(fullResults(kept.universe, kept.stepped) == [true, true, true])
        #expect(kept.universe.invariantViolations().isEmpty)

        let dropped = try halfSteppedRoot()
        dropped.universe.store.collect()
        #expect(fullResults(dropped.universe, dropped.stepped) == [false, false, false])
    }

    @Test func aPhaseFoundNarrowHandsItsStepToOneThread() {
        // Every phase counts as narrow after its first 256 forks (one fork a second at most
        // would do), and one thread finishes the step from what the phase memoized. The gun's
        // phases fork thousands of times at these jumps.
        let two = jumpedBesideOneThread("gosper-glider-gun.rle", exponents: [12, 100, 300], threads: 2,
                                        narrowForkNanoseconds: 1_000_000_000)
        #expect(two.parallel.phases.narrow > 0, "no phase was found narrow (\(two.parallel.phases))")
        #expect(two.invariantViolations().isEmpty)
    }

    @Test func aPhaseIsNarrowOnlyWhenItsForksWereFastAllAlong() {
        let window = UInt64(ParallelPhase.forkWindow)
        let limit: UInt64 = 20_000
        // Fast forks from the first window on: narrow.
        #expect(ParallelPhase.isNarrow(windowNanoseconds: window * 1_000, judgedForks: 4 * ParallelPhase.forkWindow,
                                       judgedNanoseconds: 4 * window * 1_000, limit: limit))
        // Slow forks for 160 ms, then one fast window at the phase's end: not narrow.
        #expect(!ParallelPhase.isNarrow(windowNanoseconds: window * 1_000, judgedForks: 4 * ParallelPhase.forkWindow,
                                        judgedNanoseconds: 160_000_000, limit: limit))
        // A slow window is never narrow.
        #expect(!ParallelPhase.isNarrow(windowNanoseconds: window * limit, judgedForks: ParallelPhase.forkWindow,
                                        judgedNanoseconds: window, limit: limit))
        // A long narrow stretch after wide work: narrow once the fast forks outweigh it.
        #expect(ParallelPhase.isNarrow(windowNanoseconds: window * 1_000, judgedForks: 10_000,
                                       judgedNanoseconds: 160_000_000, limit: limit))
    }

    @Test func aStepHandedBackToOneThreadForksAgain() {
        // Every phase is found narrow after its second window of 256 forks; with no wait, the
        // step forks again at its next look at the clock (every 1,024 misses). Before, the
        // first hand-back left the rest of the step to one thread: one narrow phase a step.
        let two = jumpedBesideOneThread("gosper-glider-gun.rle", exponents: [300], threads: 2,
                                        narrowForkNanoseconds: 1_000_000_000, serialNanoseconds: 0)
        #expect(two.parallel.phases.narrow >= 2, "the step did not fork again after a hand-back (\(two.parallel.phases))")
        #expect(two.invariantViolations().isEmpty)
    }

    @Test(arguments: [1, 2, 3, 8])
    func clearingAnIndexWithSeveralThreadsZeroesEveryWord(threads: Int) {
        // Big enough to be shared out (`parallelClearingBytes`), and not a multiple of the parts.
        let count = TwoStateArena.parallelClearingBytes / 4 * 3 + 5
        let words = UnsafeMutablePointer<UInt32>.allocate(capacity: count + 1)
        defer { words.deallocate() }
        words.initialize(repeating: 0xDEAD_BEEF, count: count + 1)
        TwoStateArena.clear(words, count: count, threads: threads)
        #expect(UnsafeBufferPointer(start: words, count: count).allSatisfy { $0 == 0 })
        #expect(words[count] == 0xDEAD_BEEF, "cleared past the end")
    }

    @Test func aCollectionWithSeveralThreadsFreesAndKeepsWhatOneThreadDoes() {
        // Two universes stepped alike on one thread, collected with one and with three
        // threads sharing the histogram, the marking of recent nodes, the sweep and the
        // rebuilding of the chains: the same records are freed, in the same free list, and
        // the survivors keep the same results and stamps.
        func stepped() -> Universe {
            let u = Universe(rule: .life, memoryLimit: 6 << 20)
            for cell in randomSoup(width: 256, height: 256, density: 0.4, seed: 76) { u.setCell(x: cell.x, y: cell.y) }
            u.step(by: 300)
            return u
        }
        let one = stepped(), three = stepped()
        #expect(one.store.arena.count >= TwoStateArena.parallelScanSlots, "too few nodes to share the collection")
        let before = one.store.collector.evictions
        one.store.collect(threads: 1)
        three.store.collect(threads: 3)
        #expect(one.store.collector.evictions > before, "the collection freed nothing")
        #expect(three.store.collector.evictions == one.store.collector.evictions)
        let freedByOne = (1..<one.store.arena.count).filter { one.store.arena.nodes[$0].isFree }
        let freedByThree = (1..<three.store.arena.count).filter { three.store.arena.nodes[$0].isFree }
        let differing = Set(freedByOne).symmetricDifference(freedByThree)
        #expect(differing.isEmpty, "\(differing.count) records freed by one collection and not the other, e.g. \(differing.sorted().prefix(5))")
        func freeList(_ store: borrowing NodeStore) -> [NodeID] {
            var list: [NodeID] = [], id = store.arena.freeHead
            while id != 0 && list.count <= store.arena.count {
                list.append(id)
                id = store.arena.nodes[Int(id)].next
            }
            return list
        }
        #expect(freeList(three.store) == freeList(one.store), "the free lists differ")
        #expect(three.store.arena.freeCount == one.store.arena.freeCount)
        #expect(three.store.collector.clock.tick == one.store.collector.clock.tick)
        let differentSurvivors = (1..<one.store.arena.count).filter { i in
            let a = one.store.arena.nodes[i], b = three.store.arena.nodes[i]
            return !a.isFree && (a.stamp != b.stamp || !a.isLeaf && a.result != b.result)
        }
        #expect(differentSurvivors.count == 0, "\(differentSurvivors.count) survivors differ in stamp or result, e.g. \(differentSurvivors.prefix(5))")
        // Every chain reaches each live node once, whatever order the threads pushed them in.
        #expect(three.invariantViolations().isEmpty)
        one.step(by: 100)
        three.step(by: 100)
        #expect(three.referenceCells == one.referenceCells)
    }

    @Test(arguments: [1, 2, 3])
    func growingTheIndexWithSeveralThreadsKeepsEveryNodeFindable(threads: Int) {
        let u = Universe(rule: .life, memoryLimit: 64 << 20)
        for cell in randomSoup(width: 256, height: 256, density: 0.4, seed: 77) { u.setCell(x: cell.x, y: cell.y) }
        u.step(by: 200)
        #expect(u.store.arena.count >= TwoStateArena.parallelScanSlots, "too few nodes to share the relinking")
        u.store.arena.growIndex(to: u.store.arena.bucketCount * 2 + 7, threads: threads)
        #expect(u.invariantViolations().isEmpty)
        let ids = (1..<u.store.arena.count).filter { !u.store.arena.nodes[$0].isFree }
        let lost = ids.filter { i in
            let r = u.store.arena.nodes[i]
            let found = r.isLeaf ? u.store.leaf(r.cells) : u.store.node(r.nw, r.ne, r.sw, r.se)
            return found != NodeID(i)
        }
        #expect(lost.count == 0, "\(lost.count) nodes not found after the index grew, e.g. \(lost.prefix(5))")
    }

    @Test func aCancelledParallelStepLeavesTheUniverseWhereItWas() throws {
        let u = universe(randomSoup(width: 500, height: 500, density: 0.4, seed: 74), rule: .life, threads: 3)
        let before = u.population
        let control = StepControl()
        control.cancel()
        #expect(throws: StepError.cancelled(generation: .zero)) { try u.step(byPowerOfTwo: 10, control: control) }
        #expect(u.generation == .zero)
        #expect(u.population == before)
        control.reset()
        try u.step(byPowerOfTwo: 10, control: control)
        let reference = universe(randomSoup(width: 500, height: 500, density: 0.4, seed: 74), rule: .life, threads: 1)
        reference.step(byPowerOfTwo: 10)
        #expect(u.referenceCells == reference.referenceCells)
        #expect(u.parallel.phases.run > 0, "no step forked")
    }
}
