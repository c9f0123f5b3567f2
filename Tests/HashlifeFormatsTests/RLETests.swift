import Foundation
import HashlifeEngine
import HashlifeFormats
import Testing
import HashlifeTestSupport

// MARK: Helpers

private func cells(_ pairs: [(Int, Int)]) -> [PatternCell] {
    pairs.map { PatternCell(x: $0.0, y: $0.1) }
}

private let gliderCells = cells([(1, 0), (2, 1), (0, 2), (1, 2), (2, 2)])



/// The shipped pattern files: `patterns/*.rle` at the package root.
private func patternFiles() throws -> [(name: String, bytes: [UInt8])] {
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let directory = root.appendingPathComponent("patterns")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasSuffix(".rle") }.sorted()
    return try names.map { name in
        (name, [UInt8](try Data(contentsOf: directory.appendingPathComponent(name))))
    }
}

// MARK: Reading

@Suite struct RLEReaderTests {
    @Test func readsTheGlider() throws {
        let document = try RLEReader.read("x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n")
        #expect(document.cells == gliderCells)  // row-major order
        #expect(document.width == 3 && document.height == 3)
        #expect(document.rule == "B3/S23")
        #expect(document.originX == .zero && document.originY == .zero && document.generation == .zero)
        #expect(document.name == nil && document.author == nil && document.comments.isEmpty)
    }

    @Test func readsMetadataLines() throws {
        let text = """
            #N Glider
            #O Richard K. Guy (1970)
            #C first comment
            #c  indented second
            #C
            #P 10 20
            #CXRLE Pos=3,4
            x = 3, y = 3
            bo$2bo$3o!
            """
        let document = try RLEReader.read(text)
        #expect(document.name == "Glider")
        #expect(document.author == "Richard K. Guy (1970)")
        #expect(document.comments == ["first comment", " indented second", ""])
        #expect(document.rule == nil)
        #expect(document.originX == BigInt(3) && document.originY == BigInt(4))
        #expect(document.cells == gliderCells)
    }

    @Test func readsRuleFromHashRLine() throws {
        let document = try RLEReader.read("#r B36/S23\nx = 1, y = 1\no!")
        #expect(document.rule == "B36/S23")
        let overridden = try RLEReader.read("#r B36/S23\nx = 1, y = 1, rule = B3/S23\no!")
        #expect(overridden.rule == "B3/S23")
    }

    @Test func headerVariants() throws {
        let compact = try RLEReader.read("x=3,y=2,rule=B3/S23\n3o$3o!")
        #expect(compact.width == 3 && compact.height == 2 && compact.rule == "B3/S23")
        #expect(compact.cells.count == 6)
        let noRule = try RLEReader.read("x = 3, y = 2\n3o!")
        #expect(noRule.rule == nil)
        let bounded = try RLEReader.read("x = 3, y = 2, rule = B3/S23:T100,50\n3o!")
        #expect(bounded.rule == "B3/S23:T100,50")
        let trailingComma = try RLEReader.read("x = 3, y = 2, rule = B3/S23,\n3o!")
        #expect(trailingComma.rule == "B3/S23")
        let otherKey = try RLEReader.read("x = 3, y = 2, foo = 7, rule = Life\n3o!")
        #expect(otherKey.rule == "Life")
        let indented = try RLEReader.read("\n  \n\tx = 1 , y = 1\no!")
        #expect(indented.cells == cells([(0, 0)]))
        let huge = try RLEReader.read("x = 99999999999999999999999, y = 0\n!")
        #expect(huge.width == Int.max)
    }

    @Test func multiLineBody() throws {
        let document = try RLEReader.read("x = 3, y = 3\nbo$\n2bo\n$3o\n!\n")
        #expect(document.cells == gliderCells)
        // Whitespace and line breaks anywhere in the body, even inside a run count.
        let spaced = try RLEReader.read("x = 3, y = 3\n b o $ 2 b\to $\n1\n2b!")
        #expect(spaced.cells == cells([(1, 0), (2, 1)]))
    }

