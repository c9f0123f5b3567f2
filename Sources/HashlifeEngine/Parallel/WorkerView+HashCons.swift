// Hash-consing by a worker: nodes published with atomics, ids from the view's supply.

extension WorkerView: Stepper {
    @inline(__always)
    mutating func leaf(_ bits: UInt64) -> NodeID {
        let a = UInt32(truncatingIfNeeded: bits), b = UInt32(truncatingIfNeeded: bits &>> 32)
        return leaf(bits, slot: arena.bucket(a, b, NodeRecord.leafMarker, NodeRecord.leafMarker))
    }

    @inline(__always)
    mutating func leaf(_ bits: UInt64, hint: SlotHint) -> NodeID {
        if hint.buckets == arena.bucketCount { return leaf(bits, slot: hint.slot) }
        return leaf(bits)
    }

    @inline(__always)
    mutating func leaf(_ bits: UInt64, slot: Int) -> NodeID {
        let a = UInt32(truncatingIfNeeded: bits), b = UInt32(truncatingIfNeeded: bits &>> 32)
        let found = arena.findSharedLeaf(a, b, slot: slot)
        if found != 0 { return found }
        return insert(a, b, NodeRecord.leafMarker, NodeRecord.leafMarker, slot: slot)
    }

    @inline(__always)
    mutating func node(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID) -> NodeID {
        node(nw, ne, sw, se, slot: arena.bucket(nw, ne, sw, se))
    }

    @inline(__always)
    mutating func node(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID, hint: SlotHint) -> NodeID {
        node(nw, ne, sw, se, slot: arena.slot(hint, nw, ne, sw, se))
    }

    @inline(__always)
    mutating func node(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID, slot: Int) -> NodeID {
        let found = arena.findShared(nw, ne, sw, se, slot: slot)
        if found != 0 { return found }
        return insert(nw, ne, sw, se, slot: slot)
    }

    /// `NodeArena.prefetchSharedHead`: another worker may be changing the bucket.
    @inline(__always)
    func prefetchHead(_ hint: SlotHint) { arena.prefetchSharedHead(hint) }

    /// Publishes the node (a, b, c, d) with a fresh id (`NodeArena.insertShared`); an id a lost
    /// race leaves unused is kept for the next insertion.
    @inline(never)
    mutating func insert(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, slot: Int) -> NodeID {
        let id = takeID()
        let made = arena.insertShared(a, b, c, d, slot: slot, id: id, stamp: clock.tick)
        if made != id { ids.spare = id }
        return made
    }

    /// A fresh id: the one a lost race gave back, else the next the view holds, taking more from
    /// the phase when it has none, else an emergency id (the view pauses at its next miss).
    @inline(__always)
    mutating func takeID() -> NodeID {
        if ids.spare != 0 {
            defer { ids.spare = 0 }
            return ids.spare
        }
        if ids.chunkNext == 0 { takeChunk() }
        if ids.chunkNext > 0 {
            ids.chunkNext -= 1
            return ids.buffer[ids.chunkNext]
        }
        precondition(ids.emergencyCount > 0, "a parallel step used up its emergency ids")
        ids.emergencyCount -= 1
        return ids.buffer[IDSupply.chunkSize + ids.emergencyCount]
    }

    /// Takes a chunk of ids from the phase, and the clock as it stands after them.
    mutating func takeChunk() {
        let (taken, pause) = phase.take(IDSupply.chunkSize, into: ids.buffer)
        ids.chunkNext = taken
        if taken > 0 { clock.tick = phase.tick(afterHanding: taken) }
        if pause { mustPause = true }
    }
}
