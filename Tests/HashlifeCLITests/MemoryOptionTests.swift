import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeFormats
import HashlifeInterface
import HashlifeTestSupport

/// `--max-memory MB` on the commands that build a universe, and the `memory` statistics of
/// `run --json` and `info --json`.
@Suite struct MemoryOptionTests {
    static let megabyte = 1 << 20
    static let memoryKeys: Set<String> = ["nodes", "bytes", "cache_bytes", "limit_bytes", "memo_hits", "memo_misses", "evictions",
                                          "collections", "collection_seconds"]
    let glider = Fixtures.pattern("glider.rle")

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
    }

    /// A 1024×1024 random soup (about 22,000 distinct nodes: more than 1 MB holds) as an RLE
    /// file in a fresh folder; remove the folder when done.
    func bigSoupFile() throws -> (folder: URL, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hashlife-test-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let universe = Universe(rule: .life, referenceCells: randomSoup(width: 1024, height: 1024, density: 0.375, seed: 5))
        let path = folder.appendingPathComponent("soup.rle").path
        try FileIO.writeAtomically(try PatternCodec.encode(universe, as: .rle, compressed: false), to: path)
        return (folder, path)
    }

    @Test func runReportsTheLimitGivenAndEveryMemoryCounter() throws {
        let result = hashlife("run", glider, "--gen", "8", "--json", "--max-memory", "3")
        #expect(result.status == 0, "\(result.err)")
        let memory = try #require(try object(result.out)["memory"] as? [String: Any])
        #expect(Set(memory.keys) == Self.memoryKeys)
        #expect(memory["limit_bytes"] as? Int == 3 * Self.megabyte)
        for key in Self.memoryKeys.subtracting(["collection_seconds"]) { #expect(memory[key] is Int, "\(key)") }
        #expect((memory["nodes"] as? Int ?? 0) > 0 && (memory["bytes"] as? Int ?? 0) > 0)
        #expect(memory["collection_seconds"] is Double)
        // Without the option, the default limit.
        let plain = try object(hashlife("run", glider, "--gen", "8", "--json").out)
        #expect((plain["memory"] as? [String: Any])?["limit_bytes"] as? Int == MemoryLimit.defaultBytes)
    }

    @Test func infoViewAndClassifyAcceptTheOption() throws {
        let info = hashlife("info", glider, "--json", "--max-memory", "5")
        #expect(info.status == 0, "\(info.err)")
        let memory = try #require(try object(info.out)["memory"] as? [String: Any])
        #expect(Set(memory.keys) == Self.memoryKeys)
        #expect(memory["limit_bytes"] as? Int == 5 * Self.megabyte)
        #expect((memory["nodes"] as? Int ?? 0) > 0)

        let view = hashlife("view", glider, "--rect", "0,0,3,3", "--max-memory", "1")
        #expect(view.status == 0 && view.out == ".#.\n..#\n###\n", "\(view.err)")

        let classify = hashlife("classify", glider, "--max-memory", "2")
        #expect(classify.status == 0, "\(classify.err)")
        #expect(classify.out == hashlife("classify", glider).out)
        #expect(classify.out.hasPrefix("spaceship"))
    }

    @Test func helpShowsTheOptionAndTheDefaultOnThisMachine() {
        let here = MemoryLimit.defaultBytes / Self.megabyte
        for command in ["run", "view", "classify", "info", "repl"] {
            let help = hashlife(command, "--help")
            let flat = help.out.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
            #expect(flat.contains("--max-memory <MB>"), "\(command)")
            #expect(flat.contains("half of physical memory, at most 4096 (here: \(here))"), "\(command): \(flat)")
        }
    }

    @Test(arguments: ["abc", "0", "-5", "1.5", "64MB", " 64", "", "1048577", "99999999999999999999999"])
    func badValuesAreUsageErrorsOnEveryCommand(value: String) {
        let commands: [[String]] = [
            ["run", glider, "--gen", "4"], ["view", glider], ["classify", glider], ["info", glider], ["repl"],
        ]
        for arguments in commands {
            let result = hashlife(arguments + ["--max-memory", value])
            let command = "hashlife \(arguments[0])"
            #expect(result.status == 64, "\(arguments)")
            #expect(result.err == "\(command): invalid value for '--max-memory': '\(value)'; expected a whole number of megabytes (2^20 bytes) from 1 to 1048576 (see '\(command) --help')\n")
            #expect(result.out.isEmpty)
        }
    }

    @Test func aPatternTooBigForTheLimitFailsNamingTheMemoryItNeeds() throws {
        let (folder, soup) = try bigSoupFile()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = hashlife("run", soup, "--gen", "8", "--max-memory", "1")
        #expect(run.status == 1)
        #expect(run.out.isEmpty)
        #expect(run.err.hasPrefix("hashlife: the memory limit of 1 MB is too small for this pattern at generation 0: it needs about "))
        #expect(run.err.hasSuffix("; generation 8 was not reached (raise --max-memory)\n"))
        // The figure named is enough.
        let needed = try #require(run.err.firstMatch(of: /needs about (\d+) MB/).flatMap { Int($0.1) })
        #expect(needed > 1)
        let retried = hashlife("run", soup, "--gen", "8", "--max-memory", String(needed))
        #expect(retried.status == 0, "\(retried.err)")
        #expect(retried.out == hashlife("run", soup, "--gen", "8").out)

        let view = hashlife("view", soup, "--gen", "8", "--max-memory", "1")
        #expect(view.status == 1 && view.err.contains("needs about") && view.out.isEmpty)
        let classify = hashlife("classify", soup, "--max-memory", "1")
        #expect(classify.status == 1)
        #expect(classify.err.contains("soup.rle: the memory limit of 1 MB is too small") && classify.err.hasSuffix("; no verdict (raise --max-memory)\n"))
    }

    @Test func resultsUnderATightLimitEqualThoseWithout() throws {
        let acorn = Fixtures.pattern("acorn.rle")
        let tight = try object(hashlife("run", acorn, "--gen", "5206", "--json", "--max-memory", "1").out)
        let roomy = try object(hashlife("run", acorn, "--gen", "5206", "--json").out)
        #expect(tight["population"] as? String == "633")
        #expect(tight["population"] as? String == roomy["population"] as? String)
        #expect(tight["bounds"] as? [String: String] == roomy["bounds"] as? [String: String])
        // The limit bit: nodes were evicted to stay within it.
        let memory = try #require(tight["memory"] as? [String: Any])
        #expect((memory["collections"] as? Int ?? 0) > 0 && (memory["evictions"] as? Int ?? 0) > 0, "\(memory)")
        #expect((memory["bytes"] as? Int ?? .max) <= Self.megabyte)

        #expect(hashlife("run", Fixtures.pattern("r-pentomino.rle"), "--gen", "1103", "--max-memory", "1").out == "1103: 116\n")
        let classified = hashlife("classify", acorn, "--max-memory", "2")
        #expect(classified.status == 0 && classified.out == "settled at generation 5206: period-2 ash, 13 gliders escaping\n")
    }
}
