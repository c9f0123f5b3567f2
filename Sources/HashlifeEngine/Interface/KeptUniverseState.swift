// KeptUniverseState.swift — a state of any universe, kept to return to.

/// A kept state of a universe: its cells (a pinned root), position, generation and rule,
/// with the universe that kept it. Restoring it is O(1) plus the rule change, if any. While a
/// state exists its root is pinned: collections never evict what it reaches, and the universe
/// it belongs to stays alive. An editor's history holds these whatever the family, and
/// restores each through its own universe (`universe.restore(state)`).
public struct KeptUniverseState {
    /// The universe that kept the state: the one to restore it into.
    public let universe: any LifeUniverse
    let pin: PinnedRoot
    var root: NodeID { pin.id }
    let level: Int
    let originX: BigInt
    let originY: BigInt
    public let generation: BigUInt
    public let rule: AnyRule
}

extension KeptUniverseState {
    /// `state`, kept by `universe` under `rule`.
    init<R>(_ state: SavedUniverseState<R>, of universe: any LifeUniverse, rule: AnyRule) {
        self.init(universe: universe, pin: state.pin, level: state.level, originX: state.originX, originY: state.originY,
                  generation: state.generation, rule: rule)
    }
}

extension SavedUniverseState {
    /// The state `kept` holds, under its family's `rule`.
    /// - Precondition: `kept` was kept by `universe`.
    init(_ kept: KeptUniverseState, rule: R, in universe: any LifeUniverse) {
        precondition(kept.universe === universe, "a state restored into a universe that did not keep it")
        self.init(pin: kept.pin, level: kept.level, originX: kept.originX, originY: kept.originY, generation: kept.generation, rule: rule)
    }
}
