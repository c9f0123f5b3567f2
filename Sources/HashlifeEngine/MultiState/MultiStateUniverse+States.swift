// MultiStateUniverse+States.swift — saved states and cell-set keys, as `Universe` has them:
// the undo history, snapshots and reset points of an editor keep a universe's earlier states
// for O(1) each, safe across collections.

/// A saved state of a `MultiStateUniverse`: its root (pinned, so collections keep the nodes it
/// reaches for as long as the value lives), the root's place, the generation and the rule.
/// Restoring it is O(1) plus the rule change, if any (see `MultiStateUniverse.setRule`).
/// A state may only be restored into the universe that saved it.
public struct MultiStateUniverseState: Equatable {
    let pin: PinnedRoot
    var root: NodeID { pin.id }
    let level: Int
    let originX: BigInt
    let originY: BigInt
    public let generation: BigUInt
    public let rule: MultiStateRule

    public static func == (a: MultiStateUniverseState, b: MultiStateUniverseState) -> Bool {
        a.pin.pins === b.pin.pins && a.root == b.root && a.level == b.level && a.originX == b.originX
            && a.originY == b.originY && a.generation == b.generation && a.rule == b.rule
    }
}

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
