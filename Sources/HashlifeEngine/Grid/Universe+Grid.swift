// Universe+Grid.swift — stepping a universe whose rule names a bounded grid.
//
// Two ways, chosen by the grid (and the rule's symmetry):
//
// - Tori and Klein bottles (the latter under isotropic rules) are periodic tilings of the plane
//   (Grid+Joins.swift). A 2^k step builds that tiled plane as a hash-consed tree around Golly's
//   frame, memoized by level and position modulo the tiling's lattice (`GridTiling`), so it costs
//   about the grid's area times the levels, not the plane; the engine's successor advances it
//   2^k generations; one period is read back by cropping to the grid. Time grows with the area
//   and log N, so `--gen 10^100` on a 64×64 torus is immediate.
// - Planes, strips, tubes, spheres and cross-surfaces (and Klein bottles under other rules) are
//   stepped one generation at a time on a flat bitmap (`GridBitmap`) with Golly's edge joins,
//   converting tree ↔ bitmap once per call. A bitmap that stops changing (a still life, or
//   nothing left) ends the run at once: every later generation is the same.

extension Universe {
    /// Advances a bounded grid 2^`exponent` generations (see the file comment).
    func gridStep(byPowerOfTwo exponent: Int, grid: Grid, control: StepControl?) throws(StepError) {
        if grid.tiles(isotropicRule: rule.isIsotropic) {
            try tiledStep(byPowerOfTwo: exponent, grid: grid, control: control)
        } else {
            try gridGenerations(BigUInt.powerOfTwo(exponent), grid: grid, control: control)
        }
    }

    /// Runs shorter than this step a torus, tube or Klein bottle generation by generation on the
    /// bitmap, which is faster there than building its tiling; longer runs jump.
    static let gridJumpThreshold = BigUInt(4096)

    /// True when a bounded grid is stepped by whole generations (not by Hashlife jumps).
    var gridStepsByGeneration: Bool {
        guard let grid = rule.grid else { return false }
        return !grid.tiles(isotropicRule: rule.isIsotropic)
    }

    // MARK: Generation by generation

    /// Advances `count` generations one at a time on a bitmap. On cancellation the universe holds
    /// the last whole generation reached, and the error says which.
    func gridGenerations(_ count: BigUInt, grid: Grid, control: StepControl?) throws(StepError) {
        if count.isZero { return }
        var bitmap = try gridBitmap(grid)
        let leafRule = LeafRule(rule)
        var done = BigUInt.zero
        // Counted in a machine word between big-integer updates.
        var pending = 0
        defer {}
        while done + BigUInt(UInt64(pending)) < count {
            if let control, control.isCancelled {
                done += BigUInt(UInt64(pending))
                generation += done
                load(bitmap)
                throw .cancelled(generation: generation)
            }
            let before = bitmap.words
            bitmap.step(leafRule)
            pending += 1
            if bitmap.words == before {
                // A fixed point: every remaining generation looks the same.
                done = count
                pending = 0
                break
            }
            if pending == 1 << 20 {
                done += BigUInt(UInt64(pending))
                pending = 0
            }
        }
        done += BigUInt(UInt64(pending))
        generation += count
        load(bitmap)
    }

    /// The live cells of the grid as a bitmap (cells off the grid are dropped, as Golly's step does).
    /// - Throws: `memoryExhausted` when the bitmap would not fit the memory limit.
    func gridBitmap(_ grid: Grid) throws(StepError) -> GridBitmap {
        var width = grid.width, height = grid.height, originI = 0, originJ = 0
        let box = boundingBox
        if grid.width == 0 || grid.height == 0 {
            // The window along the unbounded direction: the live cells plus a margin.
            guard let box else { return GridBitmap(grid: grid, width: max(width, 1), height: max(height, 1)) }
            let margin = BigInt(32)
            if grid.width == 0 {
                let span = box.width + BigUInt(UInt64(64))
                guard let w = span.intValue, let i = (box.x - margin - BigInt(grid.left)).intValue else {
                    throw tooBig(grid)
                }
                (width, originI) = (w, i)
            }
            if grid.height == 0 {
                let span = box.height + BigUInt(UInt64(64))
                guard let h = span.intValue, let j = (box.y - margin - BigInt(grid.top)).intValue else {
                    throw tooBig(grid)
                }
                (height, originJ) = (h, j)
            }
        }
        let (bytes, overflow) = ((width + 66) / 8).multipliedReportingOverflow(by: 2 * (height + 2))
        if overflow || bytes > memoryLimit { throw tooBig(grid, bytes: overflow ? .max : bytes) }
        var bitmap = GridBitmap(grid: grid, width: width, height: height, originI: originI, originJ: originJ)
        guard box != nil else { return bitmap }
        let window = CellRect(x: BigInt(grid.left + originI), y: BigInt(grid.top + originJ), width: BigUInt(width),
                              height: BigUInt(height))
        forEachLiveCellOffset(in: window) { dx, dy in bitmap[dx, dy] = true }
        return bitmap
    }

    private func tooBig(_ grid: Grid, bytes: Int = .max) -> StepError {
        .memoryExhausted(generation: generation, neededBytes: bytes, limitBytes: memoryLimit)
    }

    /// Replaces the cells with the bitmap's.
    func load(_ bitmap: GridBitmap) {
        var runs: [(x: Int, y: Int, length: Int)] = []
        bitmap.forEachRun { i, j, length in runs.append((i, j, length)) }
        let grid = bitmap.grid
        load(cells: EmptyCollection<(x: Int, y: Int)>(), runs: runs,
             originX: BigInt(grid.left + bitmap.originI), originY: BigInt(grid.top + bitmap.originJ))
    }

    // MARK: Hashlife on the tiled plane

