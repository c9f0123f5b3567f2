import Testing
@testable import HashlifeApp
import HashlifeBoards
import HashlifeEngine
import HashlifeEditing
import HashlifeTerminal

/// Playing, stepping, reset, history and the header's figures, as a person meets them: the
/// state machine driven without a terminal.
@Suite struct AppPlayingTests {
    /// Plays `frames` frames, each step finishing before the next tick.
    func play(_ app: App, frames: Int, from start: Int64 = 0) {
        app.press(" ")
        for frame in 0..<frames { app.perform(app.tick(now: start + Int64(frame) * 1000)) }
        app.press(" ")
    }

    @Test func idleWithNothingDueSleepsUntilInput() throws {
        let app = try makeApp("glider.rle")
        #expect(app.wakeDelay(now: 0) == -1)
        app.press(".")
        // Stepping leaves nothing due without a board store to save to.
        #expect(!app.busy)
        #expect(app.wakeDelay(now: 10_000) == -1)
        app.press(" ")
        #expect(app.wakeDelay(now: 0) > 0)
        app.press(" ")
        #expect(app.wakeDelay(now: 0) == -1)
    }

    @Test func aPlayRunOfThreeThousandGenerationsIsOneHistoryEntryAndResetReturnsToItsStart() throws {
        let app = try makeApp("glider.rle")
        // An edit before playing: it stays undoable however long play runs.
        let frame = app.canvasFrame
        app.hintDismissed = true
        app.click(frame.left + 1, frame.top + 1)
        let edited = app.session.universe.population
        #expect(edited == BigUInt(6))
        play(app, frames: 3000)
        #expect(app.session.universe.generation == BigUInt(3000))
        #expect(app.session.undoHistory.count == 2)
        #expect(app.session.undoHistory.last?.description == "play from generation 0 to 3000")
        app.press("r")
        #expect(app.session.universe.generation == .zero)
        #expect(app.session.universe.population == edited)
        #expect(app.status == "reset to generation 0 under B3/S23 (after cell (-3, -1) born); u undoes")
        // Reset is itself undoable; the edit before the run is still in the history.
        app.press("u")
        #expect(app.session.universe.generation == BigUInt(3000))
        app.press("u")
        app.press("u")
        #expect(app.session.universe.generation == .zero)
        #expect(app.session.universe.population == BigUInt(5))
    }

    @Test func theResetPointSurvivesAHistoryLimitOfOne() throws {
        let app = try makeApp("glider.rle")
        app.session.historyLimit = 1
        for _ in 0..<5 { app.press(".") }
        #expect(app.session.undoHistory.count == 1)
        app.press("r")
        #expect(app.session.universe.generation == .zero)
    }

