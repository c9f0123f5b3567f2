import Foundation
import HashlifeEngine
import HashlifeInterface
import HashlifeFormats
import HashlifeTestSupport
import Testing

/// A file in a fresh temporary folder holding `bytes`; the folder is removed by `cleanUp`.
private func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> String {
    let folder = NSTemporaryDirectory() + "hashlife-formats-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
}

private func cleanUp(_ path: String) {
    try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
}

/// Reads `bytes` from a file named `name` through the bounded reader.
private func readFile(_ name: String, _ bytes: [UInt8], limit: Int = 1 << 30) throws(PatternReadError) -> DecodedPattern {
    let path: String
    do { path = try temporaryFile(name, bytes) } catch { fatalError("cannot write a temporary file: \(error)") }
    defer { cleanUp(path) }
    return try PatternCodec.read(path: path, label: name, limit: limit)
}

/// The error `body` throws, or nil.
private func failure(_ body: () throws(PatternReadError) -> DecodedPattern) -> PatternReadError? {
    do { _ = try body(); return nil } catch { return error }
}

@Suite struct HostileCoordinateTests {
    @Test func life106CoordinatesBeyondIntLoadExactly() throws {
        let document = try Life106Reader.read("#Life 1.06\n0 9223372036854775807\n-5 3\n123456789012345678901234567890 -1\n")
        let universe = try Universe(document: document)
        #expect(universe.population == BigUInt(3))
        #expect(universe.cell(x: BigInt(0), y: BigInt(Int.max)))
        #expect(universe.cell(x: BigInt(BigUInt(decimal: "123456789012345678901234567890")!), y: BigInt(-1)))
        #expect(universe.cell(x: -5, y: 3))
        universe.step()  // three lone cells die; nothing traps
        #expect(universe.isEmpty)
    }

    @Test func life105BlocksBeyondIntLoadExactly() throws {
        let far = "-99999999999999999999999999"
        let document = try Life105Reader.read("#Life 1.05\n#P 2 3\n**\n#P \(far) 7\n*.*\n#P\n.*\n")
        let universe = try Universe(document: document)
        let x = BigInt(sign: true, magnitude: BigUInt(decimal: Substring(far.dropFirst()))!)
        #expect(universe.population == BigUInt(5))
        #expect(universe.cell(x: 2, y: 3) && universe.cell(x: 3, y: 3))
        #expect(universe.cell(x: x, y: BigInt(7)) && universe.cell(x: x + BigInt(2), y: BigInt(7)))
        #expect(universe.cell(x: x + BigInt(1), y: BigInt(8)))
    }

    @Test func coordinatesBeyondTheEnginesLimitAreRefusedByDigitCount() {
        let huge = String(repeating: "7", count: 100_000)
        expectError(.life106, "#Life 1.06\n1 -\(huge)\n", line: 2, column: 3, "(100000 digits) is beyond the engine's limit")
        expectError(.life105, "#Life 1.05\n#P \(huge) 0\n", line: 2, column: 4, "below 2^65000")
        expectError(.plaintext, "!Position: 0,\(huge)\nO\n", line: 1, column: 14, "below 2^65000")
        expectError(.plaintext, "!Generation: \(huge)\nO\n", line: 1, column: 14, "generations must be below 2^65001")
        expectError(.rle, "#CXRLE Pos=\(huge),0\nx = 1, y = 1\no!", line: 1, column: 12, "below 2^65000")
        expectError(.rle, "#CXRLE Gen=\(huge)\nx = 1, y = 1\no!", line: 1, column: 12, "generations must be below 2^65001")
        // A number just below the limit is fine: 2^65000 - 1 as a coordinate.
        let justBelow = (BigUInt.powerOfTwo(65_000) - BigUInt(1)).description
        #expect(throws: Never.self) { try Life106Reader.read("#Life 1.06\n\(justBelow) 0\n") }
        let atLimit = BigUInt.powerOfTwo(65_000).description
        expectError(.life106, "#Life 1.06\n\(atLimit) 0\n", line: 2, column: 1, "below 2^65000")
    }

