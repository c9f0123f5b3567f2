import Testing
import HashlifeTestSupport

extension EndToEndTests {
    static let canRun = tmux != nil && binary != nil

    /// `g` then a far generation, in a real terminal: auto-zoom (fit, the default) zooms out to
    /// the gliders the gun has sent, and reset brings the view back to the gun.
    @Test(.enabled(if: canRun, "needs tmux and the built hashlife executable"))
    func gotoAndResetRefitTheViewWithAutoZoom() throws {
        let t = try #require(terminal())
        defer { t.close() }
        t.start(Fixtures.pattern("gosper-glider-gun.rle"), columns: 120, rows: 40)
        let first = t.wait(for: "Gen 0  Pop 36")
        #expect(first.contains("Zoom char 1×2 cells"))
        t.keys("g")
        t.wait(for: "Go to generation")
        t.type("900")
        t.keys("Enter")
        let far = t.wait(for: "Gen 900 ")
        #expect(!far.contains("Zoom char 1×2 cells"), "\(far)")
        t.keys("r")
        let reset = t.wait(for: "reset to generation 0 under B3/S23 (as loaded)")
        #expect(reset.contains("Zoom char 1×2 cells"))
        t.keys("q")
        t.wait(for: "EXITED 0")
    }

    /// `:help` at 80 columns: each description shows whole, wrapped under its command.
    @Test(.enabled(if: canRun, "needs tmux and the built hashlife executable"))
    func theHelpPanelWrapsDescriptionsAtEightyColumns() throws {
        let t = try #require(terminal())
        defer { t.close() }
        t.start(Fixtures.pattern("glider.rle"), columns: 80, rows: 24)
        t.wait(for: "Gen 0  Pop 5")
        t.keys(":")
        t.type("help")
        t.keys("Enter")
        let screen = t.wait(for: "      Load a pattern file")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let load = try #require(lines.firstIndex { $0.contains("│   load ") })
        #expect(lines[load + 1].contains("│       Load a pattern file"), "\(screen)")
        #expect(lines.allSatisfy { $0.count <= 80 })
        t.keys("Escape")
        t.keys("q")
        t.wait(for: "EXITED 0")
    }
}
