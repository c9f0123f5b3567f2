import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// ZIP archives: the central directory, stored and deflated entries, damage reported, and
/// patterns opened inside archives as Golly's Patterns folder ships them.
@Suite struct ZipArchiveTests {
    static let glider = "#N glider\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n"
    static let blinker = "x = 3, y = 1\n3o!\n"

    func write(_ entries: [ZipBuilder.Entry], name: String = "archive.zip") throws -> String {
        let path = ScratchFolder.make("zip") + "/" + name
        try FileIO.writeAtomically(ZipBuilder.archive(entries), to: path)
        return path
    }

    @Test func storedAndDeflatedEntriesReadBackWhole() throws {
        let long = String(repeating: Self.glider, count: 200)
        let bytes = ZipBuilder.archive([.init("a.rle", Self.glider, deflated: false), .init("folder/b c.rle", long)])
        let archive = try ZipArchive(bytes: bytes)
        #expect(archive.entries.map(\.name) == ["a.rle", "folder/b c.rle"])
        #expect(archive.entries.map(\.method) == [0, 8])
        #expect(archive.entries[1].compressedSize < archive.entries[1].size)
        #expect(try archive.contents(of: archive.entries[0], limit: 1 << 20) == Array(Self.glider.utf8))
        #expect(try archive.contents(of: archive.entries[1], limit: 1 << 20) == Array(long.utf8))
        #expect(throws: ZipError.self) { try archive.contents(of: archive.entries[1], limit: 100) }
    }

    @Test func damageIsAClearError() throws {
        let bytes = ZipBuilder.archive([.init("a.rle", String(repeating: Self.glider, count: 50))])
        func message(_ body: () throws -> Void) -> String {
            do { try body(); return "" } catch { return (error as? ZipError)?.message ?? "\(error)" }
        }
        #expect(message { _ = try ZipArchive(bytes: Array(bytes.prefix(bytes.count - 30))) }.contains("no end of central directory"))
        #expect(message { _ = try ZipArchive(bytes: Array("just text, no archive".utf8)) }.contains("not a ZIP archive"))
        // The data cut short, the directory kept: the entry runs past its archive.
        var cut = try ZipArchive(bytes: bytes)
        let entry = cut.entries[0]
        var damaged = bytes
        damaged[40] ^= 0xFF
        cut = try ZipArchive(bytes: damaged)
        #expect(message { _ = try cut.contents(of: entry, limit: 1 << 20) }.contains("damaged archive"))
    }

