import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// The multi-state corpus under ../shared/corpus/multistate against bgolly's populations and
/// its whole state at generation 100, through the reference stepper.
@Suite struct MultiStateCorpusTests {
    static let files = [
        "gen-30states-20", "gen-brain-32", "gen-brain-48x40", "gen-brain-bs-40", "gen-brain-torus-40",
        "gen-hensel-b2n3-40", "gen-hensel-canon-28", "gen-hex-2-2-3-36", "gen-hex-bs-30", "gen-lava-8-64",
        "gen-life-g3-44", "gen-starwars-40", "gen-starwars-bs-36", "gen-starwars-torus-48x32", "gen-vonneumann-24",
        "lh-hensel-40", "lh-highlife-36", "lh-soup-32", "lh-soup-48", "lh-torus-40",
        "ls-hensel-64", "ls-highlife-30", "ls-soup-32", "ls-soup-odd-56x40", "ls-torus-48",
    ]

    static func pattern(_ path: String) throws -> MultiStatePattern {
        try MultiStateRLE.read(bytes: FileIO.read(path))
    }

    /// bgolly's populations for one file: generation → population.
    static func oracle(_ name: String) throws -> [Int: Int] {
        let text = String(decoding: try FileIO.read(Fixtures.shared! + "/oracle/multistate-visible.tsv"), as: UTF8.self)
        var rows: [Int: Int] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            if fields.count == 3, fields[0] == "multistate/\(name).rle", let g = Int(fields[1]), let p = Int(fields[2]) {
                rows[g] = p
            }
        }
        return rows
    }

    @Test(.enabled(if: Fixtures.shared != nil, "../shared is absent: bgolly's populations are not available"),
          arguments: files)
    func populationsAndGeneration100(_ name: String) throws {
        let folder = Fixtures.shared! + "/corpus/multistate/"
        let start = try Self.pattern(folder + name + ".rle")
        let oracle = try Self.oracle(name)
        #expect(oracle.count >= 6)
        // Bounded grids are cheap: run them to 4,096 as well.
        let last = start.rule.grid != nil ? 4096 : 1000
        var reference = MultiStateReference(start)
        let expected = try Self.pattern(folder + "expected/\(name)@100.rle")
        while true {
            if let population = oracle[reference.generation] {
                #expect(reference.population == population, "\(name) at generation \(reference.generation)")
            }
            if reference.generation == 100 {
                let ours = MultiStatePattern(rule: start.rule, cells: reference.cells).normalised
                #expect(ours == expected.normalised, "\(name): the state at generation 100 differs from bgolly's")
            }
            if reference.generation == last { break }
            reference.step()
        }
    }

    @Test(.enabled(if: Fixtures.shared != nil, "../shared is absent"), arguments: files)
    func rleRoundTrip(_ name: String) throws {
        let original = try Self.pattern(Fixtures.shared! + "/corpus/multistate/\(name).rle")
        let text = MultiStateRLE.write(original)
        let again = try MultiStateRLE.read(text)
        #expect(again.rule == original.rule)
        #expect(again.normalised == original.normalised)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 70 || $0.hasPrefix("x =") || $0.hasPrefix("#") })
        let macrocell = MultiStateMacrocell.write(original, generation: "7")
        let read = try MultiStateMacrocell.read(bytes: Gzip.compress(Array(macrocell.utf8)))
        #expect(read.pattern.rule == original.rule)
        #expect(read.pattern.cells == original.cells.sorted())
        #expect(read.generation == "7")
    }
}

@Suite struct MultiStateRLETests {
    @Test func everyStateRoundTrips() throws {
        let rule = try MultiStateRule("345/2/256")
        let cells = (1...255).map { MultiStateCell(x: $0 % 17, y: $0 / 17, state: UInt8($0)) }
        let pattern = MultiStatePattern(rule: rule, cells: cells)
        let text = MultiStateRLE.write(pattern)
        #expect(text.contains("yO"))
        let again = try MultiStateRLE.read(text)
        #expect(again.normalised == pattern.normalised)
        #expect(MultiStateRLE.token(24) == "X")
        #expect(MultiStateRLE.token(25) == "pA")
        #expect(MultiStateRLE.token(255) == "yO")
    }

