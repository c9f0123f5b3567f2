import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// Output captured from one in-process run of the `hashlife` command.
final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var out = "", err = ""
    var standardOutput: String { lock.withLock { out } }
    var standardError: String { lock.withLock { err } }
    var context: CommandContext {
        CommandContext(standardOutput: { s in self.lock.withLock { self.out += s } },
                       standardError: { s in self.lock.withLock { self.err += s } },
                       errorIsTerminal: false)
    }
}

func hashlife(_ arguments: String...) -> (status: Int32, out: String, err: String) { hashlife(arguments) }

/// `hashlife(_:)` with the arguments as an array.
func hashlife(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    let captured = Captured()
    let status = HashlifeCommand.run(arguments, context: captured.context)
    return (status, captured.standardOutput, captured.standardError)
}

@Suite struct RunCommandTests {
    let glider = Fixtures.pattern("glider.rle")
    let gun = Fixtures.pattern("gosper-glider-gun.rle")

    @Test func printsGenerationAndPopulationAsTheLastLine() {
        let result = hashlife("run", glider, "--gen", "4")
        #expect(result.status == 0)
        #expect(result.out == "4: 5\n")
        #expect(result.err.isEmpty)
    }

    @Test func acceptsPowersForTheGeneration() throws {
        let result = hashlife("run", gun, "--gen", "2^100")
        let universe = Fixtures.universe("gosper-glider-gun.rle")
        universe.step(by: try BigUInt.parseCount("2^100"))
        #expect(result.status == 0)
        #expect(result.out == "1267650600228229401496703205376: \(universe.population)\n")
    }

