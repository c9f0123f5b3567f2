import Synchronization
import Testing
@testable import HashlifeAnalysis

/// A fast stand-in for a soup's census, made from the id's SHA-256: deterministic, varied, with
/// codes common and rare, so that ordering, samples and merging are exercised without running soups.
func fakeCensus(_ id: String) -> [String: Int] {
    let d = SHA256.digest(id)
    var census: [String: Int] = [:]
    if d[0] % 3 != 0 { census["xs4_33"] = Int(d[0] % 5) }
    if d[1] % 2 == 0 { census["xp2_7"] = Int(d[1] % 3) + 1 }
    if d[2] < 40 { census["xq4_153"] = 1 }
    if d[3] < 10 { census["xs6_696"] = 2 }
    if d[4] < 3 { census["xs7_2596"] = 1 }
    if d[5] < 3 { census["xs5_253"] = 1 }
    return census.filter { $0.value > 0 }
}

func fakeRun(root: String = "k_test", first: UInt64, soups: UInt64, threads: Int = 1, samples: Int = 10, chunk: UInt64 = 7,
             isCancelled: @escaping @Sendable () -> Bool = { false }) -> (result: CensusResult, complete: Bool) {
    CensusRunner.run(rule: "b3s23", symmetry: "C1", range: SoupRange(root: root, first: first, soups: soups), sampleLimit: samples, chunk: chunk,
                     censuses: Array(repeating: fakeCensus, count: threads), isCancelled: isCancelled)
}

/// The census of soups from their own censuses, the obvious way: a reference for the runner.
func referenceCensus(root: String, first: UInt64, soups: UInt64, samples: Int) -> (counts: [String: Int], samples: [String: [String]]) {
    var counts: [String: Int] = [:]
    var sampleIDs: [String: [String]] = [:]
    for index in first..<first + soups {
        let id = root + String(index)
        for (code, count) in fakeCensus(id) {
            counts[code, default: 0] += count
            if sampleIDs[code, default: []].count < samples { sampleIDs[code, default: []].append(id) }
        }
    }
    return (counts, sampleIDs)
}

@Suite struct CensusResultTests {
    @Test func md5KnownDigests() {
        #expect(MD5.hex("") == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(MD5.hex("abc") == "900150983cd24fb0d6963f7d28e17f72")
        #expect(MD5.hex("message digest") == "f96b697d7cb7938d525a2f31aaf161d0")
        #expect(MD5.hex("12345678901234567890123456789012345678901234567890123456789012345678901234567890") == "57edf4a22be3c955ac49da2e2107b67a")
        #expect(MD5.hex("The quick brown fox jumps over the lazy dog") == "9e107d9d372bb6826bd81d3542a419d6")
        // The haul of apgsearch's k_visible0001 run gives this as @MD5.
        #expect(MD5.hex("k_visible0001") == "07614b3c4af457067af2087ac55fe40d")
        // Lengths around the padding boundary (55, 56, 64 bytes) against each other's structure.
        #expect(MD5.hex(String(repeating: "a", count: 55)) == "ef1772b6dff9a122358552954ad0df65")
        #expect(MD5.hex(String(repeating: "a", count: 56)) == "3b0c8ac703f828b04c6c197006d17218")
        #expect(MD5.hex(String(repeating: "a", count: 64)) == "014842d480b571495a4a0363793f7367")
    }

    @Test func orderIsCountDescendingThenApgcodeDescendingBytes() {
        var result = CensusResult(rule: "b3s23", symmetry: "C1", range: SoupRange(root: "r", first: 0, soups: 1))
        result.add(soup: SoupReference(root: "r", index: 0), census: ["xs4_33": 5, "xp2_7": 5, "xs6_696": 2, "xq4_153": 2, "xs12_g8o653z11": 2, "xs5_253": 9])
        #expect(result.entries.map(\.apgcode) == ["xs5_253", "xs4_33", "xp2_7", "xs6_696", "xs12_g8o653z11", "xq4_153"])
        #expect(result.objects == 25 && result.soups == 1)
        #expect(result.table.hasPrefix("xs5_253 9\nxs4_33 5\nxp2_7 5\n"))
    }

    @Test func samplesAreTheFirstSoupsInSoupOrderWhateverTheOrderAdded() {
        var result = CensusResult(rule: "b3s23", symmetry: "C1", range: SoupRange(root: "r", first: 0, soups: 20), sampleLimit: 3)
        for index in [9, 3, 15, 1, 12, 2, 0] as [UInt64] { result.add(soup: SoupReference(root: "r", index: index), census: ["xs4_33": 1]) }
        #expect(result.samples["xs4_33"]!.map(\.index) == [0, 1, 2])
        #expect(result.counts["xs4_33"] == 7)
    }

