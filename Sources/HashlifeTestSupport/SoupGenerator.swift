// SoupGenerator.swift — deterministic random soups for tests and benchmarks, from the
// library's `RandomSoup` (HashlifeEngine), which `hashlife soup` writes: a test's soup of a
// given seed is the file `hashlife soup WxH --density D --seed S` makes.

// Tests that import only this module use SplitMix64 too.
@_exported import struct HashlifeEngine.SplitMix64
import HashlifeEngine

/// Cells in [0, width) × [0, height), each alive with probability `density`, row by row from a
/// SplitMix64 seeded with `seed` (one draw per cell, so the same seed and size give the same soup).
public func randomSoup(width: Int, height: Int, density: Double, seed: UInt64) -> [ReferenceCell] {
    var soup = RandomSoup(width: width, height: height, density: density, seed: seed)
    var cells: [ReferenceCell] = []
    var y = 0
    while let row = soup.nextRow() {
        for x in 0..<width where row[x] { cells.append(ReferenceCell(x: x, y: y)) }
        y += 1
    }
    return cells
}
