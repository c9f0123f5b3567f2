// GridWalk.swift — a whole rectangle of blocks in one walk of the tree, for rectangles on the
// tree's own grid.
//
// The row-by-row walk (BandWalk.swift) descends from the root once per block row. When the
// rectangle's top-left lies on the grid of the tree's nodes at the blocks' level, every block is
// one node, so one descent from the root reaches them all: empty nodes are skipped by identity,
// nodes outside the rectangle are skipped whole, and a node of one block's side writes that
// block's state straight into the output. Blocks smaller than a leaf are drawn from the leaf's
// cells by the family (`GridTree.drawLeaf`).
//
// The top of a deep tree is walked in `BigInt` block offsets (at most four nodes a level meet a
// rectangle smaller than them); below nodes of 2^40 blocks a side the walk runs on `Int`.

import CPrefetch

/// Where a grid walk writes: `columns`×`rows` block states, row by row, each block 2^`level`
/// cells a side.
struct GridCanvas {
    let base: UnsafeMutablePointer<UInt8>
    let columns: Int
    let rows: Int
    let level: Int

    /// The largest node side, in blocks, as a power of two, that the walk handles in `Int`
    /// offsets: with at most 2^31 blocks a side of rectangle, every offset of a node meeting the
    /// rectangle is below 2^41 in magnitude.
    static let intSpan = 40
}

/// A store whose nodes the grid walk reduces to block states.
///
/// Contracts: `gridState(of:level:memo:)` is the state a block that is exactly the non-empty
/// node `id` shows (the family's reduction, as `LifeUniverse.blocks(of:)` gives it: 1 for a
/// two-state node, the highest state of a multi-state one); `drawLeaf` writes, for every block of
/// the canvas's level (below the leaf level) that the leaf `id` with its top-left block at
/// (`x`, `y`) covers inside the canvas, that block's state, and touches nothing else.
protocol GridTree: QuadtreeStore, ~Copyable {
    /// What the walk keeps of nodes' states during one walk (nothing for a two-state store).
    associatedtype GridMemo
    static func makeGridMemo() -> GridMemo
    func gridState(of id: NodeID, level: Int, memo: inout GridMemo) -> UInt8
    func drawLeaf(_ id: NodeID, x: Int, y: Int, on canvas: GridCanvas)
    /// Asks the processor for the record of `id` ahead of its reading (a hint only).
    func prefetchRecord(_ id: NodeID)
}

extension GridTree where Self: ~Copyable {
    /// The leaf's blocks from its cells, one at a time: each cell raises its block's state to its
    /// own (the canvas holds 0 where the walk has not written, and a leaf's blocks are its own).
    func drawLeafCells(_ id: NodeID, x: Int, y: Int, on canvas: GridCanvas) {
        let shift = canvas.level
        forEachLeafState(id) { cx, cy, state in
            let bx = x + (cx >> shift), by = y + (cy >> shift)
            guard bx >= 0 && bx < canvas.columns && by >= 0 && by < canvas.rows else { return }
            let block = canvas.base + (by * canvas.columns + bx)
            if block.pointee < state { block.pointee = state }
        }
    }

    /// Writes onto `canvas` (all 0 on entry) the state of each of its blocks, the canvas's
    /// top-left block having its top-left cell at (`x`, `y`), for the tree `frame` describes;
    /// false, writing nothing, when that cell is not on the grid of the tree's nodes of the
    /// blocks' side, or when a block is as large as the root.
    /// - Precondition: the canvas is at most 2^31 blocks a side.
    /// - Complexity: O(nodes meeting the rectangle that are not empty, down to the blocks' level)
    ///   plus O(tree depth) `BigInt` steps.
    func drawGrid(_ frame: RootFrame, x: BigInt, y: BigInt, on canvas: GridCanvas) -> Bool {
        guard canvas.level >= 0, canvas.level < frame.level else { return false }
        let side = BigUInt.powerOfTwo(canvas.level)
        let (bx, rx) = (x - frame.x).floorDivided(by: side)
        let (by, ry) = (y - frame.y).floorDivided(by: side)
        guard rx.isZero, ry.isZero else { return false }
        if isEmpty(frame.root, level: frame.level) { return true }
        var memo = Self.makeGridMemo()
        // The root's top-left block relative to the canvas's.
        descend(frame.root, level: frame.level, x: -bx, y: -by, on: canvas, memo: &memo)
        return true
    }

