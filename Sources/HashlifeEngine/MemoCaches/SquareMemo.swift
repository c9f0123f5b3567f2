// The full-step results of squares that are not nodes.

import CPrefetch
#if canImport(Glibc)
import Glibc
#endif

/// The full-step results of the squares a step looks at but never keeps: the five squares
/// between a node's children and the four squares of its sub-results, keyed by their four
/// children.
///
/// Hashlife advances a level-k node by advancing nine overlapping level-(k-1) squares and then
/// four squares made of their results. Four of the nine are the node's children; the other five
/// and the four of the second half exist only to be advanced. Making each one a node, so that
/// its result has a memo slot, costs a look-up in the index (the bucket, then the record: two
/// dependent reads from memory) and, when new, a record, for about four nodes in five. This
/// memo keeps their results instead, in sets of six entries that fill two adjacent 64-byte cache
/// lines (a 128-byte-aligned pair, both fetched by `hint`): a look-up is one read from memory,
/// fetched ahead when the square's children are known, and the answer is the result itself.
///
/// Contract:
/// - An entry maps four child ids (all non-zero, so a zeroed entry matches no key) to the
///   square's full-step result: its centre advanced 2^(level-2) generations, the same node the
///   square's record would have memoized with tag 0. Only full steps are kept.
/// - It is lossy: a set holds its six most recently stored or found entries, and a store into a
///   full set drops the oldest; a dropped result is computed again, exactly. (Six ways in two
///   lines drop half as many as three in one, and cost less than twelve in four.)
/// - No entry outlives one of its ids: a collection removes every entry that names a freed node
///   (`sweep`) before ids are handed out again, and a change of rule empties the memo.
/// - It grows twofold (entries rehashed, in place: `growInPlace`) when it holds five entries a
///   set (five sixths full), up to `maximumSets`, which the memory limit sets
///   (`MemoryPlan.squareMemoSets`: at most a quarter of it), and only while the nodes keep room
///   beside it: the store gives up as many nodes as its bytes would hold
///   (`NodeStore.growSquareMemoIfRoom`). Growing earlier drops fewer entries but doubles the
///   memory of mid-sized steps, whose first touch costs more than the misses saved.
/// - One thread uses it: a step's single-threaded part (and a step on one thread). The workers
///   of a multi-threaded step make these squares nodes, whose memo slots they can claim and
///   share: every way of sharing this memo among workers tried so far (sequence locks with and
///   without claims, per-worker memos, memos read by all and written by one, lock-free 16-byte
///   entries) made two threads slower than the workers' nodes.
///
/// Owns its sets: non-copyable, it unmaps them when it goes away (a memo replaced by another
/// is freed by the assignment).
struct SquareMemo: ~Copyable {
    /// Three ways of a set: results in bytes 4…15, keys (two words each) in bytes 16…63;
    /// bytes 0…3 are spare (zero).
    struct Line {
        var spare: UInt32
        var results: (UInt32, UInt32, UInt32)
        var keys: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    }

    /// Ways 0…2, then 3…5 (the most recent first), in 128 bytes (sets are 128-byte aligned).
    struct Set {
        var first: Line
        var second: Line
    }

    static let ways = 6
    /// 64 KB.
    static let initialSets = 1 << 9

    /// Where way `way`'s key (two words) lies in its set.
    @inline(__always)
    static func keyOffset(_ way: Int) -> Int { (way / 3) &* 64 &+ 16 &* (way % 3) &+ 16 }

    /// Where way `way`'s result lies in its set.
    @inline(__always)
    static func resultOffset(_ way: Int) -> Int { (way / 3) &* 64 &+ 4 &* (way % 3) &+ 4 }

    private(set) var sets: UnsafeMutablePointer<Set>
    private(set) var setCount: Int
    /// `setCount` never grows past this (a power of two).
    private(set) var maximumSets: Int
    /// The sets `sets` has room for (a power of two, at least `setCount`): the address range
    /// is reserved for the maximum when the memo is made, and only the first `setCount` sets
    /// are ever touched, so growing up to it happens in place (`growInPlace`).
    private(set) var reservedSets: Int
    private var shift: UInt64
    /// Entries held (stores less drops; a sweep counts them again).
    private(set) var entries = 0
    /// Entries dropped from full sets, over the memo's life.
    private(set) var evictions: UInt64 = 0
    /// Growths so far.
    private(set) var growths = 0

