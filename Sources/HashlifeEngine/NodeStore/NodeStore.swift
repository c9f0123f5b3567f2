// How the node store works
// ========================
//
// Hashlife rests on two tricks, and this store provides both.
//
// 1. Canonical quadtree nodes. A square of 2^k × 2^k cells (a "level-k node") is either a leaf
//    (level 3: 8×8 cells packed into one UInt64, bit y*8+x) or four level-(k-1) children
//    `nw ne sw se`. Every node is hash-consed: before a node is created the store looks up its
//    four children in a hash index, and returns the existing node if there is one. Equal
//    squares therefore have equal ids, anywhere in the plane and at any time, so a glider stream
//    of 10^99 gliders is a few hundred distinct nodes, and comparing two regions is comparing two
//    UInt32s.
//
// 2. Memoized successors. The centre 2^(k-1) square of a level-k node, advanced 2^(k-2)
//    generations, depends on nothing but the node. It is computed once by recursion on nine
//    overlapping sub-squares (see `NodeStore+Successor.swift`) and stored in the node's
//    `result` slot. Because the children's results are memoized too, a jump of 2^k generations
//    costs about as much as the number of distinct nodes involved, not the number of
//    generations. Smaller steps 2^j (j < k-2) use a second slot, `partial`, tagged with j, so a
//    change of step size invalidates nothing (Golly sweeps its whole table instead).
//
// Storage. Nodes live in one arena of 32-byte `NodeRecord`s; a node's id is its index in the
// arena and never changes while the node lives (id 0 is reserved: "no node", "not computed").
// The hash index is a power-of-two array of bucket heads whose chains run through each record's
// `next` field. We chose stable ids over "the slot is the id" open addressing: a lookup costs
// a second cache miss, but growing the index rehashes chains without moving a node, and
// evicting a node (the memory budget) will be a free-list push instead of a compacting pass
// that must remap every reference held by roots, snapshots and the recursion.
//
// We measured the alternative (the slot is the id, linear probing, growth by reinserting every
// node level by level and remapping all references, the recursion unwinding to a safe point
// when the table fills). It was slower everywhere: Gosper gun to 2^1000 110 ms against 58 ms,
// a 1024² soup to generation 1024 2.12 s against 1.44 s, and 86 against 52 bytes per node.
// Each growth costs one random access per node, and 32-byte probe sequences cross cache lines.
//
//     NodeRecord (32 bytes)
//     ┌────┬────┬────┬────┬──────┬────────┬─────────┬─────────────┬───────┐
//     │ nw │ ne │ sw │ se │ next │ result │ partial │ partialStep │ flags │
//     │ u32│ u32│ u32│ u32│ u32  │  u32   │  u32    │    u16      │  u16  │
//     └────┴────┴────┴────┴──────┴────────┴─────────┴─────────────┴───────┘
//     leaf: nw | ne << 32 hold the 64 cells; sw = se = `leafMarker` (never a valid id).
//
// Levels are not stored: every traversal starts at a root whose level it knows. Populations are
// cached lazily beside the arena (UInt64 where a level-k node's 4^k cells fit, big integers in a
// side table above level 31).
//
// All unsafe code of the engine lives in this type: the arena, the index and the side arrays are
// raw buffers owned by this non-copyable struct and freed in its deinit. Nothing in the
// stepping path uses classes, ARC, Dictionary, existentials or closures.

/// Index of a node in the store's arena. 0 means "no node".
typealias NodeID = UInt32

/// One node as stored in the arena. See the essay above for the layout.
struct NodeRecord {
    var nw: UInt32
    var ne: UInt32
    var sw: UInt32
    var se: UInt32
    /// Next node in the same hash chain, 0 at the end.
    var next: UInt32
    /// Centre advanced 2^(level-2) generations, 0 when not computed yet.
    var result: UInt32
    /// Centre advanced 2^partialStep generations (partialStep < level-2), 0 when none.
    var partial: UInt32
    var partialStep: UInt16
    var flags: UInt16
}

/// Why the stepping recursion unwound before finishing. Memo entries written before it stay valid.
enum StepInterruption: Error {
    case cancelled
}

/// The canonical node store: arena, hash index, memo slots, population caches and the rule's
/// leaf stepper. Owned by exactly one `Universe`.
struct NodeStore: ~Copyable {
    /// Marker in `sw` and `se` of a leaf record.
    static let leafMarker: UInt32 = .max
    /// Level of a leaf: 8×8 cells.
    static let leafLevel = 3
    /// Largest arena: ids must stay below `leafMarker`.
    static let maximumCapacity = Int(UInt32.max) - 1

