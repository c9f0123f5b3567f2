// Collections: the collector's marking and sweep, and the caches that follow them.

extension NodeStore {
    /// Would making `MemoryPlan.reserve` more nodes go past the limit, less the room
    /// multi-threaded steps keep at the arena's top (`MemoryPlan.headroom`)? (Checked at safe
    /// points.)
    @inline(__always)
    var needsCollection: Bool {
        arena.freeHead == 0 && arena.count + MemoryPlan.reserve + plan.headroom >= plan.nodeCapacity
    }

    /// Frees least-recently-used nodes that no root, pinned state or pinned recursion id needs
    /// (Collector+Marking.swift), and drops the cached results and populations that name them.
    /// - Parameters:
    ///   - unfinished: between two phases of a multi-threaded step, the step whose memoized
    ///     parts the rerun needs.
    ///   - threads: threads that may share the work (between two phases).
    /// - Returns: the nodes the roots and pins alone need when even they leave no room (the
    ///   caller then gives up the step), else nil.
    /// - Complexity: O(arena). Never inlined: it is rare, and the recursion's miss calls it.
    @discardableResult @inline(never)
    mutating func collect(unfinished: UnfinishedStep? = nil, threads: Int = 1) -> Int? {
        let started = ContinuousClock.now
        defer {
            collector.collections += 1
            collector.collectionTime += ContinuousClock.now - started
        }
        let marks = collector.collect(&arena, capacity: plan.nodeCapacity, unfinished: unfinished, threads: threads)
        populations.sweep(keeping: marks)
        memo.sweep(keeping: marks)
        return collector.rootsNeed
    }
}
