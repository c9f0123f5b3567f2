import Testing
@testable import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// Golly's HashLife demos stepped by several threads reach bgolly's populations
/// (../shared/oracle) at every row, up to generation 2^20: every step forks at once, phases
/// are never handed back for being narrow, the hash index grows within them, and one case
/// runs under a limit small enough that the store collects. (Whether those collections fall
/// between phases or in a step finished on one thread depends on how the two cores are shared;
/// `ParallelTests.aTightMemoryLimitGivesTheSameResults` checks the collection between phases.)
@Suite(.enabled(if: Fixtures.shared != nil, "../shared is absent: it holds Golly's corpus and bgolly's populations"))
struct CorpusThreadsTests {
    /// Files, threads, and a memory limit in MB (0: the default).
    static let cases: [(file: String, threads: Int, megabytes: Int)] = [
        ("metacatacryst.mc", 2, 0), ("mosquito5.mc", 8, 0), ("broken-lines.mc", 2, 0), ("nick-gotts-2.mc", 3, 8),
    ]

    static var arguments: [(Oracle.Entry, Int, Int)] {
        let entries = Oracle.entries("hashlife-folder.tsv")
        return cases.compactMap { item in
            entries.first { $0.file == "HashLife/Eventful/" + item.file }.map { ($0, item.threads, item.megabytes) }
        }
    }

    @Test(arguments: arguments)
    func reachesTheOraclePopulationsWithSeveralThreads(_ entry: Oracle.Entry, threads: Int, megabytes: Int) throws {
        let path = try #require(Oracle.path(entry.file))
        let decoded = try PatternCodec.decode(try FileIO.read(path), fileName: entry.file)
        let universe = megabytes > 0 ? try Universe(document: decoded.document, memoryLimit: megabytes << 20)
            : try Universe(document: decoded.document)
        universe.threads = threads
        universe.parallel.missesBeforeForking = 0
        universe.parallel.narrowForkNanoseconds = 0
        for (generation, population) in entry.populations {
            try universe.step(by: generation - universe.generation, control: nil)
            #expect(universe.population == population, "\(entry.file) with \(threads) threads, generation \(generation)")
        }
        #expect(universe.parallel.phases.run > 0, "\(entry.file): no step forked")
        if megabytes > 0 {
            #expect(universe.store.collector.collections > 0, "\(entry.file): no collection at \(megabytes) MB")
        } else {
            #expect(universe.parallel.phases.indexGrowths > 0, "\(entry.file): the index never grew within a phase")
        }
        #expect(universe.invariantViolations().isEmpty)
    }

    @Test func everyCaseIsInTheOracle() {
        #expect(Self.arguments.count == Self.cases.count, "a listed corpus file is missing from the oracle")
    }
}
