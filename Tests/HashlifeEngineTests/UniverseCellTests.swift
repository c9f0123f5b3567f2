import Testing
@testable import HashlifeEngine
import HashlifeTestSupport

/// Cells, rectangles, bounding boxes and the tree's invariants.
@Suite struct UniverseCellTests {
    @Test func setGetAndToggleAtHugeCoordinates() throws {
        let universe = Universe()
        let far = try BigInt(BigUInt.parseCount("10^40"))
        let points: [(BigInt, BigInt)] = [(0, 0), (-1, -1), (far, -far), (-far, far + 7), (BigInt(12345), BigInt(-99))]
        for (x, y) in points { universe.setCell(x: x, y: y) }
        for (x, y) in points { #expect(universe.cell(x: x, y: y)) }
        #expect(!universe.cell(x: far, y: far))
        #expect(universe.population == BigUInt(points.count))
        #expect(universe.boundingBox == CellRect(x: -far, y: -far, width: (far + far + 1).magnitude, height: (far + far + 8).magnitude))
        universe.toggleCell(x: far, y: -far)
        #expect(!universe.cell(x: far, y: -far))
        #expect(universe.population == BigUInt(points.count - 1))
        #expect(universe.boundingBox == CellRect(x: -far, y: -99, width: (far + 12346).magnitude, height: (far + 107).magnitude))
        #expect(universe.invariantViolations().isEmpty)
    }

    @Test func rectanglePopulationAndIterationMatchTheReference() {
        var rng = SplitMix64(seed: 42)
        let cells = randomSoup(width: 90, height: 70, density: 0.3, seed: 7).map { ReferenceCell(x: $0.x - 40, y: $0.y - 33) }
        let universe = Universe(rule: .life, referenceCells: cells)
        let reference = Set(cells)
        for _ in 0..<200 {
            let x = Int.random(in: -60...60, using: &rng), y = Int.random(in: -50...50, using: &rng)
            let w = Int.random(in: 0...70, using: &rng), h = Int.random(in: 0...70, using: &rng)
            let rect = CellRect(x: x, y: y, width: w, height: h)
            let inside = reference.filter { $0.x >= x && $0.x < x + w && $0.y >= y && $0.y < y + h }
            #expect(universe.population(in: rect) == BigUInt(inside.count), "rect \(rect)")
            var visited = Set<ReferenceCell>()
            universe.forEachLiveCell(in: rect) { cx, cy in visited.insert(ReferenceCell(x: cx.intValue!, y: cy.intValue!)) }
            #expect(visited == inside, "rect \(rect)")
            var offsets = Set<ReferenceCell>()
            universe.forEachLiveCellOffset(in: rect) { dx, dy in offsets.insert(ReferenceCell(x: x + dx, y: y + dy)) }
            #expect(offsets == inside, "offsets in rect \(rect)")
        }
        let box = ReferenceEngine(rule: .life, cells: cells).boundingBox!
        #expect(universe.boundingBox == CellRect(x: box.x, y: box.y, width: box.width, height: box.height))
    }

    @Test func treeStaysCanonicalThroughStepsAndEdits() {
        var rng = SplitMix64(seed: 9)
        let universe = Universe(rule: .life, referenceCells: randomSoup(width: 40, height: 40, density: 0.4, seed: 11))
        for round in 0..<40 {
            switch round % 4 {
            case 0: universe.step()
            case 1: universe.step(by: BigUInt(Int.random(in: 1...50, using: &rng)))
            case 2:
                for _ in 0..<20 { universe.toggleCell(x: Int.random(in: -80...80, using: &rng), y: Int.random(in: -80...80, using: &rng)) }
            default: universe.step(byPowerOfTwo: Int.random(in: 0...6, using: &rng))
            }
            let problems = universe.invariantViolations()
            #expect(problems.isEmpty, "round \(round): \(problems.prefix(3))")
        }
    }

    /// Roots between levels 32 and 62 take the exact big-integer path for rectangle counts.
    @Test func rectanglePopulationOnMidSizedRoots() {
        let universe = Universe()
        let far = 1 << 40
        let points = [(0, 0), (1, 1), (far, 5), (-far, -far), (far + 3, far)]
        for (x, y) in points { universe.setCell(x: x, y: y) }
        #expect(universe.rootLevel > 32 && universe.rootLevel < 62)
        #expect(universe.population(in: CellRect(x: -far, y: -far, width: 2 * far + 4, height: 2 * far + 1)) == BigUInt(5))
        #expect(universe.population(in: CellRect(x: 0, y: 0, width: far + 1, height: 6)) == BigUInt(3))
        #expect(universe.population(in: CellRect(x: 1, y: 1, width: far, height: far)) == BigUInt(2))
    }

    @Test func equalQuadrantsHaveOneId() {
        var store = NodeStore(rule: .life, memoryLimit: MemoryLimit.minimumBytes)
        #expect(store.leaf(0x1234) == store.leaf(0x1234))
        #expect(store.leaf(0x1234) != store.leaf(0x1235))
        let (a, b, c) = (store.leaf(1), store.leaf(2), store.leaf(3))
        let first = store.node(a, b, c, a)
        // Create enough other nodes to grow the hash index.
        var previous = store.emptyNode(level: 3)
        for i in 0..<5000 { previous = store.node(store.leaf(UInt64(i)), previous, a, b) }
        #expect(store.node(a, b, c, a) == first)
        #expect(store.invariantViolations(root: first, level: 4).isEmpty)
        // A block placed at two aligned spots far apart is the same leaf in both places.
        let universe = Universe()
        for (x, y) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            universe.setCell(x: x, y: y)
            universe.setCell(x: x + 1 << 20, y: y)
        }
        let leaves = universe.leafIDs(containing: [(0, 0), (1 << 20, 0)])
        #expect(leaves[0] == leaves[1])
        #expect(universe.invariantViolations().isEmpty)
    }

