import Foundation
import Testing
@testable import HashlifeServer
import HashlifeBoards
import HashlifeCommands
import HashlifeEditing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// Frames, the state, commands, and tabs sharing a board.
@Suite struct BoardTests {
    func gunSession() throws -> Session {
        let session = Session()
        try session.load(document: PatternDocument(cells: []), label: "empty")
        let gun = try #require(ShapeLibrary(folder: nil).pattern(named: "gosper-glider-gun") as LoadedPattern?)
        try session.load(gun, label: "gun")
        return session
    }

    @Test func framesEqualTheEnginesViewportQueriesAtSeveralScales() throws {
        let session = try gunSession()
        try session.step(BigUInt(300))
        let serve = try startServer(session)
        defer { serve.stop() }
        for (level, x, y, columns, rows) in [(0, -20, -20, 90, 70), (1, -64, -64, 77, 50), (3, -256, -256, 64, 64), (6, -4096, -4096, 130, 129), (100, -(1 << 60), -(1 << 60), 3, 2)] {
            let response = try serve.fetch("GET", "/api/frame?x=\(x)&y=\(y)&columns=\(columns)&rows=\(rows)&level=\(level)")
            #expect(response.status == 200)
            let frame = try #require(Frame.decode(response.body))
            #expect(frame.level == level && frame.columns == columns && frame.rows == rows)
            #expect(frame.x == BigInt(x) && frame.y == BigInt(y) && frame.generation == BigUInt(300) && frame.bitsPerBlock == 1)
            var blocks = session.universe.blocks(of: Viewport(x: BigInt(x), y: BigInt(y), columns: columns, rows: rows, zoom: BigUInt.one << level))
            var expected: [UInt8] = []
            for row in 0..<rows { expected += blocks.row(row) }
            #expect(frame.states == expected, "level \(level)")
            #expect(frame.states.contains(1), "level \(level) shows nothing")
        }
        // Rows not a multiple of 8 blocks wide pack each row from a fresh byte.
        let small = try serve.fetch("GET", "/api/frame?x=0&y=0&columns=9&rows=2")
        #expect(small.body.count == 8 + 12 + 2 + 1 + 2 + 1 + 2 + 3 + 2 * 2)
        #expect(try serve.fetch("GET", "/api/frame?x=0&y=0&columns=5000&rows=5000").status == 400)
        #expect(try serve.fetch("GET", "/api/frame?x=a&y=0&columns=5&rows=5").status == 400)
        // Blocks of 3·2^level cells: factor=3.
        let tripled = try serve.fetch("GET", "/api/frame?x=-30&y=-30&columns=40&rows=30&level=1&factor=3")
        #expect(tripled.status == 200)
        let frame = try #require(Frame.decode(tripled.body))
        var blocks = session.universe.blocks(of: Viewport(x: BigInt(-30), y: BigInt(-30), columns: 40, rows: 30, zoom: BigUInt(6)))
        var expected: [UInt8] = []
        for row in 0..<30 { expected += blocks.row(row) }
        #expect(frame.factor == 3 && frame.level == 1 && frame.states == expected && frame.states.contains(1))
        #expect(try serve.fetch("GET", "/api/frame?x=0&y=0&columns=5&rows=5&factor=2").status == 400)
    }

    @Test func framesOnTheEnginesGridAreTheFastOnes() throws {
        let session = try gunSession()
        try session.goto(BigUInt.power(BigUInt(10), 30))
        let universe = session.universe
        let phase = Frame.gridPhase(of: universe)
        #expect(phase == (BigInt(0), BigInt(1)))
        let box = try #require(universe.boundingBox)
        var level = 0
        while (box.width >> level) >= BigUInt(200) { level += 1 }
        let side = BigUInt.one << level
        let x = (box.x - phase.x).floorDivided(by: side).quotient * BigInt(side) + phase.x
        let y = (box.y - phase.y).floorDivided(by: side).quotient * BigInt(side) + phase.y
        func seconds(_ dx: BigInt, _ dy: BigInt) -> (Double, Frame) {
            let clock = ContinuousClock()
            let start = clock.now
            let frame = Frame.query(universe, x: x + dx, y: y + dy, columns: 240, rows: 135, level: level)
            return ((clock.now - start) / .seconds(1), frame)
        }
        let (onGrid, frame) = seconds(0, 0)
        let (offGrid, _) = seconds(BigInt(3), BigInt(-5))
        #expect(frame.states.contains(1))
        #expect(onGrid * 4 < offGrid, "on the grid \(onGrid) s, off it \(offGrid) s")
        // The state tells the page the grid.
        let serve = try startServer(session)
        defer { serve.stop() }
        #expect(try serve.json("GET", "/api/state")["phase"] as? [String: String] == ["x": "0", "y": "1"])
    }

