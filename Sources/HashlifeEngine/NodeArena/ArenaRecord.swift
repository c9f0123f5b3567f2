// What the store's record-agnostic parts need from a record.
//
// The arena (its free list, hash index, empty nodes and pin stack), the collector (marking,
// sweeping, the recency histogram) and the id-keyed caches do not depend on what a leaf holds
// or how a record packs its fields: they need a record's key and its hash, its children and its
// memo result (to mark through them), its recency stamp, and a way to mark it free and link it
// into the free list or a hash chain. `ArenaRecord` names exactly that, so an engine with
// another leaf (cells of many states, say 8×8 bytes) stores its nodes in a `NodeArena` of its
// own record and collects them with the same `Collector`; only its stepping and its layout's
// fast paths (the two-state engine's are the `where Record == NodeRecord` extensions) are its
// own.

/// A node record the generic arena can store, index, free and collect.
///
/// Contracts, which the arena and the collector rely on:
/// - Two live records are the same node exactly when their `key`s are equal, and `hash` is a
///   function of the key alone (the index maps its top bits onto the buckets).
/// - `free(next:)` makes a record for which `isFree` holds, and whose `next` is `next`; no live
///   record is `isFree`.
/// - `next` is the hash-chain link of a live record and the free-list link of a freed one (0 at
///   the end); setting it changes nothing else the arena reads.
/// - A non-leaf names its four `children` (live nodes, never 0); a leaf names none. `result` is
///   a live node or 0 (always 0 for a leaf); `forgetResult` sets it to 0.
/// - `stamp` is a recency stamp in 0 ... `RecencyClock.maximumTick`, which `setStamp` writes.
protocol ArenaRecord: BitwiseCopyable {
    /// What equal nodes share and the index looks up (children, or a leaf's cells).
    associatedtype Key: Hashable

    /// Level of a leaf (its side is 2^`leafLevel` cells): the empty nodes are registered from it.
    static var leafLevel: Int { get }
    /// Largest arena: ids of live records stay below this.
    static var maximumCapacity: Int { get }

    /// The record of a freed slot, linking the free list to `next`.
    static func free(next: NodeID) -> Self
    var isFree: Bool { get }
    /// The next record in the same hash chain (live) or on the free list (freed), 0 at the end.
    var next: NodeID { get set }

    /// The look-up key of a live record.
    var key: Key { get }
    /// The hash of a key; records with equal keys have equal hashes.
    static func hash(_ key: Key) -> UInt64
    /// `hash(key)` of a live record, which a record may compute without forming its key (the
    /// relinking of every chain reads it for every record).
    var keyHash: UInt64 { get }

    var isLeaf: Bool { get }
    /// The four children (nw, ne, sw, se) of a non-leaf; meaningless for a leaf.
    var children: (NodeID, NodeID, NodeID, NodeID) { get }
    /// The memoized result a collection keeps with the node (or clears when it frees it), 0 when
    /// none.
    var result: NodeID { get }
    mutating func forgetResult()

    /// The recency stamp a collection reads against the clock and rebases.
    var stamp: UInt32 { get }
    mutating func setStamp(_ stamp: UInt32)
}

extension ArenaRecord {
    var keyHash: UInt64 { Self.hash(key) }
}

extension NodeRecord: ArenaRecord {
    static var leafLevel: Int { 3 }
    static var maximumCapacity: Int { Int(idMask) }

    /// The four children, or a leaf's two cell words and two `leafMarker`s.
    var key: SIMD4<UInt32> {
        @inline(__always) get { isLeaf ? SIMD4(word0, word1, NodeRecord.leafMarker, NodeRecord.leafMarker) : SIMD4(nw, ne, sw, se) }
    }

    @inline(__always)
    static func hash(_ key: SIMD4<UInt32>) -> UInt64 { keyHash(keyWord(key[0], key[1]), keyWord(key[2], key[3])) }

    var keyHash: UInt64 {
        @inline(__always) get {
            isLeaf ? NodeRecord.keyHash(NodeRecord.keyWord(word0, word1), NodeRecord.keyWord(NodeRecord.leafMarker, NodeRecord.leafMarker))
                : NodeRecord.keyHash(NodeRecord.keyWord(nw, ne), NodeRecord.keyWord(sw, se))
        }
    }

    var children: (NodeID, NodeID, NodeID, NodeID) { @inline(__always) get { (nw, ne, sw, se) } }

    @inline(__always)
    mutating func forgetResult() { setResult(0, tag: 0) }
}

extension NodeRecord: HashlifeRecord {
    @inline(__always)
    static func square(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID) -> NodeRecord {
        NodeRecord(nw, ne, sw, se, next: 0, stamp: 0)
    }
}
