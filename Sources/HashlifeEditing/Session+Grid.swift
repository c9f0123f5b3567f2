// Session+Grid.swift — changing the universe's bounded grid (the REPL's `grid` command).

import HashlifeEngine

extension Session {
    /// Puts the universe on `grid` (nil: the unbounded plane), keeping the rule's transitions;
    /// cells off the new grid are dropped. One history entry, undoable.
    /// - Returns: how many cells were dropped.
    /// - Throws: `SessionError` (code "rule") for a grid under a B0 rule, which the grid
    ///   steppers do not run (the rule parser refuses the pair too); nothing changes then.
    @discardableResult
    public func setGrid(_ grid: Grid?) throws(SessionError) -> BigUInt {
        if grid != nil, rule.hasBirthOnZero {
            throw SessionError(.rule, "rule \(rule) has B0: rules with B0 are not supported on bounded grids")
        }
        var dropped = BigUInt.zero
        let gridded = rule.with(grid: grid)
        record(grid.map { "grid \(String($0.description.dropFirst()))" } ?? "unbounded plane") {
            if let grid { dropped = universe.dropCells(outside: grid) }
            _ = universe.adopt(gridded)
        }
        return dropped
    }
}
