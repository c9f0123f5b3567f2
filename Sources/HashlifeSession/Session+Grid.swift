// Session+Grid.swift — changing the universe's bounded grid (the REPL's `grid` command).

import HashlifeEngine

extension Session {
    /// Puts the universe on `grid` (nil: the unbounded plane), keeping the rule's transitions;
    /// cells off the new grid are dropped. One history entry, undoable.
    /// - Returns: how many cells were dropped.
    @discardableResult
    public func setGrid(_ grid: Grid?) -> BigUInt {
        var dropped = BigUInt.zero
        record("grid \(grid.map { String($0.description.dropFirst()) } ?? "none")") {
            if let grid { dropped = live.dropCells(outside: grid) }
            live.setRule(live.rule.with(grid: grid))
        }
        return dropped
    }
}
