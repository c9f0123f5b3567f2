// The arena's structural self-checks.

extension NodeArena {
    /// Does `id` name a live record (below the high-water mark, not freed)?
    func isLive(_ id: NodeID) -> Bool { id != 0 && Int(id) < count && !nodes[Int(id)].isFree }

    /// Every way the arena breaks its invariants (see `NodeArena`), as readable lines; empty when
    /// all holds. Checks: no two ids for equal children (canonical); every live node is reached
    /// through its hash chain; no live node names a freed record; no stamp is after `tick` unless
    /// `allowingTornStamps` (workers stamped since the last sweep); the free list holds exactly
    /// the freed records.
    /// - Complexity: O(arena).
    @_specialize(where Record == NodeRecord)
    func invariantViolations(tick: UInt32, allowingTornStamps: Bool) -> [String] {
        var problems: [String] = []
        var keys = Set<Record.Key>()
        var freed = 0
        for i in 1..<count {
            let r = nodes[i]
            if r.isFree {
                freed += 1
                continue
            }
            if r.isLeaf && r.result != 0 { problems.append("leaf \(i) has a memo result") }
            let c = r.children
            let named = r.isLeaf ? [] : [c.0, c.1, c.2, c.3, r.result]
            for id in named where id != 0 && !isLive(id) {
                problems.append("node \(i) names \(id), which is not a live node")
            }
            if !keys.insert(r.key).inserted {
                problems.append("node \(i) duplicates another node's children")
            }
            if Int(r.stamp) > Int(tick) && !allowingTornStamps { problems.append("node \(i) is stamped \(r.stamp), after the clock (\(tick))") }
            var id = buckets[bucket(of: r)]
            var found = false
            while id != 0 {
                if Int(id) == i { found = true; break }
                id = nodes[Int(id)].next
            }
            if !found { problems.append("node \(i) is not reachable through its hash chain") }
        }
        var onFreeList = 0
        var id = freeHead
        while id != 0 && onFreeList <= freed {
            if !nodes[Int(id)].isFree { problems.append("free list holds live node \(id)") }
            onFreeList += 1
            id = nodes[Int(id)].next
        }
        if onFreeList != freed || freed != freeCount {
            problems.append("free list holds \(onFreeList) records, \(freed) are free, freeCount says \(freeCount)")
        }
        return problems
    }
}
