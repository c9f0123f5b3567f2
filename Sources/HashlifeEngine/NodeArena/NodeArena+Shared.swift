// The arena as the workers of a multi-threaded step share it: the two-state record's, whose
// word layout the memo slots and stamps below write atomically.
//
// Workers read and write the universe's arena and index at once, through copies of its handle.
// Three things change from one thread's use, all here:
//
// - Chains change only under their bucket's lock, the top bit of the bucket's word, taken with
//   a compare-and-swap: to publish a node and to move a found record to the front. Look-ups
//   walk without the lock (a head loaded with acquire order reaches complete records). A
//   look-up that does not find its key takes the lock and searches the chain again before it
//   writes the record and stores the new head, which releases the lock: a record being moved to
//   the front is missing from a walk for a moment, and one just inserted was not there yet, so
//   only this second search may conclude that the key is new, and a key is never inserted twice
//   (nodes stay canonical). A move to the front is a speed-up a worker skips when the lock is
//   taken; it matters as much as on one thread, since the record a look-up wants is then mostly
//   the head, which the recursion fetches ahead. Nothing is freed while workers run.
// - A memo slot is read and written as a sequence lock whose counter is the result word
//   (word 5): a writer clears it, then writes the tag bits of words 0 and 1, then the result
//   with release order; a reader loads the result (acquire), the tag bits, and the result
//   again, and believes the slot only when both loads agree. In one phase every thread asks a
//   node for one step only (the step's tag at that node's level), and every writer writes the
//   same canonical result, so an agreeing read is a right one. A worker may claim an empty slot
//   (`claim`): others then wait for it, or after a while compute it alongside.
// - Recency stamps are written word by word with relaxed atomics. Two writers racing on one
//   record can tear its stamp (each word's two bits from either tick), even into a value above
//   the clock: such a node only counts as the most recent, and the next sweep clamps it
//   (`Collector.workersStamped`). Word 4 holds a chain link beside its stamp bits: stamps swap it
//   atomically, and a move under the lock writes the link with a plain store, which may drop a
//   stamp written in between (a recency hint) but never a link.

import CPrefetch
import Synchronization

extension NodeArena {
    /// The word at `p` (a bucket head, a record's word) as an atomic.
    @inline(__always)
    static func atomicWord(_ p: UnsafeMutablePointer<UInt32>) -> UnsafeMutablePointer<Atomic<UInt32>> {
        UnsafeMutableRawPointer(p).assumingMemoryBound(to: Atomic<UInt32>.self)
    }
}

extension NodeArena where Record == NodeRecord {
    /// The top bit of a bucket's word: a worker is inserting into or reordering its chain.
    static var bucketLock: UInt32 { 1 << 31 }

    /// Word `word` (0 … 5) of record `id`, as an atomic.
    @inline(__always)
    func sharedWord(_ id: NodeID, _ word: Int) -> UnsafeMutablePointer<Atomic<UInt32>> {
        NodeArena.atomicWord(UnsafeMutableRawPointer(nodes + Int(id)).assumingMemoryBound(to: UInt32.self) + word)
    }

    /// The head of bucket `slot`, with acquire order (the records it reaches are complete),
    /// without the lock bit.
    @inline(__always)
    func sharedHead(_ slot: Int) -> NodeID {
        NodeArena.atomicWord(buckets + slot).pointee.load(ordering: .acquiring) & NodeRecord.idMask
    }

    /// `prefetchHead` for a worker: the bucket is read with an atomic load (another worker may
    /// be changing it, and may hold its lock bit), and the record it names is fetched.
    @inline(__always)
    func prefetchSharedHead(_ hint: SlotHint) {
        if hint.buckets == bucketCount {
            hashlife_prefetch(nodes + Int(NodeArena.atomicWord(buckets + hint.slot).pointee.load(ordering: .relaxed) & NodeRecord.idMask))
        }
    }

