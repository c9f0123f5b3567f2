// MultiStateStore.swift — the multi-state engine's canonical nodes: hash-consing, empty
// nodes, the memory plan and collections.
//
// The same two tricks as the two-state store (NodeStore.swift): every square of cells is one
// canonical node (equal squares share an id, so a pattern's repetitions in space cost nothing),
// and a node remembers its future (its centre 2^(level−2) generations ahead, or fewer, in its
// memo slot), so repetitions in time cost nothing either. The arena, its hash index, the pin
// stack and the collector are the generic ones; this type adds the multi-state record's
// look-ups, the rule's kernel and its hooks of the one recursion (MultiStateStore+Stepping.swift),
// which also gives it the square memo and the deep results of the two-state store.

import CPrefetch

/// The nodes of one multi-state universe. Non-copyable: it owns the arena's buffers and the
/// kernel's tables, and frees them when it goes away.
struct MultiStateStore: ~Copyable {
    var arena: MultiStateArena
    var collector: Collector
    /// Results kept beside the records: the square memo and deep partial steps.
    var memo: MemoCaches
    var kernel: MultiStateKernel
    /// The node capacity the memory limit allows; collections start `MemoryPlan.reserve`
    /// below it.
    var nodeCapacity: Int
    var limitBytes: Int
    /// Scratch buffers of the direct step: two 16×16 squares of bytes (and 16 more).
    let scratch: UnsafeMutablePointer<UInt8>
    /// Counters of the recursion.
    var memoHits: UInt64 = 0
    var memoMisses: UInt64 = 0
    var control: StepControl?

    /// Bytes a node costs: its record and one bucket of the index.
    static let bytesPerNode = MemoryLayout<MultiStateRecord>.stride + MemoryLayout<UInt32>.stride

    init(rule: MultiStateRule, memoryLimit: Int) {
        precondition(MemoryLayout<MultiStateRecord>.offset(of: \.link) == 16 && MemoryLayout<MultiStateRecord>.offset(of: \.meta) == 24,
                     "the record's words are where the look-ups read them")
        limitBytes = max(memoryLimit, MemoryPlan.minimumLimit)
        memo = MemoCaches(memoryLimit: limitBytes)
        nodeCapacity = MultiStateStore.capacity(forBytes: limitBytes - memo.squares.bytes)
        // Allocated at the limit's capacity (up to a ceiling) as the two-state arena is: pages
        // never touched cost nothing, and the arena is not copied as it fills.
        arena = MultiStateArena(capacity: min(nodeCapacity, MultiStateStore.allocationCeiling), buckets: 1 << 12)
        collector = Collector(insertsPerTick: max(nodeCapacity / 64, 64))
        kernel = MultiStateKernel(rule: rule)
        // Two squares and a row's worth beyond: a row is read 16 bytes from its second cell.
        scratch = .allocate(capacity: 2 * 256 + 16)
        scratch.initialize(repeating: 0, count: 2 * 256 + 16)
        arena.registerEmpty(leaf(0, 0, 0, 0))
    }

    /// Frees the arena's buffers (a handle, NodeArena.swift) and the scratch squares; the
    /// kernel frees its own tables.
    deinit {
        arena.deallocate()
        scratch.deallocate()
    }

    /// Most records allocated up front: a quarter of physical memory's worth (at least 2^20).
    static let allocationCeiling: Int = max((MemoryLimit.physicalBytes ?? (8 << 30)) / 4 / MemoryLayout<MultiStateRecord>.stride, 1 << 20)

    /// Nodes a limit of `bytes` holds: its records and index in all but a sixteenth of it.
    static func capacity(forBytes bytes: Int) -> Int {
        min(max(bytes, MemoryPlan.minimumLimit) / 16 * 15 / bytesPerNode, MultiStateRecord.maximumCapacity)
    }

    /// Changes the rule: the kernel's tables follow and every memo result is forgotten.
    mutating func setRule(_ rule: MultiStateRule) {
        kernel = MultiStateKernel(rule: rule)
        arena.clearResults()
        memo.removeAll()
    }

    /// Applies a new memory limit (collections follow it; the arena grows only as nodes are made).
    mutating func setLimit(_ bytes: Int) {
        limitBytes = max(bytes, MemoryPlan.minimumLimit)
        memo.setLimit(memoryLimit: limitBytes)
        nodeCapacity = MultiStateStore.capacity(forBytes: limitBytes - memo.squares.bytes)
        collector.clock.insertsPerTick = max(nodeCapacity / 64, 64)
    }

    /// Grows the square memo when it fills, if the nodes made so far and the reserve still fit
    /// beside a memo twice its size; the nodes then give up the bytes it takes. Else the memo
    /// stays as it is (it drops its oldest entries).
    mutating func growSquareMemoIfRoom() {
        guard arena.count + MemoryPlan.reserve <= MultiStateStore.capacity(forBytes: limitBytes - 2 * memo.squares.bytes) else {
            memo.squares.stopGrowing()
            return
        }
        memo.squares.grow()
        nodeCapacity = MultiStateStore.capacity(forBytes: limitBytes - memo.squares.bytes)
    }

    @inline(__always)
    func record(_ id: NodeID) -> MultiStateRecord { arena[id] }
}

// MARK: - Hash-consing

extension MultiStateStore {
    /// The canonical 4×4 leaf whose rows are `r0` … `r3` (byte x of a row is column x).
    @inline(__always)
    mutating func leaf(_ r0: UInt32, _ r1: UInt32, _ r2: UInt32, _ r3: UInt32) -> NodeID {
        make(r0, r1, r2, r3, kind: MultiStateRecord.kindLeaf)
    }

