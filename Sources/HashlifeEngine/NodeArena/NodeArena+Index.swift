// The hash index: where the node with given children is.
//
// The index is an array of bucket heads of any size: a key's hash is mapped onto it by a
// multiply-high, so it can grow in steps that keep it near one bucket a node. Chains run
// through each record's `next` field. A look-up costs two dependent cache misses (the bucket,
// then the record), and the recursion makes nine to fourteen of them a node, so it computes
// each bucket as soon as it knows the key and asks the processor to fetch it (`slotHint`),
// then the chain's first record one sub-step later (`prefetchHead`): the misses overlap with
// each other and with the work between. A node found further down its chain moves to the front
// (as in Golly): the recursion looks the same nodes up again soon, and then the first record,
// which was fetched ahead, is the one it wants.

import CPrefetch

extension NodeArena {
    /// The bucket of a key whose hash is `hash` in an index of `bucketCount` buckets: the
    /// multiply-high maps the hash's top bits onto any table size.
    @inline(__always)
    static func bucket(hash: UInt64, bucketCount: Int) -> Int {
        Int(truncatingIfNeeded: hash.multipliedFullWidth(by: UInt64(bucketCount)).high)
    }

    /// The bucket of a live record in an index of `bucketCount` buckets.
    @inline(__always)
    static func bucket(of r: Record, bucketCount: Int) -> Int {
        bucket(hash: r.keyHash, bucketCount: bucketCount)
    }

    /// `bucket(of:bucketCount:)` in this index.
    @inline(__always)
    func bucket(of r: Record) -> Int { NodeArena.bucket(of: r, bucketCount: bucketCount) }

    /// The node whose key is `key` if the index has it, else 0; looks up without moving
    /// anything. (The two-state recursion uses its own look-ups, which compare words and move a
    /// found node to the front.)
    func node(withKey key: Record.Key) -> NodeID {
        var id = buckets[NodeArena.bucket(hash: Record.hash(key), bucketCount: bucketCount)]
        while id != 0 {
            let r = nodes[Int(id)]
            if r.key == key { return id }
            id = r.next
        }
        return 0
    }

    /// Stores `record`, whose key the index does not hold (`node(withKey:)` found none), in a
    /// freed slot (lowest first) or a fresh one, at the head of its chain; nil when the
    /// allocation is full. Grows nothing: the owner grows the index (`growIndex`) and the arena
    /// (`resize`) at its own points.
    mutating func insert(_ record: Record) -> NodeID? {
        guard let id = popFree() ?? (isFull ? nil : takeFresh()) else { return nil }
        let slot = bucket(of: record)
        var r = record
        r.next = buckets[slot]
        nodes[Int(id)] = r
        buckets[slot] = id
        return id
    }

    /// The head of the chain of `slot` (one thread: a worker reads `sharedHead`).
    @inline(__always)
    func head(_ slot: Int) -> NodeID { buckets[slot] }
}

// The two-state record's look-ups: its key is four 30-bit ids (a leaf's, two cell words and two
// `leafMarker`s), compared as two 64-bit words under the tag and stamp bits.
extension NodeArena where Record == NodeRecord {
    /// The bucket of the key (a, b, c, d) (four children; a leaf's two cell words and two
    /// `leafMarker`s) in an index of `bucketCount` buckets (`NodeRecord.keyHash`).
    @inline(__always)
    static func bucket(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, bucketCount: Int) -> Int {
        bucket(hash: NodeRecord.keyHash(NodeRecord.keyWord(a, b), NodeRecord.keyWord(c, d)), bucketCount: bucketCount)
    }