    @Test func blankRowsAndRunCountsBeforeDollar() throws {
        let document = try RLEReader.read("x = 1, y = 5\no2$o3$!")
        #expect(document.cells == cells([(0, 0), (0, 2)]))
        let wide = try RLEReader.read("x = 12, y = 1\n10bo!")
        #expect(wide.cells == cells([(10, 0)]))
    }

    @Test func alternativeCellSymbols() throws {
        let document = try RLEReader.read("x = 3, y = 3\n.A$2.A$3A!")
        #expect(document.cells == gliderCells)
    }

    @Test func windowsLineEndings() throws {
        let text = "#N Glider\r\n#C a comment\r\nx = 3, y = 3, rule = B3/S23\r\nbo$2bo$\r\n3o!\r\n"
        let document = try RLEReader.read(text)
        #expect(document.name == "Glider")
        #expect(document.comments == ["a comment"])
        #expect(document.rule == "B3/S23")
        #expect(document.cells == gliderCells)
        // Old Mac line endings (lone CR) too.
        let mac = try RLEReader.read("#N Glider\rx = 3, y = 3\rbo$2bo$3o!\r")
        #expect(mac.cells == gliderCells)
        #expect(mac.name == "Glider")
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let document = try RLEReader.read("\u{FEFF}x = 3, y = 3\nbo$2bo$3o!")
        #expect(document.cells == gliderCells)
        expectError(.rle, "\u{FEFF}bo!", line: 1, column: 1, "header")
    }

    @Test func extendedRLEPositionAndGeneration() throws {
        let both = try RLEReader.read("#CXRLE Pos=-5,7 Gen=1000\nx = 3, y = 3\nbo$2bo$3o!")
        #expect(both.originX == BigInt(-5) && both.originY == BigInt(7))
        #expect(both.generation == BigUInt(1000))
        #expect(both.comments.isEmpty)
        let reversed = try RLEReader.read("#CXRLE Gen=12 Pos=+4,-9\nx = 0, y = 0\n!")
        #expect(reversed.originX == BigInt(4) && reversed.originY == BigInt(-9))
        #expect(reversed.generation == BigUInt(12))
        let genOnly = try RLEReader.read("#CXRLE  Gen=3 Extra=stuff\nx = 0, y = 0\n!")
        #expect(genOnly.originX == .zero && genOnly.generation == BigUInt(3))
        let empty = try RLEReader.read("#CXRLE\nx = 0, y = 0\n!")
        #expect(empty.originX == .zero && empty.generation == .zero)
    }

    @Test func terminatorAndEndOfFile() throws {
        // Text after '!' is ignored, even if it is not RLE.
        let trailing = try RLEReader.read("x = 3, y = 3\nbo$2bo$3o!garbage$$ 12 #C not a comment\nzzz")
        #expect(trailing.cells == gliderCells)
        #expect(trailing.comments.isEmpty)
        // A missing '!' is accepted, as in Golly.
        let open = try RLEReader.read("x = 3, y = 3\nbo$2bo$3o\n")
        #expect(open.cells == gliderCells)
        // A run count right before '!' is harmless.
        let counted = try RLEReader.read("x = 3, y = 3\nbo$2bo$3o3!")
        #expect(counted.cells == gliderCells)
        // Header only: an empty pattern.
        let headerOnly = try RLEReader.read("x = 0, y = 0")
        #expect(headerOnly.cells.isEmpty)
    }

    @Test func commentLinesInsideTheBody() throws {
        let document = try RLEReader.read("x = 3, y = 3\nbo$\n#C between rows\n2bo$3o!")
        #expect(document.cells == gliderCells)
        #expect(document.comments == ["between rows"])
    }

    @Test func cellsOutsideTheHeaderAreKept() throws {
        let document = try RLEReader.read("x = 1, y = 1\n5o$$3bo12o!")
        #expect(document.width == 1 && document.height == 1)
        #expect(absolute(document) == positions([(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (3, 2)] + (4..<16).map { (BigInt($0), 2) }))
    }