    @Test func clearEmptiesButKeepsGenerationAndRule() throws {
        let universe = Universe(rule: try Rule("B36/S23"), referenceCells: [ReferenceCell(x: 1, y: 1)])
        universe.step()
        universe.clear()
        #expect(universe.isEmpty && universe.population == .zero && universe.boundingBox == nil)
        #expect(universe.generation == BigUInt(1))
        #expect(universe.rule == (try Rule("B36/S23")))
    }

    @Test func changingTheRuleForgetsOldResults() throws {
        let cells = randomSoup(width: 24, height: 24, density: 0.4, seed: 5)
        let universe = Universe(rule: .life, referenceCells: cells)
        universe.step(by: BigUInt(50))
        let highLife = try Rule("B36/S23")
        universe.setRule(highLife)
        var reference = ReferenceEngine(rule: .life, cells: cells)
        reference.step(50)
        var high = ReferenceEngine(rule: highLife, cells: reference.cells)
        high.step(50)
        universe.step(by: BigUInt(50))
        #expect(universe.referenceCells == high.cells)
    }

    // MARK: Loading far apart and long runs

    @Test func loadingCellsInAnyOrderKeepsEveryCell() {
        // The leaf accumulator keeps the row of leaves being filled aside (`strip`): cells row
        // by row, shuffled, repeated, rows that start left of the strip's first leaf, a row
        // wider than the strip's limit, and runs, all land where they belong.
        var cells = randomSoup(width: 300, height: 90, density: 0.4, seed: 81)
        for y in 0..<3 { cells.append(contentsOf: (0..<20).map { ReferenceCell(x: -5 - 40 * $0, y: 100 + y) }) }
        let wide = 8 * LeafAccumulator.stripLimit + 100
        cells.append(contentsOf: stride(from: 0, to: wide, by: 37).map { ReferenceCell(x: $0, y: 120) })
        cells.append(contentsOf: [ReferenceCell(x: wide, y: 121), ReferenceCell(x: 3, y: 121)])
        let expected = Set(cells)
        var shuffled = cells + cells.prefix(500)
        var generator = SplitMix64(seed: 82)
        shuffled.shuffle(using: &generator)
        for order in [cells, shuffled, cells.reversed()] {
            let universe = Universe()
            universe.load(cells: order.lazy.map { (x: $0.x, y: $0.y) })
            #expect(universe.referenceCells == expected)
            #expect(universe.population == BigUInt(expected.count))
        }
        let runs: [(x: Int, y: Int, length: Int)] = [(x: -3, y: 200, length: 30), (x: 10, y: 201, length: 9 * LeafAccumulator.stripLimit),
                                                    (x: -20, y: 200, length: 5), (x: 2, y: 202, length: 1)]
        let universe = Universe()
        universe.load(cells: cells.lazy.map { (x: $0.x, y: $0.y) }, runs: runs)
        var withRuns = expected
        for run in runs { for x in run.x..<(run.x + run.length) { withRuns.insert(ReferenceCell(x: x, y: run.y)) } }
        #expect(universe.referenceCells == withRuns)
        #expect(universe.invariantViolations().isEmpty)
    }

