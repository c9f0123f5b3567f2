// GridBitmap.swift — a flat bitmap of a bounded grid, stepped one generation at a time with
// Golly's edge joins (planes, spheres, cross-surfaces, strips, and Klein bottles under rules
// that are not isotropic).
//
// Layout: `rows` rows of `wordsPerRow` words, with a one-cell border ring around the cells:
//
//     storage row r (0 ... height+1), bit b (0 ... width+1)  =  cell (b-1, r-1) of the bitmap
//
// Row 0, row height+1, bit 0 and bit width+1 are the border ring. Before each generation the ring
// is filled from the grid's edges (`Grid.source`), then every cell is advanced from its three
// rows: outer-totalistic rules with the engine's bit-sliced adders, 64 cells a word; other
// rules by each cell's 9-bit neighbourhood in the 512-entry table.
//
// The bitmap covers the grid's bounded directions exactly; along an unbounded one (a strip
// `:P30,0`) it covers a window `originI` ... that grows whenever a live cell reaches its edge,
// so the ring there is always dead, as the unbounded plane beyond it is.

struct GridBitmap {
    let grid: Grid
    /// Cells across and down the bitmap (the grid's size along bounded directions).
    private(set) var width: Int
    private(set) var height: Int
    /// Grid-relative position of the bitmap's cell (0, 0) (0 along bounded directions).
    private(set) var originI: Int
    private(set) var originJ: Int
    private(set) var wordsPerRow: Int
    private(set) var words: [UInt64]
    private var scratch: [UInt64]

    /// An empty bitmap of `width` × `height` cells whose cell (0, 0) is grid cell (`originI`, `originJ`).
    init(grid: Grid, width: Int, height: Int, originI: Int = 0, originJ: Int = 0) {
        self.grid = grid
        self.width = width
        self.height = height
        self.originI = originI
        self.originJ = originJ
        wordsPerRow = (width + 2 + 63) / 64
        words = [UInt64](repeating: 0, count: wordsPerRow * (height + 2))
        scratch = words
    }

    subscript(i: Int, j: Int) -> Bool {
        get {
            let b = i + 1
            return words[(j + 1) * wordsPerRow + b >> 6] >> UInt64(b & 63) & 1 == 1
        }
        set {
            let b = i + 1, index = (j + 1) * wordsPerRow + b >> 6
            if newValue { words[index] |= 1 << UInt64(b & 63) } else { words[index] &= ~(1 << UInt64(b & 63)) }
        }
    }

    /// True when no cell of the bitmap is alive (the ring is always clear between generations).
    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// Calls `body(i, j, length)` for each horizontal run of live cells (bitmap coordinates).
    func forEachRun(_ body: (_ i: Int, _ j: Int, _ length: Int) -> Void) {
        for j in 0..<height {
            var b = 1
            let base = (j + 1) * wordsPerRow
            while b <= width {
                let word = words[base + b >> 6] >> UInt64(b & 63)
                if word == 0 { b = (b | 63) + 1; continue }
                b += word.trailingZeroBitCount
                if b > width { break }
                var end = b
                while end <= width && words[base + end >> 6] >> UInt64(end & 63) & 1 == 1 {
                    let rest = ~(words[base + end >> 6] >> UInt64(end & 63))
                    end += rest == 0 ? 64 - (end & 63) : rest.trailingZeroBitCount
                }
                end = min(end, width + 1)
                body(b - 1, j, end - b)
                b = end
            }
        }
    }

    // MARK: Stepping

