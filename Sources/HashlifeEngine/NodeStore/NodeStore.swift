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
// Memory limit and eviction. The store is given a limit in bytes and turns it into a node
// capacity (36 bytes a node for the record and its population slot, plus the hash index). The
// arena is allocated at that capacity up front (up to a quarter of physical memory; beyond, it
// doubles when it gets there); pages the kernel has not been asked for cost nothing, so the
// process grows only as nodes are made, and the arena is not copied on the way.
//
// When the arena is nearly full, a collection frees nodes in least-recently-used order. Every
// record carries a recency stamp (`flags`), written when the node is made, answers a memo
// look-up or gets a result (a node found by hash-consing is stepped right after, which stamps
// it); the clock ticks every 1/64 of the capacity's insertions. A
// collection keeps, each set closed under children:
//   1. the roots: the universe's root, the step's padded root, every pinned state (`RootPins`:
//      kept generations, undo history, cycle-detection keys) and the canonical empty nodes;
//      and the recursion in progress: once a step has reached the limit (it reruns so), each
//      `successor` frame pushes its node and every sub-result it holds onto a pin stack, so a
//      collection can run in the middle of the step; steps far from the limit skip the pins;
//   2. every memo result those reach, transitively (Golly's mark), unless that leaves less
//      than a quarter of the capacity free;
//   3. the most recently used nodes, half the capacity's worth (else a quarter, a tenth),
//      with their memo results.
// Everything else is unlinked from its hash chain and pushed on a free list; a surviving
// node's memo slot that names an evicted node is cleared. If set 1 alone does not fit, the
// step unwinds (`StepInterruption.outOfMemory`); the universe splits it in two, down to single
// generations, and then reports how much memory the pattern needs.
//
// A step whose working set exceeds the limit is the hard case: every evicted result it needs
// again is recomputed, and recomputing it needs results that were evicted too, so the work can
// snowball (Golly's HashLife slows 23–37× on its oddity demos at 100 MB). We bound it: a step
// that needs more than `Universe.collectionsPerStep` collections unwinds (`.thrashing`) and is
// split into two half-size steps, whose working sets are smaller; the results it computed at
// the lower levels stay memoized and serve the halves. Measured (Golly's demos to 2^20):
// within 1.2× of the unlimited time while the limit holds about half the working set, a
// steady crawl below that (hashlife-oddity1 makes ~1.1M nodes: 0.6 s unlimited, 0.7 s at
// 48 MB, 45 s at 32 MB). Keeping results reachable from the roots matters most: without it, the
// recency set alone let recomputation grow exponentially.
//
// Collections run only at safe points, where every id held outside the store is a root or on
// the pin stack: on a memo miss inside `successor`, and on entry to the universe's editing and
// stepping methods. Between safe points at most `reserve` nodes are made; a bulk load that needs
// more than the limit grows the arena past it (counted, never lost).
//
// Levels are not stored: every traversal starts at a root whose level it knows. Populations are
// cached lazily beside the arena (UInt32 up to level 15, whose 4^15 cells fit; side tables above:
// UInt64 to level 31, big integers beyond).
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
    /// The roots and the recursion's pinned nodes alone need `nodes` nodes, more than the limit.
    case outOfMemory(nodes: Int)
    /// The store reached its limit during a recursion that does not pin its ids; it reruns pinned.
    case needsPins
    /// The step needed more collections than `collectionsAllowed`: its working set does not fit,
    /// and smaller steps (whose working sets are smaller) will recompute less.
    case thrashing
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
    /// Arena slots ever used (the high-water mark), including the reserved slot 0.
    var count: Int
    var capacity: Int
    /// Head of the list of freed records (linked through `next`), 0 when none.
    var freeHead: UInt32 = 0
    /// Records on the free list.
    var freeCount = 0
    /// Nodes the memory limit allows (the arena is allocated at this size).
    var limitCapacity: Int
    /// The memory limit in bytes, as given.
    var limitBytes: Int
    /// Recency clock for least-recently-used eviction (see the essay); stamps live in `flags`.
    var tick: UInt16 = 1
    var insertsThisTick = 0
    var insertsPerTick: Int
    /// Does the recursion push the ids it holds on the pin stack? Only steps that reach the limit
    /// need to (they rerun pinned); the others skip the cost.
    var pinning = false
    /// Ids the recursion holds (see `successor`); collections keep them.
    var pins: UnsafeMutablePointer<UInt32>
    var pinCount = 0
    var pinCapacity: Int
    /// The universe's current root and the padded root of the step in progress (0 when none).
    var liveRoot: NodeID = 0
    var stepRoot: NodeID = 0
    /// Roots pinned by kept states and keys.
    let pinned = RootPins()
    /// Collections the current step may run before it unwinds with `.thrashing`.
    var collectionsAllowed = Int.max
    var collectionsThisStep = 0
    /// True makes collections keep only what the roots and pins reach through children: no
    /// memo results, no recent nodes (for tests of the pins).
    var collectsToTheMinimum = false
    /// Collection counters.
    var collections = 0
    var evictions: UInt64 = 0
    var collectionTime: Duration = .zero
    var overLimitGrowths = 0

    var buckets: UnsafeMutablePointer<UInt32>
    /// Buckets allocated; the index uses the first `bucketMask + 1`.
    var bucketCapacity: Int
    /// The largest index the limit plans for (it grows to this at load 0.75, then stays).
    var plannedBuckets: Int
    /// `bucketCount - 1`; bucketCount is a power of two.
    var bucketMask: Int
    var bucketShift: UInt64

    /// Population cache of nodes up to `arrayPopulationLevel`, parallel to `nodes`;
    /// `unknownPopulation` until first asked.
    var populations: UnsafeMutablePointer<UInt32>
    static let unknownPopulation: UInt32 = .max
    /// Populations of nodes of levels 16 to 31 (few: the top of trees), filled when asked.
    var wordPopulations: [UInt32: UInt64] = [:]
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

    /// A store for `rule` whose nodes, index and side storage stay within `memoryLimit` bytes.
    init(rule: Rule, memoryLimit: Int) {
        let plan = NodeStore.plan(memoryLimit: memoryLimit)
        limitBytes = memoryLimit
        limitCapacity = plan.nodes
        plannedBuckets = plan.buckets
        capacity = min(plan.nodes, NodeStore.allocationCeiling)
        nodes = .allocate(capacity: capacity)
        populations = .allocate(capacity: capacity)
        count = 1
        nodes[0] = NodeRecord(nw: 0, ne: 0, sw: 0, se: 0, next: 0, result: 0, partial: 0, partialStep: 0, flags: 0)
        populations[0] = 0
        let initialBuckets = min(1 << 12, plan.buckets)
        bucketCapacity = initialBuckets
        buckets = .allocate(capacity: bucketCapacity)
        buckets.initialize(repeating: 0, count: initialBuckets)
        bucketMask = initialBuckets - 1
        bucketShift = UInt64(64 - initialBuckets.trailingZeroBitCount)
        insertsPerTick = max(limitCapacity / 64, 64)
        pinCapacity = 1024
        pins = .allocate(capacity: pinCapacity)
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
        pins.deallocate()
    }

    /// Number of live nodes (the reserved slot and freed records excluded).
    var nodeCount: Int { count - 1 - freeCount }

    /// Bytes the store has touched: arena records and population slots up to the high-water
    /// mark, the index in use, big populations and the small side arrays. Pages beyond the
    /// high-water mark are allocated but never touched, so they cost no resident memory.
    var bytesInUse: Int {
        count * NodeStore.bytesPerRecord
            + (bucketMask + 1) * MemoryLayout<UInt32>.stride
            + (bigPopulations.count + wordPopulations.count) * NodeStore.bytesPerBigPopulation
            + (emptyCapacity + pinCapacity) * MemoryLayout<UInt32>.stride
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
