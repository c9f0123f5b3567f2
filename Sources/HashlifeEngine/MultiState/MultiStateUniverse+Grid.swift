// MultiStateUniverse+Grid.swift — stepping a multi-state universe on a bounded grid.
//
// As Golly does (lifealgo's CreateBorderCells / DeleteBorderCells), one generation at a time:
// the grid's cells on a flat array with a one-cell border, the border filled from the grid's
// edges as its topology joins them (`Grid.source`: torus with or without shift, Klein bottle,
// cross-surface, sphere, or dead for a plane), every grid cell stepped, everything outside
// dropped. The array is read from the tree once per call and written back once. A grid that
// stops changing (a still life, or nothing left) ends the run at once.
//
// A tube or strip (one side unbounded) is stepped the same way on a window of it: the cells'
// extent along the unbounded side, widened by one more cell than the generations of the
// window's turn (`stripTurn`). Nothing travels faster than a cell a generation, so every cell
// that can change lies inside, and the window's own edges (joined as a torus's, or dead) stay
// empty throughout the turn: the cells beyond them are as they would be on the whole strip.
//
// The two-state engine also jumps tori by Hashlife on their tiling; multi-state rules do not
// (yet): their grids are stepped generation by generation here, which for the grid sizes
// Golly's users run (up to a few hundred cells a side) costs microseconds a generation.

extension MultiStateUniverse {
    /// Advances `count` generations on `grid`, one at a time. On cancellation the universe holds
    /// the last whole generation reached, and the error says which.
    func gridGenerations(_ count: BigUInt, grid: Grid, control: StepControl?) throws(StepError) {
        guard grid.width == 0 || grid.height == 0 else {
            try windowGenerations(count, window: grid, left: BigInt(grid.left), top: BigInt(grid.top), control: control)
            return
        }
        var remaining = count
        while !remaining.isZero {
            guard let box = boundingBox else {
                generation += remaining  // nothing left to change
                return
            }
            let turn = remaining < BigUInt(UInt64(MultiStateUniverse.stripTurn)) ? Int(remaining.uint64Value!) : MultiStateUniverse.stripTurn
            let margin = turn + 1
            let unboundedX = grid.width == 0
            guard let extent = (unboundedX ? box.width : box.height).intValue, extent <= Grid.maximumSize - 2 * margin else {
                throw .memoryExhausted(generation: generation, neededBytes: .max, limitBytes: memoryLimit)
            }
            let span = extent + 2 * margin
            let window = Grid(topology: grid.topology, width: unboundedX ? span : grid.width, height: unboundedX ? grid.height : span)!
            let left = unboundedX ? box.x - BigInt(margin) : BigInt(grid.left)
            let top = unboundedX ? BigInt(grid.top) : box.y - BigInt(margin)
            let settled = try windowGenerations(BigUInt(UInt64(turn)), window: window, left: left, top: top, control: control)
            remaining = remaining - BigUInt(UInt64(turn))
            if settled {
                generation += remaining
                return
            }
        }
    }

    /// Generations a window of a tube or strip is stepped before it is fitted to the cells again.
    static let stripTurn = 64

