/// A window onto the plane at a zoom: `width`×`height` cells from (`x`, `y`) (the top-left cell,
/// y downwards), each output block covering `zoom`×`zoom` cells.
///
/// The output has `columns` = ceil(width/zoom) by `rows` = ceil(height/zoom) blocks; block (i, j)
/// covers cells [x+i·zoom, x+(i+1)·zoom) × [y+j·zoom, y+(j+1)·zoom). The last column and row may
/// reach past the window's right and bottom edges by less than a block; they count the whole block.
public struct Viewport: Hashable, Sendable, CustomStringConvertible {
    public var x: BigInt
    public var y: BigInt
    public var width: BigUInt
    public var height: BigUInt
    /// Cells per block side, ≥ 1.
    public var zoom: BigUInt

    public init(x: BigInt, y: BigInt, width: BigUInt, height: BigUInt, zoom: BigUInt = .one) {
        precondition(!zoom.isZero, "zoom must be at least 1")
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.zoom = zoom
    }

    /// A viewport of `columns`×`rows` blocks of `zoom` cells from (`x`, `y`).
    public init(x: BigInt, y: BigInt, columns: Int, rows: Int, zoom: BigUInt = .one) {
        self.init(x: x, y: y, width: BigUInt(columns) * zoom, height: BigUInt(rows) * zoom, zoom: zoom)
    }

    /// Blocks across: ceil(width / zoom). Precondition: it fits an `Int` — check `blockCounts`
    /// first for a viewport built from user input (`OutputLimit` in HashlifeRendering does).
    public var columns: Int { Viewport.blocks(width, zoom) }
    /// Blocks down: ceil(height / zoom); the same precondition as `columns`.
    public var rows: Int { Viewport.blocks(height, zoom) }

    /// Blocks across and down, exactly, whatever their size.
    public var blockCounts: (columns: BigUInt, rows: BigUInt) {
        (Viewport.exactBlocks(width, zoom), Viewport.exactBlocks(height, zoom))
    }

    static func exactBlocks(_ length: BigUInt, _ zoom: BigUInt) -> BigUInt {
        let (q, r) = length.quotientAndRemainder(dividingBy: zoom)
        return r.isZero ? q : q + BigUInt.one
    }

    /// Cells in one block: zoom².
    public var blockArea: BigUInt { zoom * zoom }

    static func blocks(_ length: BigUInt, _ zoom: BigUInt) -> Int {
        guard let n = exactBlocks(length, zoom).intValue else { preconditionFailure("viewport has too many blocks; check blockCounts first") }
        return n
    }

    public var description: String { "\(x),\(y),\(width),\(height) zoom \(zoom)" }
}
