import Foundation
import Testing
import HashlifeEngine
@testable import HashlifeCommands
import HashlifeRendering
import HashlifeEditing
import HashlifeTestSupport

@Suite struct REPLPreviewTests {
    @Test func libraryAndBoardListsCarryTheSharedThumbnail() throws {
        let r = try BoardREPL(json: true)
        let library = try #require(try jsonLines(r.say("library list"))[0]["shapes"] as? [[String: Any]])
        let glider = try #require(library.first { $0["name"] as? String == "glider" })
        let expected = Thumbnail.text(Fixtures.universe("glider.rle"), columns: 12, rows: 3)
        #expect(glider["thumbnail"] as? [String] == expected)
        _ = r.say("stamp glider 0 0")
        _ = r.say("board save one")
        let boards = try #require(try jsonLines(r.say("board list"))[0]["boards"] as? [[String: Any]])
        #expect(boards.count == 1 && (boards[0]["thumbnail"] as? [String]) == expected)
        let text = try BoardREPL(store: r.store)
        let lines = text.say("board list").split(separator: "\n")
        #expect(lines.count == 4 && lines[1...].allSatisfy { $0.hasPrefix("  ") })
    }
}
