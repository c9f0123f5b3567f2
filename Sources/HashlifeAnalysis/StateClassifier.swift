import HashlifeEngine

/// The classifier of every family but the two-state Hashlife one (Generations, History, Super,
/// rule tables, …): it looks at most `limit` generations past the universe's current one, and
/// the universe ends as it began.
///
/// What repeats is every cell's state, not only the live ones: a generation whose cells and
/// states are those of an earlier one, in the same place, makes a still life (period 1) or an
/// oscillator; displaced, a spaceship (the whole pattern). Repeats are found by a
/// translation-invariant fingerprint of all states (`LifeUniverse.fingerprint(cache:)`).
///
/// The search has the two-state classifier's two phases (`Classifier.swift`): first one
/// generation at a time for `StateClassifier.denseGenerations`, every fingerprint kept
/// (the verdict names the first generation of the cycle and its smallest period); then jumps
/// of 2^k generations (`step(byPowerOfTwo:control:)`), Brent's cycle search over fingerprints
/// `stride` generations apart in windows of 64, 128, 256, … samples, the stride a sixteenth
/// of the window. A repeat there gives a multiple of the period, refined by testing its
/// divisors, and the first periodic generation is found by binary search over kept states.
///
/// Guns and puffers are recognised as growth: the population rising by the same amount every
/// p generations (one generation at a time: p up to a quarter of the generations seen,
/// throughout the last 2p generations and at least 360; in jumps: every m samples, m ≤ 16,
/// throughout the last 48). There is no settled verdict (the object library is two-state).
/// `run` throws `StepError` when `control` cancels or the memory limit cannot hold a generation;
/// the universe is back at its starting state either way.
final class StateClassifier {
    /// Generations examined one at a time before switching to jumps.
    static let denseGenerations = 1024

    let universe: any LifeUniverse
    let control: StepControl?
    let startState: KeptUniverseState
    let start: BigUInt
    let end: BigUInt
    let limit: BigUInt
    let cache = FingerprintCache()
    /// Kept states in generation order, the first the start: where `moveTo` jumps from.
    var checkpoints: [KeptUniverseState]

    init(universe: any LifeUniverse, limit: BigUInt, control: StepControl?) {
        self.universe = universe
        self.control = control
        self.limit = limit
        startState = universe.keep()
        start = universe.generation
        end = universe.generation + limit
        checkpoints = [startState]
    }

    func run() throws(StepError) -> Classification {
        defer { universe.restore(startState) }
        let verdict: Verdict
        if let found = try dense() { verdict = found } else { verdict = try jumps() }
        try moveTo(verdict.generation)
        return Classification(verdict: verdict, population: universe.population)
    }

    /// The fingerprint of every cell's state and the bounding box's corner; nil when empty.
    func fingerprint() -> (fingerprint: StateFingerprint, x: BigInt, y: BigInt)? {
        universe.fingerprint(cache: cache)
    }

    // MARK: Dense phase

    /// One generation at a time up to `denseGenerations` (or the limit); nil when no verdict.
    private func dense() throws(StepError) -> Verdict? {
        let steps = min(limit.intValue ?? Int.max, StateClassifier.denseGenerations)
        var seen: [StateFingerprint: (step: Int, x: BigInt, y: BigInt)] = [:]
        var populations: [BigUInt] = []
        var step = 0
        var nextGrowthCheck = 64
        while true {
            let population = universe.population
            if population.isZero { return .extinct(generation: universe.generation) }
            let (fingerprint, x, y) = fingerprint()!
            if let earlier = seen[fingerprint] {
                let period = step - earlier.step
                let first = start + BigUInt(earlier.step)
                if let dx = (x - earlier.x).intValue, let dy = (y - earlier.y).intValue, dx != 0 || dy != 0 {
                    return .spaceship(generation: first, period: period, dx: dx, dy: dy, speed: spaceshipSpeed(dx: dx, dy: dy, period: period))
                } else if x == earlier.x && y == earlier.y {
                    return period == 1 ? .still(generation: first) : .oscillator(generation: first, period: period)
                }
                // Displaced by more than an Int: not a spaceship anyone will meet; keep looking.
            }
            seen[fingerprint] = (step, x, y)
            populations.append(population)
            if step == nextGrowthCheck || step == steps {
                if let verdict = stateGrowth(populations, start: start) { return verdict }
                nextGrowthCheck = step + max(64, step / 8)
            }
            if step % 16 == 0 { checkpoint() }
            if step == steps { return nil }
            try universe.step(byPowerOfTwo: 0, control: control)
            step += 1
        }
    }

    // MARK: Helpers

    /// Keeps the current state as a checkpoint for `moveTo` (states come in generation order).
    func checkpoint() {
        if let last = checkpoints.last, last.generation >= universe.generation { return }
        checkpoints.append(universe.keep())
    }

    /// Puts the universe at absolute generation `g` (≥ start) by jumps from the latest
    /// checkpoint at or before it.
    func moveTo(_ g: BigUInt) throws(StepError) {
        let base = checkpoints[latestCheckpoint(atOrBefore: g, count: checkpoints.count) { checkpoints[$0].generation }]
        universe.restore(base)
        if g > base.generation { try universe.step(by: g - base.generation, control: control, progress: nil) }
    }
}

/// Growth at the last of `populations` (one per generation from `start`): the smallest p for
/// which the population rose by the same positive amount every p generations throughout the
/// last max(2p, 360) generations.
func stateGrowth(_ populations: [BigUInt], start: BigUInt) -> Verdict? {
    let t = populations.count - 1
    guard t >= 4 else { return nil }
    let now = start + BigUInt(t)
    for p in 1...(t / 4) {
        let window = max(2 * p, 360)
        guard window + p <= t else { break }
        guard let c = steadyRise(populations, lag: p, from: t - window, to: t) else { continue }
        let evidence = Verdict.growthEvidence(increment: c, period: p, "steadily from generation \(start + BigUInt(t - window)) to \(now), population \(populations[t])")
        return .growing(generation: now, period: p, increment: c, evidence: evidence)
    }
    return nil
}

/// The c > 0 with populations[s] = populations[s − lag] + c for every s in `from`…`to`, if any.
private func steadyRise(_ populations: [BigUInt], lag: Int, from: Int, to: Int) -> BigUInt? {
    guard populations[to] > populations[to - lag] else { return nil }
    let c = populations[to] - populations[to - lag]
    // A quick filter before the whole window: three earlier periods.
    for k in 1...3 where to - k * lag - lag >= 0 && !Classifier.rises(populations[to - k * lag - lag], to: populations[to - k * lag], by: c) {
        return nil
    }
    for s in stride(from: to - 1, through: from, by: -1) where !Classifier.rises(populations[s - lag], to: populations[s], by: c) {
        return nil
    }
    return c
}
