// The Hashlife recursion on one thread, for every store: memo look-ups and misses, a miss's
// full and partial steps.

extension HashlifeStore where Self: ~Copyable {
    /// The centre of a level-`level` node, advanced 2^`step` generations.
    ///
    /// - Parameters:
    ///   - id: a node of level `level` ≥ 4.
    ///   - step: 0 ≤ step ≤ level - 2, or -1 for one generation from an odd generation.
    /// - Returns: the level-(`level`-1) node covering the centre half of `id`, `2^step`
    ///   generations later (1 for step -1). Memoized in the node's one result slot, tagged with
    ///   level - 2 - step (0 for a full step); a result for another step replaces it. Tags too
    ///   deep for the record go to `MemoCaches.deepResults`.
    ///
    /// Parity: only a B0 rule without S8 (`LeafRule.alternating`) steps differently from odd and
    /// even generations. For it, steps 0 … level - 2 must start at an even generation (every
    /// sub-step then does too: sub-steps of 2^k, k ≥ 1, keep the parity, and a 1-generation
    /// step recurses into 1-generation steps from the same generation), and step -1 is the one
    /// generation from an odd one, memoized under its own tag, level - 1, which no other step
    /// uses: a memo entry never mixes the parities. The universe keeps to this
    /// (`Universe.step(byPowerOfTwo:control:)`).
    /// - Complexity: O(distinct nodes visited); each (node, step) pair is computed once while
    ///   its memo slot holds.
    /// - Throws: `StepInterruption.cancelled` when `control` asks, `.outOfMemory` when a
    ///   collection cannot make room, `.thrashing` after `collectionsAllowed` collections,
    ///   `.needsPins` when an unpinned recursion reaches the limit, `.paused` at the hand-off to
    ///   several threads; results memoized so far stay valid. The caller empties the pin stack
    ///   after a throw.
    ///
    /// GC safety: when `collector.pinning`, a miss pushes the node on the pin stack, and with it
    /// every sub-result it holds while it makes more nodes, so a collection at a later miss
    /// keeps them. The stack needs `PinFrame.slotCount` slots a level (`NodeArena.preparePins`).
    /// Unpinned, a miss that finds the store at its limit unwinds instead of collecting.
    ///
    /// The memo look-up is inlined into the caller; only a miss pays for a call (most calls are
    /// hits, and the miss path's frame is large).
    @inline(__always)
    mutating func successor(_ id: NodeID, level: Int, step: Int) throws(StepInterruption) -> NodeID {
        try successor(id, subSteps(level: level, step: step, tag: level - 2 - step))
    }

    /// `successor(_:level:step:)` with what a frame's sub-steps share computed once
    /// (`subSteps`): a frame makes thirteen look-ups of one level and step.
    @inline(__always)
    mutating func successor(_ id: NodeID, _ sub: SubSteps) throws(StepInterruption) -> NodeID {
        if id == sub.empty { return arena.empty(sub.level - 1) }
        if sub.tag < Record.tagLimit {
            let result = memoHit(id, sub)
            if result != 0 { return result }
        } else if let deep = memo.deepResults[MemoCaches.deepKey(id, sub.step)] {
            countHit()
            stamp(id)
            return NodeID(deep)
        }
        return try computeSuccessor(id, arena[id], level: sub.level, step: sub.step)
    }

    /// The memo miss of `successor`: a safe point (where the store may collect), a poll every
    /// 1024 misses, the step itself, and its memoization. With `id` 0, `record` holds the
    /// children of a square that is not a node (`squareSuccessor`): its full-step result goes
    /// to the square memo.
    @inline(never)
    mutating func computeSuccessor(_ id: NodeID, _ record: Record, level: Int, step: Int) throws(StepInterruption) -> NodeID {
        let misses = countMiss()
        // This frame's pin slots: the node, then the sub-results as they arrive.
        let frame = arena.nextFrame()
        if collector.pinning { arena.push(frame, holding: id) }
        if needsCollection { try collectAtMiss() }
        if misses & 1023 == 0 { try poll() }
        let result = try advance(record, level: level, step: step, pins: frame)
        memoize(id, record, result, level: level, step: step)
        arena.pop(frame)
        return result
    }

    /// Collects at a miss, the recursion's safe point. An unpinned recursion cannot: it
    /// unwinds, and the step reruns pinned (what it memoized so far stays).
    /// - Throws: `.needsPins` unpinned, `.outOfMemory` when the roots and pins alone do not
    ///   fit, `.thrashing` past the step's allowance of collections.
    @inline(never)
    mutating func collectAtMiss() throws(StepInterruption) {
        guard collector.pinning else { throw .needsPins }
        if let needed = collectDuringStep() { throw .outOfMemory(nodes: needed) }
        collector.collectionsThisStep += 1
        if collector.collectionsThisStep > collector.collectionsAllowed { throw .thrashing }
    }

