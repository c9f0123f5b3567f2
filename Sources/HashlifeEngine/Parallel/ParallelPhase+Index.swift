// The hash index grows in the middle of a phase.
//
// A phase's workers look nodes up without locks, so nobody may relink the chains while one of
// them walks them. Unwinding the phase to grow the index between phases would drop every
// worker's unfinished frames, and an index sized for the whole step up front would take the
// memory, and the page faults, of one far bigger than one thread's; so the workers meet
// instead. Ids are stable, so the nodes a worker's frames hold stay valid when the index grows;
// only where a key's chain starts changes, and every hint of a look-up carries the index size
// it was computed for (`SlotHint`), so a frame's hints made before a growth are recomputed
// after it. What must not happen is a worker walking a chain while another relinks it. So:
//
// - A worker counts itself `active` while it runs the recursion: from taking a task (or the
//   step's top) until it returns to the pool, and not while it waits in the pool for a task
//   or for the tasks it forked (`PoolTask.run`, `WorkerPool.run` and `WorkerPool.fork` call
//   `enter` and `leave`).
// - A chunk of ids that takes the high-water mark past `indexBound` (where one thread would
//   grow the index) sets `growth` to `growthWanted`. Each active worker looks at it at every
//   memo miss, a point where it holds no bucket and no lock, and parks there (`park`).
// - The first worker to see the wish once it has stopped being active claims the growth
//   (`growing`), waits until no worker is active (an active one parks at its next miss, and
//   one that starts a task while a growth is wanted steps back at once), grows the index
//   with `threads` threads clearing and relinking it, and wakes the others. Each worker then
//   takes the grown index into its view as it starts again (`WorkerView.adoptIndex`).
// - The index grows where one thread's would, to one thread's sizes from 2^22 buckets on and
//   in fewer steps below (`grownIndex`), so a phase ends with about the index one thread would
//   have.
//
// No worker waits for one that cannot reach a memo miss or the pool: a worker that waits for
// another's claim on a memo slot computes the node alongside after a bounded wait, and bucket
// locks are held only within one insertion. Counts are sequentially consistent: a worker that
// counts itself active and then sees no growth wanted is seen by a grower, which reads the
// count after the wish was made.

import CPrefetch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

extension ParallelPhase {
    /// `growth` values: none wanted; wanted (a chunk passed `indexBound`); a worker is
    /// growing the index.
    static let noGrowth = 0
    static let growthWanted = 1
    static let growing = 2

    /// Where a phase over an index of `buckets` (of `planned` at most) asks for it to grow: where
    /// one thread would grow it (`NodeArena.indexGrowthPoint`), or never once it is as planned.
    static func indexBound(buckets: Int, planned: Int) -> Int {
        buckets < planned ? TwoStateArena.indexGrowthPoint(buckets: buckets) : .max
    }

    /// The size a phase grows an index of `buckets` buckets to, within a plan of `planned`: the
    /// first of `indexSizes` that is at least twice the index, then twofold as one thread grows
    /// it, and straight to the plan when that is near (`NodeArena.indexGrowth`). One thread
    /// doubles a small index three times on its way to 2^21 buckets and then goes to 2^22 at
    /// 786,432 nodes; a phase goes to 2^21 (8 MB) at once, which holds a step of up to 1.5
    /// million nodes, and then takes one thread's sizes: each growth makes every worker wait
    /// while the chains are relinked and the new pages touched.
    static func grownIndex(from buckets: Int, planned: Int) -> Int {
        let grown = ParallelPhase.indexSizes.first { $0 >= 2 * buckets } ?? 2 * buckets
        return TwoStateArena.indexGrowth(to: grown, planned: planned)
    }

    /// The sizes of `grownIndex` below twofold growth.
    static let indexSizes = [1 << 18, 1 << 21, 1 << 22, 1 << 24]

    /// Asks for the index to grow (a chunk of ids passed `indexBound`).
    func wantGrowth() {
        _ = growth.pointee.compareExchange(expected: ParallelPhase.noGrowth, desired: ParallelPhase.growthWanted,
                                           ordering: .sequentiallyConsistent)
    }

    /// `view`'s worker starts running the recursion (a task, or the step's top): it waits while
    /// the index grows, then takes the index into its view.
    func enter(_ view: inout WorkerView) {
        while true {
            active.add(1, ordering: .sequentiallyConsistent)
            if growth.pointee.load(ordering: .sequentiallyConsistent) == ParallelPhase.noGrowth { break }
            leave()
            awaitGrowth()
        }
        view.adoptIndex()
    }

    /// A worker stops running the recursion (to wait for a task, or for good). When a growth is
    /// wanted, it may be the one that grows the index.
    func leave() {
        active.subtract(1, ordering: .sequentiallyConsistent)
        if growth.pointee.load(ordering: .sequentiallyConsistent) == ParallelPhase.growthWanted { growIndex() }
    }

    /// At a memo miss of `view`'s recursion, when a growth is wanted: waits for it (or makes
    /// it), then goes on with the grown index.
    func park(_ view: inout WorkerView) {
        leave()
        awaitGrowth()
        enter(&view)
    }

    /// Grows the index, unless another worker has claimed the growth or it is done: waits until
    /// no worker runs the recursion, grows it (`grownIndex`), and wakes the workers.
    /// - Complexity: O(arena), as one thread's growth.
    private func growIndex() {
        guard growth.pointee.compareExchange(expected: ParallelPhase.growthWanted, desired: ParallelPhase.growing,
                                             ordering: .sequentiallyConsistent).exchanged else { return }
        var spins = 0
        while active.load(ordering: .sequentiallyConsistent) != 0 {
            if spins < WorkerPool.spins { hashlife_spin_pause(); spins += 1 } else { sched_yield() }
        }
        let grown = ParallelPhase.grownIndex(from: arena.bucketCount, planned: plannedBuckets)
        arena.count = nodeCount
        arena.growIndex(to: grown, threads: threads)
        indexBound = ParallelPhase.indexBound(buckets: grown, planned: plannedBuckets)
        indexGrowths += 1
        pthread_mutex_lock(waitLock)
        growth.pointee.store(ParallelPhase.noGrowth, ordering: .sequentiallyConsistent)
        pthread_cond_broadcast(waitCondition)
        pthread_mutex_unlock(waitLock)
    }

    /// Returns once no growth is wanted or going on: spins a moment, then sleeps.
    private func awaitGrowth() {
        var spins = 0
        while growth.pointee.load(ordering: .sequentiallyConsistent) != ParallelPhase.noGrowth {
            if spins < WorkerPool.spins {
                hashlife_spin_pause()
                spins += 1
                continue
            }
            pthread_mutex_lock(waitLock)
            while growth.pointee.load(ordering: .sequentiallyConsistent) != ParallelPhase.noGrowth {
                pthread_cond_wait(waitCondition, waitLock)
            }
            pthread_mutex_unlock(waitLock)
        }
    }
}
