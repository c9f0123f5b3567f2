import Foundation
import Testing
@testable import HashlifeApp
import HashlifeEngine
import HashlifeFormats
import HashlifeEditing
import HashlifeRendering
import HashlifeTerminal
import HashlifeTestSupport

/// Star Wars (345/2/4, 4 states): a row of three cells in state 1.
let starWarsRow = """
x = 3, y = 1, rule = 345/2/4
3A!
"""

/// `text` in a fresh file; its path.
func multiStateFile(_ text: String, named name: String = "row.rle") throws -> String {
    let path = ScratchFolder.make("app-multistate") + "/" + name
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// An 80×24 app on a multi-state file, without persistence.
func makeMultiStateApp(_ text: String = starWarsRow) throws -> App {
    let session = Session(columns: 80, rows: 24)
    try session.load(path: try multiStateFile(text))
    let app = App(session: session, columns: 80, rows: 24, library: ShapeLibrary(folder: nil))
    app.hintDismissed = true
    return app
}

@Suite struct AppMultiStateTests {
    @Test func tCyclesTheDrawingStateAndTheHeaderShowsIt() throws {
        let app = try makeMultiStateApp()
        #expect(app.text[1].contains("345/2/4  State 1 of 1–3"), "\(app.text[1])")
        app.press("t")
        #expect(app.activeDrawingState == 2)
        #expect(app.text[1].contains("State 2 of 1–3"))
        // The message counts states as the header does.
        #expect(app.status == "drawing state 2 of 1–3")
        app.press("t")
        app.press("t")
        #expect(app.activeDrawingState == 1, "after N−1 it comes back to 1")
        // A two-state rule has no drawing state to show.
        app.type(":rule B3/S23")
        #expect(app.session.rule.description == "B3/S23")
        #expect(!app.text[1].contains("State "))
        app.press("t")
        #expect(app.activeDrawingState == 1)
        #expect(app.status?.contains("two states") == true)
    }

    @Test func clicksDrawTheDrawingStateInItsColourAndAgainErase() throws {
        let app = try makeMultiStateApp()
        app.canvas.scale = .magnified(2)
        app.press("t")
        app.press("t")  // state 3
        let frame = app.canvasFrame
        let (column, row) = (frame.left + 6, frame.top + 3)
        let cell = try #require(app.canvas.cell(atColumn: column - frame.left, row: row - frame.top))
        #expect(app.session.state(x: cell.x, y: cell.y) == 0)
        app.click(column, row)
        #expect(app.session.state(x: cell.x, y: cell.y) == 3)
        // Golly's colour of state 3 of 4 (yellow), on the canvas.
        let yellow = StatePalette(rule: app.session.rule).color(3)
        let origin = try #require(app.canvas.position(ofX: cell.x, y: cell.y))
        let drawn = app.render()[frame.left + origin.column + 1, frame.top + origin.row + 1]
        #expect(drawn.foreground == HashlifeApp.RGB(yellow.r, yellow.g, yellow.b))
        #expect(drawn.character == "█")
        // Without colours, states are letters.
        app.drawsStateLetters = true
        #expect(app.render()[frame.left + origin.column + 1, frame.top + origin.row + 1].character == "C")
        // A click on a cell in the drawing state erases it; undo brings it back.
        app.click(column, row)
        #expect(app.session.state(x: cell.x, y: cell.y) == 0)
        app.press("u")
        #expect(app.session.state(x: cell.x, y: cell.y) == 3)
    }

    @Test func aDragPaintsOneUndoableStrokeInTheDrawingState() throws {
        let app = try makeMultiStateApp()
        app.canvas.scale = .magnified(1)
        app.press("t")
        let frame = app.canvasFrame
        app.send(.mouse(MouseEvent(.press, .left, column: frame.left + 4, row: frame.top + 2)))
        app.send(.mouse(MouseEvent(.drag, .left, column: frame.left + 14, row: frame.top + 2)))
        app.send(.mouse(MouseEvent(.release, .left, column: frame.left + 14, row: frame.top + 2)))
        let first = try #require(app.canvas.cell(atColumn: 4, row: 2))
        let painted = (0..<6).map { app.session.state(x: first.x + BigInt($0), y: first.y) }
        #expect(painted == Array(repeating: 2, count: 6))
        app.press("u")
        #expect(app.session.state(x: first.x, y: first.y) == 0)
        #expect(app.session.universe.population == BigUInt(3))
    }

    @Test func copyAndPasteInTheAppKeepStates() throws {
        let app = try makeMultiStateApp("x = 2, y = 1, rule = 345/2/4\nAC!\n")
        app.session.select(CellRect(x: 0, y: 0, width: 2, height: 1))
        app.press("v")
        let effects = app.press("c")
        #expect(effects.contains { if case .clipboard(let text) = $0 { text.contains("AC!") } else { false } })
        app.press("p")
        guard case .stamp(let stamp) = app.mode else { Issue.record("paste follows the pointer"); return }
        #expect(stamp.states == [1, 3])
        app.place(stamp, x: BigInt(10), y: BigInt(10))
        #expect(app.session.state(x: BigInt(10), y: BigInt(10)) == 1)
        #expect(app.session.state(x: BigInt(11), y: BigInt(10)) == 3)
    }

    @Test func stepsAndTheHeaderFollowTheMultiStateUniverse() throws {
        let app = try makeMultiStateApp()
        app.press(".")
        #expect(app.session.universe.generation == .one)
        #expect(app.text[0].contains("Gen 1  Pop \(app.session.universe.population)"), "\(app.text[0])")
        #expect(app.text[1].contains("345/2/4"))
    }

    @Test func stateColoursKeepTheirHueInTheXterm256Palette() {
        // Golly's Generations yellow and orange, and History's dark blue.
        #expect(HashlifeApp.RGB(255, 255, 0).palette256Index == 226)
        #expect(HashlifeApp.RGB(255, 0, 0).palette256Index == 196)
        #expect(HashlifeApp.RGB(0, 0, 128).palette256Index == 18)
        #expect(HashlifeApp.RGB(128, 128, 128).palette256Index == 244)
    }

    @Test func theHelpScreenListsT() throws {
        #expect(App.helpLines.contains { $0.contains("t  drawing state") })
    }
}

/// Boards keep two-state patterns: the app says so instead of pretending to save a multi-state
/// one, and `:board save NAME` neither saves nor renames.
@Suite struct AppMultiStateBoardTests {
    /// Every cell not in state 0 of the app's universe, with its state.
    static func stateCells(_ app: App) -> [SIMD3<Int>] {
        var cells: [SIMD3<Int>] = []
        app.session.universe.forEachCell(in: nil) { x, y, state in cells.append(SIMD3(x.intValue!, y.intValue!, Int(state))) }
        return cells.sorted { ($0.y, $0.x, $0.z) < ($1.y, $1.x, $1.z) }
    }

    @Test func aMultiStatePatternIsSavedToItsBoardAndReopensExactly() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let env = appEnvironment(in: folder)
        let glider = try AppLaunch(file: Fixtures.pattern("glider.rle"), columns: 100, rows: 30, environment: env).makeApp()
        let store = try #require(glider.store)
        let id = try #require(store.boardID)
        glider.finish(now: 0)
        let app = try AppLaunch(board: id.text, columns: 100, rows: 30, environment: env).makeApp()
        let board = try #require(app.store).service
        app.press(":")
        app.type("rule LifeHistory")
        #expect(app.session.universe.stateCount == 7)
        app.press(":")
        app.type("set 10 10 4")
        app.press(":")
        app.type("step 6")
        app.press(":")
        app.type("board save test1")
        #expect(app.status?.hasPrefix("saved board") == true, "\(app.status ?? "")")
        #expect(try board.board(id.text).name == "test1")
        #expect(try board.board(id.text).rule == "LifeHistory")
        #expect(try board.board(id.text).generation == BigUInt(6))
        let cells = Self.stateCells(app)
        #expect(cells.contains { $0.z == 4 } && cells.contains { $0.z == 2 }, "a marked cell and history trails")
        // A further step, autosaved at quitting; the board reopens at it, with its history.
        app.press(":")
        app.type("step 3")
        let later = Self.stateCells(app)
        app.finish(now: 10_000)
        // Launched with nothing named, the app reopens the last board with its history.
        let again = try AppLaunch(columns: 100, rows: 30, environment: env).makeApp()
        #expect(again.store?.boardID == id)
        #expect(again.session.rule.description == "LifeHistory")
        #expect(again.session.universe.generation == BigUInt(9))
        #expect(Self.stateCells(again) == later)
        #expect(again.status == nil, "\(again.status ?? "")")
        try again.session.undo()
        #expect(again.session.universe.generation == BigUInt(6))
        #expect(Self.stateCells(again) == cells)
    }
}
