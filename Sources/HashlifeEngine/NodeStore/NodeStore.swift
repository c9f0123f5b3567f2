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
//    generations. Smaller steps 2^j (j < k-2) use the same slot: the result is tagged with
//    k-2-j (0 for the full step), so a change of step size invalidates nothing and needs no
//    sweep (Golly clears its whole table instead); a result for another step replaces it. One
//    run uses one tag per level, so the single slot loses nothing there. Tags above 63 (trees
//    more than 63 levels taller than their step: the top of huge patterns stepped by small
//    steps) are memoized in a side table, `deepResults`.
//
// Storage. Nodes live in one arena of 24-byte `NodeRecord`s; a node's id is its index in the
// arena and never changes while the node lives (id 0 is reserved: "no node", "not computed").
// The hash index is an array of bucket heads (any size: a hash is mapped onto it by a
// multiply-high, so it can grow in steps that keep it near one bucket a node) whose chains
// run through each record's `next` field. We chose stable ids over "the slot is the id" open
// addressing: a lookup costs
// a second cache miss, but growing the index rehashes chains without moving a node, and
// evicting a node (the memory budget) will be a free-list push instead of a compacting pass
// that must remap every reference held by roots, snapshots and the recursion.
//
// We measured the alternative (the slot is the id, linear probing, growth by reinserting every
// node level by level and remapping all references, the recursion unwinding to a safe point
// when the table fills). It was slower everywhere: Gosper gun to 2^1000 110 ms against 58 ms,
// a 1024² soup to generation 1024 2.12 s against 1.44 s, and 86 against 52 bytes per node.
// Each growth costs one random access per node, and 32-byte probe sequences cross cache lines.
// That was before the recursion fetched its look-ups ahead (`slotHint`). Since then a look-up's
// bucket is what it waits on most (about a quarter of jagged2's run), and a prototype with the
// slot as the id but no growth, no collection and one thread (a table of the limit's size,
// populated up front) spent 12–32% less user time on the memory-bound demos
// (docs/performance.md, "Stable ids and a chained hash index"). A store built so must still
// grow (renumbering every id, children before parents, at a safe point: about 110 ns a node
// measured, so rarely), collect (tombstones or a renumbering rebuild), let the workers claim
// slots, and touch its pages as it grows.
//
// Squares that are not nodes. A memo miss advances thirteen squares of the level below: the
// node's four children, the five squares between them, and the four squares their results
// form. Only the children are parts of the pattern; the other nine exist to be advanced, and
// making each a node (a look-up of two dependent reads, a record when new) made about four
// nodes in five. One thread keeps their full-step results in `SquareMemo` instead, keyed by
// their four children: sets of six entries in a pair of adjacent cache lines, fetched as
// soon as the children are known, a look-up answering the result itself. It is lossy (what
// it drops is computed again), sized within the limit (at most a quarter of it; the nodes
// give up room as it grows), and a collection removes its entries that name freed nodes.
// jagged2 to 2^20 on one thread: 5.5 s and 6.9 million nodes before, 3.2 s and 1.9 million
// with it. The workers of a multi-threaded step still make these squares nodes, whose memo
// slots they claim (SquareMemo.swift says why).
//
//     NodeRecord (24 bytes: six words; an id is the low 30 bits of a word)
//     ┌───────────┬───────────┬───────────┬───────────┬─────────────┬───────────────┐
//     │ nw        │ ne        │ sw        │ se        │ next        │ result        │
//     │ tag 0-1   │ tag 2-3   │ stamp 0-1 │ stamp 2-3 │ stamp 4-5   │ tag 4-5       │
//     └───────────┴───────────┴───────────┴───────────┴─────────────┴───────────────┘
//     the second row is what the top two bits of each word hold: the six-bit memo tag and
//     the six-bit recency stamp, spread over three words each.
//     leaf: words 0 and 1 hold the 64 cells whole (a leaf has no tag and no result);
//     sw = se = `leafMarker` (2^30 - 1, never a valid id); a freed record has word 3 = 0.
//
// Thirty-bit ids cap the arena at 2^30 - 1 nodes (24 GiB of records), beyond any limit this
// machine kind can give. The packing costs a mask per child read and a few shifts per memo
// look-up (about 30% more instructions on the Gosper gun to 2^1000, which fits in cache); it
// saves a third of what a node cost before (a 32-byte record with a second memo slot and
// 16-bit fields, plus a 4-byte population slot). The index doubles when it holds 1.25 nodes a
// bucket, so it costs 3.2 to 6.4 bytes a node: 27–31 bytes a live node in all (Golly: ~57).
// Once it has a million buckets it grows at 0.75 nodes a bucket instead (the records no longer
// fit in the caches, and shorter chains made Golly's demos 8–12% faster: `growIndexForInserts`),
// 5.3 to 10.7 bytes a node; at the limit, which plans one bucket a node, 28 bytes in all.
//
// A look-up costs two dependent cache misses (the bucket, then the record), and the recursion
// makes nine to fourteen of them a node. It computes each bucket as soon as it knows the key
// and asks the processor to fetch it (`slotHint`), then the chain's first record one sub-step
// later (`prefetchHead`), so the misses overlap with each other and with the work between.
// Golly's demos to 2^20 got 15–25% faster with it. A node found further down its chain moves
// to the front (as in Golly): the recursion looks the same nodes up again soon, and then the
// first record, which was fetched ahead, is the one it wants (jagged2 another 22% faster).
//
// Populations are not kept per node: a query computes them, caching the counts it makes in a
// side table by id (`SideTable`, for levels up to 15, at most 1/32 of the limit; dictionaries
// for levels 16-127, at most 1/128), which collections empty. Counts above level 127 are
// cached only in the room the nodes leave below the limit: a tree 65,000 levels deep would
// need a number of up to 130,000 bits for every node (gigabytes); past that room a count
// walks down level by level with the number of paths to each distinct node, caching nothing.
// Every cached digit counts in `cacheBytes`. What the limit does not cover: the stack of deep
// recursions (about half a kilobyte a level in a release build: some 35 MB at 2^65000).
//
// Memory limit and eviction. The store is given a limit in bytes and turns it into a node
// capacity (28 bytes a node for the record and its bucket, within all but 5/64 of the limit,
// which is left to the side tables). The
// arena is allocated at that capacity up front (up to a quarter of physical memory; beyond, it
// doubles when it gets there); pages the kernel has not been asked for cost nothing, so the
// process grows only as nodes are made, and the arena is not copied on the way.
//
// When the arena is nearly full, a collection frees nodes in least-recently-used order. Every
// record carries a six-bit recency stamp, written when the node is made, answers a memo
// look-up or gets a result (a node found by hash-consing is stepped right after, which stamps
// it); the clock ticks every 1/64 of the capacity's insertions, stops at 63, and is wound back
// by each collection, which rebases the surviving stamps. A
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
// Levels are not stored: every traversal starts at a root whose level it knows.
//
// Several threads. A universe with `threads` > 1 runs a big step's top levels as tasks on a
// pool of workers, each stepping through a view of this store that publishes nodes and memo
// results with atomics (Parallel/: the shared store's essay is in NodeStore+Shared.swift).
// Collections and deep tags never happen inside a phase: it unwinds for them, and the step's
// idle threads share the work between phases (the sweep, the chains' rebuilding, the marking of
// recent nodes; NodeStore+Collection.swift, Parallel/NodeStore+SharedMarking.swift). The index
// grows inside a phase, where one thread would grow it: ids are stable, so the workers only wait
// at their next memo miss while one of them relinks the chains (Parallel/ParallelPhase+Index.swift).
//
// All unsafe code of the engine lives in this type: the arena, the index and the side arrays are
// raw buffers owned by this non-copyable struct and freed in its deinit. Nothing in the
// stepping path uses classes, ARC, Dictionary, existentials or closures.

