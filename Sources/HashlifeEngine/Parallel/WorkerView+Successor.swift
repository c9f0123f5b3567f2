// The Hashlife recursion on a worker: memo look-ups and misses.

extension WorkerView {
    /// `NodeStore.successor(_:level:step:)` for a worker: the memo slot is read as a sequence
    /// lock (NodeArena+Shared.swift), a miss claims it. Tags must fit a record (a phase runs only
    /// then).
    @inline(__always)
    mutating func successor(_ id: NodeID, level: Int, step: Int) throws(StepInterruption) -> NodeID {
        try successor(id, subSteps(level: level, step: step))
    }

    /// `successor(_:level:step:)` with what a frame's sub-steps share computed once.
    @inline(__always)
    mutating func successor(_ id: NodeID, _ sub: SubSteps) throws(StepInterruption) -> NodeID {
        if id == sub.empty { return arena.empty(sub.level - 1) }
        if let result = arena.sharedResult(id, tagBits: sub.tagBits) { return hit(id, result) }
        return try computeSuccessor(id, arena[id], level: sub.level, step: sub.step)
    }

    /// A memo hit: stamps the node as recently used (unless its stamp is the clock's) and
    /// answers `result`.
    @inline(__always)
    mutating func hit(_ id: NodeID, _ result: NodeID) -> NodeID {
        stepping.memoHits &+= 1
        let words = arena.words(id)
        if !NodeRecord.holds(clock.words, words.1, words.2) { arena.stampShared(id, tickBits: clock.bits) }
        return result
    }

    /// The memo miss of `successor`: a safe point (where the view pauses or waits for the
    /// index to grow), a poll every 1024 misses, the claim of the node's slot, the step itself,
    /// and its publication.
    @inline(never)
    mutating func computeSuccessor(_ id: NodeID, _ record: NodeRecord, level: Int, step: Int) throws(StepInterruption) -> NodeID {
        stepping.memoMisses &+= 1
        // A worker never collects: the phase unwinds for the store's upkeep. It holds no bucket
        // here, so it can wait while the index grows.
        if mustPause { throw .paused }
        if wantsIndexGrowth { phase.park(&self) }
        if stepping.memoMisses & 1023 == 0 { try poll() }
        let tag = level - 2 - step
        var claimed = false
        switch try awaitResult(id, tag: tag) {
        case let .known(result): return result
        case .claimed: claimed = true
        case .alongside: break
        }
        let result: NodeID
        do throws(StepInterruption) {
            result = try advance(record, level: level, step: step)
        } catch {
            if claimed { arena.unclaim(id) }
            throw error
        }
        if claimed { arena.publishClaimed(id, result, tag: tag) } else { arena.publishResult(id, result, tag: tag) }
        arena.stampShared(id, tickBits: clock.bits)
        return result
    }

    /// What a worker looks at every 1024 misses: the hit rate that chooses the level-6 step,
    /// whether another worker has stopped the phase, and cancellation (publishing the node
    /// count).
    @inline(never)
    mutating func poll() throws(StepInterruption) {
        stepping.measureReuse(shared: true)
        if phase.isStopping { throw .paused }
        if let control = stepping.control {
            control.publish(nodes: phase.nodeCount - 1)
            if control.isCancelled { throw .cancelled }
        }
    }

    /// The result of a miss, by kind: a direct step at levels 4 to 6 (`directStep`); a fork
    /// when another worker has nothing to do and the square is worth it; else the full or
    /// partial step, with claimed squares deferred (WorkerView+Deferring.swift).
    @inline(__always)
    mutating func advance(_ record: NodeRecord, level: Int, step: Int) throws(StepInterruption) -> NodeID {
        if let direct = directStep(record, level: level, step: step) { return direct }
        if level > ParallelStepper.smallestForkLevel && isHungry {
            demandForks &+= 1
            return try forkedStep(record, level: level, step: step, depth: 1, onDemand: true)
        }
        if level - 2 == step { return try sharedFullStep(record, level: level) }
        return try sharedPartialStep(record, level: level, step: step)
    }

    /// What a worker does about the memo slot of a node it must step: take the result another
    /// worker published, compute it under its own claim, or (when another worker's claim has
    /// lasted `patience` looks) compute it as well, unclaimed: waiting longer would leave this
    /// worker idle, and whichever finishes first publishes the same canonical result. Waiting
    /// cannot deadlock: a worker waits only for nodes of lower levels than the ones it holds,
    /// and only `patience` looks. (A worker that holds claims may wait for tasks, since it forks
    /// a miss for an idle worker; a task waits only for tasks forked below it.)
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
                if looks == WorkerView.patience { return .alongside }
            }
        }
    }

    /// How many times a worker looks at another's claim before computing alongside it.
    static let patience = 256
}

/// What a worker does about a node another may be stepping (`WorkerView.awaitResult`).
enum SlotDecision: Equatable {
    case known(NodeID)
    case claimed
    case alongside
}
