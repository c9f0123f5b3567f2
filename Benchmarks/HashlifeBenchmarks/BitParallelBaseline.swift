// A plain bit-parallel Life simulator: the baseline the random-soup cases are measured against
// (the goal: Hashlife on a soup takes at most half this simulator's time for the same area).
//
// Cells are bits of UInt64 words, 64 to a word, rows of `words` words; bit j of word i in row y
// is the cell (64i + j, y). One generation counts the eight neighbours of 64 cells at a time with
// bit-sliced full adders and applies B3/S23. The grid is bounded: a ring of dead cells surrounds
// it and nothing is born outside (escaping gliders vanish at the edge), so it computes the same
// area for every generation; that is the point of a baseline, not a second reference engine.

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import HashlifeEngine
import HashlifeTestSupport

struct BitParallelLife {
    let words: Int
    let rows: Int
    /// (rows + 2) padded rows of (words + 2) words; the padding stays zero.
    private var cells: [UInt64]
    private var next: [UInt64]

    /// A grid of at least `width` × `height` cells (width rounded up to a multiple of 64).
    init(width: Int, height: Int) {
        words = (width + 63) / 64
        rows = height
        cells = [UInt64](repeating: 0, count: (words + 2) * (rows + 2))
        next = cells
    }

    private var stride: Int { words + 2 }

    mutating func set(x: Int, y: Int) {
        cells[(y + 1) * stride + 1 + x / 64] |= 1 << UInt64(x % 64)
    }

    var population: Int { cells.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// Every live cell (for the self-check).
    var liveCells: Set<ReferenceCell> {
        var live = Set<ReferenceCell>()
        for y in 0..<rows {
            for i in 0..<words {
                var word = cells[(y + 1) * stride + 1 + i]
                while word != 0 {
                    live.insert(ReferenceCell(x: 64 * i + word.trailingZeroBitCount, y: y))
                    word &= word - 1
                }
            }
        }
        return live
    }

    /// One generation of B3/S23 over the whole grid.
    mutating func step() {
        let stride = self.stride, rows = self.rows, words = self.words
        cells.withUnsafeBufferPointer { c in
            next.withUnsafeMutableBufferPointer { n in
                for y in 1...rows {
                    let up = (y - 1) * stride, here = y * stride, down = (y + 1) * stride
                    for i in 1...words {
                        func west(_ row: Int) -> UInt64 { c[row + i] << 1 | c[row + i - 1] >> 63 }
                        func east(_ row: Int) -> UInt64 { c[row + i] >> 1 | c[row + i + 1] << 63 }
                        let centre = c[here + i]
                        // Eight neighbour bit-planes summed with full adders: ones, twos, fours.
                        let (s1, c1) = fullAdd(west(up), c[up + i], east(up))
                        let (s2, c2) = fullAdd(west(here), east(here), west(down))
                        let s3 = c[down + i] ^ east(down), c3 = c[down + i] & east(down)
                        let (ones, c4) = fullAdd(s1, s2, s3)
                        let (t1, d1) = fullAdd(c1, c2, c3)
                        let twos = t1 ^ c4, d2 = t1 & c4
                        let foursOrMore = d1 | d2
                        n[here + i] = twos & ~foursOrMore & (ones | centre)
                    }
                }
            }
        }
        swap(&cells, &next)
    }

}

/// Three bit-planes added bitwise: the sum plane and the carry plane.
@inline(__always)
private func fullAdd(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> (sum: UInt64, carry: UInt64) {
    let ab = a ^ b
    return (ab ^ c, a & b | c & ab)
}

/// Random soups (density 0.375) stepped by Hashlife and by the bit-parallel baseline over the
/// soup's own area; prints both times and their ratio. Median of `repeats`.
func runSoupBaseline(repeats: Int) {
    // The baseline must compute Life: a 64² soup in the middle of a 512² grid, 100 generations
    // (nothing reaches the edge that fast), cell for cell against Hashlife.
    let small = randomSoup(width: 64, height: 64, density: 0.375, seed: 7)
    var check = BitParallelLife(width: 512, height: 512)
    for cell in small { check.set(x: cell.x + 224, y: cell.y + 224) }
    for _ in 0..<100 { check.step() }
    let reference = Universe(rule: .life, referenceCells: small.map { ReferenceCell(x: $0.x + 224, y: $0.y + 224) })
    reference.step(by: 100)
    guard check.liveCells == reference.referenceCells else {
        print("the bit-parallel baseline disagrees with Hashlife on a small soup"); exit(1)
    }
    print("soup         gens   hashlife ms   baseline ms   ratio   hashlife pop   baseline pop (bounded)")
    for (side, generations, seed) in [(512, 4096, UInt64(2028)), (2048, 4096, UInt64(2029))] {
        let soup = randomSoup(width: side, height: side, density: 0.375, seed: seed)
        var ours: [Double] = [], theirs: [Double] = []
        var population = "", baselinePopulation = 0
        for _ in 0..<repeats {
            let universe = Universe(rule: .life, referenceCells: soup)
            let clock = ContinuousClock()
            var start = clock.now
            universe.step(by: BigUInt(generations))
            population = universe.population.description
            ours.append((clock.now - start) / .milliseconds(1))
            var grid = BitParallelLife(width: side, height: side)
            for cell in soup { grid.set(x: cell.x, y: cell.y) }
            start = clock.now
            for _ in 0..<generations { grid.step() }
            theirs.append((clock.now - start) / .milliseconds(1))
            baselinePopulation = grid.population
        }
        ours.sort(); theirs.sort()
        let (a, b) = (ours[ours.count / 2], theirs[theirs.count / 2])
        print("\(side)×\(side)    \(generations)   \(format2(a))   \(format2(b))   \(format2(a / b))   \(population)   \(baselinePopulation)")
    }
}
