#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import Testing
import HashlifeTestSupport

/// `hashlife play` in a real terminal: tmux runs it, the test types keys and SGR mouse reports
/// with `send-keys` and reads the screen with `capture-pane`. Each test uses its own tmux server
/// and temporary XDG folders and board store (never the user's).
@Suite(.serialized) struct EndToEndTests {
    /// The built `hashlife` executable beside the test bundle, or in .build/debug.
    static let binary: String? = {
        var candidates: [String] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append((executable as NSString).deletingLastPathComponent + "/hashlife")
        }
        candidates.append(Fixtures.repositoryRoot + "/.build/debug/hashlife")
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// One tmux server with the app's environment; removed (server and folder) by `close`.
    final class Terminal {
        let folder = temporaryFolder()
        let base: String
        /// Each start gets a server of its own: a server being killed may still answer on its
        /// socket for a moment, and a new session sent to it dies with it.
        var socket: String
        var starts = 0
        let tmux: String
        let binary: String

        init(tmux: String, binary: String) {
            self.tmux = tmux
            self.binary = binary
            base = "hashlife-e2e-\(getpid())-\(Int.random(in: 0..<1_000_000))"
            socket = base
        }

        /// Variables added to the app's environment ("NO_COLOR=1", say).
        var extraEnvironment = ""

        var environment: String {
            "env -u NO_COLOR \(extraEnvironment) HOME=\(folder) XDG_CONFIG_HOME=\(folder)/config XDG_DATA_HOME=\(folder)/data XDG_STATE_HOME=\(folder)/state HASHLIFE_STORE= TERM=xterm-256color"
        }

        @discardableResult
        func run(_ arguments: String) -> String {
            guard let pipe = popen("\(tmux) -L \(socket) \(arguments) 2>&1", "r") else { return "" }
            var out = ""
            var buffer = [CChar](repeating: 0, count: 4096)
            while fgets(&buffer, Int32(buffer.count), pipe) != nil { out += cText(buffer) }
            pclose(pipe)
            return out
        }

        /// Starts `hashlife play ARGUMENTS` in a new window of `columns`×`rows`.
        func start(_ arguments: String, columns: Int = 120, rows: Int = 40) {
            run("kill-server")
            starts += 1
            socket = base + "-\(starts)"
            let command = "\(environment) \(binary) play \(arguments); echo EXITED $?; sleep 600"
            run("new-session -d -x \(columns) -y \(rows) '\(command)'")
        }

        var screen: String { run("capture-pane -p") }

        func keys(_ keys: String...) { run("send-keys " + keys.joined(separator: " ")) }
        /// Types `text` literally (escape sequences too).
        func type(_ text: String) { run("send-keys -l '\(text)'") }

        /// Waits up to 20 s (a loaded CI machine) for the screen to satisfy `condition`; returns the last screen.
        @discardableResult
        func wait(for what: String, _ condition: (String) -> Bool) -> String {
            var last = ""
            for _ in 0..<400 {
                last = screen
                if condition(last) { return last }
                usleep(50_000)
            }
            Issue.record("timed out waiting for \(what); the screen was:\n\(last)")
            return last
        }

        @discardableResult
        func wait(for text: String) -> String { wait(for: Excerpt(text)) { $0.contains(text) } }

        func close() {
            run("kill-server")
            removeTree(folder)
        }

        /// The app's process id: the child of the pane's shell running `hashlife`.
        var appProcess: Int32? {
            guard let shell = Int32(run("list-panes -F '#{pane_pid}'").trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
            let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
            return children.split(separator: " ").compactMap { Int32($0) }.first { pid in
                ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "").hasPrefix("hashlife")
            }
        }

        /// CPU time (user and system) the process `pid` has used so far, in seconds.
        static func cpuSeconds(_ pid: Int32) -> Double? {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // After "pid (comm)": state is field 3; utime and stime are fields 14 and 15.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
            return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        }
    }

