// LargerThanLifeStepper.swift — one generation after another on a flat grid of states.
//
// The current generation is a rectangle of states (the live box on the plane, the whole grid
// when bounded). A generation computes the region that may change (the live box grown by the
// neighbourhood's extent, or the grid) row by row: the counts of one row (+Counting, from sums
// kept for a few rows only), then the rule through a table per state, into a second grid that
// becomes the current one. Both grids and every working row are reused from one generation to
// the next, grown only when the pattern grows.

/// The rule as tables indexed by count: next states of a cell in state 0 and of one in state 1,
/// and the unconditional next state of each decaying state.
struct LargerThanLifeLookup {
    /// `[0, size)`: state 0's next state by count; `[size, 2 size)`: state 1's. The last entry
    /// of each half is for every count out of range (negative, or too large: no birth, no
    /// survival).
    let table: [UInt8]
    let size: Int
    /// Next state of each state ≥ 2.
    let decay: [UInt8]

    init(_ tables: LargerThanLifeRule.Tables, states: Int) {
        let size = max(tables.births.count, tables.survivals.count) + 1
        self.size = size
        let dying: UInt8 = states > 2 ? 2 : 0
        table = (0..<size).map { tables.birth($0) && $0 < size - 1 ? 1 : 0 }
            + (0..<size).map { tables.survival($0) && $0 < size - 1 ? 1 : dying }
        decay = (0..<256).map { s in s >= 2 && s + 1 < states ? UInt8(s + 1) : 0 }
    }
}

/// The flat grid a step runs on, with its working memory. The field's cells outside it are
/// empty (on the plane) or absent (a bounded grid is the whole field).
final class LargerThanLifeStepper {
    enum Method { case moore, spans, vonNeumann, weighted }

    let rule: LargerThanLifeRule
    /// The neighbourhood's extent.
    let e: Int
    let bounded: Bool
    let torus: Bool
    let method: Method
    let memoryLimit: Int

    /// The current generation: `width` × `height` states, row by row, in `cells`, the first at
    /// (`x`, `y`).
    var x = 0, y = 0, width = 0, height = 0
    var cells = LargerThanLifeBuffer<UInt8>()
    /// The generation being computed: the region (`rx`, `ry`, `rw` × `rh`).
    var next = LargerThanLifeBuffer<UInt8>()
    var rx = 0, ry = 0, rw = 0, rh = 0

    // Working memory (+Counting): padded 0/1 rows, sums kept for a few rows, one row of counts
    // (two for the triangular shapes), one row of states.
    let ones = LargerThanLifeBuffer<UInt8>()
    let sums = LargerThanLifeBuffer<Int32>()
    let counts = LargerThanLifeBuffer<Int32>()
    let stateRow = LargerThanLifeBuffer<UInt8>()
    /// Per orientation, per run of the shape: (dy, offset of the end, offset of the start,
    /// stride) in a prefix row (`spans` only).
    var runs: [[(dy: Int, high: Int, low: Int, stride: Int)]] = []
    var strided = false
    /// The weights of the square per orientation (`weighted` only).
    let weightTables: [[Int]]
    /// The count of the previous row's first cell (`vonNeumann` only).
    var firstCount: Int32 = 0

    init(rule: LargerThanLifeRule, memoryLimit: Int) {
        self.rule = rule
        self.memoryLimit = memoryLimit
        let e = rule.shape.extent(range: rule.range)
        self.e = e
        bounded = rule.grid != nil
        torus = rule.grid.map { $0.topology != .plane } ?? false
        switch rule.shape {
        case .moore: method = .moore
        // A small diamond is cheaper as its few rows than as four diagonal runs.
        case .vonNeumann: method = e <= 4 ? .spans : .vonNeumann
        case .gaussian, .weighted: method = .weighted
        default: method = .spans
        }
        if method == .spans {
            let orientations = rule.shape.isTriangular ? [0, 1] : [0]
            runs = orientations.map { parity in
                rule.shape.spans(range: rule.range, parity: parity)!.map { s in
                    s.stride == 1 ? (s.dy, e + s.high + 1, e + s.low, 1) : (s.dy, e + s.high + 2, e + s.low, 2)
                }
            }
            strided = runs.joined().contains { $0.stride == 2 }
        }
        weightTables = method != .weighted ? [] : (rule.shape.isTriangular ? [0, 1] : [0]).map {
            rule.shape.weights(range: rule.range, parity: $0)
        }
    }

    var isEmpty: Bool { width == 0 || height == 0 }

    /// Frees everything but the current generation (before it goes back into the quadtree);
    /// a later `advance` grows it again.
    func releaseWorkingMemory() {
        for buffer in [next, ones, stateRow] { buffer.release() }
        for buffer in [sums, counts] { buffer.release() }
    }

    /// Makes the current generation a `width` × `height` rectangle at (`x`, `y`) and returns its
    /// cells to fill (every one).
    func reset(x: Int, y: Int, width: Int, height: Int) -> UnsafeMutableBufferPointer<UInt8> {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
        let count = saturatingProduct(width, height)
        cells.reserve(count)
        return UnsafeMutableBufferPointer(start: cells.base, count: count)
    }

