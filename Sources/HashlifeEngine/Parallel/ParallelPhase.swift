// What the threads of one multi-threaded step share beside the arena.

import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What the threads of one multi-threaded step share beside the arena: the free list and the
/// arena's high-water mark (ids are handed out from them in chunks), the bound that makes a view
/// pause, the stop flag, and the index with what its growth within the phase needs.
///
/// A class, not a non-copyable owner: every worker's view of the phase references it, on every
/// thread, and it lives until the last of them lets go. Its growth word and its sleeping place
/// are non-copyable owners, freed with it.
final class ParallelPhase: @unchecked Sendable {
    private let count: Atomic<Int>
    private let free: Mutex<(head: NodeID, count: Int)>
    private let stopping = Atomic<Bool>(false)
    private let upkeep = Atomic<Int>(0)
    private let forks = Atomic<Int>(0)
    private let handedOut = Atomic<Int>(0)
    private let startTick: UInt32, startInserts: Int, insertsPerTick: Int
    private let windowStart = Atomic<UInt64>(MonotonicClock.nanoseconds())
    /// When the first window of forks ended (0 until then): the phase's fork rate is judged
    /// from there (`countFork`).
    private let judgedSince = Atomic<UInt64>(0)
    /// The universe's arena, shared: the phase hands out its ids and grows its index.
    var arena: TwoStateArena
    /// The high-water mark never passes this: a view that finds no more ids below it pauses so
    /// the store can collect.
    let softBound: Int
    /// A chunk of ids that reaches past this high-water mark asks for the index to grow
    /// (Int.max: it cannot); see ParallelPhase+Index.swift.
    var indexBound: Int

    /// The index's largest planned size. The arena's index, as the phase's last growth left it,
    /// is written only while no worker runs the recursion (ParallelPhase+Index.swift), and read
    /// by views as they start again.
    let plannedBuckets: Int
    /// Threads that clear and relink a grown index.
    let threads: Int
    /// How many times the index grew during the phase.
    var indexGrowths = 0
    /// Workers running the recursion, and where the index's growth is
    /// (`ParallelPhase.noGrowth`, `growthWanted`, `growing`).
    let active = Atomic<Int>(0)
    var growth: UnsafeMutablePointer<Atomic<Int>> { @inline(__always) get { growthWord.pointer } }
    private let growthWord = AtomicCell(ParallelPhase.noGrowth)
    /// Where workers sleep while the index grows.
    private let waiting = SleepingPlace()
    var waitLock: UnsafeMutablePointer<pthread_mutex_t> { @inline(__always) get { waiting.mutex } }
    var waitCondition: UnsafeMutablePointer<pthread_cond_t> { @inline(__always) get { waiting.condition } }

    /// The phase stops when its forks come faster than one every so many nanoseconds
    /// (`countFork`; 0: never).
    let narrowForkNanoseconds: UInt64

    /// A phase over `arena`, which hands its free list and index to the phase until `end`, with
    /// the recency clock `clock` and an index planned up to `plannedBuckets`; `threads` workers
    /// run it.
    init(arena: TwoStateArena, clock: RecencyClock, plannedBuckets: Int, softBound: Int, threads: Int, narrowForkNanoseconds: UInt64) {
        self.narrowForkNanoseconds = narrowForkNanoseconds
        count = Atomic(arena.count)
        free = Mutex((arena.freeHead, arena.freeCount))
        self.arena = arena
        self.softBound = softBound
        self.plannedBuckets = plannedBuckets
        self.threads = threads
        indexBound = ParallelPhase.indexBound(buckets: arena.bucketCount, planned: plannedBuckets)
        (startTick, startInserts, insertsPerTick) = (clock.tick, clock.insertsThisTick, clock.insertsPerTick)
    }

    /// The recency tick once `n` more ids have been handed out: the clock advances during a
    /// phase as it does on one thread (one tick every `insertsPerTick` nodes), so that a
    /// collection after the phase can tell its late work, which is what an unfinished step
    /// needs again, from its early work.
    func tick(afterHanding n: Int) -> UInt32 {
        let handed = handedOut.add(n, ordering: .relaxed).newValue
        return RecencyClock.advanced(startTick, startInserts, by: handed, perTick: insertsPerTick).0
    }

    /// Ids handed out so far (the store's clock advances by them when the phase ends).
    var idsHandedOut: Int { handedOut.load(ordering: .relaxed) }

    /// The arena's high-water mark.
    var nodeCount: Int { count.load(ordering: .relaxed) }

