import Foundation
import Testing
@testable import HashlifeServer
import HashlifeEditing
import HashlifeTestSupport

/// `serve --hex` in headless Chromium (browser/serve_hex_test.py): the page starts with its rows
/// sheared, draws what `view --hex --format png` draws pixel for pixel, clicks and hovers the
/// sheared cell, pans without a sideways jump, shears blocks zoomed out, and `#` goes back to
/// square rows about the centre cell.
@Suite struct HexBrowserTests {
    static let script = Fixtures.repositoryRoot + "/Tests/HashlifeServerTests/browser/serve_hex_test.py"

    @Test(.enabled(if: BrowserTests.browserMissing == nil, "headless Chromium, chromium-driver and python3-selenium are needed: \(BrowserTests.browserMissing ?? "")"),
          .enabled(if: BrowserTests.binary != nil, "the hashlife executable has not been built (swift build)"),
          .timeLimit(.minutes(2)))
    func theHexagonalPageMatchesViewHex() throws {
        let folder = ScratchFolder.make("serve-hex-browser")
        let pattern = Fixtures.repositoryRoot + "/patterns/gosper-glider-gun.rle"
        let session = Session()
        try session.load(path: pattern)
        let hub = ServeHub(session: session, name: "hex", boardID: nil, service: nil, shapes: ShapeLibrary(folder: nil))
        hub.hexagonal = true
        let token = "0123456789abcdef0123456789abcdef"
        let app = ServeApp(hub: hub, settings: ServeSettings(path: folder + "/settings.json"),
                           policy: AccessPolicy(token: token, port: 0, boundHost: "127.0.0.1"))
        let server = HTTPServer(host: "127.0.0.1", limits: HTTPLimits()) { app.handle($0) }
        try server.start(port: 0) { port in app.policy = AccessPolicy(token: token, port: port, boundHost: "127.0.0.1") }
        defer { server.stop() }
        let out = ProcessInfo.processInfo.environment["HASHLIFE_SCREENSHOTS"] ?? folder
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BrowserTests.python)
        process.arguments = [Self.script, "http://127.0.0.1:\(server.port)/?token=\(token)", BrowserTests.binary!, pattern, out]
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
        #expect(passed >= 18, "only \(passed) checks passed:\n\(text)")
    }
}
