// RuleTable+Tree.swift — a rule table compiled to a rule tree, so that both step by the same
// per-cell walk (RuleLookup.swift).
//
// A von Neumann or one-dimensional table becomes a 4-neighbour tree, a Moore or hexagonal one
// an 8-neighbour tree (cells outside the table's neighbourhood lead to the same node for every
// state). The tree asks the centre first (most lines name the centre's state, so the rest of
// the tree is small), or in Golly's order for a tree to be written as @TREE. It is built level
// by level from the list of every transition's symmetric variants, in the order Golly tries
// them: a node stands for the variants still possible after the cells asked so far, and its
// child for a state keeps those that accept that state in the next cell. At the last cell, the
// first remaining variant gives the new state (none: the centre's own state). Nodes are shared
// when their remaining variants are the same, and when their children are.

extension RuleTable {
    /// The tree giving the same next state as this table for every neighbourhood, asking the
    /// centre first or in Golly's order.
    public func compiledTree(centreFirst: Bool = true) -> RuleTree {
        let neighbours = neighbourhood == .moore || neighbourhood == .hexagonal ? 8 : 4
        let order = RuleTree.order(neighbours: neighbours, centreFirst: centreFirst)
        let offsets = neighbourhood.offsets
        // The table input each level asks, or nil when the table ignores that cell.
        let inputAt: [Int?] = order.map { cell in offsets.firstIndex { $0.dx == cell.dx && $0.dy == cell.dy } }
        let n = stateCount
        let words = (n + 63) / 64
        let levelCount = order.count

        // Every variant's accepted states per level (a bit set of `words` words), and its output.
        var accepts: [UInt64] = []
        var outputs: [UInt8] = []
        for transition in transitions {
            for variant in variants(of: transition) {
                for input in inputAt {
                    var bits = [UInt64](repeating: 0, count: words)
                    if let input {
                        for s in variant[input] { bits[Int(s) >> 6] |= 1 << UInt64(s & 63) }
                    } else {
                        for s in 0..<n { bits[s >> 6] |= 1 << UInt64(s & 63) }
                    }
                    accepts += bits
                }
                outputs.append(transition.output)
            }
        }
        let variantCount = outputs.count
        func accepted(_ t: Int32, _ level: Int, _ s: Int) -> Bool {
            accepts[(Int(t) * levelCount + level) * words + s >> 6] >> UInt64(s & 63) & 1 == 1
        }
        // fullFrom[t]: the first level from which variant t accepts every state at every level.
        var fullFrom = [Int](repeating: levelCount, count: variantCount)
        for t in 0..<variantCount {
            var level = levelCount
            while level > 0 && (0..<n).allSatisfy({ accepted(Int32(t), level - 1, $0) }) { level -= 1 }
            fullFrom[t] = level
        }

        let asksCentreFirst = centreFirst
        var levels: [UInt8] = []
        var values: [[UInt32]] = []
        var shared = [[[UInt32]: UInt32]](repeating: [:], count: levelCount)
        var memo = [[[Int32]: UInt32]](repeating: [:], count: levelCount)
        func node(_ level: Int, _ entries: [UInt32]) -> UInt32 {
            if let found = shared[level][entries] { return found }
            let index = UInt32(values.count)
            levels.append(UInt8(levelCount - level))
            values.append(entries)
            shared[level][entries] = index
            return index
        }
        // The node asking level `level` with `candidates` (variant indices, in order) left, for a
        // centre in state `centre` (nil: not asked yet, so the centre is the last level).
        func build(_ level: Int, _ candidates: [Int32], _ centre: UInt8?) -> UInt32 {
            // The same variants left (and the same centre, which a cell matching none keeps).
            let key = candidates + [Int32(centre.map(Int.init) ?? -1)]
            if let found = memo[level][key] { return found }
            var entries: [UInt32] = []
            entries.reserveCapacity(n)
            if level == levelCount - 1 {
                for s in 0..<n {
                    let first = candidates.first { accepted($0, level, s) }
                    entries.append(UInt32(first.map { outputs[Int($0)] } ?? centre ?? UInt8(s)))
                }
            } else {
                var children: [[Int32]: UInt32] = [:]
                for s in 0..<n {
                    var kept: [Int32] = []
                    for t in candidates where accepted(t, level, s) {
                        kept.append(t)
                        // Nothing after a variant that accepts all the remaining cells can win.
                        if fullFrom[Int(t)] <= level + 1 { break }
                    }
                    // Asked first, each state of the centre is a centre of its own.
                    if !(asksCentreFirst && level == 0), let child = children[kept] {
                        entries.append(child)
                    } else {
                        let child = build(level + 1, kept, asksCentreFirst && level == 0 ? UInt8(s) : centre)
                        children[kept] = child
                        entries.append(child)
                    }
                }
            }
            let result = node(level, entries)
            memo[level][key] = result
            return result
        }
        var all: [Int32] = []
        for t in 0..<variantCount {
            all.append(Int32(t))
            if fullFrom[t] == 0 { break }
        }
        _ = build(0, all, nil)
        return RuleTree(stateCount: n, neighbours: neighbours, levels: levels, values: values, centreFirst: centreFirst)
    }
}
