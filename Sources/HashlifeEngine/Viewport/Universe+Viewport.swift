// Answering viewport queries from the tree.
//
// Each block row is a horizontal band of the plane. We walk the tree over the band: empty nodes
// are skipped by identity, a node lying inside one block adds its cached population to that
// block in O(1), and only nodes crossing a block boundary are opened. With a power-of-two zoom
// aligned to the tree the walk stops at the blocks' own level, so the cost grows with the number
// of blocks and the tree's depth, not with the population; other zooms and alignments open the
// nodes along block boundaries, down to the cells where a boundary crosses live cells.
//
// Coordinates are relative to the viewport's top-left, in `Int` while everything fits in 62
// bits and in `BigInt` otherwise, through one generic walk.

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
        var counts = [BigUInt](repeating: .zero, count: viewport.columns)
        if isEmpty { return counts }
        let band = viewport.band(j, rootLevel: level, originX: originX, originY: originY)
        if band.fitsInt {
            var walk = BandWalk<Int>(zoom: band.zoom.intValue!, top: band.top.intValue!, bottom: band.bottom.intValue!,
                                     width: band.width.intValue!)
            walk.visit(root, level: level, x: band.rootX.intValue!, y: band.rootY.intValue!, store: &store, counts: &counts)
        } else {
            var walk = BandWalk<BigInt>(zoom: band.zoom, top: band.top, bottom: band.bottom, width: band.width)
            walk.visit(root, level: level, x: band.rootX, y: band.rootY, store: &store, counts: &counts)
        }
        return counts
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

/// One band's walk: distributes live cells of the band [top, bottom) × [0, width) (relative to
/// the viewport) into blocks of `zoom` columns.
struct BandWalk<C: SignedCoordinate> {
    let zoom: C, top: C, bottom: C, width: C
    let zero = C(0)

    init(zoom: C, top: C, bottom: C, width: C) {
        self.zoom = zoom
        self.top = top
        self.bottom = bottom
        self.width = width
    }

    /// Cells of a node in the band's rows, for nodes that cross the band's top or bottom edge
    /// and lie in one block column: keyed by the node and its top relative to the band's, so
    /// the many equal nodes of a long run along an edge are counted once (a line of 10^9
    /// cells costs its distinct nodes, not its leaves).
    var edgeCounts: [EdgeKey: BigUInt] = [:]
    /// The smallest level whose edge counts are remembered (64×64 cells), and how many edge
    /// nodes a band counts before it starts remembering.
    static var memoLevel: Int { 6 }
    static var memoAfter: Int { 4096 }
    var edgeCalls = 0
    struct EdgeKey: Hashable {
        let id: NodeID
        let y: C
    }

    mutating func visit(_ id: NodeID, level: Int, x: C, y: C, store: inout NodeStore, counts: inout [BigUInt]) {
        if store.isEmpty(id, level: level) { return }
        let side = C.powerOfTwo(level)
        if y >= bottom || y + side <= top || x >= width || x + side <= zero { return }
        if x >= zero && x + side <= width {
            let first = x.floorDivided(by: zoom), last = (x + side - C(1)).floorDivided(by: zoom)
            if first == last {
                counts[first.blockIndex] += y >= top && y + side <= bottom
                    ? store.population(id, level: level) : bandCount(id, level: level, y: y, store: &store)
                return
            }
        }
        if level == NodeStore.leafLevel {
            var bits = store.leafBits(id)
            while bits != 0 {
                let b = bits.trailingZeroBitCount
                bits &= bits - 1
                let cx = x + C(b & 7), cy = y + C(b >> 3)
                if cy >= top && cy < bottom && cx >= zero && cx < width {
                    counts[cx.floorDivided(by: zoom).blockIndex] += BigUInt.one
                }
            }
            return
        }
        let r = store.record(id)
        let half = C.powerOfTwo(level - 1)
        visit(r.nw, level: level - 1, x: x, y: y, store: &store, counts: &counts)
        visit(r.ne, level: level - 1, x: x + half, y: y, store: &store, counts: &counts)
        visit(r.sw, level: level - 1, x: x, y: y + half, store: &store, counts: &counts)
        visit(r.se, level: level - 1, x: x + half, y: y + half, store: &store, counts: &counts)
    }

    /// Live cells of `id` (of `level`, its top at `y`) in the band's rows [top, bottom).
    mutating func bandCount(_ id: NodeID, level: Int, y: C, store: inout NodeStore) -> BigUInt {
        let side = C.powerOfTwo(level)
        if y >= bottom || y + side <= top || store.isEmpty(id, level: level) { return .zero }
        if y >= top && y + side <= bottom { return store.population(id, level: level) }
        if level == NodeStore.leafLevel {
            var bits = store.leafBits(id), count = 0
            while bits != 0 {
                let b = bits.trailingZeroBitCount
                bits &= bits - 1
                let cy = y + C(b >> 3)
                if cy >= top && cy < bottom { count += 1 }
            }
            return BigUInt(count)
        }
        let r = store.record(id)
        let half = C.powerOfTwo(level - 1)
        // Most views cut few nodes and recount them faster than a table looks them up; once a
        // band has cut many (a long run along its edge), nodes of 64×64 cells and up are
        // remembered.
        edgeCalls += 1
        let key = level >= BandWalk.memoLevel && edgeCalls > BandWalk.memoAfter ? EdgeKey(id: id, y: y - top) : nil
        if let key, let known = edgeCounts[key] { return known }
        let upper = bandCount(r.nw, level: level - 1, y: y, store: &store) + bandCount(r.ne, level: level - 1, y: y, store: &store)
        let lower = bandCount(r.sw, level: level - 1, y: y + half, store: &store) + bandCount(r.se, level: level - 1, y: y + half, store: &store)
        let total = upper + lower
        if let key { edgeCounts[key] = total }
        return total
    }
}
