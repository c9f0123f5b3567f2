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
//    overlapping sub-squares (Stepping/HashlifeStore+Successor.swift, written once for every
//    store) and stored in the node's
//    `result` slot. Because the children's results are memoized too, a jump of 2^k generations
//    costs about as much as the number of distinct nodes involved, not the number of
//    generations. Smaller steps 2^j (j < k-2) use the same slot: the result is tagged with
//    k-2-j (0 for the full step), so a change of step size invalidates nothing and needs no
//    sweep (Golly clears its whole table instead); a result for another step replaces it. One
//    run uses one tag per level, so the single slot loses nothing there. Tags above 63 (trees
//    more than 63 levels taller than their step) are memoized in a side table.
//
// Squares that are not nodes. A memo miss advances thirteen squares of the level below: the
// node's four children, the five squares between them, and the four squares their results
// form. Only the children are parts of the pattern; the other nine exist to be advanced, and
// making each a node would make about four nodes in five. One thread keeps their full-step
// results in a lossy cache keyed by their four children instead (MemoCaches/SquareMemo.swift).
//
// The parts. The store holds six stored properties, each a part with its own type (storage
// apart from policy, as swift-collections keeps its raw pointers in handle types):
//   - `NodeArena` (NodeArena/): the raw buffers: records, free list, hash index, empty nodes,
//     pin stack. The only code that reads or writes them directly.
//   - `Collector` (Collector/): the recency clock, the roots and pins, and the
//     least-recently-used collection that keeps the store within its memory limit.
//   - `MemoryPlan` (NodeStore/MemoryPlan.swift): how the limit is shared among nodes, index and
//     caches.
//   - `MemoCaches` (MemoCaches/): the results that do not fit a record's slot: the square memo
//     and the deep partial steps.
//   - `PopulationCache` (PopulationCache/): the populations queries have counted.
//   - `StepState` (Stepping/): the leaf stepper, the kernel choice, counters, cancellation.
// Levels are not stored: every traversal starts at a root whose level it knows.
//
// One recursion, two steppers. The single-threaded recursion runs on this store
// (Stepping/HashlifeStore+Successor.swift, with this store's hooks in NodeStore+Recursion.swift);
// a universe with `threads` > 1 hands a big step's top
// levels to `ParallelStepper`, whose workers each step through a `WorkerView` that shares the
// arena and publishes nodes and memo results with atomics (Parallel/, NodeArena+Shared.swift).
// Both conform to `Stepper`, which holds what the two recursions share. Collections and deep tags never
// happen inside a multi-threaded phase: it unwinds for them, and the step's idle threads share
// the work between phases (the sweep, the chains' rebuilding, the marking of recent nodes).
//
// Nothing in the stepping path uses classes, ARC, Dictionary, existentials or closures.

import Synchronization

/// The canonical node store: the arena of nodes and its index, the collector that keeps it
/// within its memory limit, the memo and population caches, and the stepping recursion's
/// state. Owned by exactly one `Universe`; a non-copyable struct whose methods take it
/// `inout`, so the recursion pays no exclusivity checks.
struct NodeStore: ~Copyable {
    /// Level of a leaf: 8×8 cells.
    static let leafLevel = TwoStateArena.leafLevel

    /// Records, free list, hash index, empty nodes and pin stack.
    var arena: TwoStateArena
    /// Recency clock, roots, pins and collection counters.
    var collector: Collector
    /// How the memory limit is shared out.
    var plan: MemoryPlan
    /// Results kept beside the records: the square memo and deep partial steps.
    var memo: MemoCaches
    /// Counted populations.
    var populations: PopulationCache
    /// The recursion's leaf stepper, kernel choice, counters and cancellation.
    var stepping: StepState


    /// A store for `rule` whose nodes, index and side storage stay within `memoryLimit` bytes.
    init(rule: Rule, memoryLimit: Int) {
        memo = MemoCaches(memoryLimit: memoryLimit)
        plan = MemoryPlan(memoryLimit: memoryLimit, memoBytes: memo.squares.bytes)
        populations = PopulationCache(memoryLimit: memoryLimit)
        arena = TwoStateArena(capacity: min(plan.plannedNodes, MemoryPlan.allocationCeiling),
                          buckets: min(1 << 12, plan.plannedBuckets))
        collector = Collector(insertsPerTick: max(plan.nodeCapacity / 64, 64))
        stepping = StepState(rule: rule)
        _ = emptyNode(level: NodeStore.leafLevel)
    }

    /// Frees the arena (a handle the workers' views copy: NodeArena.swift); the memo caches
    /// free themselves.
    deinit { arena.deallocate() }

    /// Number of live nodes (the reserved slot and freed records excluded).
    var nodeCount: Int { arena.liveCount }

    /// Bytes the store has touched: arena records up to the high-water mark, the index in use,
    /// the square memo, the caches and the small side arrays.
    var bytesInUse: Int { arena.bytesInUse + memo.squares.bytes + cacheBytes }

    /// The part of `bytesInUse` held by caches that queries fill and collections empty: the
    /// populations and the deep results.
    var cacheBytes: Int { populations.bytes + memo.deepResults.bytes }

    /// The record of `id`: the one way code outside the store's own files reads a node. Debug
    /// builds check that `id` lies inside the arena and names a live record.
    @inline(__always)
    func record(_ id: NodeID) -> NodeRecord { arena.record(id) }

    /// Is `id` a leaf (level 3)?
    func isLeaf(_ id: NodeID) -> Bool { arena[id].isLeaf }

    /// The 64 cells of a leaf.
    func leafBits(_ id: NodeID) -> UInt64 { arena.cells(id) }

    /// The canonical empty node of `level` (≥ 3), created on first use.
    /// - Complexity: O(1) amortized.
    mutating func emptyNode(level: Int) -> NodeID {
        while arena.emptyCount <= level {
            let k = arena.emptyCount
            let e = k == NodeStore.leafLevel ? NodeID(0) : arena.empty(k - 1)
            arena.registerEmpty(k == NodeStore.leafLevel ? leaf(0) : node(e, e, e, e))
        }
        return arena.empty(level)
    }

    /// Is `id` the empty node of `level`? Exact for every level whose empty node is registered;
    /// the universe registers them up to one above its root's level.
    @inline(__always)
    func isEmpty(_ id: NodeID, level: Int) -> Bool { arena.isEmpty(id, level: level) }

    /// Forgets every memoized successor: results depend on the rule.
    /// - Complexity: O(nodes).
    mutating func setRule(_ rule: Rule) {
        stepping.leafRule = LeafRule(rule)
        arena.clearResults()
        memo.removeAll()
    }
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
    /// A multi-threaded step stopped for the store's upkeep or because another worker stopped,
    /// or a single-threaded one reached the point where it goes on with threads (Parallel/).
    case paused
}
