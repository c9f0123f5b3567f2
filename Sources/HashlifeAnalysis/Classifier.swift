import HashlifeEngine

// The convergence detector: what a pattern becomes.
//
// The classifier takes a universe of any family (`any LifeUniverse`); every state of every
// cell counts. A state is the engine's canonical root (`CellSetKey`: a node id plus level in
// Golly's fixed frame), so "same cells" is an O(1) comparison and periods are found by hashing
// keys, never grids. The search runs in two phases on the caller's universe (its state is saved
// first and restored at the end, so the caller sees no change):
//
// 1. Dense: one generation at a time for the first `denseGenerations`, keeping every key in a
//    dictionary (exact preperiod and period of oscillators and still lifes), the shape of small
//    patterns relative to their bounding box (spaceships of any shape), the population (guns and
//    puffers: the population grows by the same amount every p generations), and, every
//    `checkInterval` generations, the settled test (periodic ash plus escaping standard
//    spaceships, `Classifier+Settled.swift`; only where every cell is in state 1).
// 2. Jumps: Brent's cycle search over states `stride` generations apart (windows of 64, 128,
//    256, … states, the stride a sixteenth of the window), so far generations cost hashlife
//    jumps rather than single steps; a key repeat gives a multiple of the period, refined by
//    testing its divisors with jumps, and the first periodic generation is found by binary
//    search over saved checkpoints (`moveTo`). A repeated shape gives a spaceship the same way:
//    small patterns' cells and states compared exactly, larger ones' translation-invariant
//    fingerprints (`LifeUniverse.fingerprint(cache:)`), each repeat confirmed by shapes. At
//    each window's end: growth (the sampled population rising by a constant step) and the
//    settled test, when the sampled population looks periodic.
//
// Limits (documented, not hidden): ash periods up to `maxAshPeriod`; spaceships of other shapes
// are found only when they are the whole pattern (of any size in the jumps, of up to
// `shapePopulationLimit` cells in the dense phase; any rule);
// escaping gliders and *WSS only in B3/S23, in patterns of up to `settledPopulationLimit` cells;
// growth is recognised when the population rises by a constant amount every period (guns,
// puffers), not for chaotic growth. Sizes are not a limit: generations, positions,
// displacements and populations are exact at any size (BigUInt/BigInt; cells far apart are cut
// into regions with Int offsets, `Classifier+Regions.swift`). Periods are Ints: they come from
// steps actually taken, so they cannot approach 2^63.

/// Counts of the standard spaceships that escape a settled pattern.
public struct EscapingShips: Hashable, Sendable {
    public var gliders = 0
    public var lwss = 0
    public var mwss = 0
    public var hwss = 0

    public init(gliders: Int = 0, lwss: Int = 0, mwss: Int = 0, hwss: Int = 0) {
        self.gliders = gliders
        self.lwss = lwss
        self.mwss = mwss
        self.hwss = hwss
    }

    public var total: Int { gliders + lwss + mwss + hwss }

    /// "6 gliders", "2 gliders, 1 LWSS", "no spaceships".
    public var summary: String {
        var parts: [String] = []
        if gliders > 0 { parts.append(Plural.count(gliders, "glider")) }
        if lwss > 0 { parts.append("\(lwss) LWSS") }
        if mwss > 0 { parts.append("\(mwss) MWSS") }
        if hwss > 0 { parts.append("\(hwss) HWSS") }
        return parts.isEmpty ? "no spaceships" : parts.joined(separator: ", ")
    }
}