    static func Excerpt(_ text: String) -> String { "'\(text)'" }

    func terminal() -> Terminal? {
        guard let tmux = Self.tmux else { print("skipping: tmux is not installed"); return nil }
        guard let binary = Self.binary else { print("skipping: the hashlife executable is not built"); return nil }
        return Terminal(tmux: tmux, binary: binary)
    }

    @Test(.enabled(if: canRun, "needs tmux and the built hashlife executable"))
    func playStepClickHelpQuitAndReopen() throws {
        let t = try #require(terminal())
        defer { t.close() }
        t.start(Fixtures.pattern("glider.rle"))
        t.wait(for: "Gen 0  Pop 5")
        t.keys(".")
        t.wait(for: "Gen 1  Pop 5")
        // Space plays until space pauses.
        t.keys("Space")
        t.wait(for: "playing") { screen in
            guard let line = screen.split(separator: "\n").first, let gen = line.split(separator: " ").dropFirst().first else { return false }
            return (Int(gen) ?? 0) >= 4
        }
        t.keys("Space")
        // Clear, then a left click (SGR 1006 press and release) toggles the cell under it.
        t.keys("X")
        t.wait(for: "Pop 0")
        t.type("\u{1B}[<0;61;21M\u{1B}[<0;61;21m")
        t.wait(for: "Pop 1 ")
        // ? shows every key; Esc closes it.
        t.keys("?")
        t.wait(for: "Keys (any key closes)")
        t.keys("Escape")
        t.wait(for: "help closed") { !$0.contains("Keys (any key closes)") }
        let before = t.screen.split(separator: "\n").first.map(String.init) ?? ""
        // q quits and gives the terminal back: main screen, mouse reporting off.
        t.keys("q")
        t.wait(for: "EXITED 0")
        #expect(t.run("display -p '#{alternate_on} #{mouse_any_flag} #{mouse_sgr_flag}'").trimmingCharacters(in: .whitespacesAndNewlines) == "0 0 0")
        // No file: the last session comes back as it was.
        t.start("")
        let reopened = t.wait(for: "Pop 1 ")
        let generation = before.split(separator: " ").dropFirst().first.map(String.init) ?? "?"
        #expect(reopened.hasPrefix(" Gen \(generation)  Pop 1 "))
        t.keys("q")
        t.wait(for: "EXITED 0")
    }

    @Test(.enabled(if: canRun, "needs tmux and the built hashlife executable"))
    func undoAfterQuittingAndReopeningShowsTheEarlierState() throws {
        let t = try #require(terminal())
        defer { t.close() }
        t.start(Fixtures.pattern("glider.rle"))
        t.wait(for: "Gen 0  Pop 5 ")
        // An edit (a click toggles the cell under it), then a step; q saves and quits.
        t.type("\u{1B}[<0;61;21M\u{1B}[<0;61;21m")
        let edited = t.wait(for: "the click's cell") { $0.hasPrefix(" Gen 0  Pop ") && !$0.hasPrefix(" Gen 0  Pop 5 ") }
        let header = String(edited.split(separator: " ").prefix(4).joined(separator: " "))  // "Gen 0 Pop N"
        let population = header.split(separator: " ").last.map(String.init) ?? "?"
        t.keys(".")
        t.wait(for: "Gen 1  Pop ")
        t.keys("q")
        t.wait(for: "EXITED 0")
        // `hashlife play` alone: the same state, and u walks back through the saved history.
        t.start("")
        t.wait(for: "Gen 1  Pop ")
        t.keys("u")
        t.wait(for: "Gen 0  Pop \(population) ")
        t.wait(for: "undid: step of 1 generation")
        t.keys("u")
        t.wait(for: "Gen 0  Pop 5 ")
        t.keys("u")
        t.wait(for: "nothing to undo")
        t.keys("q")
        t.wait(for: "EXITED 0")
    }

