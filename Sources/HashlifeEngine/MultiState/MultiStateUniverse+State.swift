// MultiStateUniverse+State.swift — saving the current cells and generation to come back to.

/// A saved state of a `MultiStateUniverse`: its cells (the root, pinned so that no collection
/// takes it), generation and rule.
public struct MultiStateUniverseState {
    let pin: PinnedRoot
    let level: Int
    let originX: BigInt
    let originY: BigInt
    public let generation: BigUInt
    public let rule: MultiStateRule
}

extension MultiStateUniverse {
    /// The current state, to restore later (O(1): the tree is shared).
    public func saveState() -> MultiStateUniverseState {
        MultiStateUniverseState(pin: PinnedRoot(root, in: store.collector.pinned), level: level, originX: originX, originY: originY,
                                generation: generation, rule: rule)
    }

    /// Returns to a state saved from this universe.
    public func restore(_ state: MultiStateUniverseState) {
        precondition(state.pin.pins === store.collector.pinned, "a state restored into a universe that did not make it")
        setRule(state.rule)
        root = state.pin.id
        level = state.level
        originX = state.originX
        originY = state.originY
        generation = state.generation
        registerEmpties()
    }
}
