import Testing
import HashlifeEngine

/// Larger than Life rule text: the three forms, Golly's canonical text, the grid suffix, the
/// shapes' limits and the errors.
@Suite struct LargerThanLifeRuleTests {
    @Test(arguments: [
        ("R5,C2,S33-57,B34-45", "R5,C0,S33-57,B34-45"),
        ("r5,c0,s33-57,b34-45,nm", "R5,C0,S33-57,B34-45"),
        ("R2,C0,S4-7,9-12,B4,11-12,NB", "R2,C0,S4-7,9-12,B4,11-12,NB"),
        ("R1,C2,S,B1,NN", "R1,C0,S,B1,NN"),
        ("R3,C10,S2,3,4,B3,N+", "R3,C10,S2-4,B3,N+"),
        ("R5,C0,M1,S34..58,B34..45,NM", "R5,C0,M1,S34..58,B34..45,NM"),
        ("R5,C2,M0,S33..57,B34..45,NN:T100,50", "R5,C0,M0,S33..57,B34..45,NN:T100,50"),
        ("5,34,45,34,58", "R5,C0,M1,S34..58,B34..45,NM"),
        ("R4,C2,S40-80,B41-80,NM:T180,180", "R4,C0,S40-80,B41-80:T180,180"),
        ("R4,C0,S40-80,B41-80:P30", "R4,C0,S40-80,B41-80:P30,30"),
        ("R10,C0,S230-392,B200-398,NL", "R10,C0,S230-392,B200-398,NL"),
        ("R1,C0,S1,B1,N@ffH", "R1,C0,S1,B1,N@FFH"),
        ("R1,C3,S2,B3,NW111101111,012", "R1,C3,S2,B3,NW111101111,012"),
    ])
    func canonicalTextIsGollysAndParsesBack(_ text: String, _ canonical: String) throws {
        let rule = try AnyRule.parse(text)
        #expect(rule.familyName == "Larger than Life")
        #expect(rule.description == canonical)
        #expect(try AnyRule.parse(rule.description) == rule)
        #expect(rule.stateColors.count == rule.stateCount)
    }

    @Test func everyShapeLetterIsRead() throws {
        for letter in "MNC2BD+X*#HA3LG" {
            let rule = try #require(try AnyRule.parse("R3,C0,S2,B3,N\(letter)").as(LargerThanLifeRule.self))
            #expect(rule.shape.letter == letter)
        }
    }

    @Test(arguments: [
        ("M", 1, 8), ("M", 500, 1_002_000), ("N", 2, 12), ("C", 2, 20), ("2", 2, 12), ("B", 1, 4), ("D", 1, 4),
        ("+", 3, 12), ("X", 3, 12), ("*", 2, 16), ("#", 2, 16), ("H", 1, 6), ("A", 2, 12), ("3", 2, 6), ("L", 1, 12),
        ("G", 1, 16),
    ] as [(String, Int, Int)])
    func theHighestCountIsWhatTheShapeCounts(_ letter: String, _ range: Int, _ highest: Int) throws {
        let rule = try #require(try AnyRule.parse("R\(range),C0,S\(highest),B\(highest),N\(letter)").as(LargerThanLifeRule.self))
        #expect(rule.maximumCount == highest)
        #expect(throws: RuleError.self) { try AnyRule.parse("R\(range),C0,S\(highest + 1),B1,N\(letter)") }
        #expect(throws: RuleError.self) { try AnyRule.parse("R\(range),C0,S1,B\(highest + 1),N\(letter)") }
    }

    @Test(arguments: [
        ("R501,C0,S2,B3", "the range R501 is over 500"),
        ("R0,C0,S2,B3", "below 1"),
        ("R251,C0,S2,B3,NL", "over 250"),
        ("R51,C0,S2,B3,NG", "over 50"),
        ("R1,C0,S9,B3", "S9 is outside what the neighbourhood M of range 1 counts (0 to 8)"),
        ("R1,C0,S2,B3-9", "B3-9 is outside"),
        ("R1,C0,M1,S0..3,B3..3,NM", "S0-3 is outside"),
        ("R2,C0,S2,B3,NQ", "unknown neighbourhood letter 'Q'"),
        ("R2,C257,S2,B3", "C257: the number of states must be from 0 to 256"),
        ("R2,C3,S2,B0,3", "B0 is not allowed with more than 2 states"),
        ("R2,C0,S2,B3:K10,10", "must be :T (torus) or :P (plane)"),
        ("R2,C0,S5-2,B3", "minimum above its maximum"),
        ("R2,C0,S2,B3,NM,X", "unexpected text"),
        ("R1,C0,S2,B3,N@F", "needs 2 hexadecimal digits"),
        ("R1,C0,S2,B3,NW1111", "needs 9 or 18 hexadecimal digits"),
        ("R1,C0,M1,S2..3,B3..3", "expected S"),
    ])
    func badTextSaysWhatIsWrong(_ text: String, _ why: String) {
        do {
            _ = try AnyRule.parse(text)
            Issue.record("\(text) should be refused")
        } catch {
            #expect(error.reason.isLargerThanLife, "\(text): \(error)")
            #expect(error.description.contains(why), "\(text): \(error)")
        }
    }

    @Test func aGridNarrowerThanTwiceTheRangeIsEnlargedWithANote() throws {
        let rule = try #require(try AnyRule.parse("R5,C0,S2,B3:T4,30").as(LargerThanLifeRule.self))
        #expect(rule.description == "R5,C0,S2,B3:T10,30")
        #expect(rule.gridNote?.contains("enlarged to 10×30") == true)
        let triangular = try #require(try AnyRule.parse("R3,C0,S2,B3,NL:P4").as(LargerThanLifeRule.self))
        #expect(triangular.grid == Grid(topology: .plane, width: 12, height: 12))
        #expect(try AnyRule.parse("R5,C0,S2,B3:T40,30").as(LargerThanLifeRule.self)?.gridNote == nil)
    }

    @Test func twoStatesAreTwoStateSyntaxAndMoreAreMultiState() {
        #expect(!AnyRule.isMultiStateSyntax("R5,C2,S33-57,B34-45"))
        #expect(!AnyRule.isMultiStateSyntax("R5,C0,S33-57,B34-45"))
        #expect(AnyRule.isMultiStateSyntax("R10,C255,S1-2,B3"))
        #expect(RuleFamily.registered.first { $0.claims("5,34,45,34,58") }?.name == "Larger than Life")
        #expect(RuleFamily.registered.first { $0.claims("B3/S23") }?.name != "Larger than Life")
        #expect(RuleFamily.registered.first { $0.claims("R600,C0,S2,B3") }?.name == "Larger than Life")
    }
}

extension RuleError.Reason {
    var isLargerThanLife: Bool { if case .largerThanLife = self { true } else { false } }
}
