// Hash-consing: finding or creating the one node with given children.

extension NodeStore: Stepper {
    /// The canonical leaf holding `bits` (bit y*8+x is the cell at column x, row y).
    /// - Complexity: O(1) expected.
    @inline(__always)
    mutating func leaf(_ bits: UInt64) -> NodeID {
        let a = UInt32(truncatingIfNeeded: bits), b = UInt32(truncatingIfNeeded: bits &>> 32)
        return leaf(bits, slot: arena.bucket(a, b, NodeRecord.leafMarker, NodeRecord.leafMarker))
    }

    /// `leaf(_:)` with its bucket computed ahead (`NodeArena.leafSlotHint`).
    @inline(__always)
    mutating func leaf(_ bits: UInt64, hint: SlotHint) -> NodeID {
        if hint.buckets == arena.bucketCount { return leaf(bits, slot: hint.slot) }
        return leaf(bits)
    }

    @inline(__always)
    mutating func leaf(_ bits: UInt64, slot: Int) -> NodeID {
        let a = UInt32(truncatingIfNeeded: bits), b = UInt32(truncatingIfNeeded: bits &>> 32)
        let found = arena.findLeaf(a, b, slot: slot)
        if found != 0 { return found }
        return insert(a, b, NodeRecord.leafMarker, NodeRecord.leafMarker, bucket: slot)
    }

    /// The canonical node with the given children, all of one level (≥ 3); the result is one
    /// level higher. (A found node is not stamped as recently used here: the recursion steps
    /// what it finds right away, and `successor` stamps it then.)
    /// - Complexity: O(1) expected.
    @inline(__always)
    mutating func node(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID) -> NodeID {
        node(nw, ne, sw, se, slot: arena.bucket(nw, ne, sw, se))
    }

    /// `node(_:_:_:_:)` for a key whose bucket is known: `hint` from `NodeArena.slotHint`,
    /// still good while the index keeps its size.
    @inline(__always)
    mutating func node(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID, hint: SlotHint) -> NodeID {
        node(nw, ne, sw, se, slot: arena.slot(hint, nw, ne, sw, se))
    }

    @inline(__always)
    mutating func node(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID, slot: Int) -> NodeID {
        let found = arena.find(nw, ne, sw, se, slot: slot)
        if found != 0 { return found }
        return insert(nw, ne, sw, se, bucket: slot)
    }

    @inline(__always)
    func prefetchHead(_ hint: SlotHint) { arena.prefetchHead(hint) }

    /// Makes a node in a freed record if there is one, else in a fresh slot of the arena (grown
    /// when full), stamped with the clock, at the head of the chain of `slot`; grows the index
    /// past its growth point.
    mutating func insert(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, bucket slot: Int) -> NodeID {
        let id: NodeID
        if let free = arena.popFree() {
            id = free
        } else {
            if arena.isFull { growArena() }
            id = arena.takeFresh()
        }
        arena.link(a, b, c, d, id: id, slot: slot, stamp: collector.clock.tick)
        collector.clock.countInsert()
        if arena.count > arena.indexGrowthPoint && arena.bucketCount < plan.plannedBuckets { growIndexForInserts() }
        return id
    }

    /// Grows the index past its growth point, up to the plan (`NodeArena.grownIndexSize`).
    mutating func growIndexForInserts() {
        arena.growIndex(to: arena.grownIndexSize(planned: plan.plannedBuckets))
    }
}
