// What the one Hashlife recursion needs from a store, whatever its cell layout.
//
// The recursion (HashlifeStore+Successor.swift) is written once,
// against this protocol: memo look-ups and misses, the safe point where a store collects, the
// full step with its square memo, the partial step, the joining of nine squares into four. A
// store supplies what depends on how its records pack their fields and what its leaves hold:
// the memo slot's read and write, the direct step of its smallest squares, the centre of four
// leaves, its look-up hints, its counters and what it polls. The two-state store (8×8 bit
// leaves) and the multi-state store (4×4 byte leaves) are its conformers; a new cell layout is a
// record, a store and these hooks.
//
// Release builds compile the engine as one module and specialise the recursion for each store,
// hooks inlined. Builds that compile file by file (the optimised test build) specialise it where
// the entry points are (`NodeStore.successor(ofRoot:level:step:)` and the multi-state one, in
// HashlifeStore+Successor.swift), so neither store's step goes through witness tables.

/// A record the recursion steps: a node's four children, a square's record, the memo tags it
/// holds.
protocol HashlifeRecord: ArenaRecord {
    var nw: NodeID { get }
    var ne: NodeID { get }
    var sw: NodeID { get }
    var se: NodeID { get }
    /// A record naming four children (of one level, above the leaves) and nothing else: the
    /// square they make, which the recursion steps without making it a node.
    static func square(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID) -> Self
    /// Memo tags 0 ..< `tagLimit` fit in a record; the recursion keeps deeper ones beside it
    /// (`MemoCaches.deepResults`).
    static var tagLimit: Int { get }
}

/// A store the Hashlife recursion steps on one thread.
///
/// Contracts, which the recursion relies on:
/// - `memoHit` answers the result memoized for `id` under `sub`'s tag (< `Record.tagLimit`),
///   stamping the node as recently used and counting the hit, or 0 when the slot holds none;
///   `memoize(_:result:tag:)` writes it and stamps the node.
/// - `directStep` answers the result of a miss that the store steps without recursion: at
///   every step of level 4, or of level 3 (the recursion then steps level 4 from level-3
///   squares, whose grandchildren are leaves); it never answers for levels above the ones it
///   steps directly.
/// - `centre` makes the centre of the square of four nodes of `level`, leaves included.
/// - `slotHint`/`node(_:_:_:_:hint:)`/`prefetchHead` are `node`'s look-up split in two, so that
///   several look-ups overlap their cache misses.
/// - `poll` is called every 1024 misses and throws what should stop the step.
protocol HashlifeStore: QuadtreeStore, ~Copyable {
    associatedtype Record: HashlifeRecord

    var arena: NodeArena<Record> { get set }
    var collector: Collector { get set }
    var memo: MemoCaches { get set }

    /// What the look-ups of one level and step share (`SubSteps`), given the tag.
    func subSteps(level: Int, step: Int, tag: Int) -> SubSteps
    /// The memoized result of `id` for `sub`, stamped and counted, or 0.
    mutating func memoHit(_ id: NodeID, _ sub: SubSteps) -> NodeID
    /// Counts a memo hit found beside the records (the deep results, the square memo).
    mutating func countHit()
    /// Stamps `id` as recently used (unless its stamp is the clock's already).
    mutating func stamp(_ id: NodeID)
    /// Counts a miss; answers the misses counted so far.
    mutating func countMiss() -> UInt64
    /// Stores `result` in the record of `id` for `tag` (< `Record.tagLimit`) and stamps it.
    mutating func memoize(_ id: NodeID, result: NodeID, tag: Int)

    /// The result of a miss stepped directly, or nil for the recursion.
    mutating func directStep(_ record: Record, level: Int, step: Int) -> NodeID?
    /// The centre square of level `level` of the square made of four nodes of `level`.
    mutating func centre(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID, level: Int) -> NodeID

    /// Where the node with these children is looked up; asks the processor for its bucket.
    func slotHint(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID) -> SlotHint
    /// `node(_:_:_:_:)` at the bucket `hint` names.
    mutating func node(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID, hint: SlotHint) -> NodeID
    /// Asks the processor for the first record of the chain `hint` names.
    func prefetchHead(_ hint: SlotHint)

    /// Would the next nodes pass the limit? (Checked at the recursion's safe point.)
    var needsCollection: Bool { get }
    /// Collects during a step; answers the nodes the roots and pins alone need when even they
    /// leave no room, else nil.
    mutating func collectDuringStep() -> Int?
    /// Grows the square memo when it is full and the nodes keep room beside it.
    mutating func growSquareMemoIfRoom()
    /// What the recursion looks at every 1024 misses.
    mutating func poll() throws(StepInterruption)
}
