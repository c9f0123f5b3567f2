import Testing
@testable import HashlifeApp
import HashlifeBoards
import HashlifeCommands
import HashlifeEngine
import HashlifeEditing
import HashlifeFormats
import HashlifeTestSupport

/// The app's `:` line and the keys that prompt for one value: the same command language as
/// `hashlife repl`, with the app's state.
@Suite struct AppCommandLineTests {
    /// Every live cell, the generation and the rule: what two universes must share to be equal.
    func state(_ session: Session) -> [String] {
        var cells: [String] = []
        session.analyse { $0.forEachCell(in: nil) { x, y, _ in cells.append("\(x),\(y)") } }
        return ["gen \(session.universe.generation)", "rule \(session.rule)"] + cells.sorted()
    }

    static let scripts: [[String]] = [
        ["rule B36/S23", "set 0 0", "set 1 0", "set 2 0", "set 2 -1", "set 1 -2", "step 10", "rule B3/S23", "step 2^5", "undo", "goto 3"],
        ["select 0 0 24 24", "fill 0.35 seed 7", "grid 24 24", "step 100", "snapshot save a", "step 7", "snapshot restore a", "undo"],
        ["rule W30", "set 0 0", "step 20", "rule B3/S23", "toggle 5 5", "clear", "undo", "step 1"],
    ]

    @Test(arguments: scripts) func aScriptThroughTheColonLineLeavesWhatTheREPLLeaves(script: [String]) throws {
        let repl = CommandInterpreter(session: Session(columns: 80, rows: 24))
        for line in script { _ = repl.run(name: try CommandInterpreter.words(line)[0], arguments: Array(try CommandInterpreter.words(line).dropFirst())) }
        let app = try makeApp()
        app.hintDismissed = true
        for line in script {
            app.press(":")
            app.type(line)
            #expect(app.prompt == nil)
            if app.panel != nil { app.send(.key(.escape)) }  // a longer answer
            #expect(app.status?.hasPrefix("error") != true, "\(line): \(app.status ?? "")")
        }
        #expect(state(app.session) == state(repl.session))
        #expect(app.gridBounds == app.session.rule.grid?.rect)
    }

    @Test func aStepFromTheColonLineRunsOnTheWorkerAndEscCancelsIt() throws {
        let app = try makeApp("glider.rle")
        app.press(":")
        app.type("step 2^10", then: nil)
        let effects = app.handle(.key(.enter))
        #expect(effects == [.command(name: "step", arguments: ["2^10"])])
        #expect(app.busy)
        #expect(app.handle(.key(.escape)) == [.cancelStep])
        app.commandFinished(name: "step", arguments: ["2^10"], result: .failure(CommandError(.cancelled, "interrupted")))
        #expect(!app.busy)
        #expect(app.status == "stopped at generation 0")
        // Run to the end, the reset point is where it started.
        app.perform(effects)
        #expect(app.session.universe.generation == BigUInt(1024))
        #expect(app.status == "generation 1024, population 5")
        app.press("r")
        #expect(app.session.universe.generation == .zero)
    }

    /// What a command changed is followed from its answer (`CommandEffects`), whatever the
    /// name the app hands back with it.
    @Test func aChangeIsFollowedThroughItsEffectsNotTheCommandsName() throws {
        // Typed, a step continues the run's figures (an edit would start them again).
        let typed = try makeApp("r-pentomino.rle")
        typed.press(":")
        typed.type("STEP 4")
        #expect(typed.statistics.samples.count == 2)
        // The same step's answer under another name is followed as a step.
        let handed = try makeApp("r-pentomino.rle")
        handed.commandFinished(name: "pop", arguments: [], result: handed.commands.run(name: "step", arguments: ["4"]))
        #expect(handed.statistics == typed.statistics)
        #expect(handed.unsaved)
        // A snapshot saved forgets the thumbnails, under any name; one listed keeps them.
        handed.previewCache = ["a": ["⠿"]]
        handed.commandFinished(name: "snapshot", arguments: ["list"], result: handed.commands.run(name: "snapshot", arguments: ["list"]))
        #expect(handed.previewCache == ["a": ["⠿"]])
        handed.commandFinished(name: "gen", arguments: [], result: handed.commands.run(name: "snapshot", arguments: ["save", "a"]))
        #expect(handed.previewCache.isEmpty)
        // An answer that changed nothing is not followed as an edit, whatever its name.
        let idle = try makeApp("r-pentomino.rle")
        let before = idle.statistics
        idle.commandFinished(name: "set", arguments: ["0", "0"], result: .success(Answer(lines: ["cell 0 0 alive"])))
        #expect(!idle.unsaved)
        #expect(idle.statistics == before)
        // Aliases and case are the interpreter's: EXIT quits, POPULATION is pop.
        idle.press(":")
        idle.type("POPULATION")
        #expect(idle.status == "population 5")
        idle.press(":")
        #expect(idle.type("Exit") == [.quit])
    }

