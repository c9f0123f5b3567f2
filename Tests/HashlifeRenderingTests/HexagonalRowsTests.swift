import Testing
import HashlifeEngine
import HashlifeRendering

/// The hexagonal shear of block rows: states and counts both, each block two wide, each row
/// half a block right of the row below, rows drawn once or twice.
@Suite struct HexagonalRowsTests {
    @Test func statesAndCountsAreShearedAlike() {
        let counts: [[BigUInt]] = [[BigUInt(1), .zero], [BigUInt(3), BigUInt(4)]]
        var once = HexagonalRows(StoredBlockRows(counts, blockArea: BigUInt(4)), rowRepeat: 1)
        #expect(once.columns == 5 && once.rows == 2 && once.blockArea == BigUInt(4) && once.hasCounts)
        #expect(once.states(0) == [0, 1, 1, 0, 0])
        #expect(once.states(1) == [1, 1, 1, 1, 0])
        var twice = HexagonalRows(StoredBlockRows(counts, blockArea: BigUInt(4)), rowRepeat: 2)
        #expect(twice.rows == 4)
        let rows = (0..<4).map { twice.counts($0)! }
        #expect(rows[0] == [.zero, BigUInt(1), BigUInt(1), .zero, .zero] && rows[1] == rows[0])
        #expect(rows[2] == [BigUInt(3), BigUInt(3), BigUInt(4), BigUInt(4), .zero] && rows[3] == rows[2])
        #expect(HexagonalRows<StoredBlockRows>.size(columns: 2, rows: 2, rowRepeat: 2)! == (5, 4))
        #expect(HexagonalRows<StoredBlockRows>.size(columns: Int.max / 2 + 1, rows: 1, rowRepeat: 1) == nil)
    }
}
