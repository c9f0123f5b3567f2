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
        try BrowserTests.runScript(Self.script, url: "http://127.0.0.1:\(server.port)/?token=\(token)", pattern: pattern, out: out,
                                   atLeast: 18)
    }
}
