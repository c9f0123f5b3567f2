// LargerThanLifeCounter.swift — counting neighbourhoods and applying the rule, one generation.
//
// The cells in state 1 are copied into a padded 0/1 grid reaching the neighbourhood's extent
// beyond the region being computed (wrapped on a torus, empty beyond a plane's edges). Then:
// the Moore square is a rectangle of a summed-area table (O(1) a cell); the von Neumann diamond
// slides along each row, its two leading edges and two trailing edges read from sums along the
// diagonals (O(1) a cell); the other shapes made of row runs add one difference of row prefix
// sums per run (every other cell for the checkerboards); the weighted shapes (G, W) loop over
// their cells.

struct LargerThanLifeCounter {
    enum Source {
        /// The unbounded plane: cells outside the field are empty.
        case plane
        /// The rule's grid: the field is the whole grid.
        case bounded(torus: Bool)
    }

    let rule: LargerThanLifeRule
    let field: LargerThanLifeField
    var region: LargerThanLifeField
    let source: Source
    /// The neighbourhood's extent.
    let e: Int
    /// The padded 0/1 grid: region ± e.
    let pw: Int, ph: Int
    var ones: [Int32]

    init(rule: LargerThanLifeRule, field: LargerThanLifeField, region: LargerThanLifeField, source: Source) {
        self.rule = rule
        self.field = field
        self.region = region
        self.source = source
        e = rule.shape.extent(range: rule.range)
        pw = region.width + 2 * e
        ph = region.height + 2 * e
        ones = []
        if case .plane = source, rule.shape == .moore { return }
        ones = makeOnes()
    }

    /// The padded 0/1 grid of the cells in state 1 (wrapped on a torus).
    func makeOnes() -> [Int32] {
        var ones = [Int32](repeating: 0, count: pw * ph)
        let (pw, e, fx, fy, fw, fh) = (pw, e, field.x, field.y, field.width, field.height)
        let (px0, py0) = (region.x - e, region.y - e)
        let torus: Bool
        if case .bounded(true) = source { torus = true } else { torus = false }
        ones.withUnsafeMutableBufferPointer { o in
            field.states.withUnsafeBufferPointer { s in
                for py in 0..<ph {
                    var sy = py0 + py - fy
                    if torus { sy = ((sy % fh) + fh) % fh } else if sy < 0 || sy >= fh { continue }
                    let row = py * pw
                    for px in 0..<pw {
                        var sx = px0 + px - fx
                        if torus { sx = ((sx % fw) + fw) % fw } else if sx < 0 || sx >= fw { continue }
                        if s[sy * fw + sx] == 1 { o[row + px] = 1 }
                    }
                }
            }
        }
        return ones
    }

    /// The region's next states.
    mutating func next(tables: LargerThanLifeRule.Tables) -> LargerThanLifeField {
        let w = region.width, h = region.height
        var counts = [Int32](repeating: 0, count: w * h)
        switch rule.shape {
        case .moore:
            if case .plane = source { countMooreOnField(&counts) } else { countMoore(&counts) }
        case .vonNeumann:
            // A small diamond is cheaper as its few rows than as four diagonal runs.
            if e <= 4 { countSpans(&counts) } else { countVonNeumann(&counts) }
        case .gaussian, .weighted: countWeighted(&counts)
        default: countSpans(&counts)
        }
        // Apply the rule: counts of the region's cells against their current states.
        let states = UInt8(truncatingIfNeeded: rule.stateCount)
        let (fx, fy, fw, fh) = (field.x, field.y, field.width, field.height)
        let extra = rule.shape == .gaussian
        let b = tables.births.map { $0 }, sv = tables.survivals.map { $0 }
        region.states.withUnsafeMutableBufferPointer { out in
            field.states.withUnsafeBufferPointer { s in
                for j in 0..<h {
                    let sy = region.y + j - fy
                    for i in 0..<w {
                        let sx = region.x + i - fx
                        let state: UInt8 = sy >= 0 && sy < fh && sx >= 0 && sx < fw ? s[sy * fw + sx] : 0
                        var n = Int(counts[j * w + i])
                        if extra && state != 0 { n += 1 }
                        let next: UInt8
                        switch state {
                        case 0: next = n >= 0 && n < b.count && b[n] ? 1 : 0
                        case 1: next = n >= 0 && n < sv.count && sv[n] ? 1 : (states > 2 ? 2 : 0)
                        default: next = state + 1 < states ? state + 1 : 0
                        }
                        out[j * w + i] = next
                    }
                }
            }
        }
        return region
    }

