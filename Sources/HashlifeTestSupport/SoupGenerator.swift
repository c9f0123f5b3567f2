// SoupGenerator.swift — deterministic random soups for tests and benchmarks.
//
// The generator and the density test are spelled out here (not Double.random(in:using:)) so a
// given seed gives the same soup on every platform and every toolchain version.

/// SplitMix64 (Steele, Lea & Flood 2014; the constants of Vigna's reference implementation).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in 0..<n (modulo: a tiny bias, fine for tests).
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// `count` random bytes.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(count)
        while result.count < count {
            var word = next()
            for _ in 0..<min(8, count - result.count) {
                result.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        return result
    }

    /// A uniform Double in [0, 1) from the top 53 bits of the next output.
    public mutating func nextUnitDouble() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}

/// Cells in [0, width) × [0, height), each alive with probability `density`, row by row from a
/// SplitMix64 seeded with `seed` (one draw per cell, so the same seed and size give the same soup).
public func randomSoup(width: Int, height: Int, density: Double, seed: UInt64) -> [ReferenceCell] {
    precondition(width >= 0 && height >= 0, "soup size must not be negative")
    var generator = SplitMix64(seed: seed)
    var cells: [ReferenceCell] = []
    for y in 0..<height {
        for x in 0..<width where generator.nextUnitDouble() < density {
            cells.append(ReferenceCell(x: x, y: y))
        }
    }
    return cells
}
