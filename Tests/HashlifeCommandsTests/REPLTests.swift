import Foundation
import Testing
import HashlifeEngine
import HashlifeFormats
@testable import HashlifeCommands
import HashlifeEditing
import HashlifeTestSupport

/// Runs `lines` through a fresh interpreter over a `columns`×`rows` session, until the lines end or `quit`;
/// returns everything written.
func transcript(_ lines: [String], json: Bool = false, columns: Int = 8, rows: Int = 4,
                        session: Session? = nil, control: StepControl = StepControl()) -> String {
    let repl = CommandInterpreter(session: session ?? Session(columns: columns, rows: rows), json: json, control: control)
    var output = ""
    for line in lines where !repl.execute(line, emit: { output += $0 }) { break }
    return output
}

/// Runs `line` on `repl` (in JSON mode), returning its one JSON answer.
func jsonAnswer(_ repl: CommandInterpreter, _ line: String) throws -> [String: Any] {
    var output = ""
    repl.execute(line) { output += $0 }
    let objects = try jsonLines(output)
    try #require(objects.count == 1, "'\(line)' answered \(objects.count) lines: \(output)")
    return objects[0]
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
        #expect(try CommandInterpreter.words("  step   2^10\t") == ["step", "2^10"])
        #expect(try CommandInterpreter.words("load \"my file.rle\" rule 'B36/S23'") == ["load", "my file.rle", "rule", "B36/S23"])
        #expect(try CommandInterpreter.words("   # comment") == [])
        #expect(try CommandInterpreter.words("") == [])
        #expect(try CommandInterpreter.words("set a#b 1") == ["set", "a#b", "1"])
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
        for command in InterpreterCommand.all {
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
                let alive = session.universe.state(atX: x + BigInt(i), y: y + BigInt(j)) != 0
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
        // Names that are no built-in rule are looked up as rule files, and the error says so.
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(output)")
        for (line, quoted) in zip(lines, ["\"it's\"", "\"a\\\"b\"", "\"it's\""]) {
            #expect(line.hasPrefix("error: rule \(quoted) not found: no built-in rule and no "), "\(line)")
            #expect(line.components(separatedBy: "rule \(quoted)").count == 2, "quoted once: \(line)")
        }
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
        try session.load(document: PatternDocument(cells: soup.map { PatternCell(x: $0.x, y: $0.y) }), rule: AnyRule(seeds))
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
