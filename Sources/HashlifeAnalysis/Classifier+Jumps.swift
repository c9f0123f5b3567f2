import HashlifeEngine

/// The cells not in state 0 relative to their bounding box, and the box's corner: two states
/// have the same shape when `normalised` is equal, displaced by the corners' difference.
/// `normalised` lists the cells' offsets packed and sorted and, when some cell is in a state
/// other than 1, their states in the same order after them (so a two-state shape is its
/// offsets alone, as the ship library keys them).
struct Shape {
    var normalised: [Int]
    var x: BigInt
    var y: BigInt

    /// The shape of `universe`, or nil when empty or too large for one (`fits`). The corner
    /// may be anywhere.
    init?(_ universe: any LifeUniverse) {
        guard let box = universe.boundingBox, Shape.fits(box) else { return nil }
        // States are listed only from the first cell not in state 1 on (the ones before it filled in).
        var offsets: [Int] = [], states: [UInt8] = []
        var onlyOnes = true
        universe.forEachCellOffset(in: box) { dx, dy, state in
            if state != 1 && onlyOnes {
                onlyOnes = false
                states = [UInt8](repeating: 1, count: offsets.count)
            }
            offsets.append(dy << 31 | dx)
            if !onlyOnes { states.append(state) }
        }
        if onlyOnes {
            offsets.sort()
            normalised = offsets
        } else {
            let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
            normalised = order.map { offsets[$0] } + order.map { Int(states[$0]) }
        }
        x = box.x
        y = box.y
    }

    /// Does a pattern with bounding box `box` have a shape: is it narrower and shorter than
    /// 2^30 cells (else it is no spaceship worth meeting)?
    static func fits(_ box: CellRect) -> Bool {
        guard let w = box.width.intValue, let h = box.height.intValue else { return false }
        return w < 1 << 30 && h < 1 << 30
    }

    /// How far this shape's corner is from `other`'s, when both offsets fit an Int.
    func displacement(from other: Shape) -> (dx: Int, dy: Int)? {
        guard let dx = (x - other.x).intValue, let dy = (y - other.y).intValue else { return nil }
        return (dx, dy)
    }
}

extension Classifier {
    // MARK: Jump phase: Brent's cycle search over strided states

    func jumps() throws(StepError) -> Verdict {
        guard universe.generation < end else { return .undetermined(generation: universe.generation) }
        var power = 64, lam = 0, stride = 4
        var tortoise = universe.keep()
        var tortoiseKey = universe.cellSetKey
        var tortoiseShape = smallShape()
        var tortoisePopulation = universe.population
        var tortoisePrint = largePrint()
        var populations: [BigUInt] = []
        while true {
            guard universe.generation + BigUInt(stride) <= end else { break }
            try step(universe, by: BigUInt(stride))
            checkpoint()
            lam += 1
            let population = universe.population
            populations.append(population)
            if universe.isEmpty { return .extinct(generation: try firstGeneration(from: universe.generation) { u throws(StepError) in u.isEmpty }) }
            if universe.cellSetKey == tortoiseKey {
                return try periodic(multiple: lam * stride, tortoise: tortoise)
            }
            if let old = tortoiseShape, let shape = smallShape(), shape.normalised == old.normalised,
               let (dx, dy) = shape.displacement(from: old) {
                return try spaceship(multiple: lam * stride, dx: dx, dy: dy, tortoise: tortoise)
            }
            // A spaceship's population repeats with it: only then is a fingerprint worth taking.
            if let old = tortoisePrint, population == tortoisePopulation, let now = largePrint(), now.fingerprint == old.fingerprint,
               let dx = (now.x - old.x).intValue, let dy = (now.y - old.y).intValue, dx != 0 || dy != 0,
               let verdict = try largeSpaceship(multiple: lam * stride, dx: dx, dy: dy, tortoise: tortoise) {
                return verdict
            }
            if lam == power {
                if let verdict = Classifier.stridedGrowth(populations, stride: stride, now: universe.generation) { return verdict }
                if populationLooksPeriodic(populations, maxPeriod: 16, span: 40), let verdict = try settledTest() { return verdict }
                populations.removeAll(keepingCapacity: true)
                tortoise = universe.keep()
                tortoiseKey = universe.cellSetKey
                tortoiseShape = smallShape()
                tortoisePopulation = population
                tortoisePrint = largePrint()
                power *= 2
                lam = 0
                stride = power / 16
            }
        }
        if universe.generation < end {
            try step(universe, by: end - universe.generation)
            checkpoint()
        }
        if let verdict = try settledTest() { return verdict }
        return .undetermined(generation: universe.generation)
    }

