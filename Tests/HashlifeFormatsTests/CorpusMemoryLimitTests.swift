import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// Golly's HashLife demos under small memory limits reach bgolly's populations (../shared/oracle)
/// exactly, the same as without a limit, while collections evict nodes along the way.
@Suite(.enabled(if: Fixtures.shared != nil, "../shared is absent: it holds Golly's corpus and bgolly's populations"))
struct CorpusMemoryLimitTests {
    /// Files and limits (MB of 2^20 bytes) that evict (5 to 45 collections with one thread)
    /// yet reach the oracle's last row, generation 2^20, in about two seconds at most in
    /// release builds.
    /// Unlimited, these runs have 16 to 30 MB in the store (the square memo keeps the squares
    /// a step only advances out of it; with them, 8 and 16 MB evicted as much).
    static let cases: [(file: String, megabytes: Int)] = [
        ("gotts-dots.mc", 3), ("nick-gotts-2.mc", 3), ("metacatacryst.mc", 4), ("wedge-grow.mc", 3), ("roth.mc", 4),
    ]

    static var arguments: [(Oracle.Entry, Int)] {
        let entries = Oracle.entries("hashlife-folder.tsv")
        return cases.compactMap { item in
            entries.first { $0.file == "HashLife/Eventful/" + item.file }.map { ($0, item.megabytes) }
        }
    }

    @Test(arguments: arguments)
    func reachesTheOraclePopulationsUnderALimit(_ entry: Oracle.Entry, megabytes: Int) throws {
        let path = try #require(Oracle.path(entry.file))
        let decoded = try PatternCodec.decode(try FileIO.read(path), fileName: entry.file)
        let universe = try Universe(document: decoded.document, memoryLimit: megabytes << 20)
        for (generation, population) in entry.populations {
            try universe.step(by: generation - universe.generation, control: nil)
            #expect(universe.population == population, "\(entry.file) at \(megabytes) MB, generation \(generation)")
        }
        let statistics = universe.statistics
        #expect(statistics.evictions > 0, "\(entry.file): the \(megabytes) MB limit never bit: \(statistics)")
        #expect(statistics.bytes <= statistics.limitBytes)
    }

    @Test func everyCaseIsInTheOracle() {
        #expect(Self.arguments.count == Self.cases.count, "a listed corpus file is missing from the oracle")
    }
}
