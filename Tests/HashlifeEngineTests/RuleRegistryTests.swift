import Testing
import HashlifeEngine

/// The registry of rule families: rule text goes to the family whose syntax it is written in,
/// `AnyRule` compares and hashes across families, and what the layers above ask of a rule
/// (names, colours, live states, apgcode rules) comes from its family.
@Suite struct RuleRegistryTests {
    /// Texts of every family, and the family each belongs to.
    static let texts: [(text: String, family: String, states: Int)] = [
        ("B3/S23", "Life-like", 2), ("B36/S23:T100,100", "Life-like", 2), ("B2ce3/S12-k", "Life-like", 2),
        ("B2/S34H", "Life-like", 2), ("345/2/4", "Generations", 4), ("B2/S/3", "Generations", 3),
        ("LifeHistory", "History", 7), ("B36/S23Super", "Super", 26), ("JvN29", "JvN", 29), ("Hutton32", "JvN", 32),
    ]

    @Test func textGoesToItsFamilyAndItsCanonicalTextParsesBack() throws {
        for (text, family, states) in Self.texts {
            let rule = try AnyRule.parse(text)
            #expect(rule.familyName == family, "\(text)")
            #expect(rule.stateCount == states, "\(text)")
            #expect(rule.stateColors.count == states, "\(text)")
            #expect(try AnyRule.parse(rule.description) == rule, "\(text) → \(rule)")
            #expect(AnyRule.isMultiStateSyntax(text) == (states > 2), "\(text)")
        }
    }

    @Test func rulesCompareAndHashAcrossFamilies() throws {
        let life = try AnyRule.parse("B3/S23"), history = try AnyRule.parse("LifeHistory")
        #expect(life == AnyRule(Rule.life))
        #expect(life.hashValue == AnyRule(Rule.life).hashValue)
        #expect(life != history)
        #expect(Set([life, history, try AnyRule.parse("Life"), try AnyRule.parse("B3/S23History")]).count == 2)
        #expect(life.as(Rule.self) == .life && life.as(MultiStateRule.self) == nil)
        #expect(history.as(MultiStateRule.self) != nil && history.as(Rule.self) == nil)
    }

    @Test func aRuleSaysWhichStatesAreAliveAndWhichRuleItsApgcodesFollow() throws {
        let generations = try AnyRule.parse("23/3/3"), history = try AnyRule.parse("LifeHistory")
        #expect(generations.isLive(1) && !generations.isLive(2))
        #expect(history.isLive(1) && history.isLive(3) && !history.isLive(2) && !history.isLive(6))
        #expect(history.apgcodeRule == .life && history.liveCellsFollowApgcodeRule)
        #expect(generations.apgcodeRule == (try Rule("B3/S23")) && !generations.liveCellsFollowApgcodeRule)
        #expect(try AnyRule.parse("2/2/3H").apgcodeRule?.nextState(neighbourhood: 1 << 2 | 1 << 6) == false,
                "the hexagonal neighbourhood leaves out north-east and south-west")
        #expect(AnyRule(Rule.life).apgcodeRule == .life && AnyRule(Rule.life).liveCellsFollowApgcodeRule)
    }

    @Test func badTextKeepsItsFamilysError() {
        #expect(throws: RuleError.self) { try AnyRule.parse("B3/S23/0") }
        #expect(throws: RuleError.self) { try AnyRule.parse("LifeHistory:Q3") }
        #expect(throws: RuleError.self) { try AnyRule.parse("B9/S23") }
        #expect(AnyRule.isMultiStateSyntax("B3/S23/0"), "a Generations text with a bad state count is still its syntax")
        #expect(!AnyRule.isMultiStateSyntax("B9/S23"))
    }

    /// The fingerprint read cell by cell (the interface's default, which the two-state
    /// universe takes) equals the multi-state universe's, summed over its tree, for the same
    /// cells in state 1, and follows a translation.
    @Test func theCellByCellFingerprintEqualsTheTreeFingerprint() throws {
        var generator = SystemRandomNumberGenerator()
        let cells = (0..<300).map { _ in (x: Int.random(in: -40...40, using: &generator), y: Int.random(in: -30...30, using: &generator), state: UInt8(1)) }
        let two = AnyRule(Rule.life).makeUniverse(), history = try AnyRule.parse("LifeHistory").makeUniverse()
        two.load(cellStates: cells, originX: BigInt(7), originY: BigInt(-3))
        history.load(cellStates: cells, originX: BigInt(7), originY: BigInt(-3))
        let a = try #require(two.fingerprint(cache: FingerprintCache()))
        let b = try #require(history.fingerprint(cache: FingerprintCache()))
        #expect(a.fingerprint == b.fingerprint && a.x == b.x && a.y == b.y)
        two.load(cellStates: cells, originX: BigInt(1) << 70, originY: BigInt(5))
        let moved = try #require(two.fingerprint(cache: FingerprintCache()))
        #expect(moved.fingerprint == a.fingerprint && moved.x - a.x == (BigInt(1) << 70) - BigInt(7))
        two.setState(1, atX: BigInt(1) << 71, y: .zero)
        #expect(two.fingerprint(cache: FingerprintCache())?.fingerprint != a.fingerprint)
    }
}
