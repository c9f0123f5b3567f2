import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeTestSupport

/// The command line with B0, MAP and Wolfram rules: canonical text in the JSON, the `background`
/// field, the note on standard error at background 1 (the result line stays plain), and bad
/// rules refused (64 for arguments, 1 in files).
@Suite struct RuleFamilyCommandTests {
    let glider = Fixtures.pattern("glider.rle")

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func runReportsTheBackgroundOfB0Rules() throws {
        for (rule, generation, background) in [("B0134/S23", "1", 1), ("B0134/S23", "2", 0), ("B0/S8", "2", 1), ("B3/S23", "1", 0), ("W30", "3", 0)] {
            let result = hashlifeRun(["run", glider, "--gen", generation, "--rule", rule, "--json"])
            #expect(result.status == 0, "\(result.err)")
            let json = try object(result.out)
            #expect(json["background"] as? Int == background, "\(rule) at \(generation)")
            #expect(json["rule"] as? String == (try Rule(rule)).description)
            #expect(result.err.isEmpty, "\(rule) at \(generation): \(result.err)")
            // The result line is plain `N: POPULATION` for every rule; the note is its own line
            // on standard error.
            let population = try #require(json["population"] as? String)
            let text = hashlifeRun(["run", glider, "--gen", generation, "--rule", rule])
            #expect(text.status == 0)
            #expect(text.out == "\(generation): \(population)\n", "\(rule) at \(generation)")
            let note = "(background 1: cells that differ from an all-alive plane)\n"
            #expect(text.err == (background == 1 ? note : ""), "\(rule) at \(generation): \(text.err)")
        }
    }

    @Test func backgroundNoteFollowsTheResultLineWhenThePatternGoesToStandardOutput() {
        let result = hashlifeRun(["run", glider, "--gen", "1", "--rule", "B0134/S23", "--out", "-", "--format", "rle"])
        #expect(result.status == 0)
        #expect(result.out.contains("rule = B0134/S23") && !result.out.contains("background"), "\(result.out)")
        let lines = result.err.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[0].hasPrefix("1: ") && lines[1] == "(background 1: cells that differ from an all-alive plane)" && lines[2].isEmpty,
                "\(result.err)")
    }

    @Test func classifySaysWhatTheCellsAreRelativeToUnderB0() {
        let alternating = hashlifeRun(["classify", glider, "--rule", "B0134/S23"])
        #expect(alternating.out == "still life from generation 2\nnote: rule B0134/S23 has B0: the cells are counted as Golly shows them, relative to an all-alive plane at odd generations\n")
        let complement = hashlifeRun(["classify", Fixtures.pattern("block.rle"), "--rule", "B01245/S0123678"])
        #expect(complement.out.hasSuffix("relative to an all-alive plane (the dead cells)\n"), "\(complement.out)")
        #expect(!hashlifeRun(["classify", glider]).out.contains("note:"))
    }

    @Test func infoReportsTheBackground() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("b0.rle").path
        try "x = 3, y = 1, rule = b0_s8\n3o!\n".write(toFile: file, atomically: true, encoding: .utf8)
        let json = try object(hashlifeRun(["info", file, "--json"]).out)
        #expect(json["background"] as? Int == 1)
        #expect(json["rule"] as? String == "B0/S8")
        #expect(hashlifeRun(["info", file]).out.contains("background:  1"))
        let life = try object(hashlifeRun(["info", glider, "--json"]).out)
        #expect(life["background"] as? Int == 0)
        #expect(!hashlifeRun(["info", glider]).out.contains("background"))
    }

    @Test func badRulesInFilesExit1WithTheirPlace() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("w31.rle").path
        try "x = 1, y = 1, rule = W31\no!\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = hashlifeRun(["run", file, "--gen", "1"])
        #expect(result.status == 1)
        #expect(result.err.contains("w31.rle:1:22") && result.err.contains("odd"), "\(result.err)")
        #expect(result.err.filter { $0 == "\n" }.count == 1)
    }
}
