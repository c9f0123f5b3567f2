import Foundation
import Testing
@testable import HashlifeServer
import HashlifeTestSupport

/// The page in headless Firefox, driven over WebDriver BiDi by a script of ours
/// (browser/serve_page_firefox_test.py with browser/firefox_bidi.py: no geckodriver) with real
/// pointer, touch, wheel and key input: the essential checks of the Chromium test (play, pause,
/// step and their keys, clicks that toggle the hovered cell, undo and redo, a stamp, drag pans
/// and paints, wheel zoom and a pinch with the hovered cell checked, grid lines read off the
/// canvas, a colour that persists, the command line, a LifeViewer script, and the canvas and a
/// screenshot compared with `view --png`).
extension BrowserTests {
    static let firefoxScript = Fixtures.repositoryRoot + "/Tests/HashlifeServerTests/browser/serve_page_firefox_test.py"

    /// Firefox ESR and python3-websockets, when both are installed.
    static let firefoxMissing: String? = {
        for path in ["/usr/bin/firefox-esr", python] where !FileManager.default.isExecutableFile(atPath: path) {
            return "\(path) is not installed"
        }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import websockets"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return "python3 cannot run" }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? nil : "python3-websockets is not installed"
    }()

    @Test(.enabled(if: firefoxMissing == nil, "firefox-esr and python3-websockets are needed: \(firefoxMissing ?? "")"),
          .enabled(if: binary != nil, "the hashlife executable has not been built (swift build)"),
          .timeLimit(.minutes(3)))
    func thePageWorksInHeadlessFirefox() throws {
        let folder = ScratchFolder.make("serve-firefox")
        let serve = try startServer(settingsPath: folder + "/settings.json")
        defer { serve.stop() }
        let out = ProcessInfo.processInfo.environment["HASHLIFE_SCREENSHOTS"] ?? folder
        try Self.runScript(Self.firefoxScript, url: "http://127.0.0.1:\(serve.port)/?token=\(serve.token)",
                           pattern: Fixtures.repositoryRoot + "/patterns/gosper-glider-gun.rle", out: out, atLeast: 78)
    }
}