    /// `find` for a worker: walks the chain without the lock, and moves a record found past the
    /// head to the front if it can take the lock (`moveToFrontShared`).
    @inline(__always)
    mutating func findShared(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID, slot: Int) -> NodeID {
        let key = (NodeRecord.keyWord(nw, ne), NodeRecord.keyWord(sw, se))
        var id = sharedHead(slot), previous: NodeID = 0
        while id != 0 {
            let words = NodeArena.words(nodes + Int(id))
            if ((words.0 ^ key.0) | (words.1 ^ key.1)) & NodeRecord.keyMask == 0 {
                if previous != 0 { moveToFrontShared(id, slot: slot) }
                return id
            }
            previous = id
            id = nodes[Int(id)].next
        }
        return 0
    }

    /// `findLeaf` for a worker (see `findShared`).
    @inline(__always)
    mutating func findSharedLeaf(_ a: UInt32, _ b: UInt32, slot: Int) -> NodeID {
        var id = sharedHead(slot), previous: NodeID = 0
        while id != 0 {
            let record = nodes[Int(id)]
            if record.word0 == a && record.word1 == b && record.se == NodeRecord.leafMarker {
                if previous != 0 { moveToFrontShared(id, slot: slot) }
                return id
            }
            previous = id
            id = record.next
        }
        return 0
    }

    /// Publishes the node (a, b, c, d) in slot `id` (a fresh id the worker holds) at the head of
    /// the chain of `slot`, where a search without the lock did not find it; returns the
    /// canonical id: `id`, or another worker's when it made the node first (`id` is then
    /// unused). Under the bucket's lock no record joins or moves in the chain, so the chain is
    /// searched again; the store that puts the new record at the head also releases the lock.
    @inline(__always)
    mutating func insertShared(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, slot: Int, id: NodeID, stamp: UInt32) -> NodeID {
        let head = lockBucket(slot)
        let isLeafKey = d == NodeRecord.leafMarker
        var probe = head
        while probe != 0 {
            let r = nodes[Int(probe)]
            let same = isLeafKey ? r.word0 == a && r.word1 == b && r.se == d
                : ((r.word0 ^ a) | (r.word1 ^ b) | (r.word2 ^ c) | (r.word3 ^ d)) & NodeRecord.idMask == 0
            if same {
                unlockBucket(slot, head: head)
                return probe
            }
            probe = r.next
        }
        nodes[Int(id)] = NodeRecord(a, b, c, d, next: head, stamp: stamp)
        unlockBucket(slot, head: id)
        return id
    }

    /// `moveToFront` for a worker: moves `id`, found past the head of the chain of `slot`, to its
    /// front under the bucket's lock, or does nothing when another worker holds the lock (it is
    /// only a speed-up). A reader that walks while `id` is being moved may miss it, and then
    /// inserts, which searches again under the lock (`insertShared`), so no node is made twice.
    /// The moved links keep the stamp bits their words share (`setLink`).
    ///
    /// `mutating`, though it writes only the shared buffers: a method that is not inlined takes
    /// a non-mutating `self` by value, which its caller copies before every call.
    @inline(never)
    mutating func moveToFrontShared(_ id: NodeID, slot: Int) {
        guard let head = tryLockBucket(slot) else { return }
        var previous: NodeID = 0, probe = head
        while probe != 0 && probe != id {
            previous = probe
            probe = nodes[Int(probe)].next
        }
        guard probe == id, previous != 0 else {
            unlockBucket(slot, head: head)
            return
        }
        setLink(previous, nodes[Int(id)].next)
        setLink(id, head)
        unlockBucket(slot, head: id)
    }

    /// Sets the chain link of `id` (the low bits of word 4) and keeps its stamp bits, under the
    /// lock of its bucket. A plain load and store: stamp writers swap word 4 atomically
    /// (`replaceBits`), so a stamp written in between can be lost (it is a recency hint), but a
    /// link never is.
    @inline(__always)
    func setLink(_ id: NodeID, _ next: NodeID) {
        let word = sharedWord(id, 4)
        word.pointee.store(word.pointee.load(ordering: .relaxed) & ~NodeRecord.idMask | next, ordering: .relaxed)
    }

