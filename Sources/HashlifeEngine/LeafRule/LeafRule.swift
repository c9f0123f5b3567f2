// The bottom of the recursion: a level-4 node (four 8×8 leaves, 16×16 cells) → its centre 8×8
// advanced 1, 2 or 4 generations.
//
// The 16×16 square is held as four UInt64 words of four 16-bit rows each:
//
//     word w, lane l (bits 16l ..< 16l+16) = row 4w + l;  bit x of a lane = column x.
//
// One generation maps the square to itself; cells within g of the border are wrong after g
// generations (their neighbours outside are unknown) but the centre 8×8 is still exact after
// 4 generations, which is all we read.
//
// Outer-totalistic rules count neighbours with bit-sliced adders, 64 cells at a time; B3/S23
// gets its own two-line formula. Other rules (isotropic non-totalistic, Hensel notation) look up
// each cell's 9-bit neighbourhood in the rule's 512-entry table: slower, exact for every rule.
// B0 rules are stepped with the tables Golly uses (`Rule.steppedTables`): a B0 rule with S8 as
// its complement rule; one without S8 alternates two tables, by the parity of the generation a
// step starts from.

/// How a leaf is stepped for one rule.
enum LeafRule: Sendable {
    case life
    /// Bit c of `birth`/`survival`: born/survives with c live neighbours.
    case totalistic(birth: UInt16, survival: UInt16)
    /// Bit n of word n>>6 is the next state for 9-bit neighbourhood n.
    case table(InlineArray<8, UInt64>)
    /// A B0 rule without S8 whose two stepped tables are both outer-totalistic (every
    /// Life-like B0 rule is): counted like `.totalistic`, with `even`'s masks for the
    /// generations from even ones and `odd`'s from odd ones.
    case alternatingTotalistic(even: TotalisticMasks, odd: TotalisticMasks)
    /// Any other B0 rule without S8: two tables (boxed, so that the enum stays as small as
    /// `.table` and copying it on the hot path costs what it did).
    case alternating(AlternatingTables)

    init(_ rule: Rule) {
        let tables = rule.steppedTables
        if rule.alternatesBackground {
            let (even, odd) = (Rule(table: tables.even), Rule(table: tables.odd))
            if even.isTotalistic && odd.isTotalistic {
                self = .alternatingTotalistic(even: TotalisticMasks(birth: even.birthCounts, survival: even.survivalCounts),
                                              odd: TotalisticMasks(birth: odd.birthCounts, survival: odd.survivalCounts))
                return
            }
            self = .alternating(AlternatingTables(even: LeafRule.words(Rule(table: tables.even)),
                                                  odd: LeafRule.words(Rule(table: tables.odd))))
            return
        }
        let stepped = Rule(table: tables.even)
        if stepped.isTotalistic {
            if stepped.birthCounts == 0b1000 && stepped.survivalCounts == 0b1100 {
                self = .life
            } else {
                self = .totalistic(birth: stepped.birthCounts, survival: stepped.survivalCounts)
            }
        } else {
            self = .table(LeafRule.words(stepped))
        }
    }

    private static func words(_ rule: Rule) -> InlineArray<8, UInt64> {
        var words = InlineArray<8, UInt64>(repeating: 0)
        for n in 0..<512 where rule.nextState(neighbourhood: n) {
            words[n >> 6] |= 1 << UInt64(n & 63)
        }
        return words
    }

