// Drawing the canvas into a screen: live cells from the engine's viewport counts (exact at any
// zoom), then the axes, grid, selection, stamp preview and hover outline, all placed through the
// same transform (Canvas.swift).

import HashlifeEngine
import HashlifeEditing
import HashlifeRendering

/// The cells a canvas draws, of either kind: each block's state, row by row (0 empty; a
/// two-state universe's live blocks are 1), how a state is coloured, and whether states are
/// drawn as letters (`StateGlyphs`), for terminals without colours.
struct CanvasCells {
    let row: (Int) -> [UInt8]
    let colour: (UInt8) -> RGB
    let letters: Bool
}

/// A pattern following the pointer in stamp or paste mode: live cells as offsets from its
/// top-left, placed with its top-left at (`x`, `y`).
public struct StampPreview: Equatable, Sendable {
    public var x: BigInt
    public var y: BigInt
    public var offsets: [PatternPoint]
    public var width: Int
    public var height: Int

    public struct PatternPoint: Hashable, Sendable {
        public var dx: Int, dy: Int
        public init(_ dx: Int, _ dy: Int) { (self.dx, self.dy) = (dx, dy) }
    }
}

/// What the canvas shows over the cells.
public struct CanvasOverlay: Equatable, Sendable {
    /// The character under the pointer, relative to the canvas.
    public var hover: (column: Int, row: Int)?
    public var stamp: StampPreview?
    public var selection: CellRect?
    /// A bounded grid's cells (a torus, say): what lies outside is drawn as off the board.
    public var bounds: CellRect?

    public init(hover: (column: Int, row: Int)? = nil, stamp: StampPreview? = nil, selection: CellRect? = nil, bounds: CellRect? = nil) {
        self.hover = hover
        self.stamp = stamp
        self.selection = selection
        self.bounds = bounds
    }

    public static func == (a: CanvasOverlay, b: CanvasOverlay) -> Bool {
        a.hover?.column == b.hover?.column && a.hover?.row == b.hover?.row && a.stamp == b.stamp && a.selection == b.selection
            && a.bounds == b.bounds
    }
}

extension Canvas {
    /// Draws the canvas of `universe` at (`left`, `top`) of `screen`: each block (a
    /// zoomed-out one shows the family's reduction of its cells) in its state's colour, the
    /// theme's live colour for state 1 of a two-state rule and Golly's colours (`StatePalette`)
    /// for more states, on the theme's background; with `letters`, a rule of more than two
    /// states draws each block as its state's letter (`StateGlyphs`: A for 1, B for 2, …), for
    /// terminals without colours (`NO_COLOR`).
    public func render(_ universe: any LifeUniverse, into screen: inout Screen, left: Int, top: Int,
                       settings: Settings, overlay: CanvasOverlay = CanvasOverlay(), letters: Bool = false) {
        var blocks = universe.blocks(of: viewport)
        var rows: [[UInt8]] = []
        rows.reserveCapacity(viewport.rows)
        for j in 0..<viewport.rows { rows.append(blocks.row(j)) }
        let named = universe.stateCount > 2
        let colours = named ? StatePalette(rule: universe.anyRule).colors.map { RGB($0.r, $0.g, $0.b) } : [settings.palette.background, settings.palette.live]
        let cells = CanvasCells(row: { rows[$0] }, colour: { colours[min(Int($0), colours.count - 1)] }, letters: letters && named)
        render(cells, into: &screen, left: left, top: top, settings: settings, overlay: overlay)
    }

    private func render(_ cells: CanvasCells, into screen: inout Screen, left: Int, top: Int, settings: Settings, overlay: CanvasOverlay) {
        let palette = settings.palette
        let blank = ScreenCell(" ", foreground: palette.live, background: palette.background)
        screen.fill(column: left, row: top, width: columns, height: rows, with: blank)
        switch scale {
        case .magnified(let k): renderMagnified(k, cells, &screen, left, top, settings, overlay)
        default: renderDots(cells, &screen, left, top, settings, overlay)
        }
    }

    /// The index of the visible column/row holding coordinate 0, if it is within `count` steps.
    private func axisIndex(_ origin: BigInt, per: BigUInt?, count: Int) -> Int? {
        let offset = -origin
        let index: BigInt = per.map { offset.floorDivided(by: $0).quotient } ?? offset
        guard let i = index.intValue, i >= 0, i < count else { return nil }
        return i
    }

    /// The visible index range [lo, hi) of the cells [start, start + length) along one axis.
    private func span(_ start: BigInt, _ length: BigUInt, origin: BigInt, per: BigUInt?, count: Int) -> Range<Int>? {
        let end = start + BigInt(length)
        func index(_ v: BigInt, roundUp: Bool) -> Int {
            let d = v - origin
            var q: BigInt = d
            if let per {
                let (quotient, remainder) = d.floorDivided(by: per)
                q = roundUp && !remainder.isZero ? quotient + 1 : quotient
            }
            if q < BigInt(0) { return 0 }
            return q.intValue.map { min($0, count) } ?? count
        }
        let lo = index(start, roundUp: false), hi = index(end, roundUp: true)
        return lo < hi ? lo..<hi : nil
    }

