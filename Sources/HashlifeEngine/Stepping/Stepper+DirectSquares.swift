// Squares of 32×32, 64×64 and 128×128 cells stepped directly, not by recursion.

extension Stepper where Self: ~Copyable {
    /// A level-5 node's centre advanced `generations` (≤ 8) by stepping its 32×32 cells
    /// directly (`LeafRule.stepSquare32`, or a vector kernel where the processor has one);
    /// makes the four result leaves and their parent.
    @_transparent
    mutating func square32(_ r: NodeRecord, generations: Int) -> NodeID {
        let g = arena.grandchildren(r)
        var leaves = InlineArray<16, UInt64>(repeating: 0)
        let quadrants: InlineArray<4, NodeRecord> = [g.nw, g.ne, g.sw, g.se]
        for q in 0..<4 {
            let (ox, oy) = ((q & 1) * 2, (q >> 1) * 2)
            let c = quadrants[q]
            leaves[4 * oy + ox] = arena.cells(c.nw)
            leaves[4 * oy + ox + 1] = arena.cells(c.ne)
            leaves[4 * (oy + 1) + ox] = arena.cells(c.sw)
            leaves[4 * (oy + 1) + ox + 1] = arena.cells(c.se)
        }
        let (nw, ne, sw, se) = if stepping.vectorKernels != .none, let masks = stepping.leafRule.vectorMasks {
            VectorKernels.square32(leaves, generations: generations, masks)
        } else {
            stepping.leafRule.stepSquare32(leaves, generations: generations)
        }
        let hints = (arena.leafSlotHint(nw), arena.leafSlotHint(ne), arena.leafSlotHint(sw), arena.leafSlotHint(se))
        return node(leaf(nw, hint: hints.0), leaf(ne, hint: hints.1), leaf(sw, hint: hints.2), leaf(se, hint: hints.3))
    }

    /// A level-6 node's centre advanced `generations` (≤ 16) by stepping its 64×64 cells
    /// directly (`LeafRule.stepSquare64`, or a vector kernel); makes the sixteen result leaves
    /// and their parents.
    @inline(__always)
    mutating func square64(_ r: NodeRecord, generations: Int) -> NodeID {
        stepping.square64Steps &+= 1
        var rows = InlineArray<64, UInt64>(repeating: 0)
        gatherRows(r, into: &rows, from: 0)
        if stepping.vectorKernels != .none, let masks = stepping.leafRule.vectorMasks {
            VectorKernels.square64(&rows, generations: generations, stepping.vectorKernels, masks)
        } else {
            stepping.leafRule.stepSquare64(&rows, generations: generations)
        }
        // The centre's rows 16 ..< 48, columns 16 ..< 48: four strips of four leaves
        // (cells[4j + i] at column 16 + 8i, row 16 + 8j).
        var cells = InlineArray<16, UInt64>(repeating: 0)
        for j in 0..<4 {
            var strip = InlineArray<8, UInt64>(repeating: 0)
            for y in 0..<8 { strip[y] = rows[16 + 8 * j + y] &>> 16 & 0xFFFF_FFFF }
            LeafRule.transposeBytes(&strip)
            for i in 0..<4 { cells[4 * j + i] = strip[i] }
        }
        return node(leafCells: cells, side: 4)
    }

    /// A level-7 node's centre advanced `generations` (≤ 32) by stepping its 128×128 cells
    /// directly on a vector kernel (`VectorKernels.square128`, only when the processor has
    /// one); makes the 64 result leaves and their parents. Where soups rarely repeat a square,
    /// the thirteen level-6 look-ups of the recursion mostly miss, and their steps make about
    /// 270 nodes that are seldom used again; this makes the 85 of the result.
    @inline(__always)
    mutating func square128(_ r: NodeRecord, masks: VectorMasks, generations: Int) -> NodeID {
        stepping.square128Steps &+= 1
        // The 128 rows as west (columns 0 ..< 64) and east (64 ..< 128) words.
        var west = InlineArray<128, UInt64>(repeating: 0), east = InlineArray<128, UInt64>(repeating: 0)
        gatherRows(arena[r.nw], into: &west, from: 0)
        gatherRows(arena[r.ne], into: &east, from: 0)
        gatherRows(arena[r.sw], into: &west, from: 64)
        gatherRows(arena[r.se], into: &east, from: 64)
        VectorKernels.square128(west: &west, east: &east, generations: generations, stepping.vectorKernels, masks)
        // The centre: rows and columns 32 ..< 96.
        var centre = InlineArray<64, UInt64>(repeating: 0)
        for y in 0..<64 { centre[y] = west[32 + y] &>> 32 | east[32 + y] &<< 32 }
        return node(rows: centre)
    }

