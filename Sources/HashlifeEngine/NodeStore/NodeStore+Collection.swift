// The memory limit and least-recently-used collection (see the essay in NodeStore.swift).

extension NodeStore {
    /// Bytes of arena per node.
    static let bytesPerRecord = MemoryLayout<NodeRecord>.stride
    /// What one entry of a dictionary beside the arena costs (populations above level 15),
    /// overhead included (an estimate).
    static let bytesPerSideEntry = 64
    /// Nodes that may be made between two safe points; collections start this far below the limit.
    static let reserve = 1024
    /// Most records allocated up front: a quarter of physical memory's worth (at least 2^20).
    /// Untouched pages cost nothing, but one allocation far beyond the machine's memory is
    /// refused by the kernel; a bigger limit's arena grows by doubling when it gets there.
    static let allocationCeiling: Int = {
        let physical = MemoryLimit.physicalBytes ?? (8 << 30)
        return max(physical / 4 / bytesPerRecord, 1 << 20)
    }()
    /// Smallest memory limit accepted, in bytes.
    static let minimumLimit = 1 << 20

    /// The share of a limit each of the two side tables may take (the population cache and
    /// deep results): 1/32 of it. The small arrays and the populations above level 15 (1/128,
    /// `largePopulationBytes`) fit in the last 1/64 the plan leaves.
    static func sideTableBytes(memoryLimit: Int) -> Int { max(memoryLimit, minimumLimit) / 32 }

    /// The share of a limit the populations above level 15 may take: 1/128 of it.
    static func largePopulationBytes(memoryLimit: Int) -> Int { max(memoryLimit, minimumLimit) / 128 }

    /// The most sets the square memo may grow to under a limit of `memoryLimit` bytes: the
    /// largest power of two whose sets take at most a quarter of it (so between an eighth and
    /// a quarter).
    static func squareMemoSets(memoryLimit: Int) -> Int {
        let sets = max(memoryLimit, minimumLimit) / 4 / MemoryLayout<SquareMemo.Set>.stride
        return 1 << (Int.bitWidth - 1 - sets.leadingZeroBitCount)
    }

    /// An empty square memo at its smallest size, its maximum set by `memoryLimit`, as a new
    /// store has.
    static func emptySquareMemo(memoryLimit: Int) -> SquareMemo {
        SquareMemo(maximumSets: squareMemoSets(memoryLimit: memoryLimit))
    }

    /// The bytes of the square memo at its largest under a limit of `memoryLimit` bytes.
    static func largestSquareMemoBytes(memoryLimit: Int) -> Int {
        squareMemoSets(memoryLimit: memoryLimit) * MemoryLayout<SquareMemo.Set>.stride
    }

    /// The node capacity and hash-index size for a limit of `memoryLimit` bytes: as many nodes
    /// as fit beside an index of one bucket a node (and the collection's mark bits, an eighth
    /// of a byte a node) in all but 5/64 of the limit, which is left to the two side tables
    /// (`sideTableBytes`) and the small arrays. The square memo's bytes come off it as the
    /// memo grows (`fitNodesToSquareMemo`).
    static func plan(memoryLimit: Int) -> (nodes: Int, buckets: Int) {
        let limit = max(memoryLimit, minimumLimit) - sideTableBytes(memoryLimit: memoryLimit) * 5 / 2
        let nodes = min(limit * 8 / bitsPerPlannedNode, maximumCapacity)
        return (nodes, nodes)
    }

    /// What a planned node costs, in bits: its record, its bucket and its mark bit.
    static let bitsPerPlannedNode = (bytesPerRecord + MemoryLayout<UInt32>.stride) * 8 + 1

    /// The nodes a plan of `planned` leaves room for beside a square memo of `memoBytes`.
    static func nodeCapacity(planned: Int, memoBytes: Int) -> Int {
        max(planned - (memoBytes * 8 + bitsPerPlannedNode - 1) / bitsPerPlannedNode, 0)
    }

