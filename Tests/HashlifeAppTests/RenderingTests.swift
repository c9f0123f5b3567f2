import Testing
@testable import HashlifeApp
import HashlifeEngine
import HashlifeEditing
import HashlifeTestSupport

/// The canvas renderer and the screen buffer, against expected screens.
@Suite struct ScreenRenderingTests {
    func glider() -> Universe { Fixtures.universe("glider.rle") }

    func render(_ universe: Universe, _ canvas: Canvas, settings: Settings = { var s = Settings(); s.gridLines = false; return s }(),
                overlay: CanvasOverlay = CanvasOverlay()) -> Screen {
        var screen = Screen(columns: canvas.columns, rows: canvas.rows)
        canvas.render(universe, into: &screen, left: 0, top: 0, settings: settings, overlay: overlay)
        return screen
    }

    @Test func magnifiedCellsAreTwoCharactersWideWithAxes() {
        let screen = render(glider(), Canvas(columns: 12, rows: 4, originX: -1, originY: -1, scale: .magnified(1)))
        #expect(screen.lines == [
            "  │",
            "──┼─██──────",
            "  │   ██",
            "  ██████",
        ])
        #expect(screen[2, 3].foreground == Settings().palette.live)
        #expect(screen[2, 0].foreground == Settings().palette.axes)
    }

    @Test func gridLinesAtTwoTimesOutlineEachCell() {
        var settings = Settings()
        settings.gridLines = true
        let screen = render(Universe(), Canvas(columns: 8, rows: 4, originX: 5, originY: 5, scale: .magnified(2)), settings: settings)
        #expect(screen.lines == ["┼───┼───", "│   │", "┼───┼───", "│   │"])
    }

    @Test func brailleHoldsTwoByFourCellsPerCharacter() {
        let screen = render(glider(), Canvas(columns: 3, rows: 1, originX: 0, originY: 0, scale: .braille(.one)))
        #expect(screen.lines == ["⠬⠆─"])
        let half = render(glider(), Canvas(columns: 3, rows: 2, originX: 0, originY: 0, scale: .halfBlocks))
        // Column x = 0 has no live cell in rows 0-1: the axes cross there.
        #expect(half.lines == ["┼▀▄", "▀▀▀"])
    }

    @Test func aBoundedGridShowsItsEdges() throws {
        let screen = render(glider(), Canvas(columns: 12, rows: 5, originX: -1, originY: -1, scale: .magnified(1)),
                            overlay: CanvasOverlay(bounds: CellRect(x: 0, y: 0, width: 3, height: 3)))
        #expect(screen.lines == [
            "░░░░░░░░░░░░",
            "░░┼─██──░░░░",
            "░░│   ██░░░░",
            "░░██████░░░░",
            "░░░░░░░░░░░░",
        ])
        // An app on a bounded grid frames the whole grid with square cells a click can address,
        // and auto-zoom leaves it there.
        let app = try makeApp("glider.rle", columns: 120, rows: 40)
        app.gridBounds = CellRect(x: 0, y: 0, width: 24, height: 24)
        #expect(app.canvas.scale == .magnified(1))
        let visible = app.canvas.visibleCells
        #expect(visible.x < 0 && visible.maxX > 24 && visible.y < 0 && visible.maxY > 24)
        let framed = app.canvas
        app.press(" ")
        app.perform(app.tick(now: 0))
        #expect(app.canvas == framed)
        #expect(app.text[2 + 37 / 2].contains("░"))
        // In 80×24 the 24 rows do not fit at 1×: still 1×, centred, the rest a pan away.
        let small = try makeApp("glider.rle")
        small.gridBounds = CellRect(x: 0, y: 0, width: 24, height: 24)
        #expect(small.canvas.scale == .magnified(1))
    }

    @Test func zoomedOutGridLinesAreBandsFixedToThePlane() {
        // Braille 1:2: a character is 2×4 cells; lines every 8 characters (16 cells) across and
        // every 4 (16 cells) down, where the plane's coordinate is a multiple of 16.
        let palette = Settings().palette
        let shade = palette.background.mixed(with: palette.grid)
        let screen = render(glider(), Canvas(columns: 10, rows: 5, originX: 0, originY: 0, scale: .braille(.one)), settings: Settings())
        #expect((0..<10).map { screen[$0, 1].background } == [shade] + Array(repeating: palette.background, count: 7) + [shade, palette.background])
        #expect((0..<5).map { screen[3, $0].background } == [shade, palette.background, palette.background, palette.background, shade])
        let moved = render(glider(), Canvas(columns: 4, rows: 2, originX: 12, originY: 0, scale: .braille(.one)), settings: Settings())
        #expect((0..<4).map { moved[$0, 1].background } == [palette.background, palette.background, shade, palette.background])
    }

    @Test func aggregatedZoomMarksABlockAliveWhenAnyCellIs() {
        // At braille zoom 3 one dot is 3×3 cells: the glider (3×3) is one dot.
        let screen = render(glider(), Canvas(columns: 2, rows: 1, originX: 0, originY: 0, scale: .braille(BigUInt(3))))
        #expect(screen.lines == ["⠁─"])
    }

    @Test func hoverOutlinesTheCellAndStampPreviewIsTranslucent() {
        let canvas = Canvas(columns: 12, rows: 4, originX: -1, originY: -1, scale: .magnified(1))
        let stamp = StampPreview(x: 3, y: 0, offsets: [.init(0, 0), .init(1, 1)], width: 2, height: 2)
        let screen = render(Universe(), canvas, overlay: CanvasOverlay(hover: (0, 0), stamp: stamp))
        #expect(screen.lines[0] == "[]│")
        #expect(screen.lines[1] == "──┼─────▒▒──")
        #expect(screen.lines[2].hasSuffix("▒▒"))
    }

    @Test func cellsAtCoordinatesBeyondSixtyFourBitsAreDrawnExactly() throws {
        let far = BigInt(BigUInt.powerOfTwo(100))
        let universe = Universe()
        universe.setCell(x: far + 3, y: -far, alive: true)
        let screen = render(universe, Canvas(columns: 10, rows: 2, originX: far, originY: -far, scale: .magnified(1)))
        #expect(screen.lines == ["      ██", ""])
    }

    @Test func outputSendsOnlyChangedCellsAndHonoursColourModes() {
        var a = Screen(columns: 4, rows: 2)
        a.put("ab", column: 0, row: 0)
        var b = a
        b.put("X", column: 3, row: 1, style: ScreenCell(foreground: RGB(255, 0, 0)))
        let diff = b.output(from: a, mode: .trueColour)
        #expect(diff == "\u{1B}[2;4H\u{1B}[0;38;2;255;0;0mX\u{1B}[0m")
        #expect(b.output(from: a, mode: .palette256).contains("38;5;196"))
        #expect(!b.output(from: a, mode: .none).contains("38;"))
        #expect(b.output(from: b, mode: .trueColour) == "")
        #expect(b.output(from: nil, mode: .none).hasPrefix("\u{1B}[0m\u{1B}[2J"))
    }

    @Test func colourModeFollowsTheEnvironment() {
        #expect(ColourMode.from(environment: ["COLORTERM": "truecolor"]) == .trueColour)
        #expect(ColourMode.from(environment: [:]) == .palette256)
        #expect(ColourMode.from(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"]) == .none)
    }

    @Test func wholeAppScreenAtEightyByTwentyFour() throws {
        let app = try makeApp("glider.rle")
        let lines = app.text
        #expect(lines.count == 24)
        #expect(lines[0].hasPrefix(" Gen 0  Pop 5  "))
        #expect(lines[1].hasPrefix(" B3/S23  Step 1  Normal  Zoom cell 8×4 chars"))
        #expect(lines[2].hasPrefix(" Patterns    │"))
        #expect(lines[3].hasPrefix("1 Glider     │"))
        #expect(lines[23].hasPrefix(" ␣Play .Step rRese"))
        // The glider is drawn at 4×: each live cell is 8×4 characters of full blocks.
        #expect(lines.filter { $0.contains("████████") }.count == 12)
    }
}