    /// The result of a miss, by kind: a direct step (`directStep`: level 4, and more levels
    /// where the store's layout has direct squares), else the recursion's full step or partial
    /// step, which write their sub-results into `frame`.
    @inline(__always)
    mutating func advance(_ record: Record, level: Int, step: Int, pins frame: PinFrame) throws(StepInterruption) -> NodeID {
        if let direct = directStep(record, level: level, step: step) { return direct }
        if level - 2 == step { return try fullStep(record, level: level, pins: frame) }
        return try partialStep(record, level: level, step: step, pins: frame)
    }

    /// Memoizes `result` for the miss of `id` (in its record, or for a deep tag beside it; for
    /// id 0, a square that is not a node, in the square memo) and stamps the node.
    @inline(__always)
    mutating func memoize(_ id: NodeID, _ record: Record, _ result: NodeID, level: Int, step: Int) {
        let tag = level - 2 - step
        if id == 0 {
            if memo.squares.store(record.nw, record.ne, record.sw, record.se, result) {
                growSquareMemoIfRoom()
            }
            return
        }
        if tag < Record.tagLimit {
            memoize(id, result: result, tag: tag)
        } else {
            memo.deepResults.set(MemoCaches.deepKey(id, step), result)
            stamp(id)
        }
    }
}

extension HashlifeStore where Self: ~Copyable {
    /// Level ≥ 5, step = level - 2, one thread: nine overlapping sub-squares advanced
    /// 2^(level-3), then the four squares they form advanced 2^(level-3) again. The node's
    /// four children are nodes with memo slots; the other nine squares are not made into
    /// nodes: their results are memoized by their children in `squares` (`SquareMemo`), each
    /// one's set fetched as soon as its children are known. Only the result is a node.
    ///
    /// GC safety: a square's children stay reachable from the pin stack while it is advanced:
    /// the five middle squares are made of grandchildren of this frame's node (or of the
    /// square this frame advances, itself made of reachable nodes), the last four of this
    /// frame's pinned sub-results.
    @inline(__always)
    mutating func fullStep(_ r: Record, level: Int, pins frame: PinFrame) throws(StepInterruption) -> NodeID {
        let g = arena.grandchildren(r)
        let sub = subSteps(level: level - 1, step: level - 3, tag: 0)
        let h01 = memo.squares.hint(g.nw.ne, g.ne.nw, g.nw.se, g.ne.sw)
        let h10 = memo.squares.hint(g.nw.sw, g.nw.se, g.sw.nw, g.sw.ne)
        let h11 = memo.squares.hint(g.nw.se, g.ne.sw, g.sw.ne, g.se.nw)
        let h12 = memo.squares.hint(g.ne.sw, g.ne.se, g.se.nw, g.se.ne)
        let h21 = memo.squares.hint(g.sw.ne, g.se.nw, g.sw.se, g.se.sw)
        // The four children's records are in cache already (`grandchildren`): step them first,
        // while the sets arrive.
        let s00 = try successor(r.nw, sub)
        if collector.pinning { frame[1] = s00 }
        let s02 = try successor(r.ne, sub)
        if collector.pinning { frame[3] = s02 }
        let s20 = try successor(r.sw, sub)
        if collector.pinning { frame[7] = s20 }
        let s22 = try successor(r.se, sub)
        if collector.pinning { frame[9] = s22 }
        let s01 = try squareSuccessor(g.nw.ne, g.ne.nw, g.nw.se, g.ne.sw, hint: h01, sub)
        if collector.pinning { frame[2] = s01 }
        let s10 = try squareSuccessor(g.nw.sw, g.nw.se, g.sw.nw, g.sw.ne, hint: h10, sub)
        if collector.pinning { frame[4] = s10 }
        let s11 = try squareSuccessor(g.nw.se, g.ne.sw, g.sw.ne, g.se.nw, hint: h11, sub)
        if collector.pinning { frame[5] = s11 }
        let hnw = memo.squares.hint(s00, s01, s10, s11)
        let s12 = try squareSuccessor(g.ne.sw, g.ne.se, g.se.nw, g.se.ne, hint: h12, sub)
        if collector.pinning { frame[6] = s12 }
        let hne = memo.squares.hint(s01, s02, s11, s12)
        let s21 = try squareSuccessor(g.sw.ne, g.se.nw, g.sw.se, g.se.sw, hint: h21, sub)
        if collector.pinning { frame[8] = s21 }
        let hsw = memo.squares.hint(s10, s11, s20, s21)
        let hse = memo.squares.hint(s11, s12, s21, s22)
        let nw = try squareSuccessor(s00, s01, s10, s11, hint: hnw, sub)
        if collector.pinning { frame[10] = nw }
        let ne = try squareSuccessor(s01, s02, s11, s12, hint: hne, sub)
        if collector.pinning { frame[11] = ne }
        let sw = try squareSuccessor(s10, s11, s20, s21, hint: hsw, sub)
        if collector.pinning { frame[12] = sw }
        let se = try squareSuccessor(s11, s12, s21, s22, hint: hse, sub)
        return node(nw, ne, sw, se)
    }