    @Test func hugeNumbersAreRefusedQuickly() {
        // 100,000 digits must be refused by their count, not parsed (a quadratic parse, then a
        // tree of 330,000 levels, would take seconds).
        let clock = ContinuousClock()
        let start = clock.now
        expectError(.rle, "#CXRLE Pos=\(String(repeating: "1", count: 1_000_000)),0\nx = 1, y = 1\no!", line: 1, column: 12, "limit")
        #expect(clock.now - start < .seconds(5))
    }

    @Test func macrocellLimitsNameTheLimit() {
        do {
            _ = try MacrocellReader.read("[M2]\n.*$\n70000 0 0 0 1\n")
            Issue.record("accepted")
        } catch {
            #expect(error.message.contains("above the engine's limit of level 65000"), "\(error)")
        }
        do {
            _ = try MacrocellReader.read("[M2]\n#G \(String(repeating: "9", count: 30_000))\n.*$\n")
            Issue.record("accepted")
        } catch {
            #expect(error.line == 2 && error.column == 4 && error.message.contains("below 2^65001"), "\(error)")
        }
    }

    @Test func aMacrocellLeafRootLoadsWhereGollyPutsIt() throws {
        // Golly's readmacrocell centres a leaf root in a 16×16 node: its top-left is (-4, -3).
        let document = try MacrocellReader.read("[M2] (x)\n#R B3/S23\n$$$$$$$.*$\n")
        let universe = try Universe(document: document)
        #expect(universe.population == BigUInt(1))
        #expect(universe.cell(x: -3, y: 4))
        // The same cell written at level 4 (a leaf in the south-west quadrant, at (5, 3) in it).
        let level4 = try Universe(document: MacrocellReader.read("[M2]\n$$$.....*$\n4 0 0 1 0\n"))
        #expect(level4.referenceCells == universe.referenceCells)
    }
}

