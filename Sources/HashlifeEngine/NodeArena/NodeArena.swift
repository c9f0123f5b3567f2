// The node store's raw memory.
//
// Nodes live in one arena of 24-byte `NodeRecord`s; a node's id is its index in the arena and
// never changes while the node lives (id 0 is reserved: "no node", "not computed"). The hash
// index is an array of bucket heads whose chains run through each record's `next` field
// (NodeArena+Index.swift). Ids are stable rather than "the slot is the id" open addressing: a
// look-up costs a second cache miss, but growing the index relinks chains without moving a
// node, and evicting a node is a free-list push instead of a compacting pass that would remap
// every id held by roots, kept states and the recursion.
//
// Thirty-bit ids cap the arena at 2^30 - 1 nodes (24 GiB of records), beyond any limit this
// machine kind can give. The arena is allocated at the limit's capacity up front (up to a
// quarter of physical memory; beyond, it doubles when it gets there): pages the kernel has not
// been asked for cost nothing, so the process grows only as nodes are made, and the arena is
// not copied on the way.

/// The store's raw buffers: the arena of records and its free list, the hash index, the
/// canonical empty node of each level, and the stack of ids the recursion pins. The one type
/// that reads and writes them directly; everything else goes through its accessors, which debug
/// builds (`HASHLIFE_INVARIANTS`) check.
///
/// A handle, as swift-collections' `_UnsafeHandle`s are: copies share the buffers. The store
/// that made it frees them (`deallocate`); the workers of a multi-threaded step hold copies and
/// use them through the atomic accessors (NodeArena+Shared.swift).
///
/// Generic over the record (`ArenaRecord`): the free list, the index, the empty nodes, the pins,
/// the sweep and the relinking work for any record; the two-state engine's `TwoStateArena`
/// adds the fast paths of its own layout (`where Record == NodeRecord`: look-ups comparing
/// 64-bit words, the shared memo slots and stamps of a multi-threaded step).
///
/// Invariants: slot 0 is reserved and free; slots 1 ..< `count` are live records, reachable
/// through exactly one hash chain, or freed (`isFree`) and on the free list, which holds
/// `freeCount` of them; a live record names only live records.
struct NodeArena<Record: ArenaRecord> {
    /// Level of a leaf.
    static var leafLevel: Int { @inline(__always) get { Record.leafLevel } }
    /// Largest arena: ids must stay below the record's `maximumCapacity`.
    static var maximumCapacity: Int { Record.maximumCapacity }
    /// Bytes of arena per node.
    static var bytesPerRecord: Int { MemoryLayout<Record>.stride }

    /// The records, `capacity` of them allocated.
    var nodes: UnsafeMutablePointer<Record>
    /// Slots ever used (the high-water mark), the reserved slot 0 included.
    var count: Int
    var capacity: Int
    /// Head of the list of freed records (linked through `next`), 0 when none.
    var freeHead: NodeID = 0
    /// Records on the free list.
    var freeCount = 0

    /// The hash index's bucket heads: `bucketCapacity` allocated, the first `bucketCount` in use
    /// (NodeArena+Index.swift).
    var buckets: UnsafeMutablePointer<UInt32>
    var bucketCount: Int
    var bucketCapacity: Int

    /// The canonical empty node of each level (index = level), for levels 3 ..< `emptyCount`.
    var empties: UnsafeMutablePointer<UInt32>
    var emptyCount = Record.leafLevel
    var emptyCapacity = 64

    /// The ids the recursion holds, `PinFrame.slotCount` a frame (NodeArena+Pins.swift).
    var pins: UnsafeMutablePointer<UInt32>
    var pinCount = 0
    var pinCapacity = 1024

    /// An arena of `capacity` records (slot 0 reserved) and an index of `buckets` empty buckets.
    init(capacity: Int, buckets bucketCount: Int) {
        self.capacity = capacity
        nodes = HugePages.allocate(Record.self, capacity: capacity)
        nodes[0] = .free(next: 0)
        count = 1
        self.bucketCount = bucketCount
        bucketCapacity = bucketCount
        buckets = HugePages.reallocate(nil, count: bucketCount)
        buckets.initialize(repeating: 0, count: bucketCount)
        empties = .allocate(capacity: emptyCapacity)
        pins = .allocate(capacity: pinCapacity)
    }

    /// Frees the buffers; no copy of the handle may be used after.
    func deallocate() {
        nodes.deallocate()
        HugePages.free(buckets)
        empties.deallocate()
        pins.deallocate()
    }

    /// Live nodes (the reserved slot and freed records excluded).
    var liveCount: Int { count - 1 - freeCount }