    @Test func cellsInColumnOrderKeepTheAccumulatorNearItsDistinctLeaves() {
        // Column by column, every cell starts a new strip, so each one is an entry of its own
        // until `finish` merges them: the entries stay within twice the distinct leaves and the
        // slack, and every leaf's cells are the union of its entries.
        let side = 256
        func alive(_ x: Int, _ y: Int) -> Bool { (x * 7 + y * 13) % 5 != 0 }
        let columnOrder = (0..<side).flatMap { x in (0..<side).filter { alive(x, $0) }.map { (x: x, y: $0) } }
        var accumulator = LeafAccumulator(originX: .zero, originY: .zero)
        var mostEntries = 0
        for cell in columnOrder {
            accumulator.add(x: cell.x, y: cell.y)
            mostEntries = max(mostEntries, accumulator.leaves.count)
        }
        accumulator.finish()
        let distinctLeaves = Set(columnOrder.map { [$0.x >> 3, ($0.y + 7) >> 3] }).count  // rows of leaves start at y ≡ 1 (mod 8)
        #expect(accumulator.mergedCount > 0)
        #expect(mostEntries <= 2 * distinctLeaves + LeafAccumulator.mergeSlack + 1)
        accumulator.merge()
        #expect(accumulator.leaves.count == distinctLeaves)
        #expect(accumulator.leaves.reduce(0) { $0 + $1.bits.nonzeroBitCount } == columnOrder.count)

        let universe = Universe()
        universe.load(cells: columnOrder)
        #expect(universe.referenceCells == Set(columnOrder.map { ReferenceCell(x: $0.x, y: $0.y) }))
        #expect(universe.invariantViolations().isEmpty)
    }