    /// An empty memo of `initialSets` sets (or `maximumSets` when fewer).
    init(maximumSets: Int) {
        self.maximumSets = maximumSets
        setCount = min(SquareMemo.initialSets, maximumSets)
        shift = UInt64(64 - setCount.trailingZeroBitCount)
        reservedSets = max(setCount, maximumSets)
        sets = SquareMemo.allocate(reservedSets)
    }

    deinit { SquareMemo.release(sets, reservedSets) }

    /// Bytes the sets take (a growing memo touches all of them: keys are spread by hash).
    var bytes: Int { setCount * MemoryLayout<Set>.stride }

    /// The hash of a square's key (`NodeRecord.keyHash`; its top bits name the set). Asks the
    /// processor to fetch the set's two lines.
    @inline(__always)
    func hint(_ a: NodeID, _ b: NodeID, _ c: NodeID, _ d: NodeID) -> UInt64 {
        let h = NodeRecord.keyHash(SquareMemo.keyWord(a, b), SquareMemo.keyWord(c, d))
        let set = setAddress(h)
        hashlife_prefetch(set)
        hashlife_prefetch(set + 64)
        return h
    }

    /// The set a key of hash `h` belongs to.
    @inline(__always)
    private func setAddress(_ h: UInt64) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(sets + Int(truncatingIfNeeded: h &>> shift))
    }

    /// Entry `way` of `set`: its key's two words and its result (0: the way is empty).
    @inline(__always)
    private static func entry(_ set: UnsafeMutableRawPointer, _ way: Int) -> (k0: UInt64, k1: UInt64, result: UInt32) {
        (set.load(fromByteOffset: keyOffset(way), as: UInt64.self), set.load(fromByteOffset: keyOffset(way) + 8, as: UInt64.self),
         set.load(fromByteOffset: resultOffset(way), as: UInt32.self))
    }

    /// Is the set's last way taken (so all are: entries fill a set from the front)?
    @inline(__always)
    private static func isFull(_ set: UnsafeMutableRawPointer) -> Bool {
        set.load(fromByteOffset: resultOffset(SquareMemo.ways - 1), as: UInt32.self) != 0
    }

    /// The result stored for the square whose key is (`k0`, `k1`) and hash `h`, or 0. A hit
    /// in the second or third entry moves that entry to the front.
    /// - Complexity: O(1): one cache line.
    @inline(__always)
    func result(_ k0: UInt64, _ k1: UInt64, hash h: UInt64) -> NodeID {
        let set = setAddress(h)
        if set.load(fromByteOffset: SquareMemo.keyOffset(0), as: UInt64.self) == k0
            && set.load(fromByteOffset: SquareMemo.keyOffset(0) + 8, as: UInt64.self) == k1 {
            return set.load(fromByteOffset: SquareMemo.resultOffset(0), as: UInt32.self)
        }
        for way in 1..<SquareMemo.ways
        where set.load(fromByteOffset: SquareMemo.keyOffset(way), as: UInt64.self) == k0
            && set.load(fromByteOffset: SquareMemo.keyOffset(way) + 8, as: UInt64.self) == k1 {
            let result = set.load(fromByteOffset: SquareMemo.resultOffset(way), as: UInt32.self)
            SquareMemo.shiftDown(set, below: way)
            SquareMemo.write(set, way: 0, k0, k1, result)
            return result
        }
        return 0
    }

    /// The result stored for the square of children `a`, `b`, `c`, `d` (NW, NE, SW, SE) whose
    /// hash `hint` gave, or 0 (`result(_:_:hash:)`).
    @inline(__always)
    func result(_ a: NodeID, _ b: NodeID, _ c: NodeID, _ d: NodeID, hash h: UInt64) -> NodeID {
        result(SquareMemo.keyWord(a, b), SquareMemo.keyWord(c, d), hash: h)
    }

    /// Stores `result` for the square of children `a`, `b`, `c`, `d` (`store(_:_:_:)`).
    @inline(__always) @discardableResult
    mutating func store(_ a: NodeID, _ b: NodeID, _ c: NodeID, _ d: NodeID, _ result: NodeID) -> Bool {
        store(SquareMemo.keyWord(a, b), SquareMemo.keyWord(c, d), result)
    }

    /// Two child ids as one key word, the first in the low half: the index's key words
    /// (`NodeRecord.keyWord`), so that a square's hash is the one its node would have.
    @inline(__always)
    static func keyWord(_ a: NodeID, _ b: NodeID) -> UInt64 { UInt64(a) | UInt64(b) &<< 32 }

    /// Stores `result` (non-zero) for the square whose key is (`k0`, `k1`), in front of its
    /// set; drops the set's oldest entry when it is full.
    /// - Returns: whether the memo is five sixths full and below its largest size: the store
    ///   then grows it if the nodes keep room (`NodeStore.growSquareMemoIfRoom`).
    @inline(__always) @discardableResult
    mutating func store(_ k0: UInt64, _ k1: UInt64, _ result: NodeID) -> Bool {
        let set = setAddress(NodeRecord.keyHash(k0, k1))
        if SquareMemo.isFull(set) {
            evictions &+= 1
        } else {
            entries += 1
        }
        SquareMemo.shiftDown(set, below: SquareMemo.ways - 1)
        SquareMemo.write(set, way: 0, k0, k1, result)
        return 6 * entries >= 5 * SquareMemo.ways * setCount && setCount < maximumSets
    }

    /// Moves entries 0 ..< `way` one place back (entry `way` is overwritten).
    @inline(__always)
    private static func shiftDown(_ set: UnsafeMutableRawPointer, below way: Int) {
        var w = way
        while w > 0 {
            let e = entry(set, w - 1)
            write(set, way: w, e.k0, e.k1, e.result)
            w -= 1
        }
    }

    @inline(__always)
    private static func write(_ set: UnsafeMutableRawPointer, way: Int, _ k0: UInt64, _ k1: UInt64, _ result: UInt32) {
        set.storeBytes(of: k0, toByteOffset: keyOffset(way), as: UInt64.self)
        set.storeBytes(of: k1, toByteOffset: keyOffset(way) + 8, as: UInt64.self)
        set.storeBytes(of: result, toByteOffset: resultOffset(way), as: UInt32.self)
    }

    /// Twice the sets, with every entry rehashed (the most recent of each set stays in
    /// front), in place within the reserved range, else into a new one. O(sets).
    mutating func grow() {
        if 2 * setCount <= reservedSets { growInPlace() } else { resize(to: setCount * 2) }
        growths += 1
    }

    /// Doubles the sets where they are: set s's entries go to sets 2s and 2s + 1 (the next
    /// bit of their hash), each in its order. Sets are taken from the last down, so every set
    /// written to has already been emptied (2s > s), or is s itself (s = 0), or was never
    /// touched. (Growing into a new array would keep the old one resident until its end, one
    /// and a half times the grown memo at that moment: the peak of mid-sized steps.)
    private mutating func growInPlace() {
        let oldCount = setCount, oldBytes = bytes
        setCount = 2 * oldCount
        shift -= 1
        HugePages.advise(sets, bytes: bytes)
        // The sets touched while the memo was below the huge-page size, in 4 KiB pages.
        if oldBytes < HugePages.threshold && bytes >= HugePages.threshold {
            HugePages.collapse(sets, bytes: oldBytes)
        }
        for s in stride(from: oldCount - 1, through: 0, by: -1) {
            let source = UnsafeMutableRawPointer(sets + s)
            var held = InlineArray<6, (k0: UInt64, k1: UInt64, result: UInt32)>(repeating: (0, 0, 0))  // SquareMemo.ways
            for way in 0..<SquareMemo.ways { held[way] = SquareMemo.entry(source, way) }
            source.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<Set>.stride)
            var filled = InlineArray<2, Int>(repeating: 0)  // ways used in sets 2s and 2s + 1
            for way in 0..<SquareMemo.ways where held[way].result != 0 {
                let e = held[way]
                let target = setAddress(NodeRecord.keyHash(e.k0, e.k1))
                let odd = target == UnsafeMutableRawPointer(sets + 2 * s) ? 0 : 1
                SquareMemo.write(target, way: filled[odd], e.k0, e.k1, e.result)
                filled[odd] += 1
            }
        }
    }

    /// Rehashes every entry into `newCount` sets (a power of two) in a new range reserved
    /// for the maximum; when shrinking, entries that do not fit are dropped. O(sets).
    private mutating func resize(to newCount: Int) {
        let old = sets, oldCount = setCount, oldReserved = reservedSets
        reservedSets = max(newCount, maximumSets)
        sets = SquareMemo.allocate(reservedSets)
        HugePages.advise(sets, bytes: newCount * MemoryLayout<Set>.stride)
        setCount = newCount
        shift = UInt64(64 - newCount.trailingZeroBitCount)
        entries = 0
        for s in 0..<oldCount {
            let source = UnsafeMutableRawPointer(old + s)
            for way in stride(from: SquareMemo.ways - 1, through: 0, by: -1) {
                let e = SquareMemo.entry(source, way)
                guard e.result != 0 else { continue }
                let target = setAddress(NodeRecord.keyHash(e.k0, e.k1))
                if !SquareMemo.isFull(target) { entries += 1 }
                SquareMemo.shiftDown(target, below: SquareMemo.ways - 1)
                SquareMemo.write(target, way: 0, e.k0, e.k1, e.result)
            }
        }
        SquareMemo.release(old, oldReserved)
    }

    /// Keeps the memo at its size (until `setMaximum`): the nodes have no room to give up.
    mutating func stopGrowing() {
        maximumSets = setCount
    }

    /// Applies a new maximum: the memo shrinks to it (dropping what does not fit) when it is
    /// larger.
    mutating func setMaximum(_ sets: Int) {
        maximumSets = sets
        if setCount > sets { resize(to: sets) }
    }

    /// Forgets every entry (a change of rule); keeps the size.
    mutating func removeAll() {
        UnsafeMutableRawPointer(sets).initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        entries = 0
    }

    /// Removes every entry that names a node `isLive` rejects (its key's four ids or its
    /// result); survivors keep their order. O(sets).
    mutating func sweep(_ isLive: (NodeID) -> Bool) {
        entries = 0
        for s in 0..<setCount {
            let set = UnsafeMutableRawPointer(sets + s)
            var kept = 0
            for way in 0..<SquareMemo.ways {
                let e = SquareMemo.entry(set, way)
                guard e.result != 0, isLive(e.result), isLive(NodeID(truncatingIfNeeded: e.k0)), isLive(NodeID(truncatingIfNeeded: e.k0 >> 32)),
                      isLive(NodeID(truncatingIfNeeded: e.k1)), isLive(NodeID(truncatingIfNeeded: e.k1 >> 32)) else { continue }
                SquareMemo.write(set, way: kept, e.k0, e.k1, e.result)
                kept += 1
            }
            for way in kept..<SquareMemo.ways { SquareMemo.write(set, way: way, 0, 0, 0) }
            entries += kept
        }
    }

    /// Calls `body` with each entry's four child ids and result, set by set, front first
    /// (for checks and tests). O(sets).
    func forEachEntry(_ body: (NodeID, NodeID, NodeID, NodeID, NodeID) -> Void) {
        for s in 0..<setCount {
            let set = UnsafeMutableRawPointer(sets + s)
            for way in 0..<SquareMemo.ways {
                let e = SquareMemo.entry(set, way)
                guard e.result != 0 else { continue }
                body(NodeID(truncatingIfNeeded: e.k0), NodeID(truncatingIfNeeded: e.k0 >> 32),
                     NodeID(truncatingIfNeeded: e.k1), NodeID(truncatingIfNeeded: e.k1 >> 32), e.result)
            }
        }
    }

    /// Room for `count` zeroed sets from the kernel, page-aligned (so every 128-byte set is
    /// aligned to its two lines). Pages are cleared and become resident on first touch, so
    /// the sets beyond `setCount` cost address space only; huge pages are asked for over the
    /// sets in use once they reach 8 MiB (`HugePages.advise`, by the caller), not
    /// over the whole range, where a small memo would touch a 2 MiB page.
    private static func allocate(_ count: Int) -> UnsafeMutablePointer<Set> {
        let bytes = count * MemoryLayout<Set>.stride
        guard let raw = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
              raw != MAP_FAILED else {
            fatalError("out of memory for a square memo of \(bytes) bytes")
        }
        return raw.bindMemory(to: Set.self, capacity: count)
    }

    private static func release(_ sets: UnsafeMutablePointer<Set>, _ count: Int) {
        munmap(UnsafeMutableRawPointer(sets), count * MemoryLayout<Set>.stride)
    }
}
