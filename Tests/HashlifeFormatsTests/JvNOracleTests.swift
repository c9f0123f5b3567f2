import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// Golly's von Neumann patterns (bgolly's JvN rows of ../shared/oracle/golly-all-visible.tsv)
/// reach bgolly's populations at generations 1 and 100, counted from the file's own
/// generation (the sphinx files start at a `#G` of 10^11 and more).
@Suite(.enabled(if: Fixtures.shared != nil, "../shared is absent: it holds Golly's patterns and bgolly's populations"))
struct JvNOracleTests {
    struct Row: Sendable, CustomStringConvertible {
        var file: String
        var rule: String
        var populations: [(steps: Int, population: BigUInt)]
        var description: String { file }
    }

    static let rows: [Row] = {
        guard let shared = Fixtures.shared, let bytes = try? FileIO.read(shared + "/oracle/golly-all-visible.tsv") else { return [] }
        var rows: [Row] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 5, fields[1] == "JvN", let steps = Int(fields[3]), let population = BigUInt(decimal: fields[4]) else { continue }
            if rows.last?.file == String(fields[0]) {
                rows[rows.count - 1].populations.append((steps, population))
            } else {
                rows.append(Row(file: String(fields[0]), rule: String(fields[2]), populations: [(steps, population)]))
            }
        }
        return rows
    }()

    @Test func theOracleListsGollysEighteenJvNFiles() {
        #expect(Self.rows.count == 18)
    }

    @Test(arguments: rows)
    func reachesBgollysPopulations(_ row: Row) throws {
        let shared = try #require(Fixtures.shared)
        let loaded = try PatternCodec.readAny(path: shared + "/corpus/golly/" + row.file, label: row.file, limit: 1 << 30)
        let universe = try loaded.universe(memoryLimit: 1 << 30)
        #expect(universe.anyRule.description == row.rule, "\(row.file): the rule")
        let start = universe.generation
        for (steps, population) in row.populations {
            try universe.step(by: start + BigUInt(steps) - universe.generation)
            #expect(universe.population == population, "\(row.file) after \(steps) generations")
        }
    }
}