    @Test func loadingCellsAtTheEdgesOfIntDoesNotTrap() {
        let universe = Universe()
        let cells = [(x: 0, y: Int.max), (x: Int.min, y: 0), (x: Int.max, y: Int.min), (x: 5, y: 6)]
        universe.load(cells: cells, originX: BigInt(3), originY: BigInt(-7))
        #expect(universe.population == BigUInt(4))
        for (x, y) in cells { #expect(universe.cell(x: BigInt(x) + BigInt(3), y: BigInt(y) - BigInt(7))) }
        #expect(!universe.cell(x: BigInt(Int.max), y: BigInt(0)))
        #expect(universe.invariantViolations().isEmpty)
    }

    @Test func loadingCellsAtHugeOriginsFindsTheLevelFromTheirSize() {
        let universe = Universe()
        let far = BigInt(BigUInt.powerOfTwo(60_000))
        universe.load(cells: [(x: 0, y: 0), (x: 1, y: 2)], originX: far, originY: -far)
        #expect(universe.population == BigUInt(2))
        #expect(universe.cell(x: far + BigInt(1), y: BigInt(2) - far))
        #expect(universe.rootLevel == 60_002)
    }

    @Test func aLeafRootSitsAtTheCentreOfGollysFrame() throws {
        // Golly pads a leaf root into a level-4 node about its centre: an 8×8 root's top-left
        // cell is (-4, -3), the centre of the level-4 frame (-8, -7)…(7, 8).
        let universe = Universe()
        let bits: UInt64 = 1 << (7 * 8 + 1) | 1 << 0 | 1 << 63
        try universe.load(tree: [.leaf(bits)])
        #expect(universe.population == BigUInt(3))
        #expect(universe.cell(x: -4 + 1, y: -3 + 7))
        #expect(universe.cell(x: -4, y: -3))
        #expect(universe.cell(x: -4 + 7, y: -3 + 7))
        #expect(universe.boundingBox == CellRect(x: -4, y: -3, width: 8, height: 8))
        #expect(universe.invariantViolations().isEmpty)
    }

    @Test func shortRunsMatchCellByCell() {
        var rng = SplitMix64(seed: 77)
        let runs = Universe(), cells = Universe()
        for _ in 0..<300 {
            let x = Int.random(in: -100...100, using: &rng), y = Int.random(in: -60...60, using: &rng)
            let length = Int.random(in: 0...90, using: &rng)
            runs.setRun(x: BigInt(x), y: BigInt(y), length: BigUInt(length))
            for dx in 0..<length { cells.setCell(x: x + dx, y: y) }
        }
        #expect(runs.referenceCells == cells.referenceCells)
        #expect(runs.invariantViolations().isEmpty)
    }

    @Test func aBillionCellRunIsAHandfulOfNodes() throws {
        let universe = Universe(memoryLimit: 1 << 20)
        universe.setCell(x: 3, y: 3)
        universe.setRun(x: BigInt(-5), y: BigInt(3), length: BigUInt(1_000_000_000))
        #expect(universe.population == BigUInt(1_000_000_000))
        #expect(universe.cell(x: -5, y: 3) && universe.cell(x: 999_999_994, y: 3))
        #expect(!universe.cell(x: -6, y: 3) && !universe.cell(x: 999_999_995, y: 3) && !universe.cell(x: 0, y: 2))
        #expect(universe.treeNodeCount < 200)
        // A run longer than any Int, far away.
        let far = BigInt(try BigUInt.parseCount("10^40"))
        universe.setRun(x: -far, y: far, length: BigUInt.powerOfTwo(200))
        #expect(universe.population == BigUInt(1_000_000_000) + BigUInt.powerOfTwo(200))
        #expect(universe.cell(x: -far + BigInt(BigUInt.powerOfTwo(200)) - BigInt(1), y: far))
        #expect(!universe.cell(x: -far + BigInt(BigUInt.powerOfTwo(200)), y: far))
        #expect(universe.invariantViolations().isEmpty)
    }

    @Test func addingCellsFarAwayKeepsBoth() throws {
        let far = BigInt(try BigUInt.parseCount("10^30"))
        let glider = [(x: 1, y: 0), (x: 2, y: 1), (x: 0, y: 2), (x: 1, y: 2), (x: 2, y: 2)]
        let universe = Universe()
        universe.load(cells: glider)
        universe.add(cells: glider, originX: far, originY: -far)
        universe.add(cells: [(x: 0, y: 0), (x: 1, y: 0)])
        #expect(universe.population == BigUInt(11))
        for (x, y) in glider {
            #expect(universe.cell(x: x, y: y))
            #expect(universe.cell(x: far + BigInt(x), y: BigInt(y) - far))
        }
        #expect(universe.cell(x: 0, y: 0))
        #expect(universe.invariantViolations().isEmpty)
        universe.step(by: BigUInt(4))
        #expect(universe.population == BigUInt(10) || universe.population >= BigUInt(5))
    }
}