    private func renderMagnified(_ k: Int, _ source: CanvasCells, _ screen: inout Screen, _ left: Int, _ top: Int,
                                 _ settings: Settings, _ overlay: CanvasOverlay) {
        let palette = settings.palette
        let view = viewport
        let (cellColumns, cellRows) = (view.columns, view.rows)
        let axisX = axisIndex(originX, per: nil, count: cellColumns), axisY = axisIndex(originY, per: nil, count: cellRows)
        let live = ScreenCell("█", foreground: palette.live, background: palette.background)
        let gridStyle = ScreenCell(" ", foreground: palette.grid, background: palette.background)
        let axisStyle = ScreenCell(" ", foreground: palette.axes, background: palette.background)
        var stampCells = Set<Int>()
        if let stamp = overlay.stamp, let sx = (stamp.x - originX).intValue, let sy = (stamp.y - originY).intValue {
            for p in stamp.offsets {
                let (i, j) = (sx + p.dx, sy + p.dy)
                if i >= 0, i < cellColumns, j >= 0, j < cellRows { stampCells.insert(j * cellColumns + i) }
            }
        }
        let selected = overlay.selection.flatMap { s in
            span(s.x, s.width, origin: originX, per: nil, count: cellColumns).flatMap { xs in
                span(s.y, s.height, origin: originY, per: nil, count: cellRows).map { (xs, $0) }
            }
        }
        let inside = overlay.bounds.map { s in
            (span(s.x, s.width, origin: originX, per: nil, count: cellColumns) ?? 0..<0, span(s.y, s.height, origin: originY, per: nil, count: cellRows) ?? 0..<0)
        }
        let offBoard = ScreenCell("░", foreground: palette.grid, background: palette.panel)
        let (w, h) = (2 * k, k)
        for j in 0..<cellRows {
            let states = source.row(j)
            // Hexagonal: this row of cells starts `shift` characters left of the canvas.
            let shift = shear(row: j * h)
            for i in 0..<cellColumns where (i + 1) * w > shift {
                let alive = states[i] != 0
                let inStamp = stampCells.contains(j * cellColumns + i)
                let inSelection = selected.map { $0.0.contains(i) && $0.1.contains(j) } ?? false
                for cy in 0..<h {
                    let row = top + j * h + cy
                    guard row < top + rows else { break }
                    for cx in 0..<w {
                        let column = left + i * w + cx - shift
                        guard column >= left else { continue }
                        guard column < left + columns else { break }
                        var cell: ScreenCell
                        if alive {
                            cell = live
                            cell.foreground = source.colour(states[i])
                            if source.letters {
                                cell.character = StateGlyphs.character(states[i]).unicodeScalars.first!
                            } else if settings.cellShape == .round {
                                if k == 1 { cell.character = cx == 0 ? "●" : " " }
                                else if (cx == 0 || cx == w - 1) && (cy == 0 || cy == h - 1) { cell.character = " " }
                            }
                        } else if inStamp {
                            cell = live
                            cell.character = "▒"
                        } else {
                            cell = gridStyle
                            if settings.gridLines {
                                if k == 1 { cell.character = cx == 0 ? "·" : " " }
                                else { cell.character = cy == 0 ? (cx == 0 ? "┼" : "─") : (cx == 0 ? "│" : " ") }
                            }
                            let onX = i == axisX && cx == 0, onY = j == axisY && cy == 0
                            if onX || onY {
                                cell = axisStyle
                                cell.character = onX && onY ? "┼" : onX ? "│" : "─"
                            }
                        }
                        if inStamp && alive { cell.foreground = palette.accent }
                        if inSelection { cell.background = palette.selection }
                        if let inside, !(inside.0.contains(i) && inside.1.contains(j)) { cell = offBoard }
                        screen[column, row] = cell
                    }
                }
            }
        }
        // The hover outline: exactly the cell `cell(atColumn:row:)` names, so the one a click toggles.
        if let hover = overlay.hover, let target = cell(atColumn: hover.column, row: hover.row),
           let i = (target.x - originX).intValue, let j = (target.y - originY).intValue, i >= 0, j >= 0, i < cellColumns, j < cellRows {
            // A cell drawn as a letter is reversed like a block, keeping its letter.
            let letter = source.letters && source.row(j)[i] != 0
            let shift = shear(row: j * h)
            for cy in 0..<h {
                for cx in 0..<w {
                    let column = left + i * w + cx - shift, row = top + j * h + cy
                    guard column >= left, column < left + columns, row < top + rows else { continue }
                    var cell = screen[column, row]
                    if cell.character == "█" || cell.character == "●" || letter {
                        cell.reverse = true
                    } else {
                        cell.foreground = palette.live
                        cell.character = if k == 1 { cx == 0 ? "[" : "]" }
                            else if cy == 0 { cx == 0 ? "┌" : cx == w - 1 ? "┐" : "─" }
                            else if cy == h - 1 { cx == 0 ? "└" : cx == w - 1 ? "┘" : "─" }
                            else { cx == 0 || cx == w - 1 ? "│" : " " }
                    }
                    screen[column, row] = cell
                }
            }
        }
    }