@Suite struct BoundedReadingTests {
    @Test func aNullStreamIsRefusedAtOnce() throws {
        // /dev/zero never ends: the first chunk shows it is no pattern.
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: PatternReadError.unrecognised(file: "zero")) {
            try PatternCodec.read(path: "/dev/zero", label: "zero", limit: 1 << 30)
        }
        #expect(clock.now - start < .seconds(5))
    }

    @Test func anEndlessValidLookingStreamStopsAtTheLimit() throws {
        // A pipe that sends a header and then live cells forever.
        let fds = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
        defer { fds.deallocate() }
        #expect(pipe(fds) == 0)
        let (readEnd, writeEnd) = (fds[0], fds[1])
        let writer = Thread {
            let header = Array("x = 1, y = 1\n".utf8), body = [UInt8](repeating: UInt8(ascii: "o"), count: 1 << 16)
            _ = header.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            while body.withUnsafeBytes({ write(writeEnd, $0.baseAddress, $0.count) }) > 0 {}
            close(writeEnd)
        }
        signal(SIGPIPE, SIG_IGN)
        writer.start()
        let error = failure { () throws(PatternReadError) in
            try PatternCodec.read(path: "/dev/fd/\(readEnd)", label: "pipe", limit: 4 << 20)
        }
        close(readEnd)
        #expect(error == .tooLarge(file: "pipe", limit: 4 << 20, compressed: false))
        #expect(error?.description.contains("larger than 1 MiB, what the memory limit of 4 MiB allows") == true)
        #expect(error?.description.contains("--max-memory") == true)
    }

    @Test func aGzipBombStopsAtTheLimit() throws {
        // 16 MiB of dead cells (plus a header), about 16 KiB compressed, read with a 1 MiB limit.
        var text = Array("x = 1, y = 1\n".utf8)
        text += [UInt8](repeating: UInt8(ascii: "b"), count: 16 << 20)
        let bomb = Gzip.compress(text, level: 9)
        #expect(bomb.count < 1 << 20)
        let error = failure { () throws(PatternReadError) in try readFile("bomb.rle.gz", bomb, limit: 1 << 20) }
        #expect(error == .tooLarge(file: "bomb.rle.gz", limit: 1 << 20, compressed: true))
        #expect(error?.description.contains("decompressed") == true)
        // Under a larger limit it loads (an empty pattern: 16 Mi dead cells).
        let read = try readFile("bomb.rle.gz", bomb, limit: 128 << 20)
        #expect(read.compressed && read.document.cells.isEmpty)
    }

    @Test func truncatedGzipSaysSo() throws {
        let bytes = try PatternCodec.encode(Fixtures.universe("gosper-glider-gun.rle"), as: .rle, compressed: true)
        // 10 bytes are the member's header alone: no text came out, and still the stream is
        // what is wrong, not an empty input.
        for cut in [bytes.count - 1, bytes.count - 8, bytes.count / 2, 12, 10, 2] {
            let error = failure { () throws(PatternReadError) in try readFile("gun.rle.gz", Array(bytes[..<cut])) }
            #expect(error?.description == "gun.rle.gz: truncated gzip data at byte \(cut)", "cut at \(cut): \(String(describing: error))")
        }
    }

    @Test func plainTextLongerThanTheLimitIsRefused() throws {
        let text = Array("x = 3, y = 1\n".utf8) + [UInt8](repeating: UInt8(ascii: "o"), count: 2_000_000) + Array("!\n".utf8)
        #expect(failure { () throws(PatternReadError) in try readFile("long.rle", text, limit: 4 << 20) }
                == .tooLarge(file: "long.rle", limit: 4 << 20, compressed: false), "2 MB is more than a quarter of 4 MiB")
        let read = try readFile("long.rle", text, limit: 16 << 20)
        #expect(try Universe(document: read.document).population == BigUInt(2_000_000))
    }

    /// One rule for empty input: nothing or only white space is no pattern, in every format
    /// (a 0-byte .cells is an error as a 0-byte .rle is, not an empty pattern).
    @Test(arguments: ["a.rle", "a.cells", "a.lif", "a.mc", "a.rle.gz", "noextension"])
    func emptyInputIsAnErrorInEveryFormat(_ name: String) throws {
        for content in ["", "\n\n", "  \t\r\n  "] {
            var bytes = Array(content.utf8)
            if name.hasSuffix(".gz") { bytes = Gzip.compress(bytes) }
            #expect(failure { () throws(PatternReadError) in try readFile(name, bytes) } == .empty(file: name), "\(content.debugDescription)")
            #expect(throws: PatternReadError.empty(file: name)) { try PatternCodec.decode(bytes, fileName: name) }
        }
    }

    @Test func headersAloneAreEmptyPatterns() throws {
        for (name, text) in [("a.lif", "#Life 1.06\n"), ("a.mc", "[M2] (golly)\n"), ("a.rle", "x = 0, y = 0\n!\n"),
                             ("a.cells", "!Name: nothing\n")] {
            let read = try readFile(name, Array(text.utf8))
            #expect(try Universe(document: read.document).isEmpty, "\(name)")
        }
    }

    @Test func commentsBeyondTheFirstChunkStillDecideTheFormat() throws {
        let text = String(repeating: "#C a long comment line that goes on for a while\n", count: 3_000) + "x = 1, y = 1\no!\n"
        let read = try readFile("stdin", Array(text.utf8))
        #expect(read.format == .rle && read.document.cells == [PatternCell(x: 0, y: 0)])
    }

    @Test func aNamedFormatLocatesGarbageWithoutReadingEverything() throws {
        let bytes = Array("hello\n".utf8) + [UInt8](repeating: 0, count: 1 << 20)
        let error = failure { () throws(PatternReadError) in try readFile("junk.rle", bytes) }
        #expect(error?.description.hasPrefix("junk.rle:1:1: expected a header line") == true, "\(String(describing: error))")
    }
}

