import Testing
import HashlifeEngine

@Suite struct MultiStateRuleTests {
    /// Spellings and the canonical text Golly's generationsalgo and superalgo write for them.
    @Test(arguments: [
        ("345/2/4", "345/2/4"), ("B2/S345/4", "345/2/4"), ("S23/B3/3", "23/3/3"), ("/2/3", "/2/3"),
        ("B2/S/3", "/2/3"), ("B3/S23/C3", "23/3/3"), ("B3/S23/G3", "23/3/3"), ("b3/s23/c3", "23/3/3"),
        ("g3b3s23", "23/3/3"), ("G4B2S345", "345/2/4"), ("B3/S23/3", "23/3/3"), ("B2/S345/30", "345/2/30"),
        ("B2n3/S23-q/3", "23-q/2n3/3"), ("23-q/2n3/3", "23-q/2n3/3"), ("B2n3_S23-q_3", "23-q/2n3/3"),
        ("2/2/3H", "2/2/3H"), ("B23/S345/4H", "345/23/4H"), ("B2/S013/3V", "013/2/3V"), ("12345/45678/8", "12345/45678/8"),
        ("345/2/4:T48,32", "345/2/4:T48,32"), ("/2/3:T40,40", "/2/3:T40,40"), (" 345 / 2 / 4 ", "345/2/4"),
        ("LifeHistory", "LifeHistory"), ("B3/S23History", "LifeHistory"), ("lifehistory", "LifeHistory"),
        ("B36/S23History", "B36/S23History"), ("23/36History", "B36/S23History"), ("LifeSuper", "LifeSuper"),
        ("LifeHistory:T40,40", "LifeHistory:T40,40"), ("LifeHHistory", "B3/S23HHistory"), ("LifeVSuper", "B3/S23VSuper"),
        ("B2n3/S23-qHistory", "B2n3/S23-qHistory"), ("B36/S23Super", "B36/S23Super"),
    ])
    func canonicalSpelling(_ text: String, _ canonical: String) throws {
        let rule = try MultiStateRule(text)
        #expect(rule.description == canonical)
        #expect(try MultiStateRule(canonical) == rule)
    }

    @Test func stateCountsAndFamilies() throws {
        #expect(try MultiStateRule("/2/3").stateCount == 3)
        #expect(try MultiStateRule("345/2/256").stateCount == 256)
        #expect(try MultiStateRule("LifeHistory").stateCount == 7)
        #expect(try MultiStateRule("LifeSuper").family == .superRule)
        #expect(try MultiStateRule("2/2/3H").neighbourhood == .hexagonal)
        let rule = try MultiStateRule("B3-kq4j/S2-i34qSuper")
        #expect(try MultiStateRule(rule.description) == rule)
    }

    @Test func routing() throws {
        guard let life = try AnyRule.parse("B3/S23").as(Rule.self) else { Issue.record("B3/S23 is two-state"); return }
        #expect(life == Rule.life)
        guard let brain = try AnyRule.parse("/2/3").as(MultiStateRule.self) else { Issue.record("/2/3 is multi-state"); return }
        #expect(brain.stateCount == 3)
        #expect(try AnyRule.parse("LifeHistory").stateCount == 7)
        #expect(try AnyRule.parse("HighLife").stateCount == 2)
        // A two-state MAP is not mistaken for a Generations MAP.
        let map = "MAP" + String(repeating: "A", count: 86)
        #expect(try AnyRule.parse(map).stateCount == 2)
        #expect(try AnyRule.parse(map + "/5").description == map + "/5")
    }

    /// Two-state errors keep their text when they come through `AnyRule.parse`.
    @Test(arguments: ["B3/S2x", "B3//S23", "Foo", ""])
    func twoStateErrorsUnchanged(_ text: String) {
        var direct: RuleError?
        var routed: RuleError?
        do { _ = try Rule(text) } catch { direct = error }
        do { _ = try AnyRule.parse(text) } catch { routed = error }
        #expect(direct != nil)
        #expect(direct == routed)
    }

    @Test(arguments: [
        ("B2x/S3/3", RuleError.Reason.unexpectedCharacter("x", offset: 2)),
        ("345/2x/4", .unexpectedCharacter("x", offset: 5)),
        ("B2a/S3/3H", .unexpectedCharacter("a", offset: 2)),
        ("B7/S3/3V", .unexpectedCharacter("7", offset: 1)),
        ("345/2/4x", .unexpectedCharacter("x", offset: 7)),
        ("B2/B3/3", .unexpectedCharacter("B", offset: 3)),
        ("345/2/4:Q", .unexpectedCharacter("Q", offset: 8)),
    ])
    func errorsWithOffsets(_ text: String, _ reason: RuleError.Reason) {
        #expect(throws: RuleError(text: text, reason: reason)) { try MultiStateRule(text) }
    }