import Synchronization

/// Index of a node in the store's arena. 0 means "no node".
typealias NodeID = UInt32

/// One node as stored in the arena: six 32-bit words, 24 bytes. See the essay above for the
/// layout. Ids take the low 30 bits of a word; the top two bits of words 0, 1 and 5 hold the
/// memo tag of a non-leaf, those of words 2, 3 and 4 the recency stamp. The accessors mask;
/// `word0` and `word1` of a leaf are its 64 cells, whole.
struct NodeRecord {
    var word0: UInt32
    var word1: UInt32
    var word2: UInt32
    var word3: UInt32
    var word4: UInt32
    var word5: UInt32

    /// Bits of an id; the arena holds fewer than 2^30 - 1 records.
    static let idMask: UInt32 = (1 << 30) - 1
    /// Memo tags 0 ..< `tagLimit` fit in a record (six bits); deeper partial steps are memoized
    /// beside the arena (`NodeStore.deepResults`).
    static let tagLimit = 64

    /// A record with these four fields and chain link, no result, stamp `stamp`.
    @inline(__always)
    init(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, next: UInt32, stamp: UInt32) {
        let top = NodeRecord.topBits(stamp)
        word0 = a
        word1 = b
        word2 = c | top.0
        word3 = d | top.1
        word4 = next | top.2
        word5 = 0
    }