    /// Sets the node capacity (and the index's planned size) to what the plan leaves beside
    /// the square memo as it now is: a step on one thread grows the memo and gives up nodes
    /// for it, and a multi-threaded step, whose workers make nodes, keeps the nodes' room.
    mutating func fitNodesToSquareMemo() {
        limitCapacity = NodeStore.nodeCapacity(planned: plannedNodes, memoBytes: squares.bytes)
        plannedBuckets = max(limitCapacity, bucketCount)
    }

    /// Replaces the square memo by an empty one of its smallest size, as a new store has
    /// (`Universe.releaseStepMemo`), and gives the nodes back the room it took.
    mutating func releaseSquareMemo() {
        let old = squares
        squares = NodeStore.emptySquareMemo(memoryLimit: limitBytes)
        old.deallocate()
        fitNodesToSquareMemo()
    }

    /// Grows the square memo when it wants to (`SquareMemo.store`) and the nodes keep room
    /// beside it: the arena's high-water mark (records once touched stay in memory) and the
    /// index must fit in what the plan leaves beside the grown memo. Else the memo stays at its
    /// size until the limit changes (`setLimit`).
    mutating func growSquareMemoIfRoom() {
        let nodes = NodeStore.nodeCapacity(planned: plannedNodes, memoBytes: 2 * squares.bytes)
        guard count + NodeStore.reserve <= nodes && bucketCount <= nodes else {
            squares.stopGrowing()
            return
        }
        squares.grow()
        fitNodesToSquareMemo()
    }

    /// Applies a new memory limit: the node capacity follows it; the arena and index are
    /// reallocated when they must grow, and kept (with their touched pages) when it shrinks.
    mutating func setLimit(_ memoryLimit: Int) {
        let plan = NodeStore.plan(memoryLimit: memoryLimit)
        limitBytes = memoryLimit
        populations.maximumBytes = NodeStore.sideTableBytes(memoryLimit: memoryLimit)
        deepResults.maximumBytes = populations.maximumBytes
        if populations.bytes > populations.maximumBytes { populations.removeAll() }
        if deepResults.bytes > deepResults.maximumBytes { deepResults.removeAll() }
        largePopulationMaximumBytes = NodeStore.largePopulationBytes(memoryLimit: memoryLimit)
        if largePopulationBytes > largePopulationMaximumBytes { clearLargePopulations() }
        trimCaches()
        insertsPerTick = max(plan.nodes / 64, 64)
        squares.setMaximum(NodeStore.squareMemoSets(memoryLimit: memoryLimit))
        let wanted = min(plan.nodes, NodeStore.allocationCeiling)
        if wanted > capacity { resizeArena(to: wanted) }
        plannedNodes = plan.nodes
        fitNodesToSquareMemo()
    }

    /// Would making `reserve` more nodes go past the limit, less the room multi-threaded steps
    /// keep at the arena's top (`parallelHeadroom`)? (Checked at safe points.)
    @inline(__always)
    var needsCollection: Bool { freeHead == 0 && count + NodeStore.reserve + parallelHeadroom >= limitCapacity }

