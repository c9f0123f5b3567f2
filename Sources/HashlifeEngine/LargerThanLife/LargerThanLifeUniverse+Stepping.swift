// LargerThanLifeUniverse+Stepping.swift — generations on a flat grid of states.
//
// A step copies the cells into a `LargerThanLifeField` (the live box, or the whole bounded
// grid), computes each generation from the one before (+Counting), and loads the result back
// into the quadtree once the steps are done, cancelled or out of memory.

/// A rectangle of states, row by row, with its top-left cell at (`x`, `y`).
struct LargerThanLifeField {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    var states: [UInt8]

    static func empty(x: Int, y: Int) -> LargerThanLifeField { LargerThanLifeField(x: x, y: y, width: 0, height: 0, states: []) }

    /// The smallest rectangle holding every non-empty cell, nil when there is none.
    func liveBox() -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        states.withUnsafeBufferPointer { s in
            for j in 0..<height {
                let row = j * width
                var first = -1, last = -1
                for i in 0..<width where s[row + i] != 0 {
                    if first < 0 { first = i }
                    last = i
                }
                guard first >= 0 else { continue }
                if y0 == Int.max { y0 = j }
                y1 = j
                x0 = min(x0, first)
                x1 = max(x1, last)
            }
        }
        return y0 == Int.max ? nil : (x0, y0, x1, y1)
    }
}

extension LargerThanLifeUniverse {
    /// See `LifeUniverse.step(by:control:progress:)`: one generation at a time; `progress`
    /// hears each generation reached. On cancellation or when a generation's grid would pass
    /// the memory limit, the universe holds the last generation finished, which the error
    /// names.
    public func step(by count: BigUInt, control: StepControl?, progress: ((BigUInt) -> Void)?) throws(StepError) {
        guard !count.isZero else { return }
        var field = try extractField()
        let (even, odd) = rule.tables()
        var remaining = count
        var failure: StepError?
        var odd1 = generation.bit(0)
        while !remaining.isZero {
            if control?.isCancelled == true { failure = .cancelled(generation: generation); break }
            if field.states.isEmpty && rule.grid == nil {
                // Nothing left alive: only the generation moves (B0 is emulated, so an empty
                // plane stays empty).
                generation += remaining
                progress?(generation)
                break
            }
            do {
                field = try nextGeneration(of: field, tables: odd1 ? odd : even)
            } catch {
                failure = error
                break
            }
            odd1.toggle()
            generation += BigUInt.one
            remaining -= BigUInt.one
            progress?(generation)
        }
        store(field)
        if let failure { throw failure }
    }

    /// The cells as a field: the live box on the plane, the whole grid when bounded.
    func extractField() throws(StepError) -> LargerThanLifeField {
        var field: LargerThanLifeField
        if let grid = rule.grid {
            field = LargerThanLifeField(x: grid.left, y: grid.top, width: grid.width, height: grid.height,
                                        states: [UInt8](repeating: 0, count: grid.width * grid.height))
        } else {
            guard let box = cells.boundingBox else { return .empty(x: 0, y: 0) }
            guard let x = box.x.intValue, let y = box.y.intValue, let w = box.width.intValue, let h = box.height.intValue,
                  abs(x) < 1 << 40, abs(y) < 1 << 40, w.multipliedReportingOverflow(by: h).partialValue <= memoryLimit,
                  !w.multipliedReportingOverflow(by: h).overflow else {
                throw .memoryExhausted(generation: generation, neededBytes: Int.max / 2, limitBytes: memoryLimit)
            }
            field = LargerThanLifeField(x: x, y: y, width: w, height: h, states: [UInt8](repeating: 0, count: w * h))
        }
        let rect = CellRect(x: field.x, y: field.y, width: field.width, height: field.height)
        let w = field.width
        field.states.withUnsafeMutableBufferPointer { s in
            cells.forEachCellOffset(in: rect) { dx, dy, state in s[dy * w + dx] = state }
        }
        return field
    }

    /// Puts `field`'s cells back into the quadtree.
    func store(_ field: LargerThanLifeField) {
        var list: [(x: Int, y: Int, state: UInt8)] = []
        field.states.withUnsafeBufferPointer { s in
            for j in 0..<field.height {
                for i in 0..<field.width where s[j * field.width + i] != 0 { list.append((i, j, s[j * field.width + i])) }
            }
        }
        let generation = cells.generation
        cells.load(cellStates: list, originX: BigInt(field.x), originY: BigInt(field.y))
        cells.generation = generation
    }

    /// The generation after `field`'s, on the rule's grid.
    func nextGeneration(of field: LargerThanLifeField, tables: LargerThanLifeRule.Tables) throws(StepError) -> LargerThanLifeField {
        let e = rule.shape.extent(range: rule.range)
        // The region that may change and the cells its counts read.
        let region: LargerThanLifeField
        let source: LargerThanLifeCounter.Source
        if let grid = rule.grid {
            let needed = (field.width + 2 * e + 2) * (field.height + 2 * e + 2) * 9 + field.width * field.height
            guard needed <= memoryLimit else {
                throw .memoryExhausted(generation: generation, neededBytes: needed, limitBytes: memoryLimit)
            }
            region = LargerThanLifeField(x: field.x, y: field.y, width: field.width, height: field.height,
                                         states: [UInt8](repeating: 0, count: field.width * field.height))
            source = .bounded(torus: grid.topology != .plane)
        } else {
            guard let box = field.liveBox() else { return .empty(x: field.x, y: field.y) }
            let w = box.x1 - box.x0 + 1 + 2 * e, h = box.y1 - box.y0 + 1 + 2 * e
            let padded = (w + 2 * e + 2) * (h + 2 * e + 2)
            let needed = padded * 9 + w * h
            guard needed <= memoryLimit else {
                throw .memoryExhausted(generation: generation, neededBytes: needed, limitBytes: memoryLimit)
            }
            region = LargerThanLifeField(x: field.x + box.x0 - e, y: field.y + box.y0 - e, width: w, height: h,
                                         states: [UInt8](repeating: 0, count: w * h))
            source = .plane
        }
        var counter = LargerThanLifeCounter(rule: rule, field: field, region: region, source: source)
        return counter.next(tables: tables)
    }
}
