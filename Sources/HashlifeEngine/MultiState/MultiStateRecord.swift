// MultiStateRecord.swift — a node of the multi-state engine, as the generic arena stores it.
//
// Layout (32 bytes, eight 32-bit words):
//
//     word  0    1    2    3    4     5     6     7
//     node  nw   ne   sw   se   next  result meta  population
//     leaf  row0 row1 row2 row3 next  0      meta  population
//
// A leaf is a 4×4 square of cells (level 2), one byte a cell: row y is word y, the cell in
// column x its byte x (the low byte is the west cell). A non-leaf names its four children.
// `meta` packs the kind (2 bits: free, leaf, node), the recency stamp (6 bits) and the memo
// result's tag (24 bits: level − 2 − step, 0 for the full step of 2^(level−2) generations).
// `population` caches the node's count of non-zero cells once counted (`unknownPopulation`
// until then; a level ≥ 16 node, which can hold more than 2^32 − 1 cells, is never cached).
//
// Why 4×4 leaves: a record holds 16 bytes of key, so the leaf fits the same record as a node
// (one arena, one index) and the level-4 direct step (16×16 cells to their 8×8 centre, up to
// four generations, on a flat byte buffer) removes the two most populous levels of Golly's
// generic engine, whose leaves are 2×2.

/// A record of the multi-state arena (see the file comment for its layout).
struct MultiStateRecord: HashlifeRecord {
    var w0: UInt32
    var w1: UInt32
    var w2: UInt32
    var w3: UInt32
    var link: UInt32
    var memo: UInt32
    var meta: UInt32
    var population: UInt32

    static let kindFree: UInt32 = 0
    static let kindLeaf: UInt32 = 1
    static let kindNode: UInt32 = 2
    static let unknownPopulation = UInt32.max
    /// Tags the record holds; deeper ones (level − 2 − step ≥ this) go to the deep results.
    static let tagLimit = 1 << 24

    /// The look-up key: the four words and whether they are a leaf's cells or children.
    struct Key: Hashable {
        var words: SIMD4<UInt32>
        var isLeaf: Bool
    }

    @inline(__always)
    init(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, kind: UInt32, next: NodeID, stamp: UInt32) {
        w0 = a; w1 = b; w2 = c; w3 = d
        link = next
        memo = 0
        meta = kind | stamp << 2
        population = MultiStateRecord.unknownPopulation
    }

    static var leafLevel: Int { 2 }

    @inline(__always)
    static func square(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID) -> MultiStateRecord {
        MultiStateRecord(nw, ne, sw, se, kind: kindNode, next: 0, stamp: 0)
    }
    static var maximumCapacity: Int { (1 << 31) - 1 }

    static func free(next: NodeID) -> MultiStateRecord {
        MultiStateRecord(0, 0, 0, 0, kind: kindFree, next: next, stamp: 0)
    }

    var isFree: Bool { @inline(__always) get { meta & 3 == MultiStateRecord.kindFree } }
    var isLeaf: Bool { @inline(__always) get { meta & 3 == MultiStateRecord.kindLeaf } }

    var next: NodeID {
        @inline(__always) get { link }
        @inline(__always) set { link = newValue }
    }

    var key: Key { Key(words: SIMD4(w0, w1, w2, w3), isLeaf: isLeaf) }

    @inline(__always)
    static func hash(_ key: Key) -> UInt64 {
        hash(key.words[0], key.words[1], key.words[2], key.words[3], leaf: key.isLeaf)
    }

    /// The hash of a key given as its words: two multiply-xorshift rounds, so that the top bits
    /// (which pick the bucket) depend on every bit of the four words.
    @inline(__always)
    static func hash(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, leaf: Bool) -> UInt64 {
        var h = (UInt64(a) | UInt64(b) &<< 32) &* 0x9E37_79B9_7F4A_7C15
        h ^= (UInt64(c) | UInt64(d) &<< 32) &+ (leaf ? 0x5851_F42D_4C95_7F2D : 0)
        h = (h ^ h &>> 29) &* 0xBF58_476D_1CE4_E5B9
        return h ^ h &>> 32
    }

    var keyHash: UInt64 { @inline(__always) get { MultiStateRecord.hash(w0, w1, w2, w3, leaf: isLeaf) } }

    var children: (NodeID, NodeID, NodeID, NodeID) { @inline(__always) get { (w0, w1, w2, w3) } }
    var nw: NodeID { @inline(__always) get { w0 } }
    var ne: NodeID { @inline(__always) get { w1 } }
    var sw: NodeID { @inline(__always) get { w2 } }
    var se: NodeID { @inline(__always) get { w3 } }

    var result: NodeID { @inline(__always) get { memo } }
    /// The memo result's tag (meaningful only when `result` is not 0).
    var tag: UInt32 { @inline(__always) get { meta &>> 8 } }

    @inline(__always)
    mutating func setResult(_ id: NodeID, tag: UInt32) {
        memo = id
        meta = meta & 0xFF | tag &<< 8
    }

    @inline(__always)
    mutating func forgetResult() { setResult(0, tag: 0) }

    var stamp: UInt32 { @inline(__always) get { meta &>> 2 & 63 } }

    @inline(__always)
    mutating func setStamp(_ stamp: UInt32) { meta = meta & ~(63 << 2) | stamp << 2 }
}

/// The arena of the multi-state engine.
typealias MultiStateArena = NodeArena<MultiStateRecord>

extension NodeArena where Record == MultiStateRecord {
    /// The node of the given kind and words in the chain of `slot`, or 0 (the recursion's
    /// look-up; the generic `node(withKey:)` forms keys).
    @inline(__always)
    func find(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, kind: UInt32, slot: Int) -> NodeID {
        let low = UInt64(a) | UInt64(b) &<< 32, high = UInt64(c) | UInt64(d) &<< 32
        var id = buckets[slot]
        while id != 0 {
            let raw = UnsafeRawPointer(nodes + Int(id))
            if raw.load(as: UInt64.self) == low && raw.load(fromByteOffset: 8, as: UInt64.self) == high
                && raw.load(fromByteOffset: 24, as: UInt32.self) & 3 == kind {
                return id
            }
            id = raw.load(fromByteOffset: 16, as: UInt32.self)
        }
        return 0
    }

    /// The bucket of a key in this index.
    @inline(__always)
    func bucket(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, kind: UInt32) -> Int {
        NodeArena.bucket(hash: MultiStateRecord.hash(a, b, c, d, leaf: kind == MultiStateRecord.kindLeaf), bucketCount: bucketCount)
    }

    /// `subscript(_:)` of this arena, declared in the constrained extension so that builds
    /// compiling file by file call a concrete accessor.
    subscript(id: NodeID) -> MultiStateRecord {
        @inline(__always) unsafeAddress {
            checkInvariant(Int(id) < capacity && (id == 0 || !nodes[Int(id)].isFree), "node \(id) is not live")
            return UnsafePointer(nodes + Int(id))
        }
        @inline(__always) nonmutating unsafeMutableAddress {
            checkInvariant(Int(id) < capacity && (id == 0 || !nodes[Int(id)].isFree), "node \(id) is not live")
            return nodes + Int(id)
        }
    }
}
