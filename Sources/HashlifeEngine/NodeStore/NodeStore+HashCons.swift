// Hash-consing: finding or creating the one node with given children.

import CPrefetch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

extension NodeStore {
    /// Mixes a node's four 32-bit fields into a bucket index: each pair, as a 64-bit word, is
    /// multiplied by an odd constant and the two products xored, then the multiply-high of
    /// that by the bucket count maps its top bits onto any table size. (A further xorshift and
    /// multiply, as before, made no chain shorter: broken-lines' key comparisons were the same.)
    @inline(__always)
    func bucket(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> Int {
        NodeStore.bucket(a, b, c, d, bucketCount: bucketCount)
    }

    /// `bucket(_:_:_:_:)` in an index of `bucketCount` buckets.
    @inline(__always)
    static func bucket(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, bucketCount: Int) -> Int {
        let h = keyHash(keyWord(a, b), keyWord(c, d))
        return Int(truncatingIfNeeded: h.multipliedFullWidth(by: UInt64(bucketCount)).high)
    }

    /// Two of a key's four children as one word (the first in the low half), as a record's
    /// first two 64-bit words hold them under their spare bits.
    @inline(__always)
    static func keyWord(_ a: UInt32, _ b: UInt32) -> UInt64 { UInt64(a) | UInt64(b) &<< 32 }

    /// The hash of four children given as two `keyWord`s: the index maps it onto its buckets,
    /// the square memo onto its sets.
    @inline(__always)
    static func keyHash(_ k0: UInt64, _ k1: UInt64) -> UInt64 {
        k0 &* 0x9E37_79B9_7F4A_7C15 ^ k1 &* 0xC2B2_AE3D_27D4_EB4F
    }

    /// The bucket of a live record (a leaf hashes its whole cell words).
    @inline(__always)
    func bucket(of r: NodeRecord) -> Int { NodeStore.bucket(of: r, bucketCount: bucketCount) }

    /// `bucket(of:)` in an index of `bucketCount` buckets.
    @inline(__always)
    static func bucket(of r: NodeRecord, bucketCount: Int) -> Int {
        r.isLeaf ? bucket(r.word0, r.word1, NodeStore.leafMarker, NodeStore.leafMarker, bucketCount: bucketCount)
            : bucket(r.nw, r.ne, r.sw, r.se, bucketCount: bucketCount)
    }

    /// The canonical leaf holding `bits` (bit y*8+x is the cell at column x, row y).
    /// - Complexity: O(1) expected.
    mutating func leaf(_ bits: UInt64) -> NodeID { leaf(bits, SerialStep.self) }

    /// `leaf(_:)` for the stepping recursion in `mode` (a worker of a multi-threaded step
    /// publishes with atomics: `StepMode`).
    @inline(__always)
    mutating func leaf<M: StepMode>(_ bits: UInt64, _ mode: M.Type) -> NodeID {
        let a = UInt32(truncatingIfNeeded: bits), b = UInt32(truncatingIfNeeded: bits &>> 32)
        return leaf(bits, slot: bucket(a, b, NodeStore.leafMarker, NodeStore.leafMarker), M.self)
    }

    /// `leaf(_:_:)` with its bucket computed ahead (`leafSlotHint`).
    @inline(__always)
    mutating func leaf<M: StepMode>(_ bits: UInt64, hint: SlotHint, _ mode: M.Type) -> NodeID {
        if hint.buckets == bucketCount { return leaf(bits, slot: hint.slot, M.self) }
        return leaf(bits, M.self)
    }

    /// The bucket of the leaf holding `bits`, fetched ahead like `slotHint`'s.
    @inline(__always)
    func leafSlotHint(_ bits: UInt64) -> SlotHint {
        slotHint(UInt32(truncatingIfNeeded: bits), UInt32(truncatingIfNeeded: bits &>> 32),
                 NodeStore.leafMarker, NodeStore.leafMarker)
    }

    @inline(__always)
    mutating func leaf<M: StepMode>(_ bits: UInt64, slot: Int, _ mode: M.Type) -> NodeID {
        let a = UInt32(truncatingIfNeeded: bits), b = UInt32(truncatingIfNeeded: bits &>> 32)
        let marker = NodeStore.leafMarker
        let head = M.isShared ? sharedHead(slot) : buckets[slot]
        var id = head, previous: NodeID = 0
        while id != 0 {
            let record = nodes[Int(id)]
            if record.word0 == a && record.word1 == b && record.se == marker {
                if previous != 0 {
                    if M.isShared { moveToFrontShared(id, slot: slot) } else { moveToFront(id, after: previous, next: record.next, head: head, slot: slot) }
                }
                return id
            }
            previous = id
            id = record.next
        }
        if M.isShared { return insertShared(a, b, marker, marker, slot: slot) }
        return insert(a, b, marker, marker, bucket: slot)
    }

    /// The canonical node with the given children, all of one level (≥ 3); the result is one
    /// level higher. (A found node is not stamped as recently used here: the recursion steps
    /// what it finds right away, and `successor` stamps it then.)
    /// - Complexity: O(1) expected.
    mutating func node(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID) -> NodeID {
        node(nw, ne, sw, se, slot: bucket(nw, ne, sw, se), SerialStep.self)
    }

    /// `node(_:_:_:_:)` for the stepping recursion in `mode` (`StepMode`).
    @inline(__always)
    mutating func node<M: StepMode>(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID, _ mode: M.Type) -> NodeID {
        node(nw, ne, sw, se, slot: bucket(nw, ne, sw, se), M.self)
    }

    /// `node(_:_:_:_:_:)` for a key whose bucket is known: `hint` from `slotHint`, still good
    /// while the index keeps its size.
    @inline(__always)
    mutating func node<M: StepMode>(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID, hint: SlotHint, _ mode: M.Type) -> NodeID {
        node(nw, ne, sw, se, slot: hint.buckets == bucketCount ? hint.slot : bucket(nw, ne, sw, se), M.self)
    }

    @inline(__always)
    mutating func node<M: StepMode>(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID, slot: Int, _ mode: M.Type) -> NodeID {
        let head = M.isShared ? sharedHead(slot) : buckets[slot]
        // The children as the record's first two 64-bit words hold them (under the tag and
        // stamp bits), compared as two 64-bit words instead of four 32-bit ones.
        let key = (NodeStore.keyWord(nw, ne), NodeStore.keyWord(sw, se))
        var id = head, previous: NodeID = 0
        while id != 0 {
            let words = NodeStore.recordWords(nodes + Int(id))
            if ((words.0 ^ key.0) | (words.1 ^ key.1)) & NodeStore.keyMask == 0 {
                if previous != 0 {
                    if M.isShared { moveToFrontShared(id, slot: slot) } else { moveToFront(id, after: previous, next: nodes[Int(id)].next, head: head, slot: slot) }
                }
                return id
            }
            previous = id
            id = nodes[Int(id)].next
        }
        if M.isShared { return insertShared(nw, ne, sw, se, slot: slot) }
        return insert(nw, ne, sw, se, bucket: slot)
    }

    /// A record as three 64-bit words: words 0-1, 2-3 and 4-5, the first of each pair in the
    /// low half (see `NodeRecord.tagWords`); the first two hold the four children under the
    /// tag and stamp bits (`keyMask` keeps the ids).
    @inline(__always)
    static func recordWords(_ record: UnsafeMutablePointer<NodeRecord>) -> (UInt64, UInt64, UInt64) {
        let raw = UnsafeRawPointer(record)
        return (raw.load(as: UInt64.self), raw.load(fromByteOffset: 8, as: UInt64.self), raw.load(fromByteOffset: 16, as: UInt64.self))
    }

    /// The id bits of both halves of a `recordWords` word.
    static let keyMask = UInt64(NodeRecord.idMask) | UInt64(NodeRecord.idMask) &<< 32

    /// Moves `id`, found in the chain of `slot` after `previous`, to the chain's front (as
    /// Golly does; a worker of a multi-threaded step does it under the bucket's lock:
    /// `moveToFrontShared`): the recursion looks a node up again soon, and its look-ups fetch
    /// a chain's first record ahead (`prefetchHead`). jagged2 to 2^20: 7.0–7.5 s before,
    /// 5.4–5.9 s after.
    @inline(__always)
    mutating func moveToFront(_ id: NodeID, after previous: NodeID, next: NodeID, head: NodeID, slot: Int) {
        nodes[Int(previous)].next = next
        nodes[Int(id)].next = head
        buckets[slot] = id
    }

    /// Where the node with these children is looked up, and the index size that says so. Asks
    /// the processor to fetch that bucket: the recursion computes the hints of the look-ups it
    /// will make, then does other work while the buckets arrive (see `prefetchHead`).
    @inline(__always)
    func slotHint(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID) -> SlotHint {
        let slot = bucket(nw, ne, sw, se)
        hashlife_prefetch(buckets + slot)
        return SlotHint(slot: slot, buckets: bucketCount)
    }

    /// Asks the processor to fetch the first record of the chain `hint` names (when the
    /// index has not changed size since). For one thread: a worker of a multi-threaded step
    /// uses `prefetchSharedHead`, which masks off the lock bit another may have set.
    @inline(__always)
    func prefetchHead(_ hint: SlotHint) {
        if hint.buckets == bucketCount { hashlife_prefetch(nodes + Int(buckets[hint.slot])) }
    }

    /// Makes a node in a freed record if there is one, else in a fresh slot of the arena.
    mutating func insert(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, bucket slot: Int) -> NodeID {
        checkInvariant(phase == nil, "a worker of a multi-threaded step inserted as the single-threaded step does")
        let id: NodeID
        if let free = popFree() {
            id = free
        } else {
            if count == capacity { growArena() }
            id = NodeID(count)
            count += 1
        }
        nodes[Int(id)] = NodeRecord(a, b, c, d, next: buckets[slot], stamp: tick)
        buckets[slot] = id
        insertsThisTick += 1
        if insertsThisTick == insertsPerTick {
            insertsThisTick = 0
            if tick < NodeStore.maximumTick { tick += 1 }
        }
        if count > indexGrowthPoint && bucketCount < plannedBuckets { growIndexForInserts() }
        return id
    }

    /// The arena's high-water mark past which the index grows (`growIndexForInserts`): at 1.25
    /// nodes a bucket while the index is smaller than `sparseBuckets`, at 0.75 from there on,
    /// as far as the limit allows (it plans one bucket a node). A look-up that makes a node
    /// reads every record of its chain, each a cache miss that the one before names, and a
    /// found node moves to the front but newer ones push it down again: once the records
    /// outgrow the processor's caches (a million nodes are 24 MB), shorter chains pay.
    var indexGrowthPoint: Int { NodeStore.indexGrowthPoint(buckets: bucketCount) }

    /// `indexGrowthPoint` of an index of `buckets` buckets.
    @inline(__always)
    static func indexGrowthPoint(buckets: Int) -> Int {
        buckets < sparseBuckets ? buckets + buckets / 4 : buckets - buckets / 4
    }

    /// Grows the index past `indexGrowthPoint`, up to `plannedBuckets`: twofold, except from
    /// `sparseBuckets` to `fourfoldBuckets`, which it skips to in one growth, and straight to
    /// the plan when the growth would stop less than half again short of it (each growth
    /// relinks every node).
    ///
    /// The sparser index past `sparseBuckets`, measured against doubling at 1.25 nodes a bucket
    /// throughout (one thread, Golly's demos to 2^20 at 256 MB, alternating, medians of 7–8),
    /// in a first version with 0.75 at every size and fourfold growth under 16 MB:
    /// totalperiodic 1,055 → 930 ms, broken-lines 490 → 440 ms, jagged2 5.65 → 5.17 s;
    /// broken-lines' peak 57 → 65 MB, the others' level (at the limit the plan caps the index
    /// as before). This rule ran level with that first version (6 runs alternating). The
    /// sparser index costs memory (up to 10.7 bytes a node where 1.25 cost 6.4), so small
    /// stores, whose chains are in cache anyway, keep the denser one: a live node costs at most
    /// 32 bytes there (with that one, the Gosper gun to 2^1000 would keep 1M buckets for 266K
    /// nodes, about 40 bytes a node). Tried too: doubling at 0.75 from 2^20 (broken-lines 475 ms), fourfold
    /// at 1.0 or 0.5, or eightfold (no faster: a bigger index is a bigger working set, its
    /// buckets miss the cache as records do), and sizes that keep every store at 32 bytes a
    /// node (1.875 times the nodes at 1.0, or at 0.75: level with doubling at 1.25).
    ///
    /// Going straight to a plan that is near: otherwise the last growth relinks every node for
    /// a few more buckets (jagged2 at 256 MB, whose plan is 8.8M buckets: 2^23 at 3.1M nodes,
    /// then 8.8M at 6.3M, relinking them all for 5% more; now 8.8M at 3.1M. Jagged2 3–6%
    /// faster, one thread).
    mutating func growIndexForInserts() {
        let factor = bucketCount >= NodeStore.sparseBuckets && bucketCount < NodeStore.fourfoldBuckets ? 4 : 2
        growIndex(to: NodeStore.indexGrowth(to: bucketCount * factor, planned: plannedBuckets))
    }

    /// An index growth to `buckets`, up to `planned`, and straight to `planned` when it would
    /// stop less than half again short of it (each growth relinks every node).
    static func indexGrowth(to buckets: Int, planned: Int) -> Int {
        let grown = min(buckets, planned)
        return planned - grown < grown / 2 ? planned : grown
    }

    /// The index size (2^20 buckets, 4 MB) from which it grows at 0.75 nodes a bucket, and the
    /// one (2^22, 16 MB) it grows to from there in one step.
    static let sparseBuckets = 1 << 20
    static let fourfoldBuckets = 1 << 22

    /// Takes the first record of the free list, if there is one.
    @inline(__always)
    mutating func popFree() -> NodeID? {
        guard freeHead != 0 else { return nil }
        let id = freeHead
        freeHead = nodes[Int(id)].next
        freeCount -= 1
        return id
    }

    /// Grows the arena: up to the limit's capacity when the first allocation was capped by
    /// `allocationCeiling`, past the limit only when nodes are made faster than collections can
    /// run (a bulk load bigger than the limit; counted in `overLimitGrowths`). Ids do not
    /// change; pointers into the old arena become invalid, so callers never hold one across a
    /// call that may create nodes.
    mutating func growArena() {
        precondition(capacity < NodeStore.maximumCapacity, "node store is full (2^30 nodes)")
        let newCapacity: Int
        if capacity < limitCapacity {
            newCapacity = min(capacity * 2, limitCapacity)
        } else {
            newCapacity = min(capacity * 2, NodeStore.maximumCapacity)
            overLimitGrowths += 1
            plannedBuckets = max(plannedBuckets, newCapacity)
        }
        resizeArena(to: newCapacity)
    }

    /// Moves the arena to an allocation of `newCapacity` (≥ `count`) records.
    mutating func resizeArena(to newCapacity: Int) {
        let grownNodes = NodeStore.allocateLarge(NodeRecord.self, capacity: newCapacity)
        grownNodes.moveInitialize(from: nodes, count: count)
        nodes.deallocate()
        nodes = grownNodes
        capacity = newCapacity
    }

    /// Uses the first `newCount` buckets, reallocating the index when it is bigger than the
    /// allocation, and relinks every chain. No node moves. The index is reallocated in place
    /// where it can be (`realloc` remaps a big block's pages), so only the added pages are new
    /// to the process: the kernel zeroes a page on its first touch, and on this machine those
    /// faults cost far more than clearing memory already mapped (`clear_page` was 17% of a
    /// 2048² soup's samples with two threads, a third of it the index's growth). With
    /// `threads` > 1 (a multi-threaded step between phases, when the other threads are idle)
    /// they share the clearing (`clear(_:count:threads:)`).
    /// - Complexity: O(arena). Never inlined: it is rare, and its callers include `insert`.
    @inline(never)
    mutating func growIndex(to newCount: Int, threads: Int = 1) {
        NodeStore.regrowIndex(&buckets, capacity: &bucketCapacity, to: newCount, nodes: nodes, count: count, threads: threads)
        bucketCount = newCount
    }

    /// `growIndex(to:threads:)` on the index `buckets` (of `capacity` buckets allocated) for
    /// the records 1 ..< `count` of `nodes`: a worker of a multi-threaded step grows the
    /// phase's index so while the others wait (`ParallelPhase.growIndex`).
    static func regrowIndex(_ buckets: inout UnsafeMutablePointer<UInt32>, capacity: inout Int, to newCount: Int,
                            nodes: UnsafeMutablePointer<NodeRecord>, count: Int, threads: Int) {
        if newCount > capacity {
            buckets = NodeStore.reallocateIndex(buckets, count: newCount)
            capacity = newCount
        }
        NodeStore.clear(buckets, count: newCount, threads: threads)
        relinkChains(of: nodes, count: count, into: buckets, bucketCount: newCount,
                     parts: NodeStore.collectionParts(threads: threads, count: count))
    }

    /// Sets `count` words from `words` to zero, the work split among `threads` threads when
    /// there are at least `parallelClearingBytes` (`inParallel`). The pages an index grows into are new to
    /// the process, and the first touch of each costs a fault in which the kernel, and on
    /// this virtual machine the host, provides a zeroed page: up to 2 ms a megabyte when the
    /// host has taken the memory back (an 8.8M-bucket index, 35 MB: 64–91 ms against 4–5 ms
    /// when it has not), and faults on two processors overlap (512 MB: 1.1–1.3 s with one
    /// thread, 0.65–0.70 s with two).
    static func clear(_ words: UnsafeMutablePointer<UInt32>, count: Int, threads: Int) {
        let parts = count * MemoryLayout<UInt32>.stride >= parallelClearingBytes ? max(threads, 1) : 1
        let share = (count + parts - 1) / parts
        inParallel(parts: parts) { part in
            let start = part * share
            if start < count { (words + start).initialize(repeating: 0, count: min(share, count - start)) }
        }
    }

    /// Below this many bytes an index is cleared by one thread (starting one costs tens of
    /// microseconds).
    static let parallelClearingBytes = 8 << 20

    /// Rebuilds every hash chain from the live records (freed ones are skipped), in an index
    /// whose words are zero. One part pushes the records in order, so a chain lists the
    /// newest first. With `parts` > 1 (`inParallel`: upkeep between the phases of a
    /// multi-threaded step, whose other threads are idle) each part pushes the records of its
    /// own range of ids, taking a bucket's head with an atomic exchange; a chain's order then
    /// depends on timing, which is a matter of speed, never of results. (Each part owning a
    /// range of buckets instead, with no atomics, was no faster: every part read every record.
    /// unlimited-novelty's collection with two threads: 91 ms so, 40 ms with the exchange,
    /// 84 ms with one part.)
    mutating func relinkChains(parts: Int = 1) {
        NodeStore.relinkChains(of: nodes, count: count, into: buckets, bucketCount: bucketCount, parts: parts)
    }

    /// `relinkChains(parts:)` for the records 1 ..< `count` of `nodes`, into `buckets`.
    static func relinkChains(of nodes: UnsafeMutablePointer<NodeRecord>, count: Int, into buckets: UnsafeMutablePointer<UInt32>,
                             bucketCount: Int, parts: Int) {
        NodeStore.inParallel(parts: parts) { part in
            NodeStore.relink(NodeStore.partRange(part, of: parts, count: count), of: nodes, buckets: buckets,
                             bucketCount: bucketCount, atomic: parts > 1)
        }
    }

    /// Pushes the live records of `ids` onto their chains, in order, with an atomic exchange
    /// of the bucket's head when `atomic` (other parts push onto the same buckets). The
    /// records are read in order; the buckets, at random, are fetched `relinkLookahead`
    /// records ahead, and each record's bucket is computed once, when it is fetched (a ring of
    /// the slots in flight; -1 for a freed record).
    private static func relink(_ ids: Range<Int>, of nodes: UnsafeMutablePointer<NodeRecord>, buckets: UnsafeMutablePointer<UInt32>,
                               bucketCount: Int, atomic: Bool) {
        let ahead = NodeStore.relinkLookahead
        var ring = InlineArray<16, Int>(repeating: -1)  // `ahead` of them, a power of two
        checkInvariant(ahead == ring.count, "the ring holds the lookahead")
        @inline(__always) func fetch(_ i: Int) -> Int {
            let r = nodes[i]
            if r.isFree { return -1 }
            let slot = NodeStore.bucket(of: r, bucketCount: bucketCount)
            hashlife_prefetch(buckets + slot)
            return slot
        }
        for i in ids.lowerBound..<min(ids.upperBound, ids.lowerBound + ahead) { ring[i & (ahead - 1)] = fetch(i) }
        for i in ids {
            let slot = ring[i & (ahead - 1)]
            if i + ahead < ids.upperBound { ring[i & (ahead - 1)] = fetch(i + ahead) }
            if slot < 0 { continue }
            if atomic {
                nodes[i].next = NodeStore.atomicWord(buckets + slot).pointee.exchange(UInt32(i), ordering: .relaxed)
            } else {
                nodes[i].next = buckets[slot]
                buckets[slot] = UInt32(i)
            }
        }
    }

    /// How far ahead `relinkChains` fetches buckets (the size of its ring of slots).
    static let relinkLookahead = 16

    /// Allocates `capacity` values of `type` and, for big buffers, asks the kernel to back them
    /// with huge pages (2 MiB: the arena and index are read at random, and a 4 KiB page a
    /// look-up costs a TLB miss each time). Only pages that are touched become resident.
    static func allocateLarge<T>(_ type: T.Type, capacity: Int) -> UnsafeMutablePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        adviseHugePages(pointer, bytes: capacity * MemoryLayout<T>.stride)
        return pointer
    }