    /// The record of a freed slot: `word3` = 0 marks it, `next` links the free list.
    static func free(next: UInt32) -> NodeRecord { NodeRecord(0, 0, 0, 0, next: next, stamp: 0) }

    var nw: NodeID {
        @inline(__always) get { word0 & NodeRecord.idMask }
        set { word0 = word0 & ~NodeRecord.idMask | newValue }
    }
    var ne: NodeID {
        @inline(__always) get { word1 & NodeRecord.idMask }
        set { word1 = word1 & ~NodeRecord.idMask | newValue }
    }
    var sw: NodeID {
        @inline(__always) get { word2 & NodeRecord.idMask }
        set { word2 = word2 & ~NodeRecord.idMask | newValue }
    }
    var se: NodeID {
        @inline(__always) get { word3 & NodeRecord.idMask }
        set { word3 = word3 & ~NodeRecord.idMask | newValue }
    }
    /// Next record in the same hash chain (or on the free list), 0 at the end.
    var next: NodeID {
        @inline(__always) get { word4 & NodeRecord.idMask }
        set { word4 = word4 & ~NodeRecord.idMask | newValue }
    }
    /// The memoized result, 0 when none; which step it is for is `tag`.
    var result: NodeID { @inline(__always) get { word5 & NodeRecord.idMask } }
    /// How many levels below a full step the result is: 0 means the centre advanced
    /// 2^(level-2) generations, t means 2^(level-2-t). Meaningless for leaves and when
    /// `result` is 0.
    var tag: UInt32 { @inline(__always) get { NodeRecord.sixBits(word0, word1, word5) } }
    /// Does the record carry `tag` (< `tagLimit`)?
    @inline(__always)
    func hasTag(_ tag: UInt32) -> Bool { NodeRecord.holds(tag, word0, word1, word5) }
    /// Stores `result` for the step `tag` (< `tagLimit`) stands for. Non-leaves only.
    @inline(__always)
    mutating func setResult(_ result: NodeID, tag: UInt32) {
        let top = NodeRecord.topBits(tag)
        word0 = word0 & NodeRecord.idMask | top.0
        word1 = word1 & NodeRecord.idMask | top.1
        word5 = result | top.2
    }
    /// The recency stamp (0 ... 63).
    var stamp: UInt32 { @inline(__always) get { NodeRecord.sixBits(word2, word3, word4) } }
    @inline(__always)
    mutating func setStamp(_ stamp: UInt32) { setStamp(bits: NodeRecord.topBits(stamp)) }
    @inline(__always)
    mutating func setStamp(bits top: (UInt32, UInt32, UInt32)) {
        word2 = word2 & NodeRecord.idMask | top.0
        word3 = word3 & NodeRecord.idMask | top.1
        word4 = word4 & NodeRecord.idMask | top.2
    }

    // A six-bit field (the tag, the stamp) lives in the top two bits of three words: bits 0-1
    // in the first, 2-3 in the second, 4-5 in the third.

