import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// Golly's von Neumann patterns (bgolly's JvN rows of ../shared/oracle/golly-all-visible.tsv)
/// reach bgolly's populations at generations 1 and 100, counted from the file's own
/// generation (the sphinx files start at a `#G` of 10^11 and more).
@Suite(.enabled(if: Fixtures.shared != nil, "../shared is absent: it holds Golly's patterns and bgolly's populations"))
struct JvNOracleTests {
    typealias Row = Oracle.VisibleRow

    static let rows = Oracle.visibleRows(algorithm: "JvN")

    @Test func theOracleListsGollysEighteenJvNFiles() {
        #expect(Self.rows.count == 18)
    }

    @Test(arguments: rows)
    func reachesBgollysPopulations(_ row: Row) throws {
        let (universe, reached) = try row.run()
        #expect(universe.anyRule.description == row.rule, "\(row.file): the rule")
        #expect(reached == row.populations.map(\.population), "\(row.file) after \(row.populations.map(\.steps)) generations")
    }
}