    @Test func dotPressesDuringAStepAreCountedAndRunAsOneStep() throws {
        let app = try makeApp("glider.rle")
        #expect(app.handle(.key(.character("."))) == [.step(.one)])
        for _ in 0..<4 { #expect(app.handle(.key(.character("."))) == []) }
        #expect(app.pendingSteps == 4)
        try app.session.step(.one)
        app.stepFinished(nil)
        let next = app.tick(now: 0)
        #expect(next == [.step(BigUInt(4))])
        app.perform(next)
        #expect(app.session.universe.generation == BigUInt(5))
        // Esc drops what was pending with the step it cancels.
        _ = app.handle(.key(.character(".")))
        _ = app.handle(.key(.character(".")))
        #expect(app.handle(.key(.escape)) == [.cancelStep])
        #expect(app.pendingSteps == 0)
    }

    @Test func aDraggedStrokeIsOneHistoryEntryWithoutGaps() throws {
        let app = try makeApp()
        app.hintDismissed = true
        let frame = app.canvasFrame
        let row = frame.top + 5
        app.send(.mouse(MouseEvent(.press, .left, column: frame.left + 2, row: row)))
        // One motion report 20 columns on (10 cells at 2 characters a cell): the cells between
        // are painted too.
        app.send(.mouse(MouseEvent(.drag, .left, column: frame.left + 22, row: row)))
        app.send(.mouse(MouseEvent(.drag, .left, column: frame.left + 22, row: row + 3)))
        app.send(.mouse(MouseEvent(.release, .left, column: frame.left + 22, row: row + 3)))
        #expect(app.session.universe.population == BigUInt(14))
        #expect(app.session.undoHistory.count == 1)
        #expect(app.session.undoHistory.last?.description == "drew 14 cells")
        app.press("u")
        #expect(app.session.universe.isEmpty)
        #expect(app.status == "undid: drew 14 cells")
    }

    @Test func theLineBetweenTwoCellsHasNoGaps() {
        let cells = App.line(fromX: 0, y: 0, toX: 7, y: -3)
        #expect(cells.count == 8)
        for (a, b) in zip(cells, cells.dropFirst()) {
            #expect((b.0 - a.0).magnitude <= .one && (b.1 - a.1).magnitude <= .one)
        }
        #expect(cells.last! == (BigInt(7), BigInt(-3)))
    }

    @Test func headerStatisticsDescribeTheRunSinceTheLastEditOrReset() throws {
        let app = try makeApp("glider.rle")
        app.hintDismissed = true
        let frame = app.canvasFrame
        // Editing to 6 cells and back to 5: the figures start again at each edit.
        app.click(frame.left + 40, frame.top + 3)
        app.click(frame.left + 40, frame.top + 3)
        #expect(app.statistics.maximum == BigUInt(5))
        #expect(app.statistics.minimum == BigUInt(5))
        play(app, frames: 3)
        #expect(app.text[0].contains("Max 5  Min 5"))
        app.press("r")
        #expect(app.statistics.samples.count == 1)
    }

    @Test func resetRefitsTheViewWhenAutoZoomIsOn() throws {
        let app = try makeApp("glider.rle")
        let start = app.canvas
        app.press("o")
        for _ in 0..<6 { app.press("l") }
        play(app, frames: 4)
        #expect(app.canvas != start)
        app.press("r")
        #expect(app.canvas == app.fittedCanvas())
        #expect(!app.autoZoomSuspended)
    }

    @Test func messagesFitTheWidthAndGoStaleAtTheNextKey() throws {
        let app = try makeApp("glider.rle", columns: 80, rows: 24)
        app.status = String(repeating: "a long message ", count: 10)
        let line = app.text[1]
        // Shortened to the width (the screen's lines are read without trailing blanks).
        #expect(line.count == 79)
        #expect(line.hasSuffix("…"))
        app.press("s"); app.press("s")
        #expect(app.status?.hasPrefix("speed hyper") == true)
        app.press("]")
        #expect(app.status == "hyper speed: 2^5 generations a frame")
        app.press("+")
        #expect(app.status == nil)
    }

    @Test func zoomLabelsSayTheScaleInPlainWords() {
        #expect(CanvasScale.magnified(2).label == "cell 4×2 chars")
        #expect(CanvasScale.halfBlocks.label == "char 1×2 cells")
        #expect(CanvasScale.braille(BigUInt(3)).label == "char 6×12 cells")
        #expect(CanvasScale.braille(BigUInt.powerOfTwo(60)).label == "char 2^61×2^62 cells")
    }

    @Test func theSettingsPopupHasSectionsAndSwatchesAndFitsEightyByTwentyFour() throws {
        let app = try makeApp("glider.rle", columns: 80, rows: 24)
        app.press(",")
        let text = app.text
        for heading in ["Playback", "View", "Colours"] { #expect(text.contains { $0.contains("│ " + heading) }, "\(heading)") }
        let live = try #require(text.first { $0.contains("Live cells") })
        #expect(live.contains("‹ theme › ██"))
        // The whole box is on the screen: the keys' line, then the bottom border.
        let keys = try #require(text.firstIndex { $0.contains("↑↓ choose") })
        #expect(keys + 1 < 24 && text[keys + 1].contains("└"))
        // ↓ walks the settings, not the headings: the fourth row is the first of View.
        for _ in 0..<3 { app.send(.key(.down)) }
        #expect(app.text.contains { $0.contains("Keep the live cells in view") })
    }

    @Test func altWithAKeyIsEscapeThenTheKey() throws {
        let app = try makeApp("glider.rle")
        app.press("1")
        #expect(app.mode != .normal)
        app.send(.key(.meta(",")))
        #expect(app.mode == .normal)
        #expect(app.panel == .settings(selected: 0))
    }

    @Test func undoSaysWhatItUndidInWords() throws {
        let app = try makeApp("glider.rle")
        app.press(".")
        app.press("u")
        #expect(app.status == "undid: step of 1 generation")
        app.hintDismissed = true
        app.press("v")
        app.session.select(CellRect(x: 0, y: 0, width: BigUInt(3), height: BigUInt(4)))
        app.press("x")
        app.press("u")
        #expect(app.status == "undid: cut 3×4 at (0, 0)")
    }
}