    /// The index's buckets, `count` of them, uninitialized, from the C allocator (so that
    /// `reallocateIndex` can grow them; `freeIndex` releases them).
    static func allocateIndex(count: Int) -> UnsafeMutablePointer<UInt32> {
        reallocateIndex(nil, count: count)
    }

    /// `index` (from `allocateIndex`, or nil) grown to `count` buckets, its contents undefined.
    static func reallocateIndex(_ index: UnsafeMutablePointer<UInt32>?, count: Int) -> UnsafeMutablePointer<UInt32> {
        let bytes = count * MemoryLayout<UInt32>.stride
        guard let raw = realloc(index, bytes) else { fatalError("out of memory for a hash index of \(bytes) bytes") }
        let pointer = raw.bindMemory(to: UInt32.self, capacity: count)
        adviseHugePages(pointer, bytes: bytes)
        return pointer
    }

    /// Releases an index from `allocateIndex`.
    static func freeIndex(_ index: UnsafeMutablePointer<UInt32>) { free(index) }

    /// Buffers of at least this many bytes are backed by huge pages (`adviseHugePages`).
    static let hugePagesFrom = 8 << 20

    /// Asks for huge pages over the whole 2 MiB pages of a buffer of at least
    /// `hugePagesFrom` bytes.
    static func adviseHugePages<T>(_ pointer: UnsafeMutablePointer<T>, bytes: Int) {
        guard bytes >= hugePagesFrom else { return }
        adviseWholeHugePages(pointer, bytes: bytes, MADV_HUGEPAGE)
    }