    @Test func largeRunsAreNotExpandedWhenDead() throws {
        let document = try RLEReader.read("x = 1, y = 1\n1000000000b1000000000bo1000000000$o!")
        #expect(document.cells == cells([(2_000_000_000, 0), (0, 1_000_000_000)]))
    }
}

// MARK: Errors

@Suite struct RLEReaderErrorTests {
    @Test func missingHeader() {
        expectError(.rle, "", line: 1, column: 1, "header")
        expectError(.rle, "bo$2bo$3o!", line: 1, column: 1, "expected a header line `x = <width>, y = <height>`")
        expectError(.rle, "#N Glider\n\n  bo$2bo$3o!", line: 3, column: 3, "header")
        expectError(.rle, "#N Glider\n#C only comments\n", line: 3, column: 1, "header")
        expectError(.rle, "#N Glider", line: 1, column: 10, "end of the file")
    }

    @Test func malformedHeaders() {
        expectError(.rle, "x 3, y = 3\n!", line: 1, column: 3, "expected '=' after 'x'")
        expectError(.rle, "x = , y = 3\n!", line: 1, column: 5, "non-negative integer for x")
        expectError(.rle, "x = 3 y = 3\n!", line: 1, column: 7, "expected ','")
        expectError(.rle, "x = 3,\n!", line: 1, column: 7, "'y = <height>'")
        expectError(.rle, "x = 3, z = 3\n!", line: 1, column: 8, "'y = <height>'")
        expectError(.rle, "x = 3, y = -1\n!", line: 1, column: 12, "non-negative integer for y")
        expectError(.rle, "x = 3, y = 3 rule = B3/S23\n!", line: 1, column: 14, "expected ','")
        expectError(.rle, "x = 3, y = 3, rule =\n!", line: 1, column: 21, "expected a rule")
        expectError(.rle, "x = 3, y = 3, rule B3/S23\n!", line: 1, column: 20, "expected '='")
        expectError(.rle, "x = 3, y = 3, =B3\n!", line: 1, column: 15, "expected a key")
    }

    @Test func unknownCharacters() {
        expectError(.rle, "x = 3, y = 3\nbo$2bo$3oz!", line: 2, column: 10, "unexpected character 'z'")
        expectError(.rle, "x = 3, y = 3\r\nbo$\r\n2bo$3o*!", line: 3, column: 7, "unexpected character '*'")
        expectError(.rle, "x = 1, y = 1\no\u{7}!", line: 2, column: 2, "U+0007")
        expectError(.rle, "x = 1, y = 1\néo!", line: 2, column: 1, "'é' (U+00E9)")
        // Columns count Unicode scalars, not bytes.
        expectError(.rle, "x = 1, y = 1\n#C ü\nboo€!", line: 3, column: 4, "U+20AC")
        // Invalid UTF-8 arrives as replacement characters.
        let bytes: [UInt8] = Array("x = 1, y = 1\nbo".utf8) + [0xFF, 0xFE] + Array("o!".utf8)
        expectError(.rle, String(decoding: bytes, as: UTF8.self), line: 2, column: 3, "U+FFFD")
        // A second header is not body data.
        expectError(.rle, "x = 1, y = 1\nx = 1, y = 1\no!", line: 2, column: 1, "'x'")
    }

    @Test func multiStateCells() {
        expectError(.rle, "x = 2, y = 1\nAB!", line: 2, column: 2, "multi-state cells are not supported")
        expectError(.rle, "x = 2, y = 1\n2C!", line: 2, column: 2, "multi-state")
        expectError(.rle, "x = 2, y = 1\nbpA!", line: 2, column: 2, "multi-state")
    }

    @Test func badRunCounts() {
        expectError(.rle, "x = 1, y = 1\nb0o!", line: 2, column: 2, "at least 1")
        expectError(.rle, "x = 1, y = 1\n00$!", line: 2, column: 1, "at least 1")
        expectError(.rle, "x = 1, y = 1\nbo$\n12\n", line: 3, column: 1, "not followed by")
        expectError(.rle, "x = 1, y = 1\no3", line: 2, column: 2, "not followed by")
    }

