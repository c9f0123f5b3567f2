import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// MCell files (.mcl) read as Golly reads them: the rule lines, the runs, the board and its
/// placement, and errors located in the file.
@Suite struct MCellTests {
    func loaded(_ text: String) throws -> LoadedPattern { try PatternCodec.decodeAny(Array(text.utf8), fileName: "f.mcl") }

    @Test func theFormatIsKnownByItsFirstLineAndByItsExtension() {
        #expect(PatternFormat.detect("#MCell 4.20\n#L A\n") == .mcell)
        #expect(PatternFormat(fileName: "gate-NOT.mcl") == .mcell)
        #expect(PatternFormat(fileName: "gate-NOT.mcl.gz") == .mcell)
        #expect(!PatternFormat.mcell.isWritable)
        #expect(PatternFormat(name: "mcl") == nil, "MCell is read, never written")
    }

    @Test func runsContinueAcrossLinesFromTheOriginWithoutABoard() throws {
        let text = "#MCell 4.00\n#GOLLY B3/S23\n#D a test\n#L 3A$.A\n#L $2.A\n"
        guard case .twoState(let decoded) = try loaded(text) else { Issue.record("not two-state"); return }
        #expect(decoded.format == .mcell)
        #expect(decoded.document.rule == "B3/S23")
        #expect(decoded.document.comments == ["a test"])
        let cells = decoded.document.cells.map { [$0.x, $0.y] }
        #expect(cells == [[0, 0], [1, 0], [2, 0], [1, 1], [2, 2]])
    }

    @Test func withoutARuleTheCellsAreLife() throws {
        guard case .twoState(let decoded) = try loaded("#MCell 4.20\n#L 2A\n") else { Issue.record("not two-state"); return }
        #expect(decoded.document.rule == "B3/S23")
        #expect(decoded.document.cells.count == 2)
    }

    @Test func aBoardGivesTheGridSuffixAndCentresThePatternAsMCellDoes() throws {
        // Read from (−5, −4), then moved by ((10 + 1 − 2) / 2, (8 + 1 − 2) / 2) = (4, 3). State
        // 27 ("aC") is not a LifeHistory state: it becomes 1.
        let text = "#MCell 4.20\n#GOLLY LifeHistory\n#BOARD 10x8\n#WRAP 1\n#L 2B$aC\n"
        guard case .multiState(let decoded) = try loaded(text) else { Issue.record("not multi-state"); return }
        let expected = try AnyRule.parse("LifeHistory:T10,8")
        #expect(decoded.pattern.rule == expected)
        let cells = decoded.pattern.cells.sorted().map { [$0.x, $0.y, Int($0.state)] }
        #expect(cells == [[-1, -1, 2], [0, -1, 2], [-1, 0, 1]])
    }

    @Test func anUnwrappedBoardIsAPlane() throws {
        guard case .twoState(let decoded) = try loaded("#MCell 4.20\n#BOARD 20x20\n#WRAP 0\n#L A\n") else {
            Issue.record("not two-state"); return
        }
        #expect(decoded.document.rule == "B3/S23:P20,20")
        // One cell read at (−10, −10), moved by (10, 10).
        #expect(decoded.document.cells.map { [$0.x, $0.y] } == [[0, 0]])
    }

    @Test func mcellsHistoricalLifeTablesBecomeLifeHistoryAndItsExtendedStatesAreRenumbered() throws {
        let plain = "#MCell 4.20\n#RULE 1,0,1,0,0,0,1,0,0,0,0,0,0,2,2,1,1,2,2,2,2,2,0,2,2,2,1,2,2,2,2,2\n#L ACEH\n"
        let extended = "#MCell 4.20\n#RULE 1,0,1,0,0,0,1,0,0,0,0,0,0,2,2,1,1,2,2,2,2,2,0,2,2,2,1,2,2,2,2,2,0\n#L ACEH\n"
        guard case .multiState(let a) = try loaded(plain), case .multiState(let b) = try loaded(extended) else {
            Issue.record("not multi-state"); return
        }
        #expect(a.pattern.rule.description == "LifeHistory")
        // H is state 8, which LifeHistory lacks: 1.
        #expect(a.pattern.cells.map(\.state) == [1, 3, 5, 1])
        #expect(b.pattern.cells.map(\.state) == [1, 5, 3, 4])
        guard case .twoState(let life) = try loaded("#MCell 4.20\n#RULE 1,0,0,0,0,0,1,0,0,0,0,0,0,0,0,1,1,0\n#L A\n") else {
            Issue.record("not two-state"); return
        }
        #expect(life.document.rule == "B3/S23")
    }

    @Test func theFirstRuleLineWins() throws {
        guard case .multiState(let decoded) = try loaded("#MCell 4.20\n#GOLLY /2/3\n#GOLLY B3/S23\n#L AB\n") else {
            Issue.record("not multi-state"); return
        }
        #expect(decoded.pattern.rule.description == "/2/3")
    }

    @Test(arguments: [
        ("#MCell 4.20\n#L 3Z\n", 2, 5, "expected a state letter"),
        ("#MCell 4.20\n#L 2.aa\n", 2, 7, "expected a state letter"),
        ("#MCell 4.20\n#L A\n#L a", 3, 5, "expected a state letter"),
        ("#MCell 4.20\n#BOARD wide\n#L A\n", 2, 8, "#BOARD WIDTHxHEIGHT"),
        ("#MCell 4.20\n#WRAP yes\n", 2, 7, "#WRAP 0"),
        ("#MCell 4.20\n#GAME Larger than Life\n#L A\n", 2, 1, "Larger than Life"),
        ("#MCell 4.20\n#GOLLY B3/S2Q\n#L A\n", 2, 8, ""),
        ("#MCell 4.20\n#GOLLY 12/3/x\n#L A\n", 2, 8, ""),
    ])
    func badFilesAreErrorsAtTheirLineAndColumn(_ text: String, _ line: Int, _ column: Int, _ words: String) {
        #expect {
            try loaded(text)
        } throws: { error in
            guard case .syntax(let located)? = error as? PatternReadError else { return false }
            return located.file == "f.mcl" && located.line == line && located.column >= column
                && (words.isEmpty || located.description.contains(words))
        }
    }

    /// Golly's own MCell files (WireWorld circuits) parse, and list as many cells as bgolly
    /// counts at generation 0.
    @Test(.enabled(if: Fixtures.shared != nil, "../shared is absent: it holds Golly's MCell files and bgolly's populations"))
    func gollysMCellFilesListTheCellsBgollyCounts() throws {
        // golly-all-visible.tsv: path, algorithm, rule, generation, population.
        let table = String(decoding: try FileIO.read(Fixtures.shared! + "/oracle/golly-all-visible.tsv"), as: UTF8.self)
        var rows: [(file: String, rule: String, population: String)] = []
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: "\t").map(String.init)
            if fields.count == 5 && fields[0].hasSuffix(".mcl") && fields[3] == "0" { rows.append((fields[0], fields[2], fields[4])) }
        }
        #expect(rows.count >= 11)
        for row in rows {
            let path = try #require(Oracle.path(row.file))
            let file = try MCellReader.read(String(decoding: try FileIO.read(path), as: UTF8.self))
            #expect(String(file.cells.count) == row.population, "\(row.file)")
            #expect(file.rule == row.rule, "\(row.file): \(file.rule)")
        }
    }
}
