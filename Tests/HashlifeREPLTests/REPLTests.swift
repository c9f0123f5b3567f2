import Foundation
import Testing
import HashlifeEngine
import HashlifeFormats
@testable import HashlifeCommands
@testable import HashlifeREPL
import HashlifeEditing
@testable import HashlifeTerminal
import HashlifeTestSupport

/// Runs `lines` through a fresh REPL over a `columns`×`rows` session; returns everything written.
func transcript(_ lines: [String], json: Bool = false, columns: Int = 8, rows: Int = 4,
                        session: Session? = nil, control: StepControl = StepControl()) -> String {
    let session = session ?? Session(columns: columns, rows: rows)
    return REPLRunner.run(session: session, json: json, lines: lines, control: control).output
}

/// Each output line parsed as a JSON object.
func jsonLines(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
    }
}

/// Runs `line` on `repl` (in JSON mode), returning its one JSON answer.
func jsonAnswer(_ repl: REPL, _ line: String) throws -> [String: Any] {
    var output = ""
    repl.execute(line) { output += $0 }
    let objects = try jsonLines(output)
    try #require(objects.count == 1, "'\(line)' answered \(objects.count) lines: \(output)")
    return objects[0]
}

/// A fresh folder, removed with the test process's scratch folder when the tests end.
func temporaryDirectory() throws -> String {
    ScratchFolder.make("repl")
}

@Suite struct REPLTextModeTests {
    let glider = Fixtures.pattern("glider.rle")

