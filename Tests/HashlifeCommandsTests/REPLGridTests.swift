import Foundation
import Testing
import HashlifeEngine
@testable import HashlifeCommands
import HashlifeEditing
import HashlifeTestSupport

/// The `grid` command: show, resize (dropping cells off the new grid with a count, undoably),
/// Golly's suffixes, `none`, and its errors.
@Suite struct REPLGridTests {
    func run(_ repl: CommandInterpreter, _ line: String) throws -> [String: Any] { try jsonAnswer(repl, line) }

    @Test func resizingDropsCellsOffTheGridUndoably() throws {
        let repl = CommandInterpreter(session: Session(columns: 20, rows: 10), json: true)
        _ = try run(repl, "rule B3/S23:T24,24")
        for (x, y) in [(0, 0), (1, 0), (2, 0), (11, 11), (-12, -12)] { _ = try run(repl, "set \(x) \(y)") }
        #expect(try run(repl, "grid")["grid"] as? String == "T24,24")
        let resized = try run(repl, "grid 10 10")
        #expect(resized["grid"] as? String == "T10,10" && resized["dropped"] as? String == "2")
        #expect(repl.session.universe.population == BigUInt(3))
        #expect(repl.session.universe.anyRule.description == "B3/S23:T10,10")
        _ = try run(repl, "undo")
        #expect(repl.session.universe.population == BigUInt(5))
        #expect(repl.session.universe.anyRule.description == "B3/S23:T24,24")
    }

    @Test func aB0RuleKeepsItsPlaneAndSaysWhy() throws {
        let repl = CommandInterpreter(session: Session(columns: 20, rows: 10), json: true)
        _ = try run(repl, "rule B0134/S23")
        let answer = try run(repl, "grid 24 24")
        #expect(answer["ok"] as? Bool == false)
        let error = answer["error"] as? [String: Any]
        #expect(error?["code"] as? String == "rule")
        #expect((error?["message"] as? String)?.contains("B0 are not supported on bounded grids") == true)
        #expect(repl.session.rule.grid == nil)
    }

    @Test func topologiesSuffixesAndNone() throws {
        let repl = CommandInterpreter(session: Session(columns: 20, rows: 10), json: true)
        #expect(try run(repl, "grid")["grid"] as? String == "none")
        #expect(try run(repl, "grid 30 20 klein")["grid"] as? String == "K30,20*")
        #expect(try run(repl, "grid 12 12 sphere")["grid"] as? String == "S12")
        #expect(try run(repl, "grid 30 0 plane")["grid"] as? String == "P30,0")
        #expect(try run(repl, "grid :t30+5,20")["grid"] as? String == "T30+5,20")
        #expect(try run(repl, "grid none")["grid"] as? String == "none")
        #expect(repl.session.rule.grid == nil)
    }

    @Test(arguments: ["grid 5 6 sphere", "grid 0 0", "grid 10 10 donut", "grid :T0,0", "grid -3 4", "grid 1 2 3 4", "grid :K10,10"])
    func badGridsAreOneLineErrors(_ line: String) throws {
        let repl = CommandInterpreter(session: Session(columns: 20, rows: 10), json: true)
        let answer = try run(repl, line)
        #expect(answer["ok"] as? Bool == false, "\(line): \(answer)")
        #expect(repl.session.rule.grid == nil)
    }
}
