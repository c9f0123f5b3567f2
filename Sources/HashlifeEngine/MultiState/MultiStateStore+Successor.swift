// MultiStateStore+Successor.swift — the Hashlife recursion of the multi-state engine.

extension MultiStateStore {
    /// The centre of the node `id` of `level` (≥ 4) advanced 2^`step` generations, a node of
    /// `level` − 1, for 0 ≤ `step` ≤ `level` − 2: for a level-n node and step n − 2, its centre
    /// 2^(n−2) generations ahead, the classic Hashlife result.
    ///
    /// Memo: one result a node, tagged with `level` − 2 − `step` (0 for the full step); a
    /// result for another step replaces it. Level 4 is stepped directly (`directStep`), levels
    /// ≥ 5 by the recursion: nine overlapping sub-squares, then the four squares they form.
    /// - Complexity: O(distinct (node, step) pairs visited); each is computed once while its
    ///   memo slot holds.
    /// - Throws: `.cancelled` when the store's `control` asks, `.outOfMemory` when a collection
    ///   cannot make room, `.thrashing` after `collectionsAllowed` collections; memo results
    ///   written so far stay valid. The caller empties the pin stack after a throw.
    ///
    /// GC safety: every miss pushes its node on the pin stack and its sub-results as they
    /// arrive, so a collection at a later miss (the recursion's only safe point) keeps them.
    /// Nodes a frame makes are stepped (and so pinned) before any other call that could collect.
    @inline(__always)
    mutating func successor(_ id: NodeID, level: Int, step: Int) throws(StepInterruption) -> NodeID {
        if arena.isEmpty(id, level: level) { return arena.empty(level - 1) }
        let tag = UInt32(truncatingIfNeeded: level - 2 - step)
        let r = arena[id]
        if r.memo != 0 && r.tag == tag {
            memoHits &+= 1
            if r.stamp != collector.clock.tick { arena[id].setStamp(collector.clock.tick) }
            return r.memo
        }
        return try computeSuccessor(id, level: level, step: step)
    }

    /// The miss of `successor`: a safe point, a poll every 1024 misses, the step and its memo.
    @inline(never)
    mutating func computeSuccessor(_ id: NodeID, level: Int, step: Int) throws(StepInterruption) -> NodeID {
        memoMisses &+= 1
        let frame = arena.nextFrame()
        arena.push(frame, holding: id)
        if needsCollection { try collectAtMiss() }
        if memoMisses & 1023 == 0, let control, control.isCancelled { throw .cancelled }
        let result: NodeID
        if level == 4 {
            result = directStep(id, step: step)
        } else if step == level - 2 {
            result = try fullStep(id, level: level, pins: frame)
        } else {
            result = try partialStep(id, level: level, step: step, pins: frame)
        }
        let tag = level - 2 - step
        if tag < MultiStateRecord.tagLimit {
            arena[id].setResult(result, tag: UInt32(tag))
            arena[id].setStamp(collector.clock.tick)
        }
        arena.pop(frame)
        return result
    }

    /// Collects at a miss, the recursion's safe point.
    @inline(never)
    mutating func collectAtMiss() throws(StepInterruption) {
        if let needed = collect() { throw .outOfMemory(nodes: needed) }
        collector.collectionsThisStep += 1
        if collector.collectionsThisStep > collectionsAllowed { throw .thrashing }
    }

