import Testing
@testable import HashlifeApp
import HashlifeEngine
import HashlifeEditing
import HashlifeTerminal

/// What follows a change of generation: auto-zoom at every one, where reset returns (the start
/// of the current state's run), and the header's figures of the state undo and redo return to.
@Suite struct AppRunTests {
    /// Plays `frames` frames, each step finishing before the next tick, from the app's clock on.
    func play(_ app: App, frames: Int) {
        app.press(" ")
        let start = app.now
        for frame in 0..<frames { app.perform(app.tick(now: start + Int64(frame) * 1000)) }
        app.press(" ")
    }

    /// The live cells lie inside the canvas's 20 % buffer.
    func framed(_ app: App) -> Bool {
        guard let box = app.session.universe.boundingBox else { return true }
        return app.canvas.showsWithBuffer(box)
    }

    // MARK: Auto-zoom

    @Test(arguments: ["g", ":step", "dots", "reset and undo"])
    func autoZoomRefitsAtEveryChangeOfGeneration(_ how: String) throws {
        let app = try makeApp("gosper-glider-gun.rle", columns: 80, rows: 24)
        #expect(app.settings.autoZoom == .fit)
        let start = app.canvas
        switch how {
        case "g":
            app.press("g")
            app.type("900")
        case ":step":
            app.type(":step 900")
        case "dots":
            for _ in 0..<150 { app.press(".") }
        default:
            app.type(":step 900")
            app.press("r")
            #expect(app.session.universe.generation == .zero)
            app.press("u")
        }
        let box = try #require(app.session.universe.boundingBox)
        #expect(!start.showsWithBuffer(box), "the gliders left the first view")
        #expect(framed(app), "\(how): \(app.canvas.scale.label)")
    }

    @Test func undoAndRedoRefitWhenTheGenerationChanges() throws {
        let app = try makeApp("gosper-glider-gun.rle", columns: 120, rows: 40)
        app.type(":step 900")
        let far = app.canvas
        app.press("u")
        #expect(app.session.universe.generation == .zero)
        #expect(app.canvas != far, "the gun alone fits nearer")
        #expect(framed(app))
        app.press("U")
        #expect(app.canvas == far)
    }

    @Test func panningByHandStillPausesAutoZoom() throws {
        let app = try makeApp("gosper-glider-gun.rle", columns: 120, rows: 40)
        app.press("l")
        let panned = app.canvas
        app.type(":step 900")
        #expect(app.canvas == panned)
    }

    // MARK: The reset point

    @Test func resetReturnsToTheStartOfTheCurrentStatesRun() throws {
        let app = try makeApp("glider.rle")
        for _ in 0..<6 { app.press(".") }
        app.type(":rule B36/S23")
        app.type(":goto 2^40")
        #expect(app.session.resetPoint.generation == BigUInt(6))
        #expect(app.session.resetPoint.rule.description == "B36/S23")
        app.type(":goto 0")
        #expect(app.session.universe.generation == .zero)
        #expect(app.session.rule.description == "B3/S23")
        app.press(".")
        app.press(".")
        app.press("r")
        #expect(app.session.universe.generation == .zero)
        #expect(app.session.rule.description == "B3/S23")
        #expect(app.session.universe.population == BigUInt(5))
        #expect(app.status == "reset to generation 0 under B3/S23 (as loaded); u undoes")
        // Undone, the universe is back at generation 2, in the same run.
        app.press("u")
        #expect(app.session.universe.generation == BigUInt(2))
        #expect(app.session.resetPoint.generation == .zero)
    }

    @Test func resetAfterARuleChangeReturnsToTheRuleChange() throws {
        let app = try makeApp("glider.rle")
        for _ in 0..<6 { app.press(".") }
        app.type(":rule B36/S23")
        app.type(":goto 2^40")
        app.press("r")
        #expect(app.session.universe.generation == BigUInt(6))
        #expect(app.session.rule.description == "B36/S23")
        #expect(app.status == "reset to generation 6 under B36/S23 (after rule B36/S23); u undoes")
        app.press("r")
        #expect(app.status == "already at generation 6 under B36/S23 (after rule B36/S23), where the run started")
    }

    @Test func undoAndRedoBringBackTheRunOfTheStateTheyRestore() throws {
        let app = try makeApp("glider.rle")
        for _ in 0..<4 { app.press(".") }
        app.hintDismissed = true
        let frame = app.canvasFrame
        app.click(frame.left + 2, frame.top + 2)
        #expect(app.session.universe.population == BigUInt(6))
        for _ in 0..<3 { app.press(".") }
        #expect(app.session.resetPoint.generation == BigUInt(4))
        // Undoing the three steps and the edit: generation 4 of the run from the load.
        for _ in 0..<4 { app.press("u") }
        #expect(app.session.universe.generation == BigUInt(4))
        #expect(app.session.resetPoint.generation == .zero)
        #expect(app.session.resetPoint.origin == "as loaded")
        // Redoing the edit: a run starts at the state it made.
        app.press("U")
        #expect(app.session.universe.population == BigUInt(6))
        #expect(app.session.resetPoint.isCurrent)
        #expect(app.session.resetPoint.origin.hasPrefix("after cell"))
    }

    // MARK: Statistics

    @Test func undoAndRedoBringBackTheStatisticsOfTheStateReturnedTo() throws {
        let app = try makeApp("r-pentomino.rle")
        play(app, frames: 100)
        let atHundred = app.statistics
        play(app, frames: 475)
        #expect(app.session.universe.generation == BigUInt(575))
        let atEnd = app.statistics
        #expect(atEnd.maximum != atEnd.minimum)
        app.press("u")
        #expect(app.statistics == atHundred)
        app.press("U")
        #expect(app.statistics == atEnd)
        // Reset and its undo do the same.
        app.press("r")
        #expect(app.statistics.samples.count == 1)
        app.press("u")
        #expect(app.statistics == atEnd)
        #expect(app.text[0].contains("Max \(atEnd.maximum!)  Min \(atEnd.minimum!)"))
    }

    @Test func aMultiStatePatternsFiguresStartAtItsPopulation() throws {
        let app = try makeMultiStateApp("x = 5, y = 1, rule = B2/S/3\n5A!\n")
        #expect(app.statistics.minimum == BigUInt(5))
        app.press(".")
        #expect(app.session.universe.generation == .one)
        #expect(app.statistics.minimum != .zero)
        #expect(!app.text[0].contains("Min 0"), "\(app.text[0])")
    }
}
