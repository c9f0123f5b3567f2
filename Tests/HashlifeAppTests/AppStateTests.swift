import Testing
@testable import HashlifeApp
import HashlifeEngine
import HashlifeEditing
import HashlifeTerminal

/// The app as a state machine: keys and clicks in, state and effects out, no terminal.
@Suite struct AppStateTests {
    @Test func launchShowsGenerationAndPopulationInTheHeader() throws {
        let app = try makeApp("gosper-glider-gun.rle")
        #expect(app.text[0].hasPrefix(" Gen 0  Pop 36"))
        // Until the first generation the header explains instead of showing empty statistics.
        #expect(app.text[0].contains("Space plays · . steps · click toggles a cell · ? all keys"))
    }

    @Test func spacePlaysAndTicksStepOneGenerationAFrame() throws {
        let app = try makeApp("glider.rle")
        app.press(" ")
        #expect(app.playing)
        #expect(app.tick(now: 0) == [.step(.one)])
        app.stepFinished(nil)
        // Not due again until the frame interval (normal: 15 a second) has passed.
        #expect(app.tick(now: 10) == [])
        let effects = app.tick(now: 70)
        #expect(effects == [.step(.one)])
        app.perform(effects)
        #expect(app.session.universe.generation == BigUInt(1))
        app.press(" ")
        #expect(!app.playing)
        #expect(app.tick(now: 1000) == [])
    }

    @Test func dotStepsOneGeneration() throws {
        let app = try makeApp("gosper-glider-gun.rle")
        #expect(app.handle(.key(.character("."))) == [.step(.one)])
        #expect(app.busy)
        // While the worker runs, other keys do nothing, and Esc cancels.
        #expect(app.handle(.key(.character("."))) == [])
        #expect(app.handle(.key(.escape)) == [.cancelStep])
        let before = app.render()
        // The worker moves the universe on; frames drawn meanwhile show the state the step
        // started from (they must not read the universe the worker owns) and the progress.
        try app.session.step(.one)
        app.progressGeneration = .one
        #expect(!app.render(previous: before).lines[1].contains("computing…"))  // not for a moment's step
        app.now = 1000
        let during = app.render(previous: before)
        #expect(during.lines[0].hasPrefix(" Gen 0  Pop 36"))
        #expect(during.lines[1].hasSuffix("  computing… gen 1 · Esc cancels"))
        app.stepFinished(nil)
        #expect(!app.busy)
        #expect(app.text[0].hasPrefix(" Gen 1  Pop 39  Max 39  Min 36"))
    }

    @Test func hyperSpeedStepsTwoToTheK() throws {
        let app = try makeApp("glider.rle")
        app.press("s"); app.press("s")
        #expect(app.settings.speed == .hyper)
        app.press("]")
        #expect(app.stepSize == BigUInt(32))
        app.press(" ")
        #expect(app.tick(now: 0) == [.step(BigUInt(32))])
    }

    @Test func resetGoesBackToWherePlayStarted() throws {
        let app = try makeApp("glider.rle")
        app.press(" ")
        for t in 0..<5 { app.perform(app.tick(now: Int64(t) * 1000)) }
        #expect(app.session.universe.generation == BigUInt(5))
        app.press("r")
        #expect(app.session.universe.generation == .zero)
        #expect(!app.playing)
    }

    @Test func aClickOnTheCanvasTogglesTheCellUnderThePointerAtEveryMagnifiedZoom() throws {
        for k in 1...4 {
            let app = try makeApp()
            app.hintDismissed = true
            app.canvas.scale = .magnified(k)
            let frame = app.canvasFrame
            for (column, row) in [(frame.left + 7, frame.top + 5), (frame.left + 30, frame.top + 11), (frame.left, frame.top)] {
                let cell = try #require(app.canvas.cell(atColumn: column - frame.left, row: row - frame.top))
                let before = (app.session.universe.state(atX: cell.x, y: cell.y) != 0)
                // Hover first: the outline is drawn on the same cell the click toggles.
                app.send(.mouse(MouseEvent(.move, .none, column: column, row: row)))
                let hovered = app.render()
                let origin = try #require(app.canvas.position(ofX: cell.x, y: cell.y))
                let outlined = hovered[frame.left + origin.column, frame.top + origin.row]
                #expect(outlined.character == "[" || outlined.character == "┌" || outlined.reverse, "k=\(k)")
                app.click(column, row)
                #expect((app.session.universe.state(atX: cell.x, y: cell.y) != 0) == !before)
            }
        }
    }

