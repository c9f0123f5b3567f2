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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = [Self.script, "http://127.0.0.1:\(serve.port)/?token=\(serve.token)", Self.binary!,
                             Fixtures.repositoryRoot + "/patterns/gosper-glider-gun.rle", out]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let failed = text.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(process.terminationStatus == 0, "the browser script failed:\n\(text)")
        #expect(failed.isEmpty, "\(failed.joined(separator: "\n"))")
        #expect(text.contains("0 failed"))
        // Every check ran (a script that stopped early prints fewer).
        let passed = text.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count
        #expect(passed >= 75, "only \(passed) checks passed:\n\(text)")
    }
}