    @Test func gAsksForAGenerationAndRForARuleWithTheCurrentOneTyped() throws {
        let app = try makeApp("r-pentomino.rle")
        app.press("g")
        #expect(app.prompt?.purpose == .goto)
        app.type("1103")
        #expect(app.session.universe.generation == BigUInt(1103))
        #expect(app.session.universe.population == BigUInt(116))
        app.press("R")
        #expect(app.prompt?.line.text == "B3/S23")
        app.send(.key(.control("u")))
        app.type("B36/S23")
        #expect(app.session.rule.description == "B36/S23")
        #expect(app.text[1].hasPrefix(" B36/S23"))
        // A bad rule is refused where it is typed, and nothing changes.
        app.press("R")
        app.send(.key(.control("u")))
        app.type("B9/S23")
        #expect(app.status?.hasPrefix("error: ") == true)
        #expect(app.session.rule.description == "B36/S23")
        // Esc closes a prompt without doing anything.
        app.press("g")
        app.type("5", then: .escape)
        #expect(app.prompt == nil)
        #expect(app.session.universe.generation == BigUInt(1103))
    }

    @Test func percentFillsTheSelectionAtRandomWithAFreshSeedEachTime() throws {
        let app = try makeApp()
        app.hintDismissed = true
        app.press("v")
        app.session.select(CellRect(x: 0, y: 0, width: BigUInt(20), height: BigUInt(20)))
        app.press("%")
        #expect(app.prompt?.purpose == .fillDensity)
        app.type("")
        let first = state(app.session)
        let population = app.session.universe.population
        #expect(population > BigUInt(60) && population < BigUInt(220), "density 0.35 of 400 cells: \(population)")
        app.press("%")
        app.type("1")
        #expect(app.session.universe.population == BigUInt(400))
        app.press("u"); app.press("u")
        #expect(app.session.universe.isEmpty)
        app.press("%")
        app.type("")
        #expect(state(app.session) != first)
    }

    @Test func iIdentifiesTheSelectionOrThePatternInTheHeader() throws {
        let app = try makeApp("pentadecathlon.rle")
        app.press("i")
        #expect(app.status?.hasPrefix("xp15_4r4z4r4 (pentadecathlon): oscillator, period 15") == true, "\(app.status ?? "")")
        #expect(app.text.prefix(3).contains { $0.contains("xp15_4r4z4r4") })
        // A block beside it: the pattern is two objects, the selection one.
        app.press(":")
        app.type("stamp glider 40 0")
        app.press("i")
        #expect(app.status?.hasPrefix("the pattern is not one object") == true, "\(app.status ?? "")")
        let before = app.session.universe.population
        app.press("v")
        app.session.select(CellRect(x: BigInt(40), y: .zero, width: BigUInt(3), height: BigUInt(3)))
        app.press("i")
        #expect(app.status?.hasPrefix("xq4_153 (glider): spaceship") == true, "\(app.status ?? "")")
        #expect(app.session.universe.population == before)
        #expect(app.session.universe.generation == .zero)
    }