    /// The canonical node with these children (all of one level ≥ 2).
    @inline(__always)
    mutating func node(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID) -> NodeID {
        make(nw, ne, sw, se, kind: MultiStateRecord.kindNode)
    }

    @inline(__always)
    mutating func make(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, kind: UInt32) -> NodeID {
        make(a, b, c, d, kind: kind, slot: arena.bucket(a, b, c, d, kind: kind))
    }

    /// Where the node with these children will be looked up, its bucket asked of the processor
    /// ahead of time: pass it to `node(_:_:_:_:hint:)` (several look-ups then overlap their
    /// cache misses).
    @inline(__always)
    func nodeHint(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID) -> SlotHint {
        let slot = arena.bucket(nw, ne, sw, se, kind: MultiStateRecord.kindNode)
        hashlife_prefetch(arena.buckets + slot)
        return SlotHint(slot: slot, buckets: arena.bucketCount)
    }

    /// `nodeHint` for a leaf.
    @inline(__always)
    func leafHint(_ r0: UInt32, _ r1: UInt32, _ r2: UInt32, _ r3: UInt32) -> SlotHint {
        let slot = arena.bucket(r0, r1, r2, r3, kind: MultiStateRecord.kindLeaf)
        hashlife_prefetch(arena.buckets + slot)
        return SlotHint(slot: slot, buckets: arena.bucketCount)
    }

    /// `node(_:_:_:_:)` at the slot `hint` names, if the index has kept its size since.
    @inline(__always)
    mutating func node(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID, hint: SlotHint) -> NodeID {
        hint.buckets == arena.bucketCount ? make(nw, ne, sw, se, kind: MultiStateRecord.kindNode, slot: hint.slot) : node(nw, ne, sw, se)
    }

    /// `leaf(_:_:_:_:)` at the slot `hint` names, if the index has kept its size since.
    @inline(__always)
    mutating func leaf(_ r0: UInt32, _ r1: UInt32, _ r2: UInt32, _ r3: UInt32, hint: SlotHint) -> NodeID {
        hint.buckets == arena.bucketCount ? make(r0, r1, r2, r3, kind: MultiStateRecord.kindLeaf, slot: hint.slot) : leaf(r0, r1, r2, r3)
    }

    @inline(__always)
    mutating func make(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, kind: UInt32, slot: Int) -> NodeID {
        let found = arena.find(a, b, c, d, kind: kind, slot: slot)
        if found != 0 { return found }
        return insert(a, b, c, d, kind: kind, slot: slot)
    }

    /// Makes the record in a freed slot, else a fresh one (growing the arena when it is full),
    /// at the head of its chain; grows the index past its growth point, up to one bucket a node
    /// of the capacity (the bucket `bytesPerNode` counts), never beyond: an index grown past the
    /// plan would put the store over its memory limit (a doubling at 4 GB is 512 MB).
    @inline(never)
    mutating func insert(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, kind: UInt32, slot: Int) -> NodeID {
        let id: NodeID
        if let free = arena.popFree() {
            id = free
        } else {
            if arena.isFull {
                precondition(arena.capacity < MultiStateRecord.maximumCapacity, "the multi-state store is full")
                if arena.capacity >= nodeCapacity { collector.overLimitGrowths += 1 }
                let doubled = min(arena.capacity * 2, MultiStateRecord.maximumCapacity)
                arena.resize(to: arena.capacity < nodeCapacity ? min(doubled, nodeCapacity) : doubled)
            }
            id = arena.takeFresh()
        }
        arena.nodes[Int(id)] = MultiStateRecord(a, b, c, d, kind: kind, next: arena.buckets[slot], stamp: collector.clock.tick)
        arena.buckets[slot] = id
        collector.clock.countInsert()
        if arena.count > arena.indexGrowthPoint && arena.bucketCount < nodeCapacity {
            arena.growIndex(to: arena.grownIndexSize(planned: nodeCapacity))
        }
        return id
    }

    /// The canonical empty node of `level` (≥ 2), registering the missing ones.
    mutating func emptyNode(level: Int) -> NodeID {
        while arena.emptyCount <= level {
            let e = arena.empty(arena.emptyCount - 1)
            arena.registerEmpty(node(e, e, e, e))
        }
        return arena.empty(level)
    }

    @inline(__always)
    func isEmpty(_ id: NodeID, level: Int) -> Bool { arena.isEmpty(id, level: level) }

    /// The centre of a node of level ≥ 3: its four inner grandchildren as one node.
    @inline(__always)
    mutating func centre(_ id: NodeID) -> NodeID {
        let r = arena[id]
        return node(arena[r.nw].se, arena[r.ne].sw, arena[r.sw].ne, arena[r.se].nw)
    }
}

// MARK: - Collections

extension MultiStateStore {
    /// Would making `MemoryPlan.reserve` more nodes go past the limit? (Checked at safe points.)
    @inline(__always)
    var needsCollection: Bool {
        arena.freeHead == 0 && arena.count + MemoryPlan.reserve >= nodeCapacity
    }

    /// Frees least-recently-used nodes that no root, pinned state or pinned recursion id needs
    /// (the generic collector: Collector+Marking.swift), and drops the memo results that name
    /// them.
    /// - Returns: the nodes the roots and pins alone need when even they leave no room, else nil.
    @discardableResult
    mutating func collect() -> Int? {
        let started = ContinuousClock.now
        defer {
            collector.collections += 1
            collector.collectionTime += ContinuousClock.now - started
        }
        let marks = collector.collect(&arena, capacity: nodeCapacity, threads: 1)
        memo.sweep(keeping: marks)
        return collector.rootsNeed
    }

    /// Bytes the store's arena, index and memo caches take (records up to the high-water mark).
    var bytesInUse: Int { arena.bytesInUse + memo.squares.bytes + memo.deepResults.bytes }
}
