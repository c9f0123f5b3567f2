// The Hashlife recursion.

extension NodeStore {
    /// The centre of a level-`level` node, advanced 2^`step` generations.
    ///
    /// - Parameters:
    ///   - id: a node of level `level` ≥ 4.
    ///   - step: 0 ≤ step ≤ level - 2, or -1 for one generation from an odd generation.
    /// - Returns: the level-(`level`-1) node covering the centre half of `id`, `2^step`
    ///   generations later (1 for step -1). Memoized in the node's one result slot, tagged with
    ///   level - 2 - step (0 for a full step); a result for another step replaces it. Tags too
    ///   deep for the record go to `deepResults`.
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
    ///   `.needsPins` when an unpinned recursion reaches the limit; results memoized so far stay
    ///   valid. The caller empties the pin stack after a throw.
    ///
    /// GC safety: when `pinning`, a miss pushes the node on the pin stack, and with it every
    /// sub-result it holds while it makes more nodes, so a collection at a later miss keeps
    /// them. The stack needs `PinFrame.slotCount` slots a level (`NodeArena.preparePins`). Unpinned, a miss
    /// that finds the store at its limit unwinds instead of collecting.
    ///
    /// The memo look-up is inlined into the caller; only a miss pays for a call (most calls
    /// are hits, and the miss path's frame is large).
    @inline(__always)
    mutating func successor<M: StepMode>(_ id: NodeID, level: Int, step: Int, _ mode: M.Type) throws(StepInterruption) -> NodeID {
        try successor(id, subSteps(level: level, step: step), M.self)
    }

    /// `successor(_:level:step:_:)` with what a frame's sub-steps share computed once
    /// (`subSteps`): a frame makes thirteen look-ups of one level and step.
    @inline(__always)
    mutating func successor<M: StepMode>(_ id: NodeID, _ sub: SubSteps, _ mode: M.Type) throws(StepInterruption) -> NodeID {
        if id == sub.empty { return arena.empty(sub.level - 1) }
        if M.isShared {
            if let result = arena.sharedResult(id, tagBits: sub.tagBits) { return hit(id, result, M.self) }
        } else if sub.tag < NodeRecord.tagLimit {
            // The record as three 64-bit words: the tag (and in `hit` the stamp) compared in
            // two operations rather than three, against words computed once
            // (`SubSteps.tagWords`, `tickWords`).
            let words = arena.words(id)
            let result = NodeID(truncatingIfNeeded: words.2 &>> 32) & NodeRecord.idMask
            if result != 0 && NodeRecord.holds(sub.tagWords, words.0, words.2) { return hit(id, words, result, M.self) }
        } else if let deep = memo.deepResults[MemoCaches.deepKey(id, sub.step)] {
            return hit(id, NodeID(deep), M.self)
        }
        return try computeSuccessor(id, arena[id], level: sub.level, step: sub.step, M.self)
    }

    /// What the look-ups of one level and step share (see `SubSteps`).
    @inline(__always)
    func subSteps(level: Int, step: Int) -> SubSteps {
        subSteps(level: level, step: step, tag: level - 2 - step)
    }

    /// `subSteps(level:step:)` given the tag (level - 2 - step), which a full step knows is 0.
    @inline(__always)
    func subSteps(level: Int, step: Int, tag: Int) -> SubSteps {
        SubSteps(level: level, step: step, tag: tag, tagBits: NodeRecord.topBits(UInt32(truncatingIfNeeded: tag)),
                 tagWords: NodeRecord.tagWords(UInt32(truncatingIfNeeded: tag)),
                 empty: level < arena.emptyCount ? arena.empty(level) : SubSteps.noEmpty)
    }

