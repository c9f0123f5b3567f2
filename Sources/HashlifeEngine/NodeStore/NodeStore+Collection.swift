// The memory limit and least-recently-used collection (see the essay in NodeStore.swift).

/// Roots kept alive by values outside the universe (`UniverseState`, `CellSetKey`): a table
/// of slots, each holding one node id, released when its `PinnedRoot` goes away.
final class RootPins {
    /// Slot → pinned id; 0 marks a free slot.
    private(set) var ids: [NodeID] = []
    private var freeSlots: [Int] = []

    func add(_ id: NodeID) -> Int {
        if let slot = freeSlots.popLast() {
            ids[slot] = id
            return slot
        }
        ids.append(id)
        return ids.count - 1
    }

    func remove(slot: Int) {
        ids[slot] = 0
        freeSlots.append(slot)
    }

    /// Ids currently pinned (with repeats).
    var count: Int { ids.count - freeSlots.count }
}

/// One pinned root: the node stays in the store for as long as this object lives.
final class PinnedRoot {
    let pins: RootPins
    let slot: Int
    let id: NodeID

    init(_ id: NodeID, in pins: RootPins) {
        self.pins = pins
        self.id = id
        slot = pins.add(id)
    }

    deinit { pins.remove(slot: slot) }
}

extension NodeStore {
    /// Bytes of arena and population cache per node.
    static let bytesPerRecord = MemoryLayout<NodeRecord>.stride + MemoryLayout<UInt64>.stride
    /// What one cached big population costs, dictionary overhead included (an estimate).
    static let bytesPerBigPopulation = 64
    /// `se` of a freed record (no live node has 0 there: leaves hold `leafMarker`, others an id).
    static let freeMarker: UInt32 = 0
    /// Nodes that may be made between two safe points; collections start this far below the limit.
    static let reserve = 1024
    /// Smallest memory limit accepted, in bytes.
    static let minimumLimit = 1 << 20

    /// The node capacity and hash-index size for a limit of `memoryLimit` bytes: as many nodes
    /// as fit beside an index of a power-of-two size holding at most one node per bucket.
    static func plan(memoryLimit: Int) -> (nodes: Int, buckets: Int) {
        let limit = max(memoryLimit, minimumLimit)
        var best = (nodes: 0, buckets: 1 << 10)
        var buckets = 1 << 10
        while buckets * MemoryLayout<UInt32>.stride < limit {
            let room = limit - buckets * MemoryLayout<UInt32>.stride
            // The collection's mark bits cost one eighth of a byte a node.
            let nodes = min(room * 8 / (bytesPerRecord * 8 + 1), buckets, maximumCapacity)
            if nodes > best.nodes { best = (nodes, buckets) }
            buckets *= 2
        }
        return best
    }

    /// Applies a new memory limit: the node capacity follows it; the arena and index are
    /// reallocated when they must grow, and kept (with their touched pages) when it shrinks.
    mutating func setLimit(_ memoryLimit: Int) {
        let plan = NodeStore.plan(memoryLimit: memoryLimit)
        limitBytes = memoryLimit
        insertsPerTick = max(plan.nodes / 64, 64)
        if plan.nodes > capacity {
            let grownNodes = UnsafeMutablePointer<NodeRecord>.allocate(capacity: plan.nodes)
            grownNodes.moveInitialize(from: nodes, count: count)
            nodes.deallocate()
            nodes = grownNodes
            let grownPopulations = UnsafeMutablePointer<UInt64>.allocate(capacity: plan.nodes)
            grownPopulations.moveInitialize(from: populations, count: count)
            populations.deallocate()
            populations = grownPopulations
            capacity = plan.nodes
        }
        if plan.buckets > bucketCapacity {
            buckets.deallocate()
            buckets = .allocate(capacity: plan.buckets)
            bucketCapacity = plan.buckets
            growIndex(to: bucketMask + 1)
        }
        limitCapacity = plan.nodes
    }

    /// Would making `reserve` more nodes go past the limit? (Checked at safe points.)
    @inline(__always)
    var needsCollection: Bool { freeHead == 0 && count + NodeStore.reserve >= limitCapacity }