    /// Asks the kernel to move the whole 2 MiB pages of a buffer, touched in 4 KiB pages
    /// before it was advised, into huge pages now (`MADV_COLLAPSE`, Linux 6.1; elsewhere the
    /// call fails and they stay as they are).
    static func collapseIntoHugePages<T>(_ pointer: UnsafeMutablePointer<T>, bytes: Int) {
        let madviseCollapse: Int32 = 25
        adviseWholeHugePages(pointer, bytes: bytes, madviseCollapse)
    }

    /// `madvise(advice)` over the whole 2 MiB pages within `bytes` from `pointer`, if any.
    private static func adviseWholeHugePages<T>(_ pointer: UnsafeMutablePointer<T>, bytes: Int, _ advice: Int32) {
        let huge = 2 << 20
        let start = (Int(bitPattern: pointer) + huge - 1) / huge * huge
        let end = (Int(bitPattern: pointer) + bytes) / huge * huge
        if end > start { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, advice) }
    }

    /// Is `id` a leaf (level 3)?
    func isLeaf(_ id: NodeID) -> Bool { nodes[Int(id)].isLeaf }

    /// The 64 cells of a leaf.
    func leafBits(_ id: NodeID) -> UInt64 { nodes[Int(id)].cells }
}

/// A bucket computed ahead of a look-up (`NodeStore.slotHint`), with the index size it is
/// good for.
struct SlotHint {
    var slot: Int
    var buckets: Int
}
