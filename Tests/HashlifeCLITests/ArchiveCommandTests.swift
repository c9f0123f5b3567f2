import Foundation
import Testing
import HashlifeFormats
import HashlifeTestSupport

/// The commands on ZIP archives and MCell files: `info` lists an archive, `run` opens its only
/// pattern or the entry named, and asks which when there are several.
@Suite struct ArchiveCommandTests {
    static let glider = "x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n"

    func archive(_ entries: [ZipBuilder.Entry], name: String) throws -> String {
        let path = ScratchFolder.make("archive-command") + "/" + name
        try Data(ZipBuilder.archive(entries)).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func infoListsEveryEntryWithItsKindAndExitsZeroEvenWithoutAPattern() throws {
        let path = try archive([.init("Demo/glider.rle", Self.glider), .init("Glider.rule", "@RULE Glider\n"),
                                .init("run me.lua", "-- a script\n"), .init("__MACOSX/._Glider.rule", "x")], name: "demo.zip")
        let result = hashlife("info", path)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("format:     ZIP archive"))
        #expect(result.out.contains("entries:    3 (1 pattern, 1 rule, 1 script)"))
        #expect(result.out.contains("pattern  Demo/glider.rle  \(Self.glider.utf8.count) bytes"))
        #expect(result.out.contains("script   run me.lua  12 bytes (not run)"))
        #expect(!result.out.contains("MACOSX"))
        let json = hashlife("info", path, "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "zip")
        let kinds = (object["entries"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }
        #expect(kinds == ["pattern", "rule", "script"])

        let scriptsOnly = try archive([.init("only.lua", "-- nothing\n")], name: "scripts.zip")
        let listed = hashlife("info", scriptsOnly)
        #expect(listed.status == 0, "\(listed.err)")
        #expect(listed.out.contains("entries:    1 (1 script)"))
    }

    @Test func runOpensTheOnlyPatternOrTheEntryNamed() throws {
        let path = try archive([.init("glider.rle", Self.glider), .init("notes.txt", "hello\n")], name: "one.zip")
        let whole = hashlife("run", path, "--gen", "4")
        #expect(whole.status == 0, "\(whole.err)")
        #expect(whole.out == "4: 5\n")
        let several = try archive([.init("a/glider.rle", Self.glider), .init("b/blinker.rle", "x = 3, y = 1\n3o!\n")],
                                  name: "two patterns.zip")
        let named = hashlife("run", several + ":b/blinker.rle", "--gen", "1")
        #expect(named.status == 0, "\(named.err)")
        #expect(named.out == "1: 3\n")
        let ambiguous = hashlife("run", several, "--gen", "1")
        #expect(ambiguous.status == 64)
        #expect(ambiguous.err.contains("holds 2 patterns"))
        #expect(ambiguous.err.contains("\(several):a/glider.rle") && ambiguous.err.contains("\(several):b/blinker.rle"))
    }

    @Test func aDamagedArchiveIsAClearErrorAndNothingIsPrinted() throws {
        let path = try archive([.init("glider.rle", String(repeating: Self.glider, count: 20))], name: "cut.zip")
        let bytes = try FileIO.read(path)
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: path))
        let result = hashlife("run", path, "--gen", "1")
        #expect(result.status == 1)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("cut.zip") && result.err.contains("ZIP archive"))
    }

    @Test func anMCellFileRunsAsBgollyRunsIt() throws {
        // A glider in MCell's runs on a 20 × 20 torus: it keeps its five cells.
        let path = ScratchFolder.make("mcell-command") + "/glider.mcl"
        try Data("#MCell 4.20\n#GAME Life\n#GOLLY B3/S23\n#BOARD 20x20\n#WRAP 1\n#L .A$2.A$3A\n".utf8).write(to: URL(fileURLWithPath: path))
        let result = hashlife("run", path, "--gen", "80")
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "80: 5\n")
        let info = hashlife("info", path)
        #expect(info.out.contains("format:      MCell"))
        #expect(info.out.contains("rule:        B3/S23:T20,20"))
    }
}
