// LargerThanLifeStepper+Counting.swift — the counts of one row of the region, from the
// cells in state 1 (padded by the extent: wrapped on a torus, empty beyond a plane's edges).
//
// Rows come in order, j = 0, 1, …, and each method keeps sums for the rows it still needs:
// - Moore: the column sums over the 2e + 1 rows around the row, each row added once and taken
//   off once, then a window sliding along the row: O(1) a cell whatever the range;
// - von Neumann: diagonal prefix sums (both diagonals) for the 2e + 3 rows in reach; a row's
//   first diamond follows from the one above by its four edges, each next one from its left
//   neighbour by four edges: O(1) a cell;
// - the other shapes of row runs: row prefix sums (every other cell too, for the
//   checkerboards) of the 2e + 1 rows in reach, one difference a run, run by run along the
//   row; the triangular shapes count both orientations and take each cell's;
// - G and W: the padded states of the whole region, each cell of the square with its weight.

extension LargerThanLifeStepper {
    /// The working memory's sizes in bytes for the current region.
    func workingSizes() -> [Int] {
        let pw = pw, rows = 2 * e + 1, qw = saturatingSum(pw, 2)
        let countRows = rule.shape.isTriangular ? 2 : 1
        var parts = [pw, LargerThanLifeBuffer<Int32>.bytes(saturatingProduct(rw, countRows)), rw]
        switch method {
        case .moore: parts.append(LargerThanLifeBuffer<Int32>.bytes(pw))
        case .spans: parts.append(LargerThanLifeBuffer<Int32>.bytes(saturatingProduct(rows * (strided ? 2 : 1), qw)))
        case .vonNeumann: parts.append(LargerThanLifeBuffer<Int32>.bytes(saturatingProduct(2 * (rows + 2), qw)))
        case .weighted: parts.append(saturatingProduct(pw, ph))
        }
        return parts
    }

    /// Grows the working memory to the region's needs (`neededBytes` has checked them).
    func reserveWorkingRows() {
        let pw = pw, rows = 2 * e + 1, qw = pw + 2
        counts.reserve(rw * (rule.shape.isTriangular ? 2 : 1))
        stateRow.reserve(rw)
        switch method {
        case .moore: ones.reserve(pw); sums.reserve(pw)
        case .spans: ones.reserve(pw); sums.reserve(rows * (strided ? 2 : 1) * qw)
        case .vonNeumann: ones.reserve(pw); sums.reserve(2 * (rows + 2) * qw)
        case .weighted: ones.reserve(pw * ph)
        }
    }

    /// Writes the counts of the region's row `j` into `counts` (after rows 0 … j − 1).
    func countRow(_ j: Int) {
        switch method {
        case .moore: countMooreRow(j)
        case .spans: countSpansRow(j)
        case .vonNeumann: countVonNeumannRow(j)
        case .weighted: countWeightedRow(j)
        }
    }

    // MARK: - Moore

    /// `sums` holds the column sums of padded rows j … j + 2e.
    func countMooreRow(_ j: Int) {
        let pw = pw, rw = rw, side = 2 * e + 1
        let o = ones.base, cs = sums.base, c = counts.base
        @inline(__always) func add(_ py: Int, _ sign: Int32) {
            guard loadPadded(py, into: o) else { return }
            if sign > 0 { for x in 0..<pw { cs[x] &+= Int32(o[x]) } } else { for x in 0..<pw { cs[x] &-= Int32(o[x]) } }
        }
        if j == 0 {
            cs.update(repeating: 0, count: pw)
            for py in 0..<(side - 1) { add(py, 1) }
        } else {
            add(j - 1, -1)
        }
        add(j + side - 1, 1)
        var n: Int32 = 0
        for k in 0..<side { n &+= cs[k] }
        c[0] = n
        var i = 1
        while i < rw { n = n &+ cs[i + side - 1] &- cs[i - 1]; c[i] = n; i += 1 }
    }

    // MARK: - Row runs

    /// `sums` holds the prefix rows (then the every-other-cell prefix rows) of padded rows
    /// j … j + 2e, padded row py in slot py mod (2e + 1).
    func countSpansRow(_ j: Int) {
        let pw = pw, rw = rw, ring = 2 * e + 1, qw = pw + 2
        let o = ones.base, q1 = sums.base, q2 = sums.base + ring * qw
        func prefix(_ py: Int) {
            let slot = py % ring
            let a = q1 + slot * qw
            let filled = loadPadded(py, into: o)
            guard filled else {
                a.update(repeating: 0, count: qw)
                if strided { (q2 + slot * qw).update(repeating: 0, count: qw) }
                return
            }
            var sum: Int32 = 0
            a[0] = 0
            for x in 0..<pw { sum &+= Int32(o[x]); a[x + 1] = sum }
            a[pw + 1] = sum
            if strided {
                let b = q2 + slot * qw
                b[0] = 0; b[1] = 0
                for x in 0..<pw { b[x + 2] = b[x] &+ Int32(o[x]) }
            }
        }
        if j == 0 { for py in 0..<(ring - 1) { prefix(py) } }
        prefix(j + ring - 1)
        for (k, list) in runs.enumerated() {
            let c = counts.base + k * rw
            c.update(repeating: 0, count: rw)
            for run in list {
                let slot = (j + e + run.dy) % ring
                let row = (run.stride == 1 ? q1 : q2) + slot * qw
                let high = UnsafePointer(row + run.high), low = UnsafePointer(row + run.low)
                for i in 0..<rw { c[i] &+= high[i] &- low[i] }
            }
        }
        if runs.count == 2 {
            // Each cell takes the counts of its orientation.
            let c = counts.base, odd = counts.base + rw
            var i = parity(i: 0, j: j) == 1 ? 0 : 1
            while i < rw { c[i] = odd[i]; i += 2 }
        }
    }

