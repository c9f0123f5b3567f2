import Foundation
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport
import Testing

// MARK: Helpers

private func cells(_ pairs: [(Int, Int)]) -> [PatternCell] {
    pairs.map { PatternCell(x: $0.0, y: $0.1) }
}

private let gliderCells = cells([(1, 0), (2, 1), (0, 2), (1, 2), (2, 2)])

/// One of the readers under test.


/// A random document for round trips: cells, metadata, origin and generation.
private func randomDocument(_ rng: inout SplitMix64, trial: Int) -> PatternDocument {
    var pairs: [(Int, Int)] = []
    let count = rng.below(60)
    let span = 1 + rng.below(trial % 3 == 0 ? 120 : 12)
    for _ in 0..<count { pairs.append((rng.below(span) - span / 2, rng.below(span) - 3)) }
    let rules: [String?] = [nil, "B3/S23", "B36/S23", "23/3", " B3 / S23 "]
    var document = PatternDocument(cells: cells(pairs), rule: rules[rng.below(rules.count)])
    if trial % 2 == 0 { document.name = "Trial \(trial)" }
    if trial % 3 == 0 { document.author = "Someone (\(1970 + trial))" }
    let texts = ["comment", "", " indented", "Name: not a name", "Position: 1,2", "#C nested", "two\nlines"]
    document.comments = (0..<rng.below(4)).map { "\(texts[rng.below(texts.count)]) \($0)" }
    if rng.below(5) == 0 { document.comments.append("") }
    document.originX = BigInt(rng.below(3) == 0 ? 0 : rng.below(2001) - 1000)
    document.originY = BigInt(rng.below(3) == 0 ? 0 : rng.below(2001) - 1000)
    document.generation = BigUInt(rng.below(2) == 0 ? 0 : rng.below(1_000_000))
    return document
}

/// The rule a writer records for `rule` and its reader gives back: nil for Life.
private func writtenRule(_ rule: String?) -> String? {
    var text = ""
    for scalar in (rule ?? "").unicodeScalars where !scalar.properties.isWhitespace { text.unicodeScalars.append(scalar) }
    return text.isEmpty || text == "B3/S23" ? nil : text
}

/// Comments as the writers record them (line breaks become spaces).
private func writtenComments(_ comments: [String]) -> [String] {
    comments.map { $0.replacingOccurrences(of: "\n", with: " ") }
}

// MARK: Fixtures: a glider in each format

private let plaintextGlider = """
    !Name: Glider
    !Author: Richard K. Guy
    !The smallest, most common, and first discovered spaceship.
    !
    .O
    ..O
    OOO

    """

private let life105Glider = """
    #Life 1.05
    #D Glider
    #D The smallest spaceship.
    #N
    #P -1 -1
    .*
    ..*
    ***

    """

private let life106Glider = """
    #Life 1.06
    #N Glider
    #O Richard K. Guy
    #C The smallest spaceship.
    0 -1
    1 0
    -1 1
    0 1
    1 1

    """

/// A glider at (-1, -1), as the Life fixtures place it.
private let shiftedGlider = cells([(0, -1), (1, 0), (-1, 1), (0, 1), (1, 1)])

/// Fixtures for the robustness tests, per format.
private let fixtures: [(Format, [String])] = [
    (.plaintext, [
        plaintextGlider,
        "!Name: Gun bits\n!Position: -12,7\n!Generation: 99\n!Rule: B36/S23\n! a comment\nO*.O\n\n..O..O\n.O\n",
        "\u{FEFF}.O\r\n..O\r\nOOO\r\n",
    ]),
    (.life105, [
        life105Glider,
        "#Life 1.05\n#D Two blocks\n#R 23/36\n#P -3 -2\n**\n**\n#P 4 5\n*.*\n.*.\n#P\n***\n",
        "#Life 1.05\r\n#P 0 0\r\n.*.\r\n\r\n***\r\n",
    ]),
    (.life106, [
        life106Glider,
        "#Life 1.06\n#D described\n#R B36/S23\n-9223372036854775808 9223372036854775807\n\t3\t-4 \n\n+5 6\n",
        "#Life 1.06\r\n0 0\r\n1 1\r\n",
    ]),
]

