import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// `hashlife soup WxH`.
@Suite struct SoupCommandTests {
    @Test func theSameSeedGivesTheSameBytesAndTheTestsSoup() throws {
        let first = hashlife("soup", "64x48", "--density", "0.375", "--seed", "5")
        let second = hashlife("soup", "64x48", "--seed", "5")
        #expect(first.status == 0 && first.err.isEmpty)
        #expect(first.out == second.out)
        #expect(first.out != hashlife("soup", "64x48", "--seed", "6").out)
        // The file holds exactly the soup the tests and benchmarks make from that seed.
        let decoded = try PatternCodec.decode(Array(first.out.utf8), fileName: "soup.rle")
        let universe = try Universe(document: decoded.document)
        #expect(universe.referenceCells == Set(randomSoup(width: 64, height: 48, density: 0.375, seed: 5)))
        #expect(first.out.contains("x = 64, y = 48, rule = B3/S23"))
        // Lines of at most 70 characters.
        #expect(first.out.split(separator: "\n").allSatisfy { $0.utf8.count <= 70 || $0.hasPrefix("#") })
    }

    @Test func densityRuleAndEdges() throws {
        let empty = hashlife("soup", "10x10", "--density", "0")
        let full = hashlife("soup", "10x3", "--density", "1", "--rule", "HighLife")
        #expect(empty.status == 0 && full.status == 0)
        #expect(try Universe(document: PatternCodec.decode(Array(empty.out.utf8)).document).population == .zero)
        let universe = try Universe(document: PatternCodec.decode(Array(full.out.utf8)).document)
        let highLife = try Rule("HighLife")
        #expect(universe.population == BigUInt(30) && universe.rule == highLife)
        // A soup whose last rows are empty still has its full height in the header.
        let sparse = hashlife("soup", "3x200", "--density", "0.01", "--seed", "3")
        #expect(sparse.out.contains("x = 3, y = 200"))
        let cells = try Universe(document: PatternCodec.decode(Array(sparse.out.utf8)).document).referenceCells
        #expect(cells == Set(randomSoup(width: 3, height: 200, density: 0.01, seed: 3)))
    }

    @Test func writesAtomicallyToOut() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("soup-1024x1024.rle").path
        #expect(hashlife("soup", "1024x1024", "--out", path).status == 0)
        let bytes = try String(contentsOfFile: path, encoding: .utf8)
        #expect(bytes == hashlife("soup", "1024x1024").out)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["soup-1024x1024.rle"])
    }

    @Test func badArgumentsAreUsageErrors() {
        for arguments in [["soup", "0x5"], ["soup", "5"], ["soup", "axb"], ["soup", "16777217x1"], ["soup", "99999999999999999999x1"],
                          ["soup", "5x5", "--density", "1.5"], ["soup", "5x5", "--density", "-0.1"], ["soup", "5x5", "--density", "nan"],
                          ["soup", "5x5", "--seed", "-1"], ["soup", "5x5", "--seed", "18446744073709551616"], ["soup", "5x5", "--rule", "B3/S2x"]] {
            let result = hashlifeRun(arguments)
            #expect(result.status == 64 && result.err.utf8.count < 300, "\(arguments): \(result.err)")
        }
    }
}

/// `hashlife soup --hash ID`: apgsearch's census soups.
@Suite struct HashedSoupCommandTests {
    @Test(.enabled(if: Fixtures.shared != nil, "needs ../shared/census (apgsearch's reference soups)"))
    func writesEveryReferenceSoupBitForBit() throws {
        let text = try String(contentsOfFile: Fixtures.shared! + "/census/soups-k_visible0001.tsv", encoding: .utf8)
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t").map(String.init) }
        #expect(rows.count >= 10)
        for fields in rows {
            let result = hashlife("soup", "--hash", fields[0])
            #expect(result.status == 0 && result.err.isEmpty, "\(fields[0]): \(result.err)")
            #expect(result.out.contains("x = 16, y = 16, rule = B3/S23"))
            let ours = try Universe(document: PatternCodec.decode(Array(result.out.utf8), fileName: "soup.rle").document)
            let theirs = try Universe(document: PatternCodec.decode(Array(("x = 16, y = 16\n" + fields[1]).utf8), fileName: "soup.rle").document)
            #expect(ours.referenceCells == theirs.referenceCells, "\(fields[0])")
            #expect(ours.population == BigUInt(Int(fields[3])!), "\(fields[0])")
        }
    }