    /// Frees least-recently-used nodes that no root, pinned state or pinned recursion id needs,
    /// keeping about half the limit's worth of the most recent nodes with their memo results.
    /// Falls back to keeping fewer recent nodes when that would not leave a quarter free.
    /// - Returns: the nodes the roots and pins alone need when even they leave no room (the
    ///   caller then gives up the step), else nil.
    /// - Complexity: O(arena) for each of at most four marking passes and the sweep.
    /// - Parameters:
    ///   - unfinished: between two phases of a multi-threaded step, the step whose memoized
    ///     parts the rerun needs (`markUnfinished`); they are kept with the roots.
    ///   - threads: threads that may share the work (between two phases, where the step's
    ///     other threads are idle): the recency histogram, the marking of recent nodes
    ///     (`markRecent(_:since:threads:)`), the sweep and the rebuilding of the hash chains,
    ///     for stores of `parallelMarkingNodes` or more. The collection keeps and frees the
    ///     same nodes, and leaves the same free list, with any count.
    @discardableResult
    mutating func collect(unfinished: UnfinishedStep? = nil, threads: Int = 1) -> Int? {
        let started = ContinuousClock.now
        defer {
            collections += 1
            collectionTime += ContinuousClock.now - started
        }
        let parts = NodeStore.collectionParts(threads: threads, count: count)
        let histogram = recencyHistogram(parts: parts)
        // What the roots and pins reach with every memo result on the way (Golly's set: it keeps
        // recomputation bounded), else only what they need (children only); recent nodes on top.
        let roomy = limitCapacity - limitCapacity / 4
        var marks = MarkBits(count: count)
        var kept = collectsToTheMinimum ? roomy + 1 : markRoots(&marks, followingResults: true)
        var mandatory = kept
        if kept > roomy {
            marks = MarkBits(count: count)
            mandatory = markRoots(&marks, followingResults: false)
            kept = mandatory
        }
        if let unfinished { kept += markUnfinished(unfinished, &marks) }
        var threshold = Int(tick) + 1
        for percent in collectsToTheMinimum ? [] : [50, 25, 10] {
            // The oldest stamp whose newer-or-equal nodes number at most that share of the limit.
            let wanted = limitCapacity / 100 * percent
            var t = Int(tick) + 1, recent = 0
            while t > 1 && recent + histogram[t - 1] <= wanted {
                t -= 1
                recent += histogram[t]
            }
            var trial = marks
            let total = kept + markRecent(&trial, since: t, threads: threads)
            if total <= roomy {
                marks = trial
                threshold = t
                kept = total
                break
            }
        }
        sweep(marks, keepingStampsFrom: threshold, parts: parts)
        rootsNeed = kept + NodeStore.reserve > limitCapacity ? mandatory : nil
        return rootsNeed
    }

    /// Marks everything the roots, pinned states, the pin stack and the empty nodes reach,
    /// through children, and through memo results too when `followingResults`.
    /// - Returns: the number of nodes newly marked.
    private mutating func markRoots(_ marks: inout MarkBits, followingResults: Bool) -> Int {
        var n = 0
        n += markTree(liveRoot, &marks, followingResults)
        n += markTree(stepRoot, &marks, followingResults)
        for id in pinned.ids { n += markTree(id, &marks, followingResults) }
        for level in NodeStore.leafLevel..<emptyCount { n += markTree(empties[level], &marks, followingResults) }
        for i in 0..<pinCount { n += markTree(pins[i], &marks, followingResults) }
        return n
    }

    /// Marks the nodes stamped at `since` or later, with their memoized results.
    func markRecent(_ marks: inout MarkBits, since threshold: Int) -> Int {
        guard threshold <= Int(tick) else { return 0 }
        var n = 0
        for i in 1..<count where !nodes[i].isFree && Int(nodes[i].stamp) >= threshold {
            // Its result even when it is already marked (the children-only marking skips it).
            n += markTree(NodeID(i), &marks, true)
            if !nodes[i].isLeaf { n += markTree(nodes[i].result, &marks, true) }
        }
        return n
    }

    /// Marks `id` and every node under it (and every memo result on the way when
    /// `followingResults`). Marked nodes are not revisited.
    /// - Returns: how many were newly marked.
    @inline(__always)
    func markTree(_ id: NodeID, _ marks: inout MarkBits, _ followingResults: Bool) -> Int {
        if id == 0 || marks[id] { return 0 }
        return markUnmarkedTree(id, &marks, followingResults)
    }

    /// `markTree` of an unmarked `id`: a depth-first walk on the marks' own work stack, over
    /// the raw mark words (a collection of a 256 MB store marks millions of nodes; the walk
    /// is most of its time).
    private func markUnmarkedTree(_ id: NodeID, _ marks: inout MarkBits, _ followingResults: Bool) -> Int {
        let nodes = self.nodes
        var stack: [NodeID] = []
        swap(&stack, &marks.stack)
        defer { swap(&stack, &marks.stack) }
        return marks.withWords { words in
            MarkBits.push(id, in: words, onto: &stack)
                + NodeStore.markWalk(nodes, &stack, followingResults) { MarkBits.push($0, in: words, onto: &$1) }
        }
    }