    @Test func jsonReportHasExactFieldsAndStringNumbers() throws {
        let result = hashlife("run", glider, "--gen", "8", "--json")
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["generation", "population", "background", "bounds", "rule", "family", "states", "tree_nodes", "memory", "threads", "seconds"])
        #expect(object["family"] as? String == "Life-like")
        #expect(object["background"] as? Int == 0)
        #expect(object["generation"] as? String == "8")
        #expect(object["population"] as? String == "5")
        #expect(object["rule"] as? String == "B3/S23")
        #expect(object["tree_nodes"] is Int)
        #expect(object["seconds"] is Double)
        let universe = Fixtures.universe("glider.rle")
        universe.step(by: BigUInt(8))
        let box = try #require(universe.boundingBox)
        let bounds = try #require(object["bounds"] as? [String: String])
        #expect(bounds == ["x": box.x.description, "y": box.y.description,
                           "width": box.width.description, "height": box.height.description])
        #expect(result.out.hasSuffix("}\n") && result.out.filter { $0 == "\n" }.count == 1)
    }

    @Test func emptyResultHasNullBounds() throws {
        let result = hashlife("run", Fixtures.pattern("diehard.rle"), "--gen", "130", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(object["bounds"] is NSNull)
        #expect(object["population"] as? String == "0")
    }

    @Test func ruleOptionOverridesTheFile() throws {
        let result = hashlife("run", Fixtures.pattern("r-pentomino.rle"), "--gen", "100", "--rule", "HighLife")
        let universe = try Universe(document: Fixtures.document("r-pentomino.rle"), rule: try Rule("B36/S23"))
        universe.step(by: BigUInt(100))
        #expect(result.out == "100: \(universe.population)\n")
    }

    @Test func outWritesTheResultAsRLE() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hashlife-test-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("gun-100.rle").path
        let result = hashlife("run", gun, "--gen", "100", "--out", out)
        #expect(result.status == 0)
        let written = try RLEReader.read(String(contentsOfFile: out, encoding: .utf8))
        #expect(written.generation == BigUInt(100))
        #expect(written.name == Fixtures.document("gosper-glider-gun.rle").name)
        let expected = Fixtures.universe("gosper-glider-gun.rle")
        expected.step(by: BigUInt(100))
        #expect(try Universe(document: written).referenceCells == expected.referenceCells)
        // Nothing but the file itself is left behind (the temporary name was renamed).
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["gun-100.rle"])
    }

    @Test func usageErrorsExit64WithOneLine() {
        let cases: [([String], String)] = [
            (["run", glider], "missing option '--gen'"),
            (["run", "--gen", "5"], "missing argument"),
            (["run", glider, "--gen", "12x"], "invalid value for '--gen'"),
            (["run", glider, "--gen", "5", "--frob"], "unknown option '--frob'"),
            (["run", glider, "--gen", "5", "--rule", "W31"], "the Wolfram code 31 is odd"),
            (["run", glider, "--gen", "5", "--rule", "W256"], "the Wolfram code 256 is above 254"),
            (["run", glider, "--gen", "5", "--rule", "MAPABCDEFG"], "or 22 (hexagonal) or 6 (von Neumann); found 7"),
            (["run", glider, "--gen", "5", "--rule", "MAPAB"], "86 base64 characters"),
            (["run", glider, "--gen", "5", "--rule", "B2/S37H"], "than the hexagonal neighbourhood has (6)"),
            (["launch"], "unknown subcommand 'launch'"),
        ]
        for (arguments, message) in cases {
            let captured = Captured()
            let status = HashlifeCommand.run(arguments, context: captured.context)
            #expect(status == 64, "\(arguments)")
            #expect(captured.standardError.contains(message), "\(arguments): \(captured.standardError)")
            #expect(captured.standardError.filter { $0 == "\n" }.count == 1, "\(arguments)")
            #expect(captured.standardOutput.isEmpty)
        }
    }

    @Test func badFilesExit1NamingTheFileAndPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hashlife-test-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.rle").path
        try "x = 3, y = 3\nbo$2bq$3o!\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let malformed = hashlife("run", bad, "--gen", "1")
        #expect(malformed.status == 1)
        #expect(malformed.err.hasPrefix("hashlife: \(bad):2:"))
        let missing = hashlife("run", folder.appendingPathComponent("nope.rle").path, "--gen", "1")
        #expect(missing.status == 1)
        #expect(missing.err.contains("nope.rle") && missing.err.contains("No such file"))
        let badRule = folder.appendingPathComponent("rule.rle").path
        try "x = 1, y = 1, rule = B3/S2z\no!\n".write(toFile: badRule, atomically: true, encoding: .utf8)
        let ruled = hashlife("run", badRule, "--gen", "1")
        #expect(ruled.status == 1 && ruled.err.contains("rule.rle") && ruled.err.contains("B3/S2z"))
    }

    @Test func generationBeforeTheFilesStartIsAnError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hashlife-test-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let later = folder.appendingPathComponent("later.rle").path
        try "#CXRLE Pos=0,0 Gen=100\nx = 3, y = 1\n3o!\n".write(toFile: later, atomically: true, encoding: .utf8)
        #expect(hashlife("run", later, "--gen", "101").out == "101: 3\n")
        let early = hashlife("run", later, "--gen", "99")
        #expect(early.status == 1 && early.err.contains("generation 100"))
    }

    @Test func helpShowsSectionsAndExitsZero() {
        let root = hashlife("help")
        #expect(root.status == 0 && root.out.contains("SUBCOMMANDS:") && root.out.contains("run"))
        let run = hashlife("run", "--help")
        #expect(run.status == 0)
        for section in ["OVERVIEW:", "USAGE: hashlife run", "ARGUMENTS:", "OPTIONS:", "--gen <N>", "EXAMPLES:"] {
            #expect(run.out.contains(section), "missing \(section)")
        }
        #expect(hashlife("help", "run").out == run.out)
    }

    @Test(.enabled(if: builtHashlife != nil, "the hashlife executable has not been built (swift build)"))
    func builtBinaryRunsAndExitsWithStatus() throws {
        let binary = try #require(builtHashlife)
        func launch(_ arguments: [String]) throws -> (Int32, String, String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
        }
        let ok = try launch(["run", glider, "--gen", "4"])
        #expect(ok.0 == 0 && ok.1 == "4: 5\n")
        let usage = try launch(["run", glider])
        #expect(usage.0 == 64 && usage.2.contains("--gen"))
    }
}
