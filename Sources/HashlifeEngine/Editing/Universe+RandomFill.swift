// Filling a rectangle at random, reproducibly.

extension Universe {
    /// Most cells a random fill may cover: it draws one number a cell (about 3 ns each, plus
    /// building the leaves), so 2^26 cells take a fraction of a second; beyond, a fill is
    /// refused rather than left to run for minutes.
    public static let maximumRandomFillCells = 1 << 26

    /// Fills `rect` at random: each cell is alive with probability `density`, and the result
    /// combines with the rectangle's cells as `mode` says (`.copy`, the default, replaces them).
    /// The same seed, density and size give the same cells on every machine and toolchain: the
    /// cells are those of `RandomSoup(width:height:density:seed:)` (what `hashlife soup` writes),
    /// placed at the rectangle's top-left: `SplitMix64` seeded with `seed`, one draw a cell row
    /// by row, a cell alive when the draw's top 53 bits are below `density` × 2^53.
    /// - Throws: `RegionError` for a density outside 0 ... 1 or a rectangle of more than
    ///   `maximumRandomFillCells` cells; the universe is then unchanged.
    /// - Complexity: O(cells in `rect`): the one operation here that visits every cell.
    public func fillRandomly(_ rect: CellRect, density: Double, seed: UInt64, mode: PasteMode = .copy) throws(RegionError) {
        guard density >= 0 && density <= 1 else { throw .invalidDensity(density) }
        let cells = rect.width * rect.height
        guard let w = rect.width.intValue, let h = rect.height.intValue, cells <= BigUInt(Universe.maximumRandomFillCells) else {
            throw .tooManyCells(cells: cells, maximum: Universe.maximumRandomFillCells)
        }
        if rect.isEmpty { return }
        collectIfNeeded()
        let clip = randomClip(width: w, height: h, density: density, seed: seed)
        paste(clip, x: rect.x, y: rect.y, mode: mode)
    }

    /// A clip of `width` × `height` random cells (see `fillRandomly`), built bottom-up from
    /// its leaves.
    func randomClip(width: Int, height: Int, density: Double, seed: UInt64) -> PatternClip {
        // Exact: multiplying by a power of two only changes the exponent; a draw d is kept when
        // d < density × 2^53, that is d < ⌈density × 2^53⌉.
        let threshold = UInt64((density * 0x1p53).rounded(.up))
        var generator = SplitMix64(seed: seed)
        var k = Universe.minimumClipLevel
        while 1 << k < max(width, height) { k += 1 }
        let columns = (width + 7) / 8, rows = (height + 7) / 8
        // Leaves row by row (`columns` a row), then each level's grid from the one below,
        // padding odd edges with empty nodes.
        var grid: [NodeID] = []
        grid.reserveCapacity(columns * rows)
        var band = [UInt64](repeating: 0, count: columns)
        for leafRow in 0..<rows {
            for i in 0..<columns { band[i] = 0 }
            for r in 0..<min(8, height - leafRow * 8) {
                for x in 0..<width where generator.next() >> 11 < threshold {
                    band[x >> 3] |= 1 << UInt64(r * 8 + (x & 7))
                }
            }
            for bits in band { grid.append(store.leaf(bits)) }
        }
        var (gridColumns, gridRows) = (columns, rows)
        var gridLevel = NodeStore.leafLevel
        while gridLevel < k {
            let e = store.emptyNode(level: gridLevel)
            func at(_ c: Int, _ r: Int) -> NodeID { c < gridColumns && r < gridRows ? grid[r * gridColumns + c] : e }
            let (upColumns, upRows) = ((gridColumns + 1) / 2, (gridRows + 1) / 2)
            var up: [NodeID] = []
            up.reserveCapacity(upColumns * upRows)
            for r in 0..<upRows {
                for c in 0..<upColumns {
                    up.append(store.node(at(2 * c, 2 * r), at(2 * c + 1, 2 * r), at(2 * c, 2 * r + 1), at(2 * c + 1, 2 * r + 1)))
                }
            }
            (grid, gridColumns, gridRows) = (up, upColumns, upRows)
            gridLevel += 1
        }
        return makeClip(grid[0], level: k, x: .zero, y: .zero, rect: CellRect(x: 0, y: 0, width: width, height: height))
    }
}
