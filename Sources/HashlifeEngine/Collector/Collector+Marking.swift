// A collection: what to keep, marked; the rest swept from the arena.
//
// Generic over the arena's record (`ArenaRecord`): marking reads only children, memo results
// and stamps. The entry points other files call are also compiled for `NodeRecord`
// (`@_specialize`), so builds that compile file by file run them specialized too.

extension Collector {
    /// Marks what survives a collection of `arena` (see the essay in Collector.swift) and sweeps
    /// the rest: keeps the roots, the pins and what they reach with every memo result on the way
    /// (Golly's set: it keeps recomputation bounded), else only what they need (children only);
    /// then about half the node capacity's worth of the most recent nodes with their results,
    /// else a quarter, a tenth, so that a quarter of `capacity` is left free. Winds the clock
    /// back and sets `rootsNeed`.
    /// - Parameters:
    ///   - threads: threads that may share the work (between two phases, where the step's other
    ///     threads are idle): the recency histogram, the marking of recent nodes, the sweep and
    ///     the rebuilding of the hash chains. The collection keeps and frees the same nodes, and
    ///     leaves the same free list, with any count.
    ///   - alsoKeeping: marks what the engine keeps beyond the roots and pins (the two-state
    ///     engine's unfinished step, `collect(_:capacity:unfinished:threads:)`), returning how
    ///     many nodes it newly marked; these are kept with the roots.
    /// - Returns: the marks of the nodes kept, for the caches to drop what names the others.
    /// - Complexity: O(arena) for each of at most four marking passes and the sweep.
    @_specialize(where Record == NodeRecord)
    mutating func collect<Record>(_ arena: inout NodeArena<Record>, capacity: Int, threads: Int,
                                  alsoKeeping extra: (NodeArena<Record>, inout MarkBits) -> Int = { _, _ in 0 }) -> MarkBits {
        let parts = NodeArena<Record>.parts(threads: threads, count: arena.count)
        let histogram = arena.recencyHistogram(tick: clock.tick, parts: parts)
        let roomy = capacity - capacity / 4
        var marks = MarkBits(count: arena.count)
        var kept = collectsToTheMinimum ? roomy + 1 : markRoots(arena, &marks, followingResults: true)
        var mandatory = kept
        if kept > roomy {
            marks = MarkBits(count: arena.count)
            mandatory = markRoots(arena, &marks, followingResults: false)
            kept = mandatory
        }
        kept += extra(arena, &marks)
        let tick = Int(clock.tick)
        var threshold = tick + 1
        for percent in collectsToTheMinimum ? [] : [50, 25, 10] {
            // The oldest stamp whose newer-or-equal nodes number at most that share of the limit.
            let wanted = capacity / 100 * percent
            var t = tick + 1, recent = 0
            while t > 1 && recent + histogram[t - 1] <= wanted {
                t -= 1
                recent += histogram[t]
            }
            var trial = marks
            let total = kept + Collector.markRecent(in: arena, &trial, since: t, tick: clock.tick, threads: threads)
            if total <= roomy {
                marks = trial
                threshold = t
                kept = total
                break
            }
        }
        let base = UInt32(min(max(threshold, 1), tick) - 1)
        evictions += arena.sweep(marks, rebasingStampsBy: base, clock: clock.tick, parts: parts)
        clock.tick -= base
        workersStamped = false
        rootsNeed = kept + MemoryPlan.reserve > capacity ? mandatory : nil
        return marks
    }

    /// Marks everything the roots, pinned states, the pin stack and the empty nodes reach,
    /// through children, and through memo results too when `followingResults`.
    /// - Returns: the number of nodes newly marked.
    private func markRoots<Record>(_ arena: NodeArena<Record>, _ marks: inout MarkBits, followingResults: Bool) -> Int {
        var n = 0
        n += Collector.markTree(liveRoot, in: arena, &marks, followingResults)
        n += Collector.markTree(stepRoot, in: arena, &marks, followingResults)
        for id in pinned.ids { n += Collector.markTree(id, in: arena, &marks, followingResults) }
        for level in Record.leafLevel..<arena.emptyCount {
            n += Collector.markTree(arena.empty(level), in: arena, &marks, followingResults)
        }
        for i in 0..<arena.pinCount { n += Collector.markTree(arena.pin(i), in: arena, &marks, followingResults) }
        return n
    }

    /// Marks the nodes stamped at `since` or later (up to `tick`), with their memoized results.
    static func markRecent<Record>(in arena: NodeArena<Record>, _ marks: inout MarkBits, since threshold: Int, tick: UInt32) -> Int {
        guard threshold <= Int(tick) else { return 0 }
        var n = 0
        for i in 1..<arena.count {
            let r = arena.slot(i)
            guard !r.isFree && Int(r.stamp) >= threshold else { continue }
            // Its result even when it is already marked (the children-only marking skips it).
            n += markTree(NodeID(i), in: arena, &marks, true)
            if !r.isLeaf { n += markTree(r.result, in: arena, &marks, true) }
        }
        return n
    }

    /// Marks `id` and every node under it (and every memo result on the way when
    /// `followingResults`). Marked nodes are not revisited.
    /// - Returns: how many were newly marked.
    @inline(__always)
    @_specialize(where Record == NodeRecord)
    static func markTree<Record>(_ id: NodeID, in arena: NodeArena<Record>, _ marks: inout MarkBits, _ followingResults: Bool) -> Int {
        if id == 0 || marks[id] { return 0 }
        return markUnmarkedTree(id, in: arena, &marks, followingResults)
    }

    /// `markTree` of an unmarked `id`: a depth-first walk on the marks' own work stack, over
    /// the raw mark words (a collection of a 256 MB store marks millions of nodes; the walk is
    /// most of its time).
    private static func markUnmarkedTree<Record>(_ id: NodeID, in arena: NodeArena<Record>, _ marks: inout MarkBits, _ followingResults: Bool) -> Int {
        var stack: [NodeID] = []
        swap(&stack, &marks.stack)
        defer { swap(&stack, &marks.stack) }
        return marks.withWords { words in
            MarkBits.push(id, in: words, onto: &stack)
                + markWalk(arena, &stack, followingResults) { MarkBits.push($0, in: words, onto: &$1) }
        }
    }

    /// The marking walk: pops `stack` until it is empty, handing each popped node's children
    /// (and its memo result when `followingResults`) to `push`, which marks one and pushes it
    /// when it was not marked yet, returning 1 then; returns the sum. One thread's marking and
    /// the threads' shared marking (`markRecent(in:_:since:tick:threads:)`) differ only in `push`.
    @inline(__always)
    static func markWalk<Record>(_ arena: NodeArena<Record>, _ stack: inout [NodeID], _ followingResults: Bool,
                         push: (NodeID, inout [NodeID]) -> Int) -> Int {
        var n = 0
        while let top = stack.popLast() {
            let r = arena.record(top)
            if r.isLeaf { continue }
            let c = r.children
            n += push(c.0, &stack) + push(c.1, &stack) + push(c.2, &stack) + push(c.3, &stack)
            if followingResults { n += push(r.result, &stack) }
        }
        return n
    }
}
