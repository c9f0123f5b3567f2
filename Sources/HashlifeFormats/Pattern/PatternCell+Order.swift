extension PatternCell {
    /// `cells` by row, then by column within a row, without duplicates: the order the text
    /// writers (RLE, Life 1.06, plaintext) emit cells in.
    ///
    /// Cells in that order already (a parsed file's) are checked in one pass and returned as
    /// they are. Others are distributed into their rows by a counting sort when there are no
    /// more rows than cells (its two tables cost 16 bytes a row), keeping each row's cells in
    /// the order they came: a universe hands its cells out in quadtree order, in which the
    /// cells of one row come left to right, so its rows need no sorting after that (a row out
    /// of order is sorted by itself). Sparser patterns are sorted by comparison. Sorting a
    /// dense pattern's cells by comparison would be a quarter of writing it as RLE
    /// (docs/decisions.md, "Loading and writing").
    /// - Complexity: O(n) for n cells in order, O(n + rows) by rows, O(n log n) otherwise.
    static func rowMajor(_ cells: [PatternCell]) -> [PatternCell] {
        guard let first = cells.first else { return cells }
        var inOrder = true
        var minY = first.y, maxY = first.y
        var previous = first
        for cell in cells.dropFirst() {
            if inOrder && (cell.y < previous.y || (cell.y == previous.y && cell.x <= previous.x)) { inOrder = false }
            previous = cell
            minY = Swift.min(minY, cell.y)
            maxY = Swift.max(maxY, cell.y)
        }
        if inOrder { return cells }
        // The span as an unsigned offset: exact even when the cells span the whole Int range.
        let span = UInt(bitPattern: maxY &- minY)
        guard span < UInt(cells.count) else {
            return withoutRepeats(cells.sorted { $0.y != $1.y ? $0.y < $1.y : $0.x < $1.x })
        }
        let rows = Int(span) + 1
        var starts = [Int](repeating: 0, count: rows + 1)  // row r's cells go to starts[r]..<starts[r + 1]
        for cell in cells { starts[Int(UInt(bitPattern: cell.y &- minY)) + 1] += 1 }
        for r in 0..<rows { starts[r + 1] += starts[r] }
        var next = starts
        var sorted = [PatternCell](repeating: first, count: cells.count)
        for cell in cells {
            let r = Int(UInt(bitPattern: cell.y &- minY))
            sorted[next[r]] = cell
            next[r] += 1
        }
        for r in 0..<rows where starts[r + 1] - starts[r] > 1 {
            let row = starts[r]..<starts[r + 1]
            if zip(sorted[row], sorted[row].dropFirst()).contains(where: { $0.x > $1.x }) {
                sorted[row].sort { $0.x < $1.x }
            }
        }
        return withoutRepeats(sorted)
    }

    /// Sorted `cells` with each run of equal cells kept once.
    private static func withoutRepeats(_ cells: [PatternCell]) -> [PatternCell] {
        var kept: [PatternCell] = []
        kept.reserveCapacity(cells.count)
        for cell in cells where cell != kept.last { kept.append(cell) }
        return kept
    }
}