    @Test func runCountsBeyondTheEnginesLimitAreRefusedByTheirDigitCount() {
        // 2^65000 has 19,567 digits: more than that is refused as soon as the count is seen.
        expectError(.rle, "x = 1, y = 1\nbo$" + String(repeating: "9", count: 100_000) + "o!", line: 2, column: 4,
                    "run count has more than 19567 digits, beyond the engine's limit: coordinates and run counts must be below 2^65000")
        expectError(.rle, "x = 1, y = 1\n" + String(repeating: "9", count: 19_567) + "b!", line: 2, column: 1, "below 2^65000")
        // Gaps that add up past the limit.
        let part = String(repeating: "9", count: 19_566)
        // 9 · 10^19566 > 2^65000 ≈ 8.9 · 10^19566: the ninth gap is refused.
        expectError(.rle, "x = 1, y = 1\n" + String(repeating: part + "b", count: 9) + "o!", line: 2, column: 1 + 8 * 19_567,
                    "the pattern reaches beyond the engine's limit")
    }

    @Test func longRunsAreRunsNotCells() throws {
        let document = try RLEReader.read("x = 1, y = 1\nbo$1000000000o$b3000000000000o2bo!")
        #expect(document.cells == cells([(1, 0), (3_000_000_000_003, 2)]))
        #expect(document.runs == [PatternRun(x: 0, y: 1, length: BigUInt(1_000_000_000)),
                                  PatternRun(x: 1, y: 2, length: BigUInt(3_000_000_000_000))])
        let universe = try Universe(document: document)
        #expect(universe.population == BigUInt(3_000_000_000_000 + 1_000_000_000 + 2))
        #expect(universe.cell(x: 999_999_999, y: 1) && !universe.cell(x: 1_000_000_000, y: 1))
    }

    @Test func runCountsBeyondIntAreExact() throws {
        let big = "123456789012345678901234567890"
        let document = try RLEReader.read("x = 1, y = 1\n" + big + "o$" + big + "$" + big + "bo!")
        let universe = try Universe(document: document)
        let n = BigUInt(decimal: Substring(big))!
        #expect(universe.population == n + BigUInt(1))
        #expect(universe.cell(x: BigInt(n) - BigInt(1), y: BigInt(0)) && !universe.cell(x: BigInt(n), y: BigInt(0)))
        #expect(universe.cell(x: BigInt(n), y: BigInt(n) + BigInt(1)))
        #expect(universe.boundingBox == CellRect(x: .zero, y: .zero, width: n + BigUInt(1), height: n + BigUInt(2)))
    }

    @Test func cellsPastAHugeGapKeepTheirShape() throws {
        let gap = "100000000000000000000000"  // 10^23
        let far = BigInt(BigUInt(decimal: Substring(gap))!)
        let document = try RLEReader.read("#CXRLE Pos=-7,5\nx = 1, y = 1\no" + gap + "bbo$2o$" + gap + "$bo!")
        #expect(absolute(document) == positions([
            (-7, 5), (far - BigInt(5), 5), (-7, 6), (-6, 6), (-6, far + BigInt(7)),
        ]))
        let universe = try Universe(document: document)
        #expect(universe.population == BigUInt(5))
        #expect(universe.cell(x: far - BigInt(5), y: BigInt(5)) && universe.cell(x: BigInt(-6), y: far + BigInt(7)))
    }

    @Test func malformedExtendedRLE() {
        expectError(.rle, "#CXRLE Pos=5\nx = 0, y = 0\n!", line: 1, column: 13, "comma")
        expectError(.rle, "#CXRLE Pos=a,2\nx = 0, y = 0\n!", line: 1, column: 12, "digit")
        expectError(.rle, "#CXRLE Pos=1,\nx = 0, y = 0\n!", line: 1, column: 14, "y coordinate")
        expectError(.rle, "#CXRLE Pos=1,2 Gen=-4\nx = 0, y = 0\n!", line: 1, column: 20, "generation")
        expectError(.rle, "x = 0, y = 0\n#CXRLE Gen=12x\n!", line: 2, column: 14, "digit")
    }

    @Test func errorDescription() {
        var error = PatternError(line: 3, column: 14, message: "unexpected character 'z'")
        #expect(error.description == "3:14: unexpected character 'z'")
        error.file = "glider.rle"
        #expect(error.description == "glider.rle:3:14: unexpected character 'z'")
        #expect("\(error)" == "glider.rle:3:14: unexpected character 'z'")
    }
}