    // MARK: - Von Neumann

    /// `sums` holds, for padded rows j − 2 … j + 2e (slot (py + 2) mod (2e + 3); rows above the
    /// top are zero), the prefix sums along both diagonals, from x = −1 to x = pw (index x + 1):
    /// down[y][x] = o(x, y) + down[y − 1][x − 1] and up[y][x] = o(x, y) + up[y − 1][x + 1];
    /// `firstCount` holds the count of the row above's first cell.
    func countVonNeumannRow(_ j: Int) {
        let pw = pw, rw = rw, r = e, ring = 2 * e + 3, dw = pw + 2
        let o = ones.base, downs = sums.base, ups = sums.base + ring * dw
        @inline(__always) func down(_ py: Int) -> UnsafeMutablePointer<Int32> { downs + ((py + 2) % ring) * dw + 1 }
        @inline(__always) func up(_ py: Int) -> UnsafeMutablePointer<Int32> { ups + ((py + 2) % ring) * dw + 1 }
        func diagonals(_ py: Int) {
            let d = down(py), u = up(py), dp = down(py - 1), upp = up(py - 1)
            loadPadded(py, into: o)
            d[-1] = 0
            for x in 0..<pw { d[x] = Int32(o[x]) &+ dp[x - 1] }
            d[pw] = dp[pw - 1]
            u[-1] = upp[0]
            for x in 0..<(pw - 1) { u[x] = Int32(o[x]) &+ upp[x + 1] }
            u[pw - 1] = Int32(o[pw - 1]) &+ upp[pw]
            u[pw] = 0
        }
        let c = counts.base
        let cy = j + r
        if j == 0 {
            (up(-2) - 1).update(repeating: 0, count: dw)
            (up(-1) - 1).update(repeating: 0, count: dw)
            (down(-2) - 1).update(repeating: 0, count: dw)
            (down(-1) - 1).update(repeating: 0, count: dw)
            for py in 0..<(2 * r) { diagonals(py) }
            diagonals(2 * r)
            // The first diamond, row by row.
            var n: Int32 = 0
            for dy in -r...r {
                loadPadded(r + dy, into: o)
                let half = r - abs(dy)
                for x in (r - half)...(r + half) { n &+= Int32(o[x]) }
            }
            c[0] = n
        } else {
            diagonals(j + 2 * r)
            // Down one: the new bottom edges in, the old top edges out (cx = r).
            let cx = r
            var n = firstCount
            n &+= down(cy + r)[cx] &- down(cy - 1)[cx - r - 1]
            n &+= up(cy + r - 1)[cx + 1] &- up(cy - 1)[cx + r + 1]
            n &-= up(cy - 1)[cx - r] &- up(cy - 2 - r)[cx + 1]
            n &-= down(cy - 1)[cx + r] &- down(cy - 1 - r)[cx]
            c[0] = n
        }
        firstCount = c[0]
        // Right one: the new right edges in, the old left edges out.
        let d0 = UnsafePointer(down(cy)), dm = UnsafePointer(down(cy - r - 1)), dp = UnsafePointer(down(cy + r))
        let u0 = UnsafePointer(up(cy)), um = UnsafePointer(up(cy - r - 1)), upp = UnsafePointer(up(cy + r))
        var n = c[0]
        var i = 1
        while i < rw {
            let cx = i + r
            n = n &+ (d0[cx + r] &- dm[cx - 1]) &+ (upp[cx] &- u0[cx + r])
                &- (u0[i - 1] &- um[cx]) &- (dp[cx - 1] &- d0[i - 1])
            c[i] = n
            i += 1
        }
    }

    // MARK: - Weighted

    /// `ones` holds the padded states of the whole region (filled at row 0).
    func countWeightedRow(_ j: Int) {
        let pw = pw, rw = rw, r = rule.range, side = 2 * r + 1
        let pad = ones.base
        if j == 0 { for py in 0..<ph { loadPadded(py, into: pad + py * pw, raw: true) } }
        let weights = weightTables
        var stateWeights: [Int]?
        if case let .weighted(_, sw, _, _) = rule.shape { stateWeights = sw }
        let gaussian = rule.shape == .gaussian
        let c = counts.base, triangular = weights.count == 2
        for i in 0..<rw {
            let wt = weights[triangular ? parity(i: i, j: j) : 0]
            var n = 0
            if let sw = stateWeights {
                for dy in 0..<side {
                    let row = pad + (j + dy) * pw + i
                    for dx in 0..<side {
                        let s = row[dx]
                        let k = Int(s) < sw.count ? sw[Int(s)] : 0
                        if s != 0 || k > 0 { n += wt[dy * side + dx] * k }
                    }
                }
            } else {
                for dy in 0..<side {
                    let row = pad + (j + dy) * pw + i
                    for dx in 0..<side where row[dx] == 1 { n += wt[dy * side + dx] }
                }
            }
            // G counts the cell itself once more when it is not empty.
            if gaussian && pad[(j + e) * pw + i + e] != 0 { n += 1 }
            c[i] = Int32(clamping: n)
        }
    }
}
