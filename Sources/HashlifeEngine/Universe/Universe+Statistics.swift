/// Counters describing the engine's work and memory.
public struct EngineStatistics: Sendable, Equatable {
    /// Distinct nodes in the store (live; freed records excluded).
    public var nodes: Int
    /// Bytes the store has touched: node arena, hash index, caches, side storage.
    public var bytes: Int
    /// The part of `bytes` held by caches (populations, deep partial results), which queries
    /// fill and collections empty; the rest is the nodes and their index.
    public var cacheBytes: Int
    /// The memory limit in bytes.
    public var limitBytes: Int
    /// Successor look-ups answered from a memo slot.
    public var memoHits: UInt64
    /// Successor look-ups that had to be computed.
    public var memoMisses: UInt64
    /// Nodes evicted by collections so far.
    public var evictions: UInt64
    /// Collections run so far.
    public var collections: Int
    /// Time spent in collections.
    public var collectionTime: Duration
    /// Roots pinned by kept states, keys and clips (history, snapshots, clipboard, cycle detection).
    public var pinnedRoots: Int
    /// The root square's level: it is 2^rootLevel cells on a side.
    public var rootLevel: Int
    /// When the last collection found that the current pattern and the kept states alone do
    /// not fit in the limit (say, after the limit was lowered below them): about how many bytes
    /// a limit would need to hold them and step on. Nil otherwise.
    public var neededBytes: Int?

    /// Does the store hold more than its limit? Only when what must be kept does not fit
    /// (`neededBytes`) or a file bigger than the limit was loaded; the bytes are real and
    /// counted, and the next step that needs room fails with `StepError.memoryExhausted`.
    public var isOverLimit: Bool { bytes > limitBytes || neededBytes != nil }
}

extension Universe {
    /// Current counters.
    public var statistics: EngineStatistics {
        EngineStatistics(nodes: store.nodeCount, bytes: store.bytesInUse, cacheBytes: store.cacheBytes, limitBytes: store.plan.limitBytes,
                         memoHits: store.stepping.memoHits, memoMisses: store.stepping.memoMisses,
                         evictions: store.collector.evictions, collections: store.collector.collections,
                         collectionTime: store.collector.collectionTime, pinnedRoots: store.collector.pinned.count, rootLevel: level,
                         neededBytes: store.collector.rootsNeed.map { MemoryLimit.bytesNeeded(forNodes: $0) })
    }

    /// Structural problems found in the store and the tree (empty when sound). For tests.
    func invariantViolations() -> [String] {
        store.invariantViolations(root: root, level: level)
    }

    /// Debug builds (`HASHLIFE_INVARIANTS`, which Package.swift defines for them) check the
    /// store's invariants at the universe's safe points: after the collections it runs and after
    /// every region operation, while the store is small enough (at most 2^14 records) for the
    /// O(nodes) check to stay cheap. A violation traps with its list and `operation`. Release
    /// builds compile this to nothing.
    /// Does this build check invariants at safe points (see `checkInvariants`)?
    static var checksInvariants: Bool {
        #if HASHLIFE_INVARIANTS
        return true
        #else
        return false
        #endif
    }

    @inline(__always)
    func checkInvariants(after operation: @autoclosure () -> String) {
        #if HASHLIFE_INVARIANTS
        guard store.arena.count <= 1 << 14 else { return }
        let problems = invariantViolations()
        precondition(problems.isEmpty, "store invariants broken after \(operation()): \(problems.prefix(5).joined(separator: "; "))")
        #endif
    }
}

extension Universe {
    /// The leaf node holding each of `points` (for tests of canonical sharing).
    func leafIDs(containing points: [(Int, Int)]) -> [UInt32] {
        points.map { x, y in
            let (rx, ry) = rootOffset(x: BigInt(x), y: BigInt(y))!
            return leaf(atRootOffset: rx, ry)
        }
    }
}

extension Universe {
    /// Distinct non-empty nodes under the root (the tree's own size, unlike `statistics.nodes`,
    /// which counts everything the store holds, memoized results included).
    /// - Complexity: O(distinct nodes under the root).
    public var treeNodeCount: Int { store.distinctNodeCount(frame) }
}