@Suite struct RuleErrorsInFilesTests {
    @Test func ruleErrorsAreLocatedInTheFile() throws {
        let cases: [(String, String, String)] = [
            ("a.rle", "x = 1, y = 1, rule = B3/S23/G3\nB!\n", "a.rle: the rule 23/3/3 has cells of more than two states"),
            ("a.rle", "#r B9/S23\nx = 1, y = 1\no!\n", "a.rle:1:5: rule \"B9/S23\": unexpected character '9'"),
            ("a.mc", "[M2]\n#R 23/3/4\n.*$\n", "a.mc:3:1: expected a node"),
            ("a.cells", "!Rule: B3/S23:T0,0\nO\n", "a.cells:1:8: rule \"B3/S23:T0,0\": a grid needs a width or a height above 0"),
            ("a.lif", "#Life 1.06\n#R bogus\n0 0\n", "a.lif:2:4: rule \"bogus\": unknown rule name"),
            ("b.lif", "#Life 1.05\n#R 23/3/G4\n*\n", "b.lif:2:4: rule \"23/3/G4\": multi-state"),
        ]
        for (name, text, expected) in cases {
            let error = failure { () throws(PatternReadError) in try readFile(name, Array(text.utf8)) }
            #expect(error?.description.hasPrefix(expected) == true, "\(name): \(String(describing: error))")
        }
        // A rule the command replaces is not checked: a multi-state file whose cells are all in
        // state 1 is read as two-state cells.
        let path = try temporaryFile("a.rle", Array("x = 1, y = 1, rule = B3/S23/G3\no!\n".utf8))
        defer { cleanUp(path) }
        let replaced = try PatternCodec.read(path: path, label: "a.rle", limit: 1 << 20, checkingRule: false)
        #expect(replaced.document.cells == [PatternCell(x: 0, y: 0)] && replaced.document.rule == nil)
    }

    @Test func anUnknownRuleIsReportedBeforeTheCellsItWouldExplain() throws {
        // States A, B, C are not two-state cells; the rule is what is unknown (no folder
        // searched has NoSuchRule.rule, whatever rule files the machine has).
        for body in ["ABC!", "3A!", "oBo!", "bo$2C!"] {
            let error = failure { () throws(PatternReadError) in
                try readFile("wire.rle", Array("x = 3, y = 2, rule = NoSuchRule\n\(body)\n".utf8))
            }
            #expect(error?.description.hasPrefix("wire.rle:1:21: rule \"NoSuchRule\" not found: no built-in rule and no \"NoSuchRule.rule\"") == true,
                    "\(body): \(String(describing: error))")
        }
        // A known rule: the cells are what is wrong.
        let cells = failure { () throws(PatternReadError) in try readFile("a.rle", Array("x = 3, y = 1, rule = B3/S23\nABC!\n".utf8)) }
        #expect(cells?.description.hasPrefix("a.rle:2:2: multi-state cells are not supported (found 'B')") == true, "\(String(describing: cells))")
        // A rule the caller replaces is not checked: the cells are what is wrong.
        let path = try temporaryFile("wire.rle", Array("x = 3, y = 1, rule = NoSuchRule\nABC!\n".utf8))
        defer { cleanUp(path) }
        do {
            _ = try PatternCodec.read(path: path, label: "wire.rle", limit: 1 << 20, checkingRule: false)
            Issue.record("cells B and C were accepted")
        } catch {
            #expect(error.description.contains("multi-state cells are not supported (found 'B')"), "\(error)")
        }
    }

    @Test func errorsQuoteAShortEscapedExcerpt() throws {
        let long = "B3/S23" + String(repeating: "x", count: 1_000_000)
        let error = failure { () throws(PatternReadError) in
            try readFile("a.rle", Array("x = 1, y = 1, rule = \(long)\no!\n".utf8))
        }
        let message = error?.description ?? ""
        #expect(message.count < 300 && message.contains("…"), "\(message.prefix(300))")
        let withNul = failure { () throws(PatternReadError) in
            try readFile("b.rle", Array("x = 1, y = 1, rule = B3\u{0}\u{7}/S23\no!\n".utf8))
        }
        let text = withNul?.description ?? ""
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 } && text.contains("\\u{0}"), "\(text.debugDescription)")
        // Macrocell quotes a character, not a line.
        do {
            _ = try MacrocellReader.read("[M2]\n.\u{0}$\n")
            Issue.record("accepted")
        } catch {
            #expect(error.message.contains("'\\u{0}'"), "\(error)")
        }
    }
}


@Suite struct CutShortFileTests {
    /// Six rows of a nine-row header, the last line ending without '!'.
    static let cut = "#N Cut short\nx = 3, y = 9, rule = B3/S23\nbo$2bo$3o$\nbo$2bo$3o\n"