    /// The centre 8×8 of the 16×16 square made of four leaves, advanced `generations` (1, 2 or 4)
    /// from an even generation, or 1 from an odd one when `oddStart` (which only `.alternating`
    /// tells apart).
    func step(nw: UInt64, ne: UInt64, sw: UInt64, se: UInt64, generations: Int, oddStart: Bool = false) -> UInt64 {
        var w0 = LeafRule.spread(nw) | LeafRule.spread(ne) &<< 8
        var w1 = LeafRule.spread(nw &>> 32) | LeafRule.spread(ne &>> 32) &<< 8
        var w2 = LeafRule.spread(sw) | LeafRule.spread(se) &<< 8
        var w3 = LeafRule.spread(sw &>> 32) | LeafRule.spread(se &>> 32) &<< 8
        switch self {
        case .life, .totalistic:
            withRowRule { next in
                for g in 0..<generations {
                    LeafRule.stepLanes16(&w0, &w1, &w2, &w3, last: g == generations - 1, next)
                }
            }
        case let .table(table):
            for _ in 0..<generations { LeafRule.tableStep(&w0, &w1, &w2, &w3, table: table) }
        case let .alternatingTotalistic(even, odd):
            for g in 0..<generations {
                let masks = (g & 1 == 1) != oddStart ? odd : even
                LeafRule.stepLanes16(&w0, &w1, &w2, &w3, last: g == generations - 1) { row, above, here, below in
                    LeafRule.apply(RowSums.counts(above: above, here: here, below: below), to: row,
                                   birth: masks.birth, survival: masks.survival)
                }
            }
        case let .alternating(tables):
            for g in 0..<generations {
                LeafRule.tableStep(&w0, &w1, &w2, &w3, table: (g & 1 == 1) != oddStart ? tables.odd : tables.even)
            }
        }
        return LeafRule.centre(w1) | LeafRule.centre(w2) &<< 32
    }

    /// The birth and survival counts of an outer-totalistic rule: bit c, born (survives) with
    /// c live neighbours.
    struct TotalisticMasks: Sendable, Equatable {
        var birth: UInt16
        var survival: UInt16
    }

    /// The two tables of a B0 rule without S8 (`Rule.steppedTables`): `even` steps from even
    /// generations, `odd` from odd ones; bit n of word n>>6 is the next state for neighbourhood n.
    final class AlternatingTables: Sendable {
        let even: InlineArray<8, UInt64>
        let odd: InlineArray<8, UInt64>

        init(even: InlineArray<8, UInt64>, odd: InlineArray<8, UInt64>) {
            self.even = even
            self.odd = odd
        }
    }

    /// Spreads the low four bytes of `half` (four 8-cell rows) into the low bytes of four
    /// 16-bit lanes.
    static func spread(_ half: UInt64) -> UInt64 {
        var x = half & 0xFFFF_FFFF
        x = (x | x &<< 16) & 0x0000_FFFF_0000_FFFF
        x = (x | x &<< 8) & 0x00FF_00FF_00FF_00FF
        return x
    }

    /// Columns 4..<12 of four 16-bit lanes, packed as four 8-cell rows in the low 32 bits.
    static func centre(_ word: UInt64) -> UInt64 {
        var x = (word &>> 4) & 0x00FF_00FF_00FF_00FF
        x = (x | x &>> 8) & 0x0000_FFFF_0000_FFFF
        x = (x | x &>> 16) & 0xFFFF_FFFF
        return x
    }

    /// One generation of the four words of 16-cell rows, each word's sums made once. The last
    /// generation only needs the middle two words (rows 4 ..< 12), which hold the centre; the
    /// outer ones are skipped there.
    @inline(__always)
    static func stepLanes16(_ w0: inout UInt64, _ w1: inout UInt64, _ w2: inout UInt64, _ w3: inout UInt64,
                            last: Bool, _ next: (UInt64, RowSums, RowSums, RowSums) -> UInt64) {
        let s0 = RowSums(lanesOf: w0, width: 16), s1 = RowSums(lanesOf: w1, width: 16)
        let s2 = RowSums(lanesOf: w2, width: 16), s3 = RowSums(lanesOf: w3, width: 16)
        let n1 = next(w1, s1.lanesAbove(s0, width: 16), s1, s1.lanesBelow(s2, width: 16))
        let n2 = next(w2, s2.lanesAbove(s1, width: 16), s2, s2.lanesBelow(s3, width: 16))
        if !last {
            let none = RowSums(0)
            w0 = next(w0, s0.lanesAbove(none, width: 16), s0, s0.lanesBelow(s1, width: 16))
            w3 = next(w3, s3.lanesAbove(s2, width: 16), s3, s3.lanesBelow(none, width: 16))
        }
        (w1, w2) = (n1, n2)
    }