    /// The memo miss of `successor`: computes the result, memoizes and stamps it. With `id`
    /// 0 (one thread only), `record` holds the children of a square that is not a node
    /// (`squareSuccessor`): its full-step result goes to the square memo.
    @inline(never)
    mutating func computeSuccessor<M: StepMode>(_ id: NodeID, _ record: NodeRecord, level: Int, step: Int, _ mode: M.Type) throws(StepInterruption) -> NodeID {
        let tag = level - 2 - step
        let isFullStep = tag == 0
        stepping.memoMisses &+= 1
        // This frame's pin slots: the node, then the sub-results as they arrive.
        let frame = arena.nextFrame()
        if collector.pinning { arena.push(frame, holding: id) }
        if M.isShared {
            // A worker never collects: the phase unwinds for the store's upkeep (Parallel/).
            // It holds no bucket here, so it can wait while the index grows.
            if mustPause { throw .paused }
            if wantsIndexGrowth { phase!.park(&self) }
        } else if needsCollection {
            // An unpinned recursion cannot collect: unwind, and the step reruns pinned (what
            // it memoized so far stays).
            guard collector.pinning else { throw .needsPins }
            if let needed = collect() { throw .outOfMemory(nodes: needed) }
            collector.collectionsThisStep += 1
            if collector.collectionsThisStep > collector.collectionsAllowed { throw .thrashing }
        }
        if stepping.memoMisses & 1023 == 0 {
            stepping.measureReuse(shared: phase != nil)
            if let phase, phase.isStopping { throw .paused }
            if stepping.memoMisses >= stepping.handOffMisses && NodeStore.monotonicNanoseconds() >= stepping.handOffTime { throw .paused }
            if let control = stepping.control {
                control.publish(nodes: (phase?.nodeCount ?? arena.count) - 1)
                if control.isCancelled { throw .cancelled }
            }
        }

        // A worker of a multi-threaded step claims the slot, so others wait instead of
        // computing the same node (Parallel/NodeStore+Shared.swift).
        var claimed = false
        if M.isShared {
            switch try awaitResult(id, tag: tag) {
            case let .known(result):
                arena.pop(frame)
                return result
            case .claimed: claimed = true
            case .alongside: break
            }
        }
        let result: NodeID
        do throws(StepInterruption) {
            if level == 4 {
                result = leaf(stepping.leafRule.step(nw: arena.cells(record.nw), ne: arena.cells(record.ne),
                                            sw: arena.cells(record.sw), se: arena.cells(record.se),
                                            generations: step < 0 ? 1 : 1 << step, oddStart: step < 0), M.self)
            } else if level == 5 && stepping.leafRule.stepsSquare32 && !(isFullStep && childrenAreMemoized(record)) {
                result = square32(record, generations: 1 << step, M.self)
            } else if level == 6 && stepping.stepsSquare64 && stepping.leafRule.stepsSquare32 && !(isFullStep && childrenAreMemoized(record)) {
                result = square64(record, generations: 1 << step, M.self)
            } else if M.isShared && level > NodeStore.smallestForkLevel && isHungry, let pool {
                // A worker has nothing to do: this miss forks, as the top of the step did.
                demandForks &+= 1
                result = try forkedStep(record, level: level, step: step, depth: 1, pool: pool, onDemand: true)
            } else if isFullStep {
                result = M.isShared ? try sharedFullStep(record, level: level) : try fullStep(record, level: level, pins: frame)
            } else {
                result = M.isShared ? try sharedPartialStep(record, level: level, step: step)
                    : try partialStep(record, level: level, step: step, pins: frame, M.self)
            }
        } catch {
            if claimed { arena.unclaim(id) }
            throw error
        }

        if M.isShared {
            if claimed { arena.publishClaimed(id, result, tag: tag) } else { arena.publishResult(id, result, tag: tag) }
            arena.stampShared(id, tickBits: collector.clock.bits)
        } else if id == 0 {
            if memo.squares.store(NodeRecord.keyWord(record.nw, record.ne), NodeRecord.keyWord(record.sw, record.se), result) {
                growSquareMemoIfRoom()
            }
        } else {
            if tag < NodeRecord.tagLimit {
                arena[id].setResult(result, tag: UInt32(tag))
            } else {
                memo.deepResults.set(MemoCaches.deepKey(id, step), result)
            }
            arena[id].setStamp(bits: collector.clock.bits)
        }
        arena.pop(frame)
        return result
    }

