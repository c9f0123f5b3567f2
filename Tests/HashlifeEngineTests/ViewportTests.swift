import Testing
import HashlifeEngine
import HashlifeTestSupport

@Suite struct ViewportTests {
    /// Counts of each block by brute force over the reference engine's cells.
    static func expectedBlocks(_ cells: Set<ReferenceCell>, x: Int, y: Int, zoom: Int, columns: Int, rows: Int) -> [[Int]] {
        var blocks = [[Int]](repeating: [Int](repeating: 0, count: columns), count: rows)
        for cell in cells {
            let dx = cell.x - x, dy = cell.y - y
            guard dx >= 0, dy >= 0, dx < columns * zoom, dy < rows * zoom else { continue }
            blocks[dy / zoom][dx / zoom] += 1
        }
        return blocks
    }

    static func blocks(_ universe: Universe, _ viewport: Viewport) -> [[Int]] {
        var rows: [[Int]] = []
        universe.forEachBlockRow(of: viewport) { j, counts in
            #expect(j == rows.count)
            rows.append(counts.map { $0.intValue! })
        }
        return rows
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 32, 64])
    func blocksCountTheirCellsOnSoups(zoom: Int) {
        var rng = SplitMix64(seed: UInt64(zoom))
        for seed in 0..<3 as Range<UInt64> {
            var reference = ReferenceEngine(rule: .life, cells: randomSoup(width: 48, height: 40, density: 0.35, seed: seed + 50))
            reference.step(Int.random(in: 0...60, using: &rng))
            let universe = Universe(rule: .life, referenceCells: reference.cells)
            // Unaligned corners, negative coordinates, windows larger and smaller than the pattern.
            let x = Int.random(in: -70...10, using: &rng), y = Int.random(in: -70...10, using: &rng)
            let columns = Int.random(in: 1...max(1, 160 / zoom), using: &rng), rows = Int.random(in: 1...max(1, 150 / zoom), using: &rng)
            let viewport = Viewport(x: BigInt(x), y: BigInt(y), columns: columns, rows: rows, zoom: BigUInt(zoom))
            #expect(Self.blocks(universe, viewport) == Self.expectedBlocks(reference.cells, x: x, y: y, zoom: zoom, columns: columns, rows: rows),
                    "zoom \(zoom) at \(x),\(y) \(columns)×\(rows)")
        }
    }

    @Test func blockCountsAreExactWhateverTheirSize() {
        // 2^63 cells at zoom 1 do not fit an Int; blockCounts says how many there are anyway.
        let huge = Viewport(x: .zero, y: .zero, width: BigUInt.powerOfTwo(63), height: BigUInt(10), zoom: .one)
        #expect(huge.blockCounts.columns == BigUInt.powerOfTwo(63) && huge.blockCounts.rows == BigUInt(10))
        let partial = Viewport(x: .zero, y: .zero, width: BigUInt.powerOfTwo(200) + BigUInt.one, height: BigUInt(7), zoom: BigUInt.powerOfTwo(100))
        #expect(partial.blockCounts.columns == BigUInt.powerOfTwo(100) + BigUInt.one && partial.blockCounts.rows == BigUInt.one)
        #expect(partial.rows == 1)
    }

    @Test func partialLastBlockCountsTheWholeBlock() {
        let universe = Universe(rule: .life, referenceCells: [ReferenceCell(x: 4, y: 0), ReferenceCell(x: 5, y: 5)])
        // 5 cells wide at zoom 3: 2 columns, the second covering cells 3..<6 (past the window).
        let viewport = Viewport(x: 0, y: 0, width: 5, height: 6, zoom: 3)
        #expect(viewport.columns == 2 && viewport.rows == 2)
        #expect(Self.blocks(universe, viewport) == [[0, 1], [0, 1]])
    }

    @Test func zoomOneEqualsTheReferenceCells() {
        var reference = ReferenceEngine(rule: .life, cells: Fixtures.referenceCells("acorn.rle"))
        reference.step(1000)
        let universe = Universe(rule: .life, referenceCells: reference.cells)
        let box = reference.boundingBox!
        let viewport = Viewport(x: BigInt(box.x - 3), y: BigInt(box.y - 2), columns: box.width + 6, rows: box.height + 4)
        var seen = Set<ReferenceCell>()
        universe.forEachBlockRow(of: viewport) { j, counts in
            for (i, count) in counts.enumerated() where !count.isZero {
                #expect(count == .one)
                seen.insert(ReferenceCell(x: box.x - 3 + i, y: box.y - 2 + j))
            }
        }
        #expect(seen == reference.cells)
    }

    /// The gun at 2^100 viewed whole at zoom 2^91: exact counts that add up to the population.
    @Test func wholeGunAtGeneration2To100() throws {
        let universe = Fixtures.universe("gosper-glider-gun.rle")
        universe.step(by: try BigUInt.parseCount("2^100"))
        let viewport = try #require(universe.fit(columns: 100, rows: 40))
        #expect(viewport.zoom == BigUInt.powerOfTwo(viewport.zoom.bitWidth - 1))
        var total = BigUInt.zero
        var diagonal = 0
        universe.forEachBlockRow(of: viewport) { j, counts in
            for count in counts { total += count }
            if counts.contains(where: { !$0.isZero }) { diagonal += 1 }
        }
        #expect(total == universe.population)
        #expect(diagonal > 10)  // the stream crosses the view diagonally
    }

    /// A glider of the stream, far out at generation 2^100, is where the stream's motion says:
    /// the glider seen at generation 600 moves (1, 1) every 4 generations.
    @Test func farGliderIsWhereTheStreamFormulaSaysAtGeneration2To100() throws {
        let small = Fixtures.universe("gosper-glider-gun.rle")
        small.step(by: BigUInt(600))
        // The front glider at 600: the live cells nearest the bounding box's bottom-right corner.
        let box = try #require(small.boundingBox)
        let front = CellRect(x: box.maxX - 3, y: box.maxY - 3, width: 3, height: 3)
        #expect(small.population(in: front) == BigUInt(5))
        var shape = Set<ReferenceCell>()
        small.forEachLiveCellOffset(in: front) { dx, dy in shape.insert(ReferenceCell(x: dx, y: dy)) }

        let target = try BigUInt.parseCount("2^100")
        let moves = BigInt((target - BigUInt(600)).quotientAndRemainder(dividingBy: 4).quotient)
        let far = Fixtures.universe("gosper-glider-gun.rle")
        far.step(by: target)
        // A 100×40 window at zoom 1 around where the formula puts that glider.
        let expectedX = front.x + moves, expectedY = front.y + moves
        let tenTo29 = BigInt(try BigUInt.parseCount("10^29"))
        #expect(expectedX > tenTo29)
        let viewport = Viewport(x: expectedX - 50, y: expectedY - 20, columns: 100, rows: 40)
        var seen = Set<ReferenceCell>()
        far.forEachBlockRow(of: viewport) { j, counts in
            for (i, count) in counts.enumerated() where !count.isZero { seen.insert(ReferenceCell(x: i - 50, y: j - 20)) }
        }
        // At and ahead of the predicted spot: exactly that glider; behind it, the rest of the
        // stream (one glider per 30 generations, 7.5 cells apart on each axis).
        #expect(seen.filter { $0.x >= -1 && $0.y >= -1 } == shape, "front glider not where the formula says")
        #expect(seen.count % 5 == 0 && seen.count >= 10, "expected whole gliders of the stream behind the front one")
    }

    @Test func fitKeepsATwentyPercentMargin() throws {
        let universe = Fixtures.universe("acorn.rle")
        universe.step(by: BigUInt(2000))
        let box = try #require(universe.boundingBox)
        for (columns, rows) in [(10, 10), (80, 24), (200, 60), (33, 17)] {
            let viewport = try #require(universe.fit(columns: columns, rows: rows))
            let marginX = BigInt(columns / 5) * BigInt(viewport.zoom), marginY = BigInt(rows / 5) * BigInt(viewport.zoom)
            #expect(box.x >= viewport.x + marginX && box.maxX <= viewport.x + BigInt(viewport.width) - marginX, "\(columns)×\(rows)")
            #expect(box.y >= viewport.y + marginY && box.maxY <= viewport.y + BigInt(viewport.height) - marginY, "\(columns)×\(rows)")
            // The next smaller power of two would not fit.
            if viewport.zoom > .one {
                let smaller = viewport.zoom >> 1
                let innerColumns = BigUInt(columns - 2 * (columns / 5)), innerRows = BigUInt(rows - 2 * (rows / 5))
                #expect(innerColumns * smaller < box.width || innerRows * smaller < box.height)
            }
        }
        #expect(Universe().fit(columns: 10, rows: 10) == nil)
    }
}

/// Long runs cut by a band's edge: every block's count is the run's overlap with it, whatever
/// the alignment (the band walk counts equal edge nodes once).
@Suite struct ViewportRunTests {
    @Test(arguments: [0, 1, 5, 7, 8, 13])
    func aLongRunAtABandEdgeIsCountedExactly(bandOffset: Int) {
        let universe = Universe()
        let length = 1_000_003, start = -417
        universe.setRun(x: BigInt(start), y: BigInt(3), length: BigUInt(length))
        for zoom in [64, 1000, 1 << 14] {
            // The run's row is `bandOffset` rows below a band's top.
            let viewport = Viewport(x: BigInt(start - 123), y: BigInt(3 - bandOffset - zoom), columns: 80, rows: 3,
                                    zoom: BigUInt(zoom))
            let rows = universe.blockRows(of: viewport)
            for j in 0..<3 {
                let counts = rows.row(j)
                for (i, count) in counts.enumerated() {
                    let left = start - 123 + i * zoom, right = left + zoom
                    let overlap = j == 1 && bandOffset < zoom ? max(0, min(right, start + length) - max(left, start)) : 0
                    #expect(count == BigUInt(overlap), "zoom \(zoom), row \(j), block \(i)")
                }
            }
        }
    }
}
