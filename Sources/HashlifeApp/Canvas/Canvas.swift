// The canvas's one coordinate transform (rendering, hover outlines and hit-testing share it):
// drawing, hover, clicks and zooming all go through
// `Canvas`, so the highlighted cell is the cell a click toggles, at every zoom.

import HashlifeEngine
import HashlifeInterface

/// How big cells are on screen.
///
/// Zoomed in, a cell is a square of `2k`×`k` characters (characters are about twice as tall as
/// wide). Zoomed out, each character holds dots, each dot a `zoom`×`zoom` block of cells: half
/// blocks hold 1×2 dots, braille 2×4. The order from nearest to farthest is
/// `magnified(8) … magnified(1), halfBlocks, braille(1), braille(2), braille(3), braille(4),
/// braille(8), braille(16), …` (2×, 3×, 4× blocks, then powers of two without end).
public enum CanvasScale: Hashable, Sendable, CustomStringConvertible {
    case magnified(Int)
    case halfBlocks
    case braille(BigUInt)

    public static let nearest = CanvasScale.magnified(8)

    /// Dots across and down one character (1×1 when magnified: then a "dot" is a cell).
    var dotsPerCharacter: (across: Int, down: Int) {
        switch self {
        case .magnified: (1, 1)
        case .halfBlocks: (1, 2)
        case .braille: (2, 4)
        }
    }

    /// Cells per dot side (1 when magnified or half blocks).
    var zoom: BigUInt {
        if case .braille(let z) = self { return z }
        return .one
    }

    /// One step nearer (more detail), or nil at the nearest.
    public var zoomedIn: CanvasScale? {
        switch self {
        case .magnified(let k): k >= 8 ? nil : .magnified(k + 1)
        case .halfBlocks: .magnified(1)
        case .braille(let z):
            if z == .one { .halfBlocks } else if z <= BigUInt(4) { .braille(z - 1) } else { .braille(z >> 1) }
        }
    }

    /// One step farther (less detail); there is always one.
    public var zoomedOut: CanvasScale {
        switch self {
        case .magnified(let k): k <= 1 ? .halfBlocks : .magnified(k - 1)
        case .halfBlocks: .braille(.one)
        case .braille(let z): z < BigUInt(4) ? .braille(z + 1) : .braille(z << 1)
        }
    }

    public var description: String { label }

    /// The scale in plain words, as the header shows it: how many characters one cell takes
    /// when zoomed in ("cell 4×2 chars"), how many cells one character shows when zoomed out
    /// ("char 2×4 cells", braille's 2×4 dots included), with huge sides as powers of two.
    public var label: String {
        switch self {
        case .magnified(let k): return "cell \(2 * k)×\(k) chars"
        case .halfBlocks: return "char 1×2 cells"
        case .braille(let z):
            return "char \(CanvasScale.side(z * BigUInt(2)))×\(CanvasScale.side(z * BigUInt(4))) cells"
        }
    }

    /// A side of a block: digits up to a million, then B^E for a power of two.
    static func side(_ n: BigUInt) -> String {
        if n < BigUInt(1_000_000) { return n.description }
        let bits = n.bitWidth
        if n == BigUInt.powerOfTwo(bits - 1) { return "2^\(bits - 1)" }
        return Excerpt.number(n)
    }
}

/// The canvas: `columns`×`rows` characters showing the plane from the cell (`originX`, `originY`)
/// at the top-left, at `scale`. Coordinates are exact at any size; y grows downwards.
///
/// A `hexagonal` canvas shears the rows, as `view --hex` does, for hexagonal rules: each row of
/// cells lies half a cell to the right of the row below it, so a cell's six neighbours (±1, 0),
/// (0, ±1), (−1, −1) and (+1, +1) sit around it at equal steps. Measured from the top row, the
/// character row `r` is moved left by `shear(row: r)` characters: `k` per row of cells when a
/// cell is 2k×k characters, one per row zoomed out (where a character's dots, half a cell per
/// row of dots on average, stay upright). The origin is the top row's first cell, and every
/// row is filled to the right edge.
public struct Canvas: Hashable, Sendable {
    public var columns: Int
    public var rows: Int
    public var originX: BigInt
    public var originY: BigInt
    public var scale: CanvasScale
    public var hexagonal: Bool

