import HashlifeEngine
@testable import HashlifeFormats
import HashlifeTestSupport
import Testing

/// `PatternCell.rowMajor`, the order the text writers emit cells in: by row, then by column,
/// without duplicates, whichever of its three ways it takes.
@Suite struct PatternCellOrderTests {
    /// What `rowMajor` must return: a plain sort, duplicates dropped.
    func reference(_ cells: [PatternCell]) -> [PatternCell] {
        var seen = Set<PatternCell>()
        return cells.sorted { $0.y != $1.y ? $0.y < $1.y : $0.x < $1.x }.filter { seen.insert($0).inserted }
    }

    func randomCells(count: Int, width: Int, height: Int, seed: UInt64) -> [PatternCell] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            PatternCell(x: Int.random(in: -width..<width, using: &generator), y: Int.random(in: -height..<height, using: &generator))
        }
    }

    @Test func cellsInOrderComeBackAsTheyAre() {
        let cells = reference(randomCells(count: 3000, width: 100, height: 40, seed: 1))
        #expect(PatternCell.rowMajor(cells) == cells)
        // A repeat in an otherwise sorted list is not "in order": it is dropped.
        let repeated = Array(cells.prefix(10)) + [cells[9]] + Array(cells.dropFirst(10))
        #expect(PatternCell.rowMajor(repeated) == cells)
        #expect(PatternCell.rowMajor([]) == [])
    }

    @Test func denseCellsInAnyOrderAreSortedByRows() {
        // Few rows for the cells: the counting sort by rows, then rows out of order sorted alone.
        let cells = randomCells(count: 5000, width: 60, height: 30, seed: 2)
        #expect(PatternCell.rowMajor(cells) == reference(cells))
        #expect(PatternCell.rowMajor(cells.reversed()) == reference(cells))
    }

    @Test func sparseCellsAreSortedByComparison() {
        // Far more rows than cells: sorted by comparison.
        let cells = randomCells(count: 200, width: 1 << 40, height: 1 << 40, seed: 3)
        #expect(PatternCell.rowMajor(cells + cells.prefix(50)) == reference(cells))
        let edges = [PatternCell(x: 0, y: Int.max), PatternCell(x: Int.max, y: Int.min), PatternCell(x: Int.min, y: Int.min),
                     PatternCell(x: 5, y: 0), PatternCell(x: Int.min, y: Int.min)]
        #expect(PatternCell.rowMajor(edges) == reference(edges))
    }

    @Test func aUniversesCellsNeedNoSortWithinRows() throws {
        // A universe hands out cells in quadtree order; each row's cells come left to right, so
        // distributing them into rows orders them fully, and the RLE written is the sorted one.
        let universe = Universe()
        let soup = randomCells(count: 20_000, width: 150, height: 150, seed: 4)
        universe.load(cells: soup.lazy.map { (x: $0.x, y: $0.y) })
        let document = try PatternDocument(universe: universe)
        var lastInRow: [Int: Int] = [:]
        var rowsInOrder = true
        for cell in document.cells {
            if let last = lastInRow[cell.y], last >= cell.x { rowsInOrder = false }
            lastInRow[cell.y] = cell.x
        }
        #expect(rowsInOrder)
        #expect(document.cells != reference(document.cells))  // not in row order as a whole
        let cells = PatternCell.rowMajor(document.cells)
        #expect(cells == reference(document.cells))
        #expect(cells.count == Set(soup).count)
    }
}
