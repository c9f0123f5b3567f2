import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeFormats
import HashlifeAnalysis
import HashlifeInterface
import HashlifeTestSupport

/// `hashlife census` and `hashlife census merge`.
@Suite struct CensusCommandTests {
    let root = "k_visible0001"

    func census(_ extra: String...) -> (status: Int32, out: String, err: String) {
        hashlife(["census", "--root", root] + extra)
    }

    @Test func plainJSONAndHaulAgree() throws {
        let plain = census("--soups", "12")
        #expect(plain.status == 0, "\(plain.err)")
        #expect(plain.err.hasPrefix("census: 12 soups (k_visible0001 0…11), ") && plain.err.contains(" soups/s)\n"))
        let lines = plain.out.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.split(separator: " ").count == 2 })
        let json = census("--soups", "12", "--json")
        let value = try JSONValue.parse(json.out)
        #expect(value.encoded.hasPrefix("{\"rule\":\"b3s23\",\"symmetry\":\"C1\",\"root\":\"k_visible0001\",\"first\":0,\"soups\":12,\"objects\":"))
        let result = try CensusResult(json: value)
        #expect(result.table == plain.out)
        // JSON round trip: reading and writing again gives the same text.
        #expect(result.json.encoded + "\n" == json.out)
        let haul = census("--soups", "12", "--haul")
        #expect(haul.out == result.haul(version: "hashlife-\(HashlifeVersion.string)"))
    }

    @Test(.enabled(if: Fixtures.shared != nil, "needs ../shared/census (apgsearch's haul file)"))
    func haulHasApgsearchsLineStructure() throws {
        let reference = try String(contentsOfFile: Fixtures.shared! + "/census/haul-k_visible0001-10000.txt", encoding: .utf8)
        let haul = census("--soups", "30", "--haul").out
        let ours = haul.split(separator: "\n", omittingEmptySubsequences: false)
        let theirs = reference.split(separator: "\n", omittingEmptySubsequences: false)
        // The header: the same keys in the same order; @MD5, @ROOT, @RULE, @SYMMETRY equal.
        func key(_ line: Substring) -> Substring { line.split(separator: " ").first ?? "" }
        #expect(ours.prefix(10).map(key) == theirs.prefix(10).map(key))
        #expect(ours[0] == theirs[0])
        for i in 2...5 { #expect(ours[i] == theirs[i]) }
        #expect(ours[1] == "@VERSION hashlife-\(HashlifeVersion.string)" && ours[6] == "@NUM_SOUPS 30")
        // Table lines "apgcode count", a blank line, @SAMPLE_SOUPIDS lines "apgcode i i …", a final newline.
        let blank = ours.indices.filter { ours[$0].isEmpty }
        #expect(blank.count == 3 && blank.last == ours.count - 1 && ours[blank[1] + 1] == "@SAMPLE_SOUPIDS")
        let table = ours[10..<blank[1]], samples = ours[(blank[1] + 2)..<blank[2]]
        #expect(table.allSatisfy { $0.split(separator: " ").count == 2 && Int($0.split(separator: " ")[1]) != nil })
        #expect(samples.map(key) == table.map(key))
        #expect(samples.allSatisfy { $0.split(separator: " ").dropFirst().allSatisfy { Int($0).map { (0..<30).contains($0) } ?? false } })
        #expect(ours[7] == "@NUM_OBJECTS \(table.reduce(0) { $0 + Int($1.split(separator: " ")[1])! })")
        #expect(theirs[9] == "@CENSUS TABLE" && ours[9] == "@CENSUS TABLE")
    }

    @Test func threadsGiveIdenticalResults() {
        let one = census("--soups", "40", "--json", "--samples", "3")
        let two = census("--soups", "40", "--json", "--samples", "3", "--threads", "2")
        let withoutSeconds = { (text: String) in text.replacingOccurrences(of: #","seconds":[0-9.e-]+"#, with: "", options: .regularExpression) }
        #expect(one.status == 0 && two.status == 0)
        #expect(withoutSeconds(one.out) == withoutSeconds(two.out))
    }

    @Test func mergeOfShardsEqualsOneRunAndRefusesOverlaps() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        #expect(census("--soups", "7", "--json", "--out", path("a.json")).status == 0)
        #expect(census("--soups", "9", "--first", "7", "--json", "--out", path("b.json")).status == 0)
        #expect(census("--soups", "4", "--first", "16", "--json", "--out", path("c.json")).status == 0)
        let whole = census("--soups", "20", "--haul")
        let merged = hashlife("census", "merge", path("c.json"), path("a.json"), path("b.json"), "--haul")
        #expect(merged.status == 0 && merged.out == whole.out, "\(merged.err)")
        #expect(hashlife("census", "merge", path("a.json"), path("b.json"), path("c.json")).out == census("--soups", "20").out)
        // Standard input: several objects, concatenated or one per line.
        let text = try [path("a.json"), path("b.json"), path("c.json")].map { try String(contentsOfFile: $0, encoding: .utf8) }
        #expect(try CensusResult(json: JSONValue.parse(hashlifeMergeStandardInput(text.joined()))).table == census("--soups", "20").out)
        // Overlap: both files and ranges named, exit 1, nothing on standard output.
        #expect(census("--soups", "5", "--first", "5", "--json", "--out", path("d.json")).status == 0)
        let overlap = hashlife("census", "merge", path("a.json"), path("d.json"))
        #expect(overlap.status == 1 && overlap.out.isEmpty)
        #expect(overlap.err.contains("a.json") && overlap.err.contains("d.json") && overlap.err.contains("0…6") && overlap.err.contains("5…9"), "\(overlap.err)")
        // Bad JSON: the file and the line.
        try "{\"rule\":\"b3s23\",\n\"symmetry\":".write(toFile: path("bad.json"), atomically: true, encoding: .utf8)
        let bad = hashlife("census", "merge", path("bad.json"))
        #expect(bad.status == 1 && bad.err.contains("bad.json") && bad.err.contains("line 2"), "\(bad.err)")
        try "{\"rule\":\"b3s23\",\"symmetry\":\"C1\",\"root\":\"r\",\"first\":0,\"soups\":2,\"census\":[{\"apgcode\":\"xs4_33\",\"count\":\"2\",\"samples\":[]}]}".write(toFile: path("wrong.json"), atomically: true, encoding: .utf8)
        let wrong = hashlife("census", "merge", path("wrong.json"))
        #expect(wrong.status == 1 && wrong.err.contains("wrong.json") && wrong.err.contains("census entry 1") && wrong.err.contains("count"), "\(wrong.err)")
    }

    /// `census merge -` with `text` on standard input, through the built binary's code path.
    func hashlifeMergeStandardInput(_ text: String) throws -> String {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("in.json").path
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let values = try JSONValue.parseStream(text)
        #expect(values.count == 3)
        return hashlife("census", "merge", file, "--json").out
    }

    @Test(arguments: [1, 2])
    func interruptionWritesAValidPartialCensus(threads: Int) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("partial.json").path
        // Ctrl-C without a signal: the progress hook cancels the command's control after 7 soups.
        let captured = Captured()
        var context = captured.context
        let control = StepControl()
        context.interrupts = control
        context.censusProgress = { done in if done >= 7 { control.cancel() } }
        let status = HashlifeCommand.run(["census", "--root", root, "--first", "5", "--soups", "60", "--threads", "\(threads)", "--json", "--out", out], context: context)
        #expect(status == 130)
        let result = try CensusResult(json: JSONValue.parse(String(contentsOfFile: out, encoding: .utf8)))
        #expect(result.first == 5 && result.soups < 60 && result.isContiguous)
        // One thread stops right after the 7th soup; with two, the other thread's soups beyond
        // the first gap are dropped.
        #expect(threads > 1 || result.soups == 7)
        #expect(captured.standardError.contains("interrupted after \(result.soups) of 60 soups"), "\(captured.standardError)")
        #expect(captured.standardError.contains("continue with --first \(5 + result.soups) --soups \(60 - result.soups)"))
        // Exactly the census of the soups it says it covers.
        let direct = census("--first", "5", "--soups", "\(result.soups)")
        #expect(result.table == direct.out)
        #expect(try CensusResult(json: JSONValue.parse(census("--first", "5", "--soups", "\(result.soups)", "--json").out)).samples == result.samples)
    }

    @Test(.enabled(if: builtHashlife != nil, "the hashlife executable has not been built (swift build)"),
          .enabled(if: hasGNUParallel, "GNU parallel is not installed (Debian: apt-get install parallel)"))
    func censusParallelScriptEqualsOneRun() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Fixtures.repositoryRoot + "/scripts/census-parallel")
        process.arguments = ["--root", root, "--first", "3", "--soups", "25", "--shard", "6", "--jobs", "2", "--samples", "4",
                             "--binary", builtHashlife!, "--json"]
        let pipe = Pipe(), errors = Pipe()
        process.standardOutput = pipe
        process.standardError = errors
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(errorText)")
        let merged = try CensusResult(json: JSONValue.parse(String(decoding: data, as: UTF8.self)), sampleLimit: 4)
        let single = try CensusResult(json: JSONValue.parse(census("--first", "3", "--soups", "25", "--samples", "4", "--json").out), sampleLimit: 4)
        #expect(merged.ranges == single.ranges && merged.counts == single.counts && merged.samples == single.samples)
        #expect(merged.soups == 25 && merged.first == 3)
    }

    /// Runs `script` (in scripts/) with `arguments` and `environment` added; its status, output
    /// and errors.
    func runScript(_ script: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Fixtures.repositoryRoot + "/scripts/" + script)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe(), errors = Pipe()
        process.standardOutput = pipe
        process.standardError = errors
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), errorText)
    }

    @Test(.enabled(if: builtHashlife != nil, "the hashlife executable has not been built (swift build)"),
          .enabled(if: hasGNUParallel, "GNU parallel is not installed (Debian: apt-get install parallel)"))
    func censusParallelPassesSymmetryAndRule() throws {
        let options = ["--root", "k_visiblesym01", "--first", "2", "--soups", "9", "--symmetry", "D2_+2", "--rule", "B36/S23", "--samples", "2"]
        let run = try runScript("census-parallel", options + ["--shard", "4", "--jobs", "2", "--binary", builtHashlife!, "--haul"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("@RULE b36s23\n@SYMMETRY D2_+2\n"), "\(run.out)")
        #expect(run.out == hashlife(["census"] + options + ["--haul"]).out)
    }

    @Test(.enabled(if: builtHashlife != nil, "the hashlife executable has not been built (swift build)"))
    func censusSlurmPassesSymmetryAndRule() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["CENSUS_ROOT": "k_visiblesym01", "CENSUS_SHARD": "5", "CENSUS_DIR": folder.path, "CENSUS_SYMMETRY": "C4_1",
                           "CENSUS_RULE": "B36/S23", "HASHLIFE": builtHashlife!]
        for task in ["0", "1"] {
            let run = try runScript("census.slurm", [], environment: environment.merging(["SLURM_ARRAY_TASK_ID": task]) { $1 })
            #expect(run.status == 0, "task \(task): \(run.err)")
        }
        let merge = try runScript("census.slurm", ["merge"], environment: environment)
        #expect(merge.status == 0, "\(merge.err)")
        let haul = try String(contentsOfFile: folder.appendingPathComponent("census.haul").path, encoding: .utf8)
        let single = hashlife(["census", "--root", "k_visiblesym01", "--soups", "10", "--symmetry", "C4_1", "--rule", "B36/S23", "--haul"])
        #expect(haul.contains("@RULE b36s23\n@SYMMETRY C4_1\n") && haul == single.out, "\(haul)")
    }

    @Test(.enabled(if: Fixtures.shared != nil, "needs ../shared/census (apgsearch's census of each soup)"))
    func theFirst200SoupsMatchApgsearch() throws {
        let soups = 200
        let folder = Fixtures.shared! + "/census/"
        var expected: [String: Int] = [:]
        let rows = try String(contentsOfFile: folder + "percensus-k_visible0001.tsv", encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        for line in rows.prefix(soups) {
            for item in line.split(separator: "\t").dropFirst().first?.split(separator: " ") ?? [] {
                let parts = item.split(separator: "*")
                expected[String(parts[0]), default: 0] += Int(parts[1])!
            }
        }
        let run = census("--soups", "\(soups)", "--threads", "2", "--json")
        #expect(run.status == 0, "\(run.err)")
        let result = try CensusResult(json: JSONValue.parse(run.out))
        #expect(result.soups == UInt64(soups))
        // apgsearch sometimes counts a boat as a glider (see ../shared/census/README.md): we may
        // have d more boats and d fewer gliders, nothing else.
        let boat = "xs5_253", glider = "xq4_153"
        let exchanged = (result.counts[boat] ?? 0) - (expected[boat] ?? 0)
        #expect(exchanged >= 0 && exchanged <= soups / 50)
        #expect((expected[glider] ?? 0) - (result.counts[glider] ?? 0) == exchanged)
        #expect(result.counts.filter { $0.key != boat && $0.key != glider } == expected.filter { $0.key != boat && $0.key != glider })
        // Samples: apgsearch's (the first 10 soups in 10000) that fall among the first 200.
        let sampleLines = try String(contentsOfFile: folder + "samples-k_visible0001.tsv", encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        var compared = 0
        for line in sampleLines {
            let fields = line.split(separator: "\t")
            let code = String(fields[0])
            guard code != boat, code != glider, let ours = result.samples[code] else { continue }
            let theirs = fields[1].split(separator: " ").map(String.init).filter { Int($0.dropFirst(root.count))! < soups }
            #expect(ours.map(\.id) == theirs, "\(code)")
            compared += 1
        }
        #expect(compared >= 10)
    }

    /// apgsearch's census (`census-k_visiblesym01-SYM-1000.tsv`) as apgcode → count.
    static func apgsearchCensus(_ symmetry: String) throws -> [String: Int] {
        let text = try String(contentsOfFile: Fixtures.shared! + "/census/census-k_visiblesym01-\(symmetry)-1000.tsv", encoding: .utf8)
        var counts: [String: Int] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            counts[String(fields[0])] = Int(fields[1])!
        }
        return counts
    }

    /// Soups whose census differs from apgsearch's for a reason of apgsearch's own, beyond the
    /// boat counted as a glider, with our count minus apgsearch's. In k_visiblesym01989 (D2_+1)
    /// two gliders, mirror images of each other, meet on the mirror axis and make two blocks;
    /// apgsearch deletes gliders at the outer edge of its pattern, both of them before they
    /// meet, and counts two gliders instead.
    static let apgsearchArtefacts: [String: [String: [String: Int]]] = [
        "D2_+1": ["k_visiblesym01989": ["xs4_33": 2, "xq4_153": -2]],
    ]

    @Test(.enabled(if: Fixtures.shared != nil, "needs ../shared/census (apgsearch's censuses of symmetric soups)"),
          arguments: ["D8_1", "C4_4", "8x32", "D2_+1"])
    func symmetricCensusesMatchApgsearch(symmetry: String) throws {
        var expected = try Self.apgsearchCensus(symmetry)
        let run = hashlife(["census", "--root", "k_visiblesym01", "--soups", "1000", "--symmetry", symmetry, "--threads", "2", "--json"])
        #expect(run.status == 0, "\(run.err)")
        let result = try CensusResult(json: JSONValue.parse(run.out))
        #expect(result.symmetry == symmetry && result.soups == 1000)
        for (id, difference) in Self.apgsearchArtefacts[symmetry] ?? [:] {
            // That soup's own census has what apgsearch's lacks.
            let alone = hashlife(["census", "--root", "k_visiblesym01", "--first", String(id.dropFirst("k_visiblesym01".count)), "--soups", "1", "--symmetry", symmetry, "--json"])
            let soup = try CensusResult(json: JSONValue.parse(alone.out))
            for (code, count) in difference {
                #expect((soup.counts[code] ?? 0) >= count, "\(symmetry) \(id) \(code)")
                expected[code, default: 0] += count
            }
        }
        // apgsearch sometimes counts a boat as a glider: we may have d more boats and d fewer
        // gliders, nothing else.
        let boat = "xs5_253", glider = "xq4_153"
        let exchanged = (result.counts[boat] ?? 0) - (expected[boat] ?? 0)
        #expect((0...10).contains(exchanged), "\(symmetry): \(exchanged) boats more")
        #expect((expected[glider] ?? 0) - (result.counts[glider] ?? 0) == exchanged, "\(symmetry)")
        #expect(result.counts.filter { $0.key != boat && $0.key != glider } == expected.filter { $0.key != boat && $0.key != glider }, "\(symmetry)")
    }

    @Test(arguments: ["8x32", "1x256", "C2_4", "D8_1"])
    func threadsAndShardsGiveIdenticalCensusesForSymmetries(symmetry: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let options = ["--root", "k_visiblesym01", "--symmetry", symmetry, "--samples", "3"]
        let one = hashlife(["census", "--soups", "30"] + options + ["--haul"])
        let two = hashlife(["census", "--soups", "30", "--threads", "2"] + options + ["--haul"])
        #expect(one.status == 0 && two.status == 0, "\(one.err) \(two.err)")
        #expect(one.out == two.out && one.out.contains("@SYMMETRY \(symmetry)\n"), "\(symmetry)")
        #expect(hashlife(["census", "--soups", "12", "--json", "--out", path("a.json")] + options).status == 0)
        #expect(hashlife(["census", "--soups", "18", "--first", "12", "--threads", "2", "--json", "--out", path("b.json")] + options).status == 0)
        let merged = hashlife("census", "merge", path("b.json"), path("a.json"), "--haul", "--samples", "3")
        #expect(merged.status == 0 && merged.out == one.out, "\(symmetry): \(merged.err)")
        // Shards of different symmetries do not merge.
        #expect(hashlife(["census", "--soups", "5", "--first", "30", "--json", "--out", path("c.json"), "--root", "k_visiblesym01"]).status == 0)
        let mixed = hashlife("census", "merge", path("a.json"), path("c.json"))
        #expect(mixed.status == 1 && mixed.err.contains("symmetry"), "\(mixed.err)")
    }

    @Test func usageErrors() {
        for arguments in [["census"], ["census", "--root", "r"], ["census", "--soups", "3"], ["census", "--root", "r", "--soups", "0"],
                          ["census", "--root", "r", "--soups", "x"], ["census", "--root", "r", "--soups", "3", "--first", "-1"],
                          ["census", "--root", "r", "--soups", "2", "--first", "18446744073709551615"],
                          ["census", "--root", "a b", "--soups", "3"], ["census", "--root", "", "--soups", "3"],
                          ["census", "--root", "r", "--soups", "3", "--symmetry", "D8"], ["census", "--root", "r", "--soups", "3", "--threads", "0"],
                          ["census", "--root", "r", "--soups", "3", "--samples", "-2"], ["census", "--root", "r", "--soups", "3", "--json", "--haul"],
                          ["census", "--root", "r", "--soups", "3", "--rule", "B3/S2x"], ["census", "merge"], ["census", "merge", "-", "-"]] {
            let result = hashlifeRun(arguments)
            #expect(result.status == 64 && result.out.isEmpty && result.err.utf8.count < 400, "\(arguments): \(result.err)")
        }
        let unknown = hashlifeRun(["census", "--root", "r", "--soups", "3", "--symmetry", "C3_1"])
        #expect(unknown.status == 64 && unknown.err.contains("C1, 1x256") && unknown.err.contains("D8_4"), "\(unknown.err)")
        let help = hashlife("census", "--help")
        #expect(help.status == 0 && help.out.contains("--threads") && help.out.contains("--samples") && help.out.contains("census merge"))
        let words = help.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("C1, 1x256, 2x128") && words.contains("D8_1, D8_4") && !words.contains("so far") && !words.contains("hashed into a 16×16"))
        let mergeHelp = hashlife("census", "merge", "--help")
        #expect(mergeHelp.status == 0 && mergeHelp.out.contains("USAGE: hashlife census merge <FILE> ..."))
        #expect(hashlife("help").out.contains("census"))
    }
}

/// Is GNU parallel on PATH?
let hasGNUParallel: Bool = {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/parallel")
    }
}()