    /// The top bits of the three words that hold `value` (< 64).
    @inline(__always)
    static func topBits(_ value: UInt32) -> (UInt32, UInt32, UInt32) {
        (value &<< 30, (value >> 2) &<< 30, (value >> 4) &<< 30)
    }
    /// The six-bit value the three words hold.
    @inline(__always)
    static func sixBits(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt32 {
        a >> 30 | (b >> 30) &<< 2 | (c >> 30) &<< 4
    }
    /// Do the three words hold `value`? (Compares the top bits in place.)
    @inline(__always)
    static func holds(_ value: UInt32, _ a: UInt32, _ b: UInt32, _ c: UInt32) -> Bool {
        holds(bits: topBits(value), a, b, c)
    }
    /// Do the three words hold the value whose `topBits` are `top`?
    @inline(__always)
    static func holds(bits top: (UInt32, UInt32, UInt32), _ a: UInt32, _ b: UInt32, _ c: UInt32) -> Bool {
        ((a ^ top.0) | (b ^ top.1) | (c ^ top.2)) >> 30 == 0
    }

    // The same fields read as a record's three 64-bit words (`NodeStore.recordWords`: words
    // 0-1, 2-3 and 4-5, the first of each pair in the low half): the tag's bits are the top
    // two of each half of the first word and of the high half of the third, the stamp's the
    // top two of each half of the second word and of the low half of the third.

    /// `value` as a tag, placed as in a record's first and third 64-bit words.
    static func tagWords(_ value: UInt32) -> FieldWords {
        let top = topBits(value)
        return FieldWords(pair: UInt64(top.0) | UInt64(top.1) &<< 32, single: UInt64(top.2) &<< 32,
                          singleMask: 0xC000_0000_0000_0000)
    }

    /// `value` as a stamp, placed as in a record's second and third 64-bit words.
    static func stampWords(_ value: UInt32) -> FieldWords {
        let top = topBits(value)
        return FieldWords(pair: UInt64(top.0) | UInt64(top.1) &<< 32, single: UInt64(top.2), singleMask: 0xC000_0000)
    }

    /// Do a record's 64-bit words `pair` and `single` hold `field` (the first and third
    /// words for a tag, the second and third for a stamp)?
    @inline(__always)
    static func holds(_ field: FieldWords, _ pair: UInt64, _ single: UInt64) -> Bool {
        ((pair ^ field.pair) & 0xC000_0000_C000_0000) | ((single ^ field.single) & field.singleMask) == 0
    }

    /// A leaf's 64 cells.
    var cells: UInt64 { @inline(__always) get { UInt64(word0) | UInt64(word1) &<< 32 } }
    var isLeaf: Bool { @inline(__always) get { se == NodeStore.leafMarker } }
    var isFree: Bool { @inline(__always) get { word3 == 0 } }
}

/// A six-bit field (a tag or a stamp) as two of a record's 64-bit words hold it
/// (`NodeRecord.tagWords`, `NodeRecord.stampWords`): the bits of the word whose halves both
/// carry two, and of the word with one half carrying two, with that half's mask.
struct FieldWords: Equatable {
    var pair: UInt64
    var single: UInt64
    var singleMask: UInt64
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
    /// A multi-threaded step stopped for the store's upkeep (its index must grow, its arena is
    /// nearly full) or because another worker stopped; the step reruns (Parallel/).
    case paused
}

/// The canonical node store: arena, hash index, memo slots, population caches and the rule's
/// leaf stepper. Owned by exactly one `Universe`.
struct NodeStore: ~Copyable {
    /// Marker in `sw` and `se` of a leaf record.
    static let leafMarker: UInt32 = NodeRecord.idMask
    /// Level of a leaf: 8×8 cells.
    static let leafLevel = 3
    /// Largest arena: ids must stay below `leafMarker` (about 10^9 nodes, 24 GiB of records).
    static let maximumCapacity = Int(NodeRecord.idMask)

    var nodes: UnsafeMutablePointer<NodeRecord>
    /// Arena slots ever used (the high-water mark), including the reserved slot 0.
    var count: Int
    var capacity: Int
    /// Head of the list of freed records (linked through `next`), 0 when none.
    var freeHead: UInt32 = 0
    /// Records on the free list.
    var freeCount = 0
    /// Have workers of a parallel phase stamped records since the last sweep? Their stamps are
    /// written word by word, so two racing ones can tear into a value above the clock (the two
    /// bits of each word from either tick: 30 and 33 can leave 46); the next sweep clamps
    /// them, and until then the invariant checks allow them.
    var workersStamped = false
    /// Nodes the memory limit allows beside the square memo as it now is
    /// (`fitNodesToSquareMemo`).
    var limitCapacity: Int
    /// Nodes the memory limit's plan allows, the square memo aside (the arena is allocated at
    /// this size).
    var plannedNodes: Int
    /// The memory limit in bytes, as given.
    var limitBytes: Int
    /// Recency clock for least-recently-used eviction (see the essay), 1 ... `maximumTick`;
    /// stamps live in the records.
    var tick: UInt32 = 1 {
        didSet {
            tickBits = NodeRecord.topBits(tick)
            tickWords = NodeRecord.stampWords(tick)
        }
    }
    /// `tick` as a record's stamp bits (`NodeRecord.topBits`), for the recursion's stamp checks.
    var tickBits = NodeRecord.topBits(1)
    /// `tick` as a record's 64-bit words hold it (`NodeRecord.stampWords`), for the memo hits'
    /// stamp checks.
    var tickWords = NodeRecord.stampWords(1)
    static let maximumTick: UInt32 = 63
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
    /// The nodes the roots and pins alone needed when the last collection could not get them
    /// under the limit, else nil.
    var rootsNeed: Int?