    /// Advances one generation under `rule` with the grid's edge joins.
    mutating func step(_ rule: LeafRule) {
        growIfTouching()
        fillRing()
        let r = wordsPerRow
        words.withUnsafeBufferPointer { src in
            scratch.withUnsafeMutableBufferPointer { dst in
                for row in 1...height {
                    let up = (row - 1) * r, mid = row * r, down = (row + 1) * r
                    for k in 0..<r {
                        func around(_ base: Int) -> (UInt64, UInt64, UInt64) {
                            let here = src[base + k]
                            let before = k > 0 ? src[base + k - 1] : 0, after = k + 1 < r ? src[base + k + 1] : 0
                            return (here &<< 1 | before &>> 63, here, here &>> 1 | after &<< 63)
                        }
                        let (uw, u, ue) = around(up), (mw, m, me) = around(mid), (dw, d, de) = around(down)
                        let above = RowSums(u, west: uw, east: ue), here = RowSums(m, west: mw, east: me)
                        let below = RowSums(d, west: dw, east: de)
                        let next: UInt64
                        switch rule {
                        case .life:
                            next = LeafRule.lifeRow(m, above: above, here: here, below: below)
                        case let .totalistic(birth, survival):
                            next = LeafRule.apply(RowSums.counts(above: above, here: here, below: below), to: m,
                                                  birth: birth, survival: survival)
                        case let .table(table):
                            var out: UInt64 = 0
                            var cells = u | m | d | uw | mw | dw | ue | me | de
                            while cells != 0 {
                                let s = UInt64(cells.trailingZeroBitCount)
                                cells &= cells &- 1
                                var n: UInt64 = uw >> s & 1 | (u >> s & 1) << 1 | (ue >> s & 1) << 2
                                n |= (mw >> s & 1) << 3 | (m >> s & 1) << 4 | (me >> s & 1) << 5
                                n |= (dw >> s & 1) << 6 | (d >> s & 1) << 7 | (de >> s & 1) << 8
                                out |= (table[Int(n >> 6)] >> (n & 63) & 1) << s
                            }
                            next = out
                        case .alternating, .alternatingTotalistic:
                            preconditionFailure("B0 rules are refused on bounded grids (Rule+Parsing.swift, REPL grid)")
                        }
                        dst[mid + k] = next
                    }
                }
            }
        }
        swap(&words, &scratch)
        clearRing()
    }

    /// Copies edge cells into the ring as the grid's joins say (a dead ring for a plane).
    private mutating func fillRing() {
        if grid.topology == .plane { return }
        func fill(_ i: Int, _ j: Int) {
            guard let (si, sj) = grid.source(i: i + originI, j: j + originJ) else { return }
            let bi = si - originI, bj = sj - originJ
            guard (0..<width).contains(bi) && (0..<height).contains(bj), self[bi, bj] else { return }
            let b = i + 1
            words[(j + 1) * wordsPerRow + b >> 6] |= 1 << UInt64(b & 63)
        }
        for i in -1...width {
            fill(i, -1)
            fill(i, height)
        }
        for j in 0..<height {
            fill(-1, j)
            fill(width, j)
        }
    }

    private mutating func clearRing() {
        let r = wordsPerRow
        for k in 0..<r {
            words[k] = 0
            words[(height + 1) * r + k] = 0
        }
        let lastBit = width + 1
        for row in 1...height {
            words[row * r] &= ~1
            words[row * r + lastBit >> 6] &= ~(1 << UInt64(lastBit & 63))
            // Bits past the ring in the last word stay clear: nothing writes them but the step,
            // whose output there comes from cells outside the bitmap, so clear them too.
            if lastBit & 63 != 63 {
                words[row * r + lastBit >> 6] &= (1 << UInt64(lastBit & 63)) &- 1
            }
        }
    }

    /// Along an unbounded direction, widens the window when a live cell is on its edge, so the
    /// ring beyond stays dead (one generation moves cells at most one cell outward).
    private mutating func growIfTouching() {
        let growX = grid.width == 0, growY = grid.height == 0
        guard growX || growY else { return }
        var minI = Int.max, maxI = Int.min, minJ = Int.max, maxJ = Int.min
        forEachRun { i, j, length in
            minI = min(minI, i); maxI = max(maxI, i + length - 1)
            minJ = min(minJ, j); maxJ = max(maxJ, j)
        }
        if minI == .max { return }
        let needsX = growX && (minI == 0 || maxI == width - 1)
        let needsY = growY && (minJ == 0 || maxJ == height - 1)
        guard needsX || needsY else { return }
        let padX = needsX ? max(32, width / 2) : 0, padY = needsY ? max(32, height / 2) : 0
        var bigger = GridBitmap(grid: grid, width: width + 2 * padX, height: height + 2 * padY,
                                originI: originI - padX, originJ: originJ - padY)
        forEachRun { i, j, length in
            for d in 0..<length { bigger[i + padX + d, j + padY] = true }
        }
        self = bigger
    }
}
