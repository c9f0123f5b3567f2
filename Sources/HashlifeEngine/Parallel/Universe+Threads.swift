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
            store.parallelHeadroom = threadCount > 1 ? Universe.margin(workers: threadCount) : 0
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
    /// collection first (the single-threaded step collects, with its pins). A phase that
    /// pauses because the index must grow is rerun after growing it, one that runs out of room
    /// after a collection (`collectBetweenPhases`); what it memoized stays.
    func parallelSuccessor(ofPadded padded: NodeID, level rootLevel: Int, step: Int,
                           control: StepControl?) throws(StepInterruption) -> NodeID? {
        guard threadCount > 1, parallelEligible(level: rootLevel, step: step) else { return nil }
        let pool = workerPool()
        let workers = pool.helpers + 1
        while true {
            let margin = Universe.margin(workers: workers)
            let softBound = min(store.capacity, store.limitCapacity - NodeStore.reserve) - margin
            // The index cannot grow during a phase: a phase pauses where it would need to
            // grow, and reruns once it has (`phaseIndex`). The other threads are idle
            // meanwhile: they share the upkeep of the grown index.
            let indexBound: Int
            switch Universe.phaseIndex(count: store.count, buckets: store.bucketCount,
                                       planned: store.plannedBuckets, margin: margin) {
            case let .grow(to: buckets):
                store.growIndex(to: buckets, threads: workers)
                continue
            case let .run(pausingPast: bound):
                indexBound = bound
            }
            // A store at its limit collects first, with one thread (and its pins).
            if store.freeCount < margin && store.count >= softBound { return nil }
            let views = UnsafeMutablePointer<NodeStore>.allocate(capacity: workers)
            var ready = true
            for i in 0..<workers {
                (views + i).initialize(to: NodeStore(viewOf: store))
                ready = ready && store.giveEmergencyIDs(to: &views[i])
            }
            let phase = ParallelPhase(store: store, softBound: softBound, indexBound: indexBound,
                                      narrowForkNanoseconds: narrowForkNanoseconds)
            for i in 0..<workers { (views[i].phase, views[i].pool, views[i].hungry) = (phase, pool, pool.hungry) }
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
            phase.end(into: &store)
            for i in 0..<workers { store.absorb(&views[i]) }
            views.deinitialize(count: workers)
            views.deallocate()
            store.countInserts(phase.idsHandedOut)
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
    func collectBetweenPhases(_ unfinished: NodeStore.UnfinishedStep) -> Bool {
        guard store.collectionsThisStep < store.collectionsAllowed, store.collect(unfinished: unfinished, threads: threadCount) == nil else { return false }
        store.collectionsThisStep += 1
        parallelPhases.collectedBetween += 1
        return store.freeCount >= store.limitCapacity / 4
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

    /// What a phase needs of the index before it starts: to grow it first (after which the
    /// phase asks again), or to run, pausing once the store's high-water mark passes a bound
    /// (the index cannot grow during a phase). `count` and `buckets` are the store's high-water
    /// mark and index size, `planned` the most buckets the memory limit allows, `margin` the
    /// workers' emergency ids.
    ///
    /// While the store is small, a phase pauses where one thread would grow the index, which
    /// then grows eightfold where one thread would double it (`phaseIndexGrowth`); once that
    /// makes `bigPhaseBuckets`, the phase pauses at two nodes a bucket. A big step
    /// (`bigPhaseNodes` nodes) gets an index for sixteen times the nodes there are (so at least
    /// 2^24 buckets) and pauses at two nodes a bucket too: each pause costs the workers their
    /// unfinished frames (and, before workers moved found records to the front of their
    /// chains, long chains cost them more than one thread).
    /// Growing it so for every phase slowed the steps that fork late and make few nodes: with
    /// two threads, metacatacryst to 2^20 took 116 ms and 84 MB, mosquito5 478 ms and 99 MB,
    /// against 109 ms and 23 MB, 304 ms and 39 MB then (one thread: 130 ms, 425 ms). Every
    /// size stops at `planned`, and the eightfold growth goes there when it would stop less
    /// than half again short of it (`NodeStore.indexGrowth`, as one thread's growth does: with
    /// 256 MB, jagged2's eightfold growth to 2^23 buckets was followed by one to the plan's 8.8
    /// million, which relinked millions of nodes for 5% more buckets; the big step's index,
    /// generous already, does not); once there, the phase runs unbounded.
    /// - Complexity: O(1).
    static func phaseIndex(count: Int, buckets: Int, planned: Int, margin: Int) -> PhaseIndex {
        guard buckets < planned else { return .run(pausingPast: .max) }
        let bigBuckets = min(16 * (count + margin), planned)
        if count >= bigPhaseNodes && buckets < bigBuckets { return .grow(to: bigBuckets) }
        if count >= bigPhaseNodes || buckets >= bigPhaseBuckets { return .run(pausingPast: 2 * buckets) }
        let growthPoint = NodeStore.indexGrowthPoint(buckets: buckets)
        guard count > growthPoint else { return .run(pausingPast: growthPoint) }
        return .grow(to: NodeStore.indexGrowth(to: buckets * phaseIndexGrowth, planned: planned))
    }

    /// What `phaseIndex` asks of a phase.
    enum PhaseIndex: Equatable {
        /// Grow the index to this many buckets first.
        case grow(to: Int)
        /// Run, pausing once the store's high-water mark passes this many records.
        case run(pausingPast: Int)
    }

    /// Nodes (about 24 MB of records) from which a phase's index is made for a big step
    /// (`phaseIndex`).
    static let bigPhaseNodes = 1 << 20

    /// An index this big (2^23 buckets, 32 MB) lets a phase run to two nodes a bucket, as a big
    /// step's does, though the step is not big yet. A phase that forked at 131,072 buckets (its
    /// first 30 ms made fewer than 164,000 nodes) paused at 163,840 and 786,432 nodes, growing
    /// the index to 2^20 and then 2^23 buckets, and when it paused a third time at 0.75 nodes a
    /// bucket (6.3 million), the big step's index made then was for 100 million buckets (0.6 s
    /// to make, 400 MB), while a phase that forked at 262,144 buckets went big at 1.6 million
    /// nodes with 25 million: the same case, two threads at the default memory, took 3.3–3.7 or
    /// 4.5–4.8 s (jagged2), 2.0 or 3.1 s (unlimited-novelty), by which one its first 30 ms
    /// happened to be. Making the big step's index (2^24 buckets) at that second pause instead
    /// cost the cases that end there 32 MB (broken-lines 80 → 112–144 MB).
    static let bigPhaseBuckets = 1 << 23

    /// How many times bigger the index gets when a phase of a step not yet big pauses for it
    /// (one thread doubles it while it is small). Each pause drops the workers' unfinished
    /// frames; with doubling, the 2048² soup paused three times before its big phase.
    /// Eightfold, with two threads (medians of 5 alternating with doubling): totalperiodic
    /// 880 → 780 ms, broken-lines 390 → 350 ms, hashlife-oddity2 320 → 270 ms, the 2048² soup
    /// 820 → 780 ms, jagged2 (7 runs) 4.02 → 3.79 s, others level; and often less memory, as
    /// fewer phases start past `bigPhaseNodes` (puzzle at 4,000 MB 121 → 48 MB,
    /// hashlife-oddity1 75 → 49 MB, broken-lines 82 → 57 MB), though the small steps' index is
    /// up to eight times one thread's (metacatacryst and the 512² soup: 6 MB more).
    static let phaseIndexGrowth = 8

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
    /// A monotonic clock, in nanoseconds (for `forkTime`).
    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// Advances the recency clock for `inserted` ids handed out at once (by a parallel phase,
    /// whose views stamped with the same clock as it ran: `ParallelPhase.tick`).
    mutating func countInserts(_ inserted: Int) {
        (tick, insertsThisTick) = NodeStore.clock(tick, insertsThisTick, after: inserted, perTick: insertsPerTick)
    }

    /// The recency clock (`tick`, `insertsThisTick`) after `inserted` more nodes: one tick
    /// every `perTick`, stopping at `maximumTick`.
    static func clock(_ tick: UInt32, _ insertsThisTick: Int, after inserted: Int, perTick: Int) -> (UInt32, Int) {
        let total = insertsThisTick + inserted
        return (UInt32(min(Int(tick) + total / perTick, Int(NodeStore.maximumTick))), total % perTick)
    }
}
