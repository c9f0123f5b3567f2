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
        let (universe, reached) = try row.run()
        #expect(universe.anyRule.description == row.rule, "\(row.file): the rule")
        #expect(universe.anyRule.familyName == "Larger than Life")
        #expect(reached == row.populations.map(\.population), "\(row.file) after \(row.populations.map(\.steps)) generations")
    }
}
