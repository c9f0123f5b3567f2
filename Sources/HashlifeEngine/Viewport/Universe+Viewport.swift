// Viewport queries of the two-state universe: live-cell counts of blocks, row by row, from the
// one viewport walk (BandWalk.swift), and the shared geometry of viewports and their bands.

/// Signed coordinates for the viewport walk: `Int` when small, `BigInt` when not.
protocol SignedCoordinate: Comparable, Hashable {
    init(_ small: Int)
    static func powerOfTwo(_ exponent: Int) -> Self
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    /// Floor division by a positive divisor.
    func floorDivided(by divisor: Self) -> Self
    /// The value as an Int (it is a block index, always small).
    var blockIndex: Int { get }
}

extension Int: SignedCoordinate {
    func floorDivided(by divisor: Int) -> Int {
        let q = self / divisor
        return (self % divisor != 0 && self < 0) ? q - 1 : q
    }
    var blockIndex: Int { self }
}

extension BigInt: SignedCoordinate {
    static func powerOfTwo(_ exponent: Int) -> BigInt { BigInt(BigUInt.powerOfTwo(exponent)) }
    func floorDivided(by divisor: BigInt) -> BigInt { floorDivided(by: divisor.magnitude).quotient }
    var blockIndex: Int { intValue! }
}

extension Universe {
    /// Calls `body` with each block row of `viewport`, top to bottom: the live-cell count of
    /// every block, left to right (`viewport.columns` of them). Counts are exact.
    /// - Complexity: per row, O(blocks in the row × tree depth) for power-of-two zooms aligned to
    ///   the block grid; otherwise also the nodes that block boundaries cut.
    public func forEachBlockRow(of viewport: Viewport, _ body: (_ row: Int, _ counts: [BigUInt]) -> Void) {
        let rows = blockRows(of: viewport)
        for j in 0..<viewport.rows { body(j, rows.row(j)) }
    }

    /// A producer of `viewport`'s block rows, asked for row by row (streaming: nothing beyond
    /// one row is held).
    public func blockRows(of viewport: Viewport) -> ViewportRows { ViewportRows(universe: self, viewport: viewport) }

    /// Live-cell counts of block row `j` (see `forEachBlockRow`).
    func blockRow(_ j: Int, of viewport: Viewport) -> [BigUInt] {
        var memo: Void = ()
        return store.blockRow(j, of: viewport, frame: frame, memo: &memo)
    }

    /// The viewport of `columns`×`rows` blocks that shows every live cell inside its inner 60 %:
    /// a 20 % margin (rounded down, in blocks) stays free on every side (a
    /// 10×10 view keeps its outer 2 rows and columns free). The zoom is the smallest power of
    /// two that fits; the pattern is centred (`Viewport.fitting`). Nil when nothing is alive.
    public func fit(columns: Int, rows: Int) -> Viewport? {
        precondition(columns > 0 && rows > 0, "viewport needs at least one block")
        return boundingBox.map { Viewport.fitting($0, columns: columns, rows: rows) }
    }
}

/// Where block row `j` of a viewport lies, relative to the viewport's top-left cell: the
/// root's top-left, the band's top and bottom, the blocks' size and the row's width
/// (`Viewport.band`); what the band walks of both kinds of universe start from.
struct ViewportBand {
    let rootX: BigInt, rootY: BigInt
    let zoom: BigInt, top: BigInt, bottom: BigInt, width: BigInt
    /// Do the walk's coordinates all fit `Int` (below 2^61, a root of level 60 at most)? Then
    /// the walk runs on `Int` rather than `BigInt`.
    let fitsInt: Bool
}

extension Viewport {
    /// Block row `j`'s band for a root of level `rootLevel` whose top-left cell is
    /// (`originX`, `originY`).
    func band(_ j: Int, rootLevel: Int, originX: BigInt, originY: BigInt) -> ViewportBand {
        let rootX = originX - x, rootY = originY - y
        let zoom = BigInt(self.zoom)
        let top = zoom * BigInt(j), bottom = top + zoom
        let width = BigInt(columns) * zoom
        let limit = BigInt(1 << 61).magnitude
        let fitsInt = rootLevel <= 60 && rootX.magnitude < limit && rootY.magnitude < limit
            && width.magnitude < limit && bottom.magnitude < limit
        return ViewportBand(rootX: rootX, rootY: rootY, zoom: zoom, top: top, bottom: bottom, width: width, fitsInt: fitsInt)
    }
}

extension Viewport {
    /// The viewport of `columns`×`rows` blocks that shows `box` inside its inner 60 %, as
    /// `Universe.fit` does: a 20 % margin (rounded down, in blocks) on every
    /// side, the smallest power-of-two zoom that fits, the box's centre at the centre. For a
    /// box that is not one pattern's bounds: the union of an animation's frames.
    public static func fitting(_ box: CellRect, columns: Int, rows: Int) -> Viewport {
        precondition(columns > 0 && rows > 0, "viewport needs at least one block")
        let innerColumns = max(columns - 2 * (columns / 5), 1), innerRows = max(rows - 2 * (rows / 5), 1)
        var zoom = BigUInt.one
        while BigUInt(innerColumns) * zoom < box.width || BigUInt(innerRows) * zoom < box.height { zoom = zoom << 1 }
        let width = BigInt(BigUInt(columns) * zoom), height = BigInt(BigUInt(rows) * zoom)
        let x = box.x + (BigInt(box.width) >> 1) - (width >> 1)
        let y = box.y + (BigInt(box.height) >> 1) - (height >> 1)
        return Viewport(x: x, y: y, columns: columns, rows: rows, zoom: zoom)
    }

}

/// Block rows of a viewport, produced on demand.
public struct ViewportRows {
    let universe: Universe
    public let viewport: Viewport
    public var columns: Int { viewport.columns }
    public var rows: Int { viewport.rows }
    public var blockArea: BigUInt { viewport.blockArea }
    /// Live-cell counts of block row `index`.
    public func row(_ index: Int) -> [BigUInt] { universe.blockRow(index, of: viewport) }
}

/// The two-state store's blocks for the viewport walk: live-cell counts, from the store's
/// cached populations.
extension NodeStore: BlockTree {
    static var emptyBlock: BigUInt { .zero }

    @inline(__always)
    static func merge(_ block: inout BigUInt, _ other: BigUInt) { block += other }

    mutating func block(of id: NodeID, level: Int, memo: inout Void) -> BigUInt { population(id, level: level) }

    func forEachLeafCell(_ id: NodeID, _ body: (_ dx: Int, _ dy: Int, _ cell: BigUInt) -> Void) {
        var bits = leafBits(id)
        while bits != 0 {
            let b = bits.trailingZeroBitCount
            bits &= bits - 1
            body(b & 7, b >> 3, .one)
        }
    }
}