    @Test func theIdAloneMakesTheSoupAndOutWritesIt() throws {
        let first = hashlife("soup", "--hash", "k_visible00010", "--symmetry", "C1")
        #expect(first.status == 0)
        #expect(first.out == hashlife("soup", "--hash", "k_visible00010").out)
        #expect(first.out != hashlife("soup", "--hash", "k_visible00011").out)
        #expect(first.out.hasPrefix("#N Soup k_visible00010\n"))
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("soup.rle").path
        #expect(hashlife("soup", "--hash", "k_visible00010", "--out", path).status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == first.out)
        // Ids that are not one shell word are quoted in the comment that says how to remake them.
        let spaced = hashlife("soup", "--hash", "it's a soup")
        #expect(spaced.status == 0 && spaced.out.contains("--hash 'it'\\''s a soup'"))
    }

    @Test(.enabled(if: Fixtures.shared != nil, "needs ../shared/census (soups made by lifelib's hashsoup)"))
    func writesEverySymmetricReferenceSoup() throws {
        let text = try String(contentsOfFile: Fixtures.shared! + "/census/soups-symmetries-visible.tsv", encoding: .utf8)
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t").map(String.init) }
        #expect(Set(rows.map { $0[0] }).count == 20)
        for fields in rows {
            let result = hashlife("soup", "--hash", fields[1], "--symmetry", fields[0])
            #expect(result.status == 0 && result.err.isEmpty, "\(fields[0]) \(fields[1]): \(result.err)")
            let ours = try Universe(document: PatternCodec.decode(Array(result.out.utf8), fileName: "soup.rle").document)
            let theirs = try Universe(document: PatternCodec.decode(Array(("x = 0, y = 0\n" + fields[2]).utf8), fileName: "soup.rle").document)
            #expect(Self.normalised(ours.referenceCells) == Self.normalised(theirs.referenceCells), "\(fields[0]) \(fields[1])")
            // The comment's command makes the same soup again.
            #expect(fields[0] == "C1" || result.out.contains("--symmetry \(fields[0])'"), "\(fields[0])")
        }
    }

    /// `cells` moved so that their bounding box starts at (0, 0).
    static func normalised(_ cells: Set<ReferenceCell>) -> Set<ReferenceCell> {
        guard let minX = cells.map(\.x).min(), let minY = cells.map(\.y).min() else { return [] }
        return Set(cells.map { ReferenceCell(x: $0.x - minX, y: $0.y - minY) })
    }

    @Test func symmetricSoupsHaveTheirSizeInTheHeader() {
        for (symmetry, size) in [("8x32", "x = 32, y = 8"), ("1x256", "x = 256, y = 1"), ("D8_1", "x = 31, y = 31"), ("C2_2", "x = 32, y = 31"),
                                 ("D2_+2", "x = 16, y = 32"), ("D8_4", "x = 32, y = 32")] {
            let result = hashlife("soup", "--hash", "k_a0", "--symmetry", symmetry)
            #expect(result.status == 0 && result.out.contains("\n\(size), rule = B3/S23\n"), "\(symmetry): \(result.out)")
            #expect(result.out.contains("apgsearch's \(symmetry) soup"), "\(symmetry)")
        }
    }

