// A level-5 node (32×32 cells, sixteen 8×8 leaves) stepped directly, for outer-totalistic rules:
// its centre 16×16 advanced 1, 2, 4 or 8 generations, without the nine-plus-four level-4
// sub-steps (and their nodes) the recursion would otherwise make. Soups, whose level-4 squares
// rarely repeat, spend most of their time there.
//
// The square is sixteen UInt64 words of two 32-bit rows each:
//
//     word w, lane l (bits 32l ..< 32l+32) = row 2w + l;  bit x of a lane = column x.
//
// After g of G generations only rows within G-g of the centre's rows 8 ..< 24 are still
// needed, so each generation computes just the words that cover them.

extension LeafRule {
    /// Can `stepSquare32` step this rule? (Table rules go through the level-4 recursion.)
    var stepsSquare32: Bool {
        switch self {
        case .life, .totalistic, .alternatingTotalistic: return true
        case .table, .alternating: return false
        }
    }

    /// The birth and survival masks the vector kernels take (bit n: born, survives with n live
    /// neighbours) for the generations from even and from odd ones (the same but for B0 rules
    /// without S8), for the rules `stepSquare32` steps; nil for the others.
    var vectorMasks: VectorMasks? {
        switch self {
        case .life: return VectorMasks(birth: 0b1000, survival: 0b1100)
        case let .totalistic(birth, survival): return VectorMasks(birth: UInt32(birth), survival: UInt32(survival))
        case let .alternatingTotalistic(even, odd):
            return VectorMasks(birth: UInt32(even.birth), survival: UInt32(even.survival),
                               oddBirth: UInt32(odd.birth), oddSurvival: UInt32(odd.survival))
        case .table, .alternating: return nil
        }
    }

    /// The step (1 from even generations, 1 from odd ones) of the square steppers given the
    /// generation's parity (1: odd) and the row and sums `withRowRule` passes.
    typealias ParityRowRule = (Int, UInt64, RowSums, RowSums, RowSums) -> UInt64

    /// Calls `body` with the rule's `ParityRowRule` (outer-totalistic rules, alternating or not),
    /// chosen once outside `body`'s loops.
    @inline(__always)
    func withParityRowRule(_ body: (ParityRowRule) -> Void) {
        switch self {
        case .life:
            body { _, row, above, here, below in LeafRule.lifeRow(row, above: above, here: here, below: below) }
        case let .totalistic(birth, survival):
            body { _, row, above, here, below in
                LeafRule.apply(RowSums.counts(above: above, here: here, below: below), to: row, birth: birth, survival: survival)
            }
        case let .alternatingTotalistic(even, odd):
            body { parity, row, above, here, below in
                let masks = parity == 0 ? even : odd
                return LeafRule.apply(RowSums.counts(above: above, here: here, below: below), to: row,
                                      birth: masks.birth, survival: masks.survival)
            }
        case .table, .alternating:
            preconditionFailure("table rules are not stepped by row sums")
        }
    }

    /// Transposes the 8×8 matrix of bytes held in eight words: byte b of word a becomes byte a
    /// of word b. Eight leaves side by side (byte y of a leaf = its row y) become the eight rows
    /// they make, 64 cells each, and back. Three rounds of swapping blocks: halves, quarters,
    /// bytes (72 operations instead of 64 byte extractions and insertions).
    @inline(__always)
    static func transposeBytes(_ m: inout InlineArray<8, UInt64>) {
        swapBlocks(&m, distance: 4, shift: 32, mask: 0x0000_0000_FFFF_FFFF)
        swapBlocks(&m, distance: 2, shift: 16, mask: 0x0000_FFFF_0000_FFFF)
        swapBlocks(&m, distance: 1, shift: 8, mask: 0x00FF_00FF_00FF_00FF)
    }

    /// One round of `transposeBytes`: the blocks of word a at `shift` and above (under `mask`
    /// once shifted down) trade places with those of word a + `distance` below `shift`.
    @inline(__always)
    private static func swapBlocks(_ m: inout InlineArray<8, UInt64>, distance: Int, shift: UInt64, mask: UInt64) {
        for a in 0..<8 where a & distance == 0 {
            let t = (m[a] &>> shift ^ m[a + distance]) & mask
            m[a + distance] ^= t
            m[a] ^= t &<< shift
        }
    }

