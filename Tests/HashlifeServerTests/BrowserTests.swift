import Foundation
import Testing
@testable import HashlifeServer
import HashlifeEditing
import HashlifeTestSupport

/// The page in headless Chromium, driven by a selenium script as a person would use it
/// (browser/serve_page_test.py): play and pause a gun, step, click cells, stamp, pan and zoom
/// with the hovered cell checked, undo and redo, a two-finger pinch (DevTools touch events)
/// that keeps the cell under its midpoint, one-finger pans, taps and paint strokes, grid lines
/// every 1, 2, 3, 4 and 8 cells read off the canvas, a colour that persists, goto 2^100, and
/// the canvas compared with `view --png` at 1×, 1:16 and 1:2^40.
@Suite struct BrowserTests {
    static let python = "/usr/bin/python3"
    static let script = Fixtures.repositoryRoot + "/Tests/HashlifeServerTests/browser/serve_page_test.py"

    /// Chromium, its driver and selenium, when all three are installed.
    static let browserMissing: String? = {
        for path in ["/usr/bin/chromium", "/usr/bin/chromedriver", python] where !FileManager.default.isExecutableFile(atPath: path) {
            return "\(path) is not installed"
        }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import selenium"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return "python3 cannot run" }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? nil : "python3-selenium is not installed"
    }()

    /// The built `hashlife` executable (for `view --png`), when there is one.
    static let binary: String? = {
        var candidates: [String] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append((executable as NSString).deletingLastPathComponent + "/hashlife")
        }
        candidates.append(Fixtures.repositoryRoot + "/.build/debug/hashlife")
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    @Test(.enabled(if: browserMissing == nil, "headless Chromium, chromium-driver and python3-selenium are needed: \(browserMissing ?? "")"),
          .enabled(if: binary != nil, "the hashlife executable has not been built (swift build)"),
          .timeLimit(.minutes(2)))
    func thePageWorksInHeadlessChromium() throws {
        let folder = ScratchFolder.make("serve-browser")
        let serve = try startServer(settingsPath: folder + "/settings.json")
        defer { serve.stop() }
        let out = ProcessInfo.processInfo.environment["HASHLIFE_SCREENSHOTS"] ?? folder
        try Self.runScript(Self.script, url: "http://127.0.0.1:\(serve.port)/?token=\(serve.token)",
                           pattern: Fixtures.repositoryRoot + "/patterns/gosper-glider-gun.rle", out: out, atLeast: 75)
    }

    /// Runs the browser script `script` on the page at `url` (with the `hashlife` binary, the
    /// pattern file and the folder for screenshots as its other arguments) and checks what it
    /// printed: exit status 0, no `FAIL` line, the closing "0 failed", and at least
    /// `atLeast` `ok` lines (a script that stopped early prints fewer).
    static func runScript(_ script: String, url: String, pattern: String, out: String, atLeast: Int,
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, url, binary!, pattern, out]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = text.split(separator: "\n")
        let failed = lines.filter { $0.hasPrefix("FAIL") }
        #expect(process.terminationStatus == 0, "the browser script failed:\n\(text)", sourceLocation: sourceLocation)
        #expect(failed.isEmpty, "\(failed.joined(separator: "\n"))", sourceLocation: sourceLocation)
        #expect(lines.contains("0 failed"), "no closing line:\n\(text)", sourceLocation: sourceLocation)
        let passed = lines.filter { $0.hasPrefix("ok ") }.count
        #expect(passed >= atLeast, "only \(passed) checks passed:\n\(text)", sourceLocation: sourceLocation)
    }
}