    public init(columns: Int, rows: Int, originX: BigInt = .zero, originY: BigInt = .zero, scale: CanvasScale = .magnified(1),
                hexagonal: Bool = false) {
        self.columns = max(columns, 1)
        self.rows = max(rows, 1)
        self.originX = originX
        self.originY = originY
        self.scale = scale
        self.hexagonal = hexagonal
    }

    /// A canvas at `scale` whose centre character shows the cell (`x`, `y`).
    public static func centred(on x: BigInt, _ y: BigInt, columns: Int, rows: Int, scale: CanvasScale,
                               hexagonal: Bool = false) -> Canvas {
        var canvas = Canvas(columns: columns, rows: rows, scale: scale, hexagonal: hexagonal)
        canvas.centre(on: x, y)
        return canvas
    }

    // MARK: The transform

    /// Characters the character row `row` is moved left by (0 unless `hexagonal`).
    public func shear(row: Int) -> Int {
        guard hexagonal else { return 0 }
        if case .magnified(let k) = scale { return k * Canvas.floorDiv(row, k) }
        return row
    }

    /// Characters across the unsheared plane that the canvas's rows cover together: `columns`,
    /// and the bottom row's shear.
    var coveredColumns: Int { columns + shear(row: rows - 1) }

    /// Cells one character spans across and down, when a character holds at least one cell.
    var cellsPerCharacter: (across: BigUInt, down: BigUInt)? {
        if case .magnified = scale { return nil }
        let (a, d) = scale.dotsPerCharacter
        return (BigUInt(a) * scale.zoom, BigUInt(d) * scale.zoom)
    }

    /// The cells that the character at (`column`, `row`) of the canvas shows: one cell when
    /// magnified, a block of them when zoomed out.
    public func cells(atColumn column: Int, row: Int) -> CellRect {
        let column = column + shear(row: row)
        switch scale {
        case .magnified(let k):
            let x = originX + BigInt(Canvas.floorDiv(column, 2 * k)), y = originY + BigInt(Canvas.floorDiv(row, k))
            return CellRect(x: x, y: y, width: .one, height: .one)
        default:
            let (across, down) = cellsPerCharacter!
            return CellRect(x: originX + Canvas.times(column, across), y: originY + Canvas.times(row, down), width: across, height: down)
        }
    }

    /// The one cell under the character (`column`, `row`) when a character addresses single
    /// cells (magnified scales), else nil: what hover outlines and what a click toggles.
    public func cell(atColumn column: Int, row: Int) -> (x: BigInt, y: BigInt)? {
        guard case .magnified = scale else { return nil }
        let rect = cells(atColumn: column, row: row)
        return (rect.x, rect.y)
    }

    /// The character position of the cell (`x`, `y`)'s top-left character, when it is within
    /// `Int` range of the canvas (it may still be off-screen).
    public func position(ofX x: BigInt, y: BigInt) -> (column: Int, row: Int)? {
        switch scale {
        case .magnified(let k):
            guard let dx = (x - originX).intValue, let dy = (y - originY).intValue,
                  abs(dx) < Int.max / (4 * k), abs(dy) < Int.max / (4 * k) else { return nil }
            return (dx * 2 * k - shear(row: dy * k), dy * k)
        default:
            let (across, down) = cellsPerCharacter!
            guard let column = (x - originX).floorDivided(by: across).quotient.intValue,
                  let row = (y - originY).floorDivided(by: down).quotient.intValue,
                  abs(column) < Int.max / 2, abs(row) < Int.max / 2 else { return nil }
            return (column - shear(row: row), row)
        }
    }

    /// Characters a cell spans when magnified (2k across, k down).
    var characterSpan: (across: Int, down: Int)? {
        if case .magnified(let k) = scale { return (2 * k, k) }
        return nil
    }

