// Rebuilding the hash chains: when the index grows, and after a collection's sweep.

import CPrefetch
import Synchronization

extension NodeArena {
    /// Uses the first `newCount` buckets, reallocating the index when it is bigger than the
    /// allocation, and relinks every chain; no node moves. The index is reallocated in place
    /// where it can be (`realloc` remaps a big block's pages), so only the added pages are new
    /// to the process: the kernel zeroes a page on its first touch, and those faults cost far
    /// more than clearing memory already mapped. With `threads` > 1 (between the phases of a
    /// multi-threaded step, or inside one while its workers wait, when the other threads are
    /// idle) they share the clearing and the relinking.
    /// - Complexity: O(arena). Never inlined: it is rare, and its callers include insertions.
    @inline(never)
    @_specialize(where Record == NodeRecord)
    mutating func growIndex(to newCount: Int, threads: Int = 1) {
        if newCount > bucketCapacity {
            buckets = HugePages.reallocate(buckets, count: newCount)
            bucketCapacity = newCount
        }
        bucketCount = newCount
        NodeArena.clear(buckets, count: newCount, threads: threads)
        relinkChains(parts: NodeArena.parts(threads: threads, count: count))
    }

    /// Sets `count` words from `words` to zero, the work split among `threads` threads when
    /// there are at least `parallelClearingBytes` (`Threads.inParallel`): the first touch of each new
    /// page costs a fault in which the kernel (and on a virtual machine, the host) provides a
    /// zeroed page, and faults on two processors overlap.
    static func clear(_ words: UnsafeMutablePointer<UInt32>, count: Int, threads: Int) {
        let parts = count * MemoryLayout<UInt32>.stride >= parallelClearingBytes ? max(threads, 1) : 1
        let share = (count + parts - 1) / parts
        Threads.inParallel(parts: parts) { part in
            let start = part * share
            if start < count { (words + start).initialize(repeating: 0, count: min(share, count - start)) }
        }
    }

    /// Below this many bytes an index is cleared by one thread (starting one costs tens of
    /// microseconds).
    static var parallelClearingBytes: Int { 8 << 20 }

    /// Empties every bucket in use and rebuilds every hash chain from the live records.
    @_specialize(where Record == NodeRecord)
    mutating func rebuildChains(threads: Int) {
        NodeArena.clear(buckets, count: bucketCount, threads: threads)
        relinkChains(parts: threads)
    }

    /// Rebuilds every hash chain from the live records (freed ones are skipped), in an index
    /// whose words are zero. One part pushes the records in order, so a chain lists the newest
    /// first. With `parts` > 1 (`Threads.inParallel`) each part pushes the records of its own range of
    /// ids, taking a bucket's head with an atomic exchange; a chain's order then depends on
    /// timing, which is a matter of speed, never of results. (Each part owning a range of
    /// buckets instead, with no atomics, is slower: every part then reads every record.)
    @_specialize(where Record == NodeRecord)
    func relinkChains(parts: Int = 1) {
        let nodes = self.nodes, count = self.count, buckets = self.buckets, bucketCount = self.bucketCount
        Threads.inParallel(parts: parts) { part in
            NodeArena.relink(NodeArena.partRange(part, of: parts, count: count), of: nodes, buckets: buckets,
                             bucketCount: bucketCount, atomic: parts > 1)
        }
    }

    /// Pushes the live records of `ids` onto their chains, in order, with an atomic exchange of
    /// the bucket's head when `atomic` (other parts push onto the same buckets). The records
    /// are read in order; the buckets, at random, are fetched `relinkLookahead` records ahead,
    /// and each record's bucket is computed once, when it is fetched (a ring of the slots in
    /// flight; -1 for a freed record).
    private static func relink(_ ids: Range<Int>, of nodes: UnsafeMutablePointer<Record>, buckets: UnsafeMutablePointer<UInt32>,
                               bucketCount: Int, atomic: Bool) {
        let ahead = NodeArena.relinkLookahead
        var ring = InlineArray<16, Int>(repeating: -1)  // `ahead` of them, a power of two
        checkInvariant(ahead == ring.count, "the ring holds the lookahead")
        @inline(__always) func fetch(_ i: Int) -> Int {
            let r = nodes[i]
            if r.isFree { return -1 }
            let slot = NodeArena.bucket(of: r, bucketCount: bucketCount)
            hashlife_prefetch(buckets + slot)
            return slot
        }
        for i in ids.lowerBound..<min(ids.upperBound, ids.lowerBound + ahead) { ring[i & (ahead - 1)] = fetch(i) }
        for i in ids {
            let slot = ring[i & (ahead - 1)]
            if i + ahead < ids.upperBound { ring[i & (ahead - 1)] = fetch(i + ahead) }
            if slot < 0 { continue }
            if atomic {
                nodes[i].next = NodeArena.atomicWord(buckets + slot).pointee.exchange(UInt32(i), ordering: .relaxed)
            } else {
                nodes[i].next = buckets[slot]
                buckets[slot] = UInt32(i)
            }
        }
    }

    /// How far ahead `relinkChains` fetches buckets (the size of its ring of slots).
    static var relinkLookahead: Int { 16 }

    /// How many parts a scan of an arena of `count` slots is cut into: `threads` from
    /// `parallelScanSlots` slots on, else one (starting a thread costs tens of microseconds).
    static func parts(threads: Int, count: Int) -> Int {
        threads > 1 && count >= parallelScanSlots ? threads : 1
    }

    /// Below this many slots the arena is scanned (and its recent nodes marked) by one thread.
    static var parallelScanSlots: Int { 1 << 16 }

    /// Part `part` of the ids 1 ..< `count` cut into `parts` ranges of (nearly) equal length,
    /// in order.
    static func partRange(_ part: Int, of parts: Int, count: Int) -> Range<Int> {
        1 + (count - 1) * part / parts ..< 1 + (count - 1) * (part + 1) / parts
    }
}
