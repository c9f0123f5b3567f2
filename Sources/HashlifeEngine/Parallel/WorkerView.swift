// A worker's view of the store during a multi-threaded step.
//
// A multi-threaded step (ParallelStepper.swift) runs the ordinary recursion on several threads
// at once, each through a `WorkerView`: a copy of the universe's arena handle (the workers share
// its records and index as NodeArena+Shared.swift says), a copy of the recursion's state whose
// counters go back to the store when the phase ends, and a supply of fresh ids. The view
// changes how nodes are made and how a miss is handled, and nothing else of the recursion:
//
// - Ids come in chunks of `IDSupply.chunkSize`: from the free list (under a lock) while it
//   lasts, then from the arena past its high-water mark (one atomic counter), up to
//   `ParallelPhase.softBound` (the limit less the views' emergency ids). A view that finds none
//   left sets `mustPause` and its next memo miss unwinds (`.paused`), using its emergency ids
//   (given at the start) until then: the universe collects at a safe point, where no recursion
//   holds an id, and reruns the step; what the phase memoized stays.
// - The recency clock runs as on one thread: a view reads the tick from the phase each time it
//   takes a chunk of ids (one tick every `insertsPerTick` ids handed out), so racing writers
//   write ticks at most a chunk apart, and a collection after the phase can tell its late work
//   from its early work.
// - A miss claims the node's memo slot, so that other workers wait for it instead of computing
//   it too (WorkerView+Successor.swift); a square another worker has claimed is stepped last
//   (WorkerView+Deferring.swift); and when a worker has nothing to do, the others fork their
//   next big miss as the top of the step forks (WorkerView+Fork.swift).
//
// Deep tags (beyond a record's six bits) and collections never happen in a phase: a step forks
// only when every tag fits, and a collection waits for the phase to end. The index grows within
// a phase while its workers wait (ParallelPhase+Index.swift).

import Synchronization

/// One worker's view of the universe's store for one phase of a multi-threaded step: the shared
/// arena, its own recursion state and ids, and the phase and pool it works for. Made and given
/// back by `ParallelStepper`.
struct WorkerView: ~Copyable {
    /// A copy of the universe's arena handle, used through its shared accessors.
    var arena: TwoStateArena
    /// The recursion's state; its counters go back to the store (`giveBack`).
    var stepping: StepState
    /// The recency clock as the phase last handed it out (`ParallelPhase.tick`).
    var clock: RecencyClock
    let phase: ParallelPhase
    let pool: WorkerPool
    /// The pool's count of workers waiting for a task and the phase's growth word, which the
    /// view looks at on every big miss through pointers (no reference to count).
    let hungry: UnsafeMutablePointer<Atomic<Int>>
    let indexGrowth: UnsafeMutablePointer<Atomic<Int>>
    /// Fresh ids for the nodes this worker makes.
    var ids: IDSupply
    /// Set when the view's chunks went past what the phase may use: the next miss unwinds.
    var mustPause = false
    /// Misses this worker forked because another had nothing to do (`isHungry`).
    var demandForks = 0

    /// A view of `store` for `phase`, run on `pool`, with `ids` (its emergency ids given).
    init(of store: borrowing NodeStore, phase: ParallelPhase, pool: WorkerPool, ids: consuming IDSupply) {
        arena = store.arena
        stepping = store.stepping
        (stepping.memoHits, stepping.memoMisses, stepping.square64Steps, stepping.square128Steps) = (0, 0, 0, 0)
        stepping.reuseMark = (0, 0)
        stepping.handOffMisses = .max
        clock = store.collector.clock
        self.phase = phase
        self.pool = pool
        hungry = pool.hungry
        indexGrowth = phase.growth
        self.ids = ids
    }

    /// Gives back to `store` what the view did: its counters, and the ids it took and did not
    /// use (they go on the free list). Call after `ParallelPhase.end`.
    mutating func giveBack(to store: inout NodeStore) {
        store.stepping.memoHits &+= stepping.memoHits
        store.stepping.memoMisses &+= stepping.memoMisses
        store.stepping.square64Steps &+= stepping.square64Steps
        store.stepping.square128Steps &+= stepping.square128Steps
        if stepping.reuseMeasured && !store.stepping.reuseMeasured {
            (store.stepping.stepsSquare64, store.stepping.reuseMeasured) = (stepping.stepsSquare64, true)
            store.stepping.reuseMark = (store.stepping.memoHits, store.stepping.memoMisses)
        }
        ids.giveBack(to: &store.arena)
    }

