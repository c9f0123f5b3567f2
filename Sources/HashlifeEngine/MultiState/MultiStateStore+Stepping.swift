// MultiStateStore+Stepping.swift — the multi-state store's hooks of the one recursion
// (HashlifeStore.swift): its memo slot, the direct step on the rule's kernel (level 4, or level
// 3 for a rule looked up cell by cell), the centre of four leaves, its counters and what it polls.

import CPrefetch

extension MultiStateStore: HashlifeStore {
    typealias Record = MultiStateRecord

    @inline(__always)
    func subSteps(level: Int, step: Int, tag: Int) -> SubSteps {
        SubSteps(level: level, step: step, tag: tag, tagBits: (0, 0, 0), tagWords: FieldWords(pair: 0, single: 0, singleMask: 0),
                 empty: level < arena.emptyCount ? arena.empty(level) : SubSteps.noEmpty)
    }

    @inline(__always)
    mutating func memoHit(_ id: NodeID, _ sub: SubSteps) -> NodeID {
        let r = arena[id]
        guard r.memo != 0 && r.tag == UInt32(truncatingIfNeeded: sub.tag) else { return 0 }
        memoHits &+= 1
        if r.stamp != collector.clock.tick { arena[id].setStamp(collector.clock.tick) }
        return r.memo
    }

    @inline(__always)
    mutating func countHit() { memoHits &+= 1 }

    @inline(__always)
    mutating func stamp(_ id: NodeID) {
        if arena[id].stamp != collector.clock.tick { arena[id].setStamp(collector.clock.tick) }
    }

    @inline(__always)
    mutating func countMiss() -> UInt64 {
        memoMisses &+= 1
        return memoMisses
    }

    @inline(__always)
    mutating func memoize(_ id: NodeID, result: NodeID, tag: Int) {
        arena[id].setResult(result, tag: UInt32(tag))
        arena[id].setStamp(collector.clock.tick)
    }

    /// The squares the kernel steps: of level 4 (16×16 cells, up to 4 generations), or, for a
    /// rule whose kernel looks each cell up in a table or tree (`MultiStateKernel.lookup`), of
    /// level 3 (8×8 cells, 1 or 2 generations), so that the memo reuses level-3 results.
    ///
    /// A looked-up cell costs 5 to 9 dependent loads, so a level-4 square's 504 cells cost far
    /// more than the recursion's 13 memo look-ups of level-3 squares; the counted and SWAR
    /// kernels of the other families step a whole row at once, and their level-4 step is faster
    /// than the recursion above level 3 (bench-peer's rule cases and scripts/bench's multi-state
    /// soups decided it: docs/performance.md).
    @inline(__always)
    mutating func directStep(_ record: MultiStateRecord, level: Int, step: Int) -> NodeID? {
        if kernel.lookup == nil { return level == 4 ? directStep(record, step: step) : nil }
        return level == 3 ? directStep8(record, step: step) : nil
    }

    /// The centre of four nodes of `level`: of four leaves, the middle 4×4 of their 8×8 cells
    /// (each row two bytes of one leaf's row and two of its neighbour's); above, the four inner
    /// grandchildren joined.
    @inline(__always)
    mutating func centre(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID, level: Int) -> NodeID {
        guard level == MultiStateRecord.leafLevel else {
            return node(arena[nw].se, arena[ne].sw, arena[sw].ne, arena[se].nw)
        }
        let (a, b, c, d) = (arena[nw], arena[ne], arena[sw], arena[se])
        func join(_ west: UInt32, _ east: UInt32) -> UInt32 { west >> 16 | east << 16 }
        return leaf(join(a.w2, b.w2), join(a.w3, b.w3), join(c.w0, d.w0), join(c.w1, d.w1))
    }

    @inline(__always)
    func slotHint(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID) -> SlotHint { nodeHint(nw, ne, sw, se) }

    @inline(__always)
    func prefetchHead(_ hint: SlotHint) {
        if hint.buckets == arena.bucketCount { hashlife_prefetch(arena.nodes + Int(arena.buckets[hint.slot])) }
    }

    @inline(never)
    mutating func collectDuringStep() -> Int? { collect() }

    /// Cancellation, publishing the node count.
    @inline(never)
    mutating func poll() throws(StepInterruption) {
        if let control {
            control.publish(nodes: arena.count - 1)
            if control.isCancelled { throw .cancelled }
        }
    }

    /// Copies the leaf `id`'s 4×4 cells onto the scratch square, as the leaf at `row`, `column`
    /// (in leaves; the square's rows are 16 bytes apart).
    @inline(__always)
    func copyLeaf(_ id: NodeID, row: Int, column: Int) {
        let leaf = arena[id]
        let base = UnsafeMutableRawPointer(scratch + row * 64 + column * 4)
        base.storeBytes(of: leaf.w0, as: UInt32.self)
        base.storeBytes(of: leaf.w1, toByteOffset: 16, as: UInt32.self)
        base.storeBytes(of: leaf.w2, toByteOffset: 32, as: UInt32.self)
        base.storeBytes(of: leaf.w3, toByteOffset: 48, as: UInt32.self)
    }

    /// Runs the kernel `generations` times on the scratch square of `width` cells a side, each
    /// generation two cells narrower, between the two scratch squares; answers the one holding
    /// the last (its cell (0, 0) is the first square's (`generations`, `generations`)).
    @inline(__always)
    func runKernel(generations: Int, width: Int) -> UnsafeMutablePointer<UInt8> {
        var (source, target) = (scratch, scratch + 256)
        for g in 0..<generations {
            kernel.generation(source, into: target, width: width - 2 * g)
            swap(&source, &target)
        }
        return source
    }

    /// Level 3: the 8×8 cells of four leaves on a flat buffer, run 2^`step` (1 or 2)
    /// generations by the kernel, and the centre 4×4 made into a leaf.
    mutating func directStep8(_ r: MultiStateRecord, step: Int) -> NodeID {
        let children = (r.nw, r.ne, r.sw, r.se)
        for k in 0..<4 {
            copyLeaf(k == 0 ? children.0 : k == 1 ? children.1 : k == 2 ? children.2 : children.3, row: k >> 1, column: k & 1)
        }
        let generations = 1 << step
        let source = runKernel(generations: generations, width: 8)
        // The centre 4×4 sits at (2 − generations, 2 − generations) of the final square.
        let origin = UnsafeRawPointer(source + (2 - generations) * 17)
        func row(_ y: Int) -> UInt32 { origin.loadUnaligned(fromByteOffset: y * 16, as: UInt32.self) }
        return leaf(row(0), row(1), row(2), row(3), hint: leafHint(row(0), row(1), row(2), row(3)))
    }

    /// Level 4: the 16×16 cells on a flat buffer, run 2^`step` (1, 2 or 4) generations by the
    /// kernel, and the centre 8×8 made into a level-3 node.
    mutating func directStep(_ r: MultiStateRecord, step: Int) -> NodeID {
        let children = (r.nw, r.ne, r.sw, r.se)
        for quadrant in 0..<4 {
            let child = arena[quadrant == 0 ? children.0 : quadrant == 1 ? children.1 : quadrant == 2 ? children.2 : children.3]
            let (qx, qy) = (quadrant & 1, quadrant >> 1)
            for k in 0..<4 {
                copyLeaf(k == 0 ? child.nw : k == 1 ? child.ne : k == 2 ? child.sw : child.se,
                         row: 2 * qy + (k >> 1), column: 2 * qx + (k & 1))
            }
        }
        let generations = 1 << step
        let source = runKernel(generations: generations, width: 16)
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
