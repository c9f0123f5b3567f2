import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeTestSupport

@Suite struct PreviewTests {
    @Test func thumbnailIsWhatViewDrawsInBraille() {
        // The shared thumbnail of 16×4 characters is view's braille of a 32×16-block fit.
        let universe = Fixtures.universe("gosper-glider-gun.rle")
        universe.step(by: BigUInt(200))
        let view = hashlife("view", Fixtures.pattern("gosper-glider-gun.rle"), "--gen", "200", "--fit", "--size", "32x16", "--format", "braille")
        #expect(BoardCommand.thumbnailLines(universe).map { $0 + "\n" }.joined() == view.out)
    }

    @Test func boardListShowsPreviewsWhenAsked() throws {
        let store = try BoardStore()
        let id = try store.new("glider.rle")
        _ = try store.new("acorn.rle")
        // Not a terminal: no previews by default.
        let plain = store.run("list")
        #expect(plain.out.split(separator: "\n").count == 3)
        let shown = store.run("list", "--previews")
        #expect(shown.status == 0)
        let lines = shown.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 + 2 * 4)
        #expect(lines[1].hasPrefix(String(id.prefix(8))) || lines[5].hasPrefix(String(id.prefix(8))))
        #expect(lines[2].hasPrefix("    ") && lines[2].count == 4 + 16)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(store.run("list", "--json", "--previews").out.utf8)) as? [[String: Any]])
        #expect(json.count == 2 && json.allSatisfy { ($0["thumbnail"] as? [String])?.count == 4 })
        let bare = try #require(try JSONSerialization.jsonObject(with: Data(store.run("list", "--json").out.utf8)) as? [[String: Any]])
        #expect(bare.allSatisfy { $0["thumbnail"] == nil })
        #expect(store.run("list", "--previews", "--no-previews").status == 64)
        // On a terminal previews are the default, and --no-previews turns them off.
        func onTerminal(_ arguments: String...) -> String {
            let captured = Captured()
            var context = captured.context
            context.standardOutputIsTerminal = true
            _ = HashlifeCommand.run(["board"] + arguments + ["--store", store.path], context: context)
            return captured.standardOutput
        }
        #expect(onTerminal("list") == shown.out)
        #expect(onTerminal("list", "--no-previews") == plain.out)
    }
}
