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
    /// Rows beyond this generation are left to optimized builds.
    static let debugLimit = BigUInt(1000)
    static var isDebugBuild: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

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
            if generation > Self.debugLimit && Self.isDebugBuild {
                // b0-with-s8 grows chaotically to 446,793 cells by 10,000: minutes unoptimized.
                print("\(entry.file): generation \(generation) is checked by release builds only (swift test -c release)")
                continue
            }
            universe.step(by: generation - universe.generation)
            #expect(universe.population == population, "\(entry.file) at generation \(generation), stepped from the previous row")
            if generation <= Self.debugLimit {
                let jumped = try Universe(document: document)
                jumped.step(by: generation)
                #expect(jumped.population == population, "\(entry.file) at generation \(generation), one jump from the start")
            }
        }
    }
}
