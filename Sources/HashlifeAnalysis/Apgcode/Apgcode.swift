// apgcodes: the names Catagolue and apgsearch give still lifes, oscillators and spaceships,
// computed exactly as lifelib (Adam P. Goucher's library behind apgsearch) computes them.
//
// An apgcode is a prefix and a phase code: `xs{population}` for a still life, `xp{period}`
// for an oscillator, `xq{period}` for a spaceship, then `_` and the extended Wechsler code of
// one phase in one orientation. That code reads the phase's bounding box in strips of five
// rows, top to bottom; each column of a strip is one base-32 digit `0`–`9` `a`–`v` whose bit k
// is the strip's row k; runs of blank columns are shortened (`Apgcode+Strips.swift`) and the
// strips are joined by `z`. Of every phase and each of the eight orientations (rotations and
// reflections), the code kept is the shortest, and of those the first in byte order. So a
// block is `xs4_33`, a blinker `xp2_7`, a glider `xq4_153`.
//
// Size limits (lifelib's): a phase whose bounding box, one cell wider on each side, covers more
// than `maxArea` cells, or whose code is longer than `maxLength` characters, is not coded; when
// no phase is, the apgcode is the prefix alone after `ov_` ("oversized"): `ov_s…`, `ov_p…`,
// `ov_q…`. apgsearch's census uses 40,000 cells and 1,280 characters; python-lifelib's
// `Pattern.apgcode` passes 999,999,999 for both (in effect no limit).
//
// Codes are defined for rules that look the same in every orientation (Life-like and
// isotropic rules, and MAP rules with such a table) and have no B0, on the unbounded plane.

/// A live cell of an object, in the object's own frame (x to the right, y down).
public struct CellPosition: Hashable, Sendable, Comparable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// Row by row, then left to right.
    public static func < (a: CellPosition, b: CellPosition) -> Bool { (a.y, a.x) < (b.y, b.x) }
}

/// How large a phase may be and still be coded (see the file's comment).
public struct ApgcodeLimits: Hashable, Sendable {
    /// The largest (width + 2) × (height + 2) of a phase's bounding box.
    public var maxArea: Int
    /// The longest code of one phase, in characters.
    public var maxLength: Int

    public init(maxArea: Int, maxLength: Int) {
        self.maxArea = maxArea
        self.maxLength = maxLength
    }

    /// apgsearch's census: 40,000 cells, 1,280 characters.
    public static let apgsearch = ApgcodeLimits(maxArea: 40_000, maxLength: 1_280)
    /// python-lifelib's `Pattern.apgcode`: 999,999,999 of each.
    public static let lifelibPattern = ApgcodeLimits(maxArea: 999_999_999, maxLength: 999_999_999)
}

/// The apgcodes of periodic objects.
public enum Apgcode {
    /// The apgcode of an object whose phases over one period are `phases` (each phase's cells
    /// in any frame), displaced by (`dx`, `dy`) every period: `xs…`, `xp…` or `xq…`, `ov_…`
    /// when no phase is within `limits`, and `xs0_0` for nothing at all.
    /// - Precondition: `phases` holds one period (at least one phase).
    public static func code(phases: [[CellPosition]], dx: Int = 0, dy: Int = 0, limits: ApgcodeLimits = .lifelibPattern) -> String {
        precondition(!phases.isEmpty, "an object has at least one phase")
        if phases[0].isEmpty { return "xs0_0" }
        var best: [UInt8]? = nil
        for phase in phases {
            guard let code = phaseCode(phase, limits: limits, within: best?.count ?? Int.max) else { continue }
            if best == nil || isSimpler(code, than: best!) { best = code }
        }
        let period = phases.count
        var text = best == nil ? "ov_" : "x"
        if period == 1 && dx == 0 && dy == 0 {
            text += "s\(phases[0].count)"
        } else {
            text += (dx == 0 && dy == 0 ? "p" : "q") + "\(period)"
        }
        if let best { text += "_" + String(decoding: best, as: UTF8.self) }
        return text
    }

    /// The extended Wechsler code of one phase: the simplest of its eight orientations, or nil
    /// when the phase is beyond `limits` (or empty).
    public static func phaseCode(_ cells: [CellPosition], limits: ApgcodeLimits = .lifelibPattern) -> String? {
        phaseCode(cells, limits: limits, within: Int.max).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The phase code as bytes, nil beyond `limits` or when every orientation's code is
    /// longer than `bound` (a code already found elsewhere, which this one cannot beat).
    static func phaseCode(_ cells: [CellPosition], limits: ApgcodeLimits, within bound: Int) -> [UInt8]? {
        guard let first = cells.first else { return nil }
        var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
        for c in cells {
            minX = min(minX, c.x); maxX = max(maxX, c.x)
            minY = min(minY, c.y); maxY = max(maxY, c.y)
        }
        // (width + 2) × (height + 2), refusing on overflow: such a phase is beyond any limit.
        let (w, o1) = maxX.subtractingReportingOverflow(minX)
        let (h, o2) = maxY.subtractingReportingOverflow(minY)
        guard !o1, !o2, w <= Int.max - 3, h <= Int.max - 3 else { return nil }
        let (area, o3) = (w + 3).multipliedReportingOverflow(by: h + 3)
        guard !o3, area <= limits.maxArea else { return nil }
        let normalised = cells.map { CellPosition(x: $0.x - minX, y: $0.y - minY) }
        var best: [UInt8]? = nil
        var bound = min(bound, limits.maxLength)
        for orientation in Orientation.allCases {
            guard let code = stripCode(normalised, width: w + 1, height: h + 1, orientation: orientation, bound: bound) else { continue }
            if best == nil || isSimpler(code, than: best!) {
                best = code
                bound = code.count
            }
        }
        return best
    }

    /// lifelib's order of codes: the shorter is simpler, and of two as long the first in byte
    /// order.
    static func isSimpler(_ a: [UInt8], than b: [UInt8]) -> Bool {
        a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
    }
}
