import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// The files of Golly's Patterns folder that need rule tables or trees (bgolly's RuleLoader rows
/// of ../shared/oracle/golly-all-visible.tsv), read with Golly's Rules folder
/// (../shared/corpus/golly-rules) as the `--rules` folder, reach bgolly's populations at
/// generations 1 and 100 (counted from the file's own generation).
@Suite(.enabled(if: Fixtures.shared != nil, "../shared is absent: it holds Golly's patterns, its rule files and bgolly's populations"))
struct RuleLoaderOracleTests {
    typealias Row = Oracle.VisibleRow

    static let rows = Oracle.visibleRows(algorithm: "RuleLoader")

    @Test func oracleListsTheRuleLoaderFiles() {
        #expect(Self.rows.count == 92, "golly-all-visible.tsv should list 92 RuleLoader files")
        #expect(Self.rows.filter { $0.file.hasSuffix(".mcl") }.count == 11, "Golly's 11 MCell circuits are among them")
    }

    /// Every rule file of Golly's Rules folder reads, and compiles to a tree that agrees with
    /// the file's own reading on random neighbourhoods.
    @Test func everyGollyRuleFileReadsAndCompiles() throws {
        let folder = try #require(Fixtures.shared) + "/corpus/golly-rules"
        let names = try DataFolders.entries(of: folder).filter { $0.hasSuffix(".rule") }
        #expect(names.count >= 60)
        var random = SplitMix64(seed: 1)
        for name in names {
            let text = String(decoding: try FileIO.read(folder + "/" + name), as: UTF8.self)
            let file = try RuleFile.parse(text, fileName: name)
            let transitions = try #require(file.transitions, "\(name) has transitions")
            let rule = MultiStateRule(ruleFile: try #require(RuleFileRule(file: file)))
            let states = UInt64(transitions.stateCount)
            var differing = 0
            for _ in 0..<2_000 {
                let b = (0..<9).map { _ in UInt8(random.next() % states) }
                let expected = transitions.naiveNext { dx, dy in b[(dy + 1) * 3 + dx + 1] }
                if rule.next((b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8])) != expected { differing += 1 }
            }
            #expect(differing == 0, "\(name): \(differing) of 2,000 neighbourhoods differ")
        }
    }

    @Test(arguments: rows)
    func reachesBgollysPopulations(_ row: Row) throws {
        let (universe, reached) = try row.run()
        #expect(universe.anyRule.description == row.rule, "\(row.file): the rule")
        #expect(reached == row.populations.map(\.population), "\(row.file) after \(row.populations.map(\.steps)) generations")
    }
}