    /// Frees least-recently-used nodes that no root, pinned state or pinned recursion id needs,
    /// keeping about half the limit's worth of the most recent nodes with their memo results.
    /// Falls back to keeping fewer recent nodes when that would not leave a quarter free.
    /// - Returns: the nodes the roots and pins alone need when even they leave no room (the
    ///   caller then gives up the step), else nil.
    /// - Complexity: O(arena) for each of at most four marking passes and the sweep.
    @discardableResult
    mutating func collect() -> Int? {
        let started = ContinuousClock.now
        defer {
            collections += 1
            collectionTime += ContinuousClock.now - started
        }
        // Recency histogram: how many live nodes carry each stamp.
        var histogram = [Int](repeating: 0, count: Int(tick) + 1)
        for i in 1..<count where nodes[i].se != NodeStore.freeMarker {
            histogram[min(Int(nodes[i].flags), Int(tick))] += 1
        }
        var marks = MarkBits(count: count)
        let mandatory = markRoots(&marks)
        // Keep the newest half of the limit if that leaves a quarter free, else a quarter, else
        // a tenth, else nothing but what the roots and pins need.
        let roomy = limitCapacity - limitCapacity / 4
        var threshold = Int(tick) + 1
        var kept = mandatory
        for share in keepsRecentNodes ? [2, 4, 10] : [] {
            // The oldest stamp whose newer-or-equal nodes number at most limit/share.
            let wanted = limitCapacity / share
            var t = Int(tick) + 1, recent = 0
            while t > 1 && recent + histogram[t - 1] <= wanted {
                t -= 1
                recent += histogram[t]
            }
            var trial = marks
            let total = mandatory + markRecent(&trial, since: t)
            if total <= roomy {
                marks = trial
                threshold = t
                kept = total
                break
            }
        }
        sweep(marks, keepingStampsFrom: threshold)
        return kept + NodeStore.reserve > limitCapacity ? mandatory : nil
    }

    /// Marks everything the roots, pinned states, the pin stack and the empty nodes reach.
    /// - Returns: the number of nodes marked.
    private mutating func markRoots(_ marks: inout MarkBits) -> Int {
        var n = 0
        n += markTree(liveRoot, &marks)
        n += markTree(stepRoot, &marks)
        for id in pinned.ids { n += markTree(id, &marks) }
        for level in NodeStore.leafLevel..<emptyCount { n += markTree(empties[level], &marks) }
        for i in 0..<pinCount { n += markTree(pins[i], &marks) }
        return n
    }

    /// Marks the nodes stamped at `since` or later, with their memoized results.
    private mutating func markRecent(_ marks: inout MarkBits, since threshold: Int) -> Int {
        guard threshold <= Int(tick) else { return 0 }
        var n = 0
        for i in 1..<count where nodes[i].se != NodeStore.freeMarker && Int(nodes[i].flags) >= threshold {
            n += markTree(NodeID(i), &marks)
            n += markTree(nodes[i].result, &marks)
            n += markTree(nodes[i].partial, &marks)
        }
        return n
    }

    /// Marks `id` and every node under it. - Returns: how many were newly marked.
    private func markTree(_ id: NodeID, _ marks: inout MarkBits) -> Int {
        if id == 0 || marks[id] { return 0 }
        marks.set(id)
        var n = 1
        var stack = [id]
        func visit(_ child: NodeID) {
            if marks[child] { return }
            marks.set(child)
            n += 1
            stack.append(child)
        }
        while let top = stack.popLast() {
            let r = nodes[Int(top)]
            if r.se == NodeStore.leafMarker { continue }
            visit(r.nw); visit(r.ne); visit(r.sw); visit(r.se)
        }
        return n
    }

    /// Frees every unmarked record, clears memo slots naming freed nodes, rebuilds the free
    /// list (lowest ids first) and the hash chains, and rebases the recency stamps so the
    /// clock stays small.
    private mutating func sweep(_ marks: MarkBits, keepingStampsFrom threshold: Int) {
        let base = UInt16(min(max(threshold, 1), Int(tick)) - 1)
        freeHead = 0
        freeCount = 0
        var i = count - 1
        while i >= 1 {
            if marks[NodeID(i)] {
                var r = nodes[i]
                if r.result != 0 && !marks[r.result] { r.result = 0 }
                if r.partial != 0 && !marks[r.partial] { r.partial = 0; r.partialStep = 0 }
                r.flags = r.flags > base ? r.flags - base : 0
                nodes[i] = r
            } else {
                if nodes[i].se != NodeStore.freeMarker { evictions += 1 }
                nodes[i] = NodeRecord(nw: 0, ne: 0, sw: 0, se: NodeStore.freeMarker, next: freeHead,
                                      result: 0, partial: 0, partialStep: 0, flags: 0)
                freeHead = NodeID(i)
                freeCount += 1
            }
            i -= 1
        }
        tick -= base
        if !bigPopulations.isEmpty { bigPopulations = bigPopulations.filter { marks[$0.key] } }
        buckets.update(repeating: 0, count: bucketMask + 1)
        relinkChains()
    }
}

/// One bit per arena slot, for a collection's marking.
struct MarkBits {
    private var words: [UInt64]

    init(count: Int) { words = [UInt64](repeating: 0, count: (count + 63) / 64) }

    subscript(id: NodeID) -> Bool { words[Int(id) >> 6] >> UInt64(id & 63) & 1 == 1 }

    mutating func set(_ id: NodeID) { words[Int(id) >> 6] |= 1 << UInt64(id & 63) }
}
