import HashlifeEngine

// Cells at any distance. The settled test works on machine integers where it can: the live
// cells are cut into regions (cells closer than `regionGap` in both axes share one), each a
// corner anywhere in the plane plus Int offsets, so objects, shapes and phases are Int arrays
// while positions and the motions that compare them stay exact (`BigInt`).

/// A cell anywhere in the plane.
struct BigPoint: Hashable {
    var x: BigInt
    var y: BigInt
}

/// Live cells near each other: a corner anywhere and offsets from it.
struct Region {
    var x: BigInt
    var y: BigInt
    var cells: [SIMD2<Int>]

    /// The box of `offsets` (offsets from this region's corner), placed.
    func box(of offsets: [SIMD2<Int>]) -> BigBox? {
        let b = Box(offsets)
        if b.isEmpty { return nil }
        return BigBox(x0: x + b.x0, y0: y + b.y0, x1: x + b.x1, y1: y + b.y1)
    }
}

/// A rectangle of cells anywhere, inclusive bounds.
struct BigBox: Hashable {
    var x0, y0, x1, y1: BigInt

    func union(_ other: BigBox) -> BigBox {
        BigBox(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }
}

/// Constant motion: (`dx`, `dy`) every `period` (> 0) generations.
struct Velocity: Hashable {
    var dx: Int
    var dy: Int
    var period: Int
}

extension LifeUniverse {
    /// The live cells relative to (`x`, `y`), which must lie within Int offsets of them all;
    /// nil when a cell is in a state other than 1 (the settled test's ash and ships are live
    /// cells alone).
    func offsets(from x: BigInt, _ y: BigInt) -> [SIMD2<Int>]? {
        guard let box = boundingBox else { return [] }
        let bx = (box.x - x).intValue!, by = (box.y - y).intValue!
        var cells: [SIMD2<Int>] = []
        var onlyOnes = true
        forEachCellOffset(in: box) { dx, dy, state in
            cells.append(SIMD2(bx + dx, by + dy))
            if state != 1 { onlyOnes = false }
        }
        return onlyOnes ? cells : nil
    }

    /// Replaces the contents with cells in state 1 at `offsets` from (`x`, `y`).
    func load(_ offsets: [SIMD2<Int>], at x: BigInt, _ y: BigInt) {
        load(cellStates: offsets.map { (x: $0.x, y: $0.y, state: 1) }, originX: x, originY: y)
    }
}

extension Classifier {
    /// Cells this close in both axes are always in one region; regions are at least this far
    /// apart in some axis.
    static let regionGap = 1 << 20
    /// A bounding box up to this side is one region (Int offsets, the common case).
    static let wholeRegionSide = 1 << 40

    /// The live cells of `universe` as regions, or nil when it has more than `limit` or a cell
    /// in a state other than 1.
    /// - Complexity: O(population) when the cells fit one `wholeRegionSide` box; else O(population)
    ///   big-integer operations.
    static func regions(of universe: any LifeUniverse, limit: Int) -> [Region]? {
        guard let population = universe.population.intValue, population <= limit else { return nil }
        guard let box = universe.boundingBox else { return [] }
        if let w = box.width.intValue, let h = box.height.intValue, w <= wholeRegionSide, h <= wholeRegionSide {
            return universe.offsets(from: box.x, box.y).map { [Region(x: box.x, y: box.y, cells: $0)] }
        }
        // Far apart: cells by square of side `regionGap`, squares joined with their 8 neighbours.
        let shift = regionGap.trailingZeroBitCount
        var squares: [BigPoint: [BigPoint]] = [:]
        var onlyOnes = true
        universe.forEachCell(in: nil) { x, y, state in
            squares[BigPoint(x: x >> shift, y: y >> shift), default: []].append(BigPoint(x: x, y: y))
            if state != 1 { onlyOnes = false }
        }
        guard onlyOnes else { return nil }
        var joined = Set<BigPoint>()
        var result: [Region] = []
        for start in squares.keys.sorted(by: { ($0.y, $0.x) < ($1.y, $1.x) }) where !joined.contains(start) {
            joined.insert(start)
            var stack = [start], cells: [BigPoint] = []
            while let square = stack.popLast() {
                cells += squares[square]!
                for dy in -1...1 {
                    for dx in -1...1 where dx != 0 || dy != 0 {
                        let next = BigPoint(x: square.x + dx, y: square.y + dy)
                        if squares[next] != nil && joined.insert(next).inserted { stack.append(next) }
                    }
                }
            }
            // A region of k squares spans at most k · regionGap ≤ limit · 2^20 cells: Int offsets.
            let x0 = cells.lazy.map(\.x).min()!, y0 = cells.lazy.map(\.y).min()!
            result.append(Region(x: x0, y: y0, cells: cells.map { SIMD2(($0.x - x0).intValue!, ($0.y - y0).intValue!) }))
        }
        return result
    }

    /// Could boxes `a` and `b`, moving at `va` and `vb` from now on, ever come within `margin`
    /// cells of each other (in both axes at once)? Exact: times are compared as fractions of
    /// big integers.
    static func mayMeet(_ a: BigBox, _ va: Velocity, _ b: BigBox, _ vb: Velocity) -> Bool {
        // Time is counted in units of 1/(pa·pb) generations, so velocities are integers.
        let scale = va.period * vb.period
        let m = BigInt(margin) * BigInt(scale)
        var low = Fraction(BigInt.zero, 1)
        var high: Fraction? = nil  // nil: no upper bound
        var never = false
        // Close in an axis when c + k·t < m (c scaled): for k = 0 always or never, for k > 0
        // until (m - c)/k, for k < 0 from (m - c)/k on.
        func constrain(_ gap: BigInt, _ k: Int) {
            let c = gap * BigInt(scale)
            if k == 0 {
                if c >= m { never = true }
            } else if k > 0 {
                let t = Fraction(m - c, k)
                if high.map({ t < $0 }) ?? true { high = t }
            } else {
                let t = Fraction(c - m, -k)
                if low < t { low = t }
            }
        }
        let kx = vb.dx * va.period - va.dx * vb.period, ky = vb.dy * va.period - va.dy * vb.period
        constrain(b.x0 - a.x1, kx)
        constrain(a.x0 - b.x1, -kx)
        constrain(b.y0 - a.y1, ky)
        constrain(a.y0 - b.y1, -ky)
        if never { return false }
        return high.map { low < $0 } ?? true
    }
}

/// `numerator / denominator` with a positive denominator, compared exactly.
struct Fraction: Comparable {
    var numerator: BigInt
    var denominator: Int

    init(_ numerator: BigInt, _ denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }

    static func < (a: Fraction, b: Fraction) -> Bool {
        a.numerator * BigInt(b.denominator) < b.numerator * BigInt(a.denominator)
    }

    static func == (a: Fraction, b: Fraction) -> Bool {
        a.numerator * BigInt(b.denominator) == b.numerator * BigInt(a.denominator)
    }
}
