// GridReferenceEngine.swift — a deliberately naive engine for bounded grids, to check the fast
// ones against.
//
// A torus is plain modular arithmetic: a neighbour past the bottom edge is the cell at the top,
// moved along by the shift, and so on. Every other topology follows Golly's lifealgo.cpp step
// by step: copy the edge cells into a one-cell border around the grid (its JoinEdges,
// JoinTwistedEdges, JoinTwistedAndShiftedEdges and JoinAdjacentEdges, transcribed from the
// diagrams in Golly's Help/bounded.html), then apply the rule inside the border with
// `Rule.nextState(neighbourhood:)`. Nothing is shared with the engine's tiling or bitmap code.
// An unbounded direction (tubes, strips) is a window the caller makes wide enough that nothing
// reaches its ends.

import HashlifeEngine

/// The slow, obviously correct engine for one bounded grid: a `width` × `height` array of cells,
/// indexed relative to the grid's top-left cell.
public struct GridReferenceEngine: Sendable {
    public let rule: Rule
    public let grid: Grid
    /// Cells across and down (the grid's sizes, or the window along an unbounded direction).
    public let width: Int
    public let height: Int
    /// Window offset along unbounded directions, grid-relative (0 along bounded ones).
    public let originI: Int
    public let originJ: Int
    public private(set) var cells: [[Bool]]

    /// An engine on `rule.grid` holding `alive` (absolute coordinates); along an unbounded
    /// direction the window spans `window` cells centred on 0.
    public init(rule: Rule, alive: [ReferenceCell], window: Int = 0) {
        self.rule = rule
        grid = rule.grid!
        width = grid.width == 0 ? window : grid.width
        height = grid.height == 0 ? window : grid.height
        originI = grid.width == 0 ? -window / 2 : 0
        originJ = grid.height == 0 ? -window / 2 : 0
        cells = Array(repeating: Array(repeating: false, count: width), count: height)
        for cell in alive {
            let i = cell.x - grid.left - originI, j = cell.y - grid.top - originJ
            precondition((0..<width).contains(i) && (0..<height).contains(j), "cell \(cell) is off the grid")
            cells[j][i] = true
        }
    }

    /// Live cells, absolute coordinates, sorted by row then column.
    public var alive: [ReferenceCell] {
        var result: [ReferenceCell] = []
        for j in 0..<height {
            for i in 0..<width where cells[j][i] {
                result.append(ReferenceCell(x: i + originI + grid.left, y: j + originJ + grid.top))
            }
        }
        return result
    }

    public var population: Int { cells.reduce(0) { $0 + $1.filter { $0 }.count } }

    /// Advances `count` generations.
    public mutating func step(_ count: Int = 1) {
        for _ in 0..<count { stepOnce() }
    }

    private mutating func stepOnce() {
        var bordered = border()
        if grid.topology == .torus {
            for j in -1...height { for i in -1...width { bordered[j + 1][i + 1] = torusCell(i, j) } }
        }
        var next = cells
        for j in 0..<height {
            let above = bordered[j], here = bordered[j + 1], below = bordered[j + 2]
            for i in 0..<width {
                var n = 0
                for dx in 0...2 {
                    if above[i + dx] { n |= 1 << dx }
                    if here[i + dx] { n |= 8 << dx }
                    if below[i + dx] { n |= 64 << dx }
                }
                next[j][i] = rule.nextState(neighbourhood: n)
            }
        }
        cells = next
    }

    /// A torus cell by modular arithmetic; an unbounded direction's window ends dead.
    private func torusCell(_ i: Int, _ j: Int) -> Bool {
        var i = i, j = j
        if grid.height > 0 {
            if j < 0 { j += height; i -= grid.horizontalShift } else if j >= height { j -= height; i += grid.horizontalShift }
        }
        if grid.width > 0 {
            if i < 0 { i += width; j -= grid.verticalShift } else if i >= width { i -= width; j += grid.verticalShift }
            i = ((i % width) + width) % width
        }
        if grid.height > 0 { j = ((j % height) + height) % height }
        guard (0..<width).contains(i) && (0..<height).contains(j) else { return false }
        return cells[j][i]
    }