    /// Takes the lock of bucket `slot` (spinning while another worker holds it) and returns the
    /// chain's head.
    @inline(__always)
    func lockBucket(_ slot: Int) -> NodeID {
        while true {
            if let head = tryLockBucket(slot) { return head }
            hashlife_spin_pause()
        }
    }

    /// Takes the lock of bucket `slot` and returns the chain's head, or nil when another worker
    /// holds it (or took it meanwhile).
    @inline(__always)
    func tryLockBucket(_ slot: Int) -> NodeID? {
        let bucket = NodeArena.atomicWord(buckets + slot)
        let head = bucket.pointee.load(ordering: .relaxed)
        guard head & NodeArena.bucketLock == 0,
              bucket.pointee.compareExchange(expected: head, desired: head | NodeArena.bucketLock, ordering: .acquiring).exchanged
        else { return nil }
        return head
    }

    /// Releases the lock of bucket `slot`, whose chain now starts at `head`, with release order
    /// (the records it reaches are complete for readers that load it with acquire).
    @inline(__always)
    func unlockBucket(_ slot: Int, head: NodeID) {
        NodeArena.atomicWord(buckets + slot).pointee.store(head, ordering: .releasing)
    }

    /// Marks the slots `range`, past the high-water mark, as free until a worker publishes a
    /// record in one: a growth of the index in the middle of a phase relinks every record below
    /// the high-water mark that is not free.
    func initializeFresh(_ range: Range<Int>) {
        (nodes + range.lowerBound).initialize(repeating: .free(next: 0), count: range.count)
    }

    /// The record after `id` on the free list (whose owner holds it under a lock).
    @inline(__always)
    func nextFree(after id: NodeID) -> NodeID { nodes[Int(id)].next }
}

// MARK: - Memo slots and stamps

extension NodeArena where Record == NodeRecord {
    /// A result word being written: no id, top bits set (one thread never leaves one: it
    /// writes 0 for "none").
    static var busyMarker: UInt32 { 3 << 30 }
    /// The id part of a claimed slot's result word: never an id.
    static var claimMarker: UInt32 { NodeRecord.idMask }

    /// What the memo slot of `id` holds for the step whose tag's bits (`NodeRecord.topBits`)
    /// are `tagBits`, read as a sequence lock.
    @inline(__always)
    func memoSlot(_ id: NodeID, tagBits: (UInt32, UInt32, UInt32)) -> MemoSlot {
        let word5 = sharedWord(id, 5)
        while true {
            let first = word5.pointee.load(ordering: .acquiring)
            let low = first & NodeRecord.idMask
            if low == 0 { return first == 0 ? .empty(first) : .busy }
            let a = sharedWord(id, 0).pointee.load(ordering: .relaxed)
            let b = sharedWord(id, 1).pointee.load(ordering: .relaxed)
            atomicMemoryFence(ordering: .acquiring)
            guard word5.pointee.load(ordering: .relaxed) == first else { continue }
            guard NodeRecord.holds(bits: tagBits, a, b, first) else { return .empty(first) }
            return low == NodeArena.claimMarker ? .busy : .result(low)
        }
    }

    /// `memoSlot` for the step whose tag is `tag`.
    @inline(__always)
    func memoSlot(_ id: NodeID, tag: Int) -> MemoSlot {
        memoSlot(id, tagBits: NodeRecord.topBits(UInt32(truncatingIfNeeded: tag)))
    }

    /// The memoized result of `id` for the step whose tag's bits are `tagBits`, or nil (none, or
    /// being computed).
    @inline(__always)
    func sharedResult(_ id: NodeID, tagBits: (UInt32, UInt32, UInt32)) -> NodeID? {
        if case let .result(result) = memoSlot(id, tagBits: tagBits) { return result }
        return nil
    }

    /// `sharedResult(_:tagBits:)` for the step whose tag is `tag`.
    @inline(__always)
    func sharedResult(_ id: NodeID, tag: Int) -> NodeID? {
        sharedResult(id, tagBits: NodeRecord.topBits(UInt32(truncatingIfNeeded: tag)))
    }

