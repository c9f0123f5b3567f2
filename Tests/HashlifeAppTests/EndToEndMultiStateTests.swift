#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import Testing
import HashlifeTestSupport

extension EndToEndTests {
    /// A multi-state pattern in a real terminal: the header shows the drawing state, `t` cycles
    /// it, a click draws it, and the canvas shows the states (as letters under `NO_COLOR`, in
    /// Golly's colours otherwise).
    @Test(.enabled(if: canRun, "needs tmux and the built hashlife executable"))
    func aMultiStatePatternDrawsItsStatesAndTCyclesTheDrawingState() throws {
        let t = try #require(terminal())
        defer { t.close() }
        let file = t.folder + "/row.rle"
        try "x = 3, y = 1, rule = 345/2/4\n3A!\n".write(toFile: file, atomically: true, encoding: .utf8)
        t.extraEnvironment = "NO_COLOR=1"
        t.start(file, columns: 100, rows: 30)
        var screen = t.wait(for: "Gen 0  Pop 3 ")
        #expect(screen.contains("345/2/4  State 1 of 1–3"))
        // The pattern's three cells, each drawn as its letter (a magnified cell is 2k×k
        // characters, so a run of A).
        #expect(screen.contains("AAAAAA"))
        t.keys("t")
        t.wait(for: "State 2 of 1–3")
        t.keys("t")
        t.wait(for: "State 3 of 1–3")
        // A click (SGR 1006 press and release) on an empty cell draws state 3: C.
        #expect(!canvas(screen).contains("C"))
        t.type("\u{1B}[<0;80;8M\u{1B}[<0;80;8m")
        screen = t.wait(for: "Gen 0  Pop 4 ")
        #expect(canvas(screen).contains("CC"), "\(screen)")
        // t after the last state comes back to 1; the next click draws A.
        t.keys("t")
        t.wait(for: "State 1 of 1–3")
        t.type("\u{1B}[<0;30;8M\u{1B}[<0;30;8m")
        screen = t.wait(for: "Gen 0  Pop 5 ")
        // Undo takes the clicks back one at a time.
        t.keys("u")
        t.wait(for: "Gen 0  Pop 4 ")
        // The help screen lists t.
        t.keys("?")
        t.wait(for: "t  drawing state")
        t.keys("Escape")
        t.keys("q")
        t.wait(for: "EXITED 0")

        // With colours: state 3 of 4 is Golly's yellow (xterm colour 226), and state 1 red (196).
        t.extraEnvironment = ""
        t.start(file, columns: 100, rows: 30)
        t.wait(for: "Gen 0  Pop 3 ")
        var coloured = t.run("capture-pane -p -e")
        // (Messages without the captured screen: its escape sequences would garble the report.)
        #expect(coloured.contains("38;5;196"), "state 1 in red")
        #expect(!coloured.contains("38;5;226"), "no state 3 yet")
        t.keys("t", "t")
        t.wait(for: "State 3 of 1–3")
        t.type("\u{1B}[<0;80;8M\u{1B}[<0;80;8m")
        t.wait(for: "Gen 0  Pop 4 ")
        // The pointer moves off the cell, whose hover outline would reverse its colours.
        t.type("\u{1B}[<35;5;27M")
        t.wait(for: "the hover to leave the canvas") { !$0.contains("Auto-zoom fit  (") }
        coloured = t.run("capture-pane -p -e")
        #expect(coloured.contains("38;5;226"), "state 3 in yellow")
        #expect(coloured.contains("38;5;196"), "state 1 still red")
        t.keys("q")
        t.wait(for: "EXITED 0")
    }

    /// The canvas of the screen: without the two header rows, the control bar and the
    /// toolbar's 14 columns on the left.
    private func canvas(_ screen: String) -> String {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.dropFirst(2).dropLast(2).map { String($0.dropFirst(14)) }.joined(separator: "\n")
    }
}
