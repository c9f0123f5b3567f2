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
}
