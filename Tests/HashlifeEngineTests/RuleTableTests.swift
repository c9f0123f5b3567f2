import Testing
@testable import HashlifeEngine
import HashlifeTestSupport

/// Rule tables and trees (`.rule` files): reading them as Golly does, and stepping them (the
/// compiled tree, the kernel and the multi-state Hashlife) against the naive reading of the same
/// file (`RuleTable.naiveNext`, a walk of the tree's nodes), on random soups and buffers.
@Suite struct RuleTableTests {
    // MARK: Rule files of our own

    /// A random table for `neighbourhood` and `symmetry`: 4 states, free and bound variables,
    /// an all-zero line first so the empty plane stays empty.
    static func randomTable(_ neighbourhood: RuleTable.Neighbourhood, _ symmetry: RuleTable.Symmetry, seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        let inputs = neighbourhood.inputCount
        var text = """
            @RULE Random
            @TABLE
            n_states:4
            neighborhood:\(neighbourhood.rawValue)
            symmetries:\(symmetry.rawValue)
            var a={0,1,2,3}
            var b={1,2}
            var c={0,3}
            var d={b,3}   # an earlier variable inside a later one
            \(Array(repeating: "0", count: inputs + 1).joined(separator: ","))

            """
        let tokens = ["0", "1", "2", "3", "a", "b", "c", "d", "a", "b", "c", "0", "0"]
        for _ in 0..<30 {
            var fields = (0..<inputs).map { _ in tokens[Int(random.next() % UInt64(tokens.count))] }
            let variables = fields.filter { Set(["a", "b", "c", "d"]).contains($0) }
            if random.next() % 4 == 0, let variable = variables.first, let index = fields.lastIndex(where: { $0 != variable }) {
                fields[index] = variable  // the same variable twice: bound
            }
            // Outputs: a state, or a variable bound by its use among the inputs.
            let used = fields.filter { Set(["a", "b", "c", "d"]).contains($0) }
            let output = !used.isEmpty && random.next() % 3 == 0 ? used[Int(random.next() % UInt64(used.count))] : String(random.next() % 4)
            text += (fields + [output]).joined(separator: random.next() % 2 == 0 ? "," : ", ") + "\n"
        }
        return text
    }

    /// Every neighbourhood with every symmetry Golly allows for it.
    static let tableCases: [(RuleTable.Neighbourhood, RuleTable.Symmetry)] =
        RuleTable.Neighbourhood.allCases.flatMap { n in n.symmetries.map { (n, $0) } }

    static let commaFree = """
        @RULE CommaFree
        @TABLE
        n_states:3
        neighborhood:vonNeumann
        symmetries:rotate4
        000000
        010001   extra text after the fields is ignored
        011002
        012101
        100002
        101111
        102110
        200000
        201002
        """

    /// A random tree with `neighbours` neighbours and `states` states, as @TREE text; when
    /// `quiescent`, the all-zero neighbourhood leads to 0.
    static func randomTree(neighbours: Int, states: Int, seed: UInt64, quiescent: Bool) -> String {
        var random = SplitMix64(seed: seed)
        var lines: [String] = []
        var previous: [Int] = []
        var index = 0
        for level in 1...neighbours + 1 {
            let count = level == neighbours + 1 ? 1 : 3
            var current: [Int] = []
            for k in 0..<count {
                var values = (0..<states).map { _ in level == 1 ? Int(random.next() % UInt64(states)) : previous[Int(random.next() % UInt64(previous.count))] }
                // Node 0 of each level leads to node 0 below it, and the leaf 0 gives 0 for state 0.
                if quiescent && (k == 0 || level == neighbours + 1) { values[0] = level == 1 ? 0 : previous[0] }
                lines.append("\(level) " + values.map(String.init).joined(separator: " "))
                current.append(index)
                index += 1
            }
            previous = current
        }
        return "@RULE RandomTree\n@TREE\nnum_states=\(states)\nnum_neighbors=\(neighbours)\nnum_nodes=\(index)\n" + lines.joined(separator: "\n") + "\n"
    }