    /// Advances a torus or Klein bottle 2^`exponent` generations by Hashlife on its tiling. When
    /// the memory limit cannot hold the step it is split in two halves, down to single
    /// generations, as the unbounded plane's steps are.
    func tiledStep(byPowerOfTwo exponent: Int, grid: Grid, control: StepControl?) throws(StepError) {
        do {
            try attemptTiledStep(byPowerOfTwo: exponent, grid: grid, control: control)
        } catch {
            if case .cancelled = error { throw .cancelled(generation: generation) }
            if case let .outOfMemory(nodes) = error, exponent == 0 {
                throw .memoryExhausted(generation: generation, neededBytes: MemoryLimit.bytesNeeded(forNodes: nodes),
                                       limitBytes: memoryLimit)
            }
            if exponent == 0 { throw .memoryExhausted(generation: generation, neededBytes: .max, limitBytes: memoryLimit) }
            let before = saveState()
            do {
                try tiledStep(byPowerOfTwo: exponent - 1, grid: grid, control: control)
                try tiledStep(byPowerOfTwo: exponent - 1, grid: grid, control: control)
            } catch {
                restore(before)
                throw error.at(generation)
            }
        }
    }

    private func attemptTiledStep(byPowerOfTwo exponent: Int, grid: Grid, control: StepControl?) throws(StepInterruption) {
        store.trimCaches()
        collectIfNeeded()
        guard !isEmpty else {
            generation += BigUInt.powerOfTwo(exponent)
            return
        }
        let bitmap: GridBitmap
        do { bitmap = try gridBitmap(grid) } catch { throw .outOfMemory(nodes: Int.max / 64) }
        // The result (the padded root's centre, a level-L square in Golly's frame) must hold the
        // grid: 2^(L-1) > max(w, h)/2; and the step needs L + 1 ≥ exponent + 2. A tube's result
        // must also hold its live cells' window widened by 2^exponent each way.
        var resultLevel = max(Universe.minimumLevel, exponent + 1)
        while (1 << min(resultLevel - 1, 62)) <= max(grid.width, grid.height) / 2 { resultLevel += 1 }
        let tube = grid.width == 0 || grid.height == 0
        if tube {
            let reach = BigInt(BigUInt.powerOfTwo(exponent))
            let low = grid.width == 0 ? BigInt(grid.left + bitmap.originI) - reach : BigInt(grid.top + bitmap.originJ) - reach
            let high = (grid.width == 0 ? BigInt(grid.left + bitmap.originI + bitmap.width)
                : BigInt(grid.top + bitmap.originJ + bitmap.height)) + reach
            let yShift = grid.width == 0 ? 0 : 1  // Golly's frame runs one lower in y
            while true {
                let half = BigInt(BigUInt.powerOfTwo(resultLevel - 1))
                if BigInt(yShift) - half <= low && high <= half + BigInt(yShift) { break }
                resultLevel += 1
            }
        }
        let padded = NodeStore.withStack(forLevels: resultLevel + 1) {
            tube ? TubeTiling(grid: grid, cells: bitmap).tree(level: resultLevel + 1, in: &store)
                : GridTiling(grid: grid, cells: bitmap).tree(level: resultLevel + 1, in: &store)
        }
        _ = store.emptyNode(level: resultLevel + 2)
        root = try successor(ofPadded: padded, level: resultLevel + 1, step: exponent, control: control)
        level = resultLevel
        (originX, originY) = RootFrame.corner(level: resultLevel)
        registerEmpties()
        generation += BigUInt.powerOfTwo(exponent)
        // One period: the grid, or a tube's bounded rows (columns) across the whole result.
        let (frameX, frameY) = RootFrame.corner(level: resultLevel), side = BigUInt.powerOfTwo(resultLevel)
        clear(outside: grid.rect ?? (grid.width == 0
            ? CellRect(x: frameX, y: BigInt(grid.top), width: side, height: BigUInt(UInt64(grid.height)))
            : CellRect(x: BigInt(grid.left), y: frameY, width: BigUInt(UInt64(grid.width)), height: side)))
    }
}

extension Rule {
    /// True when the rule commutes with the 8 rotations and reflections of the neighbourhood.
    var isIsotropic: Bool {
        // Bit permutations of the 3×3 neighbourhood: a horizontal mirror and a transpose generate all 8.
        let mirror = [2, 1, 0, 5, 4, 3, 8, 7, 6], transpose = [0, 3, 6, 1, 4, 7, 2, 5, 8]
        func permuted(_ n: Int, _ p: [Int]) -> Int {
            var m = 0
            for bit in 0..<9 where n >> bit & 1 == 1 { m |= 1 << p[bit] }
            return m
        }
        for n in 0..<512 {
            let state = nextState(neighbourhood: n)
            if nextState(neighbourhood: permuted(n, mirror)) != state
                || nextState(neighbourhood: permuted(n, transpose)) != state { return false }
        }
        return true
    }
}

extension Universe {
    /// Why the live cells do not fit `grid` (one line naming both extents), or nil when they do.
    public func cellOutside(_ grid: Grid) -> String? {
        guard let box = boundingBox else { return nil }
        let right = box.maxX - BigInt(1), bottom = box.maxY - BigInt(1)
        guard !grid.contains(x: box.x, y: box.y) || !grid.contains(x: right, y: bottom) else { return nil }
        func span(_ lo: Int, _ size: Int) -> String { size == 0 ? "unbounded" : "\(lo)…\(lo + size - 1)" }
        return "the pattern does not fit the \(grid.width)×\(grid.height) \(Grid.name(of: grid.topology)): its cells span "
            + "x \(box.x)…\(right), y \(box.y)…\(bottom), the grid x \(span(grid.left, grid.width)), y \(span(grid.top, grid.height))"
    }
}