    private func smallShape() -> Shape? {
        universe.population <= BigUInt(Classifier.shapePopulationLimit) ? Shape(universe) : nil
    }

    /// The fingerprint of a pattern too large for `smallShape` (nil for a small one): a
    /// spaceship of any size is found by its repeats in the jumps.
    private func largePrint() -> (fingerprint: StateFingerprint, x: BigInt, y: BigInt)? {
        universe.population > BigUInt(Classifier.shapePopulationLimit) ? universe.fingerprint(cache: fingerprints) : nil
    }

    /// The state at the tortoise recurs `multiple` generations later: find the least period
    /// (a divisor of `multiple`) and the first generation from which the pattern repeats.
    private func periodic(multiple: Int, tortoise: KeptUniverseState) throws(StepError) -> Verdict {
        let period = try leastPeriod(universe, of: tortoise, multiple: multiple, control: control).period
        let p = BigUInt(period)
        let first = try firstGeneration(from: tortoise.generation) { u throws(StepError) in
            let k = u.cellSetKey
            try step(u, by: p)
            return u.cellSetKey == k
        }
        return period == 1 ? .still(generation: first) : .oscillator(generation: first, period: period)
    }

    /// The shape at the tortoise recurs displaced by (`dx`, `dy`) `multiple` generations later.
    private func spaceship(multiple: Int, dx: Int, dy: Int, tortoise: KeptUniverseState) throws(StepError) -> Verdict {
        func repeats(after n: Int, dx: Int, dy: Int, in u: any LifeUniverse) throws(StepError) -> Bool {
            guard let a = Shape(u) else { return false }
            try step(u, by: BigUInt(n))
            guard let b = Shape(u), a.normalised == b.normalised, let d = b.displacement(from: a) else { return false }
            return d == (dx, dy)
        }
        let (p, ddx, ddy) = try leastPeriod(universe, of: tortoise, multiple: multiple, dx: dx, dy: dy, control: control)
        let first = try firstGeneration(from: tortoise.generation) { u throws(StepError) in try repeats(after: p, dx: ddx, dy: ddy, in: u) }
        return .spaceship(generation: first, period: p, dx: ddx, dy: ddy, speed: spaceshipSpeed(dx: ddx, dy: ddy, period: p))
    }

    /// The fingerprint at the tortoise recurs displaced by (`dx`, `dy`) `multiple` generations
    /// later: the spaceship's verdict as `spaceship` finds it by shapes, or nil when the
    /// pattern is too wide for a shape.
    private func largeSpaceship(multiple: Int, dx: Int, dy: Int, tortoise: KeptUniverseState) throws(StepError) -> Verdict? {
        guard let box = universe.boundingBox, Shape.fits(box) else { return nil }
        return try spaceship(multiple: multiple, dx: dx, dy: dy, tortoise: tortoise)
    }

    /// The least absolute generation g in [start, `known`] at which `holds` is true, given that
    /// it holds at `known` and, once true, stays true. `holds` gets the universe at g and may
    /// move it.
    func firstGeneration(from known: BigUInt, _ holds: (any LifeUniverse) throws(StepError) -> Bool) throws(StepError) -> BigUInt {
        try leastGeneration(from: start, to: known) { (g) throws(StepError) in
            try moveTo(g)
            return try holds(universe)
        }
    }
}

/// The least generation g in [`low`, `high`] at which `holds(g)` is true, given that it holds
/// at `high` and, once true, stays true: a binary search, `holds` asked O(log(high − low))
/// times. Both classifiers find the first periodic generation with it.
func leastGeneration(from low: BigUInt, to high: BigUInt, _ holds: (BigUInt) throws(StepError) -> Bool) throws(StepError) -> BigUInt {
    var low = low, high = high  // holds(high); low untested
    if try holds(low) { return low }
    while high - low > BigUInt.one {
        let mid = low + ((high - low) >> 1)
        if try holds(mid) { high = mid } else { low = mid }
    }
    return high
}
