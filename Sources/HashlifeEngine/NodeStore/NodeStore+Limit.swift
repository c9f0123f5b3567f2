// The memory limit: what the store may grow to, and the room the square memo takes.

extension NodeStore {
    /// Applies a new memory limit: the node capacity follows it; the arena is reallocated when it
    /// must grow, and kept (with its touched pages) when it shrinks.
    mutating func setLimit(_ memoryLimit: Int) {
        let planned = MemoryPlan.plan(memoryLimit: memoryLimit).nodes
        plan.limitBytes = memoryLimit
        populations.setLimit(memoryLimit: memoryLimit)
        memo.setLimit(memoryLimit: memoryLimit)
        collector.clock.insertsPerTick = max(planned / 64, 64)
        let wanted = min(planned, MemoryPlan.allocationCeiling)
        if wanted > arena.capacity { arena.resize(to: wanted) }
        plan.plannedNodes = planned
        fitNodesToSquareMemo()
    }

    /// Sets the node capacity (and the index's planned size) to what the plan leaves beside the
    /// square memo as it now is: a step on one thread grows the memo and gives up nodes for it,
    /// and a multi-threaded step, whose workers make nodes, keeps the nodes' room.
    mutating func fitNodesToSquareMemo() {
        plan.fit(memoBytes: memo.squares.bytes, bucketCount: arena.bucketCount)
    }

    /// Replaces the square memo by an empty one of its smallest size, as a new store has
    /// (`Universe.releaseStepMemo`), and gives the nodes back the room it took.
    mutating func releaseSquareMemo() {
        memo.releaseSquares(memoryLimit: plan.limitBytes)
        fitNodesToSquareMemo()
    }

    /// Grows the square memo when it wants to (`SquareMemo.store`) and the nodes keep room
    /// beside it: the arena's high-water mark (records once touched stay in memory) and the
    /// index must fit in what the plan leaves beside the grown memo. Else the memo stays at its
    /// size until the limit changes (`setLimit`).
    mutating func growSquareMemoIfRoom() {
        let nodes = MemoryPlan.nodeCapacity(planned: plan.plannedNodes, memoBytes: 2 * memo.squares.bytes)
        guard arena.count + MemoryPlan.reserve <= nodes && arena.bucketCount <= nodes else {
            memo.squares.stopGrowing()
            return
        }
        memo.squares.grow()
        fitNodesToSquareMemo()
    }

    /// Grows the arena: up to the limit's capacity when the first allocation was capped by
    /// `MemoryPlan.allocationCeiling`, past the limit only when nodes are made faster than
    /// collections can run (a bulk load bigger than the limit; counted in `overLimitGrowths`).
    mutating func growArena() {
        precondition(arena.capacity < TwoStateArena.maximumCapacity, "node store is full (2^30 nodes)")
        let newCapacity: Int
        if arena.capacity < plan.nodeCapacity {
            newCapacity = min(arena.capacity * 2, plan.nodeCapacity)
        } else {
            newCapacity = min(arena.capacity * 2, TwoStateArena.maximumCapacity)
            collector.overLimitGrowths += 1
            plan.plannedBuckets = max(plan.plannedBuckets, newCapacity)
        }
        arena.resize(to: newCapacity)
    }
}