    /// Bytes touched: records up to the high-water mark, the index in use and the small arrays
    /// (pages past the high-water mark are allocated but never touched).
    var bytesInUse: Int {
        count * NodeArena.bytesPerRecord + bucketCount * MemoryLayout<UInt32>.stride
            + (emptyCapacity + pinCapacity) * MemoryLayout<UInt32>.stride
    }
}

// MARK: - Records

extension NodeArena {
    /// The record of the live node `id`, read or updated in place. Debug builds check that `id`
    /// lies in the allocation and is not on the free list (the allocation, not the high-water
    /// mark: a worker's copy does not see the ids other workers take).
    subscript(id: NodeID) -> Record {
        @inline(__always) unsafeAddress {
            checkLive(id, below: capacity)
            return UnsafePointer(nodes + Int(id))
        }
        @inline(__always) nonmutating unsafeMutableAddress {
            checkLive(id, below: capacity)
            return nodes + Int(id)
        }
    }

    /// The record of the live node `id`, for code outside the store: debug builds check that it
    /// lies below the high-water mark and is not on the free list.
    @inline(__always)
    @_specialize(where Record == NodeRecord)
    func record(_ id: NodeID) -> Record {
        checkLive(id, below: count)
        return nodes[Int(id)]
    }

    @inline(__always)
    fileprivate func checkLive(_ id: NodeID, below bound: Int) {
        checkInvariant(Int(id) < bound, "node \(id) is outside the arena (\(bound) records)")
        checkInvariant(id == 0 || !nodes[Int(id)].isFree, "node \(id) was freed")
    }

    /// The record in slot `i` (1 ..< `count`), live or freed, for scans of the whole arena.
    @inline(__always)
    @_specialize(where Record == NodeRecord)
    func slot(_ i: Int) -> Record {
        checkInvariant(i < count, "slot \(i) is past the high-water mark (\(count))")
        return nodes[i]
    }
}

/// The arena of the two-state engine: 24-byte `NodeRecord`s, leaves of 8×8 cells in a `UInt64`.
typealias TwoStateArena = NodeArena<NodeRecord>

extension NodeArena where Record == NodeRecord {
    /// `subscript(_:)` of the two-state arena, declared again in this constrained extension so
    /// that builds that compile file by file (the tests') call a concrete accessor from the
    /// stepping code instead of the unspecialized generic one; whole-module builds inline
    /// either.
    subscript(id: NodeID) -> NodeRecord {
        @inline(__always) unsafeAddress {
            checkLive(id, below: capacity)
            return UnsafePointer(nodes + Int(id))
        }
        @inline(__always) nonmutating unsafeMutableAddress {
            checkLive(id, below: capacity)
            return nodes + Int(id)
        }
    }

    /// `record(_:)` of the two-state arena (see its `subscript`).
    @inline(__always)
    func record(_ id: NodeID) -> NodeRecord {
        checkLive(id, below: count)
        return nodes[Int(id)]
    }

    /// A record as three 64-bit words: words 0-1, 2-3 and 4-5, the first of each pair in the
    /// low half (see `NodeRecord.tagWords`); the first two hold the four children under the tag
    /// and stamp bits (`NodeRecord.keyMask` keeps the ids). Memo hits compare tags and stamps so,
    /// in two operations rather than three.
    @inline(__always)
    func words(_ id: NodeID) -> (UInt64, UInt64, UInt64) {
        checkLive(id, below: capacity)
        return NodeArena.words(nodes + Int(id))
    }

    @inline(__always)
    static func words(_ record: UnsafePointer<NodeRecord>) -> (UInt64, UInt64, UInt64) {
        let raw = UnsafeRawPointer(record)
        return (raw.load(as: UInt64.self), raw.load(fromByteOffset: 8, as: UInt64.self), raw.load(fromByteOffset: 16, as: UInt64.self))
    }

    /// The 64 cells of the leaf `id`.
    @inline(__always)
    func cells(_ id: NodeID) -> UInt64 { self[id].cells }

    /// The sixteen grandchildren of a node of level ≥ 5, as its four children's records.
    @inline(__always)
    func grandchildren(_ r: NodeRecord) -> (nw: NodeRecord, ne: NodeRecord, sw: NodeRecord, se: NodeRecord) {
        (self[r.nw], self[r.ne], self[r.sw], self[r.se])
    }

