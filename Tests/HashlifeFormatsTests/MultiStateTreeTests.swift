import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// Multi-state Macrocell files load as trees, node by node: the same cells, in Golly's frame,
/// as loading them one by one, and trees far larger in cells than in nodes load at once.
@Suite struct MultiStateTreeTests {
    /// Random soups written as Macrocell, read back as trees: the universe built from the tree
    /// holds exactly the cells of the universe built from the same cells one by one, and the two
    /// stay equal over 64 generations.
    @Test(arguments: ["LifeHistory", "345/2/4", "B36/S23Super"])
    func aTreeLoadsTheCellsItStandsFor(_ text: String) throws {
        let rule = try MultiStateRule(text)
        for seed in UInt64(1)...4 {
            let soup = MultiStateUniverseTests.soup(rule, width: 21 + Int(seed) * 7, height: 13 + Int(seed) * 5,
                                                    left: -11 * Int(seed), top: 3 - 9 * Int(seed), seed: seed)
            let read = try MultiStateMacrocell.read(MultiStateMacrocell.write(soup)).pattern
            let tree = try #require(read.tree)
            #expect((tree.level ?? 0) >= 3)
            let fromTree = read.universe(), fromCells = MultiStatePattern(rule: rule, cells: soup.cells).universe()
            #expect(fromTree.cellList()?.cells.map { SIMD3($0.x, $0.y, Int($0.state)) } == fromCells.cellList()?.cells.map { SIMD3($0.x, $0.y, Int($0.state)) })
            #expect(fromTree.boundingBox == fromCells.boundingBox, "\(text) seed \(seed)")
            #expect(read.cells == soup.cells.sorted())
            try fromTree.step(by: BigUInt(64))
            try fromCells.step(by: BigUInt(64))
            #expect(fromTree.population == fromCells.population && fromTree.boundingBox == fromCells.boundingBox, "\(text) seed \(seed)")
        }
    }

    /// A tree's states mapped: the cells of the mapped tree are the mapped cells of the tree, in
    /// place, the squares left empty dropped and shared squares kept shared; a state mapped to
    /// nil gives nil.
    @Test(arguments: [UInt64(1), 2, 3])
    func mappingStatesMapsEveryCellInPlace(seed: UInt64) throws {
        let rule = try MultiStateRule("LifeHistory")
        let soup = MultiStateUniverseTests.soup(rule, width: 37, height: 29, left: -20, top: -7, seed: seed)
        let tree = try #require(try MultiStateMacrocell.read(MultiStateMacrocell.write(soup)).pattern.tree)
        func cells(_ tree: StateTree) -> [SIMD3<Int>] {
            var list: [SIMD3<Int>] = []
            tree.forEachCell { x, y, state in list.append(SIMD3(x, y, Int(state))) }
            return list.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
        }
        let odd = try #require(tree.mappingStates { $0 & 1 })
        #expect(cells(odd) == cells(tree).filter { $0.z & 1 == 1 }.map { SIMD3($0.x, $0.y, 1) })
        #expect(odd.level == tree.level)
        #expect(Set(odd.nodes).count == odd.nodes.count, "a square is listed once")
        #expect(odd.nodes.allSatisfy { $0.parts != SIMD4(repeating: 0) }, "an empty square is 0, not a node")
        #expect(tree.mappingStates { $0 == 2 ? nil : $0 } == nil)
        let none = try #require(tree.mappingStates { _ in 0 })
        #expect(none.level == nil && cells(none).isEmpty)
    }

    /// The root sits where Golly places it: a level-3 root covers x −4 … 3 and y −3 … 4.
    @Test func theTreesRootSitsInGollysFrame() throws {
        let text = "[M2] (golly 4.0)\n#R LifeHistory\n1 1 0 0 0\n1 0 0 0 2\n2 1 0 0 0\n2 0 0 0 2\n3 3 0 0 4\n"
        let universe = try MultiStateMacrocell.read(text).pattern.universe()
        #expect(universe.state(atX: BigInt(-4), y: BigInt(-3)) == 1)
        #expect(universe.state(atX: BigInt(3), y: BigInt(4)) == 2)
        #expect(universe.population == BigUInt(2))
        #expect(universe.boundingBox == CellRect(x: BigInt(-4), y: BigInt(-3), width: BigUInt(8), height: BigUInt(8)))
    }

    /// A level-50 tree of 50 nodes stands for 2·4^49 cells: listing them is out of reach, the
    /// tree loads at once, with the exact population, and a step follows it.
    @Test func aDeepTreeLoadsWithoutListingItsCells() throws {
        var lines = ["[M2] (golly 4.0)", "#R LifeHistory", "1 1 0 0 1"]
        for level in 2...50 { lines.append("\(level) \(level - 1) \(level - 1) \(level - 1) \(level - 1)") }
        let read = try MultiStateMacrocell.read(lines.joined(separator: "\n") + "\n").pattern
        let universe = read.universe()
        #expect(universe.population == BigUInt(2) * BigUInt.powerOfTwo(98))
        let half = BigInt(BigUInt.powerOfTwo(49))
        #expect(universe.state(atX: -half, y: BigInt(1) - half) == 1)
        #expect(universe.state(atX: -half + BigInt(1), y: BigInt(1) - half) == 0)
        #expect(universe.state(atX: half - BigInt(1), y: half) == 1)
        #expect(universe.boundingBox == CellRect(x: -half, y: BigInt(1) - half, width: BigUInt.powerOfTwo(50), height: BigUInt.powerOfTwo(50)))
        try universe.step(by: BigUInt(1))
        #expect(universe.generation == BigUInt(1) && !universe.isEmpty)
    }

