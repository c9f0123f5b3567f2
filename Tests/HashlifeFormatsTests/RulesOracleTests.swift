import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// The files of ../shared/corpus/rules reach bgolly's populations (../shared/oracle/rules-visible.tsv)
/// at every listed generation, odd ones included, stepping from one listed generation to the
/// next and jumping straight from the start. Rows whose rule has a bounded-grid suffix are
/// skipped, saying why, while the grid parser refuses them.
@Suite struct RulesOracleTests {
    static let entries = Oracle.entries("rules-visible.tsv")

    @Test func oracleIsPresentOrSkipped() {
        if Fixtures.shared == nil {
            print("skipping the rules oracle: ../shared is absent (it holds the rules corpus and bgolly's populations)")
        } else {
            #expect(Self.entries.count >= 25, "rules-visible.tsv is present but lists too few files")
        }
    }

    @Test(arguments: entries)
    func reachesBgollysPopulations(_ entry: Oracle.Entry) throws {
        let shared = try #require(Fixtures.shared)
        let path = shared + "/corpus/" + entry.file
        // Read without checking the rule, so that a grid suffix the grid parser refuses can be
        // told apart from any other failure.
        let document = try RLEReader.read(String(decoding: try FileIO.read(path), as: UTF8.self))
        let ruleText = document.rule ?? "B3/S23"
        if case .failure(let error) = Result(catching: { () throws(RuleError) in try Rule(ruleText) }),
           error.reason == .boundedGridUnsupported {
            print("skipping \(entry.file): its rule \(ruleText) has a bounded-grid suffix, which the grid parser does not read yet")
            return
        }
        let universe = try Universe(document: document)
        for (generation, population) in entry.populations {
            universe.step(by: generation - universe.generation)
            #expect(universe.population == population, "\(entry.file) at generation \(generation), stepped from the previous row")
            let jumped = try Universe(document: document)
            jumped.step(by: generation)
            #expect(jumped.population == population, "\(entry.file) at generation \(generation), one jump from the start")
        }
    }
}