    @Test(arguments: ["B0/S23/3", "0/023/3", "345/2/1", "345/2/257", "B0/S23History", "B03/S238Super", "W30History"])
    func refused(_ text: String) {
        #expect(throws: RuleError.self) { try MultiStateRule(text) }
    }

    @Test func refusalsSayWhy() {
        #expect(throws: RuleError(text: "B0/S23/3", reason: .badMultiState("Generations does not support B0 (birth with no live neighbours)"))) {
            try MultiStateRule("B0/S23/3")
        }
        #expect(throws: RuleError(text: "345/2/", reason: .missingPart("the number of states after the second '/' (as in \"345/2/4\")"))) {
            try MultiStateRule("345/2/")
        }
    }

    /// Block in reading order with `centre` and the listed neighbours (index 0...8, not 4).
    func block(_ centre: UInt8, _ neighbours: [(Int, UInt8)]) -> MultiStateRule.Block {
        var cells = [UInt8](repeating: 0, count: 9)
        cells[4] = centre
        for (index, state) in neighbours { cells[index] = state }
        return (cells[0], cells[1], cells[2], cells[3], cells[4], cells[5], cells[6], cells[7], cells[8])
    }

    @Test func generationsTransitions() throws {
        let brain = try MultiStateRule("/2/3")
        #expect(brain.next(block(0, [(0, 1), (8, 1)])) == 1)
        #expect(brain.next(block(0, [(0, 1), (8, 2)])) == 0)  // only state 1 counts
        #expect(brain.next(block(1, [(0, 1), (8, 1)])) == 2)  // no survival
        #expect(brain.next(block(2, [])) == 0)
        let starWars = try MultiStateRule("345/2/4")
        #expect(starWars.next(block(1, [(0, 1), (1, 1), (2, 1)])) == 1)
        #expect(starWars.next(block(2, [(0, 1), (1, 1)])) == 3)  // dying cells are not born
        #expect(starWars.next(block(3, [])) == 0)
        // Hexagonal: north-east and south-west are not neighbours.
        let hex = try MultiStateRule("/2/3H")
        #expect(hex.next(block(0, [(2, 1), (6, 1)])) == 0)
        #expect(hex.next(block(0, [(0, 1), (8, 1)])) == 1)
        let vonNeumann = try MultiStateRule("/2/3V")
        #expect(vonNeumann.next(block(0, [(0, 1), (8, 1)])) == 0)
        #expect(vonNeumann.next(block(0, [(1, 1), (7, 1)])) == 1)
    }

    @Test func historyTransitions() throws {
        let history = try MultiStateRule("LifeHistory")
        #expect(history.next(block(0, [(0, 1), (1, 3), (2, 5)])) == 1)  // odd states are alive
        #expect(history.next(block(4, [(0, 1), (1, 1), (2, 1)])) == 3)  // a marked cell is born marked
        #expect(history.next(block(1, [])) == 2)
        #expect(history.next(block(3, [])) == 4)
        #expect(history.next(block(5, [])) == 4)
        #expect(history.next(block(1, [(0, 1), (1, 1), (3, 6)])) == 2)  // state 6 kills
        #expect(history.next(block(6, [(0, 1), (1, 1), (2, 1)])) == 6)
        #expect(history.next(block(2, [])) == 2)
    }

    @Test func superTransitions() throws {
        let rule = try MultiStateRule("LifeSuper")
        #expect(rule.next(block(0, [(0, 1), (1, 1), (2, 1)])) == 1)
        #expect(rule.next(block(0, [(0, 9), (1, 9), (2, 9)])) == 9)   // one colour is inherited
        #expect(rule.next(block(0, [(0, 9), (1, 11), (2, 9)])) == 1)  // two colours are not
        #expect(rule.next(block(0, [(0, 3), (1, 15), (2, 15)])) == 15)
        #expect(rule.next(block(0, [(0, 7), (1, 15), (2, 17)])) == 13)
        #expect(rule.next(block(8, [(0, 1), (1, 1), (2, 1)])) == 7)
        #expect(rule.next(block(9, [])) == 10)
        #expect(rule.next(block(13, [])) == 0)
        #expect(rule.next(block(14, [])) == 0)
        #expect(rule.next(block(16, [(0, 13)])) == 14)
        #expect(rule.next(block(13, [(0, 6), (1, 1), (2, 1)])) == 0)
    }
}
