// Threads that help one step.

#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import CPrefetch

/// A fixed set of threads that run the tasks of multi-threaded steps (WorkerView+Fork.swift).
///
/// The thread that starts a step is worker 0; the pool adds `helpers` more, parked on a
/// condition variable between steps. Each worker runs its tasks through its own view of the
/// store (`views[i]`, set for each step). A task forks: it queues sub-tasks as a `TaskBatch`
/// and, while the batch is not done, runs queued tasks itself (the newest first: its own,
/// mostly), so no worker ever blocks while there is work and nested forks cannot deadlock.
/// Idle helpers take the oldest task (the biggest). Owned by one universe, stopped by its
/// deinit.
///
/// A class, not a non-copyable owner: every helper thread holds it (its loop runs on it) and
/// the views of each step reference it, so it lives as long as its last holder. Its sleeping
/// place and its count of hungry workers are non-copyable owners, freed with it.
final class WorkerPool: @unchecked Sendable {
    /// Threads besides the caller's.
    let helpers: Int
    /// Where idle workers sleep; `lock` guards the queue.
    private let sleeping = SleepingPlace()
    private var lock: UnsafeMutablePointer<pthread_mutex_t> { @inline(__always) get { sleeping.mutex } }
    private var wake: UnsafeMutablePointer<pthread_cond_t> { @inline(__always) get { sleeping.condition } }
    /// Guarded by `lock`.
    private var queue: [PoolTask] = []
    /// Queued tasks not taken yet (changed under `lock`), for spinning workers to watch.
    private let pending = Atomic<Int>(0)
    /// Workers with nothing queued to take (spinning or asleep; helpers between steps too): an
    /// atomic counter outside the object, which a phase's views watch without retaining the
    /// pool (`WorkerView.isHungry`).
    var hungry: UnsafeMutablePointer<Atomic<Int>> { @inline(__always) get { hungryCount.pointer } }
    private let hungryCount = AtomicCell(0)
    private var queueStart = 0
    private var stopping = false
    /// Each worker's view of the store for the current step (set by `run`).
    private var views: UnsafeMutablePointer<WorkerView>?
    private var threads: [pthread_t] = []

    /// A pool of `helpers` threads, each with a stack for a recursion `levels` deep.
    init(helpers: Int, stackBytes: Int) {
        self.helpers = helpers
        for index in 1...max(helpers, 1) where helpers > 0 {
            threads.append(Threads.start(stackBytes: stackBytes) { [self] in helperLoop(index: index) })
        }
    }

    /// Stops the threads and waits for them.
    func stop() {
        pthread_mutex_lock(lock)
        stopping = true
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(lock)
        for thread in threads { pthread_join(thread, nil) }
        threads = []
    }

    /// Runs `body` on the calling thread as worker 0 with `views` (one per worker) set for the
    /// helpers; when it returns, every task it queued has finished.
    func run<R>(views: UnsafeMutablePointer<WorkerView>, _ body: (inout WorkerView) -> R) -> R {
        pthread_mutex_lock(lock)
        self.views = views
        pthread_mutex_unlock(lock)
        views[0].phase.enter(&views[0])
        let result = body(&views[0])
        views[0].phase.leave()
        pthread_mutex_lock(lock)
        self.views = nil
        pthread_mutex_unlock(lock)
        return result
    }

    private func helperLoop(index: Int) {
        pthread_mutex_lock(lock)
        while !stopping {
            if queueStart < queue.count, let views {
                let task = queue[queueStart]
                queueStart += 1
                pending.subtract(1, ordering: .relaxed)
                compactQueue()
                pthread_mutex_unlock(lock)
                task.run(on: &views[index], pool: self)
                pthread_mutex_lock(lock)
            } else if views != nil && spinUntilQueued(orDone: nil) {
                continue
            } else {
                hungry.pointee.add(1, ordering: .relaxed)
                pthread_cond_wait(wake, lock)
                hungry.pointee.subtract(1, ordering: .relaxed)
            }
        }
        pthread_mutex_unlock(lock)
    }

