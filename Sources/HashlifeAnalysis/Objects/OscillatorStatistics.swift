// The usual measures of an oscillator, from their definitions over one period of its phases:
//
// - stator: cells alive in every phase; rotor: cells alive in some phases but not all;
// - heat: the average, over the period's generations, of the number of cells that change
//   state from one generation to the next (the last phase to the first included);
// - volatility: rotor / (rotor + stator);
// - strict volatility: the cells whose own period (the least q with the cell's state at t and
//   t + q equal for every t) is the full period, over rotor + stator.
//
// A still life has rotor 0, heat 0 and volatility 0.

/// Rotor, stator, heat and volatilities of an oscillator (or still life).
public struct OscillatorStatistics: Hashable, Sendable {
    /// Cells alive in some phases but not all.
    public var rotor: Int
    /// Cells alive in every phase.
    public var stator: Int
    /// Cells changing state per generation, averaged over the period.
    public var heat: Double
    /// rotor / (rotor + stator).
    public var volatility: Double
    /// Cells of the full period's own period, over rotor + stator.
    public var strictVolatility: Double

    /// The measures of the object whose phases, in one frame, are `phases` (one period).
    /// - Precondition: at least one phase.
    public init(phases: [[CellPosition]]) {
        precondition(!phases.isEmpty, "an oscillator has at least one phase")
        let period = phases.count
        // Each cell ever alive, with the phases it is alive in as a bit string.
        let words = (period + 63) / 64
        var history: [CellPosition: [UInt64]] = [:]
        for (t, phase) in phases.enumerated() {
            for cell in phase {
                history[cell, default: [UInt64](repeating: 0, count: words)][t / 64] |= 1 << UInt64(t % 64)
            }
        }
        var changes = 0
        for t in 0..<period {
            let next = Set(phases[(t + 1) % period])
            let now = Set(phases[t])
            changes += now.symmetricDifference(next).count
        }
        let divisors = (1..<max(period, 1)).filter { period % $0 == 0 }
        var stator = 0, strict = 0
        for bits in history.values {
            let alive = (0..<period).map { bits[$0 / 64] >> UInt64($0 % 64) & 1 == 1 }
            if alive.allSatisfy({ $0 }) { stator += 1; continue }
            // The cell's own period is the full one when no proper divisor repeats its states.
            let repeats = divisors.contains { q in (0..<period).allSatisfy { alive[$0] == alive[($0 + q) % period] } }
            if !repeats { strict += 1 }
        }
        let cells = history.count
        rotor = cells - stator
        self.stator = stator
        heat = Double(changes) / Double(period)
        volatility = cells == 0 ? 0 : Double(rotor) / Double(cells)
        strictVolatility = cells == 0 ? 0 : Double(strict) / Double(cells)
    }
}

extension PeriodicObject {
    /// The oscillator measures; nil for a spaceship (whose cells do not stay in place).
    public var statistics: OscillatorStatistics? {
        kind == .spaceship ? nil : OscillatorStatistics(phases: phases)
    }
}
