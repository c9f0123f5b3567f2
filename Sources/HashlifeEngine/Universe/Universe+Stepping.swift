// Advancing the universe.

extension Universe {
    /// Advances one generation.
    public func step() { step(byPowerOfTwo: 0) }

    /// Advances 2^`exponent` generations (`exponent` ≥ 0).
    /// - Complexity: about the number of distinct nodes the pattern visits at each level, times
    ///   `exponent`; not proportional to 2^exponent.
    /// - Precondition: the memory limit holds the pattern (else use the throwing form).
    public func step(byPowerOfTwo exponent: Int) {
        do { try step(byPowerOfTwo: exponent, control: nil) } catch { preconditionFailure("\(error)") }
    }

    /// Advances 2^`exponent` generations unless `control` cancels first. When the memory limit
    /// cannot hold the step, or the step needs more than `collectionsPerStep` collections (its
    /// working set does not fit, and recomputing evicted results would snowball), it is split
    /// into two steps of 2^(`exponent`-1), and so on down to single generations.
    ///
    /// A B0 rule without S8 (`Rule.alternatesBackground`) steps from odd generations with
    /// another table than from even ones, and memoized steps of 2^k must all start at even
    /// generations (see `NodeStore.successor`): from an odd generation, 2^k is made of one
    /// generation from the odd one (memoized apart), then 2^(k-1), …, 2^1 and 1 from even ones.
    /// - Throws: `StepError`, with the universe as it was before this call.
    public func step(byPowerOfTwo exponent: Int, control: StepControl?) throws(StepError) {
        precondition(exponent >= 0, "step exponent must be non-negative")
        precondition(exponent <= Universe.maximumStepExponent, "step exponent above the engine's limit")
        if let grid = rule.grid { return try gridStep(byPowerOfTwo: exponent, grid: grid, control: control) }  // Universe+Grid.swift
        let oddStart = rule.alternatesBackground && generation.bit(0)
        if oddStart && exponent > 0 {
            let before = saveState()
            do {
                try step(byPowerOfTwo: 0, control: control)
                for k in stride(from: exponent - 1, through: 0, by: -1) { try step(byPowerOfTwo: k, control: control) }
            } catch {
                restore(before)
                throw error.at(generation)
            }
            return
        }
        do {
            try attemptStep(byPowerOfTwo: exponent, oddStart: oddStart, control: control)
        } catch {
            if case .cancelled = error { throw .cancelled(generation: generation) }
            if case let .outOfMemory(nodes) = error, exponent == 0 {
                throw .memoryExhausted(generation: generation, neededBytes: MemoryLimit.bytesNeeded(forNodes: nodes),
                                       limitBytes: memoryLimit)
            }
            let before = saveState()
            do {
                try step(byPowerOfTwo: exponent - 1, control: control)
                try step(byPowerOfTwo: exponent - 1, control: control)
            } catch {
                restore(before)
                throw error.at(generation)
            }
        }
    }

    /// One recursion from the padded root; on a throw the root is unchanged (shrunk).
    /// `oddStart`: one generation (`exponent` 0) from an odd generation of an alternating rule.
    private func attemptStep(byPowerOfTwo exponent: Int, oddStart: Bool, control: StepControl?) throws(StepInterruption) {
        store.trimCaches()
        collectIfNeeded()
        // The pattern must sit in the root's centre half and the root must be big enough for
        // the step: then, padded once more, the successor's centre is the old root's square,
        // which holds everything reachable in 2^exponent generations.
        while level < exponent + 2 || !centreHalfHoldsEverything() { expand() }
        let padded = paddedRoot()
        do {
            root = try successor(ofPadded: padded, level: level + 1, step: oddStart ? -1 : exponent, control: control)
        } catch {
            shrink()
            throw error
        }
        generation += BigUInt.powerOfTwo(exponent)
        shrink()
    }

    /// The successor of `padded` (a level-`rootLevel` root) for step tag `step` (the exponent, or
    /// -1 for one generation from an odd generation of an alternating rule), computed on a thread
    /// with a stack for `rootLevel` levels: unpinned first (cheaper), then pinned when the store
    /// reaches its limit on the way. Shared by plane steps and the tiled-grid jumps
    /// (Universe+Grid.swift). The universe's root is not touched.
    func successor(ofPadded padded: NodeID, level rootLevel: Int, step: Int, control: StepControl?) throws(StepInterruption) -> NodeID {
        store.beginStep(root: padded, level: rootLevel, collectionsAllowed: step > 0 ? Universe.collectionsPerStep : .max,
                        control: control)
        defer { store.endStep() }
        // With several threads, the step starts on one all the same and moves to them when its
        // schedule says (ParallelStepper.swift); a phase may hand it back.
        var schedule = parallel.schedule(level: rootLevel, step: step)
        while true {
            if schedule.forksNow {
                store.arena.pinCount = 0
                if let result = try parallel.successor(ofPadded: padded, level: rootLevel, step: step, store: &store, control: control) {
                    return result
                }
                schedule.handBack()
            }
            schedule.setHandOff(&store.stepping)
            let universe = self
            let outcome = NodeStore.withStack(forLevels: rootLevel) { () -> Result<NodeID, StepInterruption> in
                do throws(StepInterruption) {
                    return .success(try universe.store.successor(ofRoot: padded, level: rootLevel, step: step))
                } catch {
                    return .failure(error)
                }
            }
            do {
                return try outcome.get()
            } catch .needsPins {
                store.pinRecursion(level: rootLevel)
            } catch .paused {
                schedule.forksNow = true
            }
        }
    }