    var buckets: UnsafeMutablePointer<UInt32>
    /// Buckets allocated; the index uses the first `bucketCount`.
    var bucketCapacity: Int
    /// The largest index the limit plans for (one bucket a node of its capacity; the index
    /// grows towards it, then stays: `growIndexForInserts`).
    var plannedBuckets: Int
    /// Buckets in use (any size: a hash maps to one by multiplying, not masking).
    var bucketCount: Int

    /// Results of partial steps too deep for a record's tag (`NodeRecord.tagLimit`): key
    /// id << 32 | step. Few (the tops of trees much bigger than their step); dropped by every
    /// collection.
    var deepResults = SideTable()

    /// Populations of nodes up to level 15 that were asked for, by id.
    var populations = SideTable()
    /// Populations of nodes of levels 16 to 31 (few: the top of trees), filled when asked.
    var wordPopulations: [UInt32: UInt64] = [:]
    /// Populations of nodes of levels 32 to `cachedBigPopulationLevel`, whose 4^k cells may
    /// not fit in a UInt64 (above that level counts are not cached).
    var bigPopulations: [UInt32: BigUInt] = [:]
    /// Bytes `wordPopulations` and `bigPopulations` hold (entries and the numbers' digits), and
    /// the most they may: when full they are emptied and refilled (they are caches).
    var largePopulationBytes = 0
    var largePopulationMaximumBytes: Int
    /// Populations of nodes above `cachedBigPopulationLevel`, while they fit
    /// (`deepPopulationRoom`), and the bytes they hold.
    var deepPopulations: [UInt32: BigUInt] = [:]
    var deepPopulationBytes = 0

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
    /// The counters when the hit rate was last measured, and whether level-6 misses are
    /// stepped as 64×64 squares (see `measureReuse`).
    var reuseMark: (hits: UInt64, misses: UInt64) = (0, 0)
    /// Has `measureReuse` looked yet? (Its first look comes sooner.)
    var reuseMeasured = false
    var stepsSquare64 = false
    /// The phase of a multi-threaded step a worker's view belongs to (Parallel/; nil for the
    /// universe's own store). A view steps in `SharedStep` mode: hash-consing publishes records
    /// with a compare-and-swap, takes ids from chunks of the shared arena, and reads and writes
    /// memo slots with atomics.
    var phase: ParallelPhase? = nil
    /// The workers of that phase, and their count of those waiting for a task
    /// (`WorkerPool.hungry`, kept apart so that the check on every big miss retains nothing):
    /// a view forks a big miss of its own recursion when one of them has nothing to do
    /// (`isHungry`).
    var pool: WorkerPool? = nil
    var hungry: UnsafeMutablePointer<Atomic<Int>>? = nil
    /// False for a worker's view: the arena, index and empties belong to the universe's store.
    var ownsBuffers = true
    /// How many fresh ids a view holds (in `pins`, which a view does not need), and an id a
    /// lost insertion race gave back.
    var chunkNext = 0
    /// The full-step results of squares that are not nodes (`SquareMemo`): a single-threaded
    /// step's memo for the nine squares of each frame that are not the node's children. A view
    /// shares the store's and does not use it.
    var squares: SquareMemo
    var emergencyCount = 0
    var spareID: NodeID = 0
    /// Set when the view's chunks went past what the phase may use: the next miss unwinds.
    var mustPause = false
    /// Room a universe with several threads keeps free at the top of the arena: every worker's
    /// chunk of ids beyond the point where a phase pauses (single-threaded steps collect
    /// that much earlier).
    var parallelHeadroom = 0
    /// A single-threaded step that has made this many misses and is still running at
    /// `forkTime` (`monotonicNanoseconds`, looked at every 1024 misses) unwinds (`.paused`)
    /// to go on with several threads (`Universe.successor(ofPadded:)`); `.max` otherwise.
    var missBudget: UInt64 = .max
    var forkTime: UInt64 = 0
    /// True steps every level-6 miss as a 64×64 square whatever the hit rate (for tests), and
    /// the number of squares so stepped.
    var forcesSquare64 = false {
        didSet { stepsSquare64 = forcesSquare64 }
    }
    var square64Steps = 0
    /// The kernels the direct squares of outer-totalistic rules are stepped with
    /// (`NodeStore+VectorKernels.swift`): the best the processor runs; tests choose others to
    /// compare them.
    var vectorKernels = NodeStore.availableVectorKernels
    /// Misses a worker forked because another had nothing to do (`isHungry`).
    var demandForks = 0
    /// The phase's `growth` word, which a view looks at on every miss (`wantsIndexGrowth`).
    var indexGrowth: UnsafeMutablePointer<Atomic<Int>>? = nil