    /// Claims the memo slot of `id` for the step whose tag is `tag`, if it still holds
    /// `observed`: other workers that need it then wait instead of computing it too. The owner
    /// then publishes (`publishClaimed`) or gives it up (`unclaim`).
    @inline(__always)
    func claim(_ id: NodeID, tag: Int, observed: UInt32) -> Bool {
        let word5 = sharedWord(id, 5)
        guard word5.pointee.compareExchange(expected: observed, desired: NodeArena.busyMarker,
                                            ordering: .acquiringAndReleasing).exchanged else { return false }
        let top = NodeRecord.topBits(UInt32(truncatingIfNeeded: tag))
        setTopBits(sharedWord(id, 0), top.0)
        setTopBits(sharedWord(id, 1), top.1)
        word5.pointee.store(NodeArena.claimMarker | top.2, ordering: .releasing)
        return true
    }

    /// Publishes the result of a slot this worker claimed (its tag bits are already written).
    @inline(__always)
    func publishClaimed(_ id: NodeID, _ result: NodeID, tag: Int) {
        sharedWord(id, 5).pointee.store(result | NodeRecord.topBits(UInt32(truncatingIfNeeded: tag)).2, ordering: .releasing)
    }

    /// Gives up a claim (the computation unwound): the slot is empty again.
    func unclaim(_ id: NodeID) {
        sharedWord(id, 5).pointee.store(0, ordering: .releasing)
    }

    /// Memoizes `result` for `id` and the step whose tag is `tag` (< `NodeRecord.tagLimit`),
    /// unclaimed, as the writer of a sequence lock.
    @inline(__always)
    func publishResult(_ id: NodeID, _ result: NodeID, tag: Int) {
        if sharedResult(id, tag: tag) == result { return }
        let top = NodeRecord.topBits(UInt32(truncatingIfNeeded: tag))
        let word5 = sharedWord(id, 5), word0 = sharedWord(id, 0), word1 = sharedWord(id, 1)
        word5.pointee.store(NodeArena.busyMarker, ordering: .relaxed)
        atomicMemoryFence(ordering: .releasing)
        setTopBits(word0, top.0)
        setTopBits(word1, top.1)
        word5.pointee.store(result | top.2, ordering: .releasing)
    }

    /// Stamps `id` with the tick whose bits (`NodeRecord.topBits`) are `tickBits`, word by word.
    @inline(__always)
    func stampShared(_ id: NodeID, tickBits top: (UInt32, UInt32, UInt32)) {
        setTopBits(sharedWord(id, 2), top.0)
        setTopBits(sharedWord(id, 3), top.1)
        // Word 4 also holds the chain link, which a worker moving records may be writing.
        NodeArena.replaceBits(sharedWord(id, 4), ~NodeRecord.idMask, with: top.2)
    }

    @inline(__always)
    private func setTopBits(_ word: UnsafeMutablePointer<Atomic<UInt32>>, _ bits: UInt32) {
        word.pointee.store(word.pointee.load(ordering: .relaxed) & NodeRecord.idMask | bits, ordering: .relaxed)
    }

    /// Sets the bits of `word` under `mask` to `bits` (which lie under it) and keeps the
    /// others, atomically: a record's word 4 holds its chain link under the id mask and stamp
    /// bits above, which different workers may write at once.
    @inline(__always)
    static func replaceBits(_ word: UnsafeMutablePointer<Atomic<UInt32>>, _ mask: UInt32, with bits: UInt32) {
        var old = word.pointee.load(ordering: .relaxed)
        while true {
            let new = old & ~mask | bits
            if new == old { return }
            let swap = word.pointee.compareExchange(expected: old, desired: new, ordering: .relaxed)
            if swap.exchanged { return }
            old = swap.original
        }
    }
}

/// What a memo slot holds for one step (`NodeArena.memoSlot`).
enum MemoSlot {
    /// Nothing for this step; the result word as read (to claim it).
    case empty(UInt32)
    /// Being written, or claimed by a worker computing it.
    case busy
    case result(NodeID)
}