    @Test func sizeDensityAndSeedDoNotGoWithHashAndUnknownSymmetriesAreListed() {
        for arguments in [["soup", "--hash", "k_a0", "16x16"], ["soup", "--hash", "k_a0", "--density", "0.5"],
                          ["soup", "--hash", "k_a0", "--seed", "3"], ["soup", "--hash", ""], ["soup", "--hash", "a\nb"],
                          ["soup"], ["soup", "16x16", "--symmetry", "C1"]] {
            let result = hashlifeRun(arguments)
            #expect(result.status == 64 && result.out.isEmpty && result.err.utf8.count < 300, "\(arguments): \(result.err)")
        }
        for symmetry in ["D8", "d8_1", "C3_1", ""] {
            let unknown = hashlife("soup", "--hash", "k_a0", "--symmetry", symmetry)
            #expect(unknown.status == 64 && unknown.out.isEmpty, "\(symmetry)")
            #expect(unknown.err.contains("'--symmetry'") && unknown.err.contains("C1, 1x256, 2x128, 4x64, 8x32, C2_1") && unknown.err.contains("D8_1, D8_4"), "\(unknown.err)")
        }
        #expect(hashlifeRun(["soup", "16x16", "--symmetry", "D8_1"]).status == 64)
        let help = hashlife("soup", "--help")
        let words = help.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.status == 0 && words.contains("D4_x1, D4_x4, D8_1, D8_4") && !words.contains("so far") && !words.contains("16×16 soup that"))
    }
}

/// Ctrl-C while `view` draws: it stops, and nothing is published.
@Suite struct ViewInterruptTests {
    @Test func anInterruptStopsStreamingToStandardOutput() {
        // The context's output cancels the drawing at the first line, as Ctrl-C would.
        final class Lines: @unchecked Sendable {
            let lock = NSLock()
            var count = 0
            var errors = ""
        }
        let lines = Lines()
        let control = StepControl()
        let context = CommandContext(standardOutput: { _ in
            lines.lock.withLock { lines.count += 1 }
            control.cancel()
        }, standardError: { text in lines.lock.withLock { lines.errors += text } }, errorIsTerminal: false, interrupts: control)
        let status = HashlifeCommand.run(["view", Fixtures.pattern("glider.rle"), "--rect", "0,0,10,4000"], context: context)
        #expect(status == 130)
        #expect(lines.count == 1, "\(lines.count) lines after the interrupt")
        #expect(lines.errors.contains("interrupted"))
    }

    @Test(.enabled(if: builtHashlife != nil, "the hashlife executable has not been built (swift build)"))
    func anInterruptLeavesTheOldFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let soup = folder.appendingPathComponent("soup.rle").path
        #expect(hashlife("soup", "2048x2048", "--out", soup).status == 0)
        let keep = folder.appendingPathComponent("keep.txt").path
        try "old picture\n".write(toFile: keep, atomically: false, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: builtHashlife!)
        process.arguments = ["view", soup, "--rect", "0,0,4096,4096", "--out", keep]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the drawing has started (the temporary file holds some rows), then Ctrl-C.
        let temporary = keep + ".tmp-\(process.processIdentifier)"
        let clock = ContinuousClock()
        let start = clock.now
        var started = false
        while process.isRunning && clock.now - start < .seconds(60) {
            if let size = (try? FileManager.default.attributesOfItem(atPath: temporary))?[.size] as? Int, size > 0 {
                started = true
                break
            }
            usleep(2_000)
        }
        #expect(started, "the drawing never started, or finished before it could be interrupted")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(try String(contentsOfFile: keep, encoding: .utf8) == "old picture\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["keep.txt", "soup.rle"])
    }
}

/// The built `hashlife` executable, when there is one.
let builtHashlife: String? = {
    var candidates: [String] = []
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        candidates.append((executable as NSString).deletingLastPathComponent + "/hashlife")
    }
    candidates.append(Fixtures.repositoryRoot + "/.build/debug/hashlife")
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}()
