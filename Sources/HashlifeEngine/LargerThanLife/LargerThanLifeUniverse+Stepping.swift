// LargerThanLifeUniverse+Stepping.swift — generations on a flat grid of states.
//
// A step copies the cells into a `LargerThanLifeStepper`'s grid (the live box, or the whole
// bounded grid), computes each generation from the one before there, and loads the result back
// into the quadtree once the steps are done, cancelled or out of memory.

extension LargerThanLifeUniverse {
    /// See `LifeUniverse.step(by:control:progress:)`: one generation at a time; `progress`
    /// hears each generation reached. On cancellation or when a generation's grid would pass
    /// the memory limit, the universe holds the last generation finished, which the error
    /// names.
    public func step(by count: BigUInt, control: StepControl?, progress: ((BigUInt) -> Void)?) throws(StepError) {
        guard !count.isZero else { return }
        let stepper = try makeStepper()
        let (even, odd) = rule.tables()
        let evenLookup = LargerThanLifeLookup(even, states: rule.stateCount)
        let oddLookup = LargerThanLifeLookup(odd, states: rule.stateCount)
        var remaining = count
        var failure: StepError?
        var odd1 = generation.bit(0)
        while !remaining.isZero {
            if control?.isCancelled == true { failure = .cancelled(generation: generation); break }
            if stepper.isEmpty && rule.grid == nil {
                // Nothing left alive: only the generation moves (B0 is emulated, so an empty
                // plane stays empty).
                generation += remaining
                progress?(generation)
                break
            }
            do {
                try stepper.advance(odd1 ? oddLookup : evenLookup, generation: generation)
            } catch {
                failure = error
                break
            }
            odd1.toggle()
            generation += BigUInt.one
            remaining -= BigUInt.one
            progress?(generation)
        }
        store(stepper)
        if let failure { throw failure }
    }

    /// A stepper holding the cells: the live box on the plane, the whole grid when bounded.
    /// Throws when that box alone would pass the memory limit.
    func makeStepper() throws(StepError) -> LargerThanLifeStepper {
        let stepper = LargerThanLifeStepper(rule: rule, memoryLimit: memoryLimit)
        let (x, y, w, h): (Int, Int, Int, Int)
        if let grid = rule.grid {
            (x, y, w, h) = (grid.left, grid.top, grid.width, grid.height)
        } else {
            guard let box = cells.boundingBox else { return stepper }
            guard let bx = box.x.intValue, let by = box.y.intValue, let bw = box.width.intValue, let bh = box.height.intValue,
                  abs(bx) < 1 << 40, abs(by) < 1 << 40 else {
                throw .memoryExhausted(generation: generation, neededBytes: .max, limitBytes: memoryLimit)
            }
            (x, y, w, h) = (bx, by, bw, bh)
        }
        let needed = saturatingProduct(w, h)
        guard needed <= memoryLimit else {
            throw .memoryExhausted(generation: generation, neededBytes: needed, limitBytes: memoryLimit)
        }
        let s = stepper.reset(x: x, y: y, width: w, height: h)
        s.update(repeating: 0)
        cells.forEachCellOffset(in: CellRect(x: x, y: y, width: w, height: h)) { dx, dy, state in s[dy * w + dx] = state }
        return stepper
    }

    /// Puts the stepper's current generation back into the quadtree.
    func store(_ stepper: LargerThanLifeStepper) {
        stepper.releaseWorkingMemory()
        let generation = cells.generation
        cells.load(rows: stepper.states, width: stepper.width, height: stepper.height,
                   originX: BigInt(stepper.x), originY: BigInt(stepper.y))
        cells.generation = generation
    }
}
