import Foundation
import Testing
import HashlifeEngine
import HashlifeFormats
@testable import HashlifeCommands
import HashlifeEditing
import HashlifeTestSupport

/// The editing commands end to end, in JSON mode: every command of the editing contract, its
/// errors (each one line, the session going on, nothing changed), and the cells they leave
/// checked against cell-by-cell expectations.
@Suite struct REPLEditingTests {
    /// A JSON interpreter whose user shapes live in a fresh temporary folder.
    func makeREPL() throws -> (CommandInterpreter, String) {
        let folder = try temporaryDirectory()
        let repl = CommandInterpreter(session: Session(columns: 20, rows: 10), json: true)
        repl.shapes = ShapeLibrary(folder: folder + "/shapes")
        return (repl, folder)
    }

    /// Runs `line`, returning its one JSON answer.
    func run(_ repl: CommandInterpreter, _ line: String) throws -> [String: Any] { try jsonAnswer(repl, line) }

    func ok(_ repl: CommandInterpreter, _ line: String) throws -> [String: Any] {
        let answer = try run(repl, line)
        #expect(answer["ok"] as? Bool == true, "'\(line)' failed: \(answer)")
        return answer
    }

    /// Runs `line`, expecting the error `code`, and checks that nothing changed.
    func fails(_ repl: CommandInterpreter, _ line: String, code: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = liveCells(repl.session.universe)
        let history = repl.session.undoHistory.count
        let answer = try run(repl, line)
        #expect(answer["ok"] as? Bool == false, "'\(line)' succeeded", sourceLocation: sourceLocation)
        let error = answer["error"] as? [String: Any]
        #expect(error?["code"] as? String == code, "'\(line)': \(answer)", sourceLocation: sourceLocation)
        #expect(liveCells(repl.session.universe) == before, "'\(line)' changed cells", sourceLocation: sourceLocation)
        #expect(repl.session.undoHistory.count == history, "'\(line)' changed the history", sourceLocation: sourceLocation)
    }

    func liveCells(_ universe: any LifeUniverse) -> Set<[Int]> {
        guard let box = universe.boundingBox else { return [] }
        var cells = Set<[Int]>()
        let x0 = box.x.intValue!, y0 = box.y.intValue!
        universe.forEachCellOffset(in: box) { dx, dy, _ in cells.insert([x0 + dx, y0 + dy]) }
        return cells
    }

    let glider: Set<[Int]> = [[1, 0], [2, 1], [0, 2], [1, 2], [2, 2]]

    func shifted(_ cells: Set<[Int]>, _ dx: Int, _ dy: Int) -> Set<[Int]> { Set(cells.map { [$0[0] + dx, $0[1] + dy] }) }

    @Test func selectionClipboardAndPasteModes() throws {
        let (repl, folder) = try makeREPL()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try ok(repl, "load \(Fixtures.pattern("glider.rle"))")
        try fails(repl, "copy", code: "selection")
        try fails(repl, "cut", code: "selection")
        try fails(repl, "paste 5 5", code: "clipboard")
        try fails(repl, "clear inside", code: "selection")
        try fails(repl, "rotate cw", code: "selection")
        try fails(repl, "fill 0.5", code: "selection")
        let all = try ok(repl, "select all")
        #expect((all["selection"] as? [String: Any])?["width"] as? String == "3")
        _ = try ok(repl, "copy")
        _ = try ok(repl, "paste 100 -7")
        #expect(liveCells(repl.session.universe) == glider.union(shifted(glider, 100, -7)))
        // xor over itself removes it; copy replaces the area; and keeps the common cells.
        _ = try ok(repl, "paste 100 -7 mode xor")
        #expect(liveCells(repl.session.universe) == glider)
        _ = try ok(repl, "select 0 0 2 2")
        _ = try ok(repl, "copy")                        // [1,0] only
        _ = try ok(repl, "paste 1 1 mode copy")         // the 2×2 at (1,1) becomes exactly [2,1]
        #expect(liveCells(repl.session.universe) == [[1, 0], [2, 1], [0, 2]])
        _ = try ok(repl, "paste 0 2 mode and")          // the 2×2 at (0,2) keeps cells alive in both: none
        #expect(liveCells(repl.session.universe) == [[1, 0], [2, 1]])
        try fails(repl, "paste 0 0 mode bogus", code: "argument")
        try fails(repl, "paste 0 0 mode", code: "usage")
        let copied = try ok(repl, "copy rle")
        #expect(copied["rle"] as? String == "#CXRLE Pos=1,0\nx = 1, y = 1, rule = B3/S23\no!\n", "\(copied)")
        _ = try ok(repl, "select none")
        try fails(repl, "copy", code: "selection")
        // Far away: exact at any coordinate.
        _ = try ok(repl, "select 0 0 3 3")
        _ = try ok(repl, "cut")
        #expect(repl.session.universe.isEmpty)
        _ = try ok(repl, "paste 10^30 -2^100")
        let far = try ok(repl, "bounds")
        #expect((far["bounds"] as? [String: Any])?["x"] as? String == "1000000000000000000000000000001")
        _ = try ok(repl, "undo 2")
        #expect(liveCells(repl.session.universe) == [[1, 0], [2, 1]])
    }

