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