// MARK: Plaintext

@Suite struct PlaintextReaderTests {
    @Test func readsTheGlider() throws {
        let document = try PlaintextReader.read(plaintextGlider)
        #expect(document.cells == gliderCells)  // row-major order
        #expect(document.name == "Glider")
        #expect(document.author == "Richard K. Guy")
        #expect(document.comments == ["The smallest, most common, and first discovered spaceship.", ""])
        #expect(document.rule == nil)
        #expect(document.originX == .zero && document.originY == .zero && document.generation == .zero)
        #expect(document.width == 3 && document.height == 3)
    }

    @Test func starsTrailingDotsAndBlankRows() throws {
        let document = try PlaintextReader.read(".*\n..O...\nO*O\n\n\n...O  \t\n")
        #expect(document.cells == gliderCells + cells([(3, 5)]))
        #expect(document.width == 6 && document.height == 6)
    }

    @Test func blankLinesBeforeTheFirstRowAreSkipped() throws {
        let document = try PlaintextReader.read("!Name: x\n\n  \n!C\n\n.O\n\nO\n\n\n")
        #expect(document.cells == cells([(1, 0), (0, 2)]))
        #expect(document.comments == ["C"])
        #expect(document.height == 3)
    }

    @Test func commentLinesBetweenRowsAreNotRows() throws {
        let document = try PlaintextReader.read(".O\n! between\n..O\n!Name: late\nOOO")
        #expect(document.cells == gliderCells)
        #expect(document.comments == ["between"])
        #expect(document.name == "late")
    }

    @Test func commentForms() throws {
        let document = try PlaintextReader.read("!plain\n! spaced\n!  two spaces\n!\n! Name: not a name\n!name: lower case\n")
        #expect(document.comments == ["plain", "spaced", " two spaces", "", "Name: not a name", "name: lower case"])
        #expect(document.name == nil)
        #expect(document.cells.isEmpty)
    }

    @Test func positionGenerationAndRule() throws {
        let document = try PlaintextReader.read(
            "!Position: -5, +7\n!Generation: 123456789012345678901234567890\n!Rule: B36/S23 \n!Author:\nO")
        #expect(document.originX == BigInt(-5) && document.originY == BigInt(7))
        #expect(document.generation == BigUInt(decimal: "123456789012345678901234567890"))
        #expect(document.rule == "B36/S23")
        #expect(document.author == "")
        let big = try PlaintextReader.read("!Position: 99999999999999999999999,-99999999999999999999999\n")
        #expect(big.originX.description == "99999999999999999999999")
        #expect(big.originY.description == "-99999999999999999999999")
    }

    @Test func lineEndingsAndByteOrderMark() throws {
        #expect(try PlaintextReader.read("!Name: G\r\n.O\r\n..O\r\nOOO\r\n").cells == gliderCells)
        #expect(try PlaintextReader.read("!Name: G\r.O\r..O\rOOO\r").cells == gliderCells)
        let bom = try PlaintextReader.read("\u{FEFF}!Name: G\n.O\n..O\nOOO")
        #expect(bom.cells == gliderCells && bom.name == "G")
    }

    @Test func emptyInputs() throws {
        for text in ["", "\n", "\n\n  \n", "!Name: nothing\n"] {
            let document = try PlaintextReader.read(text)
            #expect(document.cells.isEmpty && document.width == 0 && document.height == 0)
        }
    }

    @Test func longRowsDoNotStoreDeadCells() throws {
        let dots = 50_000_000
        let text = "!Name: wide\n" + String(repeating: ".", count: dots) + "O\n"
        let document = try PlaintextReader.read(text)
        #expect(document.cells == cells([(dots, 0)]))
        #expect(document.width == dots + 1)
    }
}