/// What a pattern does, from the generation named in the case on. Generations are absolute
/// (the universe's own counter); periods are in generations.
public enum Verdict: Hashable, Sendable {
    /// No live cell from `generation` on.
    case extinct(generation: BigUInt)
    /// Unchanged from `generation` on (period 1).
    case still(generation: BigUInt)
    /// The same cells every `period` generations (period > 1), first from `generation`.
    case oscillator(generation: BigUInt, period: Int)
    /// The same shape displaced by (`dx`, `dy`) every `period` generations, first from
    /// `generation`; `speed` reads like "c/4 diagonal".
    case spaceship(generation: BigUInt, period: Int, dx: Int, dy: Int, speed: String)
    /// From `generation` on: ash of period `period` plus standard spaceships that have left
    /// and never interact again.
    case settled(generation: BigUInt, period: Int, escaping: EscapingShips)
    /// Unbounded growth: the population grew by `increment` every `period` generations,
    /// repeatedly, up to `generation`; `evidence` says so in words.
    case growing(generation: BigUInt, period: Int, increment: BigUInt, evidence: String)
    /// None of the above within the limit: examined up to `generation`.
    case undetermined(generation: BigUInt)

    /// The generation the verdict speaks of.
    public var generation: BigUInt {
        switch self {
        case .extinct(let g), .still(let g), .undetermined(let g): return g
        case .oscillator(let g, _), .spaceship(let g, _, _, _, _), .settled(let g, _, _), .growing(let g, _, _, _): return g
        }
    }

    /// The verdict's name as in `hashlife classify --json`.
    public var name: String {
        switch self {
        case .extinct: return "extinct"
        case .still: return "still"
        case .oscillator: return "oscillator"
        case .spaceship: return "spaceship"
        case .settled: return "settled"
        case .growing: return "growing"
        case .undetermined: return "undetermined"
        }
    }

    /// The evidence of growth in words: "population grows by 5 cells every 30 generations
    /// (`detail`)", singular for counts of one.
    public static func growthEvidence(increment: BigUInt, period: Int, _ detail: String) -> String {
        "population grows by \(Plural.count(increment, "cell")) every \(Plural.count(period, "generation")) (\(detail))"
    }

    /// One line for people, such as "settled at generation 1103: period-2 ash, 6 gliders escaping".
    public var summary: String {
        switch self {
        case .extinct(let g):
            return "extinct at generation \(g)"
        case .still(let g):
            return "still life from generation \(g)"
        case .oscillator(let g, let p):
            return "oscillator from generation \(g): period \(p)"
        case .spaceship(let g, let p, let dx, let dy, let speed):
            return "spaceship from generation \(g): period \(p), displacement (\(dx), \(dy)), \(speed)"
        case .settled(let g, let p, let ships):
            let escaping = ships.total == 0 ? "no spaceships escaping" : ships.summary + " escaping"
            return "settled at generation \(g): period-\(p) ash, \(escaping)"
        case .growing(_, _, _, let evidence):
            return "growing: \(evidence)"
        case .undetermined(let g):
            return "undetermined up to generation \(g)"
        }
    }
}

/// A verdict and the population at its generation.
public struct Classification: Hashable, Sendable {
    public var verdict: Verdict
    public var population: BigUInt

    public init(verdict: Verdict, population: BigUInt) {
        self.verdict = verdict
        self.population = population
    }
}

/// Classifies `universe` by looking at most `maxGeneration` generations past its current one.
/// The universe ends as it began (its state is saved and restored; its node store may grow).
/// - Precondition: the universe's memory limit holds the pattern throughout (else use
///   `classify(_:maxGeneration:control:)`).
public func classify(_ universe: any LifeUniverse, maxGeneration: BigUInt) -> Classification {
    do { return try classify(universe, maxGeneration: maxGeneration, control: nil) } catch { preconditionFailure("\(error)") }
}

