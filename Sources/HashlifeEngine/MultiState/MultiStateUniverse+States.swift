// MultiStateUniverse+States.swift — saved states and cell-set keys, as `Universe` has them:
// the undo history, snapshots and reset points of an editor keep a universe's earlier states
// for O(1) each, safe across collections.

/// A saved state of a `MultiStateUniverse` (see `SavedUniverseState`).
public typealias MultiStateUniverseState = SavedUniverseState<MultiStateRule>

extension MultiStateUniverse {
    /// The current state, to restore later (O(1); pins the root).
    public func saveState() -> MultiStateUniverseState {
        MultiStateUniverseState(pin: PinnedRoot(root, in: store.collector.pinned), level: level, originX: originX,
                                originY: originY, generation: generation, rule: rule)
    }

    /// Returns to a state saved from this universe: its cells, generation and rule.
    /// - Precondition: `state` was saved by this universe.
    public func restore(_ state: MultiStateUniverseState) {
        precondition(state.pin.pins === store.collector.pinned, "a state restored into a universe that did not make it")
        setRule(state.rule)
        root = state.root
        level = state.level
        originX = state.originX
        originY = state.originY
        generation = state.generation
        registerEmpties()
    }

    /// The current cell set's identity (see `CellSetKey`): equal keys of this universe mean
    /// equal cells, states and positions. Shrinks the root first (edits can leave it larger than
    /// needed), which changes nothing observable. Keys of different universes are unrelated.
    /// - Complexity: O(level).
    public var cellSetKey: CellSetKey {
        shrink()
        return CellSetKey(pin: PinnedRoot(root, in: store.collector.pinned), level: level)
    }

    /// The highest state present in each block of `viewport` (0 for an empty block), row by
    /// row, as `blockStateRows(of:)` gives them: what a view shows, at any zoom and wherever
    /// the view's corner is.
    /// - Returns: `viewport.columns` × `viewport.rows` states.
    public func blockStates(of viewport: Viewport) -> [UInt8] {
        var rows = blockStateRows(of: viewport)
        var states: [UInt8] = []
        states.reserveCapacity(viewport.columns * viewport.rows)
        for j in 0..<viewport.rows { states += rows.row(j) }
        return states
    }
}

extension MultiStateUniverse {
    /// The highest state of any cell (0 when the universe is empty): the rule's state count
    /// must exceed it for the cells to be valid under another rule.
    /// - Complexity: O(distinct nodes).
    public var highestState: UInt8 {
        MultiStateUniverse.withStack(forLevels: level) {
            var memo: [NodeID: UInt8] = [:]
            return store.highestState(root, level: level, memo: &memo)
        }
    }
}
