// The neighbour counting behind every bit-parallel stepper (the level-4 leaf step, the 32×32
// and 64×64 squares, bounded grids' bitmaps): a cell's count is the number of live cells among
// itself and its two row neighbours in the row above, its two row neighbours in its own row,
// and the three in the row below. Each row's horizontal sums are made once and serve the row
// above it, itself and the row below, then an adder network adds the three rows' sums as bit
// planes, 64 cells at a time.

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

    /// The sums of a word of rows `width` bits wide (16 or 32; row r in bits r·width ..<
    /// (r+1)·width, bit x of a row = column x), each row on its own.
    @inline(__always)
    init(lanesOf word: UInt64, width: UInt64) {
        let firstColumns = UInt64.max / (1 &<< width &- 1)
        let lastColumns = firstColumns &<< (width - 1)
        self.init(word, west: word &<< 1 & ~firstColumns, east: word &>> 1 & ~lastColumns)
    }

    /// For a word of rows `width` bits wide, the triple sums of the row above each of its rows:
    /// the lowest row's is the highest row of the word before (`previous`), the others' the
    /// next row down in this word. (Only the triple planes are meaningful.)
    @inline(__always)
    func lanesAbove(_ previous: RowSums, width: UInt64) -> RowSums {
        var sums = self
        sums.tripleSum = tripleSum &<< width | previous.tripleSum &>> (64 - width)
        sums.tripleCarry = tripleCarry &<< width | previous.tripleCarry &>> (64 - width)
        return sums
    }

    /// Likewise the row below each of its rows, from this word and the one after (`following`).
    @inline(__always)
    func lanesBelow(_ following: RowSums, width: UInt64) -> RowSums {
        var sums = self
        sums.tripleSum = tripleSum &>> width | following.tripleSum &<< (64 - width)
        sums.tripleCarry = tripleCarry &>> width | following.tripleCarry &<< (64 - width)
        return sums
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

extension LeafRule {
    /// Calls `body` with the rule's next state of a row given its cells and the sums of it and
    /// its neighbour rows, chosen once outside `body`'s loops (outer-totalistic rules only).
    @inline(__always)
    func withRowRule(_ body: ((UInt64, RowSums, RowSums, RowSums) -> UInt64) -> Void) {
        switch self {
        case .life:
            body { row, above, here, below in LeafRule.lifeRow(row, above: above, here: here, below: below) }
        case let .totalistic(birth, survival):
            body { row, above, here, below in
                LeafRule.apply(RowSums.counts(above: above, here: here, below: below), to: row,
                               birth: birth, survival: survival)
            }
        case .table, .alternating, .alternatingTotalistic:
            preconditionFailure("table and alternating rules are not stepped by one row rule")
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
