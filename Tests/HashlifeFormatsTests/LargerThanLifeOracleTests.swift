import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// Golly's Larger than Life patterns (bgolly's "Larger than Life" rows of
/// ../shared/oracle/golly-all-visible.tsv) load with Golly's canonical rule and reach bgolly's
/// populations at generations 0, 1 and 100.
@Suite(.enabled(if: Fixtures.shared != nil, "../shared is absent: it holds Golly's patterns and bgolly's populations"))
struct LargerThanLifeOracleTests {
    typealias Row = Oracle.VisibleRow

    static let rows = Oracle.visibleRows(algorithm: "Larger than Life")

    @Test func theOracleListsGollysThirtyThreeFiles() {
        #expect(Self.rows.count == 33)
        #expect(Self.rows.allSatisfy { $0.populations.map(\.steps) == [0, 1, 100] })
    }

    @Test(arguments: rows)
    func reachesBgollysPopulations(_ row: Row) throws {
        let shared = try #require(Fixtures.shared)
        let loaded = try PatternCodec.readAny(path: shared + "/corpus/golly/" + row.file, label: row.file, limit: 1 << 30)
        let universe = try loaded.universe(memoryLimit: 1 << 30)
        #expect(universe.anyRule.description == row.rule, "\(row.file): the rule")
        #expect(universe.anyRule.familyName == "Larger than Life")
        let start = universe.generation
        for (steps, population) in row.populations {
            try universe.step(by: start + BigUInt(steps) - universe.generation)
            #expect(universe.population == population, "\(row.file) after \(steps) generations")
        }
    }
}