    @Test func dragPaintsAndRightDragPans() throws {
        let app = try makeApp()
        app.hintDismissed = true
        let frame = app.canvasFrame
        app.send(.mouse(MouseEvent(.press, .left, column: frame.left + 10, row: frame.top + 4)))
        for dc in stride(from: 2, through: 8, by: 2) {
            app.send(.mouse(MouseEvent(.drag, .left, column: frame.left + 10 + dc, row: frame.top + 4)))
        }
        app.send(.mouse(MouseEvent(.release, .left, column: frame.left + 18, row: frame.top + 4)))
        #expect(app.session.universe.population == BigUInt(5))
        let origin = app.canvas.originX
        app.send(.mouse(MouseEvent(.press, .right, column: frame.left + 20, row: frame.top + 4)))
        app.send(.mouse(MouseEvent(.drag, .right, column: frame.left + 10, row: frame.top + 4)))
        #expect(app.canvas.originX == origin + BigInt(5))
        #expect(app.autoZoomSuspended)
    }

    @Test func outsideEditModeALeftDragPansInsteadOfEditing() throws {
        let app = try makeApp("glider.rle")
        app.press("e")
        #expect(!app.editMode)
        #expect(app.canvasFrame.left == 0)
        let origin = app.canvas.originX
        app.send(.mouse(MouseEvent(.press, .left, column: 40, row: 10)))
        app.send(.mouse(MouseEvent(.drag, .left, column: 20, row: 10)))
        #expect(app.session.universe.population == BigUInt(5))
        #expect(app.canvas.originX > origin)
    }

    @Test func wheelZoomsAroundThePointer() throws {
        let app = try makeApp("glider.rle")
        let frame = app.canvasFrame
        let (c, r) = (frame.left + 9, frame.top + 3)
        let before = app.canvas.cells(atColumn: 9, row: 3)
        app.send(.mouse(MouseEvent(.wheelDown, .none, column: c, row: r)))
        let after = app.canvas.cells(atColumn: 9, row: 3)
        #expect(after.x == before.x && after.y == before.y)
    }

