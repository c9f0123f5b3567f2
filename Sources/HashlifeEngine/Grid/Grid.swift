// Grid.swift — a bounded grid, Golly's ":T…", ":P…", ":K…", ":C…", ":S…" rule suffixes.
//
// The type a Rule carries (`Rule.grid`, nil for the unbounded plane): its topology, sizes,
// shift and twist, where it lies, and how its edges join (the cell a neighbour outside the grid
// stands for). Parsing is in Grid+Parsing.swift, stepping in Universe+Grid.swift and
// GridBitmap.swift. Standard library only.

/// A bounded grid as Golly writes it after a rule's ':' (its Help/bounded.html). A width or
/// height of 0 leaves that direction unbounded (tubes `:T0,20`, strips `:P30,0`).
///
/// Coordinates are Golly's: the top-left cell is (−⌊w/2⌋, −⌊h/2⌋), so a 24×24 torus runs from
/// −12 to 11 in both directions and a 5×3 one from −2…2 by −1…1.
public struct Grid: Hashable, Sendable, CustomStringConvertible {
    /// How the edges are joined.
    public enum Topology: Character, Sendable, CaseIterable {
        /// Flat: every cell beyond an edge is dead.
        case plane = "P"
        /// Opposite edges joined (a tube when one size is 0), optionally with a shift.
        case torus = "T"
        /// Opposite edges joined, one pair with a half turn (twist).
        case kleinBottle = "K"
        /// Both pairs of opposite edges joined with a twist (the projective plane).
        case crossSurface = "C"
        /// Top edge joined to the left edge, bottom to the right (square only).
        case sphere = "S"
    }

    /// Which pair of edges a Klein bottle twists (Golly's `*` after the width or the height).
    public enum Twist: Sendable, Hashable {
        /// `:Kw*,h`: the top and bottom edges are joined with x reversed.
        case horizontal
        /// `:Kw,h*`: the left and right edges are joined with y reversed.
        case vertical
    }

    /// The largest width or height Golly accepts.
    public static let maximumSize = 2_000_000_000

    public let topology: Topology
    /// Width in cells; 0 is unbounded (torus and plane only).
    public let width: Int
    /// Height in cells; 0 is unbounded (torus and plane only).
    public let height: Int
    /// Torus: the shift on the horizontal edges (`:Tw+s,h`), |s| < width, sign as written.
    public let horizontalShift: Int
    /// Torus: the shift on the vertical edges (`:Tw,h+s`), |s| < height, sign as written.
    public let verticalShift: Int
    /// Klein bottle: which edges are twisted; nil for the other topologies.
    public let twist: Twist?
    /// Klein bottle: the twisted edges are also shifted by one cell (Golly does this only when the
    /// twisted edge has an even number of cells, whatever shift was written).
    public let twistShifted: Bool

    /// A grid from its parts, normalized as Golly does; nil for a combination Golly refuses.
    public init?(topology: Topology, width: Int, height: Int, horizontalShift: Int = 0, verticalShift: Int = 0,
                 twist: Twist? = nil) {
        guard (0...Grid.maximumSize).contains(width), (0...Grid.maximumSize).contains(height),
              width > 0 || height > 0 else { return nil }
        guard horizontalShift == 0 || verticalShift == 0 else { return nil }
        switch topology {
        case .plane, .crossSurface:
            guard horizontalShift == 0 && verticalShift == 0 && twist == nil else { return nil }
        case .sphere:
            guard width == height, horizontalShift == 0 && verticalShift == 0 && twist == nil else { return nil }
        case .torus:
            guard twist == nil, horizontalShift == 0 && verticalShift == 0 || width > 0 && height > 0 else { return nil }
        case .kleinBottle:
            guard let twist else { return nil }
            guard twist == .horizontal ? verticalShift == 0 : horizontalShift == 0 else { return nil }
        }
        if topology != .plane && topology != .torus && (width == 0 || height == 0) { return nil }
        self.topology = topology
        self.width = width
        self.height = height
        self.twist = twist
        if topology == .kleinBottle {
            let shifted = horizontalShift != 0 || verticalShift != 0
            twistShifted = shifted && (twist == .horizontal ? width : height) % 2 == 0
            self.horizontalShift = 0
            self.verticalShift = 0
        } else {
            twistShifted = false
            self.horizontalShift = width > 0 ? horizontalShift % width : 0
            self.verticalShift = height > 0 ? verticalShift % height : 0
        }
    }

    /// Leftmost column (−⌊width/2⌋; 0 when the width is unbounded).
    public var left: Int { -(width / 2) }
    /// Top row (−⌊height/2⌋; 0 when the height is unbounded).
    public var top: Int { -(height / 2) }

    /// True when a cell at (`x`, `y`) lies on the grid (always, along an unbounded direction).
    public func contains(x: BigInt, y: BigInt) -> Bool {
        (width == 0 || (BigInt(left) <= x && x < BigInt(left + width)))
            && (height == 0 || (BigInt(top) <= y && y < BigInt(top + height)))
    }

    /// The grid's cells as a rectangle; nil when a direction is unbounded.
    public var rect: CellRect? {
        width > 0 && height > 0 ? CellRect(x: left, y: top, width: width, height: height) : nil
    }

    /// Cells on the grid (0 when a direction is unbounded): exact, at most 4·10^18.
    public var area: Int { width * height }

    /// Is stepping this grid a periodic tiling of the plane (torus, tube, Klein bottle), which
    /// Hashlife can jump, for a rule with these symmetries? Klein bottles need an isotropic rule
    /// (their tiling is mirrored); a plane, sphere and cross-surface never tile.
    func tiles(isotropicRule: Bool) -> Bool {
        switch topology {
        case .torus: true
        case .kleinBottle: isotropicRule
        case .plane, .sphere, .crossSurface: false
        }
    }

    /// Canonical suffix text including the leading ':', exactly as Golly's `canonicalsuffix`
    /// writes it: ":P30,20", ":T30+5,20", ":T30,20-2", ":K30*,20", ":K30,20*+1", ":C30,20", ":S30".
    public var description: String {
        switch topology {
        case .plane:
            return ":P\(width),\(height)"
        case .sphere:
            return ":S\(width)"
        case .crossSurface:
            return ":C\(width),\(height)"
        case .kleinBottle:
            let mark = twistShifted ? "*+1" : "*"
            return twist == .horizontal ? ":K\(width)\(mark),\(height)" : ":K\(width),\(height)\(mark)"
        case .torus:
            func signed(_ s: Int) -> String { s == 0 ? "" : s > 0 ? "+\(s)" : "\(s)" }
            return ":T\(width)\(signed(horizontalShift)),\(height)\(signed(verticalShift))"
        }
    }
}
