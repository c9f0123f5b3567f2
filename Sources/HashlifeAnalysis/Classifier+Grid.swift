import HashlifeEngine

// Classifier+Grid.swift — classifying on a finite grid (torus, Klein bottle, plane, sphere,
// cross-surface: both sizes bounded).
//
// A finite grid has finitely many states, so every pattern on it is eventually periodic: it
// dies, stands still or cycles. Shapes that move (a glider on a torus) come back to the same
// cells after wrapping round, so the honest verdict is the cycle of exact cell sets, never
// "spaceship" or "growing". This search steps one generation at a time and remembers every
// cell set (`CellSetKey`) until one repeats, within the limit; tubes and strips, unbounded one
// way, go through the ordinary classifier.

/// The classification of a pattern on a finite grid by exact cycle search (see above).
func classifyOnFiniteGrid(_ universe: any LifeUniverse, maxGeneration: BigUInt, control: StepControl?) throws(StepError) -> Classification {
    let start = universe.keep()
    defer { universe.restore(start) }
    var seen: [CellSetKey: BigUInt] = [:]
    var examined = BigUInt.zero
    while true {
        let key = universe.cellSetKey
        if let first = seen[key] {
            let period = universe.generation - first
            let verdict: Verdict
            if universe.isEmpty {
                verdict = .extinct(generation: first)
            } else if period == BigUInt(1) {
                verdict = .still(generation: first)
            } else {
                verdict = .oscillator(generation: first, period: period.intValue ?? .max)
            }
            universe.restore(start)
            try universe.step(by: first - start.generation, control: control, progress: nil)
            return Classification(verdict: verdict, population: universe.population)
        }
        if examined >= maxGeneration { return Classification(verdict: .undetermined(generation: universe.generation), population: universe.population) }
        seen[key] = universe.generation
        try universe.step(byPowerOfTwo: 0, control: control)
        examined += BigUInt(1)
    }
}