    /// Fills `ids` with up to `size` fresh ids: records of the free list while it lasts, else a
    /// chunk of the arena past its high-water mark (the highest first), never past
    /// `softBound`. Returns how many, and whether the view should pause (`needs` says why):
    /// with none, it finishes with its emergency ids (`IDSupply.emergencyIDs`).
    func take(_ size: Int, into ids: UnsafeMutablePointer<NodeID>) -> (taken: Int, pause: Bool) {
        let popped = pop(size, into: ids)
        if popped > 0 { return (popped, false) }
        var start = count.load(ordering: .relaxed)
        while true {
            if start + size > softBound {
                need(ParallelPhase.needsRoom)
                return (0, true)
            }
            let swap = count.compareExchange(expected: start, desired: start + size, ordering: .relaxed)
            if swap.exchanged { break }
            start = swap.original
        }
        let end = start + size
        // Fresh records read as free until published: a growth of the index in the middle of
        // the phase relinks every record below the high-water mark that is not free.
        arena.initializeFresh(start..<end)
        for k in 0..<size { ids[k] = NodeID(end - 1 - k) }
        if end > indexBound { wantGrowth() }
        return (size, false)
    }

    /// Up to `size` records of the free list (they leave it).
    func pop(_ size: Int, into ids: UnsafeMutablePointer<NodeID>) -> Int {
        let arena = self.arena
        return free.withLock { list -> Int in
            var n = 0
            while n < size && list.head != 0 {
                ids[n] = list.head
                list.head = arena.nextFree(after: list.head)
                n += 1
            }
            list.count -= n
            return n
        }
    }

    /// Gives the free list, high-water mark and index back to `arena` (after every view
    /// stopped).
    func end(into arena: inout TwoStateArena) {
        arena.count = nodeCount
        (arena.freeHead, arena.freeCount) = free.withLock { ($0.head, $0.count) }
        (arena.buckets, arena.bucketCount, arena.bucketCapacity) = (self.arena.buckets, self.arena.bucketCount, self.arena.bucketCapacity)
    }

    /// Has a worker asked every other one to stop?
    var isStopping: Bool { stopping.load(ordering: .relaxed) }
    func stop() { stopping.store(true, ordering: .relaxed) }

    /// What the phase needs before it can rerun: `needsRoom` a collection; `needsOneThread` says
    /// it should not rerun: its work is too narrow.
    var needs: Int { upkeep.load(ordering: .relaxed) }
    private func need(_ bit: Int) { upkeep.bitwiseOr(bit, ordering: .relaxed) }
    static let needsRoom = 2
    static let needsOneThread = 4

    /// Counts a fork of two tasks or more. Each `forkWindow` forks, the phase looks at how long
    /// they took, and stops (`needsOneThread`) when they came faster than one every
    /// `narrowForkNanoseconds` (see `ParallelStepper.narrowForkNanoseconds`), and so did all the
    /// forks since the first window (`isNarrow`). A phase whose forks were wide and turn narrow
    /// only at its end (the last squares of a step, mostly memoized, fork quickly) goes on:
    /// stopped there, it would throw its work away, since one thread looks the workers' squares
    /// up neither in its square memo nor as nodes and computes them again. A phase narrow from
    /// its start (the Gosper gun to 2^2000) still stops at its second window.
    func countFork() {
        guard narrowForkNanoseconds > 0 else { return }
        let forked = forks.add(1, ordering: .relaxed).newValue
        guard forked % ParallelPhase.forkWindow == 0 else { return }
        let now = MonotonicClock.nanoseconds()
        let elapsed = now &- windowStart.exchange(now, ordering: .relaxed)
        // The first window is not judged: a phase rerun after a pause forks its way down
        // through what the last one finished, quickly, before it reaches new work.
        guard forked > ParallelPhase.forkWindow else {
            judgedSince.store(now, ordering: .relaxed)
            return
        }
        if ParallelPhase.isNarrow(windowNanoseconds: elapsed, judgedForks: forked - ParallelPhase.forkWindow,
                                  judgedNanoseconds: now &- judgedSince.load(ordering: .relaxed),
                                  limit: narrowForkNanoseconds) {
            need(ParallelPhase.needsOneThread)
            stop()
        }
    }

    /// Is a phase too narrow for threads (`countFork`)? Its last `forkWindow` forks took
    /// `windowNanoseconds` and its `judgedForks` forks since the first window
    /// `judgedNanoseconds`: narrow when both came faster than one every `limit` nanoseconds.
    static func isNarrow(windowNanoseconds: UInt64, judgedForks: Int, judgedNanoseconds: UInt64, limit: UInt64) -> Bool {
        windowNanoseconds < UInt64(forkWindow) &* limit && judgedNanoseconds < UInt64(judgedForks) &* limit
    }
    static let forkWindow = 256
}
