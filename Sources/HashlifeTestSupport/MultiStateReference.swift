// MultiStateReference.swift — a naive multi-state stepper for tests: a dense grid of states
// that grows with the pattern on the unbounded plane, and a fixed grid on Golly's torus (":T")
// and bounded plane (":P"). Every cell is computed from its 3×3 block with
// `MultiStateRule.next`, so it checks the rule's transitions and, later, faster engines.

import HashlifeEngine
import HashlifeFormats

public struct MultiStateReference {
    public let rule: MultiStateRule
    /// Top-left cell of `states` and its size.
    public private(set) var left: Int
    public private(set) var top: Int
    public private(set) var width: Int
    public private(set) var height: Int
    /// Row-major states, `width` × `height`.
    private var states: [UInt8]
    public private(set) var generation = 0

    /// The pattern's cells on its rule's grid; a bounded grid other than the torus and the
    /// plane (or a torus or plane with an infinite side) traps: tests do not use them.
    /// - Precondition: the pattern's rule is a multi-state one (`MultiStateRule`).
    public init(_ pattern: MultiStatePattern) {
        guard let rule = pattern.rule.as(MultiStateRule.self) else { preconditionFailure("rule \(pattern.rule) is not a multi-state rule") }
        self.rule = rule
        if let grid = rule.grid {
            precondition((grid.topology == .torus || grid.topology == .plane) && grid.width > 0 && grid.height > 0,
                         "the reference stepper runs only finite tori and planes")
            (left, top, width, height) = (grid.left, grid.top, grid.width, grid.height)
        } else if let box = pattern.bounds {
            (left, top, width, height) = (box.left, box.top, box.width, box.height)
        } else {
            (left, top, width, height) = (0, 0, 0, 0)
        }
        states = [UInt8](repeating: 0, count: width * height)
        for cell in pattern.cells {
            let (x, y) = (cell.x - left, cell.y - top)
            precondition(x >= 0 && x < width && y >= 0 && y < height, "a cell lies outside the bounded grid")
            states[y * width + x] = cell.state
        }
    }

    public func state(x: Int, y: Int) -> UInt8 {
        let (column, row) = (x - left, y - top)
        guard column >= 0, column < width, row >= 0, row < height else { return 0 }
        return states[row * width + column]
    }

    /// Golly's population: cells not in state 0.
    public var population: Int { states.reduce(0) { $0 + ($1 == 0 ? 0 : 1) } }

    /// The non-empty cells, in reading order.
    public var cells: [MultiStateCell] {
        var result: [MultiStateCell] = []
        for row in 0..<height {
            for column in 0..<width where states[row * width + column] != 0 {
                result.append(MultiStateCell(x: left + column, y: top + row, state: states[row * width + column]))
            }
        }
        return result
    }

    public mutating func step() {
        generation += 1
        if let grid = rule.grid {
            let wraps = grid.topology == .torus
            let source = states
            let (w, h) = (width, height)
            func at(_ column: Int, _ row: Int) -> UInt8 {
                if wraps { return source[((row + h) % h) * w + (column + w) % w] }
                guard column >= 0, column < w, row >= 0, row < h else { return 0 }
                return source[row * w + column]
            }
            for row in 0..<h {
                for column in 0..<w {
                    states[row * w + column] = rule.next((
                        at(column - 1, row - 1), at(column, row - 1), at(column + 1, row - 1),
                        at(column - 1, row), source[row * w + column], at(column + 1, row),
                        at(column - 1, row + 1), at(column, row + 1), at(column + 1, row + 1)))
                }
            }
            return
        }
        // The plane: the result can reach one cell beyond the current rectangle (B0 is refused),
        // so the old states are copied into a frame two cells wider on every side.
        let (w, h) = (width + 4, height + 4)
        var padded = [UInt8](repeating: 0, count: w * h)
        for row in 0..<height {
            for column in 0..<width { padded[(row + 2) * w + column + 2] = states[row * width + column] }
        }
        (left, top, width, height) = (left - 1, top - 1, width + 2, height + 2)
        var next = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            let above = row * w, middle = above + w, below = middle + w
            for column in 0..<width {
                next[row * width + column] = rule.next((
                    padded[above + column], padded[above + column + 1], padded[above + column + 2],
                    padded[middle + column], padded[middle + column + 1], padded[middle + column + 2],
                    padded[below + column], padded[below + column + 1], padded[below + column + 2]))
            }
        }
        states = next
        shrink()
    }

    /// Trims empty rows and columns so the grid follows the pattern.
    private mutating func shrink() {
        var (minX, maxX, minY, maxY) = (Int.max, Int.min, Int.max, Int.min)
        for row in 0..<height {
            for column in 0..<width where states[row * width + column] != 0 {
                minX = min(minX, column); maxX = max(maxX, column)
                minY = min(minY, row); maxY = max(maxY, row)
            }
        }
        guard minX <= maxX else {
            (width, height, states) = (0, 0, [])
            return
        }
        let (w, h) = (maxX - minX + 1, maxY - minY + 1)
        guard w != width || h != height else { return }
        var trimmed = [UInt8](repeating: 0, count: w * h)
        for row in 0..<h {
            for column in 0..<w { trimmed[row * w + column] = states[(row + minY) * width + column + minX] }
        }
        (left, top, width, height, states) = (left + minX, top + minY, w, h, trimmed)
    }
}