    /// The walk above nodes of 2^`GridCanvas.intSpan` blocks a side: (`x`, `y`) is the node's
    /// top-left block relative to the canvas's.
    private func descend(_ id: NodeID, level: Int, x: BigInt, y: BigInt, on canvas: GridCanvas, memo: inout GridMemo) {
        if isEmpty(id, level: level) { return }
        let span = level - canvas.level
        if span <= GridCanvas.intSpan {
            // An offset of 2^62 or more is far beyond a node of at most 2^40 blocks and a canvas
            // of at most 2^31: the node misses the canvas.
            guard let x = x.intValue, let y = y.intValue, x > -(1 << 62), x < 1 << 62, y > -(1 << 62), y < 1 << 62 else { return }
            walk(id, level: level, x: x, y: y, on: canvas, memo: &memo)
            return
        }
        let sideBlocks = BigInt(BigUInt.powerOfTwo(span))
        if x >= BigInt(canvas.columns) || y >= BigInt(canvas.rows) || x + sideBlocks <= .zero || y + sideBlocks <= .zero { return }
        let half = BigInt(BigUInt.powerOfTwo(span - 1))
        let (nw, ne, sw, se) = children(id)
        descend(nw, level: level - 1, x: x, y: y, on: canvas, memo: &memo)
        descend(ne, level: level - 1, x: x + half, y: y, on: canvas, memo: &memo)
        descend(sw, level: level - 1, x: x, y: y + half, on: canvas, memo: &memo)
        descend(se, level: level - 1, x: x + half, y: y + half, on: canvas, memo: &memo)
    }

    /// The walk in `Int` offsets, for a node at most 2^`GridCanvas.intSpan` blocks a side whose
    /// top-left block is (`x`, `y`) relative to the canvas's (|x|, |y| < 2^62).
    private func walk(_ id: NodeID, level: Int, x: Int, y: Int, on canvas: GridCanvas, memo: inout GridMemo) {
        if isEmpty(id, level: level) { return }
        let span = level - canvas.level
        let sideBlocks = 1 << span
        if x >= canvas.columns || y >= canvas.rows || x + sideBlocks <= 0 || y + sideBlocks <= 0 { return }
        if span == 0 {
            canvas.base[y * canvas.columns + x] = gridState(of: id, level: level, memo: &memo)
            return
        }
        if level == Self.leafLevel {
            drawLeaf(id, x: x, y: y, on: canvas)
            return
        }
        if span == 2 && level == Self.leafLevel + 2 && x >= 0 && y >= 0 && x + 4 <= canvas.columns && y + 4 <= canvas.rows {
            drawLeafBlocks(id, x: x, y: y, on: canvas, memo: &memo)
            return
        }
        let half = sideBlocks >> 1
        let (nw, ne, sw, se) = children(id)
        // The children's records are scattered over the arena: ask for them together, so that
        // their cache misses overlap rather than follow one another.
        prefetchRecord(nw); prefetchRecord(ne); prefetchRecord(sw); prefetchRecord(se)
        walk(nw, level: level - 1, x: x, y: y, on: canvas, memo: &memo)
        walk(ne, level: level - 1, x: x + half, y: y, on: canvas, memo: &memo)
        walk(sw, level: level - 1, x: x, y: y + half, on: canvas, memo: &memo)
        walk(se, level: level - 1, x: x + half, y: y + half, on: canvas, memo: &memo)
    }
}