    /// The centre 16×16 of the 32×32 square made of `leaves` (row-major: leaves[4j + i] covers
    /// columns 8i ..< 8i+8 and rows 8j ..< 8j+8), advanced `generations` (1, 2, 4 or 8), as four
    /// leaves (nw, ne, sw, se).
    func stepSquare32(_ leaves: InlineArray<16, UInt64>, generations: Int) -> (UInt64, UInt64, UInt64, UInt64) {
        // Each strip of four leaves is a byte transpose away from its eight 32-cell rows.
        var words = InlineArray<16, UInt64>(repeating: 0)
        for j in 0..<4 {
            var strip: InlineArray<8, UInt64> = [leaves[4 * j], leaves[4 * j + 1], leaves[4 * j + 2],
                                                 leaves[4 * j + 3], 0, 0, 0, 0]
            LeafRule.transposeBytes(&strip)
            for k in 0..<4 { words[4 * j + k] = strip[2 * k] | strip[2 * k + 1] &<< 32 }
        }
        withParityRowRule { next in LeafRule.stepWords32(&words, generations: generations, next) }
        // The centre's rows 8 ..< 24, columns 8 ..< 24: two strips of two leaves.
        var out = InlineArray<4, UInt64>(repeating: 0)
        for j in 0..<2 {
            var strip = InlineArray<8, UInt64>(repeating: 0)
            for r in 0..<8 { strip[r] = words[4 + 4 * j + (r >> 1)] &>> UInt64(32 * (r & 1) + 8) & 0xFFFF }
            LeafRule.transposeBytes(&strip)
            (out[2 * j], out[2 * j + 1]) = (strip[0], strip[1])
        }
        return (out[0], out[1], out[2], out[3])
    }

    /// The generations of `stepSquare32`, in place and top down, over the words the header
    /// says; each word's sums are made once and carried to the next.
    @inline(__always)
    private static func stepWords32(_ words: inout InlineArray<16, UInt64>, generations: Int, _ next: ParityRowRule) {
        precondition(generations >= 1 && generations <= 8)
        for g in 0..<generations {
            let margin = generations - 1 - g
            let first = (8 - margin) >> 1, last = (23 + margin) >> 1
            var previous = RowSums(lanesOf: first > 0 ? words[first - 1] : 0, width: 32)
            var here = RowSums(lanesOf: words[first], width: 32)
            var word = words[first]
            for w in first...last {
                let nextWord = w < 15 ? words[w + 1] : 0
                let following = RowSums(lanesOf: nextWord, width: 32)
                words[w] = next(g & 1, word, here.lanesAbove(previous, width: 32), here, here.lanesBelow(following, width: 32))
                (previous, here, word) = (here, following, nextWord)
            }
        }
    }
}

// A level-6 node (64×64 cells) the same way: one UInt64 a row (bit x = column x), its centre
// 32×32 advanced up to 16 generations. Cells beyond the square count as dead, which spoils
// one more column and row at each edge every generation; after 16 the centre is still exact.

extension LeafRule {
    /// Advances the 64 rows of a 64×64 square `generations` (1 ... 16) generations, computing
    /// only the rows the centre rows 16 ..< 48 still depend on; the centre is exact.
    func stepSquare64(_ rows: inout InlineArray<64, UInt64>, generations: Int) {
        withParityRowRule { next in LeafRule.stepRows64(&rows, generations: generations, next) }
    }

    /// The trapezoid of `stepSquare64`, in place and top down: the sums of the row above and
    /// of the row itself are carried from the previous row, so each row's are made once.
    @inline(__always)
    private static func stepRows64(_ rows: inout InlineArray<64, UInt64>, generations: Int, _ next: ParityRowRule) {
        precondition(generations >= 1 && generations <= 16)
        for g in 0..<generations {
            // Rows 1 ... 62 at most, so the rows above and below are always in the square.
            let margin = generations - 1 - g
            let first = 16 - margin, last = 47 + margin
            var above = RowSums(rows[first - 1]), here = RowSums(rows[first])
            var row = rows[first]
            for y in first...last {
                let nextRow = rows[y + 1]
                let below = RowSums(nextRow)
                rows[y] = next(g & 1, row, above, here, below)
                (above, here, row) = (here, below, nextRow)
            }
        }
    }
}
