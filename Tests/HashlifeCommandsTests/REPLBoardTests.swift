import Foundation
import Testing
import HashlifeEngine
@testable import HashlifeCommands
import HashlifeEditing
import HashlifeTestSupport

/// An interpreter using a store in a fresh folder; `say` runs one line and returns its output.
final class BoardREPL {
    let repl: CommandInterpreter
    let store: String

    init(store: String? = nil, json: Bool = false) throws {
        self.store = try store ?? (temporaryDirectory() + "/boards.sqlite")
        repl = CommandInterpreter(session: Session(columns: 8, rows: 4), json: json)
        repl.useBoardStore(self.store)
    }

    func say(_ line: String) -> String {
        var out = ""
        repl.execute(line) { out += $0 }
        return out
    }
}

@Suite struct REPLBoardTests {
    let acorn = Fixtures.pattern("acorn.rle")

    @Test func saveCreatesABoardThenUpdatesTheOneItWasOpenedFrom() throws {
        let r = try BoardREPL(json: true)
        _ = r.say("load \(acorn)")
        let first = try jsonLines(r.say("board save"))[0]
        #expect(first["created"] as? Bool == true)
        #expect(first["name"] as? String == "Acorn")
        let id = try #require(first["id"] as? String)
        _ = r.say("step 100")
        let second = try jsonLines(r.say("board save \"acorn at 100\""))[0]
        #expect(second["created"] as? Bool == false)
        #expect(second["id"] as? String == id)
        #expect(second["population"] as? String == "76")
        // Another pattern loaded: the next save is a new board.
        _ = r.say("load \(Fixtures.pattern("glider.rle"))")
        #expect(try jsonLines(r.say("board save"))[0]["created"] as? Bool == true)
        let list = try jsonLines(r.say("board list"))[0]["boards"] as? [[String: Any]]
        #expect(list?.map { $0["name"] as? String } == ["acorn at 100", "Glider"])
        #expect(list?.first?["generation"] as? String == "100")
    }

    @Test func renameAndDeleteBoardsButNeverTheOpenOne() throws {
        let r = try BoardREPL(json: true)
        _ = r.say("load \(acorn)")
        let acornID = try #require(try jsonLines(r.say("board save"))[0]["id"] as? String)
        _ = r.say("load \(Fixtures.pattern("glider.rle"))")
        let gliderID = try #require(try jsonLines(r.say("board save"))[0]["id"] as? String)
        let renamed = try jsonLines(r.say("board rename \(acornID.prefix(8)) \"old acorn\""))[0]
        #expect(renamed["name"] as? String == "old acorn")
        let refused = try jsonLines(r.say("board delete \(gliderID.prefix(8))"))[0]
        #expect(refused["ok"] as? Bool == false)
        #expect((refused["error"] as? [String: Any])?["message"] as? String == "board \(gliderID.prefix(8)) is the one open here; open or load another first")
        let deleted = try jsonLines(r.say("board delete \(acornID.prefix(8))"))[0]
        #expect(deleted["id"] as? String == acornID)
        let list = try jsonLines(r.say("board list"))[0]["boards"] as? [[String: Any]]
        #expect(list?.map { $0["name"] as? String } == ["Glider"])
        #expect(try jsonLines(r.say("board delete \(acornID.prefix(8))"))[0]["ok"] as? Bool == false)
    }

    @Test func snapshotsAreRenamed() throws {
        let r = try BoardREPL()
        _ = r.say("load \(acorn)")
        _ = r.say("snapshot save start")
        _ = r.say("step 10")
        _ = r.say("snapshot save later")
        #expect(r.say("snapshot rename start beginning") == "renamed snapshot start to beginning\n")
        #expect(r.say("snapshot rename later beginning") == "error: there is already a snapshot named 'beginning'\n")
        #expect(r.say("snapshot rename nothing x").hasPrefix("error: "))
        #expect(r.say("snapshot restore beginning").hasPrefix("restored snapshot beginning (generation 0, population 7)"))
    }

    @Test func openLoadsTheBoardsStateInAnotherREPL() throws {
        let a = try BoardREPL()
        _ = a.say("load \(acorn)")
        _ = a.say("step 5206")
        let saved = a.say("board save")
        #expect(saved.hasPrefix("saved new board "))
        let id = String(saved.dropFirst("saved new board ".count).prefix(8))
        let b = try BoardREPL(store: a.store)
        #expect(b.say("board open \(id.prefix(6))").hasPrefix("opened board \(id)"))
        #expect(b.say("gen") == "generation 5206\n")
        #expect(b.say("pop") == "population 633\n")
        // Saving from b updates the same board.
        _ = b.say("step 10")
        #expect(b.say("board save").hasPrefix("saved board \(id)"))
        #expect(a.say("board list").contains("generation 5216, population 633"))
    }

    @Test func errorsAnswerTheCommandAndTheSessionGoesOn() throws {
        let r = try BoardREPL(json: true)
        let unknown = try jsonLines(r.say("board open nothing"))[0]
        #expect(unknown["ok"] as? Bool == false)
        #expect((unknown["error"] as? [String: Any])?["code"] as? String == "board")
        #expect((try jsonLines(r.say("board frob"))[0]["error"] as? [String: Any])?["code"] as? String == "usage")
        let empty = try jsonLines(r.say("board save \"  \""))[0]
        #expect((empty["error"] as? [String: Any])?["message"] as? String == "invalid board name: the name is empty")
        #expect(try jsonLines(r.say("board list"))[0]["boards"] as? [Any] != nil)
        #expect((try jsonLines(r.say("board list"))[0]["boards"] as? [Any])?.isEmpty == true)
    }

    @Test func helpListsTheBoardCommand() {
        #expect(transcript(["help"]).contains("board save [NAME] | open ID | list"))
    }
}
