import Testing
@testable import HashlifeApp
import HashlifeEngine

@Suite struct CanvasTransformTests {
    static let scales: [CanvasScale] = [.magnified(3), .magnified(1), .halfBlocks, .braille(.one), .braille(BigUInt(3)), .braille(BigUInt.powerOfTwo(40))]

    @Test(arguments: scales) func positionAndCellsAgreeAtEveryScaleFarFromTheOrigin(scale: CanvasScale) {
        let far = BigInt(BigUInt.power(BigUInt(10), 30))
        let canvas = Canvas(columns: 50, rows: 20, originX: far, originY: -far, scale: scale)
        for (column, row) in [(0, 0), (7, 3), (49, 19), (25, 10)] {
            let cells = canvas.cells(atColumn: column, row: row)
            let back = canvas.position(ofX: cells.x, y: cells.y)
            // The character showing a cell is the one whose block holds it.
            let span = canvas.characterSpan
            #expect(back?.column == (span.map { column / $0.across * $0.across } ?? column))
            #expect(back?.row == (span.map { row / $0.down * $0.down } ?? row))
            if case .magnified = scale {
                #expect(canvas.cell(atColumn: column, row: row)?.x == cells.x)
            } else {
                #expect(canvas.cell(atColumn: column, row: row) == nil)
            }
        }
    }

    @Test(arguments: scales) func zoomKeepsTheCellUnderThePointer(scale: CanvasScale) {
        var canvas = Canvas(columns: 60, rows: 20, originX: 123, originY: -77, scale: scale)
        let before = canvas.cells(atColumn: 13, row: 5)
        canvas.zoomOut(aroundColumn: 13, row: 5)
        let out = canvas.cells(atColumn: 13, row: 5)
        #expect(out.x <= before.x && before.x < out.maxX && out.y <= before.y && before.y < out.maxY)
        canvas.zoomIn(aroundColumn: 13, row: 5)
        #expect(canvas.scale == scale)
    }

    @Test func zoomOrderGoesFromEightTimesToPowersOfTwoWithTwoThreeFour() {
        var scale = CanvasScale.magnified(8)
        var seen: [String] = []
        for _ in 0..<14 { seen.append(scale.description); scale = scale.zoomedOut }
        #expect(seen == ["cell 16×8 chars", "cell 14×7 chars", "cell 12×6 chars", "cell 10×5 chars", "cell 8×4 chars", "cell 6×3 chars", "cell 4×2 chars", "cell 2×1 chars", "char 1×2 cells", "char 2×4 cells", "char 4×8 cells", "char 6×12 cells", "char 8×16 cells", "char 16×32 cells"])
    }

    @Test func fittingKeepsATwentyPercentBuffer() {
        let canvas = Canvas(columns: 10, rows: 10, scale: .magnified(1))
        // 10 columns keep 2 free on each side: 6 characters = 3 cells at 1×.
        let small = canvas.fitting(CellRect(x: 0, y: 0, width: 3, height: 3), nearest: .magnified(1))
        #expect(small.scale == .magnified(1))
        #expect(small.showsWithBuffer(CellRect(x: 0, y: 0, width: 3, height: 3)))
        let huge = CellRect(x: -BigInt(BigUInt.powerOfTwo(80)), y: 5, width: BigUInt.powerOfTwo(81), height: 1)
        let far = canvas.fitting(huge)
        #expect(far.showsWithBuffer(huge))
        #expect(far.scale == .braille(BigUInt.powerOfTwo(78)))
    }
}