    /// The cells inside a one-cell border filled as Golly's CreateBorderCells does.
    private func border() -> [[Bool]] {
        let w = width, h = height
        var b = Array(repeating: Array(repeating: false, count: w + 2), count: h + 2)
        for j in 0..<h { for i in 0..<w { b[j + 1][i + 1] = cells[j][i] } }
        func c(_ i: Int, _ j: Int) -> Bool { cells[j][i] }
        func set(_ i: Int, _ j: Int, _ v: Bool) { b[j + 1][i + 1] = v }
        switch grid.topology {
        case .plane, .torus:
            break
        case .sphere:
            for x in 0..<w {
                set(-1, x, c(x, 0))           // top edge → left border
                set(w, x, c(x, h - 1))        // bottom edge → right border
            }
            for y in 0..<h {
                set(y, -1, c(0, y))           // left edge → top border
                set(y, h, c(w - 1, y))        // right edge → bottom border
            }
            set(-1, -1, c(0, 0)); set(w, -1, c(w - 1, 0)); set(w, h, c(w - 1, h - 1)); set(-1, h, c(0, h - 1))
        case .crossSurface:
            for x in 0..<w {
                set(x, h, c(w - 1 - x, 0))
                set(x, -1, c(w - 1 - x, h - 1))
            }
            for y in 0..<h {
                set(w, y, c(0, h - 1 - y))
                set(-1, y, c(w - 1, h - 1 - y))
            }
            set(-1, -1, c(0, 0)); set(w, -1, c(w - 1, 0)); set(w, h, c(w - 1, h - 1)); set(-1, h, c(0, h - 1))
        case .kleinBottle where grid.twist == .horizontal:
            // Top and bottom joined with x reversed (and, shifted, moved by one).
            func twisted(_ x: Int) -> Int {
                let t = w - 1 - x
                return grid.twistShifted ? (t - 1 < 0 ? w - 1 : t - 1) : t
            }
            for x in 0..<w {
                set(x, h, c(twisted(x), 0))
                set(x, -1, c(twisted(x), h - 1))
            }
            for y in 0..<h {
                set(w, y, c(0, y))
                set(-1, y, c(w - 1, y))
            }
            if grid.twistShifted {
                let l = w - 1, r = w - 2 < 0 ? w - 1 : w - 2
                set(-1, -1, c(l, h - 1)); set(-1, h, c(l, 0)); set(w, -1, c(r, h - 1)); set(w, h, c(r, 0))
            } else {
                set(-1, -1, c(0, h - 1)); set(w, -1, c(w - 1, h - 1)); set(-1, h, c(0, 0)); set(w, h, c(w - 1, 0))
            }
        case .kleinBottle:
            func twisted(_ y: Int) -> Int {
                let t = h - 1 - y
                return grid.twistShifted ? (t - 1 < 0 ? h - 1 : t - 1) : t
            }
            for x in 0..<w {
                set(x, h, c(x, 0))
                set(x, -1, c(x, h - 1))
            }
            for y in 0..<h {
                set(w, y, c(0, twisted(y)))
                set(-1, y, c(w - 1, twisted(y)))
            }
            if grid.twistShifted {
                let t = h - 1, bottom = h - 2 < 0 ? h - 1 : h - 2
                set(-1, -1, c(w - 1, t)); set(w, -1, c(0, t)); set(-1, h, c(w - 1, bottom)); set(w, h, c(0, bottom))
            } else {
                set(-1, -1, c(w - 1, 0)); set(w, -1, c(0, 0)); set(-1, h, c(w - 1, h - 1)); set(w, h, c(0, h - 1))
            }
        }
        return b
    }
}