    @Test(arguments: [1, 2, 3])
    func threadsGiveTheSameCensusAsTheObviousLoop(threads: Int) {
        let (result, complete) = fakeRun(first: 5, soups: 300, threads: threads)
        let reference = referenceCensus(root: "k_test", first: 5, soups: 300, samples: 10)
        #expect(complete)
        #expect(result.counts == reference.counts)
        #expect(result.samples.mapValues { $0.map(\.id) } == reference.samples)
        #expect(result.ranges == [SoupRange(root: "k_test", first: 5, soups: 300)])
        #expect(result == fakeRun(first: 5, soups: 300, threads: 1, chunk: 50).result)
    }

    @Test(arguments: [[100, 200, 300], [1, 299, 300], [150, 151, 300]])
    func mergedShardsEqualOneRunSamplesIncluded(cuts: [UInt64]) throws {
        let whole = fakeRun(first: 0, soups: 300, samples: 4).result
        var shards: [(label: String, result: CensusResult)] = []
        var start: UInt64 = 0
        for (i, cut) in cuts.enumerated() {
            shards.append(("shard-\(i).json", fakeRun(first: start, soups: cut - start, samples: 4).result))
            start = cut
        }
        let merged = try CensusResult.merge(shards.reversed())
        #expect(merged.counts == whole.counts)
        #expect(merged.samples == whole.samples)
        #expect(merged.ranges == whole.ranges && merged.isContiguous && merged.root == "k_test" && merged.first == 0 && merged.soups == 300)
    }

    @Test func overlappingShardsAreRefusedNamingBoth() {
        let a = fakeRun(first: 0, soups: 100).result
        let b = fakeRun(first: 90, soups: 20).result
        #expect(throws: CensusMergeError.self) { try CensusResult.merge([("a.json", a), ("b.json", b)]) }
        do {
            _ = try CensusResult.merge([("a.json", a), ("b.json", b)])
        } catch {
            #expect(error.description.contains("a.json") && error.description.contains("b.json"))
            #expect(error.description.contains("k_test 0…99") && error.description.contains("k_test 90…109"))
        }
        // The same shard twice overlaps too; a shard inside another as well.
        #expect(throws: CensusMergeError.self) { try CensusResult.merge([("a.json", a), ("again.json", a)]) }
        #expect(throws: CensusMergeError.self) { try CensusResult.merge([("a.json", a), ("c.json", fakeRun(first: 10, soups: 5).result)]) }
        // Another root does not overlap, nor does a gap.
        let other = fakeRun(root: "k_other", first: 0, soups: 50).result
        let gap = fakeRun(first: 200, soups: 10).result
        let merged = try? CensusResult.merge([("a.json", a), ("gap.json", gap), ("other.json", other)])
        #expect(merged?.ranges == [SoupRange(root: "k_other", first: 0, soups: 50), SoupRange(root: "k_test", first: 0, soups: 100), SoupRange(root: "k_test", first: 200, soups: 10)])
        #expect(merged?.root == "k_other,k_test" && merged?.soups == 160 && merged?.isContiguous == false)
        // Different rules or symmetries do not merge.
        var life = a
        life.rule = "b36s23"
        #expect(throws: CensusMergeError.self) { try CensusResult.merge([("a.json", a), ("h.json", life)]) }
    }

    @Test(arguments: [1, 2])
    func anInterruptedCensusCoversAContiguousPrefix(threads: Int) {
        // Cancel after a number of soups have been asked about: with several threads, chunks
        // finish out of order, and what lies beyond the first gap must be dropped.
        for stopAfter in [0, 1, 13, 40, 99] {
            let asked = Atomic<Int>(0)
            let (result, complete) = fakeRun(first: 10, soups: 200, threads: threads, chunk: 5) {
                asked.add(1, ordering: .relaxed).newValue > stopAfter
            }
            #expect(!complete)
            #expect(result.ranges.count == 1 && result.first == 10 && result.soups <= UInt64(stopAfter))
            let reference = referenceCensus(root: "k_test", first: 10, soups: result.soups, samples: 10)
            #expect(result.counts == reference.counts, "stop after \(stopAfter)")
            #expect(result.samples.mapValues { $0.map(\.id) } == reference.samples)
        }
    }
}