    /// Level ≥ 5, step = level − 2: the nine overlapping sub-squares of level − 1 advanced
    /// 2^(level−3), then the four squares of their results advanced 2^(level−3) again.
    @inline(__always)
    mutating func fullStep(_ id: NodeID, level: Int, pins frame: PinFrame) throws(StepInterruption) -> NodeID {
        let r = arena[id]
        let (nw, ne, sw, se) = (arena[r.nw], arena[r.ne], arena[r.sw], arena[r.se])
        let sub = level - 1, step = level - 3
        // The five middle squares' buckets, fetched while the corners step.
        let h01 = nodeHint(nw.ne, ne.nw, nw.se, ne.sw), h10 = nodeHint(nw.sw, nw.se, sw.nw, sw.ne)
        let h11 = nodeHint(nw.se, ne.sw, sw.ne, se.nw), h12 = nodeHint(ne.sw, ne.se, se.nw, se.ne)
        let h21 = nodeHint(sw.ne, se.nw, sw.se, se.sw)
        let s00 = try successor(r.nw, level: sub, step: step)
        frame[1] = s00
        let s01 = try successor(node(nw.ne, ne.nw, nw.se, ne.sw, hint: h01), level: sub, step: step)
        frame[2] = s01
        let s02 = try successor(r.ne, level: sub, step: step)
        frame[3] = s02
        let s10 = try successor(node(nw.sw, nw.se, sw.nw, sw.ne, hint: h10), level: sub, step: step)
        frame[4] = s10
        let s11 = try successor(node(nw.se, ne.sw, sw.ne, se.nw, hint: h11), level: sub, step: step)
        frame[5] = s11
        let s12 = try successor(node(ne.sw, ne.se, se.nw, se.ne, hint: h12), level: sub, step: step)
        frame[6] = s12
        let s20 = try successor(r.sw, level: sub, step: step)
        frame[7] = s20
        let s21 = try successor(node(sw.ne, se.nw, sw.se, se.sw, hint: h21), level: sub, step: step)
        frame[8] = s21
        let s22 = try successor(r.se, level: sub, step: step)
        frame[9] = s22
        return try combine(s00, s01, s02, s10, s11, s12, s20, s21, s22, level: sub, step: step, pins: frame)
    }

    /// Level ≥ 5, step < level − 2: the centres of the nine overlapping sub-squares (not
    /// advanced), then the four squares they form advanced 2^step.
    @inline(__always)
    mutating func partialStep(_ id: NodeID, level: Int, step: Int, pins frame: PinFrame) throws(StepInterruption) -> NodeID {
        let r = arena[id]
        let (nw, ne, sw, se) = (arena[r.nw], arena[r.ne], arena[r.sw], arena[r.se])
        let g = (arena[nw.nw], arena[nw.ne], arena[nw.sw], arena[nw.se],
                 arena[ne.nw], arena[ne.ne], arena[ne.sw], arena[ne.se],
                 arena[sw.nw], arena[sw.ne], arena[sw.sw], arena[sw.se],
                 arena[se.nw], arena[se.ne], arena[se.sw], arena[se.se])
        // Grandchildren by row and column of the 4×4 grid they form.
        let (g00, g01, g10, g11) = (g.0, g.1, g.2, g.3)
        let (g02, g03, g12, g13) = (g.4, g.5, g.6, g.7)
        let (g20, g21, g30, g31) = (g.8, g.9, g.10, g.11)
        let (g22, g23, g32, g33) = (g.12, g.13, g.14, g.15)
        // All nine buckets first, so that their misses overlap.
        let h = (nodeHint(g00.se, g01.sw, g10.ne, g11.nw), nodeHint(g01.se, g02.sw, g11.ne, g12.nw),
                 nodeHint(g02.se, g03.sw, g12.ne, g13.nw), nodeHint(g10.se, g11.sw, g20.ne, g21.nw),
                 nodeHint(g11.se, g12.sw, g21.ne, g22.nw), nodeHint(g12.se, g13.sw, g22.ne, g23.nw),
                 nodeHint(g20.se, g21.sw, g30.ne, g31.nw), nodeHint(g21.se, g22.sw, g31.ne, g32.nw),
                 nodeHint(g22.se, g23.sw, g32.ne, g33.nw))
        let c00 = node(g00.se, g01.sw, g10.ne, g11.nw, hint: h.0); frame[1] = c00
        let c01 = node(g01.se, g02.sw, g11.ne, g12.nw, hint: h.1); frame[2] = c01
        let c02 = node(g02.se, g03.sw, g12.ne, g13.nw, hint: h.2); frame[3] = c02
        let c10 = node(g10.se, g11.sw, g20.ne, g21.nw, hint: h.3); frame[4] = c10
        let c11 = node(g11.se, g12.sw, g21.ne, g22.nw, hint: h.4); frame[5] = c11
        let c12 = node(g12.se, g13.sw, g22.ne, g23.nw, hint: h.5); frame[6] = c12
        let c20 = node(g20.se, g21.sw, g30.ne, g31.nw, hint: h.6); frame[7] = c20
        let c21 = node(g21.se, g22.sw, g31.ne, g32.nw, hint: h.7); frame[8] = c21
        let c22 = node(g22.se, g23.sw, g32.ne, g33.nw, hint: h.8); frame[9] = c22
        return try combine(c00, c01, c02, c10, c11, c12, c20, c21, c22, level: level - 1, step: step, pins: frame)
    }