    /// Advances `count` generations on the cells of `window`, a grid of finite width and height
    /// whose top-left cell is at (`left`, `top`); the universe's cells must all lie on it.
    /// Returns whether the window stopped changing (the rest of `count` was skipped).
    @discardableResult
    private func windowGenerations(_ count: BigUInt, window grid: Grid, left: BigInt, top: BigInt,
                                   control: StepControl?) throws(StepError) -> Bool {
        if count.isZero { return false }
        let (w, h) = (grid.width, grid.height)
        let stride = w + 2
        let (cellCount, overflow) = stride.multipliedReportingOverflow(by: h + 2)
        if overflow || 2 * cellCount > memoryLimit {
            throw .memoryExhausted(generation: generation, neededBytes: overflow ? .max : 2 * cellCount, limitBytes: memoryLimit)
        }
        var current = [UInt8](repeating: 0, count: cellCount)
        forEachCellOffset(in: CellRect(x: left, y: top, width: BigUInt(UInt64(w)), height: BigUInt(UInt64(h)))) { dx, dy, state in
            current[(dy + 1) * stride + dx + 1] = state
        }
        // The border ring's cells and the grid cells they copy (-1: dead).
        var border: [(target: Int, source: Int)] = []
        for j in -1...h {
            for i in -1...w where i < 0 || i >= w || j < 0 || j >= h {
                let source = grid.source(i: i, j: j).map { ($0.j + 1) * stride + $0.i + 1 } ?? -1
                border.append(((j + 1) * stride + i + 1, source))
            }
        }
        var next = current
        let start = generation
        var remaining = count
        var settled = false
        while !remaining.isZero {
            let batch = remaining < BigUInt(UInt64(1) << 20) ? Int(remaining.uint64Value!) : 1 << 20
            for done in 0..<batch {
                if let control, control.isCancelled {
                    generation = start + (count - remaining) + BigUInt(UInt64(done))
                    loadGrid(current, width: w, height: h, left: left, top: top)
                    throw .cancelled(generation: generation)
                }
                for (target, source) in border { current[target] = source < 0 ? 0 : current[source] }
                current.withUnsafeBufferPointer { from in
                    next.withUnsafeMutableBufferPointer { to in
                        for j in 1...h {
                            for i in 1...w { to[j * stride + i] = store.kernel.next(at: from.baseAddress! + j * stride + i, stride: stride) }
                        }
                    }
                }
                swap(&current, &next)
                if MultiStateUniverse.gridCellsEqual(current, next, width: w, height: h) {
                    // A fixed point: the remaining generations change nothing.
                    remaining = .zero
                    settled = true
                    break
                }
            }
            if !remaining.isZero { remaining = remaining - BigUInt(UInt64(batch)) }
        }
        generation = start + count
        loadGrid(current, width: w, height: h, left: left, top: top)
        return settled
    }

    /// Do two grid arrays (rows `width` + 2 long, one-cell border) hold the same grid cells?
    private static func gridCellsEqual(_ a: [UInt8], _ b: [UInt8], width w: Int, height h: Int) -> Bool {
        let stride = w + 2
        for j in 1...h where a[(j * stride + 1)..<(j * stride + 1 + w)] != b[(j * stride + 1)..<(j * stride + 1 + w)] {
            return false
        }
        return true
    }

    /// Replaces the cells with a grid array's (rows `width` + 2 long, one-cell border) whose
    /// first grid cell is at (`left`, `top`).
    private func loadGrid(_ cells: [UInt8], width: Int, height: Int, left: BigInt, top: BigInt) {
        let stride = width + 2
        var list: [(x: Int, y: Int, state: UInt8)] = []
        for j in 1...height {
            for i in 1...width where cells[j * stride + i] != 0 { list.append((i - 1, j - 1, cells[j * stride + i])) }
        }
        load(cells: list, originX: left, originY: top)
    }
}

extension MultiStateKernel {
    /// The next state of the cell at `centre` in a buffer whose rows are `stride` bytes apart.
    @inline(__always)
    func next(at centre: UnsafePointer<UInt8>, stride: Int) -> UInt8 {
        let above = centre - stride, below = centre + stride
        @inline(__always) func bit(_ p: UnsafePointer<UInt8>, _ shift: Int) -> Int {
            Int(oddIsAlive ? p.pointee & 1 : (p.pointee == 1 ? 1 : 0)) &<< shift
        }
        let index = bit(above - 1, 0) | bit(above, 1) | bit(above + 1, 2) | bit(centre - 1, 3) | bit(centre, 4)
            | bit(centre + 1, 5) | bit(below - 1, 6) | bit(below, 7) | bit(below + 1, 8)
        let c = Int(centre.pointee)
        if c == 0 && index == 0 { return 0 }
        var killed = 0
        if hasKiller {
            @inline(__always) func six(_ p: UnsafePointer<UInt8>, _ shift: Int) -> Int { (p.pointee == 6 ? 1 : 0) &<< shift }
            let k = six(above - 1, 0) | six(above, 1) | six(above + 1, 2) | six(centre - 1, 3)
                | six(centre + 1, 5) | six(below - 1, 6) | six(below, 7) | six(below + 1, 8)
            killed = k & outerMask != 0 ? 1 : 0
        }
        let next = transitions[c &<< 2 | Int(decides[index]) &<< 1 | killed]
        if next != MultiStateKernel.fromBlock { return UInt8(truncatingIfNeeded: next) }
        return rule.next((above[-1], above[0], above[1], centre[-1], centre[0], centre[1], below[-1], below[0], below[1]))
    }
}