    @Test func gzipIsRead() throws {
        let text = "x = 3, y = 1, rule = /2/3\nAB.o!\n"
        let pattern = try MultiStateRLE.read(bytes: Gzip.compress(Array(text.utf8)))
        #expect(pattern.cells == [MultiStateCell(x: 0, y: 0, state: 1), MultiStateCell(x: 1, y: 0, state: 2),
                                  MultiStateCell(x: 3, y: 0, state: 1)])
    }

    @Test func statesBeyondTheRuleAreRefusedWithAPosition() {
        #expect(throws: PatternError(line: 2, column: 3, message: "state 3 is out of range for rule /2/3 (3 states)")) {
            try MultiStateRLE.read("x = 3, y = 1, rule = /2/3\nABC!\n")
        }
        #expect(throws: PatternError.self) { try MultiStateRLE.read("x = 3, y = 1, rule = LifeHistory\npZ!\n") }
        #expect(throws: PatternError.self) { try MultiStateRLE.read("x = 3, y = 1, rule = B3/S23\nA!\n") }
    }

    @Test func macrocellNodesAreShared() throws {
        let rule = try MultiStateRule("LifeHistory")
        let cells = [MultiStateCell(x: -3, y: -3, state: 6), MultiStateCell(x: 1, y: 1, state: 6), MultiStateCell(x: 0, y: 0, state: 1)]
        let text = MultiStateMacrocell.write(MultiStatePattern(rule: rule, cells: cells))
        #expect(text.hasPrefix("[M2]"))
        #expect(text.contains("#R LifeHistory\n"))
        // In Golly's frame (x from −4, y from −3 for this level-3 root) both cells in state 6
        // sit in the north-east corner of their 2×2 leaf: one leaf, written once.
        #expect(text.contains("1 0 6 0 0\n"))
        #expect(text.split(separator: "\n").filter { $0 == "1 0 6 0 0" }.count == 1)
        #expect(try MultiStateMacrocell.read(text).pattern.cells == cells.sorted())
        #expect(throws: PatternError(line: 3, column: 7, message: "state 7 is out of range for rule LifeHistory (7 states)")) {
            try MultiStateMacrocell.read("[M2] (golly 4.0)\n#R LifeHistory\n1 0 0 7 0\n")
        }
    }

    @Test func theRootSitsWhereGollyPlacesARootOfItsLevel() throws {
        // A level-1 root covers x −1 ... 0 and y 0 ... 1 (Golly keeps y upwards: its −1 ... 0,
        // flipped), as a two-state root of level 3 covers x −4 ... 3 and y −3 ... 4.
        let read = try MultiStateMacrocell.read("[M2] (golly 4.0)\n#R /2/3\n1 1 0 0 2\n")
        #expect(read.pattern.cells == [MultiStateCell(x: -1, y: 0, state: 1), MultiStateCell(x: 0, y: 1, state: 2)])
        let twoState = try Universe(document: MacrocellReader.read("[M2]\n#R B3/S23\n*$\n"))
        #expect(twoState.boundingBox == CellRect(x: -4, y: -3, width: 1, height: 1))
        // Written back in the same frame: the same leaf.
        #expect(MultiStateMacrocell.write(read.pattern).hasSuffix("\n1 1 0 0 2\n"))
    }

    @Test func torusPatternsAreCentred() throws {
        let pattern = try MultiStateRLE.read("x = 4, y = 2, rule = /2/3:T4,2\nA!\n")
        #expect(pattern.cells == [MultiStateCell(x: -2, y: -1, state: 1)])
    }
}

@Suite struct MultiStateLineEndingTests {
    @Test func crlfFilesAreRead() throws {
        let rle = try MultiStateRLE.read("#C comment\r\nx = 2, y = 1, rule = /2/3\r\nAB!\r\n")
        #expect(rle.cells == [MultiStateCell(x: 0, y: 0, state: 1), MultiStateCell(x: 1, y: 0, state: 2)])
        #expect(rle.comments == ["#C comment"])
        let macrocell = try MultiStateMacrocell.read("[M2] (golly 4.0)\r\n#R LifeHistory\r\n1 0 0 0 6\r\n")
        #expect(macrocell.pattern.rule == AnyRule(try MultiStateRule("LifeHistory")))
        #expect(macrocell.pattern.cells.count == 1)
    }
}