    /// The parity of x + y that chooses a triangular shape's orientation (from the grid's
    /// corner when bounded, as Golly counts it).
    func parity(i: Int, j: Int) -> Int {
        var x = region.x + i, y = region.y + j
        if case .bounded = source { x -= field.x; y -= field.y }
        return (x + y) & 1
    }

    func countMoore(_ counts: inout [Int32]) {
        let (pw, ph, w, h, side) = (pw, ph, region.width, region.height, 2 * e + 1)
        let sw = pw + 1
        var sat = [Int32](repeating: 0, count: sw * (ph + 1))
        sat.withUnsafeMutableBufferPointer { t in
            ones.withUnsafeBufferPointer { o in
                for y in 0..<ph {
                    var rowSum: Int32 = 0
                    for x in 0..<pw {
                        rowSum &+= o[y * pw + x]
                        t[(y + 1) * sw + x + 1] = t[y * sw + x + 1] &+ rowSum
                    }
                }
            }
            counts.withUnsafeMutableBufferPointer { c in
                for j in 0..<h {
                    let top = j * sw, bottom = (j + side) * sw
                    for i in 0..<w {
                        c[j * w + i] = t[bottom + i + side] &- t[bottom + i] &- t[top + i + side] &+ t[top + i]
                    }
                }
            }
        }
    }

    /// Moore on the plane: a summed-area table of the field alone, each square clamped to it
    /// (the cells beyond the field are empty), so the table is no larger than the live box.
    func countMooreOnField(_ counts: inout [Int32]) {
        let (fw, fh, w, h, side) = (field.width, field.height, region.width, region.height, 2 * e + 1)
        let sw = fw + 1
        var sat = [Int32](repeating: 0, count: sw * (fh + 1))
        let dx = region.x - e - field.x, dy = region.y - e - field.y
        sat.withUnsafeMutableBufferPointer { t in
            field.states.withUnsafeBufferPointer { s in
                for y in 0..<fh {
                    var rowSum: Int32 = 0
                    for x in 0..<fw {
                        if s[y * fw + x] == 1 { rowSum &+= 1 }
                        t[(y + 1) * sw + x + 1] = t[y * sw + x + 1] &+ rowSum
                    }
                }
            }
            counts.withUnsafeMutableBufferPointer { c in
                for j in 0..<h {
                    let top = min(max(j + dy, 0), fh) * sw, bottom = min(max(j + dy + side, 0), fh) * sw
                    if top == bottom { continue }
                    for i in 0..<w {
                        let l = min(max(i + dx, 0), fw), r = min(max(i + dx + side, 0), fw)
                        c[j * w + i] = t[bottom + r] &- t[bottom + l] &- t[top + r] &+ t[top + l]
                    }
                }
            }
        }
    }