    @Test func anRLEWithoutItsBangLoadsWithAWarningNamingFileLineAndWhatIsMissing() throws {
        let read = try readFile("cut.rle", Array(CutShortFileTests.cut.utf8))
        #expect(read.document.cells.count == 10 && read.document.name == "Cut short")
        #expect(read.warnings == [PatternWarning(file: "cut.rle", line: 4, message: "the file may be cut short: header says 9 rows, found 6, no '!'")])
        #expect(read.warnings.first?.description == "warning: cut.rle:4: the file may be cut short: header says 9 rows, found 6, no '!'")
        // Gzip-compressed, the same.
        let compressed = try readFile("cut.rle.gz", Gzip.compress(Array(CutShortFileTests.cut.utf8)))
        #expect(compressed.warnings.map(\.description) == ["warning: cut.rle.gz:4: the file may be cut short: header says 9 rows, found 6, no '!'"])
    }

    @Test func rowsAreCountedAsTheBodyReachesThem() throws {
        let cases: [(String, String)] = [
            ("x = 3, y = 1\n3o\n", "header says 1 row, found 1, no '!'"),
            ("x = 3, y = 5\n3o2$\n", "header says 5 rows, found 2, no '!'"),
            ("x = 3, y = 5\n3o2$b\n\n\n", "header says 5 rows, found 3, no '!'"),
            ("x = 0, y = 0\n", "header says 0 rows, found 0, no '!'"),
        ]
        for (text, fragment) in cases {
            var warnings: [PatternWarning] = []
            _ = try RLEReader.read(text, warnings: &warnings)
            #expect(warnings.count == 1 && warnings[0].message.hasSuffix(fragment), "\(text.debugDescription): \(warnings)")
            #expect(warnings.first?.line == (text.hasPrefix("x = 0") ? 1 : 2), "\(text.debugDescription): \(warnings)")
        }
    }

    @Test func aWholeFileHasNoWarning() throws {
        var warnings: [PatternWarning] = []
        _ = try RLEReader.read("x = 3, y = 9\nbo$2bo$3o!\n", warnings: &warnings)
        _ = try RLEReader.read("x = 3, y = 3\nbo$2bo$3o!garbage", warnings: &warnings)
        _ = try MultiStateRLE.read("x = 2, y = 1, rule = LifeHistory\nAB!\n", warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        let read = try readFile("glider.rle", Array("x = 3, y = 3\nbo$2bo$3o!\n".utf8))
        #expect(read.warnings.isEmpty)
    }

    @Test func aMultiStateRLEWithoutItsBangLoadsWithAWarning() throws {
        let path = try temporaryFile("cut.rle", Array("x = 2, y = 4, rule = LifeHistory\nAB$\nBA\n".utf8))
        defer { cleanUp(path) }
        let loaded = try PatternCodec.readAny(path: path, label: "cut.rle", limit: 1 << 20)
        guard case .multiState(let decoded) = loaded else { Issue.record("read as two-state"); return }
        #expect(decoded.pattern.cells.count == 4)
        #expect(loaded.warnings.map(\.description) == ["warning: cut.rle:3: the file may be cut short: header says 4 rows, found 2, no '!'"])
    }
}

/// Golly ships scripts and 3D patterns beside its patterns: each says what it is.
@Suite struct NonPatternFileTests {
    @Test(arguments: [
        ("p59-glider-loop.lua", "-- a Golly script\nlocal g = golly()\n", "a Golly script, not a pattern"),
        ("oscar.py", "import golly as g\n", "a Golly script, not a pattern"),
        ("tree.rle3", "3D version=1 size=50 pos=19,14,19\n#N tree\nx=3,y=3,z=3\n", "a three-dimensional pattern"),
    ])
    func scriptsAndThreeDimensionalPatternsSayWhatTheyAre(name: String, text: String, says: String) throws {
        do {
            _ = try readFile(name, Array(text.utf8))
            Issue.record("\(name) was read as a pattern")
        } catch {
            #expect(error == .unrecognised(file: name))
            #expect(error.description.hasPrefix("\(name): \(says)"), "\(error.description)")
        }
    }
}
