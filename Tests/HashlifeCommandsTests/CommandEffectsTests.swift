import Testing
import HashlifeEngine
@testable import HashlifeCommands
import HashlifeEditing
import HashlifeTestSupport

/// What each command says it changed (`CommandEffects`), beside its answer or error; and the
/// parsed form of a line the app's `:` line switches on.
@Suite struct CommandEffectsTests {
    let glider = Fixtures.pattern("glider.rle")

    /// The effects of `line` run on `interpreter`, whether it answered or failed.
    func effects(_ interpreter: CommandInterpreter, _ line: String) throws -> CommandEffects {
        let parsed = try #require(try CommandInterpreter.parse(line))
        switch interpreter.run(name: parsed.name, arguments: parsed.arguments) {
        case .success(let answer): return answer.effects
        case .failure(let error): return error.effects
        }
    }

    /// Runs `line`, which must succeed, and returns its effects.
    func succeeds(_ interpreter: CommandInterpreter, _ line: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CommandEffects {
        let parsed = try #require(try CommandInterpreter.parse(line))
        let result = interpreter.run(name: parsed.name, arguments: parsed.arguments)
        guard case .success(let answer) = result else {
            Issue.record("'\(line)' failed: \(result)", sourceLocation: sourceLocation)
            return []
        }
        return answer.effects
    }

    @Test func stepAndGotoEvolveTheUniverse() throws {
        let r = CommandInterpreter(session: Session(columns: 20, rows: 10))
        #expect(try succeeds(r, "load \(glider)") == .loaded)
        #expect(try succeeds(r, "step 4") == .evolved)
        #expect(try succeeds(r, "step 2^10") == .evolved)
        #expect(try succeeds(r, "goto 2000") == .evolved)
        // Back in time is a change of generation too.
        #expect(try succeeds(r, "goto 3") == .evolved)
        #expect(try succeeds(r, "gen") == [])
        // A refused step changes nothing and says so.
        #expect(try effects(r, "step -1") == [])
    }

    @Test func undoRedoAndSnapshotRestoreMoveThroughTheHistory() throws {
        let r = CommandInterpreter(session: Session(columns: 20, rows: 10))
        _ = try succeeds(r, "load \(glider)")
        #expect(try succeeds(r, "snapshot save start") == .snapshots)
        #expect(try succeeds(r, "snapshot save start") == .snapshots)  // replaced
        _ = try succeeds(r, "step 8")
        #expect(try succeeds(r, "undo") == .historyMoved)
        #expect(try succeeds(r, "redo") == .historyMoved)
        #expect(try effects(r, "redo") == [])  // nothing to redo
        #expect(try succeeds(r, "snapshot list") == [])
        #expect(try succeeds(r, "snapshot restore start") == .historyMoved)
        #expect(try succeeds(r, "snapshot rename start first") == .snapshots)
        #expect(try succeeds(r, "snapshot delete first") == .snapshots)
        #expect(try effects(r, "snapshot delete first") == [])  // no such snapshot
        #expect(try succeeds(r, "history") == [])
    }

    @Test func loadReplacesTheUniverseUnlessItFails() throws {
        let r = CommandInterpreter(session: Session(columns: 20, rows: 10))
        #expect(try succeeds(r, "LOAD \(glider)") == .loaded)
        #expect(try effects(r, "load \(Fixtures.pattern("missing.rle"))") == [])
        #expect(try succeeds(r, "load \(glider) rule B36/S23") == .loaded)
    }

    @Test func ruleAndCellEditsAreEditsOnlyWhenTheyChangeSomething() throws {
        let r = CommandInterpreter(session: Session(columns: 20, rows: 10))
        #expect(try succeeds(r, "rule") == [])
        #expect(try succeeds(r, "rule B36/S23") == .edited)
        #expect(try effects(r, "rule B9/S23") == [])  // refused
        #expect(try succeeds(r, "set 0 0") == .edited)
        #expect(try succeeds(r, "set 0 0") == [])  // alive already
        #expect(try succeeds(r, "get 0 0") == [])
        #expect(try succeeds(r, "toggle 0 0") == .edited)
        #expect(try succeeds(r, "grid 30 30") == .edited)
        #expect(try succeeds(r, "select 0 0 4 2") == [])
        #expect(try succeeds(r, "fill 1 seed 3") == .edited)
        #expect(try succeeds(r, "copy") == [])
        #expect(try succeeds(r, "rotate cw") == .edited)
        #expect(try succeeds(r, "paste 10 10") == .edited)
        #expect(try succeeds(r, "clear") == .edited)
        #expect(try succeeds(r, "pan 3 3") == [])
    }

    @Test func boardSaveRenameAndDeleteChangeTheStoreAndOpenLoads() throws {
        let b = try BoardREPL(json: true)
        _ = try succeeds(b.repl, "load \(glider)")
        #expect(try succeeds(b.repl, "board save") == .boards)
        let id = try #require(try jsonLines(b.say("board save glider"))[0]["id"] as? String)
        #expect(try succeeds(b.repl, "board list") == [])
        _ = try succeeds(b.repl, "load \(Fixtures.pattern("acorn.rle"))")
        let acorn = try #require(try jsonLines(b.say("board save"))[0]["id"] as? String)
        #expect(try succeeds(b.repl, "board rename \(id.prefix(8)) old") == .boards)
        #expect(try succeeds(b.repl, "board open \(id.prefix(8))") == .loaded)
        #expect(try succeeds(b.repl, "board delete \(acorn.prefix(8))") == .boards)
        #expect(try effects(b.repl, "board delete \(id.prefix(8))") == [])  // the open one: refused
        #expect(try effects(b.repl, "board open nothing") == [])
    }

    /// Whatever the command, it says it changed the universe exactly when the session's
    /// current state is another one after it.
    @Test(arguments: [
        ["load \(Fixtures.pattern("glider.rle"))", "step", "goto 0", "snapshot save a", "set 5 5", "set 5 5", "toggle 5 5",
         "select all", "copy", "cut", "paste 1 1 mode xor", "flip x", "rotate ccw", "clear outside", "clear inside",
         "stamp \(Fixtures.pattern("glider.rle")) 9 9 rotate 90", "fill 0.5", "select none", "undo 3", "redo 2",
         "snapshot restore a", "rule HighLife", "rule HighLife", "grid 40 40", "grid none", "memory collect", "threads 2",
         "view", "zoom 2", "fit", "size 10 5", "info", "plot", "history", "classify 50", "stats", "help"],
        ["rule 345/2/4", "set 1 1 2", "set 1 1 2", "step 3", "undo", "rule B3/S23", "load \(Fixtures.pattern("acorn.rle"))", "goto 40", "goto 10"],
    ])
    func everyCommandSaysWhenItChangedTheUniverse(script: [String]) throws {
        let r = CommandInterpreter(session: Session(columns: 20, rows: 10))
        for line in script {
            let before = r.session.currentStateNumber
            let said = try effects(r, line)
            let changed = r.session.currentStateNumber != before
            #expect(said.isDisjoint(with: .universe) == !changed, "\(line): \(said)")
            #expect(said.intersection(.universe).rawValue.nonzeroBitCount <= 1, "\(line): \(said)")
        }
    }

    /// A command that fails after changing the universe says so on its error.
    @Test func aFailureAfterAChangeCarriesIt() throws {
        let r = CommandInterpreter(session: Session(columns: 20, rows: 10))
        let session = r.session
        do {
            _ = try r.changingUniverse(.evolved) { () throws(CommandError) -> Answer in
                try? session.step(BigUInt(4))
                throw CommandError(.cancelled, "stopped")
            }
            Issue.record("the error was not thrown")
        } catch {
            #expect(error.effects == .evolved)
        }
        do {
            _ = try r.changingUniverse(.evolved) { () throws(CommandError) -> Answer in throw CommandError(.usage, "no") }
            Issue.record("the error was not thrown")
        } catch {
            #expect(error.effects == [])
        }
    }

    @Test func parseResolvesCaseAndAliasesAndKeepsTheArguments() throws {
        #expect(try CommandInterpreter.parse("  EXIT now") == ParsedCommand(name: "quit", arguments: ["now"]))
        #expect(try CommandInterpreter.parse("Population") == ParsedCommand(name: "pop", arguments: []))
        #expect(try CommandInterpreter.parse("load 'My File.rle' RULE B3/S23") == ParsedCommand(name: "load", arguments: ["My File.rle", "RULE", "B3/S23"]))
        #expect(try CommandInterpreter.parse("Frobnicate X") == ParsedCommand(name: "frobnicate", arguments: ["X"]))
        #expect(try CommandInterpreter.parse("   # a comment") == nil)
        #expect(try CommandInterpreter.parse("") == nil)
        #expect(throws: CommandError(.usage, "unterminated quote")) { try CommandInterpreter.parse("load 'x") }
    }
}