    /// The diamond |dx| + |dy| ≤ r: the first cell of each row summed by rows, then each step
    /// right adds the two right edges (diagonal runs ending at (r, 0)) and removes the two left
    /// edges of the diamond one cell to the left.
    func countVonNeumann(_ counts: inout [Int32]) {
        let (pw, ph, w, h, r) = (pw, ph, region.width, region.height, e)
        // down[y][x]: cells (x − k, y − k), k ≥ 0 (along the "\" diagonal); up[y][x]: cells
        // (x − k, y + k) (along the "/" diagonal). Both padded by one on every side.
        let dw = pw + 2
        var down = [Int32](repeating: 0, count: dw * (ph + 2))
        var up = [Int32](repeating: 0, count: dw * (ph + 2))
        var rows = [Int32](repeating: 0, count: (pw + 1) * ph)
        ones.withUnsafeBufferPointer { o in
            down.withUnsafeMutableBufferPointer { d in
                for y in 0..<ph { for x in 0..<pw { d[(y + 1) * dw + x + 1] = o[y * pw + x] &+ d[y * dw + x] } }
            }
            up.withUnsafeMutableBufferPointer { u in
                for y in stride(from: ph - 1, through: 0, by: -1) {
                    for x in 0..<pw { u[(y + 1) * dw + x + 1] = o[y * pw + x] &+ u[(y + 2) * dw + x] }
                }
            }
            rows.withUnsafeMutableBufferPointer { q in
                for y in 0..<ph { for x in 0..<pw { q[y * (pw + 1) + x + 1] = q[y * (pw + 1) + x] &+ o[y * pw + x] } }
            }
        }
        // Sums over a diagonal run in padded coordinates, both ends included.
        func downRun(_ d: UnsafeBufferPointer<Int32>, x0: Int, y0: Int, length: Int) -> Int32 {
            // cells (x0 + k, y0 + k), k in 0..<length
            d[(y0 + length) * dw + x0 + length] &- d[y0 * dw + x0]
        }
        func upRun(_ u: UnsafeBufferPointer<Int32>, x0: Int, y0: Int, length: Int) -> Int32 {
            // cells (x0 + k, y0 − k), k in 0..<length
            u[(y0 - length + 2) * dw + x0 + length] &- u[(y0 + 2) * dw + x0]
        }
        down.withUnsafeBufferPointer { d in
            up.withUnsafeBufferPointer { u in
                rows.withUnsafeBufferPointer { q in
                    counts.withUnsafeMutableBufferPointer { c in
                        for j in 0..<h {
                            let cy = j + r
                            var n: Int32 = 0
                            for dy in -r...r {
                                let half = r - abs(dy), row = (cy + dy) * (pw + 1)
                                n &+= q[row + r + half + 1] &- q[row + r - half]
                            }
                            c[j * w] = n
                            for i in 1..<max(w, 1) {
                                let cx = i + r
                                // Right edges of the diamond at cx: (cx + r − k, cy ± k), k = 0 … r.
                                n &+= upRun(u, x0: cx, y0: cy + r, length: r + 1)     // (cx + k, cy + r − k)
                                n &+= downRun(d, x0: cx, y0: cy - r, length: r)       // (cx + k, cy − r + k), k < r
                                // Left edges of the diamond at cx − 1: (cx − 1 − r + k, cy ± k).
                                let lx = cx - 1 - r
                                n &-= downRun(d, x0: lx, y0: cy, length: r + 1)      // (lx + k, cy + k)
                                n &-= upRun(u, x0: lx + 1, y0: cy - 1, length: r)    // (lx + 1 + k, cy − 1 − k)
                                c[j * w + i] = n
                            }
                        }
                    }
                }
            }
        }
    }

