import Testing
import HashlifeEngine
import HashlifeTestSupport

/// Bounded grids (Golly's ":P…", ":T…", ":K…", ":C…", ":S…" suffixes): parsing, canonical text,
/// and stepping against the naive `GridReferenceEngine` on every topology.
@Suite struct GridParsingTests {
    /// Input → Golly's canonical text (lifealgo.cpp's canonicalsuffix).
    static let canonical: [(String, String)] = [
        ("B3/S23:T30,20", "B3/S23:T30,20"), ("B3/S23:t30,20", "B3/S23:T30,20"), ("B3/S23:T100", "B3/S23:T100,100"),
        ("B3/S23:P30,0", "B3/S23:P30,0"), ("B3/S23:T0,20", "B3/S23:T0,20"), ("B3/S23:T30+5,20", "B3/S23:T30+5,20"),
        ("B3/S23:T30,20-2", "B3/S23:T30,20-2"), ("B3/S23:T30+35,20", "B3/S23:T30+5,20"), ("B3/S23:T30+30,20", "B3/S23:T30,20"),
        ("B3/S23:K30*,20", "B3/S23:K30*,20"), ("B3/S23:K30,20*", "B3/S23:K30,20*"), ("B3/S23:K30*+1,20", "B3/S23:K30*+1,20"),
        ("B3/S23:K30*+3,20", "B3/S23:K30*+1,20"), ("B3/S23:K31*+1,20", "B3/S23:K31*,20"), ("B3/S23:K30,20*-1", "B3/S23:K30,20*+1"),
        ("B3/S23:C30,20", "B3/S23:C30,20"), ("B3/S23:S30", "B3/S23:S30"), ("Life:T24,24", "B3/S23:T24,24"),
        ("B3/S23:P2000000000,1", "B3/S23:P2000000000,1"),
    ]

    @Test(arguments: canonical)
    func writesGollysCanonicalText(_ pair: (String, String)) throws {
        let rule = try Rule(pair.0)
        #expect(rule.description == pair.1)
        #expect(try Rule(rule.description) == rule, "canonical text reads back as the same rule")
    }

    /// Each bad suffix and a word its message must contain.
    static let bad: [(String, String)] = [
        ("B3/S23:T0,0", "above 0"), ("B3/S23:T-5,5", "width"), ("B3/S23:Tx,5", "width"), ("B3/S23:T5,y", "height"),
        ("B3/S23:T10+1,10+1", "not both"), ("B3/S23:S10,10", "one size"), ("B3/S23:K10,10", "twisted edge marked"),
        ("B3/S23:K10*,10*", "not both"), ("B3/S23:T2000000001,5", "2,000,000,000"), ("B3/S23:P10+1,10", "plane can't have a shift"),
        ("B3/S23:C10,10+1", "cross-surface can't have a shift"), ("B3/S23:K10+1,10*", "twisted edge"), ("B3/S23:T10*,10", "twist"),
        ("B3/S23:K0*,10", "unbounded"), ("B3/S23:S0", "above 0"), ("B3/S23:T0+1,10", "shift"),
        ("B3/S23:T10,10x", "unexpected 'x'"), ("B3/S23:T", "missing the grid width"), ("B3/S23:C0,10", "unbounded"),
        ("B3/S23:T99999999999999999999999,1", "2,000,000,000"),
    ]

    @Test(arguments: bad)
    func refusesBadSuffixesInOneLine(_ pair: (String, String)) {
        do {
            let rule = try Rule(pair.0)
            Issue.record("\(pair.0) parsed as \(rule)")
        } catch {
            guard case .invalidGrid = error.reason else { Issue.record("\(pair.0): \(error)"); return }
            #expect(error.description.contains(pair.1), "\(pair.0): \(error)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func gridLiesWhereGollyPutsIt() throws {
        let grid = try #require(try Rule("B3/S23:T5,3").grid)
        #expect((grid.left, grid.top) == (-2, -1))
        let even = try #require(try Rule("B3/S23:T24,24").grid)
        #expect((even.left, even.top, even.width, even.height) == (-12, -12, 24, 24))
        #expect(even.contains(x: BigInt(11), y: BigInt(-12)) && !even.contains(x: BigInt(12), y: BigInt(0)))
    }
}

@Suite struct GridSteppingTests {
    /// Rules over the leaf paths: Life's formula, other totalistic rules, the table (Hensel).
    static let rules = ["B3/S23", "B36/S23", "B3678/S34678", "B2-a3/S12"]
    /// Every topology, shifts and twists, odd and even sizes, tubes and strips.
    static let grids = [":T12,10", ":T13,9", ":T12+5,10", ":T11,9-4", ":T8+3,7", ":T0,10", ":T9,0", ":P12,10", ":P11,9",
                        ":P0,9", ":P10,0", ":K12*,10", ":K11*,9", ":K12,10*", ":K13,10*", ":K12*+1,10", ":K11,10*+1",
                        ":C12,10", ":C11,9", ":S12", ":S9", ":T3,3", ":K4*,3", ":T1,5"]
    static let generations = 40

    /// A soup filling the grid (a band along an unbounded direction), absolute coordinates.
    static func soup(_ grid: Grid, seed: UInt64) -> [ReferenceCell] {
        let w = grid.width == 0 ? 8 : grid.width, h = grid.height == 0 ? 8 : grid.height
        let left = grid.width == 0 ? -4 : grid.left, top = grid.height == 0 ? -4 : grid.top
        return randomSoup(width: w, height: h, density: 0.4, seed: seed).map { ReferenceCell(x: $0.x + left, y: $0.y + top) }
    }