    @Test func entriesAreSortedAsGollySortsThem() {
        let kinds = ["__MACOSX/", "__MACOSX/._Primer.rule", "._x.rle", "Primer.rule", "init.lua", "make.py", "README",
                     "notes.txt", "old.table", "Calcyman-primer.rle", "Flow6/Demo/Arm Mechanics.mc", "big.mc.gz",
                     "NoTimeAtAll.ruel", "folder/"].map { ArchiveEntryKind(entryName: $0)?.rawValue ?? "-" }
        #expect(kinds == ["-", "-", "-", "rule", "script", "script", "note", "note", "ignored", "pattern", "pattern",
                          "pattern", "other", "-"])
    }

    @Test func anArchiveOfOnePatternOpensAsThatPatternAndAnEntryByItsName() throws {
        let path = try write([.init("Life.rule", "@RULE Life\n"), .init("init.lua", "-- a script\n"),
                              .init("in a folder/glider.rle", Self.glider)])
        let whole = try PatternCodec.readAny(path: path, label: path, limit: 1 << 26)
        guard case .twoState(let decoded) = whole else { Issue.record("not two-state"); return }
        #expect(decoded.document.name == "glider")
        #expect(decoded.document.cells.count == 5)
        let inner = path + ":in a folder/glider.rle"
        guard case .twoState(let named) = try PatternCodec.readAny(path: inner, label: inner, limit: 1 << 26) else {
            Issue.record("not two-state"); return
        }
        #expect(named.document.cells.count == 5)
    }

    @Test func anArchiveOfSeveralPatternsOrNoneAsksWhichAndNamesThem() throws {
        let several = try write([.init("one.rle", Self.glider), .init("two.rle", Self.blinker)], name: "several.zip")
        #expect {
            try PatternCodec.readAny(path: several, label: several, limit: 1 << 26)
        } throws: { error in
            guard case .archivePatterns(let file, let patterns)? = error as? PatternReadError else { return false }
            return file == several && patterns == ["one.rle", "two.rle"]
                && (error as! PatternReadError).description.contains("\(several):two.rle")
        }
        let none = try write([.init("script.lua", "-- nothing\n")], name: "none.zip")
        #expect {
            try PatternCodec.readAny(path: none, label: none, limit: 1 << 26)
        } throws: { error in
            "\(error)".contains("holds no pattern")
        }
        let missing = several + ":three.rle"
        #expect {
            try PatternCodec.readAny(path: missing, label: missing, limit: 1 << 26)
        } throws: { error in
            guard case .archive(let file, let zip)? = error as? PatternReadError else { return false }
            return file == several && zip.message.contains("no entry \"three.rle\"")
        }
    }

    @Test func anEntrysErrorsNameTheArchiveAndTheEntry() throws {
        let path = try write([.init("bad.rle", "x = 3, y = 1\n3q!\n")], name: "bad.zip")
        #expect {
            try PatternCodec.readAny(path: path, label: path, limit: 1 << 26)
        } throws: { error in
            guard case .syntax(let located)? = error as? PatternReadError else { return false }
            return located.file == path + ":bad.rle" && located.line == 2
        }
    }

    @Test func anArchivesOwnRuleFilesComeAheadOfEveryFolder() throws {
        // A two-state rule file of our own, named as no folder names a rule: B3/S23 as a table.
        let rule = "@RULE ArchiveLife\n@TABLE\nn_states:2\nneighborhood:Moore\nsymmetries:permute\n"
            + "0,1,1,1,0,0,0,0,0,1\n1,1,1,0,0,0,0,0,0,1\n1,1,1,1,0,0,0,0,0,1\n"
            + "var a={0,1}\nvar b={0,1}\nvar c={0,1}\nvar d={0,1}\nvar e={0,1}\nvar f={0,1}\nvar g={0,1}\nvar h={0,1}\nvar i={0,1}\n"
            + "a,b,c,d,e,f,g,h,i,0\n"
        let path = try write([.init("rules/ArchiveLife.rule", rule), .init("glider.rle", "x = 3, y = 3, rule = ArchiveLife\nbo$2bo$3o!\n")],
                             name: "with-rule.zip")
        let universe = try PatternCodec.readAny(path: path, label: path, limit: 1 << 26).universe()
        #expect(universe.anyRule.description == "ArchiveLife")
        try universe.step(by: BigUInt(8))
        #expect(universe.population == BigUInt(5), "a glider under the archive's Life table")
    }

    /// Golly's archives all open: listed, and their patterns named.
    @Test(.enabled(if: Fixtures.shared != nil, "../shared is absent: it holds Golly's Patterns folder"))
    func gollysArchivesOpen() throws {
        let archives = ["Life/Signal-Circuitry/h-to-h-collection-26Aug2017.zip", "WireWorld/Langtons-ant.zip",
                        "Other-Rules/animated-pixel-art-sample.zip", "Other-Rules/calcyman-primer.zip",
                        "Other-Rules/factorize-84.zip", "Other-Rules/dragon-curve-generator.zip",
                        "Other-Rules/NoTimeAtAll-demo.zip", "Self-Rep/JvN/CY_Lee_computer.zip", "Self-Rep/Flow6/Flow6.zip",
                        "Self-Rep/Devore/Mahler-rep.zip", "Non-Totalistic/Spaceships/unit-fraction-orthogonal-spaceships.zip"]
        for name in archives {
            let archive = try PatternArchive(path: try #require(Oracle.path(name)), limit: 1 << 28)
            #expect(!archive.listed.isEmpty, "\(name)")
            for entry in archive.listed.map(\.entry) {
                _ = try archive.archive.contents(of: entry, limit: 1 << 28)
            }
        }
        // The archives of one pattern open as that pattern, under the rule the archive brings
        // (or a built-in one), with no rule folder given.
        let single: [(String, String)] = [("Life/Signal-Circuitry/h-to-h-collection-26Aug2017.zip", "LifeHistory"),
                                          ("Other-Rules/calcyman-primer.zip", "Primer"),
                                          ("Other-Rules/factorize-84.zip", "Factorizor"),
                                          ("Other-Rules/dragon-curve-generator.zip", "DragonCurve"),
                                          ("Other-Rules/animated-pixel-art-sample.zip", "AnimatedPixelArt"),
                                          ("Other-Rules/NoTimeAtAll-demo.zip", "NoTimeAtAll"),
                                          ("Self-Rep/JvN/CY_Lee_computer.zip", "JvN29")]
        for (name, rule) in single {
            let path = try #require(Oracle.path(name))
            let universe = try PatternCodec.readAny(path: path, label: path, limit: 1 << 28).universe(rule: nil, memoryLimit: 1 << 28, threads: 1)
            #expect(universe.anyRule.description.hasPrefix(rule), "\(name): \(universe.anyRule)")
            #expect(universe.population > .zero, "\(name)")
        }
    }
}