extension GridTree where Self: ~Copyable {
    /// The 4×4 blocks, each one leaf, of the node `id` two levels above the leaves, inside the
    /// canvas with its top-left block at (`x`, `y`). Its four children are read together and
    /// then its sixteen leaves asked for together, so that their cache misses overlap (the
    /// leaves are the last records of the walk and the most scattered).
    @inline(__always)
    fileprivate func drawLeafBlocks(_ id: NodeID, x: Int, y: Int, on canvas: GridCanvas, memo: inout GridMemo) {
        let quads = children(id)
        let quadrants: InlineArray<4, NodeID> = [quads.0, quads.1, quads.2, quads.3]
        for k in 0..<4 { prefetchRecord(quadrants[k]) }
        var leaves = InlineArray<16, NodeID>(repeating: 0)
        var present: UInt32 = 0
        for k in 0..<4 where !isEmpty(quadrants[k], level: Self.leafLevel + 1) {
            let (nw, ne, sw, se) = children(quadrants[k])
            // Leaf (column, row) of the 4×4 at index row * 4 + column.
            let at = (k >> 1) * 8 + (k & 1) * 2
            leaves[at] = nw; leaves[at + 1] = ne; leaves[at + 4] = sw; leaves[at + 5] = se
            present |= 0b11_0011 << UInt32(at)
        }
        for i in 0..<16 where present >> UInt32(i) & 1 == 1 {
            if isEmpty(leaves[i], level: Self.leafLevel) { present &= ~(1 << UInt32(i)) } else { prefetchRecord(leaves[i]) }
        }
        let origin = canvas.base + (y * canvas.columns + x)
        for i in 0..<16 where present >> UInt32(i) & 1 == 1 {
            origin[(i >> 2) * canvas.columns + (i & 3)] = gridState(of: leaves[i], level: Self.leafLevel, memo: &memo)
        }
    }
}

extension GridCanvas {
    /// Runs `body` on a canvas over `states` (`columns`×`rows` of them, row by row, at least one).
    static func over<R>(_ states: inout [UInt8], columns: Int, rows: Int, level: Int, _ body: (GridCanvas) -> R) -> R {
        precondition(states.count == columns * rows, "the states must be columns × rows")
        precondition(columns > 0 && rows > 0, "a canvas holds at least one block")
        return states.withUnsafeMutableBufferPointer { buffer in
            body(GridCanvas(base: buffer.baseAddress!, columns: columns, rows: rows, level: level))
        }
    }
}

// MARK: - The two families

extension NodeStore: GridTree {
    static func makeGridMemo() {}

    @inline(__always)
    func prefetchRecord(_ id: NodeID) { hashlife_prefetch(arena.nodes + Int(id)) }

    /// A node that is not empty holds a live cell: its block shows 1.
    @inline(__always)
    func gridState(of id: NodeID, level: Int, memo: inout Void) -> UInt8 { 1 }

    /// From the leaf's bit rows (bit `dx` of row `dy`'s byte is the cell (`dx`, `dy`)): at 1:1 a
    /// row whose eight cells lie inside the canvas goes in one store of eight bytes, at 1:2 a
    /// block row of four blocks in one store of four; otherwise each block row ORs its cell
    /// rows and each block tests its columns' bits.
    func drawLeaf(_ id: NodeID, x: Int, y: Int, on canvas: GridCanvas) {
        let bits = leafBits(id)
        let side = 1 << canvas.level, blocks = 8 >> canvas.level
        let first = max(0, -y), last = min(blocks, canvas.rows - y)
        guard first < last else { return }
        if canvas.level == 0 && x >= 0 && x + 8 <= canvas.columns {
            for row in first..<last {
                let byte = (bits >> UInt64(8 * row)) & 0xFF
                if byte == 0 { continue }
                // Each nibble's four bits spread to the low bits of four bytes: the shifted
                // copies (by 0, 7, 14, 21) do not overlap, so nothing carries.
                let low = ((byte & 0xF) &* 0x20_4081) & 0x0101_0101
                let high = ((byte >> 4) &* 0x20_4081) & 0x0101_0101
                UnsafeMutableRawPointer(canvas.base + ((y + row) * canvas.columns + x))
                    .storeBytes(of: (low | high << 32).littleEndian, as: UInt64.self)
            }
            return
        }
        if canvas.level == 1 && x >= 0 && x + 4 <= canvas.columns {
            for row in first..<last {
                let band = bits >> UInt64(16 * row)
                let pair = (band | band >> 8) & 0xFF
                if pair == 0 { continue }
                // Bit 2j says block j holds a live cell; it moves to bit 8j. The shifted copies
                // (by 0, 6, 12, 18) meet only at bits 6, 12 and 18, whose carries land on odd
                // bits, which the mask drops.
                let occupied = (pair | pair >> 1) & 0x55
                UnsafeMutableRawPointer(canvas.base + ((y + row) * canvas.columns + x))
                    .storeBytes(of: UInt32(truncatingIfNeeded: (occupied &* 0x4_1041) & 0x0101_0101).littleEndian, as: UInt32.self)
            }
            return
        }
        let left = max(0, -x), right = min(blocks, canvas.columns - x)
        guard left < right else { return }
        let blockMask: UInt64 = (1 << UInt64(side)) - 1
        for row in first..<last {
            // The block row's `side` cell rows ORed into one byte: bit dx is set when column
            // dx holds a live cell in the block row.
            var band = bits >> UInt64(8 * side * row)
            var fold = 8
            while fold < 8 * side {
                band |= band >> UInt64(fold)
                fold *= 2
            }
            band &= 0xFF
            if band == 0 { continue }
            let line = canvas.base + ((y + row) * canvas.columns + x)
            for column in left..<right where (band >> UInt64(column * side)) & blockMask != 0 { line[column] = 1 }
        }
    }
}

