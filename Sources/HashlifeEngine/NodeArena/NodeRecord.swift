// One node as the arena stores it.

/// Index of a node in the store's arena. 0 means "no node".
typealias NodeID = UInt32

/// One node as stored in the arena: six 32-bit words, 24 bytes.
///
///     ┌───────────┬───────────┬───────────┬───────────┬─────────────┬───────────────┐
///     │ nw        │ ne        │ sw        │ se        │ next        │ result        │
///     │ tag 0-1   │ tag 2-3   │ stamp 0-1 │ stamp 2-3 │ stamp 4-5   │ tag 4-5       │
///     └───────────┴───────────┴───────────┴───────────┴─────────────┴───────────────┘
///
/// An id takes the low 30 bits of a word (`idMask`); the second row is what the top two bits
/// of each word hold: the six-bit memo tag of a non-leaf and the six-bit recency stamp, spread
/// over three words each. The accessors mask. A leaf's words 0 and 1 hold its 64 cells whole
/// (a leaf has no tag and no result), and its `sw` and `se` are `leafMarker`; a freed record
/// has word 3 = 0 and links the free list through `next`. The two-state engine's record; what
/// the generic arena and collector read of it is its `ArenaRecord` conformance
/// (ArenaRecord.swift).
struct NodeRecord {
    var word0: UInt32
    var word1: UInt32
    var word2: UInt32
    var word3: UInt32
    var word4: UInt32
    var word5: UInt32

    /// Bits of an id; the arena holds fewer than 2^30 - 1 records.
    static let idMask: UInt32 = (1 << 30) - 1
    /// Marker in `sw` and `se` of a leaf record (never a valid id).
    static let leafMarker: UInt32 = idMask
    /// Memo tags 0 ..< `tagLimit` fit in a record (six bits); deeper partial steps are memoized
    /// beside the arena (`MemoCaches.deepResults`).
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
    /// Does the record hold a full step's result (tag 0)?
    var hasFullResult: Bool { @inline(__always) get { result != 0 && hasTag(0) } }
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

    /// A leaf's 64 cells (bit y*8+x is the cell at column x, row y).
    var cells: UInt64 { @inline(__always) get { UInt64(word0) | UInt64(word1) &<< 32 } }
    var isLeaf: Bool { @inline(__always) get { se == NodeRecord.leafMarker } }
    var isFree: Bool { @inline(__always) get { word3 == 0 } }
}

extension NodeRecord {
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

    // The same fields read as a record's three 64-bit words (`NodeArena.words`: words 0-1,
    // 2-3 and 4-5, the first of each pair in the low half): the tag's bits are the top two of
    // each half of the first word and of the high half of the third, the stamp's the top two
    // of each half of the second word and of the low half of the third.

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

    /// Two of a key's four children as one word (the first in the low half), as a record's
    /// first two 64-bit words hold them under their spare bits.
    @inline(__always)
    static func keyWord(_ a: UInt32, _ b: UInt32) -> UInt64 { UInt64(a) | UInt64(b) &<< 32 }

    /// The hash of four children given as two `keyWord`s: the index maps it onto its buckets,
    /// the square memo onto its sets. (Each word multiplied by an odd constant, the products
    /// xored: the multiply-high that maps it onto a table reads the top bits.)
    @inline(__always)
    static func keyHash(_ k0: UInt64, _ k1: UInt64) -> UInt64 {
        k0 &* 0x9E37_79B9_7F4A_7C15 ^ k1 &* 0xC2B2_AE3D_27D4_EB4F
    }

    /// The id bits of both halves of a 64-bit record word (`NodeArena.words`).
    static let keyMask = UInt64(NodeRecord.idMask) | UInt64(NodeRecord.idMask) &<< 32
}

/// A six-bit field (a tag or a stamp) as two of a record's 64-bit words hold it
/// (`NodeRecord.tagWords`, `NodeRecord.stampWords`): the bits of the word whose halves both
/// carry two, and of the word with one half carrying two, with that half's mask.
struct FieldWords: Equatable {
    var pair: UInt64
    var single: UInt64
    var singleMask: UInt64
}
