import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeFormats
import HashlifeTestSupport

/// `hashlife rules list|show|install`: the rule files rule names resolve to.
@Suite struct RulesCommandTests {
    static let wireWorld = Fixtures.pattern("wireworld/WireWorld.rule")

    /// `hashlife` with the user's data folder at `data` (where `install` writes).
    func hashlife(data: String, _ arguments: String...) -> (status: Int32, out: String, err: String) {
        let captured = Captured()
        var context = captured.context
        context.environment = ["XDG_DATA_HOME": data, "HOME": data]
        let status = HashlifeCommand.run(arguments, context: context)
        return (status, captured.standardOutput, captured.standardError)
    }

    @Test func installCopiesARuleFileAndNamesThenFindIt() throws {
        let data = ScratchFolder.make("rules-data")
        let installed = hashlife(data: data, "rules", "install", Self.wireWorld)
        #expect(installed.status == 0, "\(installed.err)")
        #expect(installed.out == "installed WireWorld.rule in \(data)/hashlife/rules\n")
        #expect(try FileIO.read(data + "/hashlife/rules/WireWorld.rule") == FileIO.read(Self.wireWorld))
        let listed = hashlife(data: data, "rules", "list")
        #expect(listed.out.contains("\(data)/hashlife/rules\n  WireWorld  4 states\n"), "\(listed.out)")
        let shown = hashlife(data: data, "rules", "show", "WireWorld")
        #expect(shown.status == 0, "\(shown.err)")
        #expect(shown.out.contains("file:          \(data)/hashlife/rules/WireWorld.rule"))
        #expect(shown.out.contains("states:        4"))
        #expect(shown.out.contains("neighbourhood: Moore (@TABLE)"))
        #expect(shown.out.split(separator: "\n").filter { $0.contains(": #") }.count == 4, "one line a state with its colour")
        // The installed rule runs a pattern that names it, from anywhere.
        let pattern = ScratchFolder.make("rules-pattern") + "/wire.rle"
        try Data("x = 3, y = 1, rule = WireWorld\nBCC!\n".utf8).write(to: URL(fileURLWithPath: pattern))
        #expect(hashlife(data: data, "run", pattern, "--gen", "1").out == "1: 3\n")
    }

    @Test func installTakesEveryRuleFileOfAnArchiveAndRefusesABadOne() throws {
        let data = ScratchFolder.make("rules-zip")
        let rule = String(decoding: try FileIO.read(Self.wireWorld), as: UTF8.self)
        let archive = ScratchFolder.make("rules-archive") + "/rules.zip"
        try Data(ZipBuilder.archive([.init("deep/folder/Wire.rule", rule), .init("notes.txt", "hello\n"),
                                     .init("Other.rule", rule.replacing("@RULE WireWorld", with: "@RULE Other"))]))
            .write(to: URL(fileURLWithPath: archive))
        let result = hashlife(data: data, "rules", "install", archive)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "installed Wire.rule in \(data)/hashlife/rules\ninstalled Other.rule in \(data)/hashlife/rules\n")
        let bad = ScratchFolder.make("rules-bad") + "/Bad.rule"
        try Data("@RULE Bad\n@TABLE\nn_states:2\nneighborhood:Nowhere\n".utf8).write(to: URL(fileURLWithPath: bad))
        let refused = hashlife(data: data, "rules", "install", bad)
        #expect(refused.status == 1)
        #expect(refused.err.contains("Bad.rule") && refused.err.contains("Nowhere"), "\(refused.err)")
        #expect(!FileManager.default.fileExists(atPath: data + "/hashlife/rules/Bad.rule"))
    }

    @Test func showNamesEveryFolderSearchedWhenTheRuleIsNowhere() {
        let data = ScratchFolder.make("rules-none")
        let result = hashlife(data: data, "rules", "show", "NoSuchRuleAnywhere")
        #expect(result.status == 1)
        #expect(result.err.contains("NoSuchRuleAnywhere") && result.err.contains("\(data)/hashlife/rules"), "\(result.err)")
        let usage = hashlife(data: data, "rules", "frobnicate")
        #expect(usage.status == 64)
        #expect(usage.err.contains("expected list, show or install"))
    }
}
