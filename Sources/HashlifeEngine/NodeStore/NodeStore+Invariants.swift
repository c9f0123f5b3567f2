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
    /// Checks: the clock's precomputed stamp bits are the clock's; the arena's invariants
    /// (`NodeArena.invariantViolations`); the square memo names live nodes and counts its
    /// entries; nodes reachable from the root have children one level down (leaves at level
    /// 3); memoized results are one level down; cached populations equal the sum of the
    /// children.
    /// - Complexity: O(nodes).
    mutating func invariantViolations(root: NodeID, level: Int) -> [String] {
        var problems: [String] = []
        let clock = collector.clock
        if clock.bits != NodeRecord.topBits(clock.tick) || clock.words != NodeRecord.stampWords(clock.tick) {
            problems.append("the clock's stamp bits are not the clock's (\(clock.tick))")
        }
        problems += arena.invariantViolations(tick: clock.tick, allowingTornStamps: collector.workersStamped)
        // The square memo names live nodes only (a collection sweeps it before ids are reused).
        var memoEntries = 0
        memo.squares.forEachEntry { a, b, c, d, result in
            memoEntries += 1
            for id in [a, b, c, d, result] where !arena.isLive(id) {
                problems.append("the square memo names \(id), which is not a live node")
            }
        }
        if memoEntries != memo.squares.entries {
            problems.append("the square memo holds \(memoEntries) entries but counts \(memo.squares.entries)")
        }
        // Levels, memo results and populations below the root.
        var levels: [NodeID: Int] = [:]
        checkTree(root, level: level, levels: &levels, problems: &problems)
        for (id, k) in levels where k > NodeStore.leafLevel {
            let r = arena.record(id)
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
        guard arena.isLive(id) else {
            problems.append("dangling id \(id) at level \(level)")
            return
        }
        let r = arena.record(id)
        if level == NodeStore.leafLevel {
            if !r.isLeaf { problems.append("node \(id) at level 3 is not a leaf") }
            return
        }
        if r.isLeaf {
            problems.append("leaf \(id) found at level \(level)")
            return
        }
        for child in [r.nw, r.ne, r.sw, r.se] {
            checkTree(child, level: level - 1, levels: &levels, problems: &problems)
        }
    }

    /// The level of a node found by walking its north-west spine down to a leaf.
    private func depth(_ id: NodeID) -> Int? {
        var id = id, k = NodeStore.leafLevel
        while arena.isLive(id) && !arena.record(id).isLeaf {
            id = arena.record(id).nw
            k += 1
        }
        return arena.isLive(id) ? k : nil
    }
}