    /// The full-step result of the level-`sub.level` square made of four nodes, from the
    /// square memo (`hint` from `SquareMemo.hint`), else computed (`computeSuccessor` with no
    /// id) and memoized there. (Looking the square up in the index as well on a memo miss, so
    /// that a square that is also a node is computed once, makes fewer misses but costs more
    /// than it saves.)
    @inline(__always)
    mutating func squareSuccessor(_ a: NodeID, _ b: NodeID, _ c: NodeID, _ d: NodeID, hint: UInt64, _ sub: SubSteps) throws(StepInterruption) -> NodeID {
        let result = memo.squares.result(a, b, c, d, hash: hint)
        if result != 0 {
            countHit()
            return result
        }
        return try computeSuccessor(0, Record.square(a, b, c, d), level: sub.level, step: sub.step)
    }

    /// Level ≥ 5, step < level - 2: the nine overlapping sub-squares' centres (not advanced),
    /// then the four squares they form advanced 2^step.
    @inline(__always)
    mutating func partialStep(_ r: Record, level: Int, step: Int, pins frame: PinFrame) throws(StepInterruption) -> NodeID {
        let g = arena.grandchildren(r)
        let c00 = centre(g.nw.nw, g.nw.ne, g.nw.sw, g.nw.se, level: level - 2)
        if collector.pinning { frame[1] = c00 }
        let c01 = centre(g.nw.ne, g.ne.nw, g.nw.se, g.ne.sw, level: level - 2)
        if collector.pinning { frame[2] = c01 }
        let c02 = centre(g.ne.nw, g.ne.ne, g.ne.sw, g.ne.se, level: level - 2)
        if collector.pinning { frame[3] = c02 }
        let c10 = centre(g.nw.sw, g.nw.se, g.sw.nw, g.sw.ne, level: level - 2)
        if collector.pinning { frame[4] = c10 }
        let c11 = centre(g.nw.se, g.ne.sw, g.sw.ne, g.se.nw, level: level - 2)
        if collector.pinning { frame[5] = c11 }
        let c12 = centre(g.ne.sw, g.ne.se, g.se.nw, g.se.ne, level: level - 2)
        if collector.pinning { frame[6] = c12 }
        let c20 = centre(g.sw.nw, g.sw.ne, g.sw.sw, g.sw.se, level: level - 2)
        if collector.pinning { frame[7] = c20 }
        let c21 = centre(g.sw.ne, g.se.nw, g.sw.se, g.se.sw, level: level - 2)
        if collector.pinning { frame[8] = c21 }
        let c22 = centre(g.se.nw, g.se.ne, g.se.sw, g.se.se, level: level - 2)
        if collector.pinning { frame[9] = c22 }
        var hints = CombineHints(nw: slotHint(c00, c01, c10, c11))
        hints.ne = slotHint(c01, c02, c11, c12)
        hints.sw = slotHint(c10, c11, c20, c21)
        hints.se = slotHint(c11, c12, c21, c22)
        prefetchHead(hints.nw)
        return try combine(c00, c01, c02, c10, c11, c12, c20, c21, c22, hints: hints,
                           subSteps(level: level - 1, step: step, tag: level - 3 - step), pins: frame)
    }

    /// Joins nine level-(`sub.level`-1) squares into four overlapping level-`sub.level` squares,
    /// advances each 2^`sub.step` and joins the four results. `hints` are the four
    /// squares' buckets, computed (and fetched) by the caller as soon as it could, the first
    /// one's first record too; each next one's first record is fetched a sub-step ahead.
    ///
    /// `@_transparent`, which always inlines it: `@inline(__always)` can leave it out of line
    /// in `fullStep`, a call that passes its fifteen arguments through memory.
    @_transparent
    mutating func combine(_ a: NodeID, _ b: NodeID, _ c: NodeID,
                          _ d: NodeID, _ e: NodeID, _ f: NodeID,
                          _ g: NodeID, _ h: NodeID, _ i: NodeID, hints: CombineHints,
                          _ sub: SubSteps, pins frame: PinFrame) throws(StepInterruption) -> NodeID {
        prefetchHead(hints.ne)
        let nw = try successor(node(a, b, d, e, hint: hints.nw), sub)
        if collector.pinning { frame[10] = nw }
        prefetchHead(hints.sw)
        let ne = try successor(node(b, c, e, f, hint: hints.ne), sub)
        if collector.pinning { frame[11] = ne }
        prefetchHead(hints.se)
        let sw = try successor(node(d, e, g, h, hint: hints.sw), sub)
        if collector.pinning { frame[12] = sw }
        let se = try successor(node(e, f, h, i, hint: hints.se), sub)
        return node(nw, ne, sw, se)
    }
}

// The entry points, here beside the recursion's body: a build that compiles file by file
// specialises the recursion for each store only where it sees both.

extension NodeStore {
    /// `successor(_:level:step:)` from a step's padded root.
    mutating func successor(ofRoot id: NodeID, level: Int, step: Int) throws(StepInterruption) -> NodeID {
        try successor(id, level: level, step: step)
    }
}

extension MultiStateStore {
    /// `successor(_:level:step:)` from a step's padded root.
    mutating func successor(ofRoot id: NodeID, level: Int, step: Int) throws(StepInterruption) -> NodeID {
        try successor(id, level: level, step: step)
    }
}
