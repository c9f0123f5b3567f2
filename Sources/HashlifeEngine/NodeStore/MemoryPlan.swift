// How a memory limit is shared among the nodes, their index and the caches.

/// The share of the memory limit each part of the store may take. Nodes cost 28 bytes and a
/// bit (their record, one bucket of a fully grown index, a collection's mark bit) within all
/// but 5/64 of the limit, which is left to the population cache and deep results (1/32 each),
/// the populations above level 15 (1/128) and the small arrays. The square memo, up to a
/// quarter of the limit, takes its bytes from the nodes as it grows (`nodeCapacity`).
///
/// What the limit does not cover: the stack of deep recursions (about half a kilobyte a level
/// in a release build: some 35 MB at 2^65000 generations).
struct MemoryPlan {
    /// The memory limit in bytes, as given.
    var limitBytes: Int
    /// Nodes the limit allows, the square memo aside (the arena is allocated at this size).
    var plannedNodes: Int
    /// Nodes the limit allows beside the square memo as it now is: a collection runs before
    /// the arena's high-water mark reaches it (`NodeStore.needsCollection`).
    var nodeCapacity: Int
    /// The largest index the limit plans for (one bucket a node of its capacity); the index
    /// grows towards it, then stays.
    var plannedBuckets: Int
    /// Room kept free at the top of the arena when steps use several threads: every worker's
    /// emergency ids beyond the point where a phase pauses (single-threaded steps collect that
    /// much earlier).
    var headroom = 0

    init(memoryLimit: Int, memoBytes: Int) {
        limitBytes = memoryLimit
        plannedNodes = MemoryPlan.plan(memoryLimit: memoryLimit).nodes
        nodeCapacity = MemoryPlan.nodeCapacity(planned: plannedNodes, memoBytes: memoBytes)
        plannedBuckets = nodeCapacity
    }

    /// Sets the node capacity (and the index's planned size) to what the plan leaves beside a
    /// square memo of `memoBytes`, and an index of `bucketCount` buckets already made.
    mutating func fit(memoBytes: Int, bucketCount: Int) {
        nodeCapacity = MemoryPlan.nodeCapacity(planned: plannedNodes, memoBytes: memoBytes)
        plannedBuckets = max(nodeCapacity, bucketCount)
    }
}

extension MemoryPlan {
    /// Nodes that may be made between two safe points; collections start this far below the limit.
    static let reserve = 1024
    /// Smallest memory limit accepted, in bytes.
    static let minimumLimit = 1 << 20
    /// What one entry of a dictionary beside the arena costs (populations above level 15),
    /// overhead included (an estimate).
    static let bytesPerSideEntry = 64
    /// Most records allocated up front: a quarter of physical memory's worth (at least 2^20).
    /// Untouched pages cost nothing, but one allocation far beyond the machine's memory is
    /// refused by the kernel; a bigger limit's arena grows by doubling when it gets there.
    static let allocationCeiling: Int = {
        let physical = MemoryLimit.physicalBytes ?? (8 << 30)
        return max(physical / 4 / TwoStateArena.bytesPerRecord, 1 << 20)
    }()

    /// The share of a limit each of the two side tables may take (the population cache and deep
    /// results): 1/32 of it.
    static func sideTableBytes(memoryLimit: Int) -> Int { max(memoryLimit, minimumLimit) / 32 }

    /// The share of a limit the populations above level 15 may take: 1/128 of it.
    static func largePopulationBytes(memoryLimit: Int) -> Int { max(memoryLimit, minimumLimit) / 128 }

    /// The most sets the square memo may grow to under a limit of `memoryLimit` bytes: the
    /// largest power of two whose sets take at most a quarter of it (so between an eighth and a
    /// quarter).
    static func squareMemoSets(memoryLimit: Int) -> Int {
        let sets = max(memoryLimit, minimumLimit) / 4 / MemoryLayout<SquareMemo.Set>.stride
        return 1 << (Int.bitWidth - 1 - sets.leadingZeroBitCount)
    }

    /// The bytes of the square memo at its largest under a limit of `memoryLimit` bytes.
    static func largestSquareMemoBytes(memoryLimit: Int) -> Int {
        squareMemoSets(memoryLimit: memoryLimit) * MemoryLayout<SquareMemo.Set>.stride
    }

    /// The node capacity and hash-index size for a limit of `memoryLimit` bytes: as many nodes
    /// as fit beside an index of one bucket a node (and the collection's mark bits) in all but
    /// 5/64 of the limit.
    static func plan(memoryLimit: Int) -> (nodes: Int, buckets: Int) {
        let limit = max(memoryLimit, minimumLimit) - sideTableBytes(memoryLimit: memoryLimit) * 5 / 2
        let nodes = min(limit * 8 / bitsPerPlannedNode, TwoStateArena.maximumCapacity)
        return (nodes, nodes)
    }

    /// What a planned node costs, in bits: its record, its bucket and its mark bit.
    static let bitsPerPlannedNode = (TwoStateArena.bytesPerRecord + MemoryLayout<UInt32>.stride) * 8 + 1

    /// The nodes a plan of `planned` leaves room for beside a square memo of `memoBytes`.
    static func nodeCapacity(planned: Int, memoBytes: Int) -> Int {
        max(planned - (memoBytes * 8 + bitsPerPlannedNode - 1) / bitsPerPlannedNode, 0)
    }
}