    private func renderDots(_ source: CanvasCells, _ screen: inout Screen, _ left: Int, _ top: Int,
                            _ settings: Settings, _ overlay: CanvasOverlay) {
        let palette = settings.palette
        let (across, down) = scale.dotsPerCharacter
        let per = cellsPerCharacter!
        // Hexagonal canvases draw character (c, r) from the unsheared column c + shear(r).
        let covered = coveredColumns
        let axisX = axisIndex(originX, per: per.across, count: covered), axisY = axisIndex(originY, per: per.down, count: rows)
        let base = ScreenCell(" ", foreground: palette.live, background: palette.background)
        // Grid lines cannot run between characters: zoomed out they are faint bands of
        // background, one character wide, every 8 characters across and 4 down (squares of 16
        // dots), fixed to the plane's coordinates so they move with it and snap to the blocks.
        let shade = palette.background.mixed(with: palette.grid)
        func lines(_ count: Int, origin: BigInt, per: BigUInt, every: Int) -> [Bool] {
            guard settings.gridLines else { return Array(repeating: false, count: count) }
            let period = per * BigUInt(every)
            return (0..<count).map { i in (origin + Canvas.times(i, per)).floorDivided(by: period).remainder < per }
        }
        let lineColumns = lines(covered, origin: originX, per: per.across, every: 8)
        let lineRows = lines(rows, origin: originY, per: per.down, every: 4)
        var stampCharacters = Set<Int>()
        if let stamp = overlay.stamp {
            for p in stamp.offsets {
                if let position = position(ofX: stamp.x + BigInt(p.dx), y: stamp.y + BigInt(p.dy)),
                   position.column >= 0, position.column < columns, position.row >= 0, position.row < rows {
                    stampCharacters.insert(position.row * columns + position.column)
                }
            }
        }
        let selected = overlay.selection.flatMap { s in
            span(s.x, s.width, origin: originX, per: per.across, count: covered).flatMap { xs in
                span(s.y, s.height, origin: originY, per: per.down, count: rows).map { (xs, $0) }
            }
        }
        var band: [[UInt8]] = Array(repeating: [], count: down)
        for r in 0..<rows {
            for d in 0..<down { band[d] = source.row(r * down + d) }
            let shift = shear(row: r)
            for c in 0..<columns {
                let u = c + shift
                var bits = 0
                var highest: UInt8 = 0
                for d in 0..<down {
                    for a in 0..<across where band[d][u * across + a] != 0 {
                        bits |= Canvas.dotBit(a, d, braille: across == 2)
                        highest = max(highest, band[d][u * across + a])
                    }
                }
                var cell = base
                if lineColumns[u] || lineRows[r] { cell.background = shade }
                if bits != 0 {
                    cell.character = across == 2 ? Unicode.Scalar(0x2800 + bits)! : bits == 3 ? "█" : bits == 1 ? "▀" : "▄"
                    // A character shows the highest state among its dots.
                    cell.foreground = source.colour(highest)
                    if source.letters { cell.character = StateGlyphs.character(highest).unicodeScalars.first! }
                } else if stampCharacters.contains(r * columns + c) {
                    cell.character = "▒"
                } else if u == axisX || r == axisY {
                    cell.foreground = palette.axes
                    cell.character = u == axisX && r == axisY ? "┼" : u == axisX ? "│" : "─"
                }
                if bits != 0 && stampCharacters.contains(r * columns + c) { cell.foreground = palette.accent }
                if let selected, selected.0.contains(u), selected.1.contains(r) { cell.background = palette.selection }
                if let hover = overlay.hover, hover.column == c, hover.row == r { cell.reverse = true }
                screen[left + c, top + r] = cell
            }
        }
    }

    /// The bit of dot (`a`, `d`) in a braille character (U+2800 + bits), or in a half block
    /// (bit 0 top, bit 1 bottom).
    static func dotBit(_ a: Int, _ d: Int, braille: Bool) -> Int {
        guard braille else { return 1 << d }
        switch (a, d) {
        case (0, 3): return 0x40
        case (1, 3): return 0x80
        default: return 1 << (a * 3 + d)
        }
    }
}