    @Test func scriptedSessionGivesTheFullExpectedTranscript() {
        let missing = Fixtures.pattern("missing.rle")
        let output = transcript([
            "# a glider session",
            "load \(glider)",
            "",
            "gen", "pop", "bounds", "view",
            "step 4", "bounds", "view 0 0 5 5",
            "step 2^3", "gen",
            "foo bar",
            "step 12x",
            "load \(missing)",
            "rule B3/S23/x",
            "set 1 2 maybe",
            "step 1 2",
            "rule HighLife",
            "clear", "bounds", "pop",
            "set -2^70 3", "toggle 5 -4", "bounds", "view 5 -4 1 1",
            "quit",
            "gen",
        ])
        #expect(output == """
            loaded \(glider): 5 cells, rule B3/S23, generation 0
            generation 0
            population 5
            bounds x=0 y=0 width=3 height=3
            ........
            ....#...
            .....#..
            ...###..
            generation 4, population 5
            bounds x=1 y=1 width=3 height=3
            .....
            ..#..
            ...#.
            .###.
            .....
            generation 12, population 5
            generation 12
            error: unknown command 'foo' (try 'help')
            error: invalid N: "12x": unexpected character 'x' at offset 2; expected decimal digits or B^E such as 2^100
            error: \(missing): No such file or directory
            error: rule "B3/S23/x": unexpected character '/' at offset 6; only one '/' is allowed
            error: invalid state 'maybe'; expected 0 or 1
            error: usage: step [N]
            rule B36/S23
            cleared
            bounds empty
            population 0
            cell -1180591620717411303424 3 alive
            cell 5 -4 alive
            bounds x=-1180591620717411303424 y=-4 width=1180591620717411303430 height=8
            #

            """)
    }

    @Test func viewportCommandsAnswerTheNewViewport() {
        let output = transcript(["load \(glider)", "zoom 4", "zoom in", "zoom out", "fit", "pan -3 2", "size 10 6", "info"])
        #expect(output == """
            loaded \(glider): 5 cells, rule B3/S23, generation 0
            viewport x=-15 y=-7 width=32 height=16 zoom=4 (8x4 blocks)
            viewport x=-7 y=-3 width=16 height=8 zoom=2 (8x4 blocks)
            viewport x=-15 y=-7 width=32 height=16 zoom=4 (8x4 blocks)
            viewport x=-3 y=-1 width=8 height=4 zoom=1 (8x4 blocks)
            viewport x=-6 y=1 width=8 height=4 zoom=1 (8x4 blocks)
            viewport x=-6 y=1 width=10 height=6 zoom=1 (10x6 blocks)
            file \(glider)
            name Glider
            rule B3/S23
            generation 0
            population 5
            bounds x=0 y=0 width=3 height=3
            viewport x=-6 y=1 width=10 height=6 zoom=1 (10x6 blocks)

            """)
    }

    @Test func usageAndArgumentErrorsKeepTheSessionGoing() {
        let output = transcript([
            "view 1 2 3", "view 0 0 4 4 zoom 0", "view 0 0 10^6 10^6 zoom 1", "view format sepia",
            "pan 1", "pan x 1", "zoom sideways", "size 0 5", "goto", "set 1", "toggle 1 2 3",
            "help nothing", "step 2^70000", "load", "save", "save out.xyz", "save out.rle format png",
            "say \"unterminated", "gen",
        ])
        #expect(output == """
            error: usage: view [X Y W H] [zoom Z] [format text|unicode|braille]
            error: invalid zoom: the zoom must be at least 1
            error: a 1000000×1000000-block picture is 1000000000000 blocks; the limit is 16777216 (2^24) blocks, e.g. 4096×4096; zoom out or use a smaller rectangle
            error: unknown format 'sepia'; expected text, unicode or braille
            error: usage: pan DX DY
            error: invalid DX: "x": unexpected character 'x' at offset 0; expected decimal digits or B^E such as 2^100
            error: invalid zoom: "sideways": unexpected character 's' at offset 0; expected decimal digits or B^E such as 2^100
            error: invalid COLS '0'; expected a whole number from 1 to 16777216 (2^24 blocks in all)
            error: usage: goto GEN
            error: usage: set X Y [STATE]
            error: usage: toggle X Y
            error: unknown command 'nothing' (try 'help')
            error: invalid N: '2^70000' is beyond the engine's limit: it must be below 2^65001
            error: usage: load FILE [rule R]
            error: usage: save FILE [format rle|mc|cells|lif]
            error: cannot tell the format from 'out.xyz'; use .rle, .mc, .cells or .lif (optionally .gz)
            error: unknown format 'png'; expected rle, mc, cells or lif
            error: unterminated quote
            generation 0

            """)
    }

    @Test func wordsAreSplitOnBlanksWithQuotesAndCommentLines() throws {
        #expect(try REPL.words("  step   2^10\t") == ["step", "2^10"])
        #expect(try REPL.words("load \"my file.rle\" rule 'B36/S23'") == ["load", "my file.rle", "rule", "B36/S23"])
        #expect(try REPL.words("   # comment") == [])
        #expect(try REPL.words("") == [])
        #expect(try REPL.words("set a#b 1") == ["set", "a#b", "1"])
    }

    @Test func classifySaysWhereThePatternEndsAndLeavesItAlone() throws {
        let output = transcript(["load \(Fixtures.pattern("r-pentomino.rle"))", "classify", "gen", "classify 100", "classify x"])
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines[1] == "settled at generation 1103: period-2 ash, 6 gliders escaping")
        #expect(lines[2] == "generation 0")
        #expect(lines[3].hasPrefix("undetermined"))
        #expect(lines[4].hasPrefix("error:"))
        let json = try jsonLines(transcript(["load \(glider)", "classify"], json: true))
        #expect(json[1]["verdict"] as? String == "spaceship" && json[1]["ok"] as? Bool == true)
    }

    @Test func helpListsEveryCommandWithOneLineEach() {
        let output = transcript(["help"])
        for command in REPLCommand.all {
            #expect(output.contains("  " + command.usage + " "), "missing \(command.name)")
        }
        #expect(transcript(["help step"]) == """
            usage: step [N]
              Advance N generations (default 1); N is digits or B^E such as 2^100. Ctrl-C stops it.

            """)
        #expect(transcript(["HELP Exit"]).hasPrefix("usage: quit\n"))
    }

    @Test func viewAtZoomOneShowsExactlyTheCells() throws {
        let session = Session(columns: 20, rows: 10)
        let output = transcript(["load \(Fixtures.pattern("gosper-glider-gun.rle"))", "step 100", "bounds"], session: session)
        let box = try #require(session.universe.boundingBox)
        #expect(output.hasSuffix("bounds x=\(box.x) y=\(box.y) width=\(box.width) height=\(box.height)\n"))
        // One cell of margin on every side.
        let x = box.x - 1, y = box.y - 1, width = box.width.intValue! + 2, height = box.height.intValue! + 2
        let view = transcript(["view \(x) \(y) \(width) \(height) zoom 1"], session: session)
        let rows = view.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(rows.count == height)
        for (j, row) in rows.enumerated() {
            #expect(row.count == width)
            for (i, character) in row.enumerated() {
                let alive = session.universe.cell(x: x + i, y: y + j)
                #expect(character == (alive ? "#" : "."), "cell (\(x + i), \(y + j))")
            }
        }
        #expect(session.viewport.columns == 20 && session.viewport.rows == 10, "view with a rectangle keeps the current view")
    }

    @Test func zoomedViewMarksBlocksWithAnyLiveCell() throws {
        let session = Session(columns: 8, rows: 8)
        _ = transcript(["load \(Fixtures.pattern("r-pentomino.rle"))", "step 300"], session: session)
        let (x, y, zoom) = (BigInt(-40), BigInt(-40), 8)
        let view = transcript(["view -40 -40 80 75 zoom 8"], session: session)
        let rows = view.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(rows.count == 10)  // ceil(75 / 8)
        for (j, row) in rows.enumerated() {
            #expect(row.count == 10)
            for (i, character) in row.enumerated() {
                let rect = CellRect(x: x + i * zoom, y: y + j * zoom, width: BigUInt(zoom), height: BigUInt(zoom))
                #expect(character == (session.universe.population(in: rect).isZero ? "." : "#"))
            }
        }
    }

    @Test func gotoBackThenForwardMatchesAFreshRun() {
        let session = Session()
        let output = transcript(["load \(Fixtures.pattern("r-pentomino.rle"))", "goto 1103", "pop", "goto 200", "pop",
                                 "goto 0", "pop", "goto 1103", "pop", "step 97", "goto 700", "gen", "pop"], session: session)
        func fresh(_ generation: Int) -> BigUInt {
            let universe = Fixtures.universe("r-pentomino.rle")
            universe.step(by: BigUInt(generation))
            return universe.population
        }
        #expect(fresh(1103) == 116)
        #expect(output == """
            loaded \(Fixtures.pattern("r-pentomino.rle")): 5 cells, rule B3/S23, generation 0
            generation 1103, population 116
            population 116
            generation 200, population \(fresh(200))
            population \(fresh(200))
            generation 0, population 5
            population 5
            generation 1103, population 116
            population 116
            generation 1200, population \(fresh(1200))
            generation 700, population \(fresh(700))
            generation 700
            population \(fresh(700))

            """)
    }

    @Test func saveThenLoadRoundTrips() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = transcript(["load \(glider)", "step 9", "save \(directory)/g.mc", "save \(directory)/g.txt format rle",
                                 "clear", "load \(directory)/g.mc", "bounds", "load \(directory)/g.txt", "pop"])
        #expect(output == """
            loaded \(glider): 5 cells, rule B3/S23, generation 0
            generation 9, population 5
            saved \(directory)/g.mc (Macrocell)
            saved \(directory)/g.txt (RLE)
            cleared
            loaded \(directory)/g.mc: 5 cells, rule B3/S23, generation 9
            bounds x=2 y=3 width=3 height=3
            loaded \(directory)/g.txt: 5 cells, rule B3/S23, generation 9
            population 5

            """)
    }

    @Test func unicodeAndBrailleFormats() {
        let lines = ["set 0 0", "set 1 1", "set 0 2", "view 0 0 2 3 format unicode", "view 0 0 2 4 format braille"]
        #expect(transcript(lines) == """
            cell 0 0 alive
            cell 1 1 alive
            cell 0 2 alive
            \u{2580}\u{2584}
            \u{2580} 
            \u{2815}

            """)
    }
}

@Suite struct REPLJSONModeTests {
    let glider = Fixtures.pattern("glider.rle")

    @Test func everyCommandAnswersExactlyOneParsableLine() throws {
        let commands = [
            "load \(glider)", "info", "rule", "rule B36/S23", "rule nonsense", "step", "step 2^10", "goto 3",
            "gen", "pop", "bounds", "view", "view -2 -2 6 6 zoom 2 format unicode", "pan 1 1", "zoom out",
            "zoom 2^3", "fit", "size 12 5", "set 0 0 0", "toggle 0 0", "stats", "help", "help view",
            "frobnicate", "step x", "load /nonexistent/file.rle", "view 1", "clear", "bounds", "quit",
        ]
        let output = transcript(["# comments and blank lines answer nothing", ""] + commands, json: true)
        let objects = try jsonLines(output)
        #expect(objects.count == commands.count)
        let failures: [Int: String] = [4: "rule", 24: "argument", 23: "unknown-command", 25: "file", 26: "usage"]
        for (index, object) in objects.enumerated() {
            if let code = failures[index] {
                #expect(object["ok"] as? Bool == false, "\(commands[index])")
                let error = try #require(object["error"] as? [String: Any])
                #expect(error["code"] as? String == code, "\(commands[index])")
                #expect(error["message"] is String)
                #expect(Set(object.keys) == ["ok", "error"])
            } else {
                #expect(object["ok"] as? Bool == true, "\(commands[index]): \(object)")
            }
        }
    }

    @Test func loadAnswersTheNameOfAFileOfEitherKind() throws {
        let directory = try temporaryDirectory()
        let files = [("two.rle", "#N Two states\nx = 3, y = 1\n3o!\n"),
                     ("history.rle", "#N Some history\n#C states 1 and 2\nx = 2, y = 1, rule = LifeHistory\nAB!\n"),
                     ("tree.mc", "[M2] (hashlife)\n#N A tree\n#R B3/S23\n$$$$$$***$\n")]
        for (name, text) in files { try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8) }
        let objects = try jsonLines(transcript(["load \(directory)/two.rle", "load \(directory)/history.rle", "info",
                                                "load \(directory)/tree.mc", "load \(directory)/two.rle rule LifeHistory",
                                                "load \(glider) rule LifeHistory"], json: true))
        #expect(objects.map { $0["ok"] as? Bool } == [true, true, true, true, true, true])
        #expect(objects.map { $0["name"] as? String } == ["Two states", "Some history", "Some history", "A tree", "Two states", "Glider"])
        let text = transcript(["load \(directory)/history.rle", "info"])
        #expect(text.contains("\nname Some history\n"), "\(text)")
        // A file without a name answers null.
        let unnamed = directory + "/unnamed.rle"
        try "x = 2, y = 1, rule = LifeHistory\nAB!\n".write(toFile: unnamed, atomically: true, encoding: .utf8)
        let none = try jsonLines(transcript(["load \(directory)/history.rle", "load \(unnamed)"], json: true))
        #expect(none.count == 2 && none[1]["name"] is NSNull, "\(none)")
    }

    @Test func loadingAFileCutShortAnswersItsWarning() throws {
        let directory = try temporaryDirectory()
        let cut = directory + "/cut.rle"
        try "x = 3, y = 9\nbo$2bo$3o$\n".write(toFile: cut, atomically: true, encoding: .utf8)
        let warning = "warning: \(cut):2: the file may be cut short: header says 9 rows, found 3, no '!'"
        let text = transcript(["load \(cut)", "pop"])
        #expect(text == "loaded \(cut): 5 cells, rule B3/S23, generation 0\n\(warning)\npopulation 5\n", "\(text)")
        let objects = try jsonLines(transcript(["load \(cut)", "load \(glider)"], json: true))
        #expect(objects.first?["warnings"] as? [String] == [warning], "\(objects)")
        #expect(objects.count == 2 && objects[1]["warnings"] == nil, "a whole file has no warnings field")
    }

    @Test func aRuleInAnErrorIsQuotedOnce() {
        let output = transcript(["rule \"it's\"", "rule 'a\"b'", "load \(glider) rule \"it's\""])
        #expect(output == "error: rule \"it's\": unknown rule name; expected B/S notation like \"B3/S23\" or a known name like \"HighLife\"\n"
                + "error: rule \"a\\\"b\": unknown rule name; expected B/S notation like \"B3/S23\" or a known name like \"HighLife\"\n"
                + "error: rule \"it's\": unknown rule name; expected B/S notation like \"B3/S23\" or a known name like \"HighLife\"\n",
                "\(output)")
    }

    @Test func aScriptWithAFailedCommandEndsWithStatus1() {
        let session = Session(columns: 8, rows: 4)
        let failing = REPLRunner.run(session: session, json: true, lines: ["load \(glider)", "bogus", "step 4"], failsOnErrors: true)
        #expect(failing.status == 1)
        #expect(failing.output.split(separator: "\n").count == 3, "every command still runs: \(failing.output)")
        let quitting = REPLRunner.run(session: session, json: false, lines: ["step x", "quit", "gen"], failsOnErrors: true)
        #expect(quitting.status == 1)
        let words = REPLRunner.run(session: session, json: false, lines: ["load \"unterminated"], failsOnErrors: true)
        #expect(words.status == 1 && words.output.hasPrefix("error: unterminated quote"))
        let clean = REPLRunner.run(session: session, json: false, lines: ["load \(glider)", "# a comment", "", "step 4", "gen"], failsOnErrors: true)
        #expect(clean.status == 0, "\(clean.output)")
        // At a terminal (`failsOnErrors` false) an error is answered and the status stays 0.
        let interactive = REPLRunner.run(session: session, json: false, lines: ["bogus"])
        #expect(interactive.status == 0 && interactive.output.hasPrefix("error: "))
    }

    @Test func resultsCarryExactFields() throws {
        let output = transcript(["load \(glider)", "step 4", "bounds", "view 0 0 5 5", "stats", "clear", "bounds",
                                 "set -10^30 7", "gen", "bogus", "quit"], json: true)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == 11)
        #expect(lines[0] == #"{"ok":true,"path":"\#(glider)","name":"Glider","rule":"B3/S23","generation":"0","population":"5","background":0}"#)
        #expect(lines[1].hasPrefix(#"{"ok":true,"generation":"4","population":"5","background":0,"seconds":"#))
        #expect(lines[2] == #"{"ok":true,"bounds":{"x":"1","y":"1","width":"3","height":"3"}}"#)
        #expect(lines[3] == #"{"ok":true,"x":"0","y":"0","width":"5","height":"5","zoom":"1","columns":5,"format":"text","rows":[".....","..#..","...#.",".###.","....."]}"#)
        let stats = try jsonLines(lines[4] + "\n")[0]
        #expect(Set(stats.keys) == ["ok", "nodes", "bytes", "cache_bytes", "limit_bytes", "memo_hits", "memo_misses", "evictions",
                                    "collections", "collection_seconds", "pinned_roots", "root_level"])
        for key in ["nodes", "bytes", "cache_bytes", "limit_bytes", "memo_hits", "memo_misses", "evictions", "collections", "pinned_roots", "root_level"] {
            #expect(stats[key] is Int, "\(key)")
        }
        #expect(stats["collection_seconds"] is Double)
        #expect(lines[5] == #"{"ok":true}"#)
        #expect(lines[6] == #"{"ok":true,"bounds":null}"#)
        #expect(lines[7] == #"{"ok":true,"x":"-1000000000000000000000000000000","y":"7","alive":true}"#)
        #expect(lines[8] == #"{"ok":true,"generation":"4"}"#)
        #expect(lines[9] == #"{"ok":false,"error":{"code":"unknown-command","message":"unknown command 'bogus' (try 'help')"}}"#)
        #expect(lines[10] == #"{"ok":true}"#)
    }

    @Test func messagesWithQuotesAndControlCharactersStayOnOneLine() throws {
        let output = transcript(["step \"a\u{1}b\nc\""], json: true)
        #expect(output.split(separator: "\n").count == 1)
        let object = try jsonLines(output)[0]
        let message = try #require((object["error"] as? [String: Any])?["message"] as? String)
        #expect(message.hasPrefix("invalid N: ") && message.contains("unexpected character 'a' at offset 0"))
    }

    @Test func cancelledStepAnswersCancelledAndLeavesAConsistentGeneration() throws {
        // Seeds (B2/S) explodes into chaos that never settles: Hashlife gets no shortcut, so a
        // step of 2^1000 − 1 runs until cancelled.
        let seeds = try Rule("B2/S")
        let soup = randomSoup(width: 24, height: 24, density: 0.4, seed: 2024)
        let session = Session()
        try session.load(document: PatternDocument(cells: soup.map { PatternCell(x: $0.x, y: $0.y) }), rule: seeds)
        let control = StepControl()
        // Cancel from another thread once the step is under way (the node count is published
        // only while stepping), after letting a few powers of two finish.
        let canceller = Thread {
            let deadline = Date().addingTimeInterval(60)
            while control.nodeCount == 0 && Date() < deadline { usleep(1000) }
            usleep(300_000)
            control.cancel()
        }
        canceller.start()
        let count = (BigUInt.powerOfTwo(1000) - BigUInt.one).description
        let output = transcript(["step \(count)", "gen", "pop"], json: true, session: session, control: control)
        let objects = try jsonLines(output)
        #expect(objects.count == 3)
        #expect(objects[0]["ok"] as? Bool == false)
        let error = try #require(objects[0]["error"] as? [String: Any])
        #expect(error["code"] as? String == "cancelled")
        let message = try #require(error["message"] as? String)
        #expect(message.hasPrefix("interrupted at generation "))
        let generation = try #require(objects[1]["generation"] as? String)
        #expect(message == "interrupted at generation \(generation)")
        // Stopped at the end of a whole power-of-two step: 2^k − 1 for some k.
        let reached = try #require(BigUInt(decimal: Substring(generation)))
        #expect((reached + BigUInt.one).nonzeroBitCount == 1)
        // The universe is exactly that generation of the soup.
        let fresh = Universe(rule: seeds, referenceCells: soup)
        fresh.step(by: reached)
        #expect(objects[2]["population"] as? String == fresh.population.description)
    }
}

@Suite struct LineEditorTests {
    /// Reads one line from `keys`; returns the result, the editor and what was drawn.
    private func read(_ keys: [Key], history: [String] = [], columns: Int = 80) -> (LineEditor.Result, LineEditor, String) {
        let editor = LineEditor(prompt: "> ", history: history)
        var source = KeyList(keys)
        var drawn = ""
        let result = editor.readLine(from: &source, columns: columns) { drawn += $0 }
        return (result, editor, drawn)
    }

    private func typing(_ text: String) -> [Key] { text.map { .character($0) } }

    @Test func typedLineIsReturnedAndRemembered() {
        let (result, editor, drawn) = read(typing("step 10") + [.enter])
        #expect(result == .line("step 10"))
        #expect(editor.history == ["step 10"])
        #expect(drawn.hasPrefix("\r> \u{1B}[K\r\u{1B}[2C"))
        #expect(drawn.hasSuffix("\r> step 10\u{1B}[K\r\u{1B}[9C\r\n"))
    }

    @Test func cursorMovesAndDeletes() {
        #expect(read(typing("abc") + [.left, .left, .character("X"), .enter]).0 == .line("aXbc"))
        #expect(read(typing("abc") + [.home, .delete, .end, .backspace, .enter]).0 == .line("b"))
        #expect(read(typing("abc") + [.control("a"), .character(">"), .control("e"), .character("<"), .enter]).0 == .line(">abc<"))
        #expect(read(typing("hello world") + [.control("b"), .control("b"), .control("k"), .enter]).0 == .line("hello wor"))
        #expect(read(typing("hello world") + [.left, .left, .control("u"), .enter]).0 == .line("ld"))
        #expect(read(typing("load my file") + [.control("w"), .control("w"), .character("x"), .enter]).0 == .line("load x"))
        #expect(read(typing("one two three") + [.wordLeft, .wordLeft, .character("_"), .wordRight, .character("!"), .enter]).0
                == .line("one _two! three"))
        #expect(read(typing("tab") + [.tab, .unknown, .pageUp, .enter]).0 == .line("tab "))
    }

    @Test func bellAtTheEdges() {
        let (result, _, drawn) = read([.backspace, .delete, .character("a"), .enter])
        #expect(result == .line("a"))
        #expect(drawn.filter { $0 == "\u{07}" }.count == 2)
    }

    @Test func historyWalksUpAndDownKeepingTheNewLine() {
        #expect(read([.up, .enter], history: ["one", "two"]).0 == .line("two"))
        #expect(read([.up, .up, .up, .enter], history: ["one", "two"]).0 == .line("one"))
        #expect(read([.up, .up, .down, .enter], history: ["one", "two"]).0 == .line("two"))
        #expect(read(typing("new") + [.up, .down, .enter], history: ["one"]).0 == .line("new"))
        #expect(read([.control("p"), .character("!"), .control("n"), .control("p"), .enter], history: ["x"]).0 == .line("x!"))
        // Accepted lines join the history; blanks and immediate repeats do not.
        let (_, editor, _) = read([.up, .enter], history: ["one", "two"])
        #expect(editor.history == ["one", "two"])
        let (_, blank, _) = read(typing("   ") + [.enter])
        #expect(blank.history.isEmpty)
    }

    @Test func controlCClearsTheLineAndControlDEndsOnlyAnEmptyOne() {
        let (result, _, drawn) = read(typing("abc") + [.control("c")] + typing("xyz") + [.enter])
        #expect(result == .line("xyz"))
        #expect(drawn.contains("abc\u{1B}[K\r\u{1B}[5C^C\r\n"))
        #expect(read([.control("d")]).0 == .end)
        #expect(read(typing("ab") + [.home, .control("d"), .enter]).0 == .line("b"))
        #expect(read(typing("ab")).0 == .end, "input running out ends it")
        #expect(read(typing("ab") + [.control("l"), .enter]).2.contains("\u{1B}[H\u{1B}[2J"))
    }

    @Test func longLinesScrollToKeepTheCursorVisible() {
        let text = String(repeating: "0123456789", count: 3)
        let (result, _, drawn) = read(typing(text) + [.enter], columns: 12)
        #expect(result == .line(text))
        // 12 columns: prompt (2) + 9 characters + the cursor's column.
        #expect(drawn.hasSuffix("\r> 123456789\u{1B}[K\r\u{1B}[11C\r\n"))
    }

    @Test func historyPersistsToAFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/state/hashlife/repl_history"
        let first = LineEditor(prompt: "> ", historyPath: path)
        var keys = KeyList(typing: "load a.rle\rstep 5\r")
        _ = first.readLine(from: &keys, columns: 80) { _ in }
        _ = first.readLine(from: &keys, columns: 80) { _ in }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "load a.rle\nstep 5\n")
        let second = LineEditor(prompt: "> ", historyLimit: 1, historyPath: path)
        #expect(second.history == ["step 5"])
        #expect(REPLRunner.historyPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/hashlife/repl_history")
        #expect(REPLRunner.historyPath(environment: ["HOME": "/h"]) == "/h/.local/state/hashlife/repl_history")
        #expect(REPLRunner.historyPath(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]) == "/h/.local/state/hashlife/repl_history")
        #expect(REPLRunner.historyPath(environment: [:]) == nil)
    }

    @Test func keyDecoderReadsEscapeSequencesAndUTF8() {
        func keys(_ bytes: [UInt8]) -> [Key] {
            var decoder = KeyReader(ByteList(bytes))
            var result: [Key] = []
            while let key = decoder.nextKey() { result.append(key) }
            return result
        }
        let esc: UInt8 = 0x1B
        #expect(keys([esc, 91, 65, esc, 91, 66, esc, 91, 67, esc, 91, 68]) == [.up, .down, .right, .left])
        #expect(keys(Array("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~".utf8))
                == [.home, .end, .home, .end, .home, .end, .home, .end])
        #expect(keys(Array("\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[1;5C\u{1B}[1;5D\u{1B}b\u{1B}f".utf8))
                == [.delete, .pageUp, .pageDown, .wordRight, .wordLeft, .wordLeft, .wordRight])
        #expect(keys([0x7F, 0x08, 0x0D, 0x0A, 0x09, 0x01, 0x03, 0x04, 0x05, 0x0B, 0x0C, 0x15, 0x17])
                == [.backspace, .backspace, .enter, .enter, .tab, .control("a"), .control("c"), .control("d"),
                    .control("e"), .control("k"), .control("l"), .control("u"), .control("w")])
        #expect(keys(Array("aé→😀".utf8)) == [.character("a"), .character("é"), .character("→"), .character("😀")])
        #expect(keys([esc]) == [.escape])
        #expect(keys([esc, UInt8(ascii: "x")]) == [.meta("x")])
        #expect(keys([0xFF, UInt8(ascii: "a")]) == [.unknown, .character("a")])
        #expect(keys(Array("\u{1B}[99~z".utf8)) == [.unknown, .character("z")])
    }

    @Test func keysTypedAheadOnADescriptorAreKeptForTheNextLine() {
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        #expect(pipe(&input) == 0 && pipe(&output) == 0)
        defer { for fd in input + output { close(fd) } }
        // Both lines arrive in one read(2); the second must not be lost with the first call.
        Terminal.write(input[1], "gen\rpop\r")
        close(input[1])
        input[1] = -1
        let editor = LineEditor(prompt: "> ")
        #expect(editor.readLine(input: input[0], output: output[1]) == .line("gen"))
        #expect(editor.readLine(input: input[0], output: output[1]) == .line("pop"))
        #expect(editor.readLine(input: input[0], output: output[1]) == .end)
    }

    @Test func typingDecodesIntoTheEditor() {
        let editor = LineEditor(prompt: "")
        var keys = KeyList(typing: "ab\u{1B}[Dc\r")
        #expect(editor.readLine(from: &keys, columns: 80) { _ in } == .line("acb"))
    }
}

@Suite struct ProgressBarTests {
    @Test func lineShowsGenerationNodesMemoryAndTime() {
        let line = ProgressBar.line(label: "step 2^1000", reading: .init(reached: "1023", target: String(repeating: "9", count: 302), nodes: 1_234_567),
                                    nodesPerSecond: 25_000, residentBytes: 3 * 1_048_576 / 2, seconds: 75.3, columns: 200)
        #expect(line == "step 2^1000 · gen 1023 / 9.99e301 · 1.2M nodes (+25.0k/s) · 1.5 MiB · 1m15s · Ctrl-C stops")
        let narrow = ProgressBar.line(label: "goto 5", reading: .init(), nodesPerSecond: nil, residentBytes: nil, seconds: 2, columns: 11)
        #expect(narrow == "goto 5 · 2")
        #expect(ProgressBar.abbreviated("123456789012") == "123456789012")
        #expect(ProgressBar.abbreviated("1234567890123") == "1.23e12")
        #expect(ProgressBar.duration(7322) == "2h02m")
        #expect(ProgressBar.bytes(5 << 30) == "5.0 GiB")
        #expect(ProgressBar.residentBytes().map { $0 > 0 } == true)
    }

    @Test func drawsOnItsStreamAndErasesItselfWhenStopped() throws {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        let bar = ProgressBar(label: "step 99", fd: fds[1], enabled: true, delay: 0) {
            ProgressBar.Reading(reached: "7", target: "99", nodes: 42)
        }
        bar.start()
        usleep(250_000)
        bar.stop()
        bar.stop()  // harmless
        close(fds[1])
        let text = String(decoding: FileHandle(fileDescriptor: fds[0], closeOnDealloc: true).readDataToEndOfFile(), as: UTF8.self)
        #expect(text.hasPrefix("\rstep 99 · gen 7 / 99 · 42 nodes"))
        #expect(text.hasSuffix("\r\u{1B}[K"))
        let draws = text.components(separatedBy: "step 99").count - 1
        #expect(draws >= 1 && draws <= 4, "at most one redraw per 100 ms: \(draws)")
    }

    @Test func disabledBarDrawsNothing() {
        let bar = ProgressBar(label: "x", enabled: false) { .init() }
        bar.start()
        bar.stop()
        #expect(!bar.isEnabled)
    }
}

/// The built `hashlife` executable beside this test binary, or in `.build/debug`.
let hashlifeBinary: String? = {
    var candidates: [String] = []
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        candidates.append((executable as NSString).deletingLastPathComponent + "/hashlife")
    }
    candidates.append(Fixtures.repositoryRoot + "/.build/debug/hashlife")
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

/// Starts `hashlife ARGS` (the built executable) with `stdin` and a pipe for its standard
/// output (standard error goes nowhere), killed (SIGKILL: the child inherits this process's
/// blocked signals) after 60 s.
func launchHashlife(_ arguments: [String], stdin: Any = FileHandle.nullDevice) throws -> (Process, Pipe) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: hashlifeBinary!)
    process.arguments = arguments
    process.standardInput = stdin
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let watched = process
    DispatchQueue.global().asyncAfter(deadline: .now() + 60) { if watched.isRunning { kill(watched.processIdentifier, SIGKILL) } }
    return (process, output)
}

@Suite(.enabled(if: hashlifeBinary != nil, "the hashlife executable has not been built (swift build)"))
struct REPLEndToEndTests {
    /// Starts `hashlife repl ARGS` (see `launchHashlife`).
    private func launch(_ arguments: [String], stdin: Any) throws -> (Process, Pipe) {
        try launchHashlife(["repl"] + arguments, stdin: stdin)
    }

    @Test func jsonFromAFileAnswersOneLinePerCommand() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = directory + "/commands.txt"
        let commands = ["load \(Fixtures.pattern("acorn.rle"))", "step 5206", "pop", "bounds", "view", "frobnicate", "gen"]
        try ("# acorn settles\n" + commands.joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
        let (process, output) = try launch(["--json", "--size", "16x6"], stdin: try #require(FileHandle(forReadingAtPath: script)))
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "'frobnicate' failed: a script's status says so")
        let objects = try jsonLines(String(decoding: data, as: UTF8.self))
        #expect(objects.count == commands.count)
        #expect(objects[2]["population"] as? String == "633")
        #expect((objects[4]["rows"] as? [String])?.count == 6)
        #expect(objects[5]["ok"] as? Bool == false)
        #expect(objects[6]["generation"] as? String == "5206")
    }

    @Test func aScriptEndsWithStatus1WhenAnyCommandFailedElse0() throws {
        let directory = try temporaryDirectory()
        for (commands, status) in [(["load \(Fixtures.pattern("glider.rle"))", "step 4", "pop"], Int32(0)),
                                   (["load \(Fixtures.pattern("missing.rle"))", "pop"], 1),
                                   (["pop", "step nine", "pop", "quit"], 1)] {
            for json in [false, true] {
                let script = directory + "/script.txt"
                try (commands.joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
                let (process, output) = try launch(json ? ["--json"] : [], stdin: try #require(FileHandle(forReadingAtPath: script)))
                let data = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                #expect(process.terminationStatus == status, "\(commands) json \(json): \(String(decoding: data, as: UTF8.self))")
            }
        }
        let help = try launchHashlife(["repl", "--help"])
        let text = String(decoding: help.1.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        help.0.waitUntilExit()
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("every command still runs and the exit status is 1 if any of them failed, else 0"), "\(text)")
    }

    @Test func interruptWhileIdleOnAPipeEndsWithStatus130() throws {
        let input = Pipe()
        let (process, output) = try launch([], stdin: input)
        input.fileHandleForWriting.write(Data("gen\n".utf8))
        let first = output.fileHandleForReading.availableData  // waits for the answer: the REPL is idle now
        #expect(String(decoding: first, as: UTF8.self) == "generation 0\n")
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130)
    }

    @Test func interruptDuringAStepCancelsItAndTheSessionGoesOn() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let soup = directory + "/soup.lif"
        let cells = randomSoup(width: 24, height: 24, density: 0.4, seed: 99)
        try ("#Life 1.06\n" + cells.map { "\($0.x) \($0.y)\n" }.joined()).write(toFile: soup, atomically: true, encoding: .utf8)
        let input = Pipe()
        let (process, output) = try launch(["--json"], stdin: input)
        // Seeds (B2/S) never settles, so the step runs until interrupted.
        input.fileHandleForWriting.write(Data("load \(soup) rule B2/S\nstep 2^1000\n".utf8))
        let loaded = output.fileHandleForReading.availableData
        #expect(String(decoding: loaded, as: UTF8.self).hasPrefix(#"{"ok":true,"path":"#))
        usleep(700_000)  // the step is running
        process.interrupt()
        input.fileHandleForWriting.write(Data("gen\nquit\n".utf8))
        try input.fileHandleForWriting.close()
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "the cancelled step answered an error, so the script's status is 1")
        let objects = try jsonLines(String(decoding: rest, as: UTF8.self))
        #expect(objects.count == 3)
        let error = try #require(objects.first?["error"] as? [String: Any])
        #expect(error["code"] as? String == "cancelled")
        #expect(error["message"] as? String == "interrupted at generation 0")
        #expect(objects[1]["generation"] as? String == "0")
        #expect(objects[2]["ok"] as? Bool == true)
    }
}
