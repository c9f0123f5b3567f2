// The two-state store's hooks of the one recursion (HashlifeStore.swift): its memo slot, read
// and written as the record's 64-bit words hold it, its counters and what it polls. Its direct
// step and centres are `Stepper`'s (Stepper.swift), shared with the workers of a multi-threaded
// step, which satisfy the protocol's requirements of those names.

extension NodeStore: HashlifeStore {
    typealias Record = NodeRecord

    /// The record as three 64-bit words: the tag (and the stamp) compared in two operations
    /// rather than three, against words computed once (`SubSteps.tagWords`,
    /// `RecencyClock.words`).
    @inline(__always)
    mutating func memoHit(_ id: NodeID, _ sub: SubSteps) -> NodeID {
        let words = arena.words(id)
        let result = NodeID(truncatingIfNeeded: words.2 &>> 32) & NodeRecord.idMask
        guard result != 0 && NodeRecord.holds(sub.tagWords, words.0, words.2) else { return 0 }
        stepping.memoHits &+= 1
        if !NodeRecord.holds(collector.clock.words, words.1, words.2) { arena[id].setStamp(bits: collector.clock.bits) }
        return result
    }

    @inline(__always)
    mutating func countHit() { stepping.memoHits &+= 1 }

    @inline(__always)
    mutating func stamp(_ id: NodeID) {
        let words = arena.words(id)
        if !NodeRecord.holds(collector.clock.words, words.1, words.2) { arena[id].setStamp(bits: collector.clock.bits) }
    }

    @inline(__always)
    mutating func countMiss() -> UInt64 {
        stepping.memoMisses &+= 1
        return stepping.memoMisses
    }

    @inline(__always)
    mutating func memoize(_ id: NodeID, result: NodeID, tag: Int) {
        arena[id].setResult(result, tag: UInt32(tag))
        arena[id].setStamp(bits: collector.clock.bits)
    }

    @inline(__always)
    func slotHint(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID) -> SlotHint { arena.slotHint(nw, ne, sw, se) }

    @inline(never)
    mutating func collectDuringStep() -> Int? { collect() }

    /// What the recursion looks at every 1024 misses: the hit rate that chooses the level-6
    /// step, the hand-off to several threads, and cancellation (publishing the node count).
    @inline(never)
    mutating func poll() throws(StepInterruption) {
        stepping.measureReuse(shared: false)
        if stepping.memoMisses >= stepping.handOffMisses && MonotonicClock.nanoseconds() >= stepping.handOffTime { throw .paused }
        if let control = stepping.control {
            control.publish(nodes: arena.count - 1)
            if control.isCancelled { throw .cancelled }
        }
    }
}