@Suite struct PlaintextReaderErrorTests {
    @Test func badCharacters() {
        expectError(.plaintext, ".O\n.X.\n", line: 2, column: 2, "unexpected character 'X'")
        expectError(.plaintext, ".O\n. O\n", line: 2, column: 2, "U+0020")
        expectError(.plaintext, "OO\r\nOOo\r\n", line: 2, column: 3, "'o'")
        expectError(.plaintext, "#N Glider\n.O\n", line: 1, column: 1, "'#'")
        expectError(.plaintext, "!ü\nOO€\n", line: 2, column: 3, "'€' (U+20AC)")
        expectError(.plaintext, "O\u{7}\n", line: 1, column: 2, "U+0007")
        let bytes: [UInt8] = Array("!x\n.O".utf8) + [0xFF] + Array("O".utf8)
        expectError(.plaintext, String(decoding: bytes, as: UTF8.self), line: 2, column: 3, "U+FFFD")
    }

    @Test func badPositions() {
        expectError(.plaintext, "!Position: 5\nO", line: 1, column: 13, "comma")
        expectError(.plaintext, "!Position: a,2\nO", line: 1, column: 12, "digit")
        expectError(.plaintext, "!Position: 1,\nO", line: 1, column: 14, "y coordinate")
        expectError(.plaintext, "!Position: 1 2,3\nO", line: 1, column: 13, "digit")
        expectError(.plaintext, "!Position: 1," + String(repeating: "9", count: 100_001), line: 1, column: 14,
                    "(100001 digits) is beyond the engine's limit")
    }

    @Test func badGenerations() {
        expectError(.plaintext, "!Generation: -3\n", line: 1, column: 14, "digit")
        expectError(.plaintext, "!Generation:\n", line: 1, column: 13, "expected an integer")
        expectError(.plaintext, "O\n!Generation: 12x\n", line: 2, column: 16, "digit")
    }
}