    var nodes: UnsafeMutablePointer<NodeRecord>
    /// Number of arena slots in use, including the reserved slot 0.
    var count: Int
    var capacity: Int

    var buckets: UnsafeMutablePointer<UInt32>
    /// `bucketCount - 1`; bucketCount is a power of two.
    var bucketMask: Int
    var bucketShift: UInt64

    /// Population cache, parallel to `nodes`; `unknownPopulation` until first asked.
    var populations: UnsafeMutablePointer<UInt64>
    static let unknownPopulation: UInt64 = .max
    /// Populations of nodes above level 31, whose 4^k cells may not fit in a UInt64.
    var bigPopulations: [UInt32: BigUInt] = [:]

    /// The canonical empty node of each level (index = level), for levels 3 ..< emptyCount.
    var empties: UnsafeMutablePointer<UInt32>
    var emptyCapacity: Int
    var emptyCount: Int

    /// The leaf step for the current rule.
    var leafRule: LeafRule

    /// Polled by the recursion for cancellation; nil when the step cannot be cancelled.
    var control: StepControl? = nil

    /// Counters for `statistics`.
    var memoHits: UInt64 = 0
    var memoMisses: UInt64 = 0

    init(rule: Rule, initialCapacity: Int = 1 << 12) {
        let capacity = max(initialCapacity, 16)
        nodes = .allocate(capacity: capacity)
        populations = .allocate(capacity: capacity)
        self.capacity = capacity
        count = 1
        nodes[0] = NodeRecord(nw: 0, ne: 0, sw: 0, se: 0, next: 0, result: 0, partial: 0, partialStep: 0, flags: 0)
        populations[0] = 0
        let bucketCount = capacity
        buckets = .allocate(capacity: bucketCount)
        buckets.initialize(repeating: 0, count: bucketCount)
        bucketMask = bucketCount - 1
        bucketShift = UInt64(64 - bucketCount.trailingZeroBitCount)
        emptyCapacity = 64
        empties = .allocate(capacity: emptyCapacity)
        emptyCount = NodeStore.leafLevel
        leafRule = LeafRule(rule)
        _ = emptyNode(level: NodeStore.leafLevel)
    }

    deinit {
        nodes.deallocate()
        populations.deallocate()
        buckets.deallocate()
        empties.deallocate()
    }

    /// Number of live nodes (the reserved slot excluded).
    var nodeCount: Int { count - 1 }

    /// Bytes held by the arena, the index and the side arrays.
    var bytesInUse: Int {
        capacity * (MemoryLayout<NodeRecord>.stride + MemoryLayout<UInt64>.stride)
            + (bucketMask + 1) * MemoryLayout<UInt32>.stride
            + emptyCapacity * MemoryLayout<UInt32>.stride
    }

    /// The canonical empty node of `level` (≥ 3), created on first use.
    /// - Complexity: O(1) amortized.
    mutating func emptyNode(level: Int) -> NodeID {
        if level < emptyCount { return empties[level] }
        return extendEmpties(to: level)
    }
    
    mutating func extendEmpties(to level: Int) -> NodeID {
        if level >= emptyCapacity {
            var newCapacity = emptyCapacity
            while newCapacity <= level { newCapacity *= 2 }
            let grown = UnsafeMutablePointer<UInt32>.allocate(capacity: newCapacity)
            grown.update(from: empties, count: emptyCount)
            empties.deallocate()
            empties = grown
            emptyCapacity = newCapacity
        }
        while emptyCount <= level {
            let k = emptyCount
            let id: NodeID
            if k == NodeStore.leafLevel {
                id = leaf(0)
            } else {
                let e = empties[k - 1]
                id = node(e, e, e, e)
            }
            empties[k] = id
            emptyCount += 1
        }
        return empties[level]
    }

    /// Is `id` the empty node of `level`? Exact for every level whose empty node is registered;
    /// the universe registers them up to one above its root's level.
    func isEmpty(_ id: NodeID, level: Int) -> Bool {
        level < emptyCount && empties[level] == id
    }

    /// Forgets every memoized successor: results depend on the rule.
    /// - Complexity: O(nodes).
    mutating func setRule(_ rule: Rule) {
        leafRule = LeafRule(rule)
        for i in 1..<count {
            nodes[i].result = 0
            nodes[i].partial = 0
            nodes[i].partialStep = 0
        }
    }
}
