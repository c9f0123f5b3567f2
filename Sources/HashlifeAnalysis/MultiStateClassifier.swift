import HashlifeEngine

/// Classifies a multi-state pattern (Generations, History, Super) by looking at most
/// `maxGeneration` generations past its current one, one generation at a time.
///
/// What repeats is every cell's state, not only the live ones: a generation whose cells and
/// states are those of an earlier one, in the same place, makes a still life (period 1) or an
/// oscillator; displaced, a spaceship (the whole pattern). Repeats are found by a
/// translation-invariant fingerprint of all states (`MultiStateUniverse.fingerprint`), so the
/// verdict names the first generation of the cycle and its smallest period. Guns and puffers
/// are recognised as growth: the population rising by the same amount every p generations
/// (p up to a quarter of the generations seen) throughout the last 2p generations and at
/// least 360. There is no settled verdict (the object library is two-state).
///
/// The universe is advanced: it ends at the last generation looked at.
/// - Throws: `StepError` when `control` cancels or the memory limit cannot hold a generation.
public func classify(_ universe: MultiStateUniverse, maxGeneration: BigUInt, control: StepControl?) throws(StepError) -> Classification {
    let start = universe.generation
    let limit = maxGeneration.intValue.map { min($0, 1 << 40) } ?? 1 << 40
    let cache = FingerprintCache()
    var seen: [StateFingerprint: (step: Int, x: BigInt, y: BigInt)] = [:]
    var populations: [BigUInt] = []
    var step = 0
    var nextGrowthCheck = 64
    while true {
        let population = universe.population
        if population.isZero {
            return Classification(verdict: .extinct(generation: universe.generation), population: population)
        }
        let (fingerprint, x, y) = universe.fingerprint(cache: cache)!
        if let earlier = seen[fingerprint] {
            let period = step - earlier.step
            let first = start + BigUInt(earlier.step)
            let verdict: Verdict
            if let dx = (x - earlier.x).intValue, let dy = (y - earlier.y).intValue, dx != 0 || dy != 0 {
                verdict = .spaceship(generation: first, period: period, dx: dx, dy: dy,
                                     speed: spaceshipSpeed(dx: dx, dy: dy, period: period))
            } else if x == earlier.x && y == earlier.y {
                verdict = period == 1 ? .still(generation: first) : .oscillator(generation: first, period: period)
            } else {
                // Displaced by more than an Int: not a spaceship anyone will meet; keep looking.
                verdict = .undetermined(generation: universe.generation)
            }
            if case .undetermined = verdict {} else {
                return Classification(verdict: verdict, population: population)
            }
        }
        seen[fingerprint] = (step, x, y)
        populations.append(population)
        if step == nextGrowthCheck || step == limit {
            if let verdict = multiStateGrowth(populations, start: start) {
                return Classification(verdict: verdict, population: population)
            }
            nextGrowthCheck = step + max(64, step / 8)
        }
        if step == limit {
            return Classification(verdict: .undetermined(generation: universe.generation), population: population)
        }
        try universe.step(by: .one, control: control, progress: nil)
        step += 1
    }
}

/// Growth at the last of `populations` (one per generation from `start`): the smallest p for
/// which the population rose by the same positive amount every p generations throughout the
/// last max(2p, 360) generations.
private func multiStateGrowth(_ populations: [BigUInt], start: BigUInt) -> Verdict? {
    let t = populations.count - 1
    guard t >= 4 else { return nil }
    for p in 1...(t / 4) {
        let window = max(2 * p, 360)
        guard window + p <= t else { break }
        guard populations[t] > populations[t - p] else { continue }
        let c = populations[t] - populations[t - p]
        // A quick filter before the whole window: three earlier periods.
        guard (1...3).allSatisfy({ k in t - k * p - p >= 0 && populations[t - k * p] > populations[t - k * p - p]
            && populations[t - k * p] - populations[t - k * p - p] == c }) else { continue }
        var steady = true
        for s in stride(from: t - 1, through: t - window, by: -1)
            where !(populations[s] > populations[s - p] && populations[s] - populations[s - p] == c) {
            steady = false
            break
        }
        if steady {
            let now = start + BigUInt(t)
            let evidence = Verdict.growthEvidence(increment: c, period: p, "steadily from generation \(start + BigUInt(t - window)) to \(now), population \(populations[t])")
            return .growing(generation: now, period: p, increment: c, evidence: evidence)
        }
    }
    return nil
}
