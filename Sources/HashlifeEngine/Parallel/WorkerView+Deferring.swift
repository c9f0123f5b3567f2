// A worker's recursion: what another worker is computing, last.

extension WorkerView {
    /// A full step of a level-`level` node (≥ 5) for a worker of a multi-threaded step: the
    /// single-threaded `fullStep`'s result, and its pipeline (each of the five looked-up
    /// squares' bucket fetched at the start, its first record a sub-step before its look-up),
    /// with a deferral: a square another worker has claimed is stepped after the others
    /// (`finishDeferred`); by then it is mostly published, so this worker neither waits nor
    /// computes it twice. (Looking the five up together before stepping any, as the forked top
    /// does in `nineSquares`, would leave each frame waiting for two rounds of cache misses.)
    mutating func sharedFullStep(_ r: NodeRecord, level: Int) throws(StepInterruption) -> NodeID {
        let g = arena.grandchildren(r)
        let sub = subSteps(level: level - 1, step: level - 3)
        let h01 = arena.slotHint(g.nw.ne, g.ne.nw, g.nw.se, g.ne.sw)
        let h10 = arena.slotHint(g.nw.sw, g.nw.se, g.sw.nw, g.sw.ne)
        let h11 = arena.slotHint(g.nw.se, g.ne.sw, g.sw.ne, g.se.nw)
        let h12 = arena.slotHint(g.ne.sw, g.ne.se, g.se.nw, g.se.ne)
        let h21 = arena.slotHint(g.sw.ne, g.se.nw, g.sw.se, g.se.sw)
        var squares = InlineArray<9, NodeID>(repeating: 0), results = InlineArray<9, NodeID>(repeating: 0)
        (squares[0], squares[2], squares[6], squares[8]) = (r.nw, r.ne, r.sw, r.se)
        var deferred = try stepUnlessClaimed(squares, 0, sub, &results)
        deferred = try stepUnlessClaimed(squares, 2, sub, &results) || deferred
        arena.prefetchSharedHead(h01)
        deferred = try stepUnlessClaimed(squares, 6, sub, &results) || deferred
        arena.prefetchSharedHead(h10)
        deferred = try stepUnlessClaimed(squares, 8, sub, &results) || deferred
        arena.prefetchSharedHead(h11)
        squares[1] = node(g.nw.ne, g.ne.nw, g.nw.se, g.ne.sw, hint: h01)
        deferred = try stepUnlessClaimed(squares, 1, sub, &results) || deferred
        arena.prefetchSharedHead(h12)
        squares[3] = node(g.nw.sw, g.nw.se, g.sw.nw, g.sw.ne, hint: h10)
        deferred = try stepUnlessClaimed(squares, 3, sub, &results) || deferred
        arena.prefetchSharedHead(h21)
        squares[4] = node(g.nw.se, g.ne.sw, g.sw.ne, g.se.nw, hint: h11)
        deferred = try stepUnlessClaimed(squares, 4, sub, &results) || deferred
        squares[5] = node(g.ne.sw, g.ne.se, g.se.nw, g.se.ne, hint: h12)
        deferred = try stepUnlessClaimed(squares, 5, sub, &results) || deferred
        squares[7] = node(g.sw.ne, g.se.nw, g.sw.se, g.se.sw, hint: h21)
        deferred = try stepUnlessClaimed(squares, 7, sub, &results) || deferred
        if deferred { try finishDeferred(squares, sub, &results) }
        return try sharedCombine(results, level: level, step: level - 3)
    }

    /// A partial step (2^`step`, step < level - 2) for a worker: the nine centres, then the
    /// four squares they form.
    mutating func sharedPartialStep(_ r: NodeRecord, level: Int, step: Int) throws(StepInterruption) -> NodeID {
        try sharedCombine(nineCentres(r, level: level), level: level, step: step)
    }

    /// The four squares the nine level-(`level`-2) pieces form, advanced 2^`step` and joined:
    /// the four buckets fetched together, each square's first record a sub-step before its
    /// look-up (as `combine`), a square another worker has claimed stepped last.
    mutating func sharedCombine(_ n: InlineArray<9, NodeID>, level: Int, step: Int) throws(StepInterruption) -> NodeID {
        let sub = subSteps(level: level - 1, step: step)
        let hnw = arena.slotHint(n[0], n[1], n[3], n[4])
        let hne = arena.slotHint(n[1], n[2], n[4], n[5])
        let hsw = arena.slotHint(n[3], n[4], n[6], n[7])
        let hse = arena.slotHint(n[4], n[5], n[7], n[8])
        var squares = InlineArray<4, NodeID>(repeating: 0), results = InlineArray<4, NodeID>(repeating: 0)
        arena.prefetchSharedHead(hnw)
        arena.prefetchSharedHead(hne)
        squares[0] = node(n[0], n[1], n[3], n[4], hint: hnw)
        var deferred = try stepUnlessClaimed(squares, 0, sub, &results)
        arena.prefetchSharedHead(hsw)
        squares[1] = node(n[1], n[2], n[4], n[5], hint: hne)
        deferred = try stepUnlessClaimed(squares, 1, sub, &results) || deferred
        arena.prefetchSharedHead(hse)
        squares[2] = node(n[3], n[4], n[6], n[7], hint: hsw)
        deferred = try stepUnlessClaimed(squares, 2, sub, &results) || deferred
        squares[3] = node(n[4], n[5], n[7], n[8], hint: hse)
        deferred = try stepUnlessClaimed(squares, 3, sub, &results) || deferred
        if deferred { try finishDeferred(squares, sub, &results) }
        return node(results[0], results[1], results[2], results[3])
    }

