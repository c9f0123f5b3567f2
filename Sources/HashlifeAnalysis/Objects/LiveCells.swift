// LiveCells.swift — the live cells alone, for the families whose other states are trails and
// marks.

import HashlifeEngine

extension LifeUniverse {
    /// A universe of the two-state rule `apgcodeRule`, on the same grid, holding this universe's
    /// live cells (`isLive`) where they are, at its generation, when the rule's other states
    /// are only trails and marks (`liveCellsFollowApgcodeRule`: History and Super) and no cell
    /// is in a state that `actsOnLiveCells` (their killers); nil otherwise, and for a rule that
    /// is its own `apgcodeRule`.
    ///
    /// `classify`, `identify` and `listObjects` look at it: under LifeHistory a glider is a
    /// glider, although its trail of history cells lengthens every generation and the whole
    /// pattern, every state counted, grows.
    /// - Complexity: O(nodes of the quadtree).
    public func liveCellUniverse() -> (any LifeUniverse)? {
        let rule = anyRule
        guard rule.liveCellsFollowApgcodeRule, let life = rule.apgcodeRule else { return nil }
        let target = AnyRule(life).with(grid: rule.grid)
        guard target != rule else { return nil }
        var live: StateTree?
        if let tree = stateTree() {
            guard let mapped = tree.mappingStates({ rule.actsOnLiveCells($0) ? nil : rule.isLive($0) ? 1 : 0 }) else { return nil }
            live = mapped
        }
        let projected = target.makeUniverse(memoryLimit: memoryLimit)
        if let live, live.level != nil { projected.load(stateTree: live) }
        projected.generation = generation
        projected.threads = threads
        return projected
    }
}