    /// Joins nine squares of `level` − 1 into four overlapping squares of `level`, advances each
    /// 2^`step` and joins the four results.
    @inline(__always)
    mutating func combine(_ a: NodeID, _ b: NodeID, _ c: NodeID, _ d: NodeID, _ e: NodeID, _ f: NodeID,
                          _ g: NodeID, _ h: NodeID, _ i: NodeID, level: Int, step: Int,
                          pins frame: PinFrame) throws(StepInterruption) -> NodeID {
        let hints = (nodeHint(a, b, d, e), nodeHint(b, c, e, f), nodeHint(d, e, g, h), nodeHint(e, f, h, i))
        let nw = try successor(node(a, b, d, e, hint: hints.0), level: level, step: step)
        frame[10] = nw
        let ne = try successor(node(b, c, e, f, hint: hints.1), level: level, step: step)
        frame[11] = ne
        let sw = try successor(node(d, e, g, h, hint: hints.2), level: level, step: step)
        frame[12] = sw
        let se = try successor(node(e, f, h, i, hint: hints.3), level: level, step: step)
        return node(nw, ne, sw, se)
    }

    /// Level 4: the 16×16 cells on a flat buffer, run 2^`step` (1, 2 or 4) generations by the
    /// kernel, and the centre 8×8 made into a level-3 node.
    mutating func directStep(_ id: NodeID, step: Int) -> NodeID {
        let a = scratch, b = scratch + 256
        let r = arena[id]
        let children = (r.nw, r.ne, r.sw, r.se)
        for quadrant in 0..<4 {
            let child = arena[quadrant == 0 ? children.0 : quadrant == 1 ? children.1 : quadrant == 2 ? children.2 : children.3]
            let (qx, qy) = (quadrant & 1, quadrant >> 1)
            for k in 0..<4 {
                let leaf = arena[k == 0 ? child.nw : k == 1 ? child.ne : k == 2 ? child.sw : child.se]
                let leafRow: Int = 2 * qy + (k >> 1), leafColumn: Int = 2 * qx + (k & 1)
                let base = UnsafeMutableRawPointer(a + leafRow * 64 + leafColumn * 4)
                base.storeBytes(of: leaf.w0, as: UInt32.self)
                base.storeBytes(of: leaf.w1, toByteOffset: 16, as: UInt32.self)
                base.storeBytes(of: leaf.w2, toByteOffset: 32, as: UInt32.self)
                base.storeBytes(of: leaf.w3, toByteOffset: 48, as: UInt32.self)
            }
        }
        let generations = 1 << step
        var (source, target) = (a, b)
        for g in 0..<generations {
            kernel.generation(source, into: target, width: 16 - 2 * g)
            swap(&source, &target)
        }
        // The centre 8×8 sits at (4 − generations, 4 − generations) of the final square.
        let origin = UnsafeRawPointer(source + (4 - generations) * 17)
        func row(_ y: Int, _ x: Int) -> UInt32 { origin.loadUnaligned(fromByteOffset: y * 16 + x, as: UInt32.self) }
        let hints = (leafHint(row(0, 0), row(1, 0), row(2, 0), row(3, 0)), leafHint(row(0, 4), row(1, 4), row(2, 4), row(3, 4)),
                     leafHint(row(4, 0), row(5, 0), row(6, 0), row(7, 0)), leafHint(row(4, 4), row(5, 4), row(6, 4), row(7, 4)))
        let nw = leaf(row(0, 0), row(1, 0), row(2, 0), row(3, 0), hint: hints.0)
        let ne = leaf(row(0, 4), row(1, 4), row(2, 4), row(3, 4), hint: hints.1)
        let sw = leaf(row(4, 0), row(5, 0), row(6, 0), row(7, 0), hint: hints.2)
        let se = leaf(row(4, 4), row(5, 4), row(6, 4), row(7, 4), hint: hints.3)
        return node(nw, ne, sw, se)
    }
}