    /// `bucket(_:_:_:_:bucketCount:)` in this index.
    @inline(__always)
    func bucket(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> Int {
        NodeArena.bucket(a, b, c, d, bucketCount: bucketCount)
    }

    /// The node with these children in the chain of `slot`, moved to the chain's front, or 0
    /// when there is none (one thread: a worker uses `findShared`).
    @inline(__always)
    mutating func find(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID, slot: Int) -> NodeID {
        // The children as the record's first two 64-bit words hold them (under the tag and
        // stamp bits), compared as two 64-bit words instead of four 32-bit ones.
        let key = (NodeRecord.keyWord(nw, ne), NodeRecord.keyWord(sw, se))
        let head = buckets[slot]
        var id = head, previous: NodeID = 0
        while id != 0 {
            let words = NodeArena.words(nodes + Int(id))
            if ((words.0 ^ key.0) | (words.1 ^ key.1)) & NodeRecord.keyMask == 0 {
                if previous != 0 { moveToFront(id, after: previous, next: nodes[Int(id)].next, head: head, slot: slot) }
                return id
            }
            previous = id
            id = nodes[Int(id)].next
        }
        return 0
    }

    /// The leaf holding the cell words (a, b) in the chain of `slot`, moved to the front, or 0.
    @inline(__always)
    mutating func findLeaf(_ a: UInt32, _ b: UInt32, slot: Int) -> NodeID {
        let head = buckets[slot]
        var id = head, previous: NodeID = 0
        while id != 0 {
            let record = nodes[Int(id)]
            if record.word0 == a && record.word1 == b && record.se == NodeRecord.leafMarker {
                if previous != 0 { moveToFront(id, after: previous, next: record.next, head: head, slot: slot) }
                return id
            }
            previous = id
            id = record.next
        }
        return 0
    }

    /// Moves `id`, found in the chain of `slot` after `previous`, to the chain's front.
    @inline(__always)
    private mutating func moveToFront(_ id: NodeID, after previous: NodeID, next: NodeID, head: NodeID, slot: Int) {
        nodes[Int(previous)].next = next
        nodes[Int(id)].next = head
        buckets[slot] = id
    }

    /// The node with these children if the index has it, else 0; looks up without moving
    /// anything.
    func existingNode(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID) -> NodeID {
        var id = buckets[bucket(nw, ne, sw, se)]
        while id != 0 {
            let r = nodes[Int(id)]
            if ((r.word0 ^ nw) | (r.word1 ^ ne) | (r.word2 ^ sw) | (r.word3 ^ se)) & NodeRecord.idMask == 0 { return id }
            id = r.next
        }
        return 0
    }

    /// Where the node with these children is looked up, and the index size that says so. Asks
    /// the processor to fetch that bucket: the recursion computes the hints of the look-ups it
    /// will make, then does other work while the buckets arrive.
    @inline(__always)
    func slotHint(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID) -> SlotHint {
        let slot = bucket(nw, ne, sw, se)
        hashlife_prefetch(buckets + slot)
        return SlotHint(slot: slot, buckets: bucketCount)
    }

    /// `slotHint` of the leaf holding `bits`.
    @inline(__always)
    func leafSlotHint(_ bits: UInt64) -> SlotHint {
        slotHint(UInt32(truncatingIfNeeded: bits), UInt32(truncatingIfNeeded: bits &>> 32),
                 NodeRecord.leafMarker, NodeRecord.leafMarker)
    }

    /// Asks the processor to fetch the first record of the chain `hint` names, when the index
    /// has kept its size since (one thread: a worker uses `prefetchSharedHead`).
    @inline(__always)
    func prefetchHead(_ hint: SlotHint) {
        if hint.buckets == bucketCount { hashlife_prefetch(nodes + Int(buckets[hint.slot])) }
    }

    /// The slot `hint` names if the index has kept its size since, else the key's bucket now.
    @inline(__always)
    func slot(_ hint: SlotHint, _ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID) -> Int {
        hint.buckets == bucketCount ? hint.slot : bucket(nw, ne, sw, se)
    }
}

extension NodeArena {
    /// The high-water mark past which an index of `buckets` buckets grows: at 1.25 nodes a
    /// bucket below `sparseBuckets`, at 0.75 from there on. A look-up that makes a node reads
    /// every record of its chain, each a cache miss that the one before names; once the records
    /// outgrow the processor's caches (a million nodes are 24 MB), shorter chains pay, while
    /// small stores, whose chains are in cache anyway, keep the denser index (a live node then
    /// costs at most 32 bytes).
    @inline(__always)
    static func indexGrowthPoint(buckets: Int) -> Int {
        buckets < sparseBuckets ? buckets + buckets / 4 : buckets - buckets / 4
    }

    /// `indexGrowthPoint` of this index.
    var indexGrowthPoint: Int { NodeArena.indexGrowthPoint(buckets: bucketCount) }

    /// The size this index grows to past its growth point, up to `planned`: twofold, except
    /// from `sparseBuckets` to `fourfoldBuckets` in one growth (`indexGrowth(to:planned:)`).
    func grownIndexSize(planned: Int) -> Int {
        let factor = bucketCount >= NodeArena.sparseBuckets && bucketCount < NodeArena.fourfoldBuckets ? 4 : 2
        return NodeArena.indexGrowth(to: bucketCount * factor, planned: planned)
    }

    /// An index growth to `buckets`, up to `planned`, and straight to `planned` when it would
    /// stop less than half again short of it: each growth relinks every node, and a last one
    /// for a few more buckets is not worth it.
    static func indexGrowth(to buckets: Int, planned: Int) -> Int {
        let grown = min(buckets, planned)
        return planned - grown < grown / 2 ? planned : grown
    }

    /// The index size (2^20 buckets, 4 MB) from which it grows at 0.75 nodes a bucket, and the
    /// one (2^22, 16 MB) it grows to from there in one step.
    static var sparseBuckets: Int { 1 << 20 }
    static var fourfoldBuckets: Int { 1 << 22 }
}

/// A bucket computed ahead of a look-up (`NodeArena.slotHint`), with the index size it is good
/// for: a hint made before the index grew is recomputed.
struct SlotHint {
    var slot: Int
    var buckets: Int
}