    @Test func historyCompletionAndAnswersInPanels() throws {
        let app = try makeApp("glider.rle")
        app.press(":")
        app.type("ru", then: .tab)
        #expect(app.prompt?.line.text == "rule ")
        app.type("", then: .escape)
        app.press(":")
        app.type("boa", then: .tab)
        app.type("re", then: .tab)
        #expect(app.prompt?.line.text == "board rename ")
        app.type("", then: .escape)
        app.press(":")
        app.type("pop")
        #expect(app.status == "population 5")
        app.press(":")
        app.send(.key(.up))
        #expect(app.prompt?.line.text == "pop")
        app.type("", then: .escape)
        app.press(":")
        app.type("help")
        guard case .output(_, let lines, _)? = app.panel else { Issue.record("help shows a panel"); return }
        #expect(lines.contains { $0.contains("step [N]") })
        app.press("q")
        #expect(app.panel == nil)
        app.press(":")
        app.type("frobnicate")
        #expect(app.status == "error: unknown command 'frobnicate' (try 'help')")
        app.press(":")
        app.type("view 0 0 4 4")
        #expect(app.status?.contains("canvas is the view") == true)
        app.press(":")
        app.type("zoom 64")
        #expect(app.canvas.scale == .braille(BigUInt(32)))
        app.press(":")
        app.type("pan 100 -7")
        #expect(app.autoZoomSuspended)
        app.press(":")
        app.type("fit")
        #expect(app.canvas == app.fittedCanvas())
    }

    @Test func pastedTextGoesIntoThePromptAndTheMouseLeavesItAlone() throws {
        let app = try makeApp("glider.rle")
        app.press(":")
        app.type("load ", then: nil)
        app.send(.paste("/tmp/some file.rle\nsecond line"))
        #expect(app.prompt?.line.text == "load /tmp/some file.rle")
        #expect(app.mode == .normal)
        // A click on the control bar's Play does not type into the line or play.
        app.click(2, app.rows - 1)
        #expect(app.prompt?.line.text == "load /tmp/some file.rle")
        #expect(!app.playing)
    }

    /// A file cut short opens as far as it goes, and the header says so, as `run` says on
    /// standard error.
    @Test func aFileCutShortOpensWithItsWarningInTheHeader() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let env = appEnvironment(in: folder)
        let path = folder + "/cut.rle"
        try FileIO.writeAtomically(Array("x = 3, y = 9\nbo$2bo$3o$\n".utf8), to: path)
        let app = try AppLaunch(file: path, columns: 100, rows: 30, environment: env).makeApp()
        #expect(app.session.universe.population == BigUInt(5))
        #expect((app.status ?? "").contains("warning: \(path):2: the file may be cut short: header says 9 rows, found 3, no '!'"), "header: \(app.status ?? "")")
    }

    @Test func loadStartsANewBoardAndTheOldOneKeepsItsState() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let env = appEnvironment(in: folder)
        let app = try AppLaunch(file: Fixtures.pattern("glider.rle"), columns: 100, rows: 30, environment: env).makeApp()
        let store = try #require(app.store)
        let glider = try #require(store.boardID)
        app.press(":")
        app.type("load \(Fixtures.pattern("diehard.rle"))")
        #expect(app.session.universe.population == BigUInt(7))
        app.autosave(now: 10_000)
        let diehard = try #require(store.boardID)
        #expect(diehard != glider)
        #expect(try store.service.board(glider.text).population == BigUInt(5))
        #expect(try store.service.board(diehard.text).name == "diehard")
        // The boards panel: rename the old board, refuse to delete the open one, delete the old.
        app.press("B")
        let list = store.boards
        let oldIndex = try #require(list.firstIndex { $0.id == glider })
        let openIndex = try #require(list.firstIndex { $0.id == diehard })
        app.panel = .boards(selected: oldIndex)
        app.press("r")
        app.send(.key(.control("u")))
        app.type("my glider")
        #expect(try store.service.board(glider.text).name == "my glider")
        app.panel = .boards(selected: openIndex)
        app.press("d")
        #expect(app.prompt == nil)
        #expect(app.status == "this is the open board: open another before deleting it")
        app.panel = .boards(selected: oldIndex)
        app.press("d")
        app.press("n")
        #expect(app.prompt == nil)
        #expect(try store.service.board(glider.text).name == "my glider")
        // One key answers: y deletes without Enter.
        app.press("d")
        app.press("y")
        #expect(app.prompt == nil)
        #expect(throws: BoardError.self) { try store.service.board(glider.text) }
        // Snapshots are named when saved, and renamed.
        app.panel = nil
        app.press("S")
        app.press("n")
        app.send(.key(.control("u")))
        app.type("start")
        #expect(app.session.snapshots.map(\.name) == ["start"])
        app.press("r")
        app.send(.key(.control("u")))
        app.type("beginning")
        #expect(app.session.snapshots.map(\.name) == ["beginning"])
    }
}
