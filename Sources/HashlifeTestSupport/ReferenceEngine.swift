// ReferenceEngine.swift — a deliberately naive Life engine to check the fast one against.
//
// It keeps the live cells in a Set and computes each generation the obvious way: every live cell
// and every neighbour of one is a candidate; for each candidate, build the 9-bit neighbourhood
// index (bit (dy + 1) * 3 + (dx + 1) for the cell at offset (dx, dy), y down) by asking the set
// about each of the nine cells, and let `Rule.nextState(neighbourhood:)` decide. No tables, no
// bit tricks, nothing shared with the Hashlife engine. Cells farther than one cell from every
// live cell stay dead, which is right because rules with B0 cannot be built.

import HashlifeEngine

/// A cell of the infinite plane; y grows down. Ordered by row, then column.
public struct ReferenceCell: Hashable, Sendable, Comparable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    public static func < (lhs: ReferenceCell, rhs: ReferenceCell) -> Bool {
        (lhs.y, lhs.x) < (rhs.y, rhs.x)
    }
}

/// The slow, obviously correct engine: a set of live cells on the unbounded plane.
public struct ReferenceEngine: Sendable {
    public var rule: Rule
    public private(set) var cells: Set<ReferenceCell>
    public private(set) var generation: Int

    public init(rule: Rule = .life, cells: some Sequence<ReferenceCell>, generation: Int = 0) {
        self.rule = rule
        self.cells = Set(cells)
        self.generation = generation
    }

    /// The same rule and generation with one cell set or cleared (an edit).
    public func setting(x: Int, y: Int, alive: Bool) -> ReferenceEngine {
        var edited = self
        if alive { edited.cells.insert(ReferenceCell(x: x, y: y)) } else { edited.cells.remove(ReferenceCell(x: x, y: y)) }
        return edited
    }

    /// Advances one generation.
    public mutating func step() {
        var candidates = Set<ReferenceCell>()
        for cell in cells {
            for dy in -1...1 {
                for dx in -1...1 {
                    candidates.insert(ReferenceCell(x: cell.x + dx, y: cell.y + dy))
                }
            }
        }
        var next = Set<ReferenceCell>()
        for candidate in candidates {
            var neighbourhood = 0
            for dy in -1...1 {
                for dx in -1...1 where isAlive(x: candidate.x + dx, y: candidate.y + dy) {
                    neighbourhood |= 1 << ((dy + 1) * 3 + (dx + 1))
                }
            }
            if rule.nextState(neighbourhood: neighbourhood) {
                next.insert(candidate)
            }
        }
        cells = next
        generation += 1
    }

    /// Advances `count` generations (count >= 0).
    public mutating func step(_ count: Int) {
        precondition(count >= 0, "cannot step a negative number of generations")
        for _ in 0..<count { step() }
    }

    public var population: Int { cells.count }

    /// The smallest rectangle holding every live cell, or nil when there are none.
    public var boundingBox: (x: Int, y: Int, width: Int, height: Int)? {
        guard let first = cells.first else { return nil }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for cell in cells {
            minX = min(minX, cell.x)
            maxX = max(maxX, cell.x)
            minY = min(minY, cell.y)
            maxY = max(maxY, cell.y)
        }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    public func isAlive(x: Int, y: Int) -> Bool {
        cells.contains(ReferenceCell(x: x, y: y))
    }
}
