import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

@Suite struct MacrocellTests {
    /// A glider as Golly writes it: one leaf under a level-4 node.
    static let glider = """
        [M2] (golly 4.2)
        #R B3/S23
        #G 12
        #N Glider
        #C comment one
        .*$..*$***$
        4 0 0 0 1
        """

    @Test func readsLeavesNodesAndMetadata() throws {
        let document = try MacrocellReader.read(Self.glider)
        #expect(document.rule == "B3/S23")
        #expect(document.generation == BigUInt(12))
        #expect(document.name == "Glider")
        #expect(document.comments == ["comment one"])
        #expect(document.tree == [.leaf(0b111_0000_0100_0000_0010), .node(level: 4, nw: 0, ne: 0, sw: 0, se: 1)])
        // The level-4 root spans x in [-8, 8), y in [-7, 8]: its se leaf starts at (0, 1).
        let universe = try Universe(document: document)
        #expect(universe.referenceCells == [ReferenceCell(x: 1, y: 1), ReferenceCell(x: 2, y: 2),
                                            ReferenceCell(x: 0, y: 3), ReferenceCell(x: 1, y: 3), ReferenceCell(x: 2, y: 3)])
        #expect(universe.generation == BigUInt(12))
    }

    @Test func positionsAgreeWithRLEPos() throws {
        // The same glider written as RLE at the position Golly gives the Macrocell one.
        let rle = try RLEReader.read("#CXRLE Pos=0,1\nx = 3, y = 3\nbo$2bo$3o!\n")
        let fromRLE = try Universe(document: rle)
        let fromMacrocell = try Universe(document: MacrocellReader.read(Self.glider))
        #expect(fromRLE.referenceCells == fromMacrocell.referenceCells)
        #expect(fromRLE.treeDefinitions() == fromMacrocell.treeDefinitions())
    }

    @Test func writesWhatItReads() throws {
        let universe = Fixtures.universe("gosper-glider-gun.rle")
        universe.step(by: BigUInt(1000))
        let text = MacrocellWriter.write(PatternDocument(treeOf: universe, name: "gun", comments: ["a", "b"]))
        #expect(text.hasPrefix("[M2] (hashlife \(HashlifeVersion.string))\n#R B3/S23\n#G 1000\n#N gun\n#C a\n#C b\n"))
        let back = try Universe(document: MacrocellReader.read(text))
        #expect(back.treeDefinitions() == universe.treeDefinitions())
        #expect(back.referenceCells == universe.referenceCells)
        #expect(back.generation == BigUInt(1000))
    }

    @Test func writingNeverExpandsCells() throws {
        // The gun at 2^100 has ~10^29 cells; its Macrocell file is a few hundred lines.
        let universe = Fixtures.universe("gosper-glider-gun.rle")
        universe.step(by: try BigUInt.parseCount("2^100"))
        let text = MacrocellWriter.write(PatternDocument(treeOf: universe))
        #expect(text.count < 100_000)
        let back = try Universe(document: MacrocellReader.read(text))
        #expect(back.population == universe.population)
        #expect(back.boundingBox == universe.boundingBox)
    }

    @Test func acceptsWindowsLineEndingsAndBlankLines() throws {
        let text = Self.glider.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n\r\n"
        #expect(try MacrocellReader.read(text).tree == MacrocellReader.read(Self.glider).tree)
    }

    @Test(arguments: [
        ("x = 3\n", 1, 1, "'[M2]'"),
        ("", 1, 1, "'[M2]'"),
        ("[M2]\n.*$\n4 0 0 0 2\n", 3, 9, "not defined yet"),
        ("[M2]\n.*$\n5 0 0 0 1\n", 3, 9, "level-3 node; a level-5 node needs level-4"),
        ("[M2]\n.*$\n3 0 0 0 1\n", 3, 1, "below 4"),
        ("[M2]\n.*$\n4 0 0 1\n", 3, 8, "four child numbers"),
        ("[M2]\n.*x$\n", 2, 3, "unexpected character 'x'"),
        ("[M2]\n.........$\n", 2, 9, "at most 8 cells"),
        ("[M2]\n$$$$$$$$*\n", 2, 9, "at most 8 rows"),
        ("[M2]\n4 0 0 0 abc\n", 2, 9, "unexpected character 'a'"),
        ("[M2]\n#G 12x\n", 2, 4, "generation"),
        ("[M2]\n.*$\n4 0 0 0 99999999999999999\n", 3, 9, "too large"),
    ])
    func malformedInputIsLocated(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        do {
            _ = try MacrocellReader.read(text)
            Issue.record("accepted: \(text.debugDescription)")
        } catch {
            #expect(error.line == line && error.column == column, "\(text.debugDescription): \(error)")
            #expect(error.message.contains(message), "\(text.debugDescription): \(error)")
        }
    }

    /// Every prefix, and thousands of random mutations, of a real Macrocell file give a
    /// document that loads or a located error: never a crash, never a hang.
    @Test func truncationsAndMutationsNeverCrash() throws {
        let universe = Fixtures.universe("gosper-glider-gun.rle")
        universe.step(by: BigUInt(300))
        let bytes = Array(MacrocellWriter.write(PatternDocument(treeOf: universe, name: "gun")).utf8)
        var outcomes = (loaded: 0, rejected: 0)
        func attempt(_ candidate: [UInt8]) {
            do {
                let document = try MacrocellReader.read(String(decoding: candidate, as: UTF8.self))
                _ = try Universe(document: document).population
                outcomes.loaded += 1
            } catch {
                outcomes.rejected += 1
            }
        }
        for end in 0...bytes.count { attempt(Array(bytes[..<end])) }
        var rng = SplitMix64(seed: 0xC0FFEE)
        let alphabet = Array("0123456789 .*$#\n[]M-x".utf8)
        for _ in 0..<3000 {
            var candidate = bytes
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at = Int.random(in: 0..<candidate.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: candidate[at] = alphabet.randomElement(using: &rng)!
                case 1: candidate.remove(at: at)
                default: candidate.insert(UInt8.random(in: 0...255, using: &rng), at: at)
                }
            }
            attempt(candidate)
        }
        #expect(outcomes.loaded > 100 && outcomes.rejected > 100)
    }
}