    @Test(arguments: [1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1921])
    func framesPackABitABlockFromTheHighBitOfEachRow(columns: Int) throws {
        var generator = SystemRandomNumberGenerator()
        let rows = 3
        let states = (0..<(columns * rows)).map { _ in UInt8.random(in: 0...1, using: &generator) }
        let frame = Frame(x: BigInt(-5), y: BigInt(7), columns: columns, rows: rows, level: 2, generation: BigUInt(12), bitsPerBlock: 1, states: states)
        let bytes = frame.encoded
        #expect(Frame.decode(bytes) == frame)
        // The first block of the first row is the high bit of its first byte.
        let header = 8 + 12 + (2 + 2) + (2 + 1) + (2 + 2)
        #expect(bytes[header] >> 7 == states[0])
        #expect(bytes.count == header + rows * ((columns + 7) / 8))
    }

    @Test func multiStateFramesCarryAByteABlock() throws {
        let session = Session()
        try session.load(document: PatternDocument(cells: []), rule: try AnyRule.parse("345/2/4"), label: "empty")
        let serve = try startServer(session)
        defer { serve.stop() }
        _ = try serve.json("POST", "/api/command", body: "set 2 1 3")
        let frame = try #require(Frame.decode(try serve.fetch("GET", "/api/frame?x=0&y=0&columns=4&rows=2").body))
        // Every family keeps its tree in Golly's frame: the same block grid as two-state rules.
        #expect(try serve.json("GET", "/api/state")["phase"] as? [String: String] == ["x": "0", "y": "1"])
        #expect(frame.bitsPerBlock == 8)
        #expect(frame.states == [0, 0, 0, 0, 0, 0, 3, 0])
        // The page draws each state in its colour, as `view --png` does.
        let palette = try #require(try serve.json("GET", "/api/state")["palette"] as? [String])
        #expect(palette.count == 4 && palette.allSatisfy { $0.count == 7 && $0.hasPrefix("#") })
        #expect(Set(palette).count == 4)
    }

    @Test func theStateSaysGenerationPopulationRuleStepBoundsAndView() throws {
        let serve = try startServer(try gunSession())
        defer { serve.stop() }
        _ = try serve.json("POST", "/api/command", body: "goto 2^100")
        let state = try serve.json("GET", "/api/state")
        #expect(state["generation"] as? String == (BigUInt.one << 100).description)
        #expect(state["rule"] as? String == "B3/S23")
        #expect(state["step"] as? Int == 0)
        #expect(state["bounds"] is [String: Any] && state["view"] is [String: Any])
        #expect(state["grid"] == nil)
        _ = try serve.json("POST", "/api/command", body: "rule B3/S23:T24,24")
        let torus = try #require(try serve.json("GET", "/api/state")["grid"] as? [String: String])
        #expect(torus["width"] == "24" && torus["height"] == "24" && torus["x"] == "-12")
        #expect((state["population"] as? String).flatMap { BigUInt(decimal: Substring($0)) }.map { $0 > BigUInt(1000) } == true)
    }

    /// Rule names typed in the page resolve in the folders of the command that started the
    /// server (`--rules`), though each request runs on a connection's own thread.
    @Test func pageCommandsFindRulesInTheServersRuleFolders() throws {
        let folder = ScratchFolder.make("serve-rules")
        try Data(String(decoding: try FileIO.read(Fixtures.pattern("wireworld/WireWorld.rule")), as: UTF8.self).utf8)
            .write(to: URL(fileURLWithPath: folder + "/ServeWire.rule"))
        let serve = try RuleFolders.$current.withValue(RuleFolders(explicit: [folder])) { try startServer() }
        defer { serve.stop() }
        _ = try serve.json("POST", "/api/command", body: "rule ServeWire")
        #expect(try serve.json("GET", "/api/state")["rule"] as? String == "ServeWire")
    }