    /// The children (nw, ne, sw, se) of the nine overlapping sub-squares of a node of level ≥ 5,
    /// row by row: its four children and the five squares between them, as quarters of its
    /// grandchildren.
    @inline(__always)
    func nineSquareKeys(_ r: NodeRecord) -> InlineArray<9, (NodeID, NodeID, NodeID, NodeID)> {
        let g = grandchildren(r)
        return [(g.nw.nw, g.nw.ne, g.nw.sw, g.nw.se), (g.nw.ne, g.ne.nw, g.nw.se, g.ne.sw), (g.ne.nw, g.ne.ne, g.ne.sw, g.ne.se),
                (g.nw.sw, g.nw.se, g.sw.nw, g.sw.ne), (g.nw.se, g.ne.sw, g.sw.ne, g.se.nw), (g.ne.sw, g.ne.se, g.se.nw, g.se.ne),
                (g.sw.nw, g.sw.ne, g.sw.sw, g.sw.se), (g.sw.ne, g.se.nw, g.sw.se, g.se.sw), (g.se.nw, g.se.ne, g.se.sw, g.se.se)]
    }
}

extension NodeArena where Record: HashlifeRecord {
    /// The sixteen grandchildren of a node two levels above the leaves or more, as its four
    /// children's records (the layout-independent recursion's; the two-state arena has its own).
    @inline(__always)
    func grandchildren(_ r: Record) -> (nw: Record, ne: Record, sw: Record, se: Record) {
        (self[r.nw], self[r.ne], self[r.sw], self[r.se])
    }
}

// MARK: - Allocation

extension NodeArena {
    /// Takes the first record of the free list, if there is one.
    @inline(__always)
    @_specialize(where Record == NodeRecord)
    mutating func popFree() -> NodeID? {
        guard freeHead != 0 else { return nil }
        let id = freeHead
        freeHead = nodes[Int(id)].next
        freeCount -= 1
        return id
    }

    /// Puts the unused slot `id` (one no chain reaches) on the free list.
    @_specialize(where Record == NodeRecord)
    mutating func pushFree(_ id: NodeID) {
        nodes[Int(id)] = .free(next: freeHead)
        freeHead = id
        freeCount += 1
    }

    /// Is every slot of the allocation used (the free list aside)?
    var isFull: Bool { @inline(__always) get { count == capacity } }

    /// The next slot past the high-water mark, for a record the caller writes at once.
    /// - Precondition: not `isFull`.
    @inline(__always)
    mutating func takeFresh() -> NodeID {
        checkInvariant(count < capacity, "a fresh slot taken from a full arena")
        defer { count += 1 }
        return NodeID(count)
    }

    /// A slot for a record to be written later: freed, else fresh (marked free until then);
    /// nil when the allocation is full.
    @_specialize(where Record == NodeRecord)
    mutating func reserveSlot() -> NodeID? {
        if let id = popFree() { return id }
        guard count < capacity else { return nil }
        let id = takeFresh()
        nodes[Int(id)] = .free(next: 0)
        return id
    }

    /// Moves the arena to an allocation of `newCapacity` (≥ `count`) records. Ids do not
    /// change; pointers into the old allocation become invalid, so callers never hold one
    /// across a call that may create nodes.
    mutating func resize(to newCapacity: Int) {
        precondition(newCapacity >= count && newCapacity <= NodeArena.maximumCapacity, "an arena resized to \(newCapacity) records")
        let grown = HugePages.allocate(Record.self, capacity: newCapacity)
        grown.moveInitialize(from: nodes, count: count)
        nodes.deallocate()
        nodes = grown
        capacity = newCapacity
    }

}

extension NodeArena where Record == NodeRecord {
    /// Writes the record (a, b, c, d) with stamp `stamp` into slot `id` and puts it at the head
    /// of the chain of `slot` (where a look-up did not find it).
    @inline(__always)
    mutating func link(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, id: NodeID, slot: Int, stamp: UInt32) {
        nodes[Int(id)] = NodeRecord(a, b, c, d, next: buckets[slot], stamp: stamp)
        buckets[slot] = id
    }
}

// MARK: - Empty nodes

extension NodeArena {
    /// The canonical empty node of `level`, registered (3 ≤ `level` < `emptyCount`).
    @inline(__always)
    func empty(_ level: Int) -> NodeID {
        checkInvariant(level >= NodeArena.leafLevel && level < emptyCount, "no empty node registered at level \(level)")
        return empties[level]
    }

    /// Is `id` the empty node of `level`? Exact for every level whose empty node is registered.
    @inline(__always)
    func isEmpty(_ id: NodeID, level: Int) -> Bool {
        level < emptyCount && empties[level] == id
    }

    /// Registers `id` as the empty node of level `emptyCount`.
    mutating func registerEmpty(_ id: NodeID) {
        if emptyCount == emptyCapacity {
            let grown = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * emptyCapacity)
            grown.update(from: empties, count: emptyCount)
            empties.deallocate()
            empties = grown
            emptyCapacity *= 2
        }
        empties[emptyCount] = id
        emptyCount += 1
    }
}
