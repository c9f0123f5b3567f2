#if canImport(Glibc)
import Glibc
#endif

/// Memory limits for the node store, in bytes (see `Universe.memoryLimit`).
public enum MemoryLimit {
    /// The smallest limit a store accepts: 1 MiB (about 20,000 nodes).
    public static let minimumBytes = MemoryPlan.minimumLimit

    /// The default: half the machine's physical memory, at most 4 GiB (1 GiB when the size
    /// cannot be read).
    public static var defaultBytes: Int {
        let cap = 4 << 30
        guard let physical = physicalBytes else { return 1 << 30 }
        return max(min(physical / 2, cap), minimumBytes)
    }

    /// The machine's physical memory, when the system tells.
    public static var physicalBytes: Int? {
        #if canImport(Glibc)
        let pages = sysconf(Int32(_SC_PHYS_PAGES)), size = sysconf(Int32(_SC_PAGESIZE))
        guard pages > 0, size > 0 else { return nil }
        let (bytes, overflow) = pages.multipliedReportingOverflow(by: size)
        return overflow ? nil : bytes
        #else
        return nil
        #endif
    }

    /// A limit whose node capacity holds twice the `nodes` that the roots and the recursion
    /// needed when a step gave up (the recursion was only part way through, and collections
    /// need room to work), plus the collection reserve: what to tell a user whose pattern does
    /// not fit. The square memo counts at its largest.
    static func bytesNeeded(forNodes nodes: Int) -> Int {
        let target = 2 * nodes + MemoryPlan.reserve
        var bytes = minimumBytes
        while MemoryPlan.nodeCapacity(planned: MemoryPlan.plan(memoryLimit: bytes).nodes,
                                     memoBytes: MemoryPlan.largestSquareMemoBytes(memoryLimit: bytes)) < target {
            bytes += bytes / 8
        }
        return bytes
    }
}

extension Universe {
    /// The node store's memory limit in bytes.
    public var memoryLimit: Int { store.plan.limitBytes }

    /// Changes the memory limit. Raising it takes effect at once (the arena is reallocated once
    /// if it must grow). Lowering it collects at once down to the new limit; memory the process
    /// already touched is reused for new nodes rather than returned to the system.
    /// - Complexity: O(nodes).
    public func setMemoryLimit(_ bytes: Int) {
        let lowered = bytes < store.plan.limitBytes
        store.setLimit(bytes)
        if lowered { store.collect() }
    }

    /// Frees the square memo (the results of the squares a step does not make into nodes),
    /// which only later steps use, and returns its pages to the system; the next step starts
    /// it again at its smallest size, so releasing costs that step time, never exactness.
    /// For a caller that will not step again, before work that needs memory of its own:
    /// `hashlife run` releases it before counting the final population, whose caches then
    /// take its place instead of adding to it (a tree 1,000 levels deep caches megabytes of big
    /// numbers when counted).
    /// - Complexity: O(1).
    public func releaseStepMemo() {
        store.releaseSquareMemo()
    }

    /// Runs a collection now, whatever the store's fill (for tests and the REPL's `memory
    /// collect`): keeps the root, pinned states and the most recently used nodes.
    public func collect() {
        store.collect()
        checkInvariants(after: "a collection")
    }

    /// Runs a collection when the store is about to pass its limit. Called on entry to the
    /// methods that make nodes, where the universe's root and pinned states are the only ids
    /// held outside the store.
    func collectIfNeeded() {
        if store.needsCollection {
            store.collect()
            checkInvariants(after: "a collection")
        }
    }
}
