import Testing
@testable import HashlifeEngine
import HashlifeTestSupport

/// A rule that is not isotropic cannot use a Klein bottle's mirrored tiling: it steps generation
/// by generation with Golly's edge joins, and matches the reference (tori still jump: their
/// tiling has no mirror).
@Suite struct GridAnisotropicTests {
    /// Life plus a birth on the three cells above (bits 0, 1, 2) only: not invariant under a flip.
    static func anisotropicRule(_ suffix: String) throws -> Rule {
        let life = try Rule("B3/S23" + suffix)
        var words = life.tableWords
        words[0] &= ~(1 << 7)  // neighbourhood 0b000000111 (three above, centre dead): no birth
        return Rule(table: (words[0], words[1], words[2], words[3], words[4], words[5], words[6], words[7])).with(grid: life.grid)
    }

    @Test(arguments: [":K12*,10", ":K11,9*", ":K12*+1,10", ":T12+5,10", ":C12,10"])
    func anisotropicRulesFollowTheReference(suffix: String) throws {
        let rule = try Self.anisotropicRule(suffix)
        #expect(!rule.isIsotropic)
        let grid = try #require(rule.grid)
        let cells = GridSteppingTests.soup(grid, seed: 5)
        var reference = GridReferenceEngine(rule: rule, alive: cells)
        let universe = Universe(rule: rule, referenceCells: cells)
        for generation in 0...30 {
            #expect(universe.referenceCells.sorted() == reference.alive, "\(suffix) generation \(generation)")
            universe.step()
            reference.step()
        }
        let jumped = Universe(rule: rule, referenceCells: cells)
        jumped.step(byPowerOfTwo: 5)
        reference.step(1)
        #expect(jumped.referenceCells.sorted() == reference.alive, "\(suffix) after 2^5")
    }
}