/// Classifies `universe`, of any family, as `classify(_:maxGeneration:)` does, unless
/// `control` cancels it or the memory limit cannot hold the pattern at some generation it
/// looks at. Under History and Super it classifies the live cells alone
/// (`LifeUniverse.liveCellUniverse`), their trails and marks left out, unless a killer is there.
/// - Throws: `StepError` (its generation is where the search was when it stopped); the universe
///   is back at its starting state either way.
public func classify(_ universe: any LifeUniverse, maxGeneration: BigUInt, control: StepControl?) throws(StepError) -> Classification {
    // History and Super: the live cells alone, their trails and marks left out.
    if let live = universe.liveCellUniverse() { return try classify(live, maxGeneration: maxGeneration, control: control) }
    if let grid = universe.anyRule.grid, grid.width > 0 && grid.height > 0 {  // Classifier+Grid.swift
        return try classifyOnFiniteGrid(universe, maxGeneration: maxGeneration, control: control)
    }
    return try Classifier(universe: universe, limit: maxGeneration, control: control).run()
}

/// Speed of a spaceship moving (`dx`, `dy`) every `period` generations: "c/4 diagonal",
/// "c/2 orthogonal", "2c/5 orthogonal", "(2,1)c/6 oblique".
public func spaceshipSpeed(dx: Int, dy: Int, period: Int) -> String {
    let ax = abs(dx), ay = abs(dy)
    func fraction(_ n: Int, _ p: Int) -> String {
        let g = gcd(n, p)
        let (a, b) = (n / g, p / g)
        return (a == 1 ? "c" : "\(a)c") + (b == 1 ? "" : "/\(b)")
    }
    if ax == 0 || ay == 0 { return fraction(max(ax, ay), period) + " orthogonal" }
    if ax == ay { return fraction(ax, period) + " diagonal" }
    let g = gcd(gcd(max(ax, ay), min(ax, ay)), period)
    return "(\(max(ax, ay) / g),\(min(ax, ay) / g))c/\(period / g) oblique"
}

func gcd(_ a: Int, _ b: Int) -> Int {
    var (x, y) = (abs(a), abs(b))
    while y != 0 { (x, y) = (y, x % y) }
    return x
}

/// The least period dividing `multiple` after which the state `state` recurs, displaced by the
/// same fraction of (`dx`, `dy`): found by removing prime factors while the state still recurs.
/// Oscillators ((0, 0)) compare cell sets by key, exactly; spaceships compare bounding-box-relative
/// shapes. Leaves `universe` at `state`.
/// - Throws: `StepError` when `control` cancels a step or the memory limit cannot hold one.
func leastPeriod(_ universe: any LifeUniverse, of state: KeptUniverseState, multiple: Int, dx: Int = 0, dy: Int = 0,
                 control: StepControl?) throws(StepError) -> (period: Int, dx: Int, dy: Int)
{
    universe.restore(state)
    defer { universe.restore(state) }
    let key = universe.cellSetKey
    let shape = dx == 0 && dy == 0 ? nil : Shape(universe)
    func recurs(after n: Int, dx: Int, dy: Int) throws(StepError) -> Bool {
        universe.restore(state)
        try universe.step(by: BigUInt(n), control: control, progress: nil)
        guard let shape else { return dx == 0 && dy == 0 && universe.cellSetKey == key }
        guard let b = Shape(universe), b.normalised == shape.normalised, let d = b.displacement(from: shape) else { return false }
        return d == (dx, dy)
    }
    var (period, mx, my) = (multiple, dx, dy)
    var refined = true
    while refined {
        refined = false
        for q in primeFactors(period) where mx % q == 0 && my % q == 0 {
            guard try recurs(after: period / q, dx: mx / q, dy: my / q) else { continue }
            (period, mx, my) = (period / q, mx / q, my / q)
            refined = true
            break
        }
    }
    return (period, mx, my)
}

/// Distinct prime factors of `n` (n ≥ 1), by trial division.
func primeFactors(_ n: Int) -> [Int] {
    var n = n, result: [Int] = [], d = 2
    while d * d <= n {
        if n % d == 0 {
            result.append(d)
            while n % d == 0 { n /= d }
        }
        d += d == 2 ? 1 : 2
    }
    if n > 1 { result.append(n) }
    return result
}

