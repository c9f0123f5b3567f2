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
        case .life, .totalistic: return true
        case .table, .alternating: return false
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
        withRowRule { next in LeafRule.stepWords32(&words, generations: generations, next) }
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

    /// The generations of `stepSquare32`, in place and top down. After g of G generations
    /// only rows within G-g of the centre's rows 8 ..< 24 are still needed, so each generation
    /// computes just the words that cover them. Each word's sums are made once and carried.
    @inline(__always)
    private static func stepWords32(_ words: inout InlineArray<16, UInt64>, generations: Int,
                                    _ next: (UInt64, RowSums, RowSums, RowSums) -> UInt64) {
        precondition(generations >= 1 && generations <= 8)
        for g in 0..<generations {
            let margin = generations - 1 - g
            let first = (8 - margin) >> 1, last = (23 + margin) >> 1
            var previous = first > 0 ? RowSums(lanesOf: words[first - 1]) : RowSums(lanesOf: 0)
            var here = RowSums(lanesOf: words[first])
            var word = words[first]
            for w in first...last {
                let nextWord = w < 15 ? words[w + 1] : 0
                let following = RowSums(lanesOf: nextWord)
                words[w] = next(word, here.lanesAbove(previous), here, here.lanesBelow(following))
                (previous, here, word) = (here, following, nextWord)
            }
        }
    }
}

extension RowSums {
    /// The sums of a word of two 32-cell rows (lanes), each lane on its own.
    @inline(__always)
    init(lanesOf word: UInt64) {
        let notFirstColumn: UInt64 = ~0x0000_0001_0000_0001
        let notLastColumn: UInt64 = ~0x8000_0000_8000_0000
        self.init(word, west: word &<< 1 & notFirstColumn, east: word &>> 1 & notLastColumn)
    }

    /// For a word of two rows, the triple sums of the rows above each lane's row: the low
    /// lane's is the high lane of the word before (`previous`), the high lane's the low lane
    /// of this one. (Only the triple planes are meaningful.)
    @inline(__always)
    func lanesAbove(_ previous: RowSums) -> RowSums {
        var sums = self
        sums.tripleSum = tripleSum &<< 32 | previous.tripleSum &>> 32
        sums.tripleCarry = tripleCarry &<< 32 | previous.tripleCarry &>> 32
        return sums
    }

    /// Likewise the rows below each lane's row, from this word and the one after (`following`).
    @inline(__always)
    func lanesBelow(_ following: RowSums) -> RowSums {
        var sums = self
        sums.tripleSum = tripleSum &>> 32 | following.tripleSum &<< 32
        sums.tripleCarry = tripleCarry &>> 32 | following.tripleCarry &<< 32
        return sums
    }
}

// A level-6 node (64×64 cells) the same way: one UInt64 a row (bit x = column x), its centre
// 32×32 advanced up to 16 generations. Cells beyond the square count as dead, which spoils
// one more column and row at each edge every generation; after 16 the centre is still exact.
//
// Each row's horizontal sums (`RowSums`) are made once a generation and serve the row above,
// the row itself and the row below, instead of three times over.

extension LeafRule {
    /// Advances the 64 rows of a 64×64 square `generations` (1 ... 16) generations, computing
    /// only the rows the centre rows 16 ..< 48 still depend on; the centre is exact.
    func stepSquare64(_ rows: inout InlineArray<64, UInt64>, generations: Int) {
        withRowRule { next in LeafRule.stepRows64(&rows, generations: generations, next) }
    }

    /// Calls `body` with the rule's next state of a row given its cells and the sums of it and
    /// its neighbour rows, chosen once outside `body`'s loops (outer-totalistic rules only).
    @inline(__always)
    private func withRowRule(_ body: ((UInt64, RowSums, RowSums, RowSums) -> UInt64) -> Void) {
        switch self {
        case .life:
            body { row, above, here, below in LeafRule.lifeRow(row, above: above, here: here, below: below) }
        case let .totalistic(birth, survival):
            body { row, above, here, below in
                LeafRule.apply(RowSums.counts(above: above, here: here, below: below), to: row,
                               birth: birth, survival: survival)
            }
        case .table, .alternating:
            preconditionFailure("table rules are not stepped as whole squares")
        }
    }