@Suite struct FormatDetectionTests {
    @Test func detectsByContentNotName() throws {
        let glider = Fixtures.universe("glider.rle")
        for format in [PatternFormat.rle, .macrocell, .plaintext, .life106] {
            for compressed in [false, true] {
                let bytes = try PatternCodec.encode(glider, as: format, compressed: compressed)
                // A misleading name must not matter.
                let decoded = try PatternCodec.decode(bytes, fileName: "misleading.rle")
                #expect(decoded.format == format && decoded.compressed == compressed)
                #expect(try Universe(document: decoded.document).referenceCells == glider.referenceCells, "\(format)")
            }
        }
        #expect(try PatternCodec.decode(Array("#Life 1.05\n#P 0 0\n.*\n".utf8)).format == .life105)
    }

    @Test func unknownContentFallsBackToTheNameThenFails() {
        #expect(throws: PatternReadError.unrecognised(file: "notes.txt")) {
            try PatternCodec.decode(Array("hello world\n".utf8), fileName: "notes.txt")
        }
    }

    @Test func corruptGzipIsAnErrorNamingTheFile() throws {
        var bytes = try PatternCodec.encode(Fixtures.universe("glider.rle"), as: .rle, compressed: true)
        bytes.removeLast(10)
        do {
            _ = try PatternCodec.decode(bytes, fileName: "glider.rle.gz")
            Issue.record("truncated gzip accepted")
        } catch {
            #expect(error.description.hasPrefix("glider.rle.gz: ") && error.description.contains("truncated"))
        }
    }

    @Test func outputFormatFollowsTheExtension() {
        #expect(PatternFormat(fileName: "a.RLE") == .rle)
        #expect(PatternFormat(fileName: "a.mc.gz") == .macrocell)
        #expect(PatternFormat(fileName: "dir.v2/a.cells") == .plaintext)
        #expect(PatternFormat(fileName: "a.lif") == .life106)
        #expect(PatternFormat(fileName: "a.txt") == nil && PatternFormat(fileName: "noext") == nil)
        #expect(PatternFormat.isCompressedName("x.mc.GZ"))
    }
}