    /// The marking walk: pops `stack` until it is empty, handing each popped node's children
    /// (and its memo result when `followingResults`) to `push`, which marks one and pushes it
    /// when it was not marked yet, returning 1 then; returns the sum. One thread's marking and
    /// the threads' shared marking (`markRecent(_:since:threads:)`) differ only in `push`.
    @inline(__always)
    static func markWalk(_ nodes: UnsafeMutablePointer<NodeRecord>, _ stack: inout [NodeID], _ followingResults: Bool,
                         push: (NodeID, inout [NodeID]) -> Int) -> Int {
        var n = 0
        while let top = stack.popLast() {
            let r = nodes[Int(top)]
            if r.isLeaf { continue }
            n += push(r.nw, &stack) + push(r.ne, &stack) + push(r.sw, &stack) + push(r.se, &stack)
            if followingResults { n += push(r.result, &stack) }
        }
        return n
    }

    /// How many parts a collection's scans of the arena are cut into: `threads` for a store
    /// of `parallelMarkingNodes` or more, else one (starting a thread costs tens of
    /// microseconds).
    static func collectionParts(threads: Int, count: Int) -> Int {
        threads > 1 && count >= parallelMarkingNodes ? threads : 1
    }

    /// Part `part` of the arena's ids 1 ..< `count` cut into `parts` ranges of (nearly) equal
    /// length, in order.
    static func partRange(_ part: Int, of parts: Int, count: Int) -> Range<Int> {
        1 + (count - 1) * part / parts ..< 1 + (count - 1) * (part + 1) / parts
    }

    /// How many live nodes carry each stamp (0 … `tick`; a stamp above the tick counts as
    /// the tick), the arena's scan cut into `parts` (`inParallel`).
    private func recencyHistogram(parts: Int) -> [Int] {
        let nodes = self.nodes, count = self.count, tick = Int(self.tick)
        var counts = [Int](repeating: 0, count: (tick + 1) * parts)
        counts.withUnsafeMutableBufferPointer { counts in
            NodeStore.inParallel(parts: parts) { part in
                let row = counts.baseAddress! + part * (tick + 1)
                for i in NodeStore.partRange(part, of: parts, count: count) where !nodes[i].isFree {
                    row[min(Int(nodes[i].stamp), tick)] += 1
                }
            }
        }
        return (0...tick).map { t in (0..<parts).reduce(0) { $0 + counts[$1 * (tick + 1) + t] } }
    }

    /// Frees every unmarked record, clears memo slots naming freed nodes, rebuilds the free
    /// list (lowest ids first) and the hash chains, and rebases the recency stamps so the
    /// clock stays small. The arena's ids are cut into `parts` ranges (`inParallel`), each
    /// swept into a free list of its own; the lists are then joined in order, so the free
    /// list is the one a single part makes.
    private mutating func sweep(_ marks: MarkBits, keepingStampsFrom threshold: Int, parts: Int) {
        let base = UInt32(min(max(threshold, 1), Int(tick)) - 1)
        let nodes = self.nodes, count = self.count, clock = tick
        var lists = [SweptList](repeating: SweptList(), count: parts)
        lists.withUnsafeMutableBufferPointer { lists in
            marks.withWords { words in
                NodeStore.inParallel(parts: parts) { part in
                    lists[part] = NodeStore.sweep(NodeStore.partRange(part, of: parts, count: count), of: nodes, words,
                                                  rebasingBy: base, clock: clock)
                }
            }
        }
        // Each part's list ends at its highest freed id; it goes on to the next part's list.
        var freeHead: NodeID = 0, freeCount = 0, evicted: UInt64 = 0
        for list in lists.reversed() where list.head != 0 {
            nodes[Int(list.tail)] = .free(next: freeHead)
            freeHead = list.head
            freeCount += list.count
            evicted += list.evicted
        }
        self.freeHead = freeHead
        self.freeCount = freeCount
        evictions += evicted
        tick -= base
        workersStamped = false
        if !bigPopulations.isEmpty { bigPopulations = bigPopulations.filter { marks[$0.key] } }
        if !wordPopulations.isEmpty { wordPopulations = wordPopulations.filter { marks[$0.key] } }
        largePopulationBytes = wordPopulations.count * NodeStore.bytesPerSideEntry
            + bigPopulations.values.reduce(0) { $0 + NodeStore.bytesPerSideEntry + $1.bitWidth / 8 }
        deepPopulations.removeAll()
        deepPopulationBytes = 0
        populations.removeAll()
        deepResults.removeAll()
        marks.withWords { words in squares.sweep { MarkBits.isSet($0, in: words) } }
        NodeStore.clear(buckets, count: bucketCount, threads: parts)
        relinkChains(parts: parts)
    }