// MARK: Writing

@Suite struct RLEWriterTests {
    @Test func writesTheGlider() {
        #expect(RLEWriter.write(PatternDocument(cells: gliderCells)) == "x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n")
    }

    @Test func writesMetadata() {
        var document = PatternDocument(cells: gliderCells, rule: "B36/S23")
        document.name = "Glider"
        document.author = "Richard K. Guy (1970)"
        document.comments = ["travels down-right", "", "XRLE lookalike"]
        document.originX = BigInt(-5)
        document.originY = BigInt(7)
        document.generation = BigUInt(1000)
        let expected = """
            #CXRLE Pos=-5,7 Gen=1000
            #N Glider
            #O Richard K. Guy (1970)
            #C travels down-right
            #C \("")
            #C XRLE lookalike
            x = 3, y = 3, rule = B36/S23
            bo$2bo$3o!

            """
        #expect(RLEWriter.write(document) == expected)
    }

    @Test func extendedRLEPartsAreOmittedWhenZero() {
        var document = PatternDocument(cells: gliderCells)
        document.generation = BigUInt(7)
        #expect(RLEWriter.write(document).hasPrefix("#CXRLE Gen=7\nx = 3"))
        document.generation = .zero
        document.originY = BigInt(2)
        #expect(RLEWriter.write(document).hasPrefix("#CXRLE Pos=0,2\nx = 3"))
    }

    @Test func runsAndBlankRows() {
        let document = PatternDocument(cells: cells([(0, 0), (1, 0), (2, 0), (5, 0), (6, 0), (1, 1), (4, 4)]))
        #expect(RLEWriter.write(document) == "x = 7, y = 5, rule = B3/S23\n3o2b2o$bo3$4bo!\n")
    }

    @Test func emptyPattern() throws {
        let text = RLEWriter.write(PatternDocument())
        #expect(text == "x = 0, y = 0, rule = B3/S23\n!\n")
        #expect(try RLEReader.read(text).cells.isEmpty)
    }

    @Test func normalizesOrderDuplicatesAndOffset() throws {
        let scattered = cells([(12, -3), (10, -5), (11, -4), (10, -3), (11, -3), (10, -5), (12, -3)])
        var document = PatternDocument(cells: scattered)
        document.originX = BigInt(100)
        let text = RLEWriter.write(document)
        #expect(text == "#CXRLE Pos=110,-5\nx = 3, y = 3, rule = B3/S23\no$bo$3o!\n")
        let read = try RLEReader.read(text)
        #expect(absolute(read) == absolute(document))
    }

