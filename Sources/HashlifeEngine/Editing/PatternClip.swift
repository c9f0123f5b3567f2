// Editing the plane by regions: the clip (a rectangle of cells kept as a subtree), paste
// modes, rotations and flips, and their errors.
//
// Every operation here works on the quadtree, never cell by cell (random fill excepted, which
// draws one number a cell): cropping is four half-plane masks that open only the nodes the
// rectangle's edges cross; moving a pattern to any position is a re-alignment of its tree
// (`NodeStore.window`); rotating and flipping permute children, memoized per node. So copying,
// pasting and rotating a pattern of 10^8 cells costs its distinct nodes, at any coordinate.

/// A rectangle of cells taken out of a universe (or built for it): the clipboard's content, a
/// stamp, a shape. Its cells are kept as a subtree of the universe's node store, pinned like a
/// `UniverseState`'s root, so collections never free them while the clip exists.
///
/// The clip's own coordinates run from (0, 0), its top-left, to (`width` - 1, `height` - 1);
/// it holds no live cell outside that rectangle. A clip belongs to the universe that made it
/// (`Universe.importing(_:from:)` copies one into another). Copying a clip value is O(1).
public struct PatternClip {
    let pin: PinnedRoot
    var node: NodeID { pin.id }
    /// The node's level: it is a square of 2^level cells holding the rectangle.
    let level: Int
    /// The rectangle's top-left inside the node.
    let left: BigUInt
    let top: BigUInt
    /// The rectangle's size (the size of the region copied, not of its live cells' bounding box).
    public let width: BigUInt
    public let height: BigUInt
    /// Live cells in the clip.
    public let population: BigUInt

    /// True when the clip holds no live cell.
    public var isEmpty: Bool { population.isZero }
}

/// How a pasted clip combines with the cells of the pasted rectangle (the clip's size, its
/// top-left at the paste position). Cells outside that rectangle never change.
public enum PasteMode: String, Sendable, CaseIterable {
    /// Live cells only: a cell ends alive when it was alive or is
    /// alive in the clip.
    case or
    /// Replace: the rectangle ends exactly as the clip.
    case copy
    /// A cell ends alive when exactly one of the universe and the clip has it alive.
    case xor
    /// A cell ends alive when both the universe and the clip have it alive.
    case and
}

/// A rotation or flip of a pattern. Of a rectangle of `width` × `height`, rotations make one of
/// `height` × `width`, flips one of the same size.
public enum PatternTransform: String, Sendable, CaseIterable {
    /// A quarter turn clockwise (on screen, y downwards): the top row becomes the right column.
    case rotateClockwise
    /// A quarter turn counter-clockwise: the top row becomes the left column.
    case rotateCounterclockwise
    /// A half turn.
    case rotate180
    /// Mirror left to right (x reversed): Golly's "flip left-right".
    case flipHorizontal
    /// Mirror top to bottom (y reversed): Golly's "flip top-bottom".
    case flipVertical

    var symmetry: SquareSymmetry {
        switch self {
        case .rotateClockwise: SquareSymmetry(transposes: true, mirrorsX: true, mirrorsY: false)
        case .rotateCounterclockwise: SquareSymmetry(transposes: true, mirrorsX: false, mirrorsY: true)
        case .rotate180: SquareSymmetry(transposes: false, mirrorsX: true, mirrorsY: true)
        case .flipHorizontal: SquareSymmetry(transposes: false, mirrorsX: true, mirrorsY: false)
        case .flipVertical: SquareSymmetry(transposes: false, mirrorsX: false, mirrorsY: true)
        }
    }

    /// True for the quarter turns, which swap width and height.
    public var swapsSides: Bool { self == .rotateClockwise || self == .rotateCounterclockwise }
}

/// Why a region operation was refused; the universe is unchanged.
public enum RegionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A random fill's density is not a number from 0 to 1.
    case invalidDensity(Double)
    /// A random fill of `cells` cells (it draws one number a cell) above the `maximum` allowed.
    case tooManyCells(cells: BigUInt, maximum: Int)
    /// A region that must be copied cell by cell (a clip between families, or of a family
    /// that keeps clips as cell lists) is larger than `CellClip.maximumCells` cells, or a side
    /// does not fit an `Int`.
    case tooLarge(width: BigUInt, height: BigUInt, population: BigUInt)
    /// A clip or fill holds a state the rule lacks.
    case stateOutOfRange(state: UInt8, rule: AnyRule)

    public var description: String {
        switch self {
        case let .invalidDensity(d): "density \(d) is not a number from 0 to 1"
        case let .tooManyCells(cells, maximum):
            "a random fill of \(cells) cells is too large (at most \(maximum) cells: it draws one random number a cell)"
        case let .tooLarge(width, height, population):
            "the region is too large to copy cell by cell (\(width)×\(height) cells, population \(population); at most \(CellClip.maximumCells) non-empty cells)"
        case let .stateOutOfRange(state, rule):
            "the cells include state \(state); rule \(rule) has states 0 to \(rule.stateCount - 1)"
        }
    }
}