    /// Is a worker of this view's phase waiting for a task? (A fixed fork depth would leave one
    /// of two workers idle while the other finishes its last task; a miss at a level worth
    /// forking forks when one is.)
    @inline(__always)
    var isHungry: Bool { hungry.pointee.load(ordering: .relaxed) > 0 }

    /// Is a growth of the phase's index wanted or waiting for the workers to park? Looked at at
    /// every memo miss.
    var wantsIndexGrowth: Bool {
        @inline(__always) get { indexGrowth.pointee.load(ordering: .relaxed) != ParallelPhase.noGrowth }
    }

    /// Takes the phase's index into this view (after a growth, or as its worker starts).
    @inline(__always)
    mutating func adoptIndex() {
        (arena.buckets, arena.bucketCount, arena.bucketCapacity) = (phase.arena.buckets, phase.arena.bucketCount, phase.arena.bucketCapacity)
    }
}

/// A worker's fresh ids: `chunkNext` of a chunk taken from the phase, then `emergencyCount`
/// emergency ids (from index `chunkSize` of the same buffer), and an id a lost insertion race
/// gave back (`spare`). Non-copyable: it owns the buffer and frees it when it goes away (the
/// ids still in it go back to the arena first: `giveBack`).
struct IDSupply: ~Copyable {
    /// Ids a view takes from the shared free list or arena at a time.
    static let chunkSize = 4096
    /// Ids each view is given at the start of a phase, for the nodes it makes between the moment
    /// the phase runs out of room and its next memo miss, where it unwinds (a miss makes at most
    /// 85 nodes before the next: `square128`; the forked top, 14 a level).
    static let emergencyIDs = 256

    let buffer: UnsafeMutablePointer<NodeID>
    var chunkNext = 0
    var emergencyCount = 0
    var spare: NodeID = 0

    /// A supply whose emergency ids are block `block` (`emergencyIDs` long) of `reserved`
    /// (`reserveEmergencyIDs`).
    init(emergency reserved: [NodeID], block: Int) {
        buffer = .allocate(capacity: IDSupply.chunkSize + IDSupply.emergencyIDs)
        for k in 0..<IDSupply.emergencyIDs { buffer[IDSupply.chunkSize + k] = reserved[block * IDSupply.emergencyIDs + k] }
        emergencyCount = IDSupply.emergencyIDs
    }

    deinit { buffer.deallocate() }

    /// The emergency ids of `workers` supplies (block by block) from `arena`'s free list or top,
    /// all or none: nil when it has no room for all, the ids taken back on the free list.
    static func reserveEmergencyIDs(workers: Int, from arena: inout TwoStateArena) -> [NodeID]? {
        var reserved: [NodeID] = []
        reserved.reserveCapacity(workers * IDSupply.emergencyIDs)
        while reserved.count < workers * IDSupply.emergencyIDs, let id = arena.reserveSlot() { reserved.append(id) }
        if reserved.count == workers * IDSupply.emergencyIDs { return reserved }
        for id in reserved { arena.pushFree(id) }
        return nil
    }

    /// Puts every id not used on `arena`'s free list.
    mutating func giveBack(to arena: inout TwoStateArena) {
        if spare != 0 { arena.pushFree(spare) }
        for k in 0..<chunkNext { arena.pushFree(buffer[k]) }
        for k in 0..<emergencyCount { arena.pushFree(buffer[IDSupply.chunkSize + k]) }
        (chunkNext, emergencyCount, spare) = (0, 0, 0)
    }
}

/// The views of one phase's workers, one a worker, in a buffer the pool reads by worker index
/// (`WorkerPool.run`). Non-copyable: it owns the views and the buffer, and destroys and frees
/// them when it goes away.
struct WorkerViews: ~Copyable {
    let base: UnsafeMutablePointer<WorkerView>
    let count: Int

    /// The views `view(i)` makes for workers 0 ..< `count`.
    init(count: Int, _ view: (Int) -> WorkerView) {
        self.count = count
        base = .allocate(capacity: count)
        for i in 0..<count { (base + i).initialize(to: view(i)) }
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
