import Testing
import HashlifeEngine
import HashlifeTestSupport

/// The Hashlife engine against the naive reference engine, generation by generation.
@Suite struct DifferentialTests {
    /// Rules with different leaf paths: Life's formula, other totalistic rules, the table path.
    static let rules = ["B3/S23", "B36/S23", "B3678/S34678", "B2/S", "B2-a/S12", "B3-jknr4ity5ijk6i8/S23-a4city6c7c"]

    /// Soup sizes per rule: explosive rules (B2/S) get small soups so the reference keeps up.
    static func soups(for rule: String) -> [(size: Int, density: Double, seed: UInt64)] {
        if rule == "B2/S" || rule == "B2-a/S12" { return [(6, 0.3, 1), (10, 0.5, 2)] }
        return [(16, 0.2, 3), (32, 0.375, 4), (64, 0.6, 5), (48, 0.45, 6)]
    }

    @Test(arguments: rules)
    func everyGenerationMatchesStepByStep(rule text: String) throws {
        let rule = try Rule(text)
        for soup in Self.soups(for: text) {
            let cells = randomSoup(width: soup.size, height: soup.size, density: soup.density, seed: soup.seed)
            var reference = ReferenceEngine(rule: rule, cells: cells)
            let universe = Universe(rule: rule, referenceCells: cells)
            for generation in 0...256 {
                #expect(universe.referenceCells == reference.cells,
                        "rule \(text), soup \(soup.size)² seed \(soup.seed), generation \(generation)")
                if universe.referenceCells != reference.cells { return }
                universe.step()
                reference.step()
            }
        }
    }

    @Test(arguments: rules)
    func powerOfTwoJumpsMatch(rule text: String) throws {
        let rule = try Rule(text)
        let soup = Self.soups(for: text)[1]
        let cells = randomSoup(width: soup.size, height: soup.size, density: soup.density, seed: soup.seed + 100)
        let maxExponent = text == "B2/S" || text == "B2-a/S12" ? 6 : 10
        var reference = ReferenceEngine(rule: rule, cells: cells)
        var done = 0
        for k in 0...maxExponent {
            let universe = Universe(rule: rule, referenceCells: cells)
            universe.step(byPowerOfTwo: k)
            reference.step((1 << k) - done)
            done = 1 << k
            #expect(universe.generation == BigUInt(1 << k))
            #expect(universe.referenceCells == reference.cells, "rule \(text), jump 2^\(k)")
        }
    }

    @Test(arguments: rules)
    func arbitraryJumpsMatch(rule text: String) throws {
        let rule = try Rule(text)
        let soup = Self.soups(for: text)[0]
        let cells = randomSoup(width: soup.size, height: soup.size, density: soup.density, seed: soup.seed + 200)
        var reference = ReferenceEngine(rule: rule, cells: cells)
        let universe = Universe(rule: rule, referenceCells: cells)
        // Mixed step sizes, so memo slots of different steps interleave.
        for jump in [7, 1, 100, 3, 29, 64, 5] {
            universe.step(by: BigUInt(jump))
            reference.step(jump)
            #expect(universe.referenceCells == reference.cells, "rule \(text), after +\(jump) at \(reference.generation)")
        }
        #expect(universe.generation == BigUInt(reference.generation))
    }
}