    @Test(.enabled(if: canRun, "needs tmux and the built hashlife executable"))
    func suspendGivesTheTerminalBackAndResumeRedraws() throws {
        let t = try #require(terminal())
        defer { t.close() }
        t.start(Fixtures.pattern("glider.rle"))
        t.wait(for: "Gen 0  Pop 5")
        // The app is the shell's child: stop and continue it by its process id.
        let shell = t.run("display -p '#{pane_pid}'").trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pipe = popen("pgrep -P \(shell)", "r") else { Issue.record("no pgrep"); return }
        var buffer = [CChar](repeating: 0, count: 64)
        let pid = fgets(&buffer, 64, pipe) != nil ? Int32(cText(buffer).trimmingCharacters(in: .whitespacesAndNewlines)) : nil
        pclose(pipe)
        let app = try #require(pid)
        kill(app, SIGTSTP)
        t.wait(for: "the main screen back") { _ in t.run("display -p '#{alternate_on} #{mouse_any_flag}'").hasPrefix("0 0") }
        kill(app, SIGCONT)
        t.wait(for: "the app redrawn") { $0.contains("Gen 0  Pop 5") && t.run("display -p '#{alternate_on} #{mouse_any_flag}'").hasPrefix("1 1") }
        t.keys(".")
        t.wait(for: "Gen 1  Pop 5")
        t.keys("q")
        t.wait(for: "EXITED 0")
    }

    @Test func withoutATerminalPlaySaysSoAndFails() throws {
        guard let binary = Self.binary else { print("skipping: the hashlife executable is not built"); return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["play", Fixtures.pattern("glider.rle")]
        let err = Pipe()
        process.standardError = err
        process.standardInput = Pipe()
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 1)
        #expect(message == "hashlife: play needs a terminal (standard input and output); for scripts use 'hashlife repl'\n")
    }

    @Test(.enabled(if: canRun, "needs tmux and the built hashlife executable"))
    func idleCostsNoCPUAndEveryDotPressCounts() throws {
        let t = try #require(terminal())
        defer { t.close() }
        t.start(Fixtures.pattern("glider.rle"))
        t.wait(for: "Gen 0  Pop 5")
        // Five quick presses in one write: five generations.
        t.keys(".", ".", ".", ".", ".")
        t.wait(for: "Gen 5  Pop 5")
        let pid = try #require(t.appProcess)
        usleep(2_000_000)  // the autosave after the steps
        let before = try #require(Terminal.cpuSeconds(pid))
        usleep(10_000_000)
        let after = try #require(Terminal.cpuSeconds(pid))
        #expect(after - before < 0.5, "10 s of idle cost \(after - before) s of CPU")
        t.keys("q")
        t.wait(for: "EXITED 0")
    }

    @Test(.enabled(if: canRun, "needs tmux and the built hashlife executable"))
    func theColonLineAndThePromptingKeys() throws {
        let t = try #require(terminal())
        defer { t.close() }
        t.start(Fixtures.pattern("r-pentomino.rle"))
        t.wait(for: "Gen 0  Pop 5")
        t.keys(":")
        t.wait(for: ":")
        t.type("rule B36/S23")
        t.keys("Enter")
        t.wait(for: " B36/S23  Step 1")
        t.keys("g")
        t.wait(for: "Go to generation")
        t.type("2^10")
        t.keys("Enter")
        t.wait(for: "Gen 1024 ")
        // An unknown command says so in the message line; help opens a panel.
        t.keys(":")
        t.type("nonsense")
        t.keys("Enter")
        t.wait(for: "error: unknown command 'nonsense'")
        t.keys(":")
        t.type("help")
        t.keys("Enter")
        t.wait(for: "goto GEN")
        t.keys("Escape")
        t.keys("q")
        t.wait(for: "EXITED 0")
    }

