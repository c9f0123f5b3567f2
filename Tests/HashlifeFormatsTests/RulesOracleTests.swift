import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// The files of ../shared/corpus/rules (rule families, B0 rules, every bounded-grid type) reach
/// bgolly's populations (../shared/oracle/rules-visible.tsv) at every listed generation, odd ones
/// included, stepping from one listed generation to the next and jumping straight from the start.
@Suite(.enabled(if: Fixtures.shared != nil, "../shared is absent: it holds the rules corpus and bgolly's populations"))
struct RulesOracleTests {
    static let entries = Oracle.entries("rules-visible.tsv")
    /// Rows the oracle got wrong, with what bgolly itself says. b0-with-s8's row at 10,000 is
    /// bgolly HashLife's last line before the oracle's run stopped (its output reads
    /// "1,808: 446,793"); bgolly's QuickLife gives 13,175,378 at 10,000, and our generation 1,808
    /// is checked against 446,793 below.
    static let contradictedRows: [String: String] = [
        "rules/b0-with-s8.rle@10000": "the row is bgolly HashLife's population at generation 1,808, not 10,000",
    ]

    @Test func oracleListsTheRulesCorpus() {
        #expect(Self.entries.count >= 25, "rules-visible.tsv is present but lists too few files")
    }

    @Test(arguments: entries)
    func reachesBgollysPopulations(_ entry: Oracle.Entry) throws {
        let shared = try #require(Fixtures.shared)
        let bytes = try FileIO.read(shared + "/corpus/" + entry.file)
        let document = try PatternCodec.decode(bytes, fileName: entry.file).document
        let universe = try Universe(document: document)
        for (generation, population) in entry.populations {
            if let why = Self.contradictedRows["\(entry.file)@\(generation)"] {
                print("skipping \(entry.file) at \(generation): \(why)")
                continue
            }
            universe.step(by: generation - universe.generation)
            #expect(universe.population == population, "\(entry.file) at generation \(generation), stepped from the previous row")
            let jumped = try Universe(document: document)
            jumped.step(by: generation)
            #expect(jumped.population == population, "\(entry.file) at generation \(generation), one jump from the start")
        }
    }

    /// The population the oracle mislabelled as generation 10,000 (see `contradictedRows`).
    @Test func b0WithS8ReachesBgollysHashLifeAtGeneration1808() throws {
        let shared = try #require(Fixtures.shared)
        let bytes = try FileIO.read(shared + "/corpus/rules/b0-with-s8.rle")
        let universe = try Universe(document: PatternCodec.decode(bytes, fileName: "b0-with-s8.rle").document)
        universe.step(by: BigUInt(1808))
        #expect(universe.population == BigUInt(446_793))
    }
}