    static func rule(_ text: String) throws -> MultiStateRule {
        let file = try RuleFile.parse(text, fileName: "test.rule")
        return MultiStateRule(ruleFile: try #require(RuleFileRule(file: file)))
    }

    // MARK: The naive stepper

    /// One generation of `transitions` on a `size`×`size` square (cells outside it are 0), for
    /// a rule that keeps empty neighbourhoods empty: only the cells within one cell of the
    /// non-zero ones are asked.
    static func naiveStep(_ cells: [UInt8], size: Int, _ transitions: RuleFile.Transitions) -> [UInt8] {
        var next = cells
        var (left, top, right, bottom) = (size, size, -1, -1)
        for y in 0..<size {
            for x in 0..<size where cells[y * size + x] != 0 {
                (left, top, right, bottom) = (min(left, x), min(top, y), max(right, x), max(bottom, y))
            }
        }
        guard right >= 0 else { return cells }
        for y in max(top - 1, 0)...min(bottom + 1, size - 1) {
            for x in max(left - 1, 0)...min(right + 1, size - 1) {
                next[y * size + x] = transitions.naiveNext { dx, dy in
                    let (u, v) = (x + dx, y + dy)
                    return u >= 0 && u < size && v >= 0 && v < size ? cells[v * size + u] : 0
                }
            }
        }
        return next
    }

    /// The universe's cells in the square of `size` at (−margin, −margin), row by row.
    static func square(_ universe: MultiStateUniverse, size: Int, margin: Int) -> [UInt8] {
        var cells = [UInt8](repeating: 0, count: size * size)
        for cell in universe.cells(in: CellRect(x: -margin, y: -margin, width: size, height: size)) {
            cells[cell.y * size + cell.x] = cell.state
        }
        return cells
    }

    /// Steps a 10×10 soup generation by generation, then by jumps of 2^k, comparing with the
    /// naive stepper on a square wide enough that nothing reaches its edge.
    func matchesNaive(_ text: String, states: Int, seed: UInt64, label: String) throws {
        let file = try RuleFile.parse(text, fileName: "test.rule")
        let transitions = try #require(file.transitions)
        let rule = try Self.rule(text)
        let generations = 16, soup = 10, margin = generations + 2
        let size = soup + 2 * margin
        var random = SplitMix64(seed: seed)
        var cells = [UInt8](repeating: 0, count: size * size)
        var list: [(x: Int, y: Int, state: UInt8)] = []
        for y in 0..<soup {
            for x in 0..<soup where random.next() % 2 == 0 {
                let state = UInt8(1 + random.next() % UInt64(states - 1))
                cells[(y + margin) * size + x + margin] = state
                list.append((x, y, state))
            }
        }
        let universe = MultiStateUniverse(rule: rule)
        universe.load(cells: list)
        var expected = [cells]
        for generation in 1...generations {
            expected.append(Self.naiveStep(expected[generation - 1], size: size, transitions))
            universe.step()
            let got = Self.square(universe, size: size, margin: margin)
            let differing = zip(got, expected[generation]).filter { $0 != $1 }.count
            #expect(differing == 0, "\(label): \(differing) cells differ at generation \(generation)")
            if differing != 0 { return }
        }
        for k in 1...4 {
            let jumped = MultiStateUniverse(rule: rule)
            jumped.load(cells: list)
            jumped.step(byPowerOfTwo: k)
            let differing = zip(Self.square(jumped, size: size, margin: margin), expected[1 << k]).filter { $0 != $1 }.count
            #expect(differing == 0, "\(label): \(differing) cells differ after a jump of 2^\(k)")
        }
    }

    @Test(arguments: tableCases.indices)
    func tablesMatchTheNaiveStepper(_ index: Int) throws {
        let (neighbourhood, symmetry) = Self.tableCases[index]
        for seed in UInt64(1)...2 {
            let text = Self.randomTable(neighbourhood, symmetry, seed: seed &* 7919 &+ UInt64(index))
            try matchesNaive(text, states: 4, seed: seed, label: "\(neighbourhood.rawValue) \(symmetry.rawValue) seed \(seed)")
        }
    }

    @Test func commaFreeFormMatchesTheNaiveStepper() throws {
        try matchesNaive(Self.commaFree, states: 3, seed: 5, label: "comma-free")
        let table = try #require(try RuleFile.parse(Self.commaFree, fileName: "t.rule").transitions)
        guard case .table(let parsed) = table else { Issue.record("not a table"); return }
        #expect(parsed.transitions.count == 9)
        #expect(parsed.transitions[2].inputs == [[0], [1], [1], [0], [0]] && parsed.transitions[2].output == 2)
    }

    @Test(arguments: [4, 8])
    func treesMatchTheNaiveStepper(neighbours: Int) throws {
        for seed in UInt64(1)...4 {
            let text = Self.randomTree(neighbours: neighbours, states: 3 + Int(seed % 3), seed: seed, quiescent: true)
            try matchesNaive(text, states: 3 + Int(seed % 3), seed: seed, label: "tree of \(neighbours) neighbours, seed \(seed)")
        }
    }

    /// The kernel on whole buffers (every cell, non-quiescent rules included) against the
    /// naive answer, for tables of every neighbourhood and trees of 4 and 8 neighbours.
    @Test func kernelMatchesTheNaiveAnswerOnRandomBuffers() throws {
        var texts = Self.tableCases.enumerated().map { Self.randomTable($0.element.0, $0.element.1, seed: UInt64(100 + $0.offset)) }
        texts += [4, 8].flatMap { n in [true, false].map { Self.randomTree(neighbours: n, states: 5, seed: UInt64(n), quiescent: $0) } }
        for text in texts {
            let file = try RuleFile.parse(text, fileName: "t.rule")
            let transitions = try #require(file.transitions)
            let kernel = MultiStateKernel(rule: try Self.rule(text))
            let states = UInt64(transitions.stateCount)
            var random = SplitMix64(seed: 9)
            let source = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
            let target = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
            defer { source.deallocate(); target.deallocate() }
            for round in 0..<20 {
                let sparse = round % 2 == 0
                for i in 0..<256 { source[i] = sparse && random.next() % 4 != 0 ? 0 : UInt8(random.next() % states) }
                kernel.generation(source, into: target, width: 16)
                var wrong = 0
                for y in 1..<15 {
                    for x in 1..<15 {
                        let expected = transitions.naiveNext { dx, dy in source[(y + dy) * 16 + x + dx] }
                        if target[(y - 1) * 16 + x - 1] != expected { wrong += 1 }
                    }
                }
                #expect(wrong == 0, "\(file.name) \(text.split(separator: "\n").prefix(5).joined(separator: " ")): \(wrong) cells differ")
                if wrong != 0 { break }
            }
        }
    }

    /// A table compiled to a tree and written as @TREE text steps as the table does.
    @Test func tableCompiledToATreeReadsBackAsTheSameRule() throws {
        let text = Self.randomTable(.moore, .rotate4reflect, seed: 77)
        guard case .table(let table)? = try RuleFile.parse(text, fileName: "t.rule").transitions else { Issue.record("not a table"); return }
        let tree = table.compiledTree(centreFirst: false)  // Golly's order, as @TREE asks
        let lines = zip(tree.levels, tree.values).map { "\($0.0) " + $0.1.map(String.init).joined(separator: " ") }
        let treeText = "@RULE T\n@TREE\nnum_states=4\nnum_neighbors=8\nnum_nodes=\(tree.values.count)\n" + lines.joined(separator: "\n")
        guard case .tree(let parsed)? = try RuleFile.parse(treeText, fileName: "t.rule").transitions else { Issue.record("not a tree"); return }
        #expect(parsed == tree)
        try matchesNaive(treeText, states: 4, seed: 3, label: "compiled tree")
    }

    // MARK: Reading

    @Test func bindingAndFreeVariables() throws {
        let text = """
            @RULE Vars
            @TABLE
            n_states:3
            neighborhood:oneDimensional
            symmetries:none
            var a={1,2}
            var b={1,2}
            a,a,b,a   # a bound (three uses), b free
            """
        guard case .table(let table)? = try RuleFile.parse(text, fileName: "v.rule").transitions else { Issue.record("not a table"); return }
        #expect(table.transitions.map(\.inputs) == [[[1], [1], [1, 2]], [[2], [2], [1, 2]]])
        #expect(table.transitions.map(\.output) == [1, 2])
        #expect(table.naiveNext { dx, _ in dx == 0 ? 2 : dx < 0 ? 2 : 1 } == 2)
        #expect(table.naiveNext { dx, _ in dx == 0 ? 2 : dx < 0 ? 1 : 1 } == 2, "unmatched: the centre keeps its state")
    }

    @Test func firstMatchingLineWins() throws {
        let text = """
            @RULE First
            @TABLE
            n_states:3
            neighborhood:vonNeumann
            symmetries:none
            var a={0,1,2}
            var b={0,1,2}
            var c={0,1,2}
            var d={0,1,2}
            0,1,a,b,c,2
            0,a,b,c,d,1
            """
        let rule = try Self.rule(text)
        #expect(rule.next((0, 1, 0, 0, 0, 0, 0, 0, 0)) == 2)
        #expect(rule.next((0, 2, 0, 0, 0, 0, 0, 0, 0)) == 1)
        #expect(rule.next((0, 0, 0, 0, 1, 0, 0, 0, 0)) == 1, "a centre of 1 matches nothing and stays")
    }

    @Test func whicheverOfTableAndTreeComesFirstWins() throws {
        let table = "@TABLE\nn_states:2\nneighborhood:vonNeumann\nsymmetries:none\n000001\n"
        let tree = "@TREE\nnum_states=3\nnum_neighbors=4\nnum_nodes=5\n1 0 0 0\n2 0 0 0\n3 1 1 1\n4 2 2 2\n5 3 3 3\n"
        let tableFirst = try RuleFile.parse("@RULE A\n" + table + tree, fileName: "a.rule")
        let treeFirst = try RuleFile.parse("@RULE A\n" + tree + table, fileName: "a.rule")
        #expect(tableFirst.transitions?.stateCount == 2)
        #expect(treeFirst.transitions?.stateCount == 3)
        #expect(try RuleFile.parse("@RULE C\n@COLORS\n1 255 0 0\n", fileName: "c.rule").transitions == nil)
    }

    @Test func displaySectionsAreKept() throws {
        let text = """
            @RULE Shown
            @TABLE
            n_states:3
            neighborhood:Moore
            symmetries:none
            @NAMES
            0 empty
            1 head # a comment
            2 tail end
            @COLORS
            64 0 0 255 255 0   # the gradient
            2 0, 128, 255
            1 200 200 255   pale blue
            5 1 2 3   # a state the rule lacks: ignored
            @ICONS
            circles
            """
        let file = try RuleFile.parse(text, fileName: "s.rule")
        #expect(file.stateNames == [0: "empty", 1: "head", 2: "tail end"])
        #expect(file.colors == [1: RuleColor(red: 200, green: 200, blue: 255), 2: RuleColor(red: 0, green: 128, blue: 255)])
        #expect(file.gradient?.0 == RuleColor(red: 64, green: 0, blue: 0) && file.gradient?.1 == RuleColor(red: 255, green: 255, blue: 0))
        #expect(file.icons == ["circles"])
    }

    static let errorCases: [(String, Int, String)] = [
        ("@RULE E\n@TABLE\nn_states:3\nneighborhood:Margolus\n", 4, "unsupported neighborhood \"Margolus\""),
        ("@RULE E\n@TABLE\nn_states:3\nneighborhood:hexagonal\nsymmetries:rotate4\n", 5, "unsupported symmetries \"rotate4\""),
        ("@RULE E\n@TABLE\nn_states:3\nneighborhood:Moore\nsymmetries:none\n0,1,2,0\n", 6, "needs 10 fields"),
        ("@RULE E\n@TABLE\nn_states:3\nneighborhood:vonNeumann\nsymmetries:none\n0,1,2,0,0,3\n", 6, "state 3 is out of range"),
        ("@RULE E\n@TABLE\nn_states:3\nneighborhood:vonNeumann\nsymmetries:none\n01200\n", 6, "needs 6 fields"),
        ("@RULE E\n@TABLE\nn_states:300\n", 3, "n_states is 300"),
        ("@RULE E\n@TABLE\nsymmetries:none\n", 3, "neighborhood must be declared before symmetries"),
        ("@RULE E\n@TABLE\nn_states:3\nneighborhood:vonNeumann\nsymmetries:none\nvar a={0,1}\n0,a,0,0,0,a\n0,1,0,0,0,q\n", 8, "\"q\" is neither a state nor a variable"),
        ("@RULE E\n@TABLE\nn_states:3\nneighborhood:vonNeumann\nsymmetries:none\nvar a={0,1}\n0,1,0,0,0,a\n", 7, "the output \"a\" must be"),
        ("@RULE E\n@TREE\nnum_states=2\nnum_neighbors=4\nnum_nodes=5\n1 0 1\n2 0 3\n", 7, "node 1 points to node 3, which is not defined before it"),
        ("@RULE E\n@TREE\nnum_states=2\nnum_neighbors=4\nnum_nodes=5\n1 0 1\n2 0 0 1\n", 7, "needs 2 values"),
        ("@RULE E\n@TREE\nnum_states=2\nnum_neighbors=4\nnum_nodes=5\n1 0 1\n2 0 0\n3 1 1\n4 2 2\n3 1 1\n", 10, "the last node is at level 3, not 5"),
        ("@RULE E\n@TREE\nnum_states=2\nnum_neighbors=4\nnum_nodes=6\n1 0 1\n2 0 0\n3 1 1\n4 2 2\n5 3 3\n", 10, "num_nodes is 6 but the tree has 5 nodes"),
        ("@RULE E\n@TREE\nnum_states=2\nnum_neighbors=6\nnum_nodes=2\n1 0 1\n", 6, "num_neighbors must be given first, 4 or 8"),
        ("@TABLE\nn_states:2\n", 0, "no \"@RULE name\" line"),
    ]

    @Test(arguments: errorCases.indices)
    func errorsNameTheFileTheLineAndTheReason(_ index: Int) {
        let (text, line, reason) = Self.errorCases[index]
        do {
            _ = try RuleFile.parse(text, fileName: "bad.rule")
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.file == "bad.rule")
            if line > 0 { #expect(error.line == line, "\(error)") }
            #expect(error.description.contains(reason), "\(error)")
            #expect(error.description.hasPrefix(line > 0 ? "bad.rule:\(line): " : "bad.rule"), "\(error)")
        }
    }
}
