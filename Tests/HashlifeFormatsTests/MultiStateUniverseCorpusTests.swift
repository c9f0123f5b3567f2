import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// The multi-state Hashlife engine on the corpus under ../shared/corpus/multistate: bgolly's
/// populations at every oracle generation, reached one generation at a time and by jumps, and
/// bgolly's whole state at generation 100.
@Suite struct MultiStateUniverseCorpusTests {
    static func expectedAt100(_ name: String) throws -> [MultiStateCell] {
        try MultiStateCorpusTests.pattern(Fixtures.shared! + "/corpus/multistate/expected/\(name)@100.rle").normalised
    }

    @Test(.enabled(if: Fixtures.shared != nil, "../shared is absent: bgolly's populations are not available"),
          arguments: MultiStateCorpusTests.files)
    func singleStepsMatchBgolly(_ name: String) throws {
        let start = try MultiStateCorpusTests.pattern(Fixtures.shared! + "/corpus/multistate/\(name).rle")
        let oracle = try MultiStateCorpusTests.oracle(name)
        #expect(oracle.count >= 6)
        let universe = MultiStateUniverse(pattern: start)
        // Single steps as far as 1,000 (the jumps test reaches 4,096), to keep the suite quick.
        let last = min(oracle.keys.max()!, 1000)
        var checked = 0
        while true {
            let g = Int(universe.generation.uint64Value!)
            if let population = oracle[g] {
                #expect(universe.population == BigUInt(population), "\(name) at generation \(g)")
                checked += 1
            }
            if g == 100 {
                #expect(universe.statePattern.normalised == (try Self.expectedAt100(name)), "\(name): the state at generation 100 differs from bgolly's")
            }
            if g == last { break }
            universe.step()
        }
        #expect(checked == oracle.keys.filter { $0 <= last }.count)
    }

    @Test(.enabled(if: Fixtures.shared != nil, "../shared is absent: bgolly's populations are not available"),
          arguments: MultiStateCorpusTests.files)
    func jumpsMatchBgolly(_ name: String) throws {
        let start = try MultiStateCorpusTests.pattern(Fixtures.shared! + "/corpus/multistate/\(name).rle")
        let oracle = try MultiStateCorpusTests.oracle(name)
        // Jumps from one oracle generation to the next (1, 8, 90, 900, 3096: every bit pattern).
        let universe = MultiStateUniverse(pattern: start)
        for g in oracle.keys.sorted() {
            universe.step(by: BigUInt(g) - universe.generation)
            #expect(universe.population == BigUInt(oracle[g]!), "\(name) at generation \(g), by jumps")
        }
        // Straight to 100; to 1,000 by powers of two from the highest down (512 + 256 + 128 +
        // 64 + 32 + 8); to 4,096 in one step where bgolly went.
        let hundred = MultiStateUniverse(pattern: start)
        hundred.step(by: 100)
        #expect(hundred.statePattern.normalised == (try Self.expectedAt100(name)), "\(name): generation 100 by a jump")
        let powers = MultiStateUniverse(pattern: start)
        for k in [9, 8, 7, 6, 5, 3] { powers.step(byPowerOfTwo: k) }
        #expect(powers.generation == BigUInt(1000))
        #expect(powers.population == BigUInt(oracle[1000]!), "\(name) at generation 1000 by descending powers of two")
        if let population = oracle[4096] {
            let far = MultiStateUniverse(pattern: start)
            far.step(byPowerOfTwo: 12)
            #expect(far.population == BigUInt(population), "\(name) at generation 4096 in one step")
        }
    }
}
