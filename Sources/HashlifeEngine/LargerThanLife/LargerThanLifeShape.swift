// LargerThanLifeShape.swift — the neighbourhood shapes of Larger than Life, as Golly defines
// them (ltlalgo.cpp), and the cells each one counts.

/// The grid a custom or weighted neighbourhood is drawn for (its `H` or `L` suffix): on the
/// triangular grid, cells whose x + y is odd use the shape turned upside down.
public enum LargerThanLifeGridType: Character, Hashable, Sendable {
    case square = " "
    case hexagonal = "H"
    case triangular = "L"
}

/// A neighbourhood shape of range r (offsets dx to the right, dy downwards):
/// - `moore` (M): the (2r+1)² square; `vonNeumann` (N): |dx| + |dy| ≤ r;
/// - `circular` (C): w² + dy² ≤ r² + r, where w is the row's half width; `euclidean` (2):
///   w² + dy² ≤ r²;
/// - `checkerboard` (B): dx + dy odd, and the cell itself; `alignedCheckerboard` (D): dx + dy
///   even;
/// - `cross` (+): the row and the column; `saltire` (X): the two diagonals; `star` (*): both;
///   `hash` (#): rows ±1 and columns ±1 across the square, with the 3×3 core;
/// - `hexagonal` (H): dy < 0: −r ≤ dx ≤ r + dy, dy ≥ 0: −r + dy ≤ dx ≤ r; `asterisk` (A): the
///   row, the column and the diagonal dx = dy; `tripod` (3): the column above, the row to the
///   left and the diagonal down to the right;
/// - `triangular` (L): for a cell with x + y even, dy ∈ [−r, −1] with |dx| ≤ 2r + 1 + dy and
///   dy ∈ [0, r] with |dx| ≤ 2r − dy; cells with x + y odd use it upside down;
/// - `gaussian` (G): every cell of the square, weighted (r + 1 − |dx|)(r + 1 − |dy|), plus one
///   for the cell itself when it is not empty;
/// - `weighted` (W): a weight from −7 to 7 (or −127 to 127) for each cell of the square, and
///   optionally a weight for each state;
/// - `custom` (@): the cells a hexadecimal bitmap of the square sets, and the cell itself.
public enum LargerThanLifeShape: Hashable, Sendable {
    case moore, vonNeumann, circular, euclidean, checkerboard, alignedCheckerboard
    case cross, saltire, star, hash, hexagonal, asterisk, tripod, triangular, gaussian
    /// Weights row by row over the (2r+1)² square; state weights by state, or nil (state 1
    /// counts 1, the others 0); the text after `W` as written.
    case weighted(weights: [Int], stateWeights: [Int]?, gridType: LargerThanLifeGridType, text: String)
    /// The cells counted, as (dx, dy) pairs; the text after `@` as written.
    case custom(cells: [Int], gridType: LargerThanLifeGridType, text: String)

    /// The letter Golly writes after `N`.
    public var letter: Character {
        switch self {
        case .moore: "M"
        case .vonNeumann: "N"
        case .circular: "C"
        case .euclidean: "2"
        case .checkerboard: "B"
        case .alignedCheckerboard: "D"
        case .cross: "+"
        case .saltire: "X"
        case .star: "*"
        case .hash: "#"
        case .hexagonal: "H"
        case .asterisk: "A"
        case .tripod: "3"
        case .triangular: "L"
        case .gaussian: "G"
        case .weighted: "W"
        case .custom: "@"
        }
    }

    var suffixText: String {
        switch self {
        case let .weighted(_, _, _, text), let .custom(_, _, text): text
        default: ""
        }
    }

    /// True for the shapes drawn on the triangular grid (cells with x + y odd see the shape
    /// upside down).
    var isTriangular: Bool {
        switch self {
        case .triangular: true
        case let .weighted(_, _, gridType, _), let .custom(_, gridType, _): gridType == .triangular
        default: false
        }
    }

    /// How far from a cell its neighbourhood reaches (Golly's internal range: twice the range
    /// for the triangular L).
    func extent(range r: Int) -> Int { self == .triangular ? 2 * r : r }

    /// The most cells in state 1 a neighbourhood of range `r` counts besides the cell itself
    /// (Golly's `max_neighbors`; for W and @ the count their text gives).
    static func maximumCount(_ letter: Character, range r: Int, customCount: Int) -> Int {
        let side = 2 * r + 1
        switch letter {
        case "M": return side * side - 1
        case "N": return 2 * r * (r + 1)
        case "C": return rowHalfWidths(range: r, radiusSquared: r * r + r).reduce(0) { $0 + 2 * $1 + 1 } - 1
        case "2": return rowHalfWidths(range: r, radiusSquared: r * r).reduce(0) { $0 + 2 * $1 + 1 } - 1
        case "+", "X": return 4 * r
        case "*", "#": return 8 * r
        case "H": return side * side - r * (r + 1) - 1
        case "B", "D": return (side * side - 1) / 2
        case "3": return 3 * r
        case "A": return 6 * r
        case "L": return (4 * r + 1) * side - 2 * r * r - 1
        case "G": return (r + 1) * (r + 1) * (r + 1) * (r + 1)
        default: return customCount
        }
    }

