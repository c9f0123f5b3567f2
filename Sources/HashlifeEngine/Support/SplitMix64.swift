// Deterministic random numbers and random soups: `hashlife soup`, the tests and the benchmarks.
//
// The generator and the density test are spelled out here (not the system's generator, not
// Double.random(in:using:)) so that a given seed gives the same soup on every machine and
// every toolchain version.

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

    /// A uniform Double in [0, 1) from the top 53 bits of the next output (exact: no rounding).
    public mutating func nextUnitDouble() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}

/// A random soup, row by row: cells of [0, width) × [0, height), each alive when the next
/// `SplitMix64` draw (seeded with `seed`, one draw per cell, rows top to bottom, cells left to
/// right) as a unit double is below `density`. The same seed, size and density give the same
/// soup everywhere.
public struct RandomSoup: Sendable {
    public let width: Int
    public let height: Int
    public let density: Double
    public let seed: UInt64
    private var generator: SplitMix64
    /// Rows produced so far.
    public private(set) var row = 0

    /// Precondition: width, height ≥ 0 and density in 0...1.
    public init(width: Int, height: Int, density: Double, seed: UInt64) {
        precondition(width >= 0 && height >= 0, "soup size must not be negative")
        precondition(density >= 0 && density <= 1, "density must be in 0...1")
        self.width = width
        self.height = height
        self.density = density
        self.seed = seed
        generator = SplitMix64(seed: seed)
    }

    /// The next row's cells (true = alive), or nil after the last row.
    public mutating func nextRow() -> [Bool]? {
        guard row < height else { return nil }
        row += 1
        var cells = [Bool](repeating: false, count: width)
        for x in 0..<width { cells[x] = generator.nextUnitDouble() < density }
        return cells
    }
}
