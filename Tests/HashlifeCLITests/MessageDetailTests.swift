import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// What a message or a file written says: the command that makes a file again, a rule quoted
/// once, a path whole, the hint a mistake needs.
@Suite struct MessageDetailTests {
    let glider = Fixtures.pattern("glider.rle")

    /// The command a soup's `#C … made by '…'` comment gives, as words.
    func madeBy(_ rle: String) throws -> [String] {
        let line = try #require(rle.split(separator: "\n").first { $0.contains("made by '") })
        let start = try #require(line.range(of: "made by 'hashlife ")).upperBound
        let end = try #require(line.range(of: "'.", options: .backwards)).lowerBound
        return line[start..<end].split(separator: " ").map(String.init)
    }

    @Test func aSoupsCommentMakesTheSameFileAgainRuleIncluded() throws {
        for arguments in [["soup", "8x8", "--rule", "HighLife"], ["soup", "8x8", "--rule", "B36/S23", "--seed", "5"],
                          ["soup", "8x8"], ["soup", "--hash", "k_test0001", "--rule", "HighLife"],
                          ["soup", "6x6", "--rule", "B3/S23:T8,8"]] {
            let first = hashlife(arguments)
            #expect(first.status == 0, "\(arguments): \(first.err)")
            let again = try madeBy(first.out)
            #expect(again.contains("--rule") == arguments.contains("--rule"), "\(arguments): \(again)")
            // The comment's words, unquoted as a shell would (only the grid rule is quoted).
            let words = again.map { $0.hasPrefix("'") && $0.hasSuffix("'") ? String($0.dropFirst().dropLast()) : $0 }
            let rerun = hashlife(words)
            #expect(rerun.status == 0 && rerun.out == first.out, "\(arguments) made again by \(words): \(rerun.out)")
        }
        let highLife = hashlife("soup", "8x8", "--rule", "HighLife")
        #expect(highLife.out.contains("made by 'hashlife soup 8x8 --density 0.375 --seed 1 --rule B36/S23'."), "\(highLife.out)")
        #expect(!hashlife("soup", "8x8").out.contains("--rule"))
    }

    @Test func aRuleInAnErrorIsQuotedOnce() {
        let apostrophe = hashlife("run", glider, "--gen", "1", "--rule", "it's")
        #expect(apostrophe.status == 64)
        // A name that is no rule is looked up as a rule file: "rule "it's" not found: …".
        #expect(apostrophe.err.contains("invalid value for '--rule': rule \"it's\" "), "\(apostrophe.err)")
        #expect(!apostrophe.err.contains("'it\\'s'"))
        let quote = hashlife("run", glider, "--gen", "1", "--rule", "a\"b")
        #expect(quote.err.contains("rule \"a\\\"b\" "), "\(quote.err)")
        #expect(!quote.err.contains("\\u{22}"))
        let soup = hashlife("soup", "8x8", "--rule", "it's")
        #expect(soup.err.contains("rule \"it's\": ") && !soup.err.contains("'it\\'s'"), "\(soup.err)")
        // Still short and escaped, however long or odd.
        let long = hashlife("run", glider, "--gen", "1", "--rule", String(repeating: "x", count: 10_000) + "\u{1B}")
        #expect(long.err.utf8.count < 400 && !long.err.contains("\u{1B}"), "\(long.err.prefix(400))")
    }

    @Test func aLongStorePathIsNamedWhole() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("a-store-whose-name-is-well-over-forty-characters-long.sqlite").path
        try "not a database\n".write(toFile: store, atomically: true, encoding: .utf8)
        let captured = Captured()
        #expect(HashlifeCommand.run(["board", "list", "--store", store], context: captured.context) == 1)
        #expect(captured.standardError == "hashlife: '\(store)' is not a hashlife board store (not an SQLite database); it was left untouched\n",
                "\(captured.standardError)")
    }

    @Test func mergingATextTableSuggestsJSON() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = folder.appendingPathComponent("table.txt").path
        let census = hashlife("census", "--root", "k_test", "--soups", "3", "--out", table)
        #expect(census.status == 0, "\(census.err)")
        let merged = hashlife("census", "merge", table)
        #expect(merged.status == 1)
        #expect(merged.err.contains("\(table): not valid JSON") && merged.err.contains("write each census with 'hashlife census --json'"),
                "\(merged.err)")
        // Broken JSON is not called a text table.
        let broken = folder.appendingPathComponent("broken.json").path
        try "{\"rule\":".write(toFile: broken, atomically: true, encoding: .utf8)
        let half = hashlife("census", "merge", broken)
        #expect(half.status == 1 && half.err.contains("not valid JSON") && !half.err.contains("text table"), "\(half.err)")
    }
}
