import HashlifeEngine

extension StateClassifier {
    // MARK: Jump phase: Brent's cycle search over fingerprints of strided states

    /// After the dense phase: states 2^k generations apart, each a single jump.
    func jumps() throws(StepError) -> Verdict {
        guard universe.generation < end else { return .undetermined(generation: universe.generation) }
        var power = 64, lam = 0, exponent = 2
        var tortoise = universe.keep()
        var tortoisePrint = fingerprint()
        var populations: [BigUInt] = []
        while true {
            let stride = 1 << exponent
            guard universe.generation + BigUInt(stride) <= end else { break }
            try universe.step(byPowerOfTwo: exponent, control: control)
            checkpoint()
            lam += 1
            let population = universe.population
            populations.append(population)
            if population.isZero {
                return .extinct(generation: try firstGeneration(from: universe.generation) { u throws(StepError) in u.isEmpty })
            }
            let now = fingerprint()!
            if let old = tortoisePrint, now.fingerprint == old.fingerprint,
               let dx = (now.x - old.x).intValue, let dy = (now.y - old.y).intValue {
                return try periodic(multiple: lam * stride, dx: dx, dy: dy, tortoise: tortoise)
            }
            if lam == power {
                if let verdict = Classifier.stridedGrowth(populations, stride: stride, now: universe.generation) { return verdict }
                populations.removeAll(keepingCapacity: true)
                tortoise = universe.keep()
                tortoisePrint = now
                power *= 2
                lam = 0
                exponent = (power / 16).trailingZeroBitCount
            }
        }
        if universe.generation < end {
            try universe.step(by: end - universe.generation, control: control, progress: nil)
        }
        return .undetermined(generation: universe.generation)
    }

    /// Does the state now recur `n` generations later displaced by (`dx`, `dy`)? Moves the
    /// universe.
    private func recurs(after n: Int, dx: Int, dy: Int) throws(StepError) -> Bool {
        guard let a = fingerprint() else { return false }
        try universe.step(by: BigUInt(n), control: control, progress: nil)
        guard let b = fingerprint(), a.fingerprint == b.fingerprint,
              let ddx = (b.x - a.x).intValue, let ddy = (b.y - a.y).intValue else { return false }
        return ddx == dx && ddy == dy
    }

    /// The state at `tortoise` recurs `multiple` generations later displaced by (`dx`, `dy`):
    /// the least period (a divisor of `multiple`, the displacement divided alike), then the
    /// first generation from which the pattern repeats.
    private func periodic(multiple: Int, dx: Int, dy: Int, tortoise: KeptUniverseState) throws(StepError) -> Verdict {
        var (period, mx, my) = (multiple, dx, dy)
        var refined = true
        while refined {
            refined = false
            for q in primeFactors(period) where mx % q == 0 && my % q == 0 {
                universe.restore(tortoise)
                guard try recurs(after: period / q, dx: mx / q, dy: my / q) else { continue }
                (period, mx, my) = (period / q, mx / q, my / q)
                refined = true
                break
            }
        }
        let (p, px, py) = (period, mx, my)
        let first = try firstGeneration(from: tortoise.generation) { (_) throws(StepError) in try recurs(after: p, dx: px, dy: py) }
        if px != 0 || py != 0 {
            return .spaceship(generation: first, period: p, dx: px, dy: py, speed: spaceshipSpeed(dx: px, dy: py, period: p))
        }
        return p == 1 ? .still(generation: first) : .oscillator(generation: first, period: p)
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