    @Test func commandsAnswerAsTheREPLsJSONDoes() throws {
        let serve = try startServer()
        defer { serve.stop() }
        let reference = Session()
        let repl = CommandInterpreterProbe(session: reference)
        for line in ["set 1 2", "toggle 5 5", "pop", "step 3", "gen", "undo", "bounds", "nonsense"] {
            // Timings differ from run to run; everything else is the same answer.
            let timing = /"seconds":[0-9.e-]+/
            let served = try serve.fetch("POST", "/api/command", body: line).text.replacing(timing, with: "")
            #expect(served == repl.answer(line).replacing(timing, with: ""), "\(line)")
        }
    }

    @Test func twoClientsOnOneBoardSeeEachOthersEdits() throws {
        let serve = try startServer()
        defer { serve.stop() }
        serve.app.heartbeatSeconds = 0.2
        // B listens to the event stream; A edits.
        let b = try RawClient(port: serve.port)
        b.send(request("GET", "/api/events?\(serve.tokenQuery)", host: serve.hostHeader))
        let head = try #require(b.response())
        #expect(head.status == 200 && head.header("Content-Type") == "text/event-stream")
        #expect(b.waitFor("\"population\":\"0\""))
        let a = try RawClient(port: serve.port)
        a.send(request("POST", "/api/command?\(serve.tokenQuery)", host: serve.hostHeader, body: "set 7 -3"))
        #expect(a.response()?.status == 200)
        #expect(b.waitFor("\"population\":\"1\""))
        // And B's frame shows A's cell.
        let frame = try #require(Frame.decode(try serve.fetch("GET", "/api/frame?x=7&y=-3&columns=1&rows=1").body))
        #expect(frame.states == [1])
        // B steps; A's state shows the generation.
        _ = try serve.json("POST", "/api/command", body: "step 5")
        #expect(try serve.json("GET", "/api/state")["generation"] as? String == "5")
    }

    @Test func tabsNamingABoardFindTheOneServedOnceItIsStored() throws {
        let service = BoardService(repository: InMemoryBoardRepository())
        let serve = try startServer(service: service)
        defer { serve.stop() }
        _ = try serve.json("POST", "/api/command", body: "set 4 4")
        let saved = try serve.json("POST", "/api/command", body: "board save mine")
        let id = try #require(saved["id"] as? String)
        // A second tab opening ?board=ID (a prefix) edits the same universe.
        _ = try serve.json("POST", "/api/command?board=\(id.prefix(8))", body: "set 5 5")
        #expect(serve.app.hub.main.session.universe.population == BigUInt(2))
        #expect(try serve.json("GET", "/api/state")["board"] as? String == id)
        // The automatic saves reach the store as well.
        serve.app.hub.saveAll()
        #expect(try service.board(id).population == BigUInt(2))
    }

    /// A board saved from the page keeps its undo history in the store, as `play` saves it:
    /// `play` reopens it with that history, and so does a later `serve` opening the board.
    @Test func boardsSavedFromThePageKeepTheirHistory() throws {
        let service = BoardService(repository: InMemoryBoardRepository())
        let serve = try startServer(service: service)
        defer { serve.stop() }
        for command in ["set 4 4", "set 5 5", "set 6 6"] { _ = try serve.json("POST", "/api/command", body: command) }
        let id = try #require(try serve.json("POST", "/api/command", body: "board save mine")["id"] as? String)
        _ = try serve.json("POST", "/api/command", body: "set 7 7")
        serve.app.hub.saveAll()
        let board = try service.board(id)
        let saved = try #require(try service.session(of: board), "the save dropped the history")
        let undo = saved.entries.filter { $0.kind == .undo }
        #expect(undo.count == serve.app.hub.main.session.undoHistory.count)
        #expect(undo.count >= 4)
        // Reopened as `play` reopens its last board: the history comes back whole.
        let reopened = Session()
        try reopened.load(try service.pattern(of: board), label: "mine")
        #expect(BoardSessionArchive().restore(board: board.id, service: service, into: reopened) == nil)
        #expect(reopened.undoHistory.count == undo.count)
        try reopened.undo(1)
        #expect(reopened.universe.population == BigUInt(3))
        // Another server opening the board from the store brings the history back too.
        let second = try startServer(service: service)
        defer { second.stop() }
        let answer = try second.json("POST", "/api/command?board=\(id.prefix(8))", body: "undo 2")
        #expect(answer["ok"] as? Bool == true, "\(answer)")
        #expect(try second.app.hub.board(id).session.universe.population == BigUInt(2))
    }

