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
    
    /// The node with these four fields, found through its hash chain or made. (A found node is
    /// not stamped as recently used here: the recursion steps what it finds right away, and
    /// `successor` stamps it then.)
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

    /// Makes a node in a freed record if there is one, else in a fresh slot of the arena.
    mutating func insert(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, bucket slot: Int) -> NodeID {
        let id: NodeID
        if freeHead != 0 {
            id = freeHead
            freeHead = nodes[Int(id)].next
            freeCount -= 1
        } else {
            if count == capacity { growArena() }
            id = NodeID(count)
            count += 1
        }
        nodes[Int(id)] = NodeRecord(nw: a, ne: b, sw: c, se: d, next: buckets[slot],
                                    result: 0, partial: 0, partialStep: 0, flags: tick)
        populations[Int(id)] = NodeStore.unknownPopulation
        buckets[slot] = id
        insertsThisTick += 1
        if insertsThisTick == insertsPerTick {
            insertsThisTick = 0
            if tick < UInt16.max - 1 { tick += 1 }
        }
        // Keep chains short: grow the index at load 0.75, as far as the limit allows.
        if count > (bucketMask + 1) - ((bucketMask + 1) >> 2) && (bucketMask + 1) * 2 <= plannedBuckets {
            growIndex(to: (bucketMask + 1) * 2)
        }
        return id
    }

    /// Grows the arena: up to the limit's capacity when the first allocation was capped by
    /// `allocationCeiling`, past the limit only when nodes are made faster than collections can
    /// run (a bulk load bigger than the limit; counted in `overLimitGrowths`). Ids do not
    /// change; pointers into the old arena become invalid, so callers never hold one across a
    /// call that may create nodes.
    mutating func growArena() {
        precondition(capacity < NodeStore.maximumCapacity, "node store is full (2^32 nodes)")
        let newCapacity: Int
        if capacity < limitCapacity {
            newCapacity = min(capacity * 2, limitCapacity)
        } else {
            newCapacity = min(capacity * 2, NodeStore.maximumCapacity)
            overLimitGrowths += 1
            while plannedBuckets < newCapacity { plannedBuckets *= 2 }
        }
        resizeArena(to: newCapacity)
    }

    /// Moves the arena and population cache to allocations of `newCapacity` (≥ `count`) records.
    mutating func resizeArena(to newCapacity: Int) {
        let grownNodes = UnsafeMutablePointer<NodeRecord>.allocate(capacity: newCapacity)
        grownNodes.moveInitialize(from: nodes, count: count)
        nodes.deallocate()
        nodes = grownNodes
        let grownPopulations = UnsafeMutablePointer<UInt32>.allocate(capacity: newCapacity)
        grownPopulations.moveInitialize(from: populations, count: count)
        populations.deallocate()
        populations = grownPopulations
        capacity = newCapacity
    }

    /// Uses the first `bucketCount` buckets (a power of two), reallocating the index when it is
    /// bigger than the allocation, and relinks every chain. No node moves.
    /// - Complexity: O(arena).
    mutating func growIndex(to bucketCount: Int) {
        if bucketCount > bucketCapacity {
            buckets.deallocate()
            buckets = .allocate(capacity: bucketCount)
            bucketCapacity = bucketCount
        }
        buckets.initialize(repeating: 0, count: bucketCount)
        bucketMask = bucketCount - 1
        bucketShift = UInt64(64 - bucketCount.trailingZeroBitCount)
        relinkChains()
    }

    /// Rebuilds every hash chain from the live records (freed ones, whose `se` is 0, are skipped).
    mutating func relinkChains() {
        for i in 1..<count where nodes[i].se != NodeStore.freeMarker {
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
