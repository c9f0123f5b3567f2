import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeFormats
import HashlifeInterface
import HashlifeTestSupport

/// `--threads N` on every command that steps a universe: parsed and checked as
/// `--max-memory` is, passed to each universe the command steps, and never changing a result.
@Suite struct ThreadsOptionTests {
    let glider = Fixtures.pattern("glider.rle")
    let acorn = Fixtures.pattern("acorn.rle")

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
    }

    /// A fresh folder; remove it when done.
    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "hashlife-threads-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Every command (and board action) that steps, with arguments that work without the option.
    func stepping(in folder: String) -> [[String]] {
        let store = folder + "/boards.sqlite"
        return [
            ["run", glider, "--gen", "4"], ["view", glider, "--gen", "4"], ["classify", glider],
            ["animate", glider, "--to", "4", "--out", folder + "/g.gif"], ["plot", glider, "--to", "4", "--csv"],
            ["repl"], ["play"],
            ["board", "step", "0000", "--store", store], ["board", "final", "0000", "--store", store],
        ]
    }

    @Test(arguments: ["0", "abc", "-1", "+2", "1.5", " 2", "2 ", "", "257", "99999", "99999999999999999999999"])
    func badValuesAreUsageErrorsNamingTheOption(value: String) throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for arguments in stepping(in: directory) {
            let result = hashlife(arguments + ["--threads", value])
            let command = "hashlife \(arguments[0])"
            #expect(result.status == 64, "\(arguments): \(result.err)")
            #expect(result.err == "\(command): invalid value for '--threads': '\(value)'; expected a whole number of threads from 1 to 256 (see '\(command) --help')\n",
                    "\(arguments)")
            #expect(result.out.isEmpty)
        }
    }

    @Test func aLongValueIsQuotedShortened() {
        let value = String(repeating: "7", count: 1000)
        let result = hashlife(["run", glider, "--gen", "1", "--threads", value])
        #expect(result.status == 64)
        #expect(result.err == "hashlife run: invalid value for '--threads': '\(String(repeating: "7", count: 40))'… (1000 bytes); expected a whole number of threads from 1 to 256 (see 'hashlife run --help')\n")
    }

    @Test func commandsThatDoNotStepRefuseIt() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let info = hashlife(["info", glider, "--threads", "2"])
        #expect(info.status == 64 && info.err.contains("unknown option '--threads'"), "\(info.err)")
        let list = hashlife(["board", "list", "--threads", "2", "--store", directory + "/boards.sqlite"])
        #expect(list.status == 64)
        #expect(list.err == "hashlife board: option '--threads' does not apply to 'board list' (see 'hashlife board --help')\n")
    }

    @Test func helpListsTheOptionWithTheDefaultOnThisMachine() {
        for command in ["run", "view", "classify", "animate", "plot", "repl", "play", "board"] {
            let help = hashlife([command, "--help"])
            let flat = help.out.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
            #expect(flat.contains("--threads <N>"), "\(command)")
            #expect(flat.contains("(default: \(ThreadCount.defaultDescription))"), "\(command): \(flat)")
        }
    }

    @Test func runJSONReportsTheThreadsTheUniverseUsed() throws {
        let three = try object(hashlife(["run", glider, "--gen", "8", "--json", "--threads", "3"]).out)
        #expect(three["threads"] as? Int == 3)
        let leadingZero = try object(hashlife(["run", glider, "--gen", "8", "--json", "--threads", "007"]).out)
        #expect(leadingZero["threads"] as? Int == 7)
        let most = try object(hashlife(["run", glider, "--gen", "8", "--json", "--threads", "256"]).out)
        #expect(most["threads"] as? Int == 256)
        // Without the option: the default, one thread.
        let plain = try object(hashlife(["run", glider, "--gen", "8", "--json"]).out)
        #expect(plain["threads"] as? Int == 1)
        // The field comes between memory and seconds; the others are as they were.
        let text = hashlife(["run", glider, "--gen", "8", "--json", "--threads", "2"]).out
        #expect(text.contains(#"},"threads":2,"seconds":"#), "\(text)")
    }

    @Test func patternFilesGiveEachUniverseTheCount() throws {
        let (universe, _) = try PatternFiles.universe(glider, rule: nil, memoryLimit: MemoryLimit.defaultBytes, threads: 5)
        #expect(universe.threads == 5)
        let (single, _) = try PatternFiles.universe(glider, rule: .life, memoryLimit: MemoryLimit.defaultBytes, threads: 1)
        #expect(single.threads == 1)
    }

    @Test(arguments: ["acorn.rle", "gosper-glider-gun.rle", "switch-engine.rle", "r-pentomino.rle"])
    func runGivesTheSameResultForOneAndFourThreads(pattern: String) throws {
        let path = Fixtures.pattern(pattern)
        for gen in ["5206", "2^40", "10^30"] {
            let one = try object(hashlife(["run", path, "--gen", gen, "--json", "--threads", "1"]).out)
            let four = try object(hashlife(["run", path, "--gen", gen, "--json", "--threads", "4"]).out)
            #expect(one["threads"] as? Int == 1 && four["threads"] as? Int == 4)
            for key in ["generation", "population", "background", "rule", "tree_nodes"] {
                #expect(String(describing: one[key]) == String(describing: four[key]), "\(pattern) at \(gen): \(key)")
            }
            #expect(one["bounds"] as? [String: String] == four["bounds"] as? [String: String], "\(pattern) at \(gen)")
        }
        // The written pattern too, byte for byte.
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(hashlife(["run", path, "--gen", "2^20", "--threads", "1", "--out", directory + "/one.mc"]).status == 0)
        #expect(hashlife(["run", path, "--gen", "2^20", "--threads", "4", "--out", directory + "/four.mc"]).status == 0)
        let written = try ["one", "four"].map { try Data(contentsOf: URL(fileURLWithPath: directory + "/\($0).mc")) }
        #expect(!written[0].isEmpty && written[0] == written[1])
    }

    @Test func everySteppingCommandGivesTheSameOutputForOneAndFourThreads() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let commands: [[String]] = [
            ["view", acorn, "--gen", "1000", "--size", "40x20"],
            ["classify", acorn],
            ["plot", acorn, "--to", "600", "--step", "50", "--csv"],
        ]
        for arguments in commands {
            let one = hashlife(arguments + ["--threads", "1"]), four = hashlife(arguments + ["--threads", "4"])
            #expect(one.status == 0 && four.status == 0, "\(arguments): \(one.err)\(four.err)")
            #expect(!one.out.isEmpty && one.out == four.out, "\(arguments)")
        }
        for threads in ["1", "4"] {
            let result = hashlife(["animate", acorn, "--to", "200", "--step", "50", "--out", directory + "/a\(threads).gif", "--threads", threads])
            #expect(result.status == 0, "\(result.err)")
        }
        let gifs = try ["1", "4"].map { try Data(contentsOf: URL(fileURLWithPath: directory + "/a\($0).gif")) }
        #expect(!gifs[0].isEmpty && gifs[0] == gifs[1])
    }

    @Test func boardStepAndFinalTakeTheOption() throws {
        let store = try BoardStore()
        defer { try? FileManager.default.removeItem(atPath: store.folder) }
        let one = try store.new("acorn.rle"), four = try store.new("acorn.rle")
        let stepped = [store.run("step", one, "--gen", "5206", "--threads", "1"), store.run("step", four, "--gen", "5206", "--threads", "4")]
        #expect(stepped.allSatisfy { $0.status == 0 }, "\(stepped.map(\.err))")
        #expect(stepped[0].out == stepped[1].out && stepped[0].out == hashlife(["run", acorn, "--gen", "5206"]).out)
        let finals = [store.run("final", one, "--threads", "1"), store.run("final", four, "--threads", "4")]
        #expect(finals.allSatisfy { $0.status == 0 }, "\(finals.map(\.err))")
        #expect(finals[0].out == finals[1].out && finals[0].out.hasPrefix("settled"), "\(finals[0].out)")
    }
}