    @Test func questionMarkShowsHelpListingKeysAndAnyKeyClosesIt() throws {
        let app = try makeApp("glider.rle")
        app.press("?")
        #expect(app.panel == .help)
        let screen = app.text.joined(separator: "\n")
        for key in ["space   play / pause", "one generation", "undo", "quit"] { #expect(screen.contains(key)) }
        app.send(.key(.escape))
        #expect(app.panel == nil)
    }

    @Test func qQuitsAndEscCancelsModes() throws {
        let app = try makeApp("glider.rle")
        #expect(app.handle(.key(.character("q"))) == [.quit])
        app.press("1")
        guard case .stamp = app.mode else { Issue.record("1 should start stamping"); return }
        app.send(.key(.escape))
        #expect(app.mode == .normal)
    }

    @Test func firstRunHintOffersStartersAndReturnsOnlyWhenEmptyAgain() throws {
        let app = try makeApp()
        #expect(app.showsHint)
        #expect(app.text.joined().contains("g Glider"))
        app.send(.key(.escape))
        #expect(!app.showsHint)
        // Still empty: it stays dismissed.
        app.press(".")
        #expect(!app.showsHint)
        // A starter pattern, then clearing: the hint is back.
        app.hintDismissed = false
        app.press("g")
        #expect(app.session.universe.population == BigUInt(5))
        #expect(!app.showsHint)
        app.press("X")
        #expect(app.showsHint)
    }

    @Test func undoAndRedoCoverEditsAndSteps() throws {
        let app = try makeApp("glider.rle")
        app.press(".")
        app.press(".")
        app.click(app.canvasFrame.left + 1, app.canvasFrame.top + 1)
        let edited = app.session.universe.population
        app.press("u")
        #expect(app.session.universe.population == BigUInt(5))
        app.send(.key(.control("z")))
        #expect(app.session.universe.generation == BigUInt(1))
        app.press("U")
        app.send(.key(.control("y")))
        #expect(app.session.universe.population == edited)
    }

    @Test func toolbarClickStampsWithRotationAndEnterPlaces() throws {
        let app = try makeApp()
        app.hintDismissed = true
        let layout = app.toolbarLayout
        #expect(app.toolbar.prefix(10).map(\.name) == ["Glider", "LWSS", "Pulsar", "Gosper gun", "Block", "Blinker", "Toad", "Beacon", "Loaf", "Boat"])
        let lwss = try #require(layout.first { $0.index == 1 })
        app.click(2, lwss.row)
        guard case .stamp(let stamp) = app.mode else { Issue.record("no stamp mode"); return }
        #expect(stamp.width == 5 && stamp.height == 4)
        app.press("r")
        guard case .stamp(let turned) = app.mode else { Issue.record("no stamp mode after r"); return }
        #expect(turned.width == 4 && turned.height == 5)
        // The preview is drawn before placing, translucent.
        #expect(app.text.joined().contains("▒"))
        app.send(.key(.enter))
        #expect(app.session.universe.population == BigUInt(9))
        #expect(app.session.universe.boundingBox?.width == BigUInt(4))
    }

    @Test func selectionCopiesToTheClipboardAndPastes() throws {
        let app = try makeApp("glider.rle")
        app.press("v")
        app.press("a")
        let effects = app.press("c")
        guard case .clipboard(let rle)? = effects.first else { Issue.record("no OSC 52 clipboard effect"); return }
        #expect(rle.contains("bo$2bo$3o!"))
        app.press("d")
        #expect(app.session.universe.isEmpty)
        app.press("p")
        app.send(.key(.enter))
        #expect(app.session.universe.population == BigUInt(5))
    }

    @Test func copyingOneCellSaysOneCell() throws {
        let app = try makeApp()
        app.session.setCell(x: .zero, y: .zero, alive: true)
        app.press("v")
        app.press("a")
        app.press("c")
        #expect(app.status == "copied 1×1 (1 cell)", "\(app.status ?? "nil")")
    }

    @Test func pastedPatternTextBecomesAStampAndBadTextIsRefusedWithItsPlace() throws {
        let app = try makeApp()
        app.hintDismissed = true
        app.send(.paste("x = 3, y = 3\nbo$2bo$3o!\n"))
        guard case .stamp(let stamp) = app.mode else { Issue.record("no stamp mode: \(app.status ?? "")"); return }
        #expect(stamp.cells.count == 5)
        app.send(.key(.enter))
        #expect(app.session.universe.population == BigUInt(5))
        // Stamp mode stays on for more copies until Esc.
        guard case .stamp = app.mode else { Issue.record("placing left stamp mode"); return }
        app.send(.key(.escape))
        app.send(.paste("x = 3, y = 3\nbo$2bq$3o!\n"))
        #expect(app.mode == .normal)
        #expect(app.status?.hasPrefix("the pasted text is not a pattern: clipboard:2:") == true, "\(app.status ?? "")")
    }

    @Test func autoStopSaysHowThePatternEnded() throws {
        for (pattern, words) in [("blinker.rle", "period-2 oscillator"), ("block.rle", "still life at generation")] {
            let app = try makeApp(pattern)
            app.press(" ")
            var t: Int64 = 0
            while app.playing && t < 100_000 {
                app.perform(app.tick(now: t))
                t += 1000
            }
            #expect(!app.playing)
            #expect(app.status?.contains(words) == true, "\(pattern): \(app.status ?? "nil")")
            #expect(app.text[1].contains(words))
        }
    }

    @Test func autoStopLeavesGrowingPatternsPlaying() throws {
        let app = try makeApp("gosper-glider-gun.rle")
        app.press(" ")
        for t in 0..<200 { app.perform(app.tick(now: Int64(t) * 1000)) }
        #expect(app.playing)
    }

    @Test func autoZoomKeepsTheGrowingPatternInsideTheBuffer() throws {
        let app = try makeApp("gosper-glider-gun.rle")
        app.press(" ")
        for t in 0..<300 {
            app.perform(app.tick(now: Int64(t) * 1000))
            let box = try #require(app.session.universe.boundingBox)
            #expect(app.canvas.showsWithBuffer(box), "generation \(app.session.universe.generation)")
        }
    }

    @Test func autoZoomLeavesTheUsersFramingWhileThePatternFitsAndStopsAfterManualZoom() throws {
        let app = try makeApp("blinker.rle", settings: { var s = Settings(); s.autoStop = false; return s }())
        app.press("-")
        app.press("a")  // fit -> out
        app.press("a")  // out -> off
        app.press("a")  // off -> fit, re-enabled
        let framed = app.canvas
        app.press(" ")
        app.perform(app.tick(now: 0))
        // Fit mode zooms back in: the blinker fits nearer than the user's zoom-out.
        #expect(app.canvas.scale.isNearer(than: framed.scale))
        let fitted = app.canvas
        app.perform(app.tick(now: 1000))
        #expect(app.canvas == fitted)
        app.press("-")
        let manual = app.canvas
        app.perform(app.tick(now: 2000))
        #expect(app.canvas == manual)
    }

    @Test func snapshotsSaveRestoreAndDelete() throws {
        let app = try makeApp("glider.rle")
        app.press("S")
        app.press("n")
        // A name is asked for, with the next free one typed.
        #expect(app.prompt?.line.text == "snapshot-1")
        app.send(.key(.enter))
        #expect(app.session.snapshots.count == 1)
        #expect(app.text.joined().contains("snapshot-1  gen 0  pop 5"))
        app.send(.key(.escape))
        app.press("X")
        #expect(app.session.universe.isEmpty)
        app.press("S")
        app.send(.key(.enter))
        #expect(app.session.universe.population == BigUInt(5))
        app.press("u")
        #expect(app.session.universe.isEmpty)
        // Deleting cannot be undone, so it is asked first: n keeps, y deletes.
        app.press("S")
        app.press("d")
        #expect(app.session.snapshots.count == 1)
        #expect(app.prompt?.label.contains("Delete snapshot snapshot-1") == true)
        app.press("n")
        #expect(app.session.snapshots.count == 1)
        #expect(app.status == "snapshot snapshot-1 kept")
        app.press("d")
        app.press("y")
        #expect(app.session.snapshots.isEmpty)
        #expect(app.status == "deleted snapshot snapshot-1")
        #expect(app.panel == .snapshots(selected: 0))
    }

    @Test func settingsPanelChangesAndSavesSettings() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let app = try makeApp("glider.rle")
        app.settingsPath = folder + "/hashlife/settings.json"
        app.press(",")
        #expect(app.text.joined().contains("Auto-zoom"))
        app.send(.key(.right))  // speed normal -> fast
        #expect(app.settings.speed == .fast)
        app.send(.key(.down)); app.send(.key(.down))
        app.send(.key(.enter))  // auto-stop off
        #expect(!app.settings.autoStop)
        let saved = Settings.load(path: folder + "/hashlife/settings.json")
        #expect(saved.warnings.isEmpty)
        #expect(saved.settings == app.settings)
        app.press("d")
        #expect(app.settings == Settings())
    }

    @Test func narrowTerminalsCompactTheControlBar() throws {
        let app = try makeApp("glider.rle", columns: 80, rows: 24)
        let bar = app.text[23]
        #expect(bar.count <= 80)
        for key in ["␣Play", ".Step", "?Help", "qQuit"] { #expect(bar.contains(key)) }
        let wide = try makeApp("glider.rle", columns: 160, rows: 40)
        #expect(wide.text[39].contains("␣ Play  . Step  r Reset"))
    }

    @Test func controlBarClicksActLikeTheirKeys() throws {
        let app = try makeApp("glider.rle")
        let step = try #require(app.controlBarLayout.first { $0.text.hasPrefix(".") })
        app.click(step.start, app.rows - 1)
        #expect(app.session.universe.generation == BigUInt(1))
    }
}
