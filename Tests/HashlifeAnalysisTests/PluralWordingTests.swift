import HashlifeAnalysis
import HashlifeEngine
import Testing

/// A count of one with a plural noun ("1 cells", "every 1 generations") in `text`, if any.
func oneWithAPlural(_ text: String) -> String? {
    let nouns = "cells|generations|objects|gliders|soups|nodes|samples|processors|rows|numbers|bytes|evictions|collections"
    let pattern = try! Regex("(?:^|[^0-9.,^])1 (\(nouns))\\b")
    return text.firstMatch(of: pattern).map { String(text[$0.range]) }
}

@Suite struct PluralWordingTests {
    @Test func countsOfOneTakeTheSingular() {
        #expect(Plural.count(1, "cell") == "1 cell")
        #expect(Plural.count(0, "cell") == "0 cells")
        #expect(Plural.count(UInt64(2), "soup") == "2 soups")
        #expect(Plural.count(BigUInt.one, "generation") == "1 generation")
        #expect(Plural.count(BigUInt.power(BigUInt(10), 30), "generation") == "1000000000000000000000000000000 generations")
        #expect(Plural.count("2^100", "generation", for: BigUInt.one << 100) == "2^100 generations")
        #expect(Plural.count(1, "child", plural: "children") == "1 child" && Plural.count(3, "child", plural: "children") == "3 children")
        #expect(Plural.noun("row", for: 1) == "row" && Plural.noun("row", for: BigUInt(7)) == "rows")
        #expect(oneWithAPlural("grows by 1 cells") != nil && oneWithAPlural("grows by 11 cells, 0.1 cells, 2^1 cells") == nil)
    }

    @Test func theAnalysisMessagesSayOneRight() {
        let evidence = Verdict.growthEvidence(increment: .one, period: 1, "steadily from generation 0 to 400")
        #expect(evidence == "population grows by 1 cell every 1 generation (steadily from generation 0 to 400)")
        #expect(Verdict.growthEvidence(increment: BigUInt(5), period: 30, "x") == "population grows by 5 cells every 30 generations (x)")
        let one = Verdict.growing(generation: BigUInt(400), period: 1, increment: .one, evidence: evidence)
        let ships = EscapingShips(gliders: 1)
        var census = CensusResult(rule: "b3s23", symmetry: "C1", range: SoupRange(root: "k_", first: 0, soups: 1))
        census.add(soup: SoupReference(root: "k_", index: 0), census: ["xs4_33": 1])
        for text in [one.summary, ships.summary, Verdict.settled(generation: .zero, period: 2, escaping: ships).summary,
                     SoupRange(root: "k_", first: 0, soups: 1).description, census.summary] {
            #expect(oneWithAPlural(text) == nil, "\(text)")
        }
        #expect(ships.summary == "1 glider")
        #expect(census.summary == "1 soup (k_ 0…0), 1 object")
    }
}
