// ReferenceEngine.swift — a deliberately naive Life engine to check the fast one against.
//
// It keeps the live cells in a Set and computes each generation the obvious way: every live cell
// and every neighbour of one is a candidate; for each candidate, build the 9-bit neighbourhood
// index (bit (dy + 1) * 3 + (dx + 1) for the cell at offset (dx, dy), y down) by asking the set
// about each of the nine cells, and let `Rule.nextState(neighbourhood:)` decide. No tables, no
// bit tricks, nothing shared with the Hashlife engine.
//
// B0 rules: the set holds the cells that differ from the background, whose state (`background`)
// is stepped like any cell with eight neighbours like itself; every cell's true state is the
// background's XOR its membership. It starts from `Rule.background(atGeneration:)` (Golly's
// convention: 1 from the start for B0 with S8), and after that the reference steps the true
// rule, so it checks the engine's complement and alternating tables independently. Wolfram
// rules are stepped from their code, not from the rule's table: a cell stays alive, or comes
// alive when its three cells above (NW N NE, NW high) select a set bit of the code.

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
    /// The state of every cell not in `cells` (true: alive); false unless the rule has B0.
    public private(set) var background: Bool

    public init(rule: Rule = .life, cells: some Sequence<ReferenceCell>, generation: Int = 0) {
        self.rule = rule
        self.cells = Set(cells)
        self.generation = generation
        self.background = rule.background(atGeneration: BigUInt(generation)) == 1
    }

    /// The true next state of a cell whose nine cells (bit (dy + 1) * 3 + (dx + 1)) are `neighbourhood`.
    func nextState(_ neighbourhood: Int) -> Bool {
        if case .wolfram(let code) = rule.presentation {
            let centre = neighbourhood >> 4 & 1 == 1
            let nw = neighbourhood & 1, n = neighbourhood >> 1 & 1, ne = neighbourhood >> 2 & 1
            return centre || code >> (nw * 4 + n * 2 + ne) & 1 == 1
        }
        return rule.nextState(neighbourhood: neighbourhood)
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
        let nextBackground = nextState(background ? 511 : 0)
        var next = Set<ReferenceCell>()
        for candidate in candidates {
            var neighbourhood = 0
            for dy in -1...1 {
                for dx in -1...1 where isAlive(x: candidate.x + dx, y: candidate.y + dy) != background {
                    neighbourhood |= 1 << ((dy + 1) * 3 + (dx + 1))
                }
            }
            if nextState(neighbourhood) != nextBackground {
                next.insert(candidate)
            }
        }
        cells = next
        background = nextBackground
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

    /// Is the cell in the set, i.e. different from the background (alive when the background is dead)?
    public func isAlive(x: Int, y: Int) -> Bool {
        cells.contains(ReferenceCell(x: x, y: y))
    }
}

// Region editing, the obvious way: cell by cell over the set (for differential tests of the
// engine's tree operations).

extension ReferenceEngine {
    /// Is `cell` inside the rectangle with top-left (`x`, `y`) and the given size?
    public static func contains(_ cell: ReferenceCell, x: Int, y: Int, width: Int, height: Int) -> Bool {
        cell.x >= x && cell.x < x + width && cell.y >= y && cell.y < y + height
    }

    /// The live cells inside the rectangle, as offsets from its top-left.
    public func clip(x: Int, y: Int, width: Int, height: Int) -> Set<ReferenceCell> {
        Set(cells.filter { Self.contains($0, x: x, y: y, width: width, height: height) }.map { ReferenceCell(x: $0.x - x, y: $0.y - y) })
    }

    /// The same with every cell inside (`inside` true) or outside the rectangle killed.
    public func clearing(inside: Bool, x: Int, y: Int, width: Int, height: Int) -> ReferenceEngine {
        var edited = self
        edited.cells = cells.filter { Self.contains($0, x: x, y: y, width: width, height: height) != inside }
        return edited
    }

    /// The same with every cell of the rectangle alive.
    public func filling(x: Int, y: Int, width: Int, height: Int) -> ReferenceEngine {
        var edited = self
        for dy in 0..<height { for dx in 0..<width { edited.cells.insert(ReferenceCell(x: x + dx, y: y + dy)) } }
        return edited
    }

    /// The same with `clip` (offsets in a `width` × `height` rectangle) pasted at (`x`, `y`):
    /// each cell of the pasted rectangle decided by `mode` from its two states, others kept.
    public func pasting(_ clip: Set<ReferenceCell>, width: Int, height: Int, x: Int, y: Int, mode: PasteMode) -> ReferenceEngine {
        var edited = self
        for dy in 0..<height {
            for dx in 0..<width {
                let cell = ReferenceCell(x: x + dx, y: y + dy)
                let was = cells.contains(cell), pasted = clip.contains(ReferenceCell(x: dx, y: dy))
                let alive = switch mode {
                case .or: was || pasted
                case .copy: pasted
                case .xor: was != pasted
                case .and: was && pasted
                }
                if alive { edited.cells.insert(cell) } else { edited.cells.remove(cell) }
            }
        }
        return edited
    }

    /// `clip` (offsets in a `width` × `height` rectangle) rotated or flipped, as offsets in the
    /// resulting rectangle, cell by cell.
    public static func transforming(_ clip: Set<ReferenceCell>, width w: Int, height h: Int,
                                    _ transform: PatternTransform) -> Set<ReferenceCell> {
        Set(clip.map { c in
            switch transform {
            case .rotateClockwise: ReferenceCell(x: h - 1 - c.y, y: c.x)
            case .rotateCounterclockwise: ReferenceCell(x: c.y, y: w - 1 - c.x)
            case .rotate180: ReferenceCell(x: w - 1 - c.x, y: h - 1 - c.y)
            case .flipHorizontal: ReferenceCell(x: w - 1 - c.x, y: c.y)
            case .flipVertical: ReferenceCell(x: c.x, y: h - 1 - c.y)
            }
        })
    }
}
