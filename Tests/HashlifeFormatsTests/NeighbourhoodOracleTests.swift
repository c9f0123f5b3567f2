import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// Golly's one two-state von Neumann pattern (Other-Rules/von-neumann-merge.rle, B2/S23V)
/// reaches bgolly's populations (../shared/oracle/golly-all-visible.tsv).
@Suite(.enabled(if: Fixtures.shared != nil, "../shared is absent: it holds Golly's Patterns folder and bgolly's populations"))
struct NeighbourhoodOracleTests {
    @Test func vonNeumannMergeReachesBgollysPopulations() throws {
        let table = String(decoding: try FileIO.read(Fixtures.shared! + "/oracle/golly-all-visible.tsv"), as: UTF8.self)
        // path, algorithm, rule, generation, population
        let rows = table.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
            .filter { $0.count == 5 && $0[0] == "Other-Rules/von-neumann-merge.rle" }
        #expect(rows.map { $0[3] } == ["0", "1", "100"])
        let path = try #require(Oracle.path("Other-Rules/von-neumann-merge.rle"))
        let decoded = try PatternCodec.decode(try FileIO.read(path), fileName: path)
        let universe = try Universe(document: decoded.document)
        #expect(universe.rule.description == "B2/S23V")
        for row in rows {
            universe.step(by: try #require(BigUInt(decimal: Substring(row[3]))) - universe.generation)
            #expect(universe.population.description == row[4], "generation \(row[3])")
        }
    }
}