    /// For each dy from −r to r, the largest w with w² + dy² ≤ `radiusSquared`.
    static func rowHalfWidths(range r: Int, radiusSquared: Int) -> [Int] {
        (-r...r).map { dy in
            var w = 0
            while (w + 1) * (w + 1) + dy * dy <= radiusSquared { w += 1 }
            return w
        }
    }
}

/// A run of cells of one row of a neighbourhood: dx from `low` to `high` in steps of `stride`
/// (1, or 2 for the checkerboards), on row dy.
struct LargerThanLifeSpan: Hashable, Sendable {
    var dy: Int
    var low: Int
    var high: Int
    var stride: Int
}

extension LargerThanLifeShape {
    /// The shape's cells as row runs for a cell whose x + y has parity `parity` (it matters
    /// for the triangular shapes only); nil for the weighted shapes (G and W), counted cell by
    /// cell with their weights. Every shape counts the cell itself (when in state 1).
    func spans(range r: Int, parity: Int) -> [LargerThanLifeSpan]? {
        typealias S = LargerThanLifeSpan
        func single(_ dx: Int, _ dy: Int) -> S { S(dy: dy, low: dx, high: dx, stride: 1) }
        func row(_ dy: Int, _ w: Int) -> S { S(dy: dy, low: -w, high: w, stride: 1) }
        switch self {
        case .moore: return (-r...r).map { row($0, r) }
        case .vonNeumann: return (-r...r).map { row($0, r - abs($0)) }
        case .circular: return zip(-r...r, Self.rowHalfWidths(range: r, radiusSquared: r * r + r)).map { row($0, $1) }
        case .euclidean: return zip(-r...r, Self.rowHalfWidths(range: r, radiusSquared: r * r)).map { row($0, $1) }
        case .checkerboard, .alignedCheckerboard:
            let odd = self == .checkerboard ? 1 : 0
            var spans: [S] = (-r...r).map { dy in
                let low = ((-r + dy) & 1) == odd ? -r : -r + 1
                let high = ((r + dy) & 1) == odd ? r : r - 1
                return S(dy: dy, low: low, high: high, stride: 2)
            }
            if odd == 1 { spans.append(single(0, 0)) }
            return spans
        case .cross:
            return [row(0, r)] + (1...r).flatMap { [single(0, -$0), single(0, $0)] }
        case .saltire:
            return [single(0, 0)] + (1...r).flatMap { [single(-$0, -$0), single($0, -$0), single(-$0, $0), single($0, $0)] }
        case .star:
            return [row(0, r)] + (1...r).flatMap { d in
                [-d, d].flatMap { dy in [single(-d, dy), single(0, dy), single(d, dy)] }
            }
        case .hash:
            var spans = [row(-1, r), row(1, r), row(0, 1)]
            if r >= 2 {
                for d in 2...r { spans += [single(-1, -d), single(1, -d), single(-1, d), single(1, d)] }
            }
            return spans
        case .hexagonal:
            return (-r...r).map { dy in dy < 0 ? S(dy: dy, low: -r, high: r + dy, stride: 1) : S(dy: dy, low: -r + dy, high: r, stride: 1) }
        case .asterisk:
            return [row(0, r)] + (1...r).flatMap { d in [single(0, -d), single(-d, -d), single(0, d), single(d, d)] }
        case .tripod:
            return [S(dy: 0, low: -r, high: 0, stride: 1)] + (1...r).flatMap { d in [single(0, -d), single(d, d)] }
        case .triangular:
            if parity == 0 {
                return (-r...r).map { dy in row(dy, dy < 0 ? 2 * r + 1 + dy : 2 * r - dy) }
            }
            return (-r...r).map { dy in row(dy, dy <= 0 ? 2 * r + dy : 2 * r + 1 - dy) }
        case let .custom(cells, gridType, _):
            let flip = gridType == .triangular && parity == 1 ? -1 : 1
            return stride(from: 0, to: cells.count, by: 2).map { single(cells[$0], flip * cells[$0 + 1]) }
        case .gaussian, .weighted:
            return nil
        }
    }

    /// The weight of each cell of the (2r+1)² square, row by row, for a cell of `parity` (G and
    /// W; the triangular W reads its rows upside down for odd cells). G adds one more for the
    /// cell itself when it is not empty (the stepper does that).
    func weights(range r: Int, parity: Int) -> [Int] {
        let side = 2 * r + 1
        switch self {
        case .gaussian:
            return (0..<side * side).map { i in (r + 1 - abs(i % side - r)) * (r + 1 - abs(i / side - r)) }
        case let .weighted(weights, _, gridType, _):
            guard gridType == .triangular && parity == 1 else { return weights }
            return (0..<side * side).map { i in weights[(side - 1 - i / side) * side + i % side] }
        default:
            preconditionFailure("weights of an unweighted shape")
        }
    }
}
