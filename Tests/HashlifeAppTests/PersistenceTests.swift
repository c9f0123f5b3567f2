import Foundation
import Testing
@testable import HashlifeApp
import HashlifeEngine
import HashlifeEditing
import HashlifeTestSupport

/// Settings files and the board the app lives in, in temporary XDG folders (never the user's).
@Suite struct PersistenceTests {
    func environment(_ folder: String) -> [String: String] {
        appEnvironment(in: folder)
    }

    @Test func settingsRoundTripAndMalformedFilesGiveDefaultsWithAWarning() throws {
        var settings = Settings()
        settings.speed = .hyper
        settings.hyperExponent = 9
        settings.autoZoom = .out
        settings.cellShape = .round
        settings.theme = .light
        settings.liveColour = RGB(0x12, 0xab, 0xef)
        #expect(Settings.parse(settings.json).settings == settings)
        #expect(Settings.parse(settings.json).warnings.isEmpty)
        let broken = Settings.parse("{\"speed\": \"fast\",", label: "s.json")
        #expect(broken.settings == Settings())
        #expect(broken.warnings.first?.hasPrefix("s.json: not a settings object at character") == true)
        let badValue = Settings.parse("{\"speed\": \"warp\", \"autoStop\": false, \"liveColour\": \"green\"}", label: "s.json")
        #expect(badValue.settings.speed == .normal)
        #expect(!badValue.settings.autoStop)
        #expect(badValue.warnings == ["s.json: ignoring speed (bad value)", "s.json: ignoring liveColour (bad value)"])
    }

