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

    /// The centre 16×16 of the 32×32 square made of `leaves` (row-major: leaves[4j + i] covers
    /// columns 8i ..< 8i+8 and rows 8j ..< 8j+8), advanced `generations` (1, 2, 4 or 8), as four
    /// leaves (nw, ne, sw, se).
    func stepSquare32(_ leaves: InlineArray<16, UInt64>, generations: Int) -> (UInt64, UInt64, UInt64, UInt64) {
        var words = InlineArray<16, UInt64>(repeating: 0)
        for j in 0..<4 {
            for i in 0..<4 {
                let leaf = leaves[4 * j + i]
                for y in 0..<8 {
                    let row = 8 * j + y
                    let byte = (leaf &>> UInt64(8 * y)) & 0xFF
                    words[row >> 1] |= byte &<< UInt64(32 * (row & 1) + 8 * i)
                }
            }
        }
        for g in 0..<generations {
            // Rows still needed after this generation: the centre's, widened by what is left.
            let margin = generations - 1 - g
            let first = (8 - margin) >> 1, last = (23 + margin) >> 1
            // In place, top down: `above` keeps the word's previous value.
            var above = first > 0 ? words[first - 1] : 0
            for w in first...last {
                let word = words[w], below = w < 15 ? words[w + 1] : 0
                words[w] = nextWord32(word, above: above, below: below)
                above = word
            }
        }
        var out = InlineArray<4, UInt64>(repeating: 0)
        for q in 0..<4 {
            let (i, j) = (q & 1, q >> 1)
            var leaf: UInt64 = 0
            for y in 0..<8 {
                let row = 8 + 8 * j + y
                let byte = (words[row >> 1] &>> UInt64(32 * (row & 1) + 8 + 8 * i)) & 0xFF
                leaf |= byte &<< UInt64(8 * y)
            }
            out[q] = leaf
        }
        return (out[0], out[1], out[2], out[3])
    }

    /// One generation for the 64 cells of `word` (two 32-cell rows).
    @inline(__always)
    private func nextWord32(_ word: UInt64, above: UInt64, below: UInt64) -> UInt64 {
        let c = LeafRule.counts32(word, above: above, below: below)
        switch self {
        case .life:
            return (c.ones | word) & c.twos & ~(c.fours | c.eights)
        case let .totalistic(birth, survival):
            return LeafRule.apply(c, to: word, birth: birth, survival: survival)
        case .table, .alternating:
            preconditionFailure("table rules are not stepped as 32×32 squares")
        }
    }

    /// Neighbour counts of two 32-cell rows as bit planes (see `counts`, which does four
    /// 16-cell rows).
    @inline(__always)
    static func counts32(_ word: UInt64, above: UInt64, below: UInt64)
        -> (ones: UInt64, twos: UInt64, fours: UInt64, eights: UInt64)
    {
        let notFirstColumn: UInt64 = ~0x0000_0001_0000_0001
        let notLastColumn: UInt64 = ~0x8000_0000_8000_0000
        return bitPlaneCounts(word, up: word &<< 32 | above &>> 32, down: word &>> 32 | below &<< 32,
                              notFirstColumn: notFirstColumn, notLastColumn: notLastColumn)
    }
}

// A level-6 node (64×64 cells) the same way: one UInt64 a row (bit x = column x), its centre
// 32×32 advanced up to 16 generations. Cells beyond the square count as dead, which spoils
// one more column and row at each edge every generation; after 16 the centre is still exact.

extension LeafRule {
    /// Advances the 64 rows of a 64×64 square `generations` (1 ... 16) generations, computing
    /// only the rows the centre rows 16 ..< 48 still depend on; the centre is exact.
    func stepSquare64(_ rows: inout InlineArray<64, UInt64>, generations: Int) {
        for g in 0..<generations {
            let margin = generations - 1 - g
            let first = 16 - margin, last = 47 + margin
            // In place, top down: `above` keeps the row's previous value.
            var above = first > 0 ? rows[first - 1] : 0
            for y in first...last {
                let row = rows[y], below = y < 63 ? rows[y + 1] : 0
                let c = LeafRule.bitPlaneCounts(row, up: above, down: below,
                                                notFirstColumn: ~1, notLastColumn: ~(1 &<< 63))
                switch self {
                case .life:
                    rows[y] = (c.ones | row) & c.twos & ~(c.fours | c.eights)
                case let .totalistic(birth, survival):
                    rows[y] = LeafRule.apply(c, to: row, birth: birth, survival: survival)
                case .table, .alternating:
                    preconditionFailure("table rules are not stepped as 64×64 squares")
                }
                above = row
            }
        }
    }
}