extension MultiStateStore: GridTree {
    static func makeGridMemo() -> [NodeID: UInt8] { [:] }

    @inline(__always)
    func prefetchRecord(_ id: NodeID) { hashlife_prefetch(arena.nodes + Int(id)) }

    /// The highest state under the node: a leaf's from its sixteen bytes at once, a larger
    /// node's memoized for the walk.
    func gridState(of id: NodeID, level: Int, memo: inout [NodeID: UInt8]) -> UInt8 {
        if level == Self.leafLevel {
            let r = arena[id]
            return unsafeBitCast(SIMD4<UInt32>(r.w0, r.w1, r.w2, r.w3), to: SIMD16<UInt8>.self).max()
        }
        return highestState(id, level: level, memo: &memo)
    }

    /// At 1:1 a leaf row whose four cells lie inside the canvas goes in one store of its four
    /// bytes (byte `dx` is column `dx`); other leaves and zooms go cell by cell.
    func drawLeaf(_ id: NodeID, x: Int, y: Int, on canvas: GridCanvas) {
        guard canvas.level == 0, x >= 0, x + 4 <= canvas.columns else { return drawLeafCells(id, x: x, y: y, on: canvas) }
        let r = arena[id]
        let words = (r.w0, r.w1, r.w2, r.w3)
        let first = max(0, -y), last = min(4, canvas.rows - y)
        guard first < last else { return }
        for row in first..<last {
            let word = row == 0 ? words.0 : row == 1 ? words.1 : row == 2 ? words.2 : words.3
            if word == 0 { continue }
            UnsafeMutableRawPointer(canvas.base + ((y + row) * canvas.columns + x)).storeBytes(of: word.littleEndian, as: UInt32.self)
        }
    }
}

// MARK: - The universes

extension GridTree where Self: ~Copyable {
    /// `LifeUniverse.gridBlockStates` for the tree `frame` describes in this store.
    func gridBlockStates(_ frame: RootFrame, x: BigInt, y: BigInt, columns: Int, rows: Int, level: Int,
                         into states: inout [UInt8]) -> Bool {
        guard columns >= 0, rows >= 0, columns < 1 << 31, rows < 1 << 31 else { return false }
        if columns == 0 || rows == 0 { return true }
        return GridCanvas.over(&states, columns: columns, rows: rows, level: level) { drawGrid(frame, x: x, y: y, on: $0) }
    }
}

extension Universe {
    /// See `LifeUniverse.gridBlockStates`: 1 where a block holds a live cell.
    public func gridBlockStates(x: BigInt, y: BigInt, columns: Int, rows: Int, level: Int, into states: inout [UInt8]) -> Bool {
        store.gridBlockStates(frame, x: x, y: y, columns: columns, rows: rows, level: level, into: &states)
    }
}

extension MultiStateUniverse {
    /// See `LifeUniverse.gridBlockStates`: the highest state of each block's cells.
    public func gridBlockStates(x: BigInt, y: BigInt, columns: Int, rows: Int, level: Int, into states: inout [UInt8]) -> Bool {
        store.gridBlockStates(frame, x: x, y: y, columns: columns, rows: rows, level: level, into: &states)
    }
}