    /// The trapezoid of `stepSquare64`, in place and top down: the sums of the row above and
    /// of the row itself are carried from the previous row, so each row's are made once.
    @inline(__always)
    private static func stepRows64(_ rows: inout InlineArray<64, UInt64>, generations: Int,
                                   _ next: (UInt64, RowSums, RowSums, RowSums) -> UInt64) {
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
                rows[y] = next(row, above, here, below)
                (above, here, row) = (here, below, nextRow)
            }
        }
    }

    /// One generation of B3/S23 for a row, from the sums of it and its neighbour rows.
    @inline(__always)
    static func lifeRow(_ row: UInt64, above: RowSums, here: RowSums, below: RowSums) -> UInt64 {
        let c = RowSums.lifeCounts(above: above, here: here, below: below)
        // 3 neighbours, or 2 and alive: ones|self set, twos set, not four or more.
        return (c.ones | row) & c.twos & ~c.fourOrMore
    }
}

/// The horizontal sums of a row's cells, lane for lane: for each cell, how many of its two
/// neighbours in the row are alive (`pair`, 0 ... 2 as sum and carry bits) and how many of
/// those and itself (`triple`, 0 ... 3). A cell's neighbour count is the triple of the row
/// above, plus the pair of its own row, plus the triple of the row below.
struct RowSums {
    var pairSum: UInt64
    var pairCarry: UInt64
    var tripleSum: UInt64
    var tripleCarry: UInt64

    /// The sums of a 64-cell row (bit x = column x; cells beyond count as dead).
    @inline(__always)
    init(_ row: UInt64) {
        self.init(row, west: row &<< 1, east: row &>> 1)
    }

    /// The sums of `row` given its cells' west and east neighbours, already aligned.
    @inline(__always)
    init(_ row: UInt64, west: UInt64, east: UInt64) {
        pairSum = west ^ east
        pairCarry = west & east
        tripleSum = pairSum ^ row
        tripleCarry = pairCarry | (pairSum & row)
    }

    /// Neighbour counts as bit planes: count = ones + 2·twos + 4·fours + 8·eights.
    @inline(__always)
    static func counts(above: RowSums, here: RowSums, below: RowSums)
        -> (ones: UInt64, twos: UInt64, fours: UInt64, eights: UInt64)
    {
        let (ones, twos, carry, twosCarry) = planes(above: above, here: here, below: below)
        return (ones, twos, carry ^ twosCarry, carry & twosCarry)
    }

    /// Neighbour counts for B3/S23, which only tells counts of four and more apart as a whole.
    @inline(__always)
    static func lifeCounts(above: RowSums, here: RowSums, below: RowSums)
        -> (ones: UInt64, twos: UInt64, fourOrMore: UInt64)
    {
        let (ones, twos, carry, twosCarry) = planes(above: above, here: here, below: below)
        return (ones, twos, carry | twosCarry)
    }

    /// The adder network: the ones of the three rows' sums through a full adder, then their
    /// carries (weight 2) with the ones' carry. The weight-4 plane is `carry + twosCarry`.
    @inline(__always)
    private static func planes(above: RowSums, here: RowSums, below: RowSums)
        -> (ones: UInt64, twos: UInt64, carry: UInt64, twosCarry: UInt64)
    {
        let outer = above.tripleSum ^ below.tripleSum
        let ones = outer ^ here.pairSum
        let onesCarry = (above.tripleSum & below.tripleSum) | (here.pairSum & outer)
        let outerCarries = above.tripleCarry ^ below.tripleCarry
        let carries = outerCarries ^ here.pairCarry
        let carry = (above.tripleCarry & below.tripleCarry) | (here.pairCarry & outerCarries)
        return (ones, carries ^ onesCarry, carry, carries & onesCarry)
    }
}