    /// A store for `rule` whose nodes, index and side storage stay within `memoryLimit` bytes.
    init(rule: Rule, memoryLimit: Int) {
        let plan = NodeStore.plan(memoryLimit: memoryLimit)
        limitBytes = memoryLimit
        populations.maximumBytes = NodeStore.sideTableBytes(memoryLimit: memoryLimit)
        deepResults.maximumBytes = populations.maximumBytes
        largePopulationMaximumBytes = NodeStore.largePopulationBytes(memoryLimit: memoryLimit)
        squares = NodeStore.emptySquareMemo(memoryLimit: memoryLimit)
        plannedNodes = plan.nodes
        limitCapacity = NodeStore.nodeCapacity(planned: plan.nodes, memoBytes: squares.bytes)
        plannedBuckets = limitCapacity
        capacity = min(plan.nodes, NodeStore.allocationCeiling)
        nodes = NodeStore.allocateLarge(NodeRecord.self, capacity: capacity)
        count = 1
        nodes[0] = .free(next: 0)
        let initialBuckets = min(1 << 12, plan.buckets)
        bucketCapacity = initialBuckets
        buckets = NodeStore.allocateIndex(count: bucketCapacity)
        buckets.initialize(repeating: 0, count: initialBuckets)
        bucketCount = initialBuckets
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
        pins.deallocate()
        guard ownsBuffers else { return }
        squares.deallocate()
        nodes.deallocate()
        NodeStore.freeIndex(buckets)
        empties.deallocate()
    }

    /// Number of live nodes (the reserved slot and freed records excluded).
    var nodeCount: Int { count - 1 - freeCount }

    /// Bytes the store has touched: arena records up to the high-water mark, the index in use,
    /// the square memo, the population caches, deep results and the small side arrays. Pages beyond the
    /// high-water mark are allocated but never touched, so they cost no resident memory.
    var bytesInUse: Int {
        count * NodeStore.bytesPerRecord
            + bucketCount * MemoryLayout<UInt32>.stride
            + squares.bytes
            + cacheBytes
            + (emptyCapacity + pinCapacity) * MemoryLayout<UInt32>.stride
    }

    /// The part of `bytesInUse` held by caches that queries fill and collections empty: the
    /// populations and the deep results.
    var cacheBytes: Int {
        populations.bytes + deepResults.bytes + largePopulationBytes + deepPopulationBytes
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
    @inline(__always)
    func isEmpty(_ id: NodeID, level: Int) -> Bool {
        level < emptyCount && empties[level] == id
    }

    /// Forgets every memoized successor: results depend on the rule.
    /// - Complexity: O(nodes).
    mutating func setRule(_ rule: Rule) {
        leafRule = LeafRule(rule)
        for i in 1..<count where !nodes[i].isFree && !nodes[i].isLeaf {
            nodes[i].setResult(0, tag: 0)
        }
        squares.removeAll()
        deepResults.removeAll()
    }
}

extension NodeStore {
    /// The record of `id`: the one way code outside the store's own files reads the arena.
    /// Debug builds check that `id` lies inside the arena and names a live record (not one on
    /// the free list: `checkInvariant`); release builds read the record directly, at no cost.
    @inline(__always)
    func record(_ id: NodeID) -> NodeRecord {
        checkInvariant(Int(id) < count, "node \(id) is outside the arena (\(count) records)")
        checkInvariant(id == 0 || !nodes[Int(id)].isFree, "node \(id) was freed")
        return nodes[Int(id)]
    }
}