    @Test func playingStepsUntilPausedAsOneHistoryEntry() throws {
        let serve = try startServer(try gunSession())
        defer { serve.stop() }
        _ = try serve.json("POST", "/api/speed?value=200")
        _ = try serve.json("POST", "/api/play")
        Thread.sleep(forTimeInterval: 0.3)
        _ = try serve.json("POST", "/api/pause")
        let played = try #require(BigUInt(decimal: Substring(try serve.json("GET", "/api/state")["generation"] as! String)))
        #expect(played > BigUInt(5))
        let undo = try serve.json("POST", "/api/command", body: "undo")
        #expect(undo["ok"] as? Bool == true)
        #expect(try serve.json("GET", "/api/state")["generation"] as? String == "0")
    }

    /// A goto's share done follows the binary digits of its count, which it steps low first.
    @Test func progressCountsTheDigitsOfTheJumpDone() {
        func percent(_ generation: Int?, from: Int, to target: Int) -> Int? {
            ServedBoard.Progress(running: true, generation: generation.map { BigUInt($0) }, from: BigUInt(from), target: BigUInt(target)).percent
        }
        #expect(percent(nil, from: 0, to: 1024) == nil)
        #expect(percent(15, from: 0, to: 1024) == 36)  // 4 of 11 digits
        #expect(percent(1000 + 15, from: 1000, to: 2024) == 36)
        #expect(percent(1023, from: 0, to: 1024) == 90)
        #expect(percent(1024, from: 0, to: 1024) == 100)
        #expect(percent(5, from: 10, to: 3) == nil)  // a goto backwards
    }

