// A worker's view of the store shared by the threads of one step.
//
// A multi-threaded step (see NodeStore+Fork.swift) runs the ordinary recursion on several
// threads at once, each through a *view*: a NodeStore value that points at the universe's
// arena (NodeArena+Shared.swift says how the workers share it) without owning it. Ids come in
// chunks of `chunkSize`: from the free list (under a lock) while it lasts, then from the arena
// past its high-water mark (one atomic counter), up to `ParallelPhase.softBound` (the limit
// less the views' emergency ids). A view that finds none left sets `mustPause` and its next
// memo miss unwinds (`.paused`), using its emergency ids (given at the start) until then: the
// universe collects at a safe point, where no recursion holds an id, and reruns the step; what
// the phase memoized stays. The clock runs as on one thread: a view reads the tick from the
// phase each time it takes a chunk of ids, so racing writers write ticks at most a chunk apart.

import Synchronization

extension NodeStore {
    /// Ids a view takes from the shared free list or arena at a time.
    static let chunkSize = 4096
    /// Ids each view is given at the start of a phase, for the nodes it makes between the
    /// moment the phase runs out of room and its next memo miss, where it unwinds (a miss
    /// makes at most 21 nodes before the next: `square64`; the forked top, 14 a level).
    static let emergencyIDs = 256

    /// A worker's view of `store`: the same arena, index, empty nodes, rule and recency tick,
    /// its own counters and ids. Its `phase` is set once the universe has given it its
    /// emergency ids (`giveEmergencyIDs`) and made the phase.
    init(viewOf store: borrowing NodeStore) {
        arena = store.arena
        collector = Collector(insertsPerTick: store.collector.clock.insertsPerTick)
        collector.clock.tick = store.collector.clock.tick
        plan = store.plan
        memo = store.memo
        populations = PopulationCache(memoryLimit: MemoryPlan.minimumLimit)
        stepping = store.stepping
        (stepping.memoHits, stepping.memoMisses, stepping.square64Steps) = (0, 0, 0)
        stepping.reuseMark = (0, 0)
        stepping.handOffMisses = .max
        chunkIDs = .allocate(capacity: NodeStore.chunkSize + NodeStore.emergencyIDs)
        ownsBuffers = false
    }

    /// Takes back what `view` did: its counters, and the ids it took and did not use (they go
    /// on the free list). Call after `ParallelPhase.end`.
    mutating func absorb(_ view: inout NodeStore) {
        stepping.memoHits &+= view.stepping.memoHits
        stepping.memoMisses &+= view.stepping.memoMisses
        stepping.square64Steps &+= view.stepping.square64Steps
        demandForks &+= view.demandForks
        if view.stepping.reuseMeasured && !stepping.reuseMeasured {
            (stepping.stepsSquare64, stepping.reuseMeasured) = (view.stepping.stepsSquare64, true)
            stepping.reuseMark = (stepping.memoHits, stepping.memoMisses)
        }
        guard let ids = view.chunkIDs else { return }
        if view.spareID != 0 { arena.pushFree(view.spareID) }
        for k in 0..<view.chunkNext { arena.pushFree(ids[k]) }
        for k in 0..<view.emergencyCount { arena.pushFree(ids[NodeStore.chunkSize + k]) }
        view.chunkNext = 0
        view.emergencyCount = 0
        view.spareID = 0
    }

    /// Gives a view its emergency ids from the free list or the arena's top; false when the
    /// arena has no room for them.
    mutating func giveEmergencyIDs(to view: inout NodeStore) -> Bool {
        let ids = view.chunkIDs!
        while view.emergencyCount < NodeStore.emergencyIDs {
            guard let id = arena.reserveSlot() else { return false }
            ids[NodeStore.chunkSize + view.emergencyCount] = id
            view.emergencyCount += 1
        }
        return true
    }

    /// `insertShared` of the arena with a fresh id of this view; an id a lost race leaves
    /// unused is kept for the next insertion.
    @inline(never)
    mutating func insertShared(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, slot: Int) -> NodeID {
        let id = takeSharedID()
        let made = arena.insertShared(a, b, c, d, slot: slot, id: id, stamp: collector.clock.tick)
        if made != id { spareID = id }
        return made
    }

    /// A fresh id: the one a lost race gave back, else the next the view holds, taking more
    /// from the phase when it has none, else an emergency id (the view pauses at its next miss).
    @inline(__always)
    mutating func takeSharedID() -> NodeID {
        if spareID != 0 {
            defer { spareID = 0 }
            return spareID
        }
        if chunkNext == 0 { takeChunk() }
        if chunkNext > 0 {
            chunkNext -= 1
            return chunkIDs![chunkNext]
        }
        precondition(emergencyCount > 0, "a parallel step used up its emergency ids")
        emergencyCount -= 1
        return chunkIDs![NodeStore.chunkSize + emergencyCount]
    }

    mutating func takeChunk() {
        guard let phase else { preconditionFailure("a shared insertion outside a parallel phase") }
        let (taken, pause) = phase.take(NodeStore.chunkSize, into: chunkIDs!)
        chunkNext = taken
        if taken > 0 { collector.clock.tick = phase.tick(afterHanding: taken) }
        if pause { mustPause = true }
    }

    /// What a worker does about the memo slot of a node it must step: take the result another
    /// worker published, compute it under its own claim, or (when another worker's claim has
    /// lasted `patience` looks) compute it as well, unclaimed: waiting longer would leave this
    /// worker idle, and whichever finishes first publishes the same canonical result.
    /// Waiting cannot deadlock: a worker waits only for nodes of lower levels than the ones it
    /// holds, and only `patience` looks. (A worker that holds claims may wait for tasks, since
    /// it forks a miss for an idle worker; a task waits only for tasks forked below it.)
    mutating func awaitResult(_ id: NodeID, tag: Int) throws(StepInterruption) -> SlotDecision {
        var looks = 0
        while true {
            switch arena.memoSlot(id, tag: tag) {
            case let .result(result):
                return .known(result)
            case let .empty(observed):
                if arena.claim(id, tag: tag, observed: observed) { return .claimed }
            case .busy:
                looks += 1
                if looks == NodeStore.patience { return .alongside }
            }
        }
    }

    /// How many times a worker looks at another's claim before computing alongside it.
    static let patience = 256

    /// Is a worker of this view's phase waiting for a task? (A fixed fork depth would leave one
    /// of two workers idle waiting for the other's last task; a miss at a level worth forking
    /// forks when one is.)
    @inline(__always)
    var isHungry: Bool {
        guard let hungry else { return false }
        return hungry.pointee.load(ordering: .relaxed) > 0
    }
}

/// What a worker does about a node another may be stepping (`NodeStore.awaitResult`).
enum SlotDecision: Equatable {
    case known(NodeID)
    case claimed
    case alongside
}