    @Test func longRowsWrapAtSeventyCharacters() throws {
        var pairs: [(Int, Int)] = []
        for x in stride(from: 0, to: 600, by: 2) { pairs.append((x, 0)) }
        for x in stride(from: 0, to: 900, by: 3) { pairs.append((x, 5)); pairs.append((x + 1, 5)) }
        let document = PatternDocument(cells: cells(pairs))
        let text = RLEWriter.write(document)
        let body = text.split(separator: "\n").drop { !$0.hasPrefix("x =") }.dropFirst()
        #expect(body.count > 10)
        for line in body { #expect(line.count <= 70) }
        #expect(text.hasSuffix("!\n"))
        let read = try RLEReader.read(text)
        #expect(Set(read.cells) == Set(document.cells))
    }

    @Test func lineBreaksInMetadataBecomeSpaces() throws {
        var document = PatternDocument(cells: gliderCells, rule: " B3/S23 \n")
        document.name = "two\nlines"
        document.comments = ["a\r\nb"]
        let text = RLEWriter.write(document)
        #expect(text == "#N two lines\n#C a  b\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n")
    }

    @Test func veryLongRunsAreSplitForTheReader() throws {
        let document = PatternDocument(cells: cells([(0, 0), (2_500_000_001, 0), (0, 1_200_000_000)]))
        let text = RLEWriter.write(document)
        #expect(text.hasSuffix("\no1000000000b1000000000b500000000bo1000000000$200000000$o!\n"))
        let read = try RLEReader.read(text)
        #expect(Set(read.cells) == Set(document.cells))
        #expect(read.width == 2_500_000_002 && read.height == 1_200_000_001)
    }

    @Test func randomRoundTrips() throws {
        var rng = SplitMix64(seed: 0x5EED)
        for trial in 0..<300 {
            var pairs: [(Int, Int)] = []
            let count = rng.below(60)
            let span = 1 + rng.below(trial % 3 == 0 ? 200 : 12)
            for _ in 0..<count { pairs.append((rng.below(span) - span / 2, rng.below(span) - 3)) }
            var document = PatternDocument(cells: cells(pairs), rule: trial % 4 == 0 ? nil : "B3/S23")
            if trial % 2 == 0 { document.name = "Trial \(trial)" }
            if trial % 3 == 0 { document.author = "Someone (\(1970 + trial))" }
            document.comments = (0..<rng.below(3)).map { "comment \($0) of \(trial)" }
            document.originX = BigInt(rng.below(2001) - 1000)
            document.originY = BigInt(rng.below(3) == 0 ? 0 : rng.below(2001) - 1000)
            document.generation = BigUInt(rng.below(2) == 0 ? 0 : rng.below(1_000_000))

            let text = RLEWriter.write(document)
            let read = try RLEReader.read(text)
            #expect(absolute(read) == absolute(document))
            #expect(read.name == document.name && read.author == document.author)
            #expect(read.comments == document.comments)
            #expect(read.rule == (document.rule ?? "B3/S23"))
            #expect(read.generation == document.generation)
            #expect(Set(read.cells).count == read.cells.count)
            if let minX = read.cells.map(\.x).min(), let minY = read.cells.map(\.y).min() {
                #expect(minX == 0 && minY == 0)
                #expect(read.width == read.cells.map(\.x).max()! + 1)
                #expect(read.height == read.cells.map(\.y).max()! + 1)
            }
            // Writing what was read gives the same text: the writer's output is canonical.
            #expect(RLEWriter.write(read) == text)
        }
    }
}

// MARK: Pattern files and robustness

@Suite struct RLEPatternFileTests {
    @Test func patternFilesAreWellFormed() throws {
        let files = try patternFiles()
        #expect(files.count >= 21)
        for (name, bytes) in files {
            let document: PatternDocument
            do {
                document = try RLEReader.read(String(decoding: bytes, as: UTF8.self))
            } catch {
                var located = error
                located.file = name
                Issue.record("\(located)")
                continue
            }
            #expect(document.name?.isEmpty == false, "\(name): #N")
            #expect(document.author?.isEmpty == false, "\(name): #O")
            #expect(!document.comments.isEmpty, "\(name): #C")
            #expect(document.rule?.isEmpty == false, "\(name): rule")
            #expect(!document.cells.isEmpty, "\(name): cells")
            // The header matches the cells' bounding box, whose top-left is at the origin.
            #expect(document.cells.map(\.x).min() == 0 && document.cells.map(\.y).min() == 0, "\(name)")
            #expect(document.width == document.cells.map(\.x).max()! + 1, "\(name): width")
            #expect(document.height == document.cells.map(\.y).max()! + 1, "\(name): height")
            // Machine-readable facts, when present, are well-formed.
            for comment in document.comments {
                if comment.hasPrefix("period: ") {
                    #expect(Int(comment.dropFirst(8)).map { $0 > 0 } == true, "\(name): \(comment)")
                } else if comment.hasPrefix("displacement: ") {
                    let parts = comment.dropFirst(14).split(separator: ",")
                    #expect(parts.count == 2 && parts.allSatisfy { Int($0) != nil }, "\(name): \(comment)")
                } else if comment.hasPrefix("fate: ") {
                    let fate = comment.dropFirst(6).split(separator: " ")
                    let dies = fate.count == 3 && fate[0] == "dies" && fate[1] == "at" && Int(fate[2]) != nil
                    let settles = fate.count == 6 && fate[0] == "stabilises" && fate[1] == "at" && Int(fate[2]) != nil
                        && fate[3] == "with" && Int(fate[4]) != nil && fate[5] == "cells"
                    #expect(dies || settles, "\(name): \(comment)")
                }
            }
            // Body lines stay within 70 characters, as Golly writes them.
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
                #expect(line.count <= 70, "\(name): \(line)")
            }
        }
    }