    /// Steps `squares[i]` into `results[i]` unless another worker has claimed it; true when
    /// it is left for `finishDeferred`.
    @inline(__always)
    mutating func stepUnlessClaimed<let n: Int>(_ squares: InlineArray<n, NodeID>, _ i: Int, _ sub: SubSteps,
                                                _ results: inout InlineArray<n, NodeID>) throws(StepInterruption) -> Bool {
        guard let result = try successorUnlessClaimed(squares[i], sub) else { return true }
        results[i] = result
        return false
    }

    /// Steps the squares `stepUnlessClaimed` left (their results are 0), waiting for or
    /// joining the workers that claimed them.
    mutating func finishDeferred<let n: Int>(_ squares: InlineArray<n, NodeID>, _ sub: SubSteps,
                                             _ results: inout InlineArray<n, NodeID>) throws(StepInterruption) {
        for i in 0..<n where results[i] == 0 {
            results[i] = try successor(squares[i], sub)
        }
    }

    /// `successor`, or nil when another worker has claimed the node.
    @inline(__always)
    mutating func successorUnlessClaimed(_ id: NodeID, _ sub: SubSteps) throws(StepInterruption) -> NodeID? {
        if id == sub.empty { return arena.empty(sub.level - 1) }
        switch arena.memoSlot(id, tagBits: sub.tagBits) {
        case let .result(result): return hit(id, result)
        case .busy: return nil
        case .empty: return try computeSuccessor(id, arena[id], level: sub.level, step: sub.step)
        }
    }

    /// The nine overlapping level-(k-1) sub-squares of a level-k node (k ≥ 5), row by row: its
    /// four children and the five squares between them (for the forked top of a step, which
    /// hands them to tasks). The five are looked up after their
    /// buckets and chains' first records have been asked for all at once (`prefetchSharedHead`),
    /// so their cache misses overlap instead of coming one after the other.
    mutating func nineSquares(_ r: NodeRecord) -> InlineArray<9, NodeID> {
        let g = arena.grandchildren(r)
        let h01 = arena.slotHint(g.nw.ne, g.ne.nw, g.nw.se, g.ne.sw)
        let h10 = arena.slotHint(g.nw.sw, g.nw.se, g.sw.nw, g.sw.ne)
        let h11 = arena.slotHint(g.nw.se, g.ne.sw, g.sw.ne, g.se.nw)
        let h12 = arena.slotHint(g.ne.sw, g.ne.se, g.se.nw, g.se.ne)
        let h21 = arena.slotHint(g.sw.ne, g.se.nw, g.sw.se, g.se.sw)
        arena.prefetchSharedHead(h01)
        arena.prefetchSharedHead(h10)
        arena.prefetchSharedHead(h11)
        arena.prefetchSharedHead(h12)
        arena.prefetchSharedHead(h21)
        return [r.nw, node(g.nw.ne, g.ne.nw, g.nw.se, g.ne.sw, hint: h01), r.ne,
                node(g.nw.sw, g.nw.se, g.sw.nw, g.sw.ne, hint: h10),
                node(g.nw.se, g.ne.sw, g.sw.ne, g.se.nw, hint: h11),
                node(g.ne.sw, g.ne.se, g.se.nw, g.se.ne, hint: h12),
                r.sw, node(g.sw.ne, g.se.nw, g.sw.se, g.se.sw, hint: h21), r.se]
    }

    /// The centres (level k-2) of the nine sub-squares of a level-`level` node, row by row.
    mutating func nineCentres(_ r: NodeRecord, level: Int) -> InlineArray<9, NodeID> {
        let keys = arena.nineSquareKeys(r)
        var centres = InlineArray<9, NodeID>(repeating: 0)
        for k in 0..<9 { centres[k] = centre(keys[k].0, keys[k].1, keys[k].2, keys[k].3, level: level - 2) }
        return centres
    }

    /// The four overlapping squares nine pieces (row by row) form: NW, NE, SW, SE, looked up
    /// like `nineSquares`' five.
    mutating func fourSquares(_ n: InlineArray<9, NodeID>) -> InlineArray<4, NodeID> {
        let hnw = arena.slotHint(n[0], n[1], n[3], n[4])
        let hne = arena.slotHint(n[1], n[2], n[4], n[5])
        let hsw = arena.slotHint(n[3], n[4], n[6], n[7])
        let hse = arena.slotHint(n[4], n[5], n[7], n[8])
        arena.prefetchSharedHead(hnw)
        arena.prefetchSharedHead(hne)
        arena.prefetchSharedHead(hsw)
        arena.prefetchSharedHead(hse)
        return [node(n[0], n[1], n[3], n[4], hint: hnw), node(n[1], n[2], n[4], n[5], hint: hne),
                node(n[3], n[4], n[6], n[7], hint: hsw), node(n[4], n[5], n[7], n[8], hint: hse)]
    }
}