@Suite struct PlaintextWriterTests {
    @Test func writesTheGlider() {
        var document = PatternDocument(cells: gliderCells)
        #expect(PlaintextWriter.write(document) == ".O\n..O\nOOO\n")
        document.name = " Glider "
        document.author = "Richard K. Guy"
        document.comments = ["travels", "", " indented", "Name: not a name"]
        #expect(PlaintextWriter.write(document) == """
            !Name: Glider
            !Author: Richard K. Guy
            ! travels
            !
            !  indented
            ! Name: not a name
            .O
            ..O
            OOO

            """)
    }

    @Test func positionGenerationAndRule() throws {
        var document = PatternDocument(cells: cells([(12, -3), (10, -5), (11, -4), (10, -3), (11, -3), (10, -5)]), rule: "B36/S23")
        document.originX = BigInt(100)
        document.generation = BigUInt(42)
        let text = PlaintextWriter.write(document)
        #expect(text == "!Position: 110,-5\n!Generation: 42\n!Rule: B36/S23\nO\n.O\nOOO\n")
        let read = try PlaintextReader.read(text)
        #expect(absolute(read) == absolute(document))
        #expect(read.generation == BigUInt(42) && read.rule == "B36/S23")
    }

    @Test func lifeRuleIsNotWritten() {
        #expect(PlaintextWriter.write(PatternDocument(cells: gliderCells, rule: "B3/S23")) == ".O\n..O\nOOO\n")
        #expect(PlaintextWriter.write(PatternDocument(cells: gliderCells, rule: " B3/S23\n")) == ".O\n..O\nOOO\n")
    }

    @Test func blankRowsAndEmptyPattern() throws {
        let text = PlaintextWriter.write(PatternDocument(cells: cells([(0, 0), (2, 3)])))
        #expect(text == "O\n\n\n..O\n")
        #expect(try PlaintextReader.read(text).cells == cells([(0, 0), (2, 3)]))
        var empty = PatternDocument()
        empty.originX = BigInt(5)
        #expect(PlaintextWriter.write(empty) == "!Position: 5,0\n")
        #expect(PlaintextWriter.write(PatternDocument()) == "")
    }

    @Test func randomRoundTrips() throws {
        var rng = SplitMix64(seed: 0xCE11_5EED)
        for trial in 0..<300 {
            let document = randomDocument(&rng, trial: trial)
            let text = PlaintextWriter.write(document)
            let read = try PlaintextReader.read(text)
            #expect(absolute(read) == absolute(document))
            #expect(read.name == document.name && read.author == document.author)
            #expect(read.comments == writtenComments(document.comments))
            #expect(read.rule == writtenRule(document.rule))
            #expect(read.generation == document.generation)
            if let minX = read.cells.map(\.x).min(), let minY = read.cells.map(\.y).min() {
                #expect(minX == 0 && minY == 0)
            }
            #expect(PlaintextWriter.write(read) == text)  // canonical
        }
    }
}

// MARK: Life 1.05

@Suite struct Life105ReaderTests {
    @Test func readsTheGlider() throws {
        let document = try Life105Reader.read(life105Glider)
        #expect(document.cells == shiftedGlider)
        #expect(document.comments == ["Glider", "The smallest spaceship."])
        #expect(document.rule == "B3/S23")
        #expect(document.originX == .zero && document.originY == .zero)
        #expect(document.name == nil && document.author == nil)
        #expect(document.width == 3 && document.height == 3)
    }

    @Test func severalBlocksRulesAndBarePositions() throws {
        let text = "#Life 1.05\n#R 23/36\n#P -3 -2\n**\n**\n#P 4 5\n*.*\n.*.\n#P\n***\n#P\t7\t-9 \n*"
        let document = try Life105Reader.read(text)
        #expect(document.rule == "23/36")
        #expect(document.cells == cells([(-3, -2), (-2, -2), (-3, -1), (-2, -1), (4, 5), (6, 5), (5, 6),
                                         (4, 7), (5, 7), (6, 7), (7, -9)]))
    }

    @Test func rowsBeforeAnyBlockAndBlankLines() throws {
        // As in Golly: rows before #P start at (0, 0), blank lines do not advance the row, and a
        // bare #P continues below.
        let document = try Life105Reader.read("#Life 1.05\n.*\n\n..*  \n#D between\n#P\n***\n")
        #expect(document.cells == gliderCells)
        #expect(document.comments == ["between"])
        #expect(document.rule == nil)
    }

    @Test func lastRuleWinsAndOtherHashLinesAreIgnored() throws {
        let document = try Life105Reader.read("#Life 1.05  \n#R 23/3\n#N\n#X whatever\n#\n#P 0 0\n*")
        #expect(document.rule == "B3/S23")
        let raw = try Life105Reader.read("#Life 1.05\n#N\n#R  B36/S23 \n#R\n")
        #expect(raw.rule == "B36/S23")
    }

    @Test func extremeCoordinates() throws {
        let document = try Life105Reader.read("#Life 1.05\n#P -9223372036854775808 9223372036854775806\n*\n.*")
        #expect(absolute(document) == [
            "\(Int.min),\(Int.max - 1)", "\(BigInt(Int.min) + BigInt(1)),\(BigInt(Int.max))",
        ])
    }

    @Test func lineEndings() throws {
        #expect(try Life105Reader.read(life105Glider.replacingOccurrences(of: "\n", with: "\r\n")).cells == shiftedGlider)
        #expect(try Life105Reader.read(life105Glider.replacingOccurrences(of: "\n", with: "\r")).cells == shiftedGlider)
        #expect(try Life105Reader.read("\u{FEFF}" + life105Glider).cells == shiftedGlider)
    }

    @Test func longBlockLinesDoNotStoreDeadCells() throws {
        let dots = 50_000_000
        let text = "#Life 1.05\n#P 0 0\n" + String(repeating: ".", count: dots) + "*\n"
        let document = try Life105Reader.read(text)
        #expect(document.cells == cells([(dots, 0)]))
    }
}

@Suite struct Life105ReaderErrorTests {
    @Test func missingHeader() {
        expectError(.life105, "", line: 1, column: 1, "expected `#Life 1.05` on the first line, found the end of the file")
        expectError(.life105, "#P 0 0\n*", line: 1, column: 2, "expected `#Life 1.05`")
        expectError(.life105, "\n#Life 1.05\n", line: 1, column: 1, "found the end of the line")
        expectError(.life105, life106Glider, line: 1, column: 10, "'6'")
        expectError(.life105, "#Life 1.05x\n", line: 1, column: 11, "after it")
        expectError(.life105, "#life 1.05\n", line: 1, column: 2, "'l'")
    }

    @Test func badCharacters() {
        expectError(.life105, "#Life 1.05\n#P 0 0\n.*o\n", line: 3, column: 3, "unexpected character 'o'")
        expectError(.life105, "#Life 1.05\n#P 0 0\n. *\n", line: 3, column: 2, "U+0020")
        expectError(.life105, "#Life 1.05\n#P 0 0\n..O\n", line: 3, column: 3, "expected . (dead) or * (alive)")
        expectError(.life105, "#Life 1.05\r\n#D ü\r\n*é\r\n", line: 3, column: 2, "'é' (U+00E9)")
        expectError(.life105, "#Life 1.05\n 1 2\n", line: 2, column: 1, "U+0020")
    }

    @Test func badPositions() {
        expectError(.life105, "#Life 1.05\n#P 1\n*", line: 2, column: 5, "y coordinate is missing")
        expectError(.life105, "#Life 1.05\n#P a b\n*", line: 2, column: 4, "expected an integer for the x coordinate in #P, found 'a'")
        expectError(.life105, "#Life 1.05\n#P 1 b\n*", line: 2, column: 6, "y coordinate in #P, found 'b'")
        expectError(.life105, "#Life 1.05\n#P 1,2\n*", line: 2, column: 5, "expected a space")
        expectError(.life105, "#Life 1.05\n#P 1 2 3\n*", line: 2, column: 8, "unexpected '3'")
        expectError(.life105, "#Life 1.05\n#P - 2\n*", line: 2, column: 5, "found U+0020")
        expectError(.life105, "#Life 1.05\n#P 1.5 2\n*", line: 2, column: 5, "found '.'")
    }

    @Test func coordinatesBeyondIntAreExact() throws {
        let document = try Life105Reader.read("#Life 1.05\n#P 9223372036854775807 0\n*.\n**\n#P 0 -9223372036854775809\n*")
        #expect(absolute(document) == [
            "9223372036854775807,0", "9223372036854775807,1", "9223372036854775808,1", "0,-9223372036854775809",
        ])
        expectError(.life105, "#Life 1.05\n#P 1 " + String(repeating: "9", count: 100_000), line: 2, column: 6,
                    "the y coordinate in #P (100000 digits) is beyond the engine's limit")
    }
}

// MARK: Life 1.06

@Suite struct Life106ReaderTests {
    @Test func readsTheGlider() throws {
        let document = try Life106Reader.read(life106Glider)
        #expect(document.cells == shiftedGlider)  // file order
        #expect(document.name == "Glider")
        #expect(document.author == "Richard K. Guy")
        #expect(document.comments == ["The smallest spaceship."])
        #expect(document.rule == nil)
        #expect(document.originX == .zero && document.originY == .zero && document.generation == .zero)
        #expect(document.width == 3 && document.height == 3)
    }

    @Test func separatorsSignsAndBlankLines() throws {
        let text = "#Life 1.06\n\n  1\t\t2  \n-3 -4\n\t+5 0\n   \n#R 23/3\n#D described\n  # indented comment\n#C\n"
        let document = try Life106Reader.read(text)
        #expect(document.cells == cells([(1, 2), (-3, -4), (5, 0)]))
        #expect(document.rule == "23/3")
        #expect(document.comments == ["described", ""])
    }

    @Test func extremeCoordinatesAndDuplicates() throws {
        let document = try Life106Reader.read(
            "#Life 1.06\n9223372036854775807 -9223372036854775808\n-9223372036854775808 9223372036854775807\n0 0\n0 0\n")
        #expect(document.cells == cells([(0, 0), (0, 0)]))  // cells beyond ±2^60 go to blocks, exact
        #expect(absolute(document) == ["\(Int.max),\(Int.min)", "\(Int.min),\(Int.max)", "0,0"])
    }

    @Test func lineEndings() throws {
        #expect(try Life106Reader.read(life106Glider.replacingOccurrences(of: "\n", with: "\r\n")).cells == shiftedGlider)
        #expect(try Life106Reader.read(life106Glider.replacingOccurrences(of: "\n", with: "\r")).cells == shiftedGlider)
        #expect(try Life106Reader.read("\u{FEFF}#Life 1.06\n1 1").cells == cells([(1, 1)]))
        #expect(try Life106Reader.read("#Life 1.06").cells.isEmpty)
    }
}

@Suite struct Life106ReaderErrorTests {
    @Test func missingHeader() {
        expectError(.life106, "", line: 1, column: 1, "expected `#Life 1.06` on the first line, found the end of the file")
        expectError(.life106, "0 0\n1 1\n", line: 1, column: 1, "expected `#Life 1.06` on the first line, found '0'")
        expectError(.life106, life105Glider, line: 1, column: 10, "'5'")
        expectError(.life106, "#Life 1.06 extra\n", line: 1, column: 11, "after it")
    }

    @Test func nonIntegerCoordinates() {
        expectError(.life106, "#Life 1.06\n1\n", line: 2, column: 2, "y coordinate is missing")
        expectError(.life106, "#Life 1.06\n0 0\n1 2 3\n", line: 3, column: 5, "unexpected '3'")
        expectError(.life106, "#Life 1.06\na b\n", line: 2, column: 1, "expected an integer for the x coordinate, found 'a'")
        expectError(.life106, "#Life 1.06\n1 b\n", line: 2, column: 3, "y coordinate, found 'b'")
        expectError(.life106, "#Life 1.06\n1,2\n", line: 2, column: 2, "expected a space or tab")
        expectError(.life106, "#Life 1.06\n1.5 2\n", line: 2, column: 2, "found '.'")
        expectError(.life106, "#Life 1.06\n- 2\n", line: 2, column: 2, "found U+0020")
        expectError(.life106, "#Life 1.06\n\t3 4x\n", line: 2, column: 5, "'x'")
        expectError(.life106, "#Life 1.06\r\n1 2\r\n3 ４\r\n", line: 3, column: 3, "'４' (U+FF14)")
    }

    @Test func coordinatesBeyondIntAreExact() throws {
        let document = try Life106Reader.read("#Life 1.06\n9223372036854775808 0\n-9223372036854775809 0\n0  -9223372036854775809\n")
        #expect(absolute(document) == ["9223372036854775808,0", "-9223372036854775809,0", "0,-9223372036854775809"])
        expectError(.life106, "#Life 1.06\n1" + String(repeating: "0", count: 1_000_000) + " 0\n", line: 2, column: 1,
                    "the x coordinate (1000001 digits) is beyond the engine's limit")
    }
}

@Suite struct Life106WriterTests {
    @Test func writesTheGlider() throws {
        var document = PatternDocument(cells: gliderCells)
        #expect(try Life106Writer.write(document) == "#Life 1.06\n1 0\n2 1\n0 2\n1 2\n2 2\n")
        document.name = "Glider "
        document.author = "Richard K. Guy"
        document.comments = ["travels", "", "two\nlines"]
        document.rule = "B36/S23"
        document.originX = BigInt(-2)
        document.originY = BigInt(10)
        document.generation = BigUInt(7)  // not recorded: the format has no place for it
        #expect(try Life106Writer.write(document) == """
            #Life 1.06
            #N Glider
            #O Richard K. Guy
            #C travels
            #C
            #C two lines
            #R B36/S23
            -1 10
            0 11
            -2 12
            -1 12
            0 12

            """)
    }

    @Test func sortsAndDropsDuplicates() throws {
        let document = PatternDocument(cells: cells([(5, 1), (-3, 0), (5, 1), (2, 0), (-3, 0)]), rule: "B3/S23")
        #expect(try Life106Writer.write(document) == "#Life 1.06\n-3 0\n2 0\n5 1\n")
        #expect(try Life106Writer.write(PatternDocument()) == "#Life 1.06\n")
    }

    @Test func originIsFoldedEvenWhenItDoesNotFitInt() throws {
        var document = PatternDocument(cells: cells([(-20, 0), (Int.min, 3)]))
        document.originX = BigInt(Int.max) + BigInt(10)
        document.originY = BigInt(-5)
        let text = try Life106Writer.write(document)
        #expect(text == "#Life 1.06\n\(Int.max - 10) -5\n9 -2\n")
        #expect(absolute(try Life106Reader.read(text)) == absolute(document))
    }

    @Test func coordinatesOutsideIntAreWrittenExactly() throws {
        var document = PatternDocument(cells: cells([(0, 0), (Int.max, 1)]))
        document.name = "far"
        document.originX = BigInt(1)
        let text = try Life106Writer.write(document)
        #expect(text == "#Life 1.06\n#N far\n1 0\n9223372036854775808 1\n")
        #expect(absolute(try Life106Reader.read(text)) == absolute(document))
    }

    @Test func randomRoundTrips() throws {
        var rng = SplitMix64(seed: 0x106_5EED)
        for trial in 0..<300 {
            var document = randomDocument(&rng, trial: trial)
            if trial % 10 == 0 {  // near the edges of Int
                document.originX = BigInt(Int.max) - BigInt(200)
                document.originY = BigInt(Int.min) + BigInt(200)
            }
            let text = try Life106Writer.write(document)
            let read = try Life106Reader.read(text)
            #expect(absolute(read) == absolute(document))
            #expect(read.cells.count + read.blocks.count == Set(document.cells).count)
            #expect(read.name == document.name && read.author == document.author)
            #expect(read.comments == writtenComments(document.comments))
            #expect(read.rule == writtenRule(document.rule))
            #expect(try Life106Writer.write(read) == text)  // canonical
        }
    }
}

// MARK: Robustness

@Suite struct PlaintextAndLifeRobustnessTests {
    /// Reads `bytes` as `format`; success or a PatternError are both fine. When it succeeds,
    /// writing and reading back must give the same cells. Returns whether it was read.
    @discardableResult
    private func survive(_ format: Format, _ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            let document = try format.read(text)
            let again: PatternDocument
            switch format {
            case .rle: again = try RLEReader.read(RLEWriter.write(document))
            case .plaintext: again = try PlaintextReader.read(PlaintextWriter.write(document))
            case .life105, .life106: again = try Life106Reader.read(try Life106Writer.write(document))
            }
            #expect(absolute(again) == absolute(document))
            return true
        } catch {
            #expect(error.line >= 1 && error.column >= 1)
            #expect(!error.message.isEmpty && !error.message.contains("\n"))
            return false
        }
    }

    @Test func everyTruncationOfThePlaintextFixtures() { truncations(.plaintext) }
    @Test func everyTruncationOfTheLife105Fixtures() { truncations(.life105) }
    @Test func everyTruncationOfTheLife106Fixtures() { truncations(.life106) }
    @Test func seededRandomMutationsOfPlaintext() { mutations(.plaintext) }
    @Test func seededRandomMutationsOfLife105() { mutations(.life105) }
    @Test func seededRandomMutationsOfLife106() { mutations(.life106) }

    private func truncations(_ format: Format) {
        let texts = fixtures.first { $0.0 == format }!.1
        var read = 0, rejected = 0
        for text in texts {
            let bytes = Array(text.utf8)
            for end in 0...bytes.count {
                if survive(format, Array(bytes[..<end])) { read += 1 } else { rejected += 1 }
            }
        }
        #expect(read > 0)
        if format != .plaintext { #expect(rejected > 0) }  // plaintext has no header to cut
    }

    private func mutations(_ format: Format) {
        let texts = fixtures.first { $0.0 == format }!.1.map { Array($0.utf8) }
        let syntax: String
        switch format {
        case .rle: syntax = "bo$!#CXRLE Pos=Gen=x=,y 0123456789\t\r\n"
        case .plaintext: syntax = ".O*!Name:Position,Generation-Rule 0123456789\t\r\n"
        case .life105: syntax = ".*#PDNR -+0123456789\t\r\nLife 1.05"
        case .life106: syntax = "#NOCDR -+0123456789\t\r\n9223372036854775808"
        }
        let interesting = Array(syntax.utf8) + [0x00, 0x80, 0xC3, 0xE2, 0xFF]
        var rng = SplitMix64(seed: 20_240_602 &+ UInt64(texts.count * 7 + syntax.utf8.count))
        var read = 0, rejected = 0
        for _ in 0..<3000 {
            var bytes = texts[rng.below(texts.count)]
            for _ in 0...rng.below(4) {
                let position = rng.below(bytes.count + 1)
                let byte = rng.below(3) == 0 ? UInt8(rng.below(256)) : interesting[rng.below(interesting.count)]
                switch rng.below(3) {
                case 0: bytes.insert(byte, at: position)
                case 1: if position < bytes.count { bytes[position] = byte }
                default: if position < bytes.count { bytes.remove(at: position) }
                }
            }
            if survive(format, bytes) { read += 1 } else { rejected += 1 }
        }
        // Both outcomes are exercised.
        #expect(read > 300 && rejected > 300, "read \(read), rejected \(rejected)")
    }
}

// MARK: Golly's Life 1.05/1.06 files

@Suite struct LifeCorpusTests {
    @Test(.enabled(if: Fixtures.shared != nil, "../shared is absent: it holds Golly's corpus and bgolly's populations"))
    func gollyLifeFilesMatchTheOraclePopulations() throws {
        let shared = try #require(Fixtures.shared)
        let corpus = shared + "/corpus/golly"
        let oracle = try String(contentsOfFile: shared + "/oracle/life-folder.tsv", encoding: .utf8)
        var populations: [String: Int] = [:]
        for line in oracle.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            if fields.count == 3, fields[1] == "0", let population = Int(fields[2]) {
                populations[String(fields[0])] = population
            }
        }
        guard let walker = FileManager.default.enumerator(atPath: corpus) else {
            Issue.record("cannot list \(corpus)")
            return
        }
        var checked = 0
        for case let path as String in walker where path.hasSuffix(".lif") {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: corpus + "/" + path)))
            let text = String(decoding: bytes, as: UTF8.self)
            let document: PatternDocument
            do {
                document = text.hasPrefix("#Life 1.06") ? try Life106Reader.read(text) : try Life105Reader.read(text)
            } catch {
                var located = error
                located.file = path
                Issue.record("\(located)")
                continue
            }
            guard let population = populations[path] else {
                print("\(path): no generation-0 population in the oracle")
                continue
            }
            #expect(Set(document.cells).count == population, "\(path)")
            checked += 1
        }
        #expect(checked > 0, "no .lif file of the corpus has an oracle population")
    }
}
