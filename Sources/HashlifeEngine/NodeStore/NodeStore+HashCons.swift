// Hash-consing: finding or creating the one node with given children.

extension NodeStore {
    /// Mixes a node's four 32-bit fields into a bucket index (multiply-xorshift, then the top
    /// bits, which are the best mixed).
    func bucket(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> Int {
        var h = (UInt64(a) | UInt64(b) &<< 32) &* 0x9E37_79B9_7F4A_7C15
        h ^= (UInt64(c) | UInt64(d) &<< 32) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= h &>> 31
        h = h &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: h &>> bucketShift)
    }

    /// The canonical leaf holding `bits` (bit y*8+x is the cell at column x, row y).
    /// - Complexity: O(1) expected.
    mutating func leaf(_ bits: UInt64) -> NodeID {
        find(UInt32(truncatingIfNeeded: bits), UInt32(truncatingIfNeeded: bits &>> 32),
             NodeStore.leafMarker, NodeStore.leafMarker)
    }

    /// The canonical node with the given children, all of one level (≥ 3); the result is one
    /// level higher.
    /// - Complexity: O(1) expected.
    mutating func node(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID) -> NodeID {
        find(nw, ne, sw, se)
    }
    
    mutating func find(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> NodeID {
        let slot = bucket(a, b, c, d)
        var id = buckets[slot]
        while id != 0 {
            let record = nodes[Int(id)]
            if record.nw == a && record.ne == b && record.sw == c && record.se == d { return id }
            id = record.next
        }
        return insert(a, b, c, d, bucket: slot)
    }
    
    mutating func insert(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, bucket slot: Int) -> NodeID {
        if count == capacity { growArena() }
        let id = NodeID(count)
        count += 1
        nodes[Int(id)] = NodeRecord(nw: a, ne: b, sw: c, se: d, next: buckets[slot],
                                    result: 0, partial: 0, partialStep: 0, flags: 0)
        populations[Int(id)] = NodeStore.unknownPopulation
        buckets[slot] = id
        // Keep chains short: grow the index at load 0.75.
        if count > (bucketMask + 1) - ((bucketMask + 1) >> 2) { growIndex() }
        return id
    }

    /// Doubles the arena. Ids do not change; pointers into the old arena become invalid, so
    /// callers never hold a pointer across a call that may create nodes.
    mutating func growArena() {
        precondition(capacity < NodeStore.maximumCapacity, "node store is full (2^32 nodes)")
        let newCapacity = min(capacity * 2, NodeStore.maximumCapacity)
        let grownNodes = UnsafeMutablePointer<NodeRecord>.allocate(capacity: newCapacity)
        grownNodes.moveInitialize(from: nodes, count: count)
        nodes.deallocate()
        nodes = grownNodes
        let grownPopulations = UnsafeMutablePointer<UInt64>.allocate(capacity: newCapacity)
        grownPopulations.moveInitialize(from: populations, count: count)
        populations.deallocate()
        populations = grownPopulations
        capacity = newCapacity
    }

    /// Doubles the hash index and relinks every chain. No node moves.
    /// - Complexity: O(nodes).
    mutating func growIndex() {
        let newCount = (bucketMask + 1) * 2
        buckets.deallocate()
        buckets = .allocate(capacity: newCount)
        buckets.initialize(repeating: 0, count: newCount)
        bucketMask = newCount - 1
        bucketShift = UInt64(64 - newCount.trailingZeroBitCount)
        for i in 1..<count {
            let r = nodes[i]
            let slot = bucket(r.nw, r.ne, r.sw, r.se)
            nodes[i].next = buckets[slot]
            buckets[slot] = UInt32(i)
        }
    }

    /// Is `id` a leaf (level 3)?
    func isLeaf(_ id: NodeID) -> Bool { nodes[Int(id)].se == NodeStore.leafMarker }

    /// The 64 cells of a leaf.
    func leafBits(_ id: NodeID) -> UInt64 {
        let r = nodes[Int(id)]
        return UInt64(r.nw) | UInt64(r.ne) &<< 32
    }
}