    /// One part of `sweep`: the records of `range`, from the highest id down, with their
    /// free list (lowest id first).
    private static func sweep(_ range: Range<Int>, of nodes: UnsafeMutablePointer<NodeRecord>,
                              _ words: UnsafePointer<UInt64>, rebasingBy base: UInt32, clock: UInt32) -> SweptList {
        var list = SweptList()
        for i in range.reversed() {
            if MarkBits.isSet(NodeID(i), in: words) {
                var r = nodes[i]
                if !r.isLeaf && r.result != 0 && !MarkBits.isSet(r.result, in: words) { r.setResult(0, tag: 0) }
                let stamp = min(r.stamp, clock)  // a stamp workers tore above the clock counts as the clock
                r.setStamp(stamp > base ? stamp - base : 0)
                nodes[i] = r
            } else {
                if !nodes[i].isFree { list.evicted += 1 }
                if list.head == 0 { list.tail = NodeID(i) }
                nodes[i] = .free(next: list.head)
                list.head = NodeID(i)
                list.count += 1
            }
        }
        return list
    }
}

/// The free list one part of a sweep made: its first (lowest) and last id, its length, and
/// how many of its records held a node.
private struct SweptList {
    var head: NodeID = 0, tail: NodeID = 0
    var count = 0
    var evicted: UInt64 = 0
}

/// One bit per arena slot, for a collection's marking, and the marking's work stack (kept here
/// so that marking many small trees does not allocate one stack each).
struct MarkBits {
    private var words: [UInt64]
    var stack: [NodeID] = []

    init(count: Int) { words = [UInt64](repeating: 0, count: (count + 63) / 64) }

    subscript(id: NodeID) -> Bool { withWords { MarkBits.isSet(id, in: $0) } }

    mutating func set(_ id: NodeID) { withWords { MarkBits.set(id, in: $0) } }

    /// Runs `body` on the raw words (the hot loops of marking and sweeping; ids must be below
    /// the count the bits were made for).
    mutating func withWords<R>(_ body: (UnsafeMutablePointer<UInt64>) -> R) -> R {
        words.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }

    /// `withWords` for reading.
    func withWords<R>(_ body: (UnsafePointer<UInt64>) -> R) -> R {
        words.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    @inline(__always)
    static func isSet(_ id: NodeID, in words: UnsafePointer<UInt64>) -> Bool {
        words[Int(id) >> 6] >> UInt64(id & 63) & 1 == 1
    }

    @inline(__always)
    static func set(_ id: NodeID, in words: UnsafeMutablePointer<UInt64>) {
        words[Int(id) >> 6] |= 1 << UInt64(id & 63)
    }

    /// Marks `id` and pushes it on `stack` unless it is 0 or marked already; 1 when it was
    /// newly marked, else 0 (the marking walk's step).
    @inline(__always)
    static func push(_ id: NodeID, in words: UnsafeMutablePointer<UInt64>, onto stack: inout [NodeID]) -> Int {
        if id == 0 || isSet(id, in: words) { return 0 }
        set(id, in: words)
        stack.append(id)
        return 1
    }
}
