// MultiStateUniverse+Memory.swift — the memory limit, collections and statistics.

extension MultiStateUniverse {
    /// The node store's memory limit in bytes.
    public var memoryLimit: Int { store.limitBytes }

    /// Changes the memory limit. Lowering it collects at once down to the new limit.
    /// - Complexity: O(nodes).
    public func setMemoryLimit(_ bytes: Int) {
        let lowered = bytes < store.limitBytes
        store.setLimit(bytes)
        if lowered { store.collect() }
    }

    /// Runs a collection now, whatever the store's fill: keeps the root and the most recently
    /// used nodes with their memoized results.
    public func collect() {
        store.collect()
    }

    /// The store's counters, in the shape of the two-state universe's (`EngineStatistics`).
    /// `cacheBytes` is 0 (populations live in the records); `pinnedRoots` counts the saved
    /// states alive.
    public var statistics: EngineStatistics {
        EngineStatistics(nodes: store.arena.liveCount, bytes: store.bytesInUse, cacheBytes: 0, limitBytes: store.limitBytes,
                         memoHits: store.memoHits, memoMisses: store.memoMisses, evictions: store.collector.evictions,
                         collections: store.collector.collections, collectionTime: store.collector.collectionTime,
                         pinnedRoots: store.collector.pinned.count, rootLevel: level,
                         neededBytes: store.collector.rootsNeed.map { 2 * ($0 + MemoryPlan.reserve) * MultiStateStore.bytesPerNode })
    }

    /// Every way the store breaks its structural invariants (canonical nodes, chains, free
    /// list), as readable lines; empty when all holds.
    /// - Complexity: O(nodes).
    var invariantViolations: [String] {
        store.arena.invariantViolations(tick: store.collector.clock.tick, allowingTornStamps: false)
    }
}
