// MultiStateUniverse+Stepping.swift — advancing a multi-state universe.

extension MultiStateUniverse {
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
    /// cannot hold the step, or the step needs more than `Universe.collectionsPerStep`
    /// collections (its working set does not fit), it is split into two steps of
    /// 2^(`exponent`−1), and so on down to single generations.
    /// - Throws: `StepError`, with the universe as it was before this call.
    public func step(byPowerOfTwo exponent: Int, control: StepControl?) throws(StepError) {
        precondition(exponent >= 0, "step exponent must be non-negative")
        precondition(exponent <= Universe.maximumStepExponent, "step exponent above the engine's limit")
        if let grid = rule.grid { return try gridGenerations(BigUInt.powerOfTwo(exponent), grid: grid, control: control) }
        do {
            try attemptStep(byPowerOfTwo: exponent, control: control)
        } catch {
            if case .cancelled = error { throw .cancelled(generation: generation) }
            if exponent == 0 {
                let nodes: Int
                if case let .outOfMemory(needed) = error { nodes = needed } else { nodes = store.arena.liveCount }
                throw .memoryExhausted(generation: generation, neededBytes: 2 * (nodes + MemoryPlan.reserve) * MultiStateStore.bytesPerNode * 16 / 15,
                                       limitBytes: memoryLimit)
            }
            let (savedRoot, savedLevel, savedX, savedY, savedGeneration) = (root, level, originX, originY, generation)
            let pin = PinnedRoot(savedRoot, in: store.collector.pinned)
            do {
                try step(byPowerOfTwo: exponent - 1, control: control)
                try step(byPowerOfTwo: exponent - 1, control: control)
            } catch {
                (root, level, originX, originY, generation) = (savedRoot, savedLevel, savedX, savedY, savedGeneration)
                registerEmpties()
                withExtendedLifetime(pin) {}
                throw error.at(generation)
            }
            withExtendedLifetime(pin) {}
        }
    }

    /// One recursion from the padded root; on a throw the root is unchanged (shrunk).
    private func attemptStep(byPowerOfTwo exponent: Int, control: StepControl?) throws(StepInterruption) {
        collectIfNeeded()
        // The pattern must sit in the root's centre half and the root must be big enough for the
        // step: then, padded once more, the successor's centre is the old root's square, which
        // holds everything reachable in 2^exponent generations.
        while level < exponent + 2 || !centreHalfHoldsEverything() { expand() }
        let padded = paddedRoot()
        let paddedLevel = level + 1
        store.control = control
        store.collector.stepRoot = padded
        store.collector.collectionsThisStep = 0
        store.collector.collectionsAllowed = exponent > 0 ? Universe.collectionsPerStep : .max
        store.collector.pinning = true
        store.arena.preparePins(level: paddedLevel)
        defer {
            store.collector.stepRoot = 0
            store.arena.pinCount = 0
            store.control = nil
        }
        let universe = self
        let outcome = MultiStateUniverse.withStack(forLevels: paddedLevel) { () -> Result<NodeID, StepInterruption> in
            do throws(StepInterruption) {
                return .success(try universe.store.successor(ofRoot: padded, level: paddedLevel, step: exponent))
            } catch {
                return .failure(error)
            }
        }
        do {
            root = try outcome.get()
        } catch {
            shrink()
            throw error
        }
        generation += BigUInt.powerOfTwo(exponent)
        shrink()
    }

    /// Advances `count` generations by its binary decomposition, low bits first (each memoized
    /// result keeps its step size in its tag, so nothing is cleared when the size changes).
    /// - Precondition: `count` is below 2^(`Universe.maximumStepExponent` + 1), and the memory
    ///   limit holds the pattern.
    public func step(by count: BigUInt) {
        do { try step(by: count, control: nil) } catch { preconditionFailure("\(error)") }
    }

    /// Advances `count` generations unless `control` cancels first, calling `progress` with the
    /// generation reached after each power-of-two step.
    /// - Throws: `StepError` when cancelled or out of memory: the universe is at the last whole
    ///   power-of-two step it completed (its generation is in the error).
    public func step(by count: BigUInt, control: StepControl?, progress: ((BigUInt) -> Void)? = nil) throws(StepError) {
        precondition(count.bitWidth <= Universe.maximumStepExponent + 1, "generation count above the engine's limit")
        if let grid = rule.grid {
            try gridGenerations(count, grid: grid, control: control)
            progress?(generation)
            return
        }
        for bit in 0..<count.bitWidth where count.bit(bit) {
            try step(byPowerOfTwo: bit, control: control)
            progress?(generation)
        }
    }

    /// Does the root's centre half hold every non-empty cell? (`QuadtreeStore`)
    func centreHalfHoldsEverything() -> Bool { store.centreHalfHoldsEverything(frame) }

    /// The root surrounded by empty space: one level higher, same cells, same position.
    func paddedRoot() -> NodeID { store.padded(frame) }

    /// Doubles the root's side, keeping its cells in place.
    func expand() {
        var grown = frame
        store.expand(&grown)
        frame = grown
    }

    /// Registers the canonical empty node of every level up to the padded root's, so that
    /// `isEmpty` recognises the empty squares stepping and padding create.
    func registerEmpties() {
        _ = store.emptyNode(level: level + 1)
    }

    /// Halves the root's side while its outer ring is empty.
    func shrink() {
        var shrunk = frame
        store.shrink(&shrunk, minimumLevel: MultiStateUniverse.minimumLevel)
        frame = shrunk
    }

    /// Collects when the store is about to pass its limit: called on entry to the methods that
    /// make nodes, where the root is the only id held outside the store.
    func collectIfNeeded() {
        if store.needsCollection { store.collect() }
    }
}
