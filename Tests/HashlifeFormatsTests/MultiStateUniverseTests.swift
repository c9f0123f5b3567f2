import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// The multi-state Hashlife engine against the naive reference stepper, on random soups of
/// Generations, History and Super rules: generation by generation, by powers of two and by
/// arbitrary counts.
@Suite struct MultiStateUniverseTests {
    static let rules = [
        "345/2/4", "/2/3", "23/3/3", "B2n3/S23-q/5", "2/2/3H", "1/1/4V", "235678/3456/9", "3458/37/4", "012345678/3/24",
        "LifeHistory", "B36/S23History", "B2n3/S23-qHistory", "LifeHHistory",
        "LifeSuper", "B36/S23Super", "B3-kq4j/S2-i34qSuper", "LifeVSuper",
    ]

    /// A soup of `width`×`height` cells at (`left`, `top`): each cell non-empty with
    /// probability 1/2, in a state drawn from 1 ..< stateCount (History and Super: mostly the
    /// live states 1 and 3, with every other state now and then).
    static func soup(_ rule: MultiStateRule, width: Int, height: Int, left: Int = -7, top: Int = -5, seed: UInt64) -> MultiStatePattern {
        var random = SplitMixGenerator(seed: seed)
        var cells: [MultiStateCell] = []
        for y in 0..<height {
            for x in 0..<width where random.next() & 1 == 0 {
                let draw = random.next()
                var state = UInt8(1 + Int(draw >> 8) % (rule.stateCount - 1))
                if rule.family != .generations && draw & 3 != 0 { state = draw & 4 == 0 ? 1 : 3 }
                cells.append(MultiStateCell(x: left + x, y: top + y, state: state))
            }
        }
        return MultiStatePattern(rule: rule, cells: cells)
    }

    static func cells(_ universe: MultiStateUniverse) -> [MultiStateCell] { universe.pattern.cells }

    @Test(arguments: rules)
    func everyGenerationMatchesTheReference(_ text: String) throws {
        let rule = try MultiStateRule(text)
        let start = Self.soup(rule, width: 24, height: 20, seed: UInt64(text.utf8.count) * 7919)
        var reference = MultiStateReference(start)
        let universe = MultiStateUniverse(pattern: start)
        for g in 0...100 {
            #expect(Self.cells(universe) == reference.cells, "\(text) at generation \(g)")
            #expect(universe.population == BigUInt(reference.population))
            #expect(universe.generation == BigUInt(g))
            if Self.cells(universe) != reference.cells { break }
            universe.step()
            reference.step()
        }
        #expect(universe.invariantViolations.isEmpty)
    }

    @Test(arguments: rules)
    func powerOfTwoAndArbitraryJumpsMatchTheReference(_ text: String) throws {
        let rule = try MultiStateRule(text)
        let start = Self.soup(rule, width: 20, height: 20, seed: UInt64(text.utf8.count) * 104_729 + 1)
        var reference = MultiStateReference(start)
        let universe = MultiStateUniverse(pattern: start)
        for jump in [1, 2, 4, 8, 3, 16, 5, 32, 13, 64, 27, 128, 100] {
            if jump & (jump - 1) == 0 {
                universe.step(byPowerOfTwo: jump.trailingZeroBitCount)
            } else {
                universe.step(by: BigUInt(jump))
            }
            for _ in 0..<jump { reference.step() }
            #expect(Self.cells(universe) == reference.cells, "\(text) at generation \(reference.generation)")
            #expect(universe.generation == BigUInt(reference.generation))
        }
    }
}

/// SplitMix64, for the soups.
struct SplitMixGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
