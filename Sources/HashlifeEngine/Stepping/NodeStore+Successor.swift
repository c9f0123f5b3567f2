// The Hashlife recursion on one thread: memo look-ups and misses.

extension NodeStore {
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
        try successor(id, subSteps(level: level, step: step))
    }

    /// `successor(_:level:step:)` with what a frame's sub-steps share computed once
    /// (`subSteps`): a frame makes thirteen look-ups of one level and step.
    @inline(__always)
    mutating func successor(_ id: NodeID, _ sub: SubSteps) throws(StepInterruption) -> NodeID {
        if id == sub.empty { return arena.empty(sub.level - 1) }
        if sub.tag < NodeRecord.tagLimit {
            // The record as three 64-bit words: the tag (and in `hit` the stamp) compared in two
            // operations rather than three, against words computed once (`SubSteps.tagWords`,
            // `RecencyClock.words`).
            let words = arena.words(id)
            let result = NodeID(truncatingIfNeeded: words.2 &>> 32) & NodeRecord.idMask
            if result != 0 && NodeRecord.holds(sub.tagWords, words.0, words.2) { return hit(id, words, result) }
        } else if let deep = memo.deepResults[MemoCaches.deepKey(id, sub.step)] {
            return hit(id, arena.words(id), NodeID(deep))
        }
        return try computeSuccessor(id, arena[id], level: sub.level, step: sub.step)
    }

    /// A memo hit: stamps the node as recently used (unless its stamp is the clock's; `words`
    /// are its record's, `NodeArena.words`) and answers `result`.
    @inline(__always)
    mutating func hit(_ id: NodeID, _ words: (UInt64, UInt64, UInt64), _ result: NodeID) -> NodeID {
        stepping.memoHits &+= 1
        if !NodeRecord.holds(collector.clock.words, words.1, words.2) { arena[id].setStamp(bits: collector.clock.bits) }
        return result
    }

    /// The memo miss of `successor`: a safe point (where the store may collect), a poll every
    /// 1024 misses, the step itself, and its memoization. With `id` 0, `record` holds the
    /// children of a square that is not a node (`squareSuccessor`): its full-step result goes
    /// to the square memo.
    @inline(never)
    mutating func computeSuccessor(_ id: NodeID, _ record: NodeRecord, level: Int, step: Int) throws(StepInterruption) -> NodeID {
        stepping.memoMisses &+= 1
        // This frame's pin slots: the node, then the sub-results as they arrive.
        let frame = arena.nextFrame()
        if collector.pinning { arena.push(frame, holding: id) }
        if needsCollection { try collectAtMiss() }
        if stepping.memoMisses & 1023 == 0 { try poll() }
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
        if let needed = collect() { throw .outOfMemory(nodes: needed) }
        collector.collectionsThisStep += 1
        if collector.collectionsThisStep > collector.collectionsAllowed { throw .thrashing }
    }

    /// What the recursion looks at every 1024 misses: the hit rate that chooses the level-6
    /// step, the hand-off to several threads, and cancellation (publishing the node count).
    @inline(never)
    mutating func poll() throws(StepInterruption) {
        stepping.measureReuse(shared: false)
        if stepping.memoMisses >= stepping.handOffMisses && MonotonicClock.nanoseconds() >= stepping.handOffTime { throw .paused }
        if let control = stepping.control {
            control.publish(nodes: arena.count - 1)
            if control.isCancelled { throw .cancelled }
        }
    }

    /// The result of a miss, by kind: a direct step at levels 4 to 7 (`directStep`), else the
    /// recursion's full step or partial step, which write their sub-results into `frame`.
    @inline(__always)
    mutating func advance(_ record: NodeRecord, level: Int, step: Int, pins frame: PinFrame) throws(StepInterruption) -> NodeID {
        if let direct = directStep(record, level: level, step: step) { return direct }
        if level - 2 == step { return try fullStep(record, level: level, pins: frame) }
        return try partialStep(record, level: level, step: step, pins: frame)
    }

    /// Memoizes `result` for the miss of `id` (in its record, or for a deep tag beside it; for
    /// id 0, a square that is not a node, in the square memo) and stamps the node.
    @inline(__always)
    mutating func memoize(_ id: NodeID, _ record: NodeRecord, _ result: NodeID, level: Int, step: Int) {
        let tag = level - 2 - step
        if id == 0 {
            if memo.squares.store(NodeRecord.keyWord(record.nw, record.ne), NodeRecord.keyWord(record.sw, record.se), result) {
                growSquareMemoIfRoom()
            }
            return
        }
        if tag < NodeRecord.tagLimit {
            arena[id].setResult(result, tag: UInt32(tag))
        } else {
            memo.deepResults.set(MemoCaches.deepKey(id, step), result)
        }
        arena[id].setStamp(bits: collector.clock.bits)
    }
}
