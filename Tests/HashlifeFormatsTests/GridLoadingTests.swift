import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// Where a file's cells land on a bounded grid, and files that do not fit it.
@Suite struct GridLoadingTests {
    static func universe(_ text: String) throws -> Universe {
        try Universe(document: PatternCodec.decode(Array(text.utf8), fileName: "test.rle").document)
    }

    @Test func rleWithoutPositionIsCentredAsGollyDoes() throws {
        // 3×2 on a 10×8 torus: top-left at (-⌊3/2⌋, -⌊2/2⌋) = (-1, -1).
        let universe = try Self.universe("x = 3, y = 2, rule = B3/S23:T10,8\nobo$3o!\n")
        #expect(universe.boundingBox == CellRect(x: -1, y: -1, width: 3, height: 2))
        #expect(universe.cell(x: -1, y: -1) && universe.cell(x: 1, y: -1) && !universe.cell(x: 0, y: -1))
    }

    @Test func rleLargerThanTheGridStartsAtItsCorner() throws {
        // The header says 12 wide on a 10-wide grid: Golly puts it at the grid's top-left; the
        // cells (only 3 wide) then fit.
        let universe = try Self.universe("x = 12, y = 2, rule = B3/S23:T10,8\n3o!\n")
        #expect(universe.boundingBox == CellRect(x: -5, y: -4, width: 3, height: 1))
    }

    @Test func aTubeCentresAlongItsUnboundedSideToo() throws {
        let universe = try Self.universe("x = 4, y = 4, rule = B3/S23:T0,8\n4o!\n")
        #expect(universe.boundingBox == CellRect(x: -2, y: -2, width: 4, height: 1))
    }

    @Test func rlePositionIsKept() throws {
        let universe = try Self.universe("#CXRLE Pos=2,3\nx = 1, y = 1, rule = B3/S23:T10,10\no!\n")
        #expect(universe.boundingBox == CellRect(x: 2, y: 3, width: 1, height: 1))
    }

    @Test func cellsOffTheGridAreRefusedNamingBothExtents() throws {
        do {
            _ = try Self.universe("x = 12, y = 1, rule = B3/S23:T10,8\n12o!\n")
            Issue.record("a 12-cell row loaded on a 10-wide torus")
        } catch {
            let message = "\(error)"
            #expect(message.contains("does not fit the 10×8 torus") && message.contains("x -5…6"), "\(message)")
        }
        #expect(throws: RuleError.self) { _ = try Self.universe("#CXRLE Pos=5,0\nx = 1, y = 1, rule = B3/S23:P10,10\no!\n") }
    }
}
