// Memory limit and eviction
// =========================
//
// The store is given a limit in bytes and turns it into a node capacity (`MemoryPlan`). When
// the arena is nearly full, a collection frees nodes in least-recently-used order. Every record
// carries a six-bit recency stamp, written when the node is made, answers a memo look-up or
// gets a result (a node found by hash-consing is stepped right after, which stamps it); the
// clock ticks every 1/64 of the capacity's insertions, stops at 63, and is wound back by each
// collection, which rebases the surviving stamps. A collection keeps, each set closed under
// children:
//   1. the roots: the universe's root, the step's padded root, every pinned state (`RootPins`:
//      kept generations, undo history, cycle-detection keys) and the canonical empty nodes;
//      and the recursion in progress: once a step has reached the limit (it reruns so), each
//      `successor` frame pushes its node and every sub-result it holds onto the pin stack, so a
//      collection can run in the middle of the step; steps far from the limit skip the pins;
//   2. every memo result those reach, transitively (Golly's mark), unless that leaves less
//      than a quarter of the capacity free;
//   3. the most recently used nodes, half the capacity's worth (else a quarter, a tenth),
//      with their memo results.
// Everything else is unlinked from its hash chain and pushed on the free list; a surviving
// node's memo slot that names an evicted node is cleared. If set 1 alone does not fit, the
// step unwinds (`StepInterruption.outOfMemory`); the universe splits it in two, down to single
// generations, and then reports how much memory the pattern needs.
//
// A step whose working set exceeds the limit is the hard case: every evicted result it needs
// again is recomputed, and recomputing it needs results that were evicted too, so the work can
// snowball (Golly's HashLife slows 23–37× on its oddity demos at 100 MB). We bound it: a step
// that needs more than `Universe.collectionsPerStep` collections unwinds (`.thrashing`) and is
// split into two half-size steps, whose working sets are smaller; the results it computed at
// the lower levels stay memoized and serve the halves. Keeping the results the roots reach
// matters most: with the recency set alone, recomputation can grow exponentially.
//
// Collections run only at safe points, where every id held outside the store is a root or on
// the pin stack: on a memo miss inside `successor`, and on entry to the universe's editing and
// stepping methods. Between safe points at most `MemoryPlan.reserve` nodes are made; a bulk
// load that needs more than the limit grows the arena past it (counted, never lost).

/// What decides which nodes survive a collection: the recency clock, the roots and pinned
/// states, whether the recursion pins what it holds, the step's allowance of collections, and
/// the collections' counters. The marking is in Collector+Marking.swift; the pin stack itself is
/// the arena's.
///
/// Record-agnostic: it holds ids, counters and the clock, and collects a `NodeArena` of any
/// `ArenaRecord` (`collect(_:capacity:threads:alsoKeeping:)`); only the marking of an unfinished
/// multi-threaded step (Collector+Unfinished.swift) reads the two-state record's memo tags.
struct Collector {
    /// The recency clock the records' stamps are read against.
    var clock: RecencyClock
    /// Does the recursion push the ids it holds on the pin stack? Only steps that reach the limit
    /// need to (they rerun pinned); the others skip the cost.
    var pinning = false
    /// The universe's current root and the padded root of the step in progress (0 when none).
    var liveRoot: NodeID = 0
    var stepRoot: NodeID = 0
    /// Roots pinned by kept states, keys and clips.
    let pinned = RootPins()
    /// Collections the current step may run before it unwinds with `.thrashing`, and those it
    /// ran.
    var collectionsAllowed = Int.max
    var collectionsThisStep = 0
    /// True makes collections keep only what the roots and pins reach through children: no memo
    /// results, no recent nodes (for tests of the pins).
    var collectsToTheMinimum = false
    /// Have workers of a multi-threaded phase stamped records since the last sweep? Their stamps
    /// can tear above the clock (NodeArena+Shared.swift); the next sweep clamps them, and until
    /// then the invariant checks allow them.
    var workersStamped = false
    /// Counters: collections, nodes they freed, their time, and growths of the arena past the
    /// limit.
    var collections = 0
    var evictions: UInt64 = 0
    var collectionTime: Duration = .zero
    var overLimitGrowths = 0
    /// The nodes the roots and pins alone needed when the last collection could not get them
    /// under the limit, else nil.
    var rootsNeed: Int?

    init(insertsPerTick: Int) {
        clock = RecencyClock(insertsPerTick: insertsPerTick)
    }
}

/// The clock recency stamps are written with: 1 … `maximumTick`, one tick every
/// `insertsPerTick` insertions, wound back by each collection (which rebases the stamps it
/// keeps). `tick` is any record's; its bits as the two-state `NodeRecord` holds them are kept
/// beside it for that engine's recursion (a record of another layout reads `tick`).
struct RecencyClock {
    static let maximumTick: UInt32 = 63

    var tick: UInt32 = 1 {
        didSet {
            bits = NodeRecord.topBits(tick)
            words = NodeRecord.stampWords(tick)
        }
    }
    /// `tick` as a record's stamp bits (`NodeRecord.topBits`), for the stamps the recursion
    /// writes.
    private(set) var bits = NodeRecord.topBits(1)
    /// `tick` as a record's 64-bit words hold it (`NodeRecord.stampWords`), for the memo hits'
    /// stamp checks.
    private(set) var words = NodeRecord.stampWords(1)
    var insertsThisTick = 0
    var insertsPerTick: Int

    init(insertsPerTick: Int) { self.insertsPerTick = insertsPerTick }

    /// Counts one insertion.
    @inline(__always)
    mutating func countInsert() {
        insertsThisTick += 1
        if insertsThisTick == insertsPerTick {
            insertsThisTick = 0
            if tick < RecencyClock.maximumTick { tick += 1 }
        }
    }

    /// Counts `inserted` insertions at once (a multi-threaded phase's, whose workers stamped
    /// with the same clock as it ran: `ParallelPhase.tick`).
    mutating func count(_ inserted: Int) {
        (tick, insertsThisTick) = RecencyClock.advanced(tick, insertsThisTick, by: inserted, perTick: insertsPerTick)
    }

    /// The clock (`tick`, `insertsThisTick`) after `inserted` more insertions: one tick every
    /// `perTick`, stopping at `maximumTick`.
    static func advanced(_ tick: UInt32, _ insertsThisTick: Int, by inserted: Int, perTick: Int) -> (UInt32, Int) {
        let total = insertsThisTick + inserted
        return (UInt32(min(Int(tick) + total / perTick, Int(RecencyClock.maximumTick))), total % perTick)
    }
}
