import Testing
@testable import HashlifeEngine
import HashlifeTestSupport

/// B0, MAP and Wolfram rules in the Hashlife engine against the reference engine (which steps the
/// true rule with a background bit, and Wolfram rules from their code), generation by generation,
/// by jumps of 2^k and of any N, from odd and even generations.
@Suite struct RuleFamilyDifferentialTests {
    /// A MAP rule with a random table (anisotropic), from `seed`; `birthOnZero` / `survivesOnEight`
    /// force the first and last entries.
    static func randomMap(seed: UInt64, birthOnZero: Bool, survivesOnEight: Bool) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var random = SplitMix64(seed: seed)
        var values = (0..<86).map { _ in Int(random.next() % 64) }
        // Bit 0 of the stream is the MSB of the first character (neighbourhood 0); bit 511 is the
        // second bit of the 86th character (all nine cells alive). Keep sparse-ish tables so soups
        // neither die nor fill at once: clear about half of each character's bits.
        values = values.map { $0 & Int(random.next() % 64) }
        values[0] = values[0] & 0b011111 | (birthOnZero ? 0b100000 : 0)
        values[85] = (values[85] & 0b100000) | (survivesOnEight ? 0b010000 : 0)
        return "MAP" + String(values.map { alphabet[$0] })
    }

    static let rules: [String] = [
        "B0134/S23", "B02/S1", "B01245/S0123678", "B0/S8", "B0123478/S01234678", "B03/S23-a4ei6",
        randomMap(seed: 1, birthOnZero: false, survivesOnEight: false),
        randomMap(seed: 2, birthOnZero: true, survivesOnEight: false),
        randomMap(seed: 3, birthOnZero: true, survivesOnEight: true),
        "W30", "W110", "W90", "W18",
    ]

    @Test(arguments: rules)
    func everyGenerationMatchesStepByStep(rule text: String) throws {
        let rule = try Rule(text)
        for (size, density, seed) in [(12, 0.4, UInt64(11)), (24, 0.3, 12)] {
            let cells = randomSoup(width: size, height: size, density: density, seed: seed)
            var reference = ReferenceEngine(rule: rule, cells: cells)
            let universe = Universe(rule: rule, referenceCells: cells)
            for generation in 0...64 {
                #expect(universe.referenceCells == reference.cells, "rule \(text), soup \(size)², generation \(generation)")
                #expect(universe.background == (reference.background ? 1 : 0), "rule \(text), generation \(generation)")
                if universe.referenceCells != reference.cells { return }
                universe.step()
                reference.step()
            }
        }
    }

    @Test(arguments: rules)
    func powerOfTwoJumpsFromEvenAndOddGenerationsMatch(rule text: String) throws {
        let rule = try Rule(text)
        let cells = randomSoup(width: 16, height: 16, density: 0.35, seed: 21)
        for start in [0, 1, 3] {
            var reference = ReferenceEngine(rule: rule, cells: cells)
            reference.step(start)
            for k in 0...6 {
                let universe = Universe(rule: rule, referenceCells: cells)
                universe.step(by: BigUInt(start))
                universe.step(byPowerOfTwo: k)
                var expected = reference
                expected.step(1 << k)
                #expect(universe.generation == BigUInt(start + (1 << k)))
                #expect(universe.referenceCells == expected.cells, "rule \(text), 2^\(k) from generation \(start)")
            }
        }
    }

    /// Mixed jumps on one universe, so memo entries of every step size and both parities
    /// interleave (odd single steps, 2^k from odd generations, N with its low bit set).
    @Test(arguments: rules)
    func arbitraryJumpsMatch(rule text: String) throws {
        let rule = try Rule(text)
        let cells = randomSoup(width: 16, height: 16, density: 0.4, seed: 31)
        var reference = ReferenceEngine(rule: rule, cells: cells)
        let universe = Universe(rule: rule, referenceCells: cells)
        for jump in [1, 1, 7, 2, 1, 16, 5, 3, 8, 1, 33, 4] {
            universe.step(by: BigUInt(jump))
            reference.step(jump)
            #expect(universe.referenceCells == reference.cells, "rule \(text) at generation \(reference.generation)")
            #expect(universe.background == (reference.background ? 1 : 0))
            if jump.isMultiple(of: 2) && jump > 1 {
                // And the same distance as one power-of-two step where it is one.
                universe.step(byPowerOfTwo: 1)
                reference.step(2)
                #expect(universe.referenceCells == reference.cells, "rule \(text): 2^1 at generation \(reference.generation)")
            }
        }
        #expect(universe.invariantViolations().isEmpty)
    }

    /// A big jump (2^40 generations) of a B0 rule without S8 from an odd generation: the result
    /// equals the generation reached by single steps once the soup has settled into a cycle.
    @Test func hugeJumpsKeepTheParity() throws {
        let rule = try Rule("B0134/S23")  // the corpus file's rule; its soups settle into period 2
        let cells = randomSoup(width: 20, height: 20, density: 0.4, seed: 41)
        var reference = ReferenceEngine(rule: rule, cells: cells)
        reference.step(2001)
        let universe = Universe(rule: rule, referenceCells: cells)
        universe.step(by: BigUInt(1))
        universe.step(by: BigUInt.powerOfTwo(40))  // generation 2^40 + 1: odd
        var later = reference
        later.step(2)
        #expect(reference.cells == later.cells, "the soup has not settled into period 2 by generation 2001")
        #expect(universe.background == 1)
        #expect(universe.referenceCells == reference.cells)
    }
}