    /// The next state of the 64 cells of `word` under an outer-totalistic rule, given their
    /// neighbour counts as bit planes.
    static func apply(_ c: (ones: UInt64, twos: UInt64, fours: UInt64, eights: UInt64), to word: UInt64,
                      birth: UInt16, survival: UInt16) -> UInt64 {
        let born = matching(birth, c), survives = matching(survival, c)
        return (born & ~word) | (survives & word)
    }

    /// The cells whose neighbour count (0 … 8, as bit planes) is one of `counts` (bit n: count
    /// n), with no branch and the same work for every rule: a tree of multiplexers on the
    /// planes picks the count's bit (`mux(s, hi, lo)` as `lo ^ (s & (hi ^ lo))`). Count 8 has
    /// its other planes clear, so the `eights` plane alone switches to bit 8.
    @inline(__always)
    static func matching(_ counts: UInt16, _ c: (ones: UInt64, twos: UInt64, fours: UInt64, eights: UInt64)) -> UInt64 {
        @inline(__always) func all(_ n: Int) -> UInt64 { counts >> UInt16(n) & 1 == 1 ? ~0 : 0 }
        @inline(__always) func mux(_ select: UInt64, _ high: UInt64, _ low: UInt64) -> UInt64 { low ^ (select & (high ^ low)) }
        let p0 = mux(c.ones, all(1), all(0)), p1 = mux(c.ones, all(3), all(2))
        let p2 = mux(c.ones, all(5), all(4)), p3 = mux(c.ones, all(7), all(6))
        let g = mux(c.fours, mux(c.twos, p3, p2), mux(c.twos, p1, p0))
        return mux(c.eights, all(8), g)
    }

    /// One generation by table look-up of every cell's 9-bit neighbourhood, for any rule.
    static func tableStep(_ w0: inout UInt64, _ w1: inout UInt64, _ w2: inout UInt64, _ w3: inout UInt64,
                          table: InlineArray<8, UInt64>)
    {
        var rows = InlineArray<18, UInt32>(repeating: 0)
        let words: InlineArray<4, UInt64> = [w0, w1, w2, w3]
        for r in 0..<16 {
            rows[r + 1] = UInt32(truncatingIfNeeded: words[r >> 2] &>> UInt64(16 * (r & 3))) & 0xFFFF
        }
        var next = InlineArray<16, UInt64>(repeating: 0)
        for r in 0..<16 {
            // Shift left by one so column x's neighbourhood is bits x ..< x+3 of each row.
            let above = UInt64(rows[r]) &<< 1, here = UInt64(rows[r + 1]) &<< 1, below = UInt64(rows[r + 2]) &<< 1
            var out: UInt64 = 0
            for x in 0..<16 {
                let s = UInt64(x)
                let n = Int((above &>> s) & 7 | ((here &>> s) & 7) &<< 3 | ((below &>> s) & 7) &<< 6)
                out |= ((table[n &>> 6] &>> UInt64(n & 63)) & 1) &<< s
            }
            next[r] = out
        }
        w0 = next[0] | next[1] &<< 16 | next[2] &<< 32 | next[3] &<< 48
        w1 = next[4] | next[5] &<< 16 | next[6] &<< 32 | next[7] &<< 48
        w2 = next[8] | next[9] &<< 16 | next[10] &<< 32 | next[11] &<< 48
        w3 = next[12] | next[13] &<< 16 | next[14] &<< 32 | next[15] &<< 48
    }
}