    /// A memo hit: stamps the node as recently used (unless its stamp is the clock's) and
    /// answers `result`.
    @inline(__always)
    mutating func hit<M: StepMode>(_ id: NodeID, _ result: NodeID, _ mode: M.Type) -> NodeID {
        hit(id, arena.words(id), result, M.self)
    }

    /// `hit(_:_:_:)` with the record's words read already (`NodeArena.words`).
    @inline(__always)
    mutating func hit<M: StepMode>(_ id: NodeID, _ words: (UInt64, UInt64, UInt64), _ result: NodeID, _ mode: M.Type) -> NodeID {
        stepping.memoHits &+= 1
        if !NodeRecord.holds(collector.clock.words, words.1, words.2) {
            if M.isShared { arena.stampShared(id, tickBits: collector.clock.bits) } else { arena[id].setStamp(bits: collector.clock.bits) }
        }
        return result
    }

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
        let s00 = try successor(r.nw, sub, SerialStep.self)
        if collector.pinning { frame[1] = s00 }
        let s02 = try successor(r.ne, sub, SerialStep.self)
        if collector.pinning { frame[3] = s02 }
        let s20 = try successor(r.sw, sub, SerialStep.self)
        if collector.pinning { frame[7] = s20 }
        let s22 = try successor(r.se, sub, SerialStep.self)
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
        return node(nw, ne, sw, se, SerialStep.self)
    }

    /// The full-step result of the level-`sub.level` square made of four nodes, from the
    /// square memo (`hint` from `SquareMemo.hint`), else computed (`computeSuccessor` with
    /// no id) and memoized there. (Looking the square up in the index as well on a memo miss,
    /// so that a square that is also a node is computed once, made fewer misses but cost more
    /// than it saved: jagged2 to 2^20 3.2 → 5.1 s.)
    @inline(__always)
    mutating func squareSuccessor(_ a: NodeID, _ b: NodeID, _ c: NodeID, _ d: NodeID, hint: UInt64, _ sub: SubSteps) throws(StepInterruption) -> NodeID {
        let result = memo.squares.result(NodeRecord.keyWord(a, b), NodeRecord.keyWord(c, d), hash: hint)
        if result != 0 {
            stepping.memoHits &+= 1
            return result
        }
        return try computeSuccessor(0, NodeRecord(a, b, c, d, next: 0, stamp: 0), level: sub.level, step: sub.step, SerialStep.self)
    }

    /// Level ≥ 5, step < level - 2: the nine overlapping sub-squares' centres (not advanced),
    /// then the four squares they form advanced 2^step.
    @inline(__always)
    mutating func partialStep<M: StepMode>(_ r: NodeRecord, level: Int, step: Int, pins frame: PinFrame, _ mode: M.Type) throws(StepInterruption) -> NodeID {
        let g = arena.grandchildren(r)
        let c00 = centre(g.nw.nw, g.nw.ne, g.nw.sw, g.nw.se, level: level - 2, M.self)
        if collector.pinning { frame[1] = c00 }
        let c01 = centre(g.nw.ne, g.ne.nw, g.nw.se, g.ne.sw, level: level - 2, M.self)
        if collector.pinning { frame[2] = c01 }
        let c02 = centre(g.ne.nw, g.ne.ne, g.ne.sw, g.ne.se, level: level - 2, M.self)
        if collector.pinning { frame[3] = c02 }
        let c10 = centre(g.nw.sw, g.nw.se, g.sw.nw, g.sw.ne, level: level - 2, M.self)
        if collector.pinning { frame[4] = c10 }
        let c11 = centre(g.nw.se, g.ne.sw, g.sw.ne, g.se.nw, level: level - 2, M.self)
        if collector.pinning { frame[5] = c11 }
        let c12 = centre(g.ne.sw, g.ne.se, g.se.nw, g.se.ne, level: level - 2, M.self)
        if collector.pinning { frame[6] = c12 }
        let c20 = centre(g.sw.nw, g.sw.ne, g.sw.sw, g.sw.se, level: level - 2, M.self)
        if collector.pinning { frame[7] = c20 }
        let c21 = centre(g.sw.ne, g.se.nw, g.sw.se, g.se.sw, level: level - 2, M.self)
        if collector.pinning { frame[8] = c21 }
        let c22 = centre(g.se.nw, g.se.ne, g.se.sw, g.se.se, level: level - 2, M.self)
        if collector.pinning { frame[9] = c22 }
        var hints = CombineHints(nw: arena.slotHint(c00, c01, c10, c11))
        hints.ne = arena.slotHint(c01, c02, c11, c12)
        hints.sw = arena.slotHint(c10, c11, c20, c21)
        hints.se = arena.slotHint(c11, c12, c21, c22)
        arena.prefetchHead(hints.nw)
        return try combine(c00, c01, c02, c10, c11, c12, c20, c21, c22, hints: hints, subSteps(level: level - 1, step: step),
                           pins: frame, M.self)
    }

    /// Joins nine level-(`sub.level`-1) squares into four overlapping level-`sub.level` squares,
    /// advances each 2^`sub.step` and joins the four results. `hints` are the four
    /// squares' buckets, computed (and fetched) by the caller as soon as it could, the first
    /// one's first record too; each next one's first record is fetched a sub-step ahead.
    ///
    /// `@_transparent`, which inlines it always: `@inline(__always)` left it out of line in
    /// `fullStep`, a call that passed its fifteen arguments through memory (8% of broken-lines'
    /// instructions).
    @_transparent
    mutating func combine<M: StepMode>(_ a: NodeID, _ b: NodeID, _ c: NodeID,
                          _ d: NodeID, _ e: NodeID, _ f: NodeID,
                          _ g: NodeID, _ h: NodeID, _ i: NodeID, hints: CombineHints,
                          _ sub: SubSteps, pins frame: PinFrame, _ mode: M.Type) throws(StepInterruption) -> NodeID {
        arena.prefetchHead(hints.ne)
        let nw = try successor(node(a, b, d, e, hint: hints.nw, M.self), sub, M.self)
        if collector.pinning { frame[10] = nw }
        arena.prefetchHead(hints.sw)
        let ne = try successor(node(b, c, e, f, hint: hints.ne, M.self), sub, M.self)
        if collector.pinning { frame[11] = ne }
        arena.prefetchHead(hints.se)
        let sw = try successor(node(d, e, g, h, hint: hints.sw, M.self), sub, M.self)
        if collector.pinning { frame[12] = sw }
        let se = try successor(node(e, f, h, i, hint: hints.se, M.self), sub, M.self)
        return node(nw, ne, sw, se, M.self)
    }

    /// Do all four children of a level-5 node already know their full-step results? Then the
    /// recursion is mostly memo hits and cheaper than stepping the 32×32 square afresh (patterns
    /// that repeat at that scale); when they do not (soups), the direct step wins.
    @inline(__always)
    func childrenAreMemoized(_ r: NodeRecord) -> Bool {
        arena[r.nw].hasFullResult && arena[r.ne].hasFullResult && arena[r.sw].hasFullResult && arena[r.se].hasFullResult
    }

    /// A level-5 node's centre advanced `generations` (≤ 8) by stepping its 32×32 cells
    /// directly (`LeafRule.stepSquare32`, or a vector kernel where the processor has one);
    /// makes the four result leaves and their parent.
    @inline(__always)
    mutating func square32<M: StepMode>(_ r: NodeRecord, generations: Int, _ mode: M.Type) -> NodeID {
        let g = arena.grandchildren(r)
        var leaves = InlineArray<16, UInt64>(repeating: 0)
        let quadrants: InlineArray<4, NodeRecord> = [g.nw, g.ne, g.sw, g.se]
        for q in 0..<4 {
            let (ox, oy) = ((q & 1) * 2, (q >> 1) * 2)
            let c = quadrants[q]
            leaves[4 * oy + ox] = arena.cells(c.nw)
            leaves[4 * oy + ox + 1] = arena.cells(c.ne)
            leaves[4 * (oy + 1) + ox] = arena.cells(c.sw)
            leaves[4 * (oy + 1) + ox + 1] = arena.cells(c.se)
        }
        let (nw, ne, sw, se) = if stepping.vectorKernels != .none, let masks = stepping.leafRule.vectorMasks {
            NodeStore.vectorSquare32(leaves, generations: generations, masks)
        } else {
            stepping.leafRule.stepSquare32(leaves, generations: generations)
        }
        let hints = (arena.leafSlotHint(nw), arena.leafSlotHint(ne), arena.leafSlotHint(sw), arena.leafSlotHint(se))
        return node(leaf(nw, hint: hints.0, M.self), leaf(ne, hint: hints.1, M.self), leaf(sw, hint: hints.2, M.self), leaf(se, hint: hints.3, M.self), M.self)
    }

    /// A level-6 node's centre advanced `generations` (≤ 16) by stepping its 64×64 cells
    /// directly (`LeafRule.stepSquare64`, or a vector kernel); makes the sixteen result leaves
    /// and their parents.
    @inline(__always)
    mutating func square64<M: StepMode>(_ r: NodeRecord, generations: Int, _ mode: M.Type) -> NodeID {
        stepping.square64Steps &+= 1
        // The 64 leaves, row-major by 8×8 block (leafGrid[8 * yb + xb] covers columns
        // 8xb ..< 8xb+8, rows 8yb ..< 8yb+8); each strip of eight is a byte transpose away
        // from its eight rows.
        var leafGrid = InlineArray<64, UInt64>(repeating: 0)
        let quarters: InlineArray<4, NodeID> = [r.nw, r.ne, r.sw, r.se]
        for q in 0..<4 {
            let quarter = arena[quarters[q]]
            let squares: InlineArray<4, NodeID> = [quarter.nw, quarter.ne, quarter.sw, quarter.se]
            for p in 0..<4 {
                let square = arena[squares[p]]
                let leaves: InlineArray<4, NodeID> = [square.nw, square.ne, square.sw, square.se]
                for l in 0..<4 {
                    let xb = 4 * (q & 1) + 2 * (p & 1) + (l & 1)
                    let yb = 4 * (q >> 1) + 2 * (p >> 1) + (l >> 1)
                    leafGrid[8 * yb + xb] = arena.cells(leaves[l])
                }
            }
        }
        var rows = InlineArray<64, UInt64>(repeating: 0)
        for yb in 0..<8 {
            var strip = InlineArray<8, UInt64>(repeating: 0)
            for xb in 0..<8 { strip[xb] = leafGrid[8 * yb + xb] }
            LeafRule.transposeBytes(&strip)
            for y in 0..<8 { rows[8 * yb + y] = strip[y] }
        }
        if stepping.vectorKernels != .none, let masks = stepping.leafRule.vectorMasks {
            NodeStore.vectorSquare64(&rows, generations: generations, stepping.vectorKernels, masks)
        } else {
            stepping.leafRule.stepSquare64(&rows, generations: generations)
        }
        // The centre's rows 16 ..< 48, columns 16 ..< 48: four strips of four leaves
        // (cells[4j + i] at column 16 + 8i, row 16 + 8j).
        var cells = InlineArray<16, UInt64>(repeating: 0)
        for j in 0..<4 {
            var strip = InlineArray<8, UInt64>(repeating: 0)
            for y in 0..<8 { strip[y] = rows[16 + 8 * j + y] &>> 16 & 0xFFFF_FFFF }
            LeafRule.transposeBytes(&strip)
            for i in 0..<4 { cells[4 * j + i] = strip[i] }
        }
        // The sixteen leaves' buckets are fetched together, then their first records.
        var hints = InlineArray<16, SlotHint>(repeating: SlotHint(slot: 0, buckets: 0))
        for k in 0..<16 { hints[k] = arena.leafSlotHint(cells[k]) }
        for k in 0..<16 {
            if M.isShared { arena.prefetchSharedHead(hints[k]) } else { arena.prefetchHead(hints[k]) }
        }
        var leaves = InlineArray<16, NodeID>(repeating: 0)
        for k in 0..<16 { leaves[k] = leaf(cells[k], hint: hints[k], M.self) }
        var squares = InlineArray<4, NodeID>(repeating: 0)
        for p in 0..<4 {
            let k = 8 * (p >> 1) + 2 * (p & 1)
            squares[p] = node(leaves[k], leaves[k + 1], leaves[k + 4], leaves[k + 5], M.self)
        }
        return node(squares[0], squares[1], squares[2], squares[3], M.self)
    }

    /// The centre level-`level` square of the level-(`level`+1) square made of four level-`level`
    /// nodes. Leaves (level 3) are cut out of their bits; above, the four inner grandchildren
    /// are joined.
    @inline(__always)
    mutating func centre<M: StepMode>(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID, level: Int, _ mode: M.Type) -> NodeID {
        if level == NodeStore.leafLevel {
            return leaf(NodeStore.centreOfLeaves(arena.cells(nw), arena.cells(ne), arena.cells(sw), arena.cells(se)), M.self)
        }
        return node(arena[nw].se, arena[ne].sw, arena[sw].ne, arena[se].nw, M.self)
    }

    /// The centre 8×8 of the 16×16 square made of four 8×8 leaves.
    static func centreOfLeaves(_ nw: UInt64, _ ne: UInt64, _ sw: UInt64, _ se: UInt64) -> UInt64 {
        // Rows 4..7 of the top leaves become rows 0..3, rows 0..3 of the bottom ones rows 4..7;
        // columns 4..7 of the left leaves become columns 0..3, columns 0..3 of the right ones 4..7.
        let low: UInt64 = 0x0F0F_0F0F_0F0F_0F0F
        let top = (nw &>> 32) & 0xFFFF_FFFF, topRight = (ne &>> 32) & 0xFFFF_FFFF
        let bottom = sw & 0xFFFF_FFFF, bottomRight = se & 0xFFFF_FFFF
        let left = top | bottom &<< 32
        let right = topRight | bottomRight &<< 32
        return (left &>> 4) & low | (right & low) &<< 4
    }
}

/// What the thirteen look-ups of one `successor` frame share: the level and step of the
/// squares it advances, their memo tag (level - 2 - step) and that tag's bits as a record
/// holds them (`NodeRecord.topBits`), and the empty node of their level (`noEmpty` when none
/// is registered), so each look-up compares instead of computing them again.
struct SubSteps {
    let level: Int
    let step: Int
    let tag: Int
    let tagBits: (UInt32, UInt32, UInt32)
    /// The tag's bits as a record's first and last 64-bit words hold them (`NodeRecord.tagWords`).
    let tagWords: FieldWords
    let empty: NodeID
    /// Never an id (ids stay below `NodeRecord.idMask`).
    static let noEmpty = NodeID.max
}

/// The buckets of the four squares `combine` advances (see `NodeStore.slotHint`).
struct CombineHints {
    var nw: SlotHint
    var ne = SlotHint(slot: 0, buckets: 0)
    var sw = SlotHint(slot: 0, buckets: 0)
    var se = SlotHint(slot: 0, buckets: 0)
}
