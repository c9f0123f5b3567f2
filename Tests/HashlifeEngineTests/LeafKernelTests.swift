import Testing
@testable import HashlifeEngine

/// The bit-parallel kernels under the recursion (LeafRule+Square32.swift) against cell-by-cell
/// counting on random squares.
@Suite struct LeafKernelTests {
    /// Random words from a fixed seed.
    func words(_ count: Int, seed: UInt64) -> [UInt64] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in generator.next() }
    }

    @Test func transposingBytesSwapsRowsAndColumnsAndUndoesItself() {
        for seed in UInt64(1)...20 {
            let input = words(8, seed: seed)
            var m = InlineArray<8, UInt64>(repeating: 0)
            for a in 0..<8 { m[a] = input[a] }
            LeafRule.transposeBytes(&m)
            for a in 0..<8 {
                for b in 0..<8 {
                    #expect(m[b] >> UInt64(8 * a) & 0xFF == input[a] >> UInt64(8 * b) & 0xFF, "byte \(b) of word \(a)")
                }
            }
            LeafRule.transposeBytes(&m)
            #expect((0..<8).allSatisfy { m[$0] == input[$0] })
        }
    }

    @Test func rowSumsCountEveryCellsNeighbours() {
        for seed in UInt64(1)...50 {
            let r = words(3, seed: seed)
            let c = RowSums.counts(above: RowSums(r[0]), here: RowSums(r[1]), below: RowSums(r[2]))
            let life = RowSums.lifeCounts(above: RowSums(r[0]), here: RowSums(r[1]), below: RowSums(r[2]))
            for x in 0..<64 {
                var expected = 0
                for dx in -1...1 where x + dx >= 0 && x + dx < 64 {
                    let bit = UInt64(x + dx)
                    let outer = Int(r[0] >> bit & 1) + Int(r[2] >> bit & 1)
                    expected += dx == 0 ? outer : outer + Int(r[1] >> bit & 1)
                }
                let bit = UInt64(x)
                let low = Int(c.ones >> bit & 1) + 2 * Int(c.twos >> bit & 1)
                let high = 4 * Int(c.fours >> bit & 1) + 8 * Int(c.eights >> bit & 1)
                let counted = low + high
                #expect(counted == expected, "seed \(seed), column \(x)")
                #expect(life.fourOrMore >> bit & 1 == (expected >= 4 ? 1 : 0), "seed \(seed), column \(x)")
            }
        }
    }

    /// Cells of a `size`×`size` square after `generations` of `rule` as the engine steps it
    /// (`Rule.steppedTables`: a B0 rule without S8 as two rules by turns, from an even
    /// generation), cell by cell; cells beyond the square count as dead.
    func naive(_ cells: [[Bool]], rule: Rule, generations: Int) -> [[Bool]] {
        var cells = cells
        let size = cells.count
        let tables = rule.steppedTables
        let stepped = [Rule(table: tables.even), Rule(table: tables.odd)]
        for g in 0..<generations {
            let rule = stepped[g & 1]
            var next = cells
            for y in 0..<size {
                for x in 0..<size {
                    var count = 0
                    for dy in -1...1 {
                        for dx in -1...1 where (dx, dy) != (0, 0) {
                            let (nx, ny) = (x + dx, y + dy)
                            if nx >= 0, ny >= 0, nx < size, ny < size, cells[ny][nx] { count += 1 }
                        }
                    }
                    let counts = cells[y][x] ? rule.survivalCounts : rule.birthCounts
                    next[y][x] = counts & (1 << count) != 0
                }
            }
            cells = next
        }
        return cells
    }

    @Test(arguments: ["B3/S23", "B36/S23", "B2/S", "B03/S23", "B013/S125"])
    func squares64MatchCellByCellCounting(rule text: String) throws {
        let rule = try Rule(text)
        let leafRule = LeafRule(rule)
        for (seed, generations) in [(UInt64(7), 1), (8, 2), (9, 5), (10, 16)] {
            let input = words(64, seed: seed)
            var rows = InlineArray<64, UInt64>(repeating: 0)
            for y in 0..<64 { rows[y] = input[y] }
            leafRule.stepSquare64(&rows, generations: generations)
            let cells = (0..<64).map { y in (0..<64).map { x in input[y] >> UInt64(x) & 1 == 1 } }
            let expected = naive(cells, rule: rule, generations: generations)
            for y in 16..<48 {
                for x in 16..<48 {
                    #expect((rows[y] >> UInt64(x) & 1 == 1) == expected[y][x], "\(text), seed \(seed), cell \(x),\(y)")
                }
            }
        }
    }

    @Test(arguments: ["B3/S23", "B36/S23", "B2/S", "B03/S23", "B013/S125"])
    func squares32MatchCellByCellCounting(rule text: String) throws {
        let rule = try Rule(text)
        let leafRule = LeafRule(rule)
        for (seed, generations) in [(UInt64(11), 1), (12, 2), (13, 4), (14, 8)] {
            let input = words(16, seed: seed)
            var leaves = InlineArray<16, UInt64>(repeating: 0)
            for k in 0..<16 { leaves[k] = input[k] }
            // leaves[4j + i]: columns 8i ..< 8i+8, rows 8j ..< 8j+8; bit 8y + x of a leaf.
            func alive(_ x: Int, _ y: Int) -> Bool {
                let leaf = input[4 * (y / 8) + x / 8]
                return leaf >> UInt64(8 * (y % 8) + x % 8) & 1 == 1
            }
            let cells = (0..<32).map { y in (0..<32).map { x in alive(x, y) } }
            let expected = naive(cells, rule: rule, generations: generations)
            let (nw, ne, sw, se) = leafRule.stepSquare32(leaves, generations: generations)
            let out = [nw, ne, sw, se]
            for y in 8..<24 {
                for x in 8..<24 {
                    let (i, j) = ((x - 8) / 8, (y - 8) / 8)
                    let shift = UInt64(8 * ((y - 8) % 8) + (x - 8) % 8)
                    let bit = out[2 * j + i] >> shift & 1 == 1
                    #expect(bit == expected[y][x], "\(text), seed \(seed), cell \(x),\(y)")
                }
            }
        }
    }

    /// The kernels this processor runs.
    static let vectorKernels = VectorKernels.allCases.filter { $0 != .none && $0.rawValue <= VectorKernels.available.rawValue }

    /// The vector kernels (CLifeKernels: AVX2, AVX-512) against the scalar words, which the
    /// tests above check cell by cell: every output bit of the 32×32 step (AVX2 only), and the
    /// exact centre of the 64×64 one, for every generation count they take, under B3/S23 (its
    /// own path in the kernels) and other outer-totalistic rules.
    @Test(.enabled(if: !vectorKernels.isEmpty, "this processor has neither AVX2 nor AVX-512: the engine uses the scalar words"),
          arguments: vectorKernels, ["B3/S23", "B36/S23", "B2/S", "B3678/S34678", "B03/S23", "B013/S125"])
    func vectorKernelsMatchTheScalarWords(_ kernels: VectorKernels, rule text: String) throws {
        let leafRule = LeafRule(try Rule(text))
        let masks = try #require(leafRule.vectorMasks)
        for seed in UInt64(1)...100 where kernels == .avx2 {
            let input = words(16, seed: seed)
            var leaves = InlineArray<16, UInt64>(repeating: 0)
            for k in 0..<16 { leaves[k] = input[k] }
            for generations in [1, 2, 4, 8] {
                let scalar = leafRule.stepSquare32(leaves, generations: generations)
                let vector = VectorKernels.square32(leaves, generations: generations, masks)
                #expect([scalar.0, scalar.1, scalar.2, scalar.3] == [vector.0, vector.1, vector.2, vector.3],
                        "\(kernels) \(text) 32×32, seed \(seed), \(generations) generations")
            }
        }
        for seed in UInt64(1)...20 {
            let input = words(64, seed: seed)
            for generations in 1...16 {
                var scalar = InlineArray<64, UInt64>(repeating: 0)
                for y in 0..<64 { scalar[y] = input[y] }
                var vector = scalar
                leafRule.stepSquare64(&scalar, generations: generations)
                VectorKernels.square64(&vector, generations: generations, kernels, masks)
                let centre: UInt64 = 0xFFFF_FFFF << 16
                #expect((16..<48).allSatisfy { scalar[$0] & centre == vector[$0] & centre },
                        "\(kernels) \(text) 64×64, seed \(seed), \(generations) generations")
            }
        }
    }

    /// The 128×128 kernels (what level-7 misses of soups are stepped with) against the naive
    /// step: the centre 64×64 after 1, 2, 3, 16, 31 and 32 generations, which every kernel the
    /// processor runs must give exactly, B0 rules included (their generations alternate masks).
    @Test(.enabled(if: !vectorKernels.isEmpty, "this processor has neither AVX2 nor AVX-512: the engine uses the scalar words"),
          arguments: ["B3/S23", "B36/S23", "B3678/S34678", "B03/S23", "B013/S125", "B0123478/S01234678"])
    func squares128MatchTheNaiveStep(rule text: String) throws {
        let rule = try Rule(text)
        let masks = try #require(LeafRule(rule).vectorMasks)
        for seed in UInt64(1)...2 {
            let input = words(256, seed: seed)
            let cells = (0..<128).map { y in (0..<128).map { x in input[2 * y + x / 64] >> UInt64(x % 64) & 1 == 1 } }
            for generations in [1, 2, 3, 16, 31, 32] {
                let expected = naive(cells, rule: rule, generations: generations)
                for kernels in LeafKernelTests.vectorKernels {
                    var west = InlineArray<128, UInt64>(repeating: 0), east = InlineArray<128, UInt64>(repeating: 0)
                    for y in 0..<128 { (west[y], east[y]) = (input[2 * y], input[2 * y + 1]) }
                    VectorKernels.square128(west: &west, east: &east, generations: generations, kernels, masks)
                    let wrong = (32..<96).flatMap { y in (32..<96).map { x in (x, y) } }.first { x, y in
                        let word = x < 64 ? west[y] : east[y]
                        return (word >> UInt64(x % 64) & 1 == 1) != expected[y][x]
                    }
                    #expect(wrong == nil, "\(kernels) \(text) 128×128, seed \(seed), \(generations) generations: cell \(String(describing: wrong))")
                }
            }
        }
    }
}
