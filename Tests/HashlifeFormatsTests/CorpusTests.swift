import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// Every file of Golly's pattern corpus (../shared/corpus/golly) loads and reaches the
/// populations bgolly computed (../shared/oracle). The HashLife folder's 2^20 rows take
/// seconds to minutes each and are checked by the benchmark (`HashlifeBenchmarks corpus`).
@Suite(.enabled(if: Fixtures.shared != nil, "../shared is absent: it holds Golly's corpus and bgolly's populations"))
struct CorpusTests {
    static let lifeFolder = Oracle.entries("life-folder.tsv")
    static let hashlifeFolder = Oracle.entries("hashlife-folder.tsv")
    /// Generations above this are left to the benchmark.
    static let testLimit = BigUInt(100_000)

    @Test func oracleTablesListFiles() {
        #expect(!Self.lifeFolder.isEmpty && !Self.hashlifeFolder.isEmpty, "oracle tables are present but empty")
    }

    /// Why a corpus file cannot be run yet, or nil when it must load. Anything else that fails
    /// to load is a test failure.
    static func unsupportedReason(_ file: String, error: String) -> String? {
        if !file.hasSuffix(".rle") && !file.hasSuffix(".mc") && !file.hasSuffix(".gz") && !file.hasSuffix(".lif") && !file.hasSuffix(".cells") {
            return "not a pattern file (a Golly script)"
        }
        return nil
    }

    @Test(arguments: lifeFolder + hashlifeFolder)
    func reachesTheOraclePopulations(_ entry: Oracle.Entry) throws {
        let path = try #require(Oracle.path(entry.file))
        let universe: Universe
        do {
            let decoded = try PatternCodec.decode(try FileIO.read(path), fileName: entry.file)
            universe = try Universe(document: decoded.document)
        } catch {
            let message = "\(error)"
            if let reason = Self.unsupportedReason(entry.file, error: message) {
                print("unsupported corpus file \(entry.file): \(reason)")
                return
            }
            Issue.record("\(entry.file) does not load: \(message)")
            return
        }
        for (generation, population) in entry.populations where generation <= Self.testLimit {
            universe.step(by: generation - universe.generation)
            #expect(universe.population == population, "\(entry.file) at generation \(generation)")
        }
    }

    /// Round trips through our writers reproduce the same tree (same canonical structure, so the
    /// same root) and population: Macrocell for the HashLife folder, RLE for the Life folder.
    @Test(arguments: (hashlifeFolder + lifeFolder).filter { !$0.file.hasSuffix(".lua") })
    func writingAndReadingBackGivesTheSameTree(_ entry: Oracle.Entry) throws {
        let path = try #require(Oracle.path(entry.file))
        let original = try Universe(document: PatternCodec.decode(try FileIO.read(path), fileName: entry.file).document)
        let format: PatternFormat = entry.file.contains("HashLife/") ? .macrocell : .rle
        let bytes = try PatternCodec.encode(original, as: format, compressed: false)
        let decoded = try PatternCodec.decode(bytes)
        #expect(decoded.format == format)
        let copy = try Universe(document: decoded.document)
        #expect(copy.population == original.population)
        #expect(copy.boundingBox == original.boundingBox)
        #expect(copy.treeDefinitions() == original.treeDefinitions(), "\(entry.file) via \(format.displayName)")
    }
}