    /// Reads `bytes`; success or a PatternError are both fine. When it succeeds, writing and
    /// reading back must give the same cells.
    /// Returns whether it was read.
    @discardableResult
    private func survive(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            let document = try RLEReader.read(text)
            if document.runs.isEmpty && document.blocks.isEmpty {
                let again = try RLEReader.read(RLEWriter.write(document))
                #expect(absolute(again) == absolute(document))
            } else {
                // Long runs and far cells: every one loads (runs and cells never overlap in RLE).
                let universe = try Universe(document: document)
                var expected = BigUInt(document.cells.count)
                for run in document.runs { expected += run.length }
                for block in document.blocks {
                    expected += BigUInt(block.cells.count)
                    for run in block.runs { expected += run.length }
                }
                #expect(universe.population == expected)
            }
            return true
        } catch let error as PatternError {
            #expect(error.line >= 1 && error.column >= 1)
            #expect(!error.message.isEmpty && !error.message.contains("\n"))
            return false
        } catch {
            #expect(error is RuleError)  // a mutated rule
            return false
        }
    }

    @Test func everyTruncationOfEveryPatternFile() throws {
        let files = try patternFiles()
        #expect(!files.isEmpty)
        var read = 0, rejected = 0
        for (_, bytes) in files where bytes.count <= 20_000 {  // quadratic: small files only
            for end in 0...bytes.count {
                if survive(Array(bytes[..<end])) { read += 1 } else { rejected += 1 }
            }
        }
        #expect(read > 0 && rejected > 0)
    }

    @Test func seededRandomMutations() throws {
        let files = try patternFiles()
        #expect(!files.isEmpty)
        let small = files.map(\.bytes).filter { $0.count <= 20_000 }
        var read = 0, rejected = 0
        #expect(!small.isEmpty)
        var rng = SplitMix64(seed: 20_240_601)
        // Bytes worth trying: RLE syntax, digits, line breaks, and invalid UTF-8.
        let interesting = Array("bo.A$!#xyrule=,0123456789 \t\r\nBCpz".utf8) + [0x00, 0x80, 0xC3, 0xE2, 0xFF]
        for _ in 0..<3000 {
            var bytes = small[rng.below(small.count)]
            for _ in 0...rng.below(4) {
                let position = rng.below(bytes.count + 1)
                let byte = rng.below(3) == 0 ? UInt8(rng.below(256)) : interesting[rng.below(interesting.count)]
                switch rng.below(3) {
                case 0: bytes.insert(byte, at: position)
                case 1: if position < bytes.count { bytes[position] = byte }
                default: if position < bytes.count { bytes.remove(at: position) }
                }
            }
            if survive(bytes) { read += 1 } else { rejected += 1 }
        }
        // Both outcomes are exercised.
        #expect(read > 300 && rejected > 300, "read \(read), rejected \(rejected)")
    }
}
