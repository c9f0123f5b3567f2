// Structural self-checks, used by tests (and cheap enough for debug assertions on small stores).

/// Traps with `message` when `condition` fails, in builds that define `HASHLIFE_INVARIANTS`
/// (Package.swift defines it for debug builds) whatever their optimization level; release
/// builds compile it out. Unlike `assert`, it stays on in the optimized debug build the test
/// command makes (`swift test -Xswiftc -O`).
@inline(__always)
func checkInvariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                    file: StaticString = #fileID, line: UInt = #line) {
    #if HASHLIFE_INVARIANTS
    precondition(condition(), message(), file: file, line: line)
    #endif
}

extension NodeStore {
    /// Every way the store or the tree under `root` (of `level`) breaks its contract, as
    /// readable lines; empty when all holds.
    ///
    /// Checks: the clock's precomputed stamp bits are the clock's; no two ids for equal children
    /// (canonical); every chain reaches each node exactly once; no live node names a freed record; the free list holds exactly the freed records; nodes reachable from the root have children one level down (leaves at level 3);
    /// memoized results are one level down; cached populations equal the sum of the children;
    /// the square memo names live nodes and counts its entries.
    /// - Complexity: O(nodes).
    mutating func invariantViolations(root: NodeID, level: Int) -> [String] {
        var problems: [String] = []
        if tickBits != NodeRecord.topBits(tick) || tickWords != NodeRecord.stampWords(tick) {
            problems.append("the clock's stamp bits are not the clock's (\(tick))")
        }
        // Canonical: keys unique across the arena, and each node findable through its chain.
        var keys = Set<SIMD4<UInt32>>()
        var freed = 0
        for i in 1..<count {
            let r = nodes[i]
            if r.isFree {
                freed += 1
                continue
            }
            // No live record names a freed one (children, memo slots).
            if r.isLeaf && r.word5 != 0 { problems.append("leaf \(i) has a memo result") }
            let named = r.isLeaf ? [] : [r.nw, r.ne, r.sw, r.se, r.result]
            for id in named where id != 0 && (Int(id) >= count || nodes[Int(id)].isFree) {
                problems.append("node \(i) names \(id), which is not a live node")
            }
            let key = r.isLeaf ? SIMD4(r.word0, r.word1, r.sw, r.se) : SIMD4(r.nw, r.ne, r.sw, r.se)
            if !keys.insert(key).inserted {
                problems.append("node \(i) duplicates another node's children")
            }
            if Int(r.stamp) > Int(tick) && !workersStamped { problems.append("node \(i) is stamped \(r.stamp), after the clock (\(tick))") }
            var id = buckets[bucket(of: r)]
            var found = false
            while id != 0 {
                if Int(id) == i { found = true; break }
                id = nodes[Int(id)].next
            }
            if !found { problems.append("node \(i) is not reachable through its hash chain") }
        }
        // The square memo names live nodes only (a collection sweeps it before ids are reused).
        var memoEntries = 0
        squares.forEachEntry { a, b, c, d, result in
            memoEntries += 1
            for id in [a, b, c, d, result] where id == 0 || Int(id) >= count || nodes[Int(id)].isFree {
                problems.append("the square memo names \(id), which is not a live node")
            }
        }
        if memoEntries != squares.entries {
            problems.append("the square memo holds \(memoEntries) entries but counts \(squares.entries)")
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
        // Levels, memo results and populations below the root.
        var levels: [NodeID: Int] = [:]
        checkTree(root, level: level, levels: &levels, problems: &problems)
        for (id, k) in levels where k > NodeStore.leafLevel {
            let r = nodes[Int(id)]
            if r.result != 0, let resultLevel = depth(r.result), resultLevel != k - 1 {
                problems.append("node \(id) (level \(k)) has a result of level \(resultLevel)")
            }
            if r.result != 0 && Int(r.tag) > k - 1 {  // k - 1: one generation from an odd one
                problems.append("node \(id) (level \(k)) has a result tagged \(r.tag), deeper than its steps")
            }
            let sum = population(r.nw, level: k - 1) + population(r.ne, level: k - 1)
                + population(r.sw, level: k - 1) + population(r.se, level: k - 1)
            if population(id, level: k) != sum {
                problems.append("node \(id) (level \(k)) caches a population that is not its children's sum")
            }
        }
        return problems
    }

    private func checkTree(_ id: NodeID, level: Int, levels: inout [NodeID: Int], problems: inout [String]) {
        if let seen = levels[id] {
            if seen != level { problems.append("node \(id) appears at levels \(seen) and \(level)") }
            return
        }
        levels[id] = level
        guard id != 0, Int(id) < count else {
            problems.append("dangling id \(id) at level \(level)")
            return
        }
        if level == NodeStore.leafLevel {
            if !isLeaf(id) { problems.append("node \(id) at level 3 is not a leaf") }
            return
        }
        if isLeaf(id) {
            problems.append("leaf \(id) found at level \(level)")
            return
        }
        let r = nodes[Int(id)]
        for child in [r.nw, r.ne, r.sw, r.se] {
            checkTree(child, level: level - 1, levels: &levels, problems: &problems)
        }
    }

    /// The level of a node found by walking its north-west spine down to a leaf.
    private func depth(_ id: NodeID) -> Int? {
        var id = id, k = NodeStore.leafLevel
        while Int(id) < count, id != 0, !isLeaf(id) {
            id = nodes[Int(id)].nw
            k += 1
        }
        return Int(id) < count && id != 0 ? k : nil
    }
}
