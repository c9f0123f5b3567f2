// What a step that stopped half-way has memoized on its way, for a collection between two
// phases of a multi-threaded step.

/// The step a collection should keep the work of, when it collects between two phases of a
/// multi-threaded step: no recursion is running, so there are no pins, but the phase's
/// unfinished recursion left its finished parts memoized, and the rerun will look them up.
struct UnfinishedStep {
    var root: NodeID
    var level: Int
    var step: Int
}

extension Collector {
    /// `collect(_:capacity:threads:alsoKeeping:)` of the two-state arena, keeping with the
    /// roots what a rerun of `unfinished` (between two phases of a multi-threaded step) will
    /// look up (`markUnfinished`).
    mutating func collect(_ arena: inout TwoStateArena, capacity: Int, unfinished: UnfinishedStep?, threads: Int) -> MarkBits {
        collect(&arena, capacity: capacity, threads: threads) { arena, marks in
            guard let unfinished else { return 0 }
            return Collector.markUnfinished(unfinished, in: arena, &marks)
        }
    }

    /// Marks what a rerun of `unfinished` will find on its way down (the nodes it would look up
    /// and the results they hold), as the pins of every worker's frames would have.
    ///
    /// Walks the recursion of `successor` without making anything: from a node with no result
    /// for its step, to the nine squares and the four squares made of their results that
    /// already exist; it stops at a node that has its result (marking the result), at one it has
    /// walked, and at level 6 and below (cheap to recompute). Every node it reaches is marked
    /// with its subtree. Without it a collection between phases would keep only the recent
    /// nodes, and lose the oldest finished parts of the unfinished frames, the costliest work of
    /// the step.
    /// - Complexity: O(nodes reached), each walked once.
    static func markUnfinished(_ unfinished: UnfinishedStep, in arena: TwoStateArena, _ marks: inout MarkBits) -> Int {
        var walked = MarkBits(count: arena.count)
        var stack = [(id: unfinished.root, level: unfinished.level, step: unfinished.step)]
        var n = 0
        while let (id, level, step) = stack.popLast() {
            if id == 0 || walked[id] || arena.isEmpty(id, level: level) { continue }
            walked.set(id)
            n += markTree(id, in: arena, &marks, false)
            let r = arena[id]
            let tag = level - 2 - step
            if tag < NodeRecord.tagLimit && r.result != 0 && r.hasTag(UInt32(tag)) {
                n += markTree(r.result, in: arena, &marks, false)
                continue
            }
            if level <= 6 || tag >= NodeRecord.tagLimit { continue }
            let keys = arena.nineSquareKeys(r)
            // The nine squares are stepped in a full step (the recursion's next level); in a
            // partial one their centres are cut out (never made as squares), then the four
            // squares of centres are stepped.
            let full = tag == 0
            var nine = [NodeID](repeating: 0, count: 9)
            for k in 0..<9 {
                let (a, b, c, d) = keys[k]
                if full {
                    let square = arena.existingNode(a, b, c, d)
                    stack.append((square, level - 1, level - 3))
                    nine[k] = fullResult(square, level: level - 1, in: arena)
                } else {
                    nine[k] = arena.existingNode(arena[a].se, arena[b].sw, arena[c].ne, arena[d].nw)
                }
            }
            guard !nine.contains(0) else { continue }
            for (a, b, c, d) in [(0, 1, 3, 4), (1, 2, 4, 5), (3, 4, 6, 7), (4, 5, 7, 8)] {
                let square = arena.existingNode(nine[a], nine[b], nine[c], nine[d])
                stack.append((square, level - 1, full ? level - 3 : step))
            }
        }
        return n
    }

    /// The full-step result of `square` (of `level`) if it is known, else 0.
    private static func fullResult(_ square: NodeID, level: Int, in arena: TwoStateArena) -> NodeID {
        if square == 0 { return 0 }
        if arena.isEmpty(square, level: level) { return arena.empty(level - 1) }
        let r = arena[square]
        return r.hasFullResult ? r.result : 0
    }
}