    @Test func aLongCommandShowsItsProgressAndStopsWhenCancelledFromAnotherConnection() throws {
        let session = Session()
        let cells = randomSoup(width: 512, height: 512, density: 0.375, seed: 77).map { PatternCell(x: $0.x, y: $0.y) }
        try session.load(document: PatternDocument(cells: cells), label: "soup")
        let serve = try startServer(session)
        defer { serve.stop() }
        let runner = try RawClient(port: serve.port)
        runner.send(request("POST", "/api/command?\(serve.tokenQuery)", host: serve.hostHeader, body: "goto 10^15"))
        var sawRunning = false
        for _ in 0..<200 where !sawRunning {
            let progress = try serve.json("GET", "/api/progress")
            sawRunning = progress["running"] as? Bool == true
            if !sawRunning { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(sawRunning, "the progress never showed the command running")
        // It says where the goto goes (known before the first jump) and, once a jump is done,
        // how far it is.
        var progress: [String: Any] = [:]
        for _ in 0..<100 {
            progress = try serve.json("GET", "/api/progress")
            if progress["target"] is String || progress["running"] as? Bool != true { break }
        }
        if progress["running"] as? Bool == true {
            #expect(progress["target"] as? String == "1000000000000000")
            if let percent = progress["percent"] as? Int { #expect((0...100).contains(percent)) }
        }
        _ = try serve.json("POST", "/api/cancel")
        let answer = try #require(runner.response())
        #expect(answer.text.contains("\"code\":\"cancelled\""), "\(answer.text)")
        #expect(try serve.json("GET", "/api/progress")["running"] as? Bool == false)
    }

    @Test func aPauseAndAPlayInQuickSuccessionLeaveOnePlayerAndResetPauses() throws {
        let serve = try startServer(try gunSession())
        defer { serve.stop() }
        _ = try serve.json("POST", "/api/speed?value=20")
        for _ in 0..<5 {
            _ = try serve.json("POST", "/api/play")
            _ = try serve.json("POST", "/api/pause")
        }
        let generation = { () throws -> Int in Int(try serve.json("GET", "/api/state")["generation"] as! String)! }
        let start = try generation()
        _ = try serve.json("POST", "/api/play")
        Thread.sleep(forTimeInterval: 1)
        _ = try serve.json("POST", "/api/pause")
        // At 20 steps a second one player makes about 20 steps in a second; six would make 120.
        let steps = try generation() - start
        #expect(steps >= 5 && steps <= 45, "\(steps) steps in a second")
        _ = try serve.json("POST", "/api/play")
        let reset = try serve.json("POST", "/api/reset")
        #expect(reset["playing"] as? Bool == false, "reset pauses")
        #expect(reset["generation"] as? String == "0")
    }

    @Test func playingStopsByItselfWhenThePatternOscillates() throws {
        let serve = try startServer()
        defer { serve.stop() }
        _ = try serve.json("POST", "/api/load?name=blinker.rle", body: "x = 3, y = 1\n3o!\n")
        _ = try serve.json("POST", "/api/speed?value=500")
        _ = try serve.json("POST", "/api/play")
        var state: [String: Any] = [:]
        for _ in 0..<100 {
            state = try serve.json("GET", "/api/state")
            if state["playing"] as? Bool == false { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(state["playing"] as? Bool == false)
        #expect((state["stopped"] as? String)?.hasPrefix("stopped: period-2 oscillator") == true, "\(state)")
    }

    @Test func theStateCarriesThePatternsCommentsForLifeViewersScripts() throws {
        let serve = try startServer()
        defer { serve.stop() }
        let loaded = try serve.json("POST", "/api/load?name=g.rle", body: "#C [[ ZOOM 4 X 10 Y -3 GPS 30 ]]\nx = 3, y = 3\nbo$2bo$3o!\n")
        #expect((loaded["comments"] as? [String])?.contains { $0.contains("[[ ZOOM 4") } == true, "\(loaded)")
    }

    @Test func settingsAreKeptInTheServeSectionBesidePlaysSettings() throws {
        let folder = ScratchFolder.make("serve-settings")
        let path = folder + "/settings.json"
        try "{\"speed\": \"fast\", \"autoStop\": false}".write(toFile: path, atomically: true, encoding: .utf8)
        let serve = try startServer(settingsPath: path)
        defer { serve.stop() }
        let changed = try serve.json("POST", "/api/settings", body: "{\"cellColour\": \"#ff8800\"}")
        #expect((changed["settings"] as? [String: Any])?["cellColour"] as? String == "#ff8800")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"speed\": \"fast\""))
        #expect(text.contains("\"serve\": {") && text.contains("\"cellColour\":\"#ff8800\""))
        #expect((try serve.json("GET", "/api/settings")["settings"] as? [String: Any])?["cellColour"] as? String == "#ff8800")
        #expect(try serve.fetch("POST", "/api/settings", body: "{\"cellColour\": \"red\"}").status == 422)
        let reset = try serve.json("POST", "/api/settings?reset=1", body: "")
        #expect((reset["settings"] as? [String: Any])?["cellColour"] as? String == "#f5f5f5")
    }

    @Test func patternsComeInByUploadAndGoOutAsFiles() throws {
        let serve = try startServer()
        defer { serve.stop() }
        let loaded = try serve.json("POST", "/api/load?name=glider.rle", body: "x = 3, y = 3\nbo$2bo$3o!\n")
        #expect(loaded["population"] as? String == "5")
        let bad = try serve.json("POST", "/api/load?name=bad.rle", body: "x = 3, y = 3\nbq!\n")
        #expect(bad["ok"] as? Bool == false)
        let rle = try serve.fetch("GET", "/api/pattern?format=rle")
        #expect(rle.status == 200 && rle.text.contains("bo$2bo$3o!"))
        #expect(rle.header("Content-Disposition")?.hasPrefix("attachment") == true)
        #expect(try serve.fetch("GET", "/api/pattern?format=mc").text.hasPrefix("[M2]"))
    }
}

/// The REPL's JSON answers, from the same interpreter type, for comparison.
struct CommandInterpreterProbe {
    let interpreter: CommandInterpreter
    init(session: Session) { interpreter = CommandInterpreter(session: session, json: true) }
    func answer(_ line: String) -> String {
        var text = ""
        interpreter.execute(line, emit: { text += $0 })
        return String(text.dropLast())
    }
}