    @Test func clearRotateFlipFillAndHistory() throws {
        let (repl, folder) = try makeREPL()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try ok(repl, "load \(Fixtures.pattern("glider.rle"))")
        _ = try ok(repl, "stamp glider 20 0")
        _ = try ok(repl, "select 0 0 3 3")
        _ = try ok(repl, "rotate cw")                   // the top row becomes the right column
        #expect(liveCells(repl.session.universe) == Set([[2, 1], [0, 0], [1, 2], [0, 1], [0, 2]]).union(shifted(glider, 20, 0)))
        _ = try ok(repl, "rotate ccw")
        _ = try ok(repl, "flip x")
        #expect(liveCells(repl.session.universe) == Set(glider.map { [2 - $0[0], $0[1]] }).union(shifted(glider, 20, 0)))
        _ = try ok(repl, "flip y")
        _ = try ok(repl, "undo 2")
        try fails(repl, "flip z", code: "argument")
        try fails(repl, "rotate 45", code: "usage")
        _ = try ok(repl, "clear outside")
        #expect(liveCells(repl.session.universe) == glider)
        _ = try ok(repl, "clear inside")
        #expect(repl.session.universe.isEmpty)
        _ = try ok(repl, "select 0 0 64 64")
        _ = try ok(repl, "fill 0.5 seed 7")
        let first = liveCells(repl.session.universe)
        #expect(first.count > 1500 && first.count < 2600, "about half of 4096 cells: \(first.count)")
        _ = try ok(repl, "clear")
        _ = try ok(repl, "fill 0.5 seed 7")
        #expect(liveCells(repl.session.universe) == first, "the same seed gives the same cells")
        try fails(repl, "fill 1.5", code: "argument")
        try fails(repl, "fill abc", code: "argument")
        try fails(repl, "fill 0.5 seed -1", code: "argument")
        _ = try ok(repl, "select 0 0 100000 100000")
        try fails(repl, "fill 0.5", code: "argument")
        let history = try ok(repl, "history")
        let undo = try #require(history["undo"] as? [[String: Any]])
        #expect(undo.map { $0["description"] as? String ?? "" }.last == "random fill 64×64 at (0, 0), density 0.5, seed 7")
        #expect(undo.count == 8, "\(undo.map { $0["description"] ?? "" })")
        _ = try ok(repl, "undo 100")
        #expect(liveCells(repl.session.universe) == glider)
        try fails(repl, "undo", code: "history")
        _ = try ok(repl, "redo")
        #expect(liveCells(repl.session.universe) == glider.union(shifted(glider, 20, 0)))
        try fails(repl, "undo 0", code: "argument")
        try fails(repl, "redo x", code: "argument")
    }

    @Test func stampsSnapshotsAndTheLibrary() throws {
        let (repl, folder) = try makeREPL()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try ok(repl, "stamp glider 0 0 rotate 180")
        #expect(liveCells(repl.session.universe) == Set(glider.map { [2 - $0[0], 2 - $0[1]] }))
        _ = try ok(repl, "stamp \(Fixtures.pattern("block.rle")) -10 -10 mode xor")
        #expect(liveCells(repl.session.universe).count == 9)
        try fails(repl, "stamp no-such-shape 0 0", code: "shape")
        try fails(repl, "stamp glider 0 0 rotate 45", code: "argument")
        try fails(repl, "stamp glider 0 0 mode nope", code: "argument")
        try fails(repl, "stamp glider 0 0 spin 90", code: "usage")
        // Snapshots.
        let saved = try ok(repl, "snapshot save start")
        #expect(saved["name"] as? String == "start")
        _ = try ok(repl, "step 4")
        let list = try ok(repl, "snapshot list")
        let snapshots = try #require(list["snapshots"] as? [[String: Any]])
        #expect(snapshots.count == 1 && (snapshots[0]["thumbnail"] as? [String])?.isEmpty == false)
        _ = try ok(repl, "snapshot restore start")
        #expect(liveCells(repl.session.universe).count == 9 && repl.session.universe.generation == .zero)
        _ = try ok(repl, "undo")
        #expect(repl.session.universe.generation == BigUInt(4))
        _ = try ok(repl, "snapshot delete start")
        try fails(repl, "snapshot restore start", code: "snapshot")
        try fails(repl, "snapshot delete start", code: "snapshot")
        try fails(repl, "snapshot frob", code: "usage")
        // The library: save the selection, stamp it, remove it.
        _ = try ok(repl, "select -10 -10 2 2")
        _ = try ok(repl, "library add my-block")
        let shapes = try #require(try ok(repl, "library list")["shapes"] as? [[String: Any]])
        #expect(shapes.contains { $0["name"] as? String == "my-block" && $0["built_in"] as? Bool == false })
        #expect(shapes.filter { $0["built_in"] as? Bool == true }.count >= 21)
        _ = try ok(repl, "clear")
        _ = try ok(repl, "stamp my-block 5 5")
        #expect(liveCells(repl.session.universe) == [[5, 5], [6, 5], [5, 6], [6, 6]])
        try fails(repl, "library add glider", code: "argument")
        try fails(repl, "library remove glider", code: "argument")
        _ = try ok(repl, "library remove my-block")
        try fails(repl, "library remove my-block", code: "shape")
        _ = try ok(repl, "select none")
        try fails(repl, "library add other", code: "selection")
    }
}