    @Test(arguments: grids)
    func everyGenerationMatchesTheReference(suffix: String) throws {
        for text in Self.rules {
            let rule = try Rule(text + suffix)
            let grid = try #require(rule.grid)
            let cells = Self.soup(grid, seed: UInt64(text.count * 31 + suffix.count))
            var reference = GridReferenceEngine(rule: rule, alive: cells, window: 2 * Self.generations + 24)
            let universe = Universe(rule: rule, referenceCells: cells)
            for generation in 0...Self.generations {
                let ours = universe.referenceCells.sorted()
                #expect(ours == reference.alive, "\(rule) generation \(generation)")
                if ours != reference.alive { return }
                universe.step()
                reference.step()
            }
        }
    }

    @Test(arguments: grids)
    func jumpsMatchTheReference(suffix: String) throws {
        for text in Self.rules {
            let rule = try Rule(text + suffix)
            let grid = try #require(rule.grid)
            let cells = Self.soup(grid, seed: 7)
            var reference = GridReferenceEngine(rule: rule, alive: cells, window: 2 * 64 + 24)
            // Power-of-two steps (tori, tubes and Klein bottles jump), and runs of step(by:) (short
            // ones go generation by generation on the bitmap).
            let universe = Universe(rule: rule, referenceCells: cells)
            let byCount = Universe(rule: rule, referenceCells: cells)
            var done = 0
            for count in [1, 2, 5, 8, 16, 32] {
                for bit in 0..<6 where count >> bit & 1 == 1 { universe.step(byPowerOfTwo: bit) }
                byCount.step(by: BigUInt(UInt64(count)))
                reference.step(count)
                done += count
                #expect(universe.referenceCells.sorted() == reference.alive, "\(rule) after \(done) generations")
                #expect(byCount.referenceCells.sorted() == reference.alive, "\(rule) after \(done) generations, step(by:)")
                #expect(universe.generation == BigUInt(UInt64(done)) && byCount.generation == universe.generation)
            }
        }
    }

    /// A torus's state is eventually periodic: generation N equals the generation μ + (N − μ) mod λ
    /// that single steps reach, for N = 10^100 and 2^1000; Klein bottles and tubes likewise.
    @Test(arguments: [":T16,16", ":T12,12", ":T13,11+3", ":K10*,12", ":K12,10*+1", ":T0,9"])
    func hugeJumpsLandOnThePeriod(suffix: String) throws {
        let rule = try Rule("B3/S23" + suffix)
        let grid = try #require(rule.grid)
        // A tube's soup is a small blob, whose debris stays within reach (gliders leave, but a
        // tube's window must stay finite: only the bounded topologies are checked for the period).
        let cells = Self.soup(grid, seed: 11)
        let universe = Universe(rule: rule, referenceCells: cells)
        guard grid.width > 0 else {
            universe.step(by: BigUInt(UInt64(1000)))
            var reference = GridReferenceEngine(rule: rule, alive: cells, window: 2 * 1000 + 24)
            reference.step(1000)
            #expect(universe.referenceCells.sorted() == reference.alive)
            return
        }
        // Single steps (checked against the reference by the tests above) until a state repeats.
        var seen: [[ReferenceCell]: Int] = [:]
        var history: [[ReferenceCell]] = []
        var state = universe.referenceCells.sorted()
        while seen[state] == nil {
            seen[state] = history.count
            history.append(state)
            universe.step()
            state = universe.referenceCells.sorted()
        }
        let mu = seen[state]!, lambda = history.count - mu
        for n in [BigUInt.powerOfTwo(1000), BigUInt.power(10, 100)] {
            let jumped = Universe(rule: rule, referenceCells: cells)
            jumped.step(by: n)
            let index = mu + Int((n - BigUInt(UInt64(mu))).quotientAndRemainder(dividingBy: BigUInt(UInt64(lambda))).remainder.intValue!)
            #expect(jumped.referenceCells.sorted() == history[index], "\(rule): μ \(mu), λ \(lambda)")
            #expect(jumped.generation == n)
        }
    }

    @Test func aPlaneThatSettlesSkipsTheRestOfARun() throws {
        // A block on a plane is still: 10^30 generations end at once, exactly.
        let rule = try Rule("B3/S23:P10,10")
        let universe = Universe(rule: rule, referenceCells: [ReferenceCell(x: 0, y: 0), ReferenceCell(x: 1, y: 0),
                                                              ReferenceCell(x: 0, y: 1), ReferenceCell(x: 1, y: 1)])
        let n = BigUInt.power(10, 30)
        universe.step(by: n)
        #expect(universe.generation == n && universe.population == BigUInt(UInt64(4)))
    }

    @Test func cancellingAGenerationRunKeepsAWholeGeneration() throws {
        // A blinker on a plane never settles; a cancelled run stops at the generation it reached.
        let rule = try Rule("B3/S23:P10,10")
        let universe = Universe(rule: rule, referenceCells: [ReferenceCell(x: 0, y: 0), ReferenceCell(x: 1, y: 0),
                                                              ReferenceCell(x: 2, y: 0)])
        let control = StepControl()
        control.cancel()
        #expect(throws: StepError.cancelled(generation: .zero)) {
            try universe.step(by: BigUInt.powerOfTwo(200), control: control)
        }
        #expect(universe.population == BigUInt(UInt64(3)))
    }
}
