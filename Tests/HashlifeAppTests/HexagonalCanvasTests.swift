import Testing
@testable import HashlifeApp
import HashlifeEngine
import HashlifeEditing
import HashlifeRendering
import HashlifeTestSupport

/// The hexagonal canvas (`#`, `play --hex`): its rows sheared as `view --hex` shears them, with
/// clicks, hover and zoom on the same transform.
@Suite struct HexagonalCanvasTests {
    static let scales: [CanvasScale] = [.magnified(1), .magnified(3), .halfBlocks, .braille(.one), .braille(BigUInt(16))]

    /// Every character names the cells that `position(ofX:y:)` puts back under it, and the
    /// character of a cell shows that cell.
    @Test(arguments: scales) func theTransformRoundTrips(scale: CanvasScale) {
        let canvas = Canvas(columns: 40, rows: 17, originX: BigInt(-123), originY: BigInt(45), scale: scale, hexagonal: true)
        for row in 0..<canvas.rows {
            for column in stride(from: 0, to: canvas.columns, by: 3) {
                let rect = canvas.cells(atColumn: column, row: row)
                let position = canvas.position(ofX: rect.x, y: rect.y)
                #expect(position != nil)
                guard let position else { continue }
                #expect(canvas.cells(atColumn: position.column, row: position.row) == rect, "\(scale) at \(column), \(row)")
                if let span = canvas.characterSpan {
                    // The character lies within the cell's span (a cell is 2k×k characters).
                    #expect((position.column...(position.column + span.across - 1)).contains(column))
                    #expect((position.row...(position.row + span.down - 1)).contains(row))
                }
            }
        }
    }

    /// The six neighbours of a hexagonal rule sit around a cell at equal steps: two across,
    /// and four half a cell aside one row up or down.
    @Test(arguments: [1, 2, 4]) func aCellsSixNeighboursSurroundIt(k: Int) throws {
        let canvas = Canvas(columns: 80, rows: 40, originX: BigInt(-10), originY: BigInt(-10), scale: .magnified(k), hexagonal: true)
        let centre = try #require(canvas.position(ofX: BigInt(0), y: BigInt(0)))
        func offset(_ dx: Int, _ dy: Int) throws -> [Int] {
            let p = try #require(canvas.position(ofX: BigInt(dx), y: BigInt(dy)))
            return [p.column - centre.column, p.row - centre.row]
        }
        #expect(try offset(1, 0) == [2 * k, 0])
        #expect(try offset(-1, 0) == [-2 * k, 0])
        #expect(try offset(-1, -1) == [-k, -k])
        #expect(try offset(0, -1) == [k, -k])
        #expect(try offset(0, 1) == [-k, k])
        #expect(try offset(1, 1) == [k, k])
        // A square canvas keeps the cells above one another.
        var square = canvas
        square.hexagonal = false
        let below = try #require(square.position(ofX: BigInt(0), y: BigInt(1)))
        let above = try #require(square.position(ofX: BigInt(0), y: BigInt(0)))
        #expect(below.column == above.column)
    }

    /// At 1× the canvas shows what `view --hex` prints: the same live characters, rows sheared
    /// the same way (`HexagonalRows`), up to the shift of the whole picture.
    @Test func magnifiedRowsMatchViewHex() throws {
        let universe = Fixtures.universe("gosper-glider-gun.rle")
        let box = try #require(universe.boundingBox)
        let rows = try #require(box.height.intValue)
        // The origin `rows` cells left of the pattern: the bottom row, sheared farthest, fits.
        let canvas = Canvas(columns: 120, rows: rows, originX: box.x - BigInt(rows), originY: box.y, scale: .magnified(1), hexagonal: true)
        var settings = Settings()
        settings.gridLines = false
        var screen = Screen(columns: canvas.columns, rows: canvas.rows)
        canvas.render(universe, into: &screen, left: 0, top: 0, settings: settings)
        var drawn = Set<[Int]>()
        for row in 0..<canvas.rows {
            for column in 0..<canvas.columns where screen[column, row].character == "█" { drawn.insert([column, row]) }
        }

        let columns = try #require(box.width.intValue)
        var sheared = HexagonalRows(universe.blocks(of: Viewport(x: box.x, y: box.y, columns: columns, rows: rows)), rowRepeat: 1)
        var expected = Set<[Int]>()
        for row in 0..<sheared.rows {
            // view --hex moves the bottom row least; the canvas leaves the top row in place.
            for (column, state) in sheared.states(row).enumerated() where state != 0 { expected.insert([column - (rows - 1) + 2 * rows, row]) }
        }
        #expect(!expected.isEmpty)
        #expect(drawn == expected)
        #expect(drawn.count == 2 * Int(universe.population.description)!)
    }