    /// The 64 rows (bit x = column x) of a level-6 node's cells, written to `rows[from ..< from + 64]`.
    @inline(__always)
    func gatherRows<let count: Int>(_ r: NodeRecord, into rows: inout InlineArray<count, UInt64>, from: Int) {
        // The 64 leaves, row-major by 8×8 block (leafGrid[8 * yb + xb] covers columns
        // 8xb ..< 8xb+8, rows 8yb ..< 8yb+8); each strip of eight is a byte transpose away
        // from its eight rows.
        var leafGrid = InlineArray<64, UInt64>(repeating: 0)
        let quarters: InlineArray<4, NodeID> = [r.nw, r.ne, r.sw, r.se]
        for q in 0..<4 {
            let quarter = arena[quarters[q]]
            let squares: InlineArray<4, NodeID> = [quarter.nw, quarter.ne, quarter.sw, quarter.se]
            for p in 0..<4 {
                let square = arena[squares[p]]
                let leaves: InlineArray<4, NodeID> = [square.nw, square.ne, square.sw, square.se]
                for l in 0..<4 {
                    let xb = 4 * (q & 1) + 2 * (p & 1) + (l & 1)
                    let yb = 4 * (q >> 1) + 2 * (p >> 1) + (l >> 1)
                    leafGrid[8 * yb + xb] = arena.cells(leaves[l])
                }
            }
        }
        for yb in 0..<8 {
            var strip = InlineArray<8, UInt64>(repeating: 0)
            for xb in 0..<8 { strip[xb] = leafGrid[8 * yb + xb] }
            LeafRule.transposeBytes(&strip)
            for y in 0..<8 { rows[from + 8 * yb + y] = strip[y] }
        }
    }

    /// The level-6 node of 64 rows of 64 cells (bit x of a row = column x).
    @inline(__always)
    mutating func node(rows: InlineArray<64, UInt64>) -> NodeID {
        var cells = InlineArray<64, UInt64>(repeating: 0)
        for j in 0..<8 {
            var strip = InlineArray<8, UInt64>(repeating: 0)
            for y in 0..<8 { strip[y] = rows[8 * j + y] }
            LeafRule.transposeBytes(&strip)
            for i in 0..<8 { cells[8 * j + i] = strip[i] }
        }
        return node(leafCells: cells, side: 8)
    }

    /// The node of a square of `side` × `side` leaves (`count` = side², side a power of two),
    /// row-major in `cells`: the leaves' buckets fetched together, then their first records,
    /// then the parents of each 2×2 block, level by level.
    @inline(__always)
    mutating func node<let count: Int>(leafCells cells: InlineArray<count, UInt64>, side: Int) -> NodeID {
        var hints = InlineArray<count, SlotHint>(repeating: SlotHint(slot: 0, buckets: 0))
        for k in 0..<count { hints[k] = arena.leafSlotHint(cells[k]) }
        for k in 0..<count { prefetchHead(hints[k]) }
        var ids = InlineArray<count, NodeID>(repeating: 0)
        for k in 0..<count { ids[k] = leaf(cells[k], hint: hints[k]) }
        // In place: block (x, y) of a `width`-wide level goes to index y · width/2 + x, never
        // past a block still to be read.
        var width = side
        while width > 1 {
            let half = width / 2
            for y in 0..<half {
                for x in 0..<half {
                    let k = 2 * y * width + 2 * x
                    ids[y * half + x] = node(ids[k], ids[k + 1], ids[k + width], ids[k + width + 1])
                }
            }
            width = half
        }
        return ids[0]
    }
}

extension LeafRule {
    /// The centre 8×8 of the 16×16 square made of four 8×8 leaves.
    static func centreOfLeaves(_ nw: UInt64, _ ne: UInt64, _ sw: UInt64, _ se: UInt64) -> UInt64 {
        // Rows 4..7 of the top leaves become rows 0..3, rows 0..3 of the bottom ones rows 4..7;
        // columns 4..7 of the left leaves become columns 0..3, columns 0..3 of the right ones 4..7.
        let low: UInt64 = 0x0F0F_0F0F_0F0F_0F0F
        let top = (nw &>> 32) & 0xFFFF_FFFF, topRight = (ne &>> 32) & 0xFFFF_FFFF
        let bottom = sw & 0xFFFF_FFFF, bottomRight = se & 0xFFFF_FFFF
        let left = top | bottom &<< 32
        let right = topRight | bottomRight &<< 32
        return (left &>> 4) & low | (right & low) &<< 4
    }
}