    /// Queues `count` tasks, `task(0)` … `task(count - 1)`, then runs queued tasks with `view`
    /// until `batch` is done. (The tasks are plain values: a fork allocates only its batch.)
    ///
    /// While it waits it does not count as running the recursion (`ParallelPhase.enter`), so
    /// the index can grow meanwhile; it counts again when it returns (and each task it runs
    /// counts while it runs: `PoolTask.run`).
    func fork(count: Int, batch: TaskBatch, view: inout WorkerView, _ task: (Int) -> PoolTask) {
        pthread_mutex_lock(lock)
        for k in 0..<count { queue.append(task(k)) }
        pending.add(count, ordering: .relaxed)
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(lock)
        view.phase.leave()
        pthread_mutex_lock(lock)
        while !batch.isDone {
            if queueStart < queue.count {
                let task = queue.removeLast()
                pending.subtract(1, ordering: .relaxed)
                compactQueue()
                pthread_mutex_unlock(lock)
                task.run(on: &view, pool: self)
                pthread_mutex_lock(lock)
            } else if spinUntilQueued(orDone: batch) {
                continue
            } else {
                hungry.pointee.add(1, ordering: .relaxed)
                pthread_cond_wait(wake, lock)
                hungry.pointee.subtract(1, ordering: .relaxed)
            }
        }
        pthread_mutex_unlock(lock)
        view.phase.enter(&view)
    }

    /// With `lock` held and nothing queued: releases the lock and spins a moment (waking a
    /// sleeping thread costs tens of microseconds, and in a step with thousands of forks the
    /// next task or the batch's end is usually that close) until a task is queued or `batch`
    /// is done, then takes the lock again. True when one of them happened, false when the
    /// spin ran out and the caller should sleep.
    private func spinUntilQueued(orDone batch: TaskBatch?) -> Bool {
        pthread_mutex_unlock(lock)
        hungry.pointee.add(1, ordering: .relaxed)
        var spins = 0
        while spins < WorkerPool.spins && pending.load(ordering: .relaxed) == 0 && batch?.isDone != true {
            hashlife_spin_pause()
            spins += 1
        }
        hungry.pointee.subtract(1, ordering: .relaxed)
        pthread_mutex_lock(lock)
        // Looked at again under the lock: a batch finished, a task queued or a stop asked for
        // between the last spin and the lock has broadcast already, and a wait now would
        // never wake.
        return spins < WorkerPool.spins || queueStart < queue.count || batch?.isDone == true || stopping
    }

    /// How long an idle worker spins before it sleeps, in pauses: from a few microseconds to
    /// about 50 (a pause takes 10 to 140 cycles, by processor).
    static let spins = 1024

    /// Called by a task's last act: wakes the worker waiting for `batch`.
    func finished(_ batch: TaskBatch) {
        if batch.finishOne() {
            pthread_mutex_lock(lock)
            pthread_cond_broadcast(wake)
            pthread_mutex_unlock(lock)
        }
    }

    /// Drops the taken front of the queue once the queue is empty (guarded by `lock`).
    private func compactQueue() {
        if queueStart == queue.count {
            queue.removeAll(keepingCapacity: true)
            queueStart = 0
        }
    }
}

/// One queued piece of a step, run with the view of the worker that takes it
/// (`run(on:pool:)`): the successor of `square` (of `level`, for `step`), forked `depth` more
/// levels down, whose result goes to `batch.results[index]`.
struct PoolTask {
    let batch: TaskBatch
    let index: Int
    let square: NodeID
    let level: Int
    let step: Int
    let depth: Int
}

/// Up to nine results of tasks forked together, and whether they are all in.
final class TaskBatch: @unchecked Sendable {
    private let remaining: Atomic<Int>
    let results: UnsafeMutablePointer<NodeID>
    /// The first interruption a task of the batch met (written before its `finishOne`).
    private let failureCode = Atomic<Int>(0)
    private(set) var failure: StepInterruption?

    init(count: Int) {
        remaining = Atomic(count)
        results = .allocate(capacity: max(count, 1))
    }

    deinit { results.deallocate() }

    var isDone: Bool { remaining.load(ordering: .acquiring) == 0 }

    /// Counts one task done; true for the last.
    func finishOne() -> Bool { remaining.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 }

    /// Records `error` unless another task's came first.
    func fail(_ error: StepInterruption) {
        if failureCode.compareExchange(expected: 0, desired: 1, ordering: .relaxed).exchanged { failure = error }
    }
}