    /// Advances `count` generations by its binary decomposition, low bits first, reusing the
    /// memo of every step size (nothing is cleared when the step size changes). For a B0 rule
    /// without S8, one generation first from an odd generation, then the bits from 2^1 up, then
    /// the 2^0 bit, so that every step of 2^k, k ≥ 1, starts at an even generation.
    /// `count` must be below 2^(`maximumStepExponent` + 1).
    public func step(by count: BigUInt) {
        do { try step(by: count, control: nil) } catch { preconditionFailure("\(error)") }
    }

    /// Advances `count` generations unless `control` cancels first, calling `progress` with the
    /// generation reached after each power-of-two step (between steps, never inside one).
    /// - Throws: `StepError` when cancelled or out of memory: the universe is at the last whole
    ///   power-of-two step it completed (its generation is in the error), consistent and ready
    ///   to go on.
    public func step(by count: BigUInt, control: StepControl?, progress: ((BigUInt) -> Void)? = nil) throws(StepError) {
        precondition(count.bitWidth <= Universe.maximumStepExponent + 1, "generation count above the engine's limit")
        if let grid = rule.grid, gridStepsByGeneration || count < Universe.gridJumpThreshold {  // Universe+Grid.swift
            try gridGenerations(count, grid: grid, control: control)
            return
        }
        let width = count.bitWidth
        guard rule.alternatesBackground else {
            var bit = 0
            while bit < width {
                if count.bit(bit) {
                    try step(byPowerOfTwo: bit, control: control)
                    progress?(generation)
                }
                bit += 1
            }
            return
        }
        guard width > 0 else { return }
        var remaining = count
        if generation.bit(0) {
            try step(byPowerOfTwo: 0, control: control)
            progress?(generation)
            remaining = remaining - BigUInt(1)
        }
        var bit = 1
        while bit < remaining.bitWidth {
            if remaining.bit(bit) {
                try step(byPowerOfTwo: bit, control: control)
                progress?(generation)
            }
            bit += 1
        }
        if remaining.bit(0) {
            try step(byPowerOfTwo: 0, control: control)
            progress?(generation)
        }
    }

    /// Does the root's centre half hold every live cell? (`QuadtreeStore`)
    func centreHalfHoldsEverything() -> Bool { store.centreHalfHoldsEverything(frame) }

    /// The root surrounded by empty space: one level higher, same cells, same position.
    func paddedRoot() -> NodeID { store.padded(frame) }

    /// Doubles the root's side, keeping its cells in place.
    func expand() {
        var grown = frame
        store.expand(&grown)
        frame = grown
    }

    /// Makes sure the canonical empty node of every level up to the padded root's is registered,
    /// so `isEmpty` recognises empty quadrants that stepping or padding create at those levels.
    func registerEmpties() {
        _ = store.emptyNode(level: level + 1)
    }

    /// Halves the root's side while its outer ring is empty.
    func shrink() {
        var shrunk = frame
        store.shrink(&shrunk, minimumLevel: Universe.minimumLevel)
        frame = shrunk
    }
}

extension Universe {
    /// Collections one power-of-two step may need before it is split in two (see
    /// `step(byPowerOfTwo:control:)`). A collection usually frees a quarter of the limit or more.
    static let collectionsPerStep = 8

    /// The largest k for which steps of 2^k are accepted. The recursion is as deep as the root's
    /// level (k + 3); deep ones run on a thread with a stack to match (`NodeStore.withStack`).
    /// 2^65000 generations is far beyond any pattern's interest.
    public static let maximumStepExponent = 65_000
}

extension Universe {
    /// The state (0 or 1) of the background the live cells are relative to at the current
    /// generation: 1 for B0 rules with S8, and at odd generations of B0 rules without S8 (then
    /// every query, population included, counts the cells that differ from an all-alive plane,
    /// as Golly does); 0 otherwise. See `Rule.background(atGeneration:)`.
    public var background: Int { rule.background(atGeneration: generation) }
}