    /// Shapes made of row runs: a difference of row prefix sums per run.
    func countSpans(_ counts: inout [Int32]) {
        let (pw, ph, w, h, e) = (pw, ph, region.width, region.height, e)
        let triangular = rule.shape.isTriangular
        let spans = [rule.shape.spans(range: rule.range, parity: 0)!, triangular ? rule.shape.spans(range: rule.range, parity: 1)! : []]
        let qw = pw + 2
        // q1: prefix along the row; q2: prefix of every other cell (for stride 2).
        var q1 = [Int32](repeating: 0, count: qw * ph)
        var q2 = [Int32](repeating: 0, count: qw * ph)
        let strided = spans.joined().contains { $0.stride == 2 }
        ones.withUnsafeBufferPointer { o in
            q1.withUnsafeMutableBufferPointer { q in
                for y in 0..<ph { for x in 0..<pw { q[y * qw + x + 1] = q[y * qw + x] &+ o[y * pw + x] } }
            }
            if strided {
                q2.withUnsafeMutableBufferPointer { q in
                    for y in 0..<ph { for x in 0..<pw { q[y * qw + x + 2] = q[y * qw + x] &+ o[y * pw + x] } }
                }
            }
        }
        // Each run as two offsets from the cell's place in the prefix rows: the end after its
        // last cell and its first cell (stride 1), or the two prefix entries of every other
        // cell (stride 2); one flat list per orientation.
        func offsets(_ list: [LargerThanLifeSpan], stride: Int) -> [Int] {
            list.filter { $0.stride == stride }.flatMap { s -> [Int] in
                let row = (e + s.dy) * qw
                return stride == 1 ? [row + e + s.high + 1, row + e + s.low] : [row + e + s.high + 2, row + e + s.low]
            }
        }
        let ones1 = spans.map { offsets($0, stride: 1) }, twos = spans.map { offsets($0, stride: 2) }
        q1.withUnsafeBufferPointer { a in
            q2.withUnsafeBufferPointer { b in
                counts.withUnsafeMutableBufferPointer { c in
                    for k in 0..<(triangular ? 2 : 1) {
                        ones1[k].withUnsafeBufferPointer { o1 in
                            twos[k].withUnsafeBufferPointer { o2 in
                                for j in 0..<h {
                                    let rowBase = j * qw
                                    for i in 0..<w where !triangular || parity(i: i, j: j) == k {
                                        let base = rowBase + i
                                        var n: Int32 = 0
                                        var t = 0
                                        while t < o1.count { n &+= a[base + o1[t]] &- a[base + o1[t + 1]]; t += 2 }
                                        t = 0
                                        while t < o2.count { n &+= b[base + o2[t]] &- b[base + o2[t + 1]]; t += 2 }
                                        c[j * w + i] = n
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// G and W: each cell of the square with its weight (and, for W with state weights, the
    /// weight of its state, the empty state's when positive).
    func countWeighted(_ counts: inout [Int32]) {
        let (pw, w, h, r) = (pw, region.width, region.height, rule.range)
        let side = 2 * r + 1
        let weights = [rule.shape.weights(range: r, parity: 0), rule.shape.isTriangular ? rule.shape.weights(range: r, parity: 1) : []]
        var stateWeights: [Int]?
        if case let .weighted(_, sw, _, _) = rule.shape { stateWeights = sw }
        let torus: Bool
        if case .bounded(true) = source { torus = true } else { torus = false }
        let (fx, fy, fw, fh) = (field.x, field.y, field.width, field.height)
        func state(_ x: Int, _ y: Int) -> UInt8 {
            var sx = x - fx, sy = y - fy
            if torus { sx = ((sx % fw) + fw) % fw; sy = ((sy % fh) + fh) % fh }
            guard sx >= 0, sx < fw, sy >= 0, sy < fh else { return 0 }
            return field.states[sy * fw + sx]
        }
        ones.withUnsafeBufferPointer { o in
            for j in 0..<h {
                for i in 0..<w {
                    let wt = weights[rule.shape.isTriangular ? parity(i: i, j: j) : 0]
                    var n = 0
                    if let sw = stateWeights {
                        for dy in 0..<side {
                            for dx in 0..<side {
                                let s = state(region.x + i + dx - r, region.y + j + dy - r)
                                let k = Int(s) < sw.count ? sw[Int(s)] : 0
                                if s != 0 || k > 0 { n += wt[dy * side + dx] * k }
                            }
                        }
                    } else {
                        for dy in 0..<side {
                            let row = (j + dy) * pw + i
                            for dx in 0..<side where o[row + dx] != 0 { n += wt[dy * side + dx] }
                        }
                    }
                    counts[j * w + i] = Int32(clamping: n)
                }
            }
        }
    }
}
