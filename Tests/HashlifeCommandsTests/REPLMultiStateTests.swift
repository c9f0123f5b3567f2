import Foundation
import Testing
import HashlifeEngine
import HashlifeFormats
@testable import HashlifeCommands
import HashlifeEditing
import HashlifeTestSupport

@Suite struct REPLMultiStateTests {
    @Test func loadViewSetGetStepAndUndoInText() throws {
        let path = try MultiStateSamples.file(MultiStateSamples.starWars)
        let afterTwo = try populationAfterTwo()
        let output = transcript([
            "load \(path)",
            "view 0 0 5 4",
            "set 4 3 3", "get 4 3", "get 100 100",
            "set 0 0 4", "set 0 0 x", "set 0 0 -1",
            "step 2", "undo", "undo", "view 0 0 5 4",
            "rule",
        ])
        #expect(output == """
            loaded \(path): 14 cells, rule 345/2/4, generation 0
            .AB.A
            AAC.A
            .BA.C
            AA.AA
            cell 4 3 state 3
            cell 4 3 state 3
            cell 100 100 state 0
            error: invalid state '4'; expected 0 to 3 (rule 345/2/4 has 4 states)
            error: invalid state 'x'; expected 0 to 3 (rule 345/2/4 has 4 states)
            error: invalid state '-1'; expected 0 to 3 (rule 345/2/4 has 4 states)
            generation 2, population \(afterTwo)
            undid step of 2 generations; generation 0, population 14
            undid cell (4, 3) set to state 3; generation 0, population 14
            .AB.A
            AAC.A
            .BA.C
            AA.AA
            rule 345/2/4

            """)
    }

    /// The population of Star Wars sample after 2 generations, from the reference engine.
    func populationAfterTwo() throws -> Int {
        var pattern = try MultiStateRLE.read(MultiStateSamples.starWars)
        pattern.cells = pattern.cells.filter { !($0.x == 4 && $0.y == 3) } + [MultiStateCell(x: 4, y: 3, state: 3)]
        var reference = MultiStateReference(pattern)
        reference.step()
        reference.step()
        return reference.population
    }

    @Test func zoomedOutViewsShowEachBlocksHighestState() throws {
        let path = try MultiStateSamples.file(MultiStateSamples.history)
        // 2×2 blocks: the glider's (1), the trail's (2) and the marked cell's (4) show.
        let output = transcript(["load \(path)", "view 0 0 6 6 zoom 2", "view 1 1 3 3 zoom 3", "view format unicode"])
        #expect(output.contains("""
            AA.
            BB.
            ..D
            """))
        // An unaligned view at zoom 3: block (1..3, 1..3) holds states 1 and 2; the clipped edge
        // blocks are narrower.
        #expect(output.contains("\nB\n") || output.contains("B\n"))
        // The other formats draw the cells not in state 0.
        #expect(!output.contains("error"), "\(output)")
        #expect(output.contains("▀") || output.contains("▄") || output.contains("█"), "\(output)")
    }

    @Test func jsonAnswersCarryStates() throws {
        let path = try MultiStateSamples.file(MultiStateSamples.brain)
        let answers = try jsonLines(transcript([
            "load \(path)", "get 0 1", "set 3 3 2", "info", "rule", "select 0 0 2 2", "copy rle", "view 0 0 2 2",
        ], json: true))
        #expect(answers.allSatisfy { $0["ok"] as? Bool == true })
        #expect(answers[0]["rule"] as? String == "/2/3")
        #expect(answers[0]["states"] as? Int == 3)
        #expect(answers[1]["state"] as? Int == 2)
        #expect(answers[1]["alive"] as? Bool == true)
        #expect(answers[2]["state"] as? Int == 2)
        #expect(answers[3]["states"] as? Int == 3)
        #expect(answers[3]["population"] as? String == "5")
        #expect(answers[4]["rule"] as? String == "/2/3")
        let rle = try #require(answers[6]["rle"] as? String)
        #expect(try MultiStateRLE.read(rle).cells == [
            MultiStateCell(x: 0, y: 0, state: 1), MultiStateCell(x: 1, y: 0, state: 1),
            MultiStateCell(x: 0, y: 1, state: 2), MultiStateCell(x: 1, y: 1, state: 2),
        ])
        #expect(answers[7]["rows"] as? [String] == ["AA", "BB"])
    }

    @Test func pasteModesWithStatesAndPastingAMultiStateFile() throws {
        let history = try MultiStateSamples.file(MultiStateSamples.history)
        let brain = try MultiStateSamples.file(MultiStateSamples.brain, named: "brain.rle")
        let output = transcript([
            "load \(history)",
            "select 0 3 3 1", "copy",          // BBB
            "set 10 0 4", "set 12 0 1",
            "paste 10 0 mode xor", "view 10 0 3 1 zoom 1", "undo",
            "paste 10 0 mode copy", "view 10 0 3 1 zoom 1", "undo",
            // The clip is non-zero everywhere, so `and` changes nothing (and records nothing).
            "paste 10 0 mode and", "view 10 0 3 1 zoom 1",
            "paste 20 0 file \(brain)", "view 20 0 2 2 zoom 1",
            "selection",
        ])
        #expect(output.contains("\n.B.\n"))  // xor: 4 and 1 emptied, the empty cell takes 2
        #expect(output.contains("\nD.A\n"))  // and: the clip is non-zero everywhere, so all stay
        #expect(output.contains("\nBBB\n"))  // copy
        #expect(output.contains("\nAA\nBB\n"))
        #expect(output.contains("clipboard 3x1, population 3 (with states)"))
    }

    @Test func ruleChangesBetweenKindsAndRefusals() throws {
        let output = transcript([
            "set 0 0", "set 1 0", "set 0 0 2",
            "rule 345/2/4", "set 2 0 3", "view 0 0 3 1",
            "rule B3/S23", "rule /2/3", "set 2 0 0", "rule B3/S23", "view 0 0 3 1", "undo", "view 0 0 3 1",
            "rule Bogus/2/x",
        ])
        #expect(output.contains("error: invalid state '2'; expected 0 or 1\n"))
        #expect(output.contains("rule 345/2/4\ncell 2 0 state 3\nAAC\n"))
        #expect(output.contains("error: rule B3/S23 has 2 states (0 to 1) but a cell is in state 3; clear those cells first"))
        #expect(output.contains("error: rule /2/3 has 3 states (0 to 2) but a cell is in state 3; clear those cells first"))
        #expect(output.contains("rule B3/S23\n##.\n"))
        #expect(output.contains("undid rule B3/S23; generation 0, population 2\nAA.\n"))
        #expect(output.contains("error: "))
    }

    @Test func commandsWorkWithStatesOrSayWhyNot() throws {
        let path = try MultiStateSamples.file(MultiStateSamples.starWars)
        let answers = try jsonLines(transcript([
            "load \(path)", "classify 200", "identify", "select all", "fill 0.5 state 3", "grid 10 10", "fill 0.5 state 4",
            "save \(ScratchFolder.make("ms") + "/x.cells")", "rotate cw",
        ], json: true))
        // classify looks at every state (and leaves the pattern as it was).
        #expect(answers[1]["verdict"] is String, "\(answers[1])")
        // identify answers for the whole pattern, every state counted (Generations).
        #expect(answers[2]["ok"] as? Bool == true, "\(answers[2])")
        #expect(answers[2]["subject"] as? String == "pattern" && answers[2]["kind"] is String, "\(answers[2])")
        for i in [3, 4, 5, 8] { #expect(answers[i]["ok"] as? Bool == true, "answer \(i): \(answers[i])") }
        let state = try #require(answers[6]["error"] as? [String: Any], "\(answers[6])")
        #expect(state["message"] as? String == "invalid state '4'; expected 1 to 3 (rule 345/2/4:T10,10 has 4 states)")
        let save = try #require(answers[7]["error"] as? [String: Any])
        #expect(save["code"] as? String == "format")
    }

    @Test func identifyAnswersForMultiStatePatterns() throws {
        // Two LifeHistory blinkers far apart; the selection holds one.
        let path = try MultiStateSamples.file("x = 23, y = 1, rule = LifeHistory\n3A17.3A!\n")
        let answers = try jsonLines(transcript(["load \(path)", "identify", "select 0 -2 5 5", "identify", "select none", "step 1", "identify"], json: true))
        #expect(answers[1]["apgcode"] as? String == "xp2_7yf7", "\(answers[1])")
        #expect(answers[1]["objects"] as? Int == 2 && answers[1]["period"] as? Int == 2, "\(answers[1])")
        #expect(answers[3]["apgcode"] as? String == "xp2_7" && answers[3]["name"] as? String == "blinker", "\(answers[3])")
        #expect(answers[3]["subject"] as? String == "selection")
        let text = transcript(["load \(try MultiStateSamples.file("x = 3, y = 1, rule = LifeHistory\n3A!\n"))", "identify"])
        #expect(text.contains("xp2_7 (blinker): oscillator, period 2, population 3, 3x3, rotor 4, stator 1"), "\(text)")
    }

    @Test func saveThenLoadRoundTripsStatesThroughTheLanguage() throws {
        let path = try MultiStateSamples.file(MultiStateSamples.history)
        let out = ScratchFolder.make("ms-save") + "/saved.mc"
        let answers = try jsonLines(transcript([
            "load \(path)", "step 7", "set -5 -5 6", "view -5 -5 12 12 zoom 1", "save \(out)", "load \(out)", "view -5 -5 12 12 zoom 1", "gen",
        ], json: true))
        #expect(answers.allSatisfy { $0["ok"] as? Bool == true })
        #expect(answers[3]["rows"] as? [String] == answers[6]["rows"] as? [String])
        #expect((answers[3]["rows"] as? [String])?.first?.first == "F")
        #expect(answers[7]["generation"] as? String == "7")
    }

    @Test func helpDocumentsStates() {
        let help = transcript(["help", "help set", "help paste"])
        #expect(help.contains("set X Y [STATE]"))
        #expect(help.contains("get X Y"))
        #expect(help.contains("A to X states 1 to 24"))
        #expect(help.contains("copy writes every cell"))
    }
}