    /// The current generation's states, row by row.
    var states: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: cells.base, count: width * height) }

    /// The smallest rectangle holding every non-empty cell, nil when there is none.
    func liveBox() -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        let s = cells.base
        for j in 0..<height {
            let row = s + j * width
            var first = 0
            while first < width && row[first] == 0 { first += 1 }
            guard first < width else { continue }
            var last = width - 1
            while row[last] == 0 { last -= 1 }
            if y0 == Int.max { y0 = j }
            y1 = j
            x0 = min(x0, first)
            x1 = max(x1, last)
        }
        return y0 == Int.max ? nil : (x0, y0, x1, y1)
    }

    /// Replaces the current generation with the next, computed with `lookup`. Throws, leaving
    /// the current generation as it was, when the grids and working rows would pass the memory
    /// limit; `generation` is the one reached, for the error.
    func advance(_ lookup: LargerThanLifeLookup, generation: BigUInt) throws(StepError) {
        if bounded {
            (rx, ry, rw, rh) = (x, y, width, height)
        } else {
            guard let box = liveBox() else { width = 0; height = 0; return }
            (rx, ry) = (x + box.x0 - e, y + box.y0 - e)
            (rw, rh) = (box.x1 - box.x0 + 1 + 2 * e, box.y1 - box.y0 + 1 + 2 * e)
        }
        let needed = neededBytes()
        guard needed <= memoryLimit else {
            throw .memoryExhausted(generation: generation, neededBytes: needed, limitBytes: memoryLimit)
        }
        next.reserve(rw * rh)
        reserveWorkingRows()
        let out = next.base
        let c = counts.base
        lookup.table.withUnsafeBufferPointer { table in
            lookup.decay.withUnsafeBufferPointer { decay in
                let size = lookup.size, last = UInt32(size - 1)
                for j in 0..<rh {
                    countRow(j)
                    let s = regionStates(j)
                    let o = out + j * rw
                    for i in 0..<rw {
                        let state = s[i]
                        let n = Int(min(UInt32(bitPattern: c[i]), last))
                        o[i] = state < 2 ? table[Int(state) &* size &+ n] : decay[Int(state)]
                    }
                }
            }
        }
        swap(&cells, &next)
        (x, y, width, height) = (rx, ry, rw, rh)
    }

    /// The bytes a generation needs: both grids and the working rows (saturating).
    func neededBytes() -> Int {
        var total = saturatingSum(saturatingProduct(width, height), saturatingProduct(rw, rh))
        for part in workingSizes() { total = saturatingSum(total, part) }
        return total
    }

    /// The padded rows' width and the number of padded rows.
    var pw: Int { rw + 2 * e }
    var ph: Int { rh + 2 * e }

    /// The states of the region's row `j` (empty beyond the current generation's rectangle).
    func regionStates(_ j: Int) -> UnsafePointer<UInt8> {
        if bounded { return UnsafePointer(cells.base + j * width) }
        let row = stateRow.base
        row.update(repeating: 0, count: rw)
        let sy = ry + j - y
        guard sy >= 0 && sy < height else { return UnsafePointer(row) }
        let offset = rx - x
        let first = max(0, -offset), end = min(rw, width - offset)
        if first < end { (row + first).update(from: cells.base + sy * width + offset + first, count: end - first) }
        return UnsafePointer(row)
    }

    /// Fills `o` with the padded row `py` (`pw` cells, from the region's top-left less the
    /// extent): 1 for a cell in state 1 (`raw`: the state itself), 0 otherwise, wrapped on a
    /// torus. Returns false when the row is all empty for certain (beyond a plane's edge).
    @discardableResult
    func loadPadded(_ py: Int, into o: UnsafeMutablePointer<UInt8>, raw: Bool = false) -> Bool {
        let pw = pw
        var sy = ry - e + py - y
        if torus {
            sy = ((sy % height) + height) % height
        } else if sy < 0 || sy >= height {
            o.update(repeating: 0, count: pw)
            return false
        }
        let s = UnsafePointer(cells.base + sy * width)
        @inline(__always) func copy(_ to: UnsafeMutablePointer<UInt8>, _ from: UnsafePointer<UInt8>, _ n: Int) {
            if raw { to.update(from: from, count: n) } else { for k in 0..<n { to[k] = from[k] == 1 ? 1 : 0 } }
        }
        if torus {
            // pw = width + 2e and e ≤ width / 2: the last e cells, the row, the first e cells.
            copy(o, s + width - e, e)
            copy(o + e, s, width)
            copy(o + e + width, s, e)
            return true
        }
        let offset = rx - e - x
        let first = max(0, -offset), end = min(pw, width - offset)
        guard first < end else { o.update(repeating: 0, count: pw); return false }
        o.update(repeating: 0, count: first)
        copy(o + first, s + offset + first, end - first)
        (o + end).update(repeating: 0, count: pw - end)
        return true
    }

    /// The parity of x + y that chooses a triangular shape's orientation for the region's
    /// cell (i, j) (from the grid's corner when bounded, as Golly counts it).
    func parity(i: Int, j: Int) -> Int {
        var px = rx + i, py = ry + j
        if bounded { px -= x; py -= y }
        return (px + py) & 1
    }
}
