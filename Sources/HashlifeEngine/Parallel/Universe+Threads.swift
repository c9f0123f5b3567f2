// How many threads one step may use.

#if canImport(Glibc)
import Glibc
#endif

extension Universe {
    /// Threads a step may run on (≥ 1; 1 is the single-threaded engine). Results are identical
    /// for every value: nodes are canonical, so the same cells come out whichever thread
    /// computed them first.
    public var threads: Int {
        get { threadCount }
        set {
            precondition(newValue >= 1, "a step needs at least one thread")
            threadCount = min(newValue, Universe.maximumThreads)
            store.plan.headroom = threadCount > 1 ? Universe.margin(workers: threadCount) : 0
        }
    }

    /// The most threads a step will use, whatever is asked.
    public static let maximumThreads = 256

    /// The processors this process may run on (at least 1), which help texts and the REPL's
    /// `threads` answer show beside the count in use.
    public static var availableProcessors: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}

extension Universe {
    /// The deepest root a step forks at: helpers' stacks are made for recursions this deep.
    /// Deeper trees step on one thread (their tops are mostly empty anyway).
    static let parallelLevelLimit = 2048

    /// The successor of `padded` computed by `threads` workers (NodeStore+Fork.swift), or nil
    /// when the step should run on one thread: one thread asked for, a step too small or too
    /// deep for the shared memo (every tag must fit a record), or a store that needs a
    /// collection first (the single-threaded step collects, with its pins). A phase that runs
    /// out of room is rerun after a collection (`collectBetweenPhases`); what it memoized
    /// stays. The index grows within a phase (ParallelPhase+Index.swift).
    func parallelSuccessor(ofPadded padded: NodeID, level rootLevel: Int, step: Int,
                           control: StepControl?) throws(StepInterruption) -> NodeID? {
        guard threadCount > 1, parallelEligible(level: rootLevel, step: step) else { return nil }
        let pool = workerPool()
        let workers = pool.helpers + 1
        while true {
            let margin = Universe.margin(workers: workers)
            let softBound = min(store.arena.capacity, store.plan.nodeCapacity - MemoryPlan.reserve) - margin
            // The index grows where one thread would grow it, before a phase and within one,
            // to the sizes of `ParallelPhase.grownIndex` (ParallelPhase+Index.swift).
            while store.arena.count > ParallelPhase.indexBound(buckets: store.arena.bucketCount, planned: store.plan.plannedBuckets) {
                let grown = ParallelPhase.grownIndex(from: store.arena.bucketCount, planned: store.plan.plannedBuckets)
                store.arena.growIndex(to: grown, threads: workers)
            }
            // A store at its limit collects first, with one thread (and its pins).
            if store.arena.freeCount < margin && store.arena.count >= softBound { return nil }
            let views = UnsafeMutablePointer<NodeStore>.allocate(capacity: workers)
            var ready = true
            for i in 0..<workers {
                (views + i).initialize(to: NodeStore(viewOf: store))
                ready = ready && store.giveEmergencyIDs(to: &views[i])
            }
            let phase = ParallelPhase(arena: store.arena, clock: store.collector.clock, plannedBuckets: store.plan.plannedBuckets,
                                      softBound: softBound, threads: workers, narrowForkNanoseconds: narrowForkNanoseconds)
            for i in 0..<workers {
                (views[i].phase, views[i].pool, views[i].hungry, views[i].indexGrowth) = (phase, pool, pool.hungry, phase.growth)
            }
            guard ready else {
                for i in 0..<workers { store.absorb(&views[i]) }
                views.deinitialize(count: workers)
                views.deallocate()
                return nil
            }
            let depth = Universe.forkDepth(workers: workers)
            let outcome = NodeStore.withStack(forLevels: rootLevel) { () -> Result<NodeID, StepInterruption> in
                pool.run(views: views) { view in
                    do throws(StepInterruption) {
                        return .success(try view.forkedSuccessor(padded, level: rootLevel, step: step, depth: depth, pool: pool))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            parallelPhases.run += 1
            parallelPhases.indexGrowths += phase.indexGrowths
            phase.end(into: &store.arena)
            store.collector.workersStamped = true
            for i in 0..<workers { store.absorb(&views[i]) }
            views.deinitialize(count: workers)
            views.deallocate()
            store.collector.clock.count(phase.idsHandedOut)
            switch outcome {
            case let .success(result):
                return result
            case .failure(.paused):
                if control?.isCancelled == true { throw .cancelled }
                // Out of room: collect here, where no recursion holds an id (the step's root
                // is pinned), keeping what the stopped step memoized on its way down and the
                // phase's late work (the clock ran during the phase), and rerun. The
                // single-threaded step takes over when that fails or thrashes.
                if phase.needs & ParallelPhase.needsRoom != 0 {
                    parallelPhases.outOfRoom += 1
                    if !collectBetweenPhases(.init(root: padded, level: rootLevel, step: step)) { return nil }
                    continue
                }
                // Too narrow for threads: one thread finishes the step.
                if phase.needs & ParallelPhase.needsOneThread != 0 {
                    parallelPhases.narrow += 1
                    return nil
                }
            case let .failure(error):
                throw error
            }
        }
    }

    /// Collects between two phases of a step that ran out of room; false when the step should
    /// go on on one thread instead: the collection counts against the step's allowance (a
    /// thrashing step is split by the single-threaded path), and it must leave room for a
    /// phase worth forking (a quarter of the limit), else the step finishes on one thread,
    /// which collects with its recursion pinned.
    func collectBetweenPhases(_ unfinished: UnfinishedStep) -> Bool {
        guard store.collector.collectionsThisStep < store.collector.collectionsAllowed,
              store.collect(unfinished: unfinished, threads: threadCount) == nil else { return false }
        store.collector.collectionsThisStep += 1
        parallelPhases.collectedBetween += 1
        return store.arena.freeCount >= store.plan.nodeCapacity / 4
    }

    /// Can a step of `step` (-1: one generation from an odd one) from a root of `level` fork?
    /// Not when it is too small, too deep for the workers' stacks, or has tags too deep for a
    /// record (the shared memo keeps no side table).
    func parallelEligible(level rootLevel: Int, step: Int) -> Bool {
        step >= 0 && rootLevel - 2 - step < NodeRecord.tagLimit
            && rootLevel > NodeStore.smallestForkLevel + 1 && rootLevel <= Universe.parallelLevelLimit
    }

    /// How long a step with several threads runs on one before it forks
    /// (`successor(ofPadded:)`), and the memo misses it makes at least: smaller steps are not
    /// worth forking (the Gosper gun to 10^100 took 3× as long when every one of its 170 steps
    /// forked). A count of misses alone misjudges: a soup's misses (64×64 squares stepped
    /// directly) cost five times a Golly demo's, and 2^18 of them, the earlier budget, were
    /// 0.7 s of the 2048² soup's 2 s on one thread.
    static let serialNanoseconds: UInt64 = 30_000_000
    static let serialMissBudget: UInt64 = 1 << 12
    /// The wait before a step forks again after its phases handed it back doubles at most this
    /// many times (30 ms << 16: half an hour).
    static let maximumHandBackDoublings = 16

    /// When a step whose phases handed it back `handBacks` (≥ 1) times to one thread forks
    /// again (`successor(ofPadded:)`): `serialNanoseconds` × 2^`handBacks` from now, so that
    /// a step whose work is narrow spends a shrinking share of its time on phases.
    func timeToForkAgain(afterHandBacks handBacks: Int) -> UInt64 {
        NodeStore.monotonicNanoseconds() &+ serialNanoseconds &<< min(handBacks, Universe.maximumHandBackDoublings)
    }

    /// A phase whose forks (of two tasks or more) come faster than one every this many
    /// nanoseconds stops, and one thread finishes the step (`ParallelPhase.countFork`): its
    /// tasks are too small to pay for forking them and for the shared store. The Gosper gun to
    /// 2^2000 forked every 2 µs (a few squares, mostly memoized, at each of its 2,000 levels)
    /// and took 173 ms with two threads against 100 ms with one; the Golly demos and soups to
    /// their benchmark generations fork every 0.1 to 1.5 ms.
    static let narrowForkNanoseconds: UInt64 = 20_000

    /// Ids kept for the workers' emergency ids (see `NodeStore.parallelHeadroom`).
    static func margin(workers: Int) -> Int { workers * NodeStore.emergencyIDs }

    /// How many levels of the recursion fork: enough for a few tasks a worker at the bottom
    /// (each fork with work makes two to nine).
    static func forkDepth(workers: Int) -> Int {
        2 + (Int.bitWidth - (workers - 1).leadingZeroBitCount)
    }

    /// The universe's pool, with `threads` - 1 helpers (made or remade as needed).
    func workerPool() -> WorkerPool {
        if let pool, pool.helpers == threadCount - 1 { return pool }
        pool?.stop()
        let made = WorkerPool(helpers: threadCount - 1,
                              stackBytes: (Universe.parallelLevelLimit + 16) * NodeStore.stackBytesPerLevel)
        pool = made
        return made
    }
}

extension NodeStore {
    /// A monotonic clock, in nanoseconds.
    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }
}