    /// The deep tree written back from its universe is written node by node: the file has no
    /// more node lines than the tree has distinct nodes, and it reads back to the same cells.
    @Test func aDeepUniverseIsWrittenNodeByNode() throws {
        var lines = ["[M2] (golly 4.0)", "#R LifeHistory", "1 1 0 0 2"]
        for level in 2...50 { lines.append("\(level) \(level - 1) \(level - 1) \(level - 1) \(level - 1)") }
        let universe = try MultiStateMacrocell.read(lines.joined(separator: "\n") + "\n").pattern.universe()
        universe.generation = BigUInt(12345)
        let bytes = try PatternCodec.encode(universe, as: .macrocell, compressed: false, metadata: PatternMetadata(name: "deep"))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.split(separator: "\n").filter { $0.first?.isNumber == true }.count <= 60)
        #expect(text.contains("#G 12345\n") && text.contains("#N deep\n"))
        let back = try MultiStateMacrocell.read(text).pattern.universe()
        #expect(back.population == universe.population && back.boundingBox == universe.boundingBox)
        #expect(back.state(atX: BigInt(0), y: BigInt(1)) == universe.state(atX: BigInt(0), y: BigInt(1)))
        let corner = try #require(universe.boundingBox)
        let near = CellRect(x: corner.x, y: corner.y, width: BigUInt(16), height: BigUInt(16))
        #expect(states(back, in: near) == states(universe, in: near) && states(universe, in: near).count == 128)
    }

    /// A multi-state pattern far from the origin (x near 2^70) cannot be listed cell by cell in
    /// RLE, with an error that points to Macrocell; as Macrocell it is written and read back
    /// exactly, after steps too.
    @Test func farCellsAreWrittenAsMacrocell() throws {
        let universe = MultiStateUniverse(rule: try MultiStateRule("LifeHistory"))
        let far = BigInt(BigUInt.powerOfTwo(70))
        for (dx, dy) in [(1, 0), (2, 1), (0, 2), (1, 2), (2, 2)] { universe.setState(1, atX: far + BigInt(dx), y: -far + BigInt(dy)) }
        universe.setState(4, atX: -far, y: far)
        universe.step(by: BigUInt(40))
        #expect(throws: PatternError.self) { try PatternCodec.encode(universe, as: .rle, compressed: false, metadata: PatternMetadata()) }
        let bytes = try PatternCodec.encode(universe, as: .macrocell, compressed: true, metadata: PatternMetadata())
        let read = try MultiStateMacrocell.read(bytes: bytes)
        let back = read.pattern.universe()
        #expect(read.generation == "40")
        #expect(back.population == universe.population && back.boundingBox == universe.boundingBox)
        for (x, y) in [(far, -far), (-far, far)] {
            let near = CellRect(x: x - BigInt(30), y: y - BigInt(30), width: BigUInt(80), height: BigUInt(80))
            #expect(states(back, in: near) == states(universe, in: near) && !states(universe, in: near).isEmpty)
        }
    }

    private func states(_ universe: any LifeUniverse, in rect: CellRect) -> [SIMD3<Int>] {
        var found: [SIMD3<Int>] = []
        universe.forEachCellOffset(in: rect) { dx, dy, state in found.append(SIMD3(dx, dy, Int(state))) }
        return found
    }

    /// A two-state universe's tree of states gives back its 8×8-leaf definitions, and the same
    /// tree as nodes of 2×2 squares converts back to those definitions and loads to the same
    /// cells.
    @Test(arguments: [UInt64(1), 2, 3])
    func twoStateTreesConvertBothWays(_ seed: UInt64) throws {
        let universe = Universe(rule: .life)
        var random = SplitMix64(seed: seed)
        var cells: [(x: Int, y: Int)] = []
        for _ in 0..<600 { cells.append((Int(random.next() % 90) - 45, Int(random.next() % 70) - 20)) }
        universe.load(cells: cells, originX: BigInt(-1000), originY: BigInt(77))
        universe.step(by: BigUInt(100))
        let definitions = universe.treeDefinitions()
        #expect(try #require(universe.stateTree()).bitTree == definitions)
        // Through nodes of 2×2 squares and back: the same definitions.
        let tree = StateTree(nodes: StateTree(bitTree: definitions).nodes)
        #expect(tree.nodes.contains { $0.level == 1 } && !tree.nodes.contains { $0.level == 1 && $0.parts.max() > 1 })
        #expect(tree.bitTree == definitions)
        let copy = Universe(rule: .life)
        copy.load(stateTree: tree)
        #expect(copy.cellList()?.cells.map { SIMD2($0.x, $0.y) } == universe.cellList()?.cells.map { SIMD2($0.x, $0.y) })
        #expect(copy.boundingBox == universe.boundingBox)
        let text = String(decoding: try PatternCodec.encode(universe, as: .macrocell, compressed: false, metadata: PatternMetadata()), as: UTF8.self)
        let reread = try Universe(document: try MacrocellReader.read(text))
        #expect(reread.cellList()?.cells.map { SIMD2($0.x, $0.y) } == universe.cellList()?.cells.map { SIMD2($0.x, $0.y) })
        #expect(reread.boundingBox == universe.boundingBox)
    }
}
