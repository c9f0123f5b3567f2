// The Hashlife recursion on one thread: a miss's full and partial steps.

extension NodeStore {
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
    mutating func fullStep(_ r: NodeRecord, level: Int, pins frame: PinFrame) throws(StepInterruption) -> NodeID {
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
        let result = memo.squares.result(NodeRecord.keyWord(a, b), NodeRecord.keyWord(c, d), hash: hint)
        if result != 0 {
            stepping.memoHits &+= 1
            return result
        }
        return try computeSuccessor(0, NodeRecord(a, b, c, d, next: 0, stamp: 0), level: sub.level, step: sub.step)
    }

    /// Level ≥ 5, step < level - 2: the nine overlapping sub-squares' centres (not advanced),
    /// then the four squares they form advanced 2^step.
    @inline(__always)
    mutating func partialStep(_ r: NodeRecord, level: Int, step: Int, pins frame: PinFrame) throws(StepInterruption) -> NodeID {
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
        var hints = CombineHints(nw: arena.slotHint(c00, c01, c10, c11))
        hints.ne = arena.slotHint(c01, c02, c11, c12)
        hints.sw = arena.slotHint(c10, c11, c20, c21)
        hints.se = arena.slotHint(c11, c12, c21, c22)
        arena.prefetchHead(hints.nw)
        return try combine(c00, c01, c02, c10, c11, c12, c20, c21, c22, hints: hints, subSteps(level: level - 1, step: step),
                           pins: frame)
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
        arena.prefetchHead(hints.ne)
        let nw = try successor(node(a, b, d, e, hint: hints.nw), sub)
        if collector.pinning { frame[10] = nw }
        arena.prefetchHead(hints.sw)
        let ne = try successor(node(b, c, e, f, hint: hints.ne), sub)
        if collector.pinning { frame[11] = ne }
        arena.prefetchHead(hints.se)
        let sw = try successor(node(d, e, g, h, hint: hints.sw), sub)
        if collector.pinning { frame[12] = sw }
        let se = try successor(node(e, f, h, i, hint: hints.se), sub)
        return node(nw, ne, sw, se)
    }
}