    /// Zoomed out, each character row is moved one character left of the row above.
    @Test func zoomedOutRowsMoveOneCharacterARow() throws {
        // A vertical line of 16 cells at x = 8: four braille rows, one character left per row.
        let universe = Universe()
        for y in 0..<16 { universe.setCell(x: 8, y: y) }
        let canvas = Canvas(columns: 10, rows: 4, originX: .zero, originY: .zero, scale: .braille(.one), hexagonal: true)
        var screen = Screen(columns: canvas.columns, rows: canvas.rows)
        var settings = Settings()
        settings.gridLines = false
        canvas.render(universe, into: &screen, left: 0, top: 0, settings: settings)
        for row in 0..<4 {
            let dots = (0..<canvas.columns).filter { (0x2801...0x28FF).contains(screen[$0, row].character.value) }
            #expect(dots == [4 - row], "row \(row): \(screen.lines[row])")
        }
    }

    /// In the app, `#` shears the view about its centre, a click toggles the cell the sheared
    /// transform names, and the hover outline is drawn there.
    @Test func theAppShearsClicksAndOutlinesTheSameCell() throws {
        let app = try makeApp("glider.rle", columns: 100, rows: 30)
        app.hintDismissed = true
        let centre = app.canvas.centreCell
        app.press("#")
        #expect(app.canvas.hexagonal)
        #expect(app.canvas.centreCell == centre)
        #expect(app.status?.hasPrefix("hexagonal view") == true)
        app.status = nil
        #expect(app.text.prefix(App.headerRows).contains { $0.contains(" hex ") })
        let frame = app.canvasFrame
        let (column, row) = (frame.left + 17, frame.top + 9)
        let target = try #require(app.canvas.cell(atColumn: 17, row: 9))
        guard case .magnified(let k) = app.canvas.scale else { Issue.record("the glider fits magnified"); return }
        // Worked out by hand: row 9 is cell row 9 / k, moved left by k per cell row.
        #expect(target.x == app.canvas.originX + BigInt((17 + k * (9 / k)) / (2 * k)))
        #expect(target.y == app.canvas.originY + BigInt(9 / k))
        let before = app.session.universe.state(atX: target.x, y: target.y)
        app.click(column, row)
        #expect(app.session.universe.state(atX: target.x, y: target.y) != before)
        app.press("#")
        #expect(!app.canvas.hexagonal)
        #expect(app.canvas.centreCell == centre)
    }

    /// Fitting a hexagonal canvas leaves room for the sheared rows: every live cell is drawn.
    @Test func fittingKeepsTheShearedPatternOnScreen() throws {
        let app = try makeApp("gosper-glider-gun.rle", columns: 100, rows: 30)
        app.setHexagonal(true)
        app.press("f")
        let box = try #require(app.session.universe.boundingBox)
        #expect(app.canvas.showsWithBuffer(box))
        let right = box.x + BigInt(box.width) - BigInt(1), bottom = box.y + BigInt(box.height) - BigInt(1)
        for (x, y) in [(box.x, box.y), (right, box.y), (box.x, bottom), (right, bottom)] {
            let p = try #require(app.canvas.position(ofX: x, y: y))
            #expect(p.column >= 0 && p.column < app.canvas.columns && p.row >= 0 && p.row < app.canvas.rows)
        }
    }
}