    @Test func theServeSectionOfTheSettingsFileIsReadPastAndKeptWhenSaving() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let path = folder + "/settings.json"
        let text = "{\"speed\": \"fast\", \"serve\": {\"liveColour\": \"#ff0000\", \"note\": \"a } in a string\"}, \"autoStop\": false}"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let loaded = Settings.load(path: path)
        #expect(loaded.warnings.isEmpty)
        #expect(loaded.settings.speed == .fast && !loaded.settings.autoStop)
        var changed = loaded.settings
        changed.speed = .slow
        try changed.save(path: path)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.contains("\"serve\": {\"liveColour\": \"#ff0000\", \"note\": \"a } in a string\"}"))
        #expect(Settings.load(path: path).settings.speed == .slow)
        #expect(Settings.load(path: path).warnings.isEmpty)
    }

    @Test func settingsAreRespectedAtTheNextLaunch() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let first = try AppLaunch(file: Fixtures.pattern("glider.rle"), columns: 80, rows: 24, environment: environment(folder)).makeApp()
        first.press("s")  // normal -> fast, saved at once
        let second = try AppLaunch(columns: 80, rows: 24, environment: environment(folder)).makeApp()
        #expect(second.settings.speed == .fast)
    }

    @Test func playWithNoFileReopensTheLastSessionExactly() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let env = environment(folder)
        let app = try AppLaunch(file: Fixtures.pattern("gosper-glider-gun.rle"), columns: 100, rows: 30, environment: env).makeApp()
        #expect(app.store?.boardID != nil)
        for _ in 0..<3 { app.perform(app.handle(.key(.character(".")))) }
        app.hintDismissed = true
        app.click(app.canvasFrame.left + 2, app.canvasFrame.top + 1)
        app.press("-")
        app.press("l")
        app.autosave(now: 10_000)
        let reopened = try AppLaunch(columns: 100, rows: 30, environment: env).makeApp()
        #expect(reopened.store?.boardID == app.store?.boardID)
        #expect(reopened.session.universe.generation == BigUInt(3))
        #expect(reopened.session.universe.population == app.session.universe.population)
        #expect(reopened.canvas == app.canvas)
        // --board opens it by id prefix too.
        let byID = try AppLaunch(board: String(app.store!.boardID!.text.prefix(8)), columns: 100, rows: 30, environment: env).makeApp()
        #expect(byID.session.universe.population == app.session.universe.population)
    }

    @Test func quittingAfterOnlyPanningAndZoomingKeepsTheView() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let env = environment(folder)
        let first = try AppLaunch(file: Fixtures.pattern("glider.rle"), columns: 100, rows: 30, environment: env).makeApp()
        first.finish(now: 0)
        let app = try AppLaunch(columns: 100, rows: 30, environment: env).makeApp()
        app.press("-"); app.press("-"); app.press("l"); app.press("J")
        #expect(!app.unsaved)
        app.finish(now: 1000)
        let reopened = try AppLaunch(columns: 100, rows: 30, environment: env).makeApp()
        #expect(reopened.canvas == app.canvas)
        #expect(reopened.autoZoomSuspended)
    }

    @Test func theRunsStatisticsAreSavedWithTheBoard() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let env = environment(folder)
        let app = try AppLaunch(file: Fixtures.pattern("r-pentomino.rle"), columns: 100, rows: 30, environment: env).makeApp()
        app.press(" ")
        for t in 0..<40 { app.perform(app.tick(now: Int64(t) * 1000)) }
        app.press(" ")
        app.finish(now: 50_000)
        let reopened = try AppLaunch(columns: 100, rows: 30, environment: env).makeApp()
        #expect(reopened.statistics == app.statistics)
        #expect(reopened.statistics.samples.count == 41)
        // An edit starts the figures again, also as saved.
        reopened.hintDismissed = true
        reopened.click(reopened.canvasFrame.left + 2, reopened.canvasFrame.top + 1)
        reopened.finish(now: 60_000)
        let again = try AppLaunch(columns: 100, rows: 30, environment: env).makeApp()
        #expect(again.statistics.samples == [again.session.universe.population])
    }

    @Test func playWithARuleAndNoFileStartsANewEmptyBoardAndLeavesTheLastOne() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let env = environment(folder)
        let first = try AppLaunch(file: Fixtures.pattern("diehard.rle"), columns: 100, rows: 30, environment: env).makeApp()
        first.finish(now: 0)
        let board = try #require(first.store?.boardID)
        let torus = try AppLaunch(rule: AnyRule(try Rule("B3/S23:T24,24")), columns: 100, rows: 30, environment: env).makeApp()
        #expect(torus.session.universe.isEmpty)
        #expect(torus.session.rule.description == "B3/S23:T24,24")
        #expect(torus.store?.boardID != board)
        #expect(torus.text[1].contains("Grid 24×24 torus"))
        let old = try #require(try first.store?.service.board(board.text))
        #expect(old.rule == "B3/S23")
        #expect(old.population == first.session.universe.population)
    }

    @Test func playWithAMultiStateRuleStartsAnEmptyMultiStatePlane() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let rule = try MultiStateRule("345/2/4")
        let app = try AppLaunch(rule: AnyRule(rule), columns: 100, rows: 30, environment: environment(folder)).makeApp()
        #expect((app.session.universe.stateCount > 2))
        #expect(app.session.rule == AnyRule(rule))
        #expect(app.session.universe.isEmpty)
        #expect(app.text[1].contains("State 1 of 1–3"), "\(app.text[1])")
    }

    @Test func autosaveFollowsEditsPauseAndPlaying() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let app = try AppLaunch(file: Fixtures.pattern("glider.rle"), columns: 80, rows: 24, environment: environment(folder)).makeApp()
        #expect(!app.autosaveDue(now: 0))
        app.now = 1000
        app.press("X")
        #expect(!app.autosaveDue(now: 1100))  // still typing
        #expect(app.autosaveDue(now: 2600))   // quiet for 1.5 s
        app.autosave(now: 2600)
        let service = try #require(app.store?.service)
        #expect(try service.board(app.store!.boardID!.text).population == .zero)
        app.press("u")
        app.press(" ")
        app.perform(app.tick(now: 3000))
        app.press(" ")  // pause saves at once
        #expect(app.autosaveDue(now: 3001))
    }

    @Test func boardsPanelListsOpensAndSavesNewBoards() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let env = environment(folder)
        let app = try AppLaunch(file: Fixtures.pattern("glider.rle"), columns: 100, rows: 30, environment: env).makeApp()
        let gliderBoard = try #require(app.store?.boardID)
        app.press("B")
        app.press("n")
        // The name is asked for (the board's own typed), then the save made.
        #expect(app.prompt?.line.text == "Glider")
        app.send(.key(.control("u")))
        app.type("second glider")
        #expect(app.store?.boardID != gliderBoard)
        #expect(app.store?.boards.count == 2)
        let listed = app.text.joined(separator: "\n")
        #expect(listed.contains("Glider  gen 0  pop 5"))
        #expect(listed.contains("second glider  gen 0  pop 5"))
        app.send(.key(.escape))
        app.press("X")
        app.autosave(now: 0)
        app.press("B")
        let index = try #require(app.store?.boards.firstIndex { $0.id == gliderBoard })
        for _ in 0..<index { app.send(.key(.down)) }
        app.send(.key(.enter))
        #expect(app.store?.boardID == gliderBoard)
        #expect(app.session.universe.population == BigUInt(5))
    }
}