/// One classification run: the walk over the caller's universe and what it has seen.
final class Classifier {
    /// Generations examined one at a time before switching to jumps.
    static let denseGenerations = 512
    /// Generations between settled tests in the dense phase.
    static let checkInterval = 256
    /// Shapes are tracked (spaceships of any shape) while the population is at most this.
    static let shapePopulationLimit = 512
    /// The settled test looks at patterns of at most this many cells.
    static let settledPopulationLimit = 100_000
    /// The rule whose standard spaceships the settled test knows (B3/S23).
    static let life = AnyRule(Rule.life)

    let universe: any LifeUniverse
    let limit: BigUInt
    let startState: KeptUniverseState
    let start: BigUInt
    let end: BigUInt
    let ships: ShipLibrary?
    /// Cancels the run's steps (nil: never).
    let control: StepControl?
    /// Saved states in generation order, the first the start: where `moveTo` jumps from.
    var checkpoints: [KeptUniverseState]
    /// Node sums of the fingerprints of large patterns in the jumps.
    let fingerprints = FingerprintCache()

    init(universe: any LifeUniverse, limit: BigUInt, control: StepControl?) {
        self.universe = universe
        self.limit = limit
        self.control = control
        startState = universe.keep()
        start = universe.generation
        end = universe.generation + limit
        ships = universe.anyRule == Classifier.life ? ShipLibrary.life : nil
        checkpoints = [startState]
    }

    func run() throws(StepError) -> Classification {
        defer { universe.restore(startState) }
        let verdict: Verdict
        if let found = try dense() { verdict = found } else { verdict = try jumps() }
        return Classification(verdict: verdict, population: try population(at: verdict.generation))
    }

    // MARK: Dense phase

    private func dense() throws(StepError) -> Verdict? {
        var seen: [CellSetKey: Int] = [:]
        var shapes: [[Int]: (t: Int, shape: Shape)] = [:]
        var populations: [BigUInt] = []
        let steps = min(limit.intValue ?? Int.max, Classifier.denseGenerations)
        var t = 0
        while true {
            if universe.isEmpty { return .extinct(generation: at(t)) }
            let key = universe.cellSetKey
            if let first = seen[key] {
                let p = t - first
                return p == 1 ? .still(generation: at(first)) : .oscillator(generation: at(first), period: p)
            }
            seen[key] = t
            let population = universe.population
            populations.append(population)
            if population <= BigUInt(Classifier.shapePopulationLimit), let shape = Shape(universe) {
                if let earlier = shapes[shape.normalised], let (dx, dy) = shape.displacement(from: earlier.shape) {
                    let p = t - earlier.t
                    return .spaceship(generation: at(earlier.t), period: p, dx: dx, dy: dy, speed: spaceshipSpeed(dx: dx, dy: dy, period: p))
                }
                shapes[shape.normalised] = (t, shape)
            }
            if t > 0 && t % Classifier.checkInterval == 0 {
                if let verdict = growth(populations, t: t) { return verdict }
                if populationLooksPeriodic(populations), let verdict = try settledTest() { return verdict }
            }
            if t % 16 == 0 { checkpoint() }
            if t >= steps { break }
            try step(universe)
            t += 1
        }
        // The limit came between two checks: one more at the limit.
        if t % Classifier.checkInterval != 0, populationLooksPeriodic(populations), let verdict = try settledTest() { return verdict }
        return nil
    }

    /// Absolute generation of the dense step `t`.
    func at(_ t: Int) -> BigUInt { start + BigUInt(t) }