    @Test(.enabled(if: canRun, "needs tmux and the built hashlife executable"))
    func hexStartsShearedAndTheViewIsKept() throws {
        let t = try #require(terminal())
        defer { t.close() }
        t.start("--hex --rule B2/S34H " + Fixtures.pattern("block.rle"))
        let sheared = t.wait(for: " hex ")
        // The block's two rows: the upper one drawn half a cell right of the lower one.
        func rowsOfBlock(_ screen: String) -> [Int] {
            screen.split(separator: "\n").compactMap { line in line.firstIndex(of: "█").map { line.distance(from: line.startIndex, to: $0) } }
        }
        let shearedStarts = rowsOfBlock(sheared)
        #expect(Set(shearedStarts).count == 2, "\(sheared)")
        #expect(shearedStarts.first! > shearedStarts.last!, "\(sheared)")
        t.keys("'#'")
        let square = t.wait(for: "square view")
        #expect(Set(rowsOfBlock(square)).count == 1, "\(square)")
        t.keys("'#'")
        t.wait(for: "hexagonal view")
        t.keys("q")
        t.wait(for: "EXITED 0")
        // The last session reopens sheared.
        t.start("")
        t.wait(for: " hex ")
        t.keys("q")
        t.wait(for: "EXITED 0")
    }

    @Test(.enabled(if: canRun, "needs tmux and the built hashlife executable"))
    func eightyByTwentyFourScreen() throws {
        let t = try #require(terminal())
        defer { t.close() }
        t.start(Fixtures.pattern("glider.rle"), columns: 80, rows: 24)
        let screen = t.wait(for: "Gen 0  Pop 5")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let expected = try String(contentsOfFile: Fixtures.repositoryRoot + "/Tests/HashlifeAppTests/Screens/glider-80x24.txt", encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (i, line) in expected.enumerated() where i < 24 {
            #expect(i < lines.count && lines[i].replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) == line, "line \(i)")
        }
        // A resize (SIGWINCH) lays the app out again at the new size.
        t.run("resize-window -x 100 -y 30")
        t.wait(for: "the control bar on row 30") { screen in
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return rows.count >= 30 && rows[29].contains("Help") && rows[0].hasPrefix(" Gen 0  Pop 5")
        }
        t.keys("q")
        t.wait(for: "EXITED 0")
    }

    @Test(.enabled(if: canRun, "needs tmux and the built hashlife executable"))
    func escCancelsALongJumpAndTheScreenStaysResponsive() throws {
        let t = try #require(terminal())
        defer { t.close() }
        // A 2000×2000 soup, and settings (read at launch) asking for hyper speed at 2^20 a frame:
        // the first jump runs for about a second on the worker (a 200×200 soup's no longer
        // reached the 300 ms after which the header shows progress, once the direct squares ran
        // on vector kernels) while the screen stays live.
        var state: UInt64 = 12345
        var bytes = Array("!Name: soup\n".utf8)
        bytes.reserveCapacity(2001 * 2000 + 16)
        for _ in 0..<2000 {
            for _ in 0..<2000 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                bytes.append(state >> 63 == 1 ? UInt8(ascii: "O") : UInt8(ascii: "."))
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        try Data(bytes).write(to: URL(fileURLWithPath: t.folder + "/soup.cells"), options: .atomic)
        try FileManager.default.createDirectory(atPath: t.folder + "/config/hashlife", withIntermediateDirectories: true)
        try "{\"speed\": \"hyper\", \"hyperExponent\": 20}".write(toFile: t.folder + "/config/hashlife/settings.json", atomically: true, encoding: .utf8)
        t.start(t.folder + "/soup.cells")
        t.wait(for: "Step 2^20")
        t.keys("Space")
        t.wait(for: "computing…")
        // The header shows progress while the worker computes; Esc cancels, and the header
        // says where the universe stopped (a consistent generation).
        t.keys("Escape")
        t.wait(for: "stopped at generation")
        #expect(!t.screen.contains("computing…"))
        t.keys("q")
        t.wait(for: "EXITED 0")
    }
}

/// The text of a NUL-terminated C buffer (what `fgets` fills).
private func cText(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
