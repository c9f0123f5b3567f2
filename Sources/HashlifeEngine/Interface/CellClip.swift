// CellClip.swift — a rectangle of cells with their states, from any universe.
//
// A two-state universe keeps a clip as a pinned subtree (`PatternClip`: any size, O(1) to
// copy); the other families keep a list of cells (`MultiStateClip`, at most
// `CellClip.maximumCells`). A clip pastes into a universe of any family whose rule has every
// state it holds: between families it is copied cell by cell.

/// A `width`×`height` rectangle of cells with their states, copied from a universe or built
/// from cells: the clipboard's content, a stamp, a shape.
public struct CellClip {
    enum Content {
        /// A subtree of `owner`'s store.
        case tree(PatternClip, owner: Universe)
        case cells(MultiStateClip)
    }

    let content: Content

    /// The most non-empty cells a clip copied cell by cell holds (2^22).
    public static let maximumCells = MultiStateClip.maximumCells

    init(tree clip: PatternClip, owner: Universe) { content = .tree(clip, owner: owner) }
    init(cells clip: MultiStateClip) { content = .cells(clip) }

    /// A clip of `width`×`height` holding `cells` (offsets inside the rectangle, in any order;
    /// cells in state 0 are dropped).
    /// - Precondition: every cell is inside the rectangle.
    public init(width: Int, height: Int, cells: [(x: Int, y: Int, state: UInt8)]) {
        content = .cells(MultiStateClip(width: width, height: height, cells: cells.map { .init(dx: $0.x, dy: $0.y, state: $0.state) }))
    }

    public var width: BigUInt {
        switch content {
        case .tree(let clip, _): clip.width
        case .cells(let clip): BigUInt(clip.width)
        }
    }

    public var height: BigUInt {
        switch content {
        case .tree(let clip, _): clip.height
        case .cells(let clip): BigUInt(clip.height)
        }
    }

    /// Cells not in state 0.
    public var population: BigUInt {
        switch content {
        case .tree(let clip, _): clip.population
        case .cells(let clip): BigUInt(clip.population)
        }
    }

    public var isEmpty: Bool { population.isZero }

    /// The highest state the clip holds (0 when empty).
    public var highestState: UInt8 {
        switch content {
        case .tree(let clip, _): clip.isEmpty ? 0 : 1
        case .cells(let clip): clip.highestState
        }
    }

    /// The clip's cells not in state 0, as offsets from its top-left.
    /// - Throws: `.tooLarge` when a side does not fit an `Int` or it holds more than
    ///   `maximumCells` cells.
    public func cells() throws(RegionError) -> [(x: Int, y: Int, state: UInt8)] {
        switch content {
        case .cells(let clip):
            return clip.cells.map { ($0.dx, $0.dy, $0.state) }
        case .tree(let clip, let owner):
            guard clip.width.intValue.map({ $0 < 1 << 62 }) == true, clip.height.intValue.map({ $0 < 1 << 62 }) == true,
                  let count = clip.population.intValue, count <= CellClip.maximumCells else {
                throw .tooLarge(width: clip.width, height: clip.height, population: clip.population)
            }
            var cells: [(x: Int, y: Int, state: UInt8)] = []
            cells.reserveCapacity(count)
            owner.forEachLiveCell(of: clip) { dx, dy in cells.append((dx, dy, 1)) }
            return cells
        }
    }

    /// The clip as a list of cells (for a family that keeps clips cell by cell).
    func cellClip() throws(RegionError) -> MultiStateClip {
        if case .cells(let clip) = content { return clip }
        let w = width.intValue!, h = height.intValue!
        return MultiStateClip(width: w, height: h, cells: try cells().map { .init(dx: $0.x, dy: $0.y, state: $0.state) })
    }

    /// The clip's cells turned or flipped as `transform` says, cell by cell.
    func transformedCells(_ transform: PatternTransform) throws(RegionError) -> CellClip {
        let clip = try cellClip()
        let (w, h) = (clip.width, clip.height)
        let moved = clip.cells.map { c -> MultiStateClip.Cell in
            let (dx, dy): (Int, Int) = switch transform {
            case .rotateClockwise: (h - 1 - c.dy, c.dx)
            case .rotateCounterclockwise: (c.dy, w - 1 - c.dx)
            case .rotate180: (w - 1 - c.dx, h - 1 - c.dy)
            case .flipHorizontal: (w - 1 - c.dx, c.dy)
            case .flipVertical: (c.dx, h - 1 - c.dy)
            }
            return .init(dx: dx, dy: dy, state: c.state)
        }
        return CellClip(cells: MultiStateClip(width: transform.swapsSides ? h : w, height: transform.swapsSides ? w : h, cells: moved))
    }
}