    /// Guns and puffers: for some p, the population rose by the same positive amount every p
    /// generations throughout the last max(4p, 360) generations.
    private func growth(_ populations: [BigUInt], t: Int) -> Verdict? {
        let maxPeriod = min(1024, t / 5)
        guard maxPeriod >= 1 else { return nil }
        for p in 1...maxPeriod {
            let window = max(4 * p, 360)
            guard window + p <= t else { break }
            guard populations[t] > populations[t - p] else { continue }
            let c = populations[t] - populations[t - p]
            var ok = true
            var s = t - 1
            while s >= t - window {
                if !Classifier.rises(populations[s - p], to: populations[s], by: c) { ok = false; break }
                s -= 1
            }
            if ok {
                let evidence = Verdict.growthEvidence(increment: c, period: p, "steadily from generation \(at(t - window)) to \(at(t)), population \(populations[t])")
                return .growing(generation: at(t), period: p, increment: c, evidence: evidence)
            }
        }
        return nil
    }

    /// Growth seen in the jump phase: populations sampled every `stride` generations up to
    /// generation `now` rose by the same positive amount every m samples (m ≤ 16) throughout
    /// the last 48 samples.
    static func stridedGrowth(_ populations: [BigUInt], stride: Int, now: BigUInt) -> Verdict? {
        let last = populations.count - 1
        for m in 1...16 {
            let span = 48
            guard last - span - m >= 0 else { break }
            guard populations[last] > populations[last - m] else { continue }
            let c = populations[last] - populations[last - m]
            var ok = true
            for s in (last - span)...last where !Classifier.rises(populations[s - m], to: populations[s], by: c) { ok = false; break }
            if ok {
                let p = m * stride
                let evidence = Verdict.growthEvidence(increment: c, period: p, "sampled every \(stride) up to generation \(now), population \(populations[last])")
                return .growing(generation: now, period: p, increment: c, evidence: evidence)
            }
        }
        return nil
    }

    /// A cheap filter before the settled test: the population (sampled at a constant
    /// stride) repeats with some period up to `maxPeriod` over the last `span` samples; ash
    /// plus standard spaceships does.
    func populationLooksPeriodic(_ populations: [BigUInt], maxPeriod: Int = 120, span: Int = 240) -> Bool {
        let t = populations.count - 1
        guard t >= maxPeriod + span else { return true }
        for p in 1...maxPeriod {
            var ok = true
            for s in (t - span)...t where populations[s] != populations[s - p] { ok = false; break }
            if ok { return true }
        }
        return false
    }

    // MARK: Helpers

    /// Is `after` exactly `before` + `c` (no subtraction, so no underflow)?
    static func rises(_ before: BigUInt, to after: BigUInt, by c: BigUInt) -> Bool {
        after > before && after - before == c
    }

    /// Population at absolute generation `g` (≥ start), by a jump from the start.
    func population(at g: BigUInt) throws(StepError) -> BigUInt {
        try moveTo(g)
        return universe.population
    }

    /// Puts the universe at absolute generation `g` (≥ start) by a jump from the latest
    /// checkpoint at or before it.
    func moveTo(_ g: BigUInt) throws(StepError) {
        let base = checkpoints[latestCheckpoint(atOrBefore: g, count: checkpoints.count) { checkpoints[$0].generation }]
        universe.restore(base)
        if g > base.generation { try step(universe, by: g - base.generation) }
    }

    /// Advances `u` (the universe, or one the run made) `count` generations under the run's
    /// control.
    func step(_ u: any LifeUniverse, by count: BigUInt = .one) throws(StepError) {
        try u.step(by: count, control: control, progress: nil)
    }

    /// Keeps the current state as a checkpoint for `moveTo` (states come in generation order).
    func checkpoint() {
        if let last = checkpoints.last, last.generation >= universe.generation { return }
        checkpoints.append(universe.keep())
    }
}

/// The index of the last of `count` checkpoints in generation order (the first at or before
/// `g`) that starts at or before `g`, by binary search; `generation` reads a checkpoint's.
func latestCheckpoint(atOrBefore g: BigUInt, count: Int, generation: (Int) -> BigUInt) -> Int {
    var low = 0, high = count  // checkpoints 0...low start at or before g
    while high - low > 1 {
        let mid = (low + high) / 2
        if generation(mid) <= g { low = mid } else { high = mid }
    }
    return low
}