    /// The cells the canvas shows (whole characters; a magnified cell cut by the right or bottom
    /// edge counts): on a hexagonal canvas, the rectangle that holds every sheared row.
    public var visibleCells: CellRect {
        let covered = coveredColumns
        switch scale {
        case .magnified(let k):
            return CellRect(x: originX, y: originY, width: BigUInt((covered + 2 * k - 1) / (2 * k)), height: BigUInt((rows + k - 1) / k))
        default:
            let (across, down) = cellsPerCharacter!
            return CellRect(x: originX, y: originY, width: BigUInt(covered) * across, height: BigUInt(rows) * down)
        }
    }

    /// The engine's view of the canvas: one block per dot (per cell when magnified), over
    /// `visibleCells`.
    public var viewport: Viewport {
        let covered = coveredColumns
        switch scale {
        case .magnified(let k):
            return Viewport(x: originX, y: originY, columns: (covered + 2 * k - 1) / (2 * k), rows: (rows + k - 1) / k)
        default:
            let (a, d) = scale.dotsPerCharacter
            return Viewport(x: originX, y: originY, columns: covered * a, rows: rows * d, zoom: scale.zoom)
        }
    }

    /// The cell under the centre character (the one `centre(on:)` puts there): with the
    /// scale, it gives back this exact view at this size.
    public var centreCell: (x: BigInt, y: BigInt) {
        let rect = cells(atColumn: columns / 2, row: rows / 2)
        return (rect.x, rect.y)
    }

    // MARK: Moving

    /// Puts the cell (`x`, `y`) under the centre character.
    public mutating func centre(on x: BigInt, _ y: BigInt) {
        place(x, y, atColumn: columns / 2, row: rows / 2)
    }

    /// Moves the view so the cell (`x`, `y`) is under the character (`column`, `row`).
    public mutating func place(_ x: BigInt, _ y: BigInt, atColumn column: Int, row: Int) {
        let column = column + shear(row: row)
        switch scale {
        case .magnified(let k):
            originX = x - BigInt(Canvas.floorDiv(column, 2 * k))
            originY = y - BigInt(Canvas.floorDiv(row, k))
        default:
            let (across, down) = cellsPerCharacter!
            originX = x - Canvas.times(column, across)
            originY = y - Canvas.times(row, down)
        }
    }

    /// Moves the view by `columns`×`rows` characters (whole cells when magnified, at least one).
    public mutating func pan(columns dc: Int, rows dr: Int) {
        switch scale {
        case .magnified(let k):
            if dc != 0 { originX += BigInt(dc.signum() * max(1, abs(dc) / (2 * k))) }
            if dr != 0 { originY += BigInt(dr.signum() * max(1, abs(dr) / k)) }
        default:
            let (across, down) = cellsPerCharacter!
            originX += Canvas.times(dc, across)
            originY += Canvas.times(dr, down)
        }
    }

    /// Changes the scale, keeping the cell under (`column`, `row`) (default: the centre) in place.
    public mutating func setScale(_ newScale: CanvasScale, aroundColumn column: Int? = nil, row: Int? = nil) {
        let c = column ?? columns / 2, r = row ?? rows / 2
        let anchor = cells(atColumn: c, row: r)
        scale = newScale
        place(anchor.x, anchor.y, atColumn: c, row: r)
    }

    public mutating func zoomIn(aroundColumn column: Int? = nil, row: Int? = nil) {
        if let nearer = scale.zoomedIn { setScale(nearer, aroundColumn: column, row: row) }
    }

    public mutating func zoomOut(aroundColumn column: Int? = nil, row: Int? = nil) {
        setScale(scale.zoomedOut, aroundColumn: column, row: row)
    }

    // MARK: Helpers

    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

    static func times(_ n: Int, _ m: BigUInt) -> BigInt {
        n >= 0 ? BigInt(BigUInt(n) * m) : -BigInt(BigUInt(-n) * m)
    }
}
