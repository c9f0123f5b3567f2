import Foundation
import HashlifeFormats
import HashlifeTestSupport
import Testing

// MARK: Helpers


/// Text-like data that compresses well: pattern lines repeated with small variations.
private func repetitive(_ count: Int, seed: UInt64) -> [UInt8] {
    var rng = SplitMix64(seed: seed)
    let words = ["2bo$obo$b2o!\n", "x = 3, y = 3, rule = B3/S23\n", "#C a glider\n", "24b2o12b2o$"]
    var result = [UInt8]()
    result.reserveCapacity(count + 64)
    while result.count < count {
        result.append(contentsOf: words[rng.below(words.count)].utf8)
        if rng.below(10) == 0 { result.append(contentsOf: String(rng.below(100_000)).utf8) }
    }
    return Array(result.prefix(count))
}

/// The compressed form of a short sentence, for truncation and mutation tests.
private let smallText = Array("The quick brown fox jumps over the lazy dog; 2bo$obo$3o! 2bo$obo$3o! 2bo$obo$3o!\n".utf8)

/// The system gzip, or nil when it is absent (the tests that compare with it are then skipped).
private let systemGzip: String? = ["/bin/gzip", "/usr/bin/gzip"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// Runs `gzip arguments... file` on a temporary file holding `input`; returns status and stdout.
private func runGzip(_ gzip: String, _ arguments: [String], input: [UInt8]) throws -> (status: Int32, output: [UInt8]) {
    let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("gzip-test-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    try Data(input).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: gzip)
    process.arguments = arguments + [file.path]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, [UInt8](data))
}

/// Decompresses `bytes`, expecting an error whose message contains `fragment`.
private func expectError(
    _ bytes: [UInt8], limit: Int = 1 << 32, _ fragment: String,
    sourceLocation: SourceLocation = #_sourceLocation
) -> GzipError? {
    do {
        let result = try Gzip.decompress(bytes, limit: limit)
        Issue.record("expected an error, got \(result.count) bytes", sourceLocation: sourceLocation)
        return nil
    } catch {
        #expect(error.message.contains(fragment), "message of \(error)", sourceLocation: sourceLocation)
        #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
        return error
    }
}

// MARK: Tests

@Suite struct GzipTests {
    @Test(arguments: [1, 6, 9])
    func emptyAndSmallDataRoundTrip(level: Int) throws {
        for data in [[], [0], [0x1F, 0x8B], smallText, Array(repeating: 0x41, count: 1000)] as [[UInt8]] {
            let compressed = Gzip.compress(data, level: level)
            #expect(Gzip.isCompressed(compressed))
            #expect(try Gzip.decompress(compressed) == data)
        }
    }

    @Test(arguments: [1, 6, 9])
    func largeRandomAndRepetitiveDataRoundTrip(level: Int) throws {
        var rng = SplitMix64(seed: UInt64(level) &* 1_000_003)
        let random = rng.bytes(3_000_000 + rng.below(1000))
        let text = repetitive(5_000_000, seed: UInt64(level))
        var mixed = rng.bytes(500_000)
        mixed += text.prefix(1_000_000)
        mixed += rng.bytes(700_000)
        for data in [random, text, mixed] {
            let compressed = Gzip.compress(data, level: level)
            #expect(try Gzip.decompress(compressed) == data)
        }
    }

    @Test func compressingRepetitiveDataShrinksIt() throws {
        let text = repetitive(1_000_000, seed: 7)
        let fast = Gzip.compress(text, level: 1)
        let best = Gzip.compress(text, level: 9)
        #expect(fast.count < text.count / 3, "level 1: \(fast.count) of \(text.count)")
        #expect(best.count <= fast.count, "level 9 \(best.count) vs level 1 \(fast.count)")
        let zeros = [UInt8](repeating: 0, count: 1_000_000)
        #expect(Gzip.compress(zeros).count < 2_000)
    }

    @Test func levelsOutsideTheRangeAreClamped() throws {
        for level in [-5, 0, 10, Int.max] {
            #expect(try Gzip.decompress(Gzip.compress(smallText, level: level)) == smallText)
        }
    }

    @Test(.enabled(if: systemGzip != nil, "no gzip executable at /bin/gzip or /usr/bin/gzip"))
    func systemGzipReadsOurOutput() throws {
        let gzip = try #require(systemGzip)
        var rng = SplitMix64(seed: 42)
        for data in [[], smallText, repetitive(300_000, seed: 3), rng.bytes(200_000)] as [[UInt8]] {
            for level in [1, 9] {
                let result = try runGzip(gzip, ["-dc"], input: Gzip.compress(data, level: level))
                #expect(result.status == 0)
                #expect(result.output == data, "gzip -dc gave \(result.output.count) bytes of \(data.count)")
            }
        }
    }

    @Test(.enabled(if: systemGzip != nil, "no gzip executable at /bin/gzip or /usr/bin/gzip"))
    func weReadSystemGzipOutput() throws {
        let gzip = try #require(systemGzip)
        var rng = SplitMix64(seed: 43)
        for data in [[], smallText, repetitive(300_000, seed: 4), rng.bytes(200_000)] as [[UInt8]] {
            for flag in ["-1", "-9"] {
                let result = try runGzip(gzip, ["-c", flag], input: data)
                #expect(result.status == 0)
                #expect(Gzip.isCompressed(result.output))
                #expect(try Gzip.decompress(result.output) == data)
            }
        }
        // gzip -c keeps the file name in the header (FNAME), which the reader must skip.
        let named = try runGzip(gzip, ["-c", "-N"], input: smallText)
        #expect(try Gzip.decompress(named.output) == smallText)
    }

    @Test func concatenatedMembersAreJoined() throws {
        let a = Array("first member\n".utf8), b = Array("second member\n".utf8)
        let joined = Gzip.compress(a, level: 1) + Gzip.compress([]) + Gzip.compress(b, level: 9)
        #expect(try Gzip.decompress(joined) == a + b)
        let many = (0..<50).flatMap { Gzip.compress(Array("line \($0)\n".utf8)) }
        #expect(try Gzip.decompress(many) == (0..<50).flatMap { Array("line \($0)\n".utf8) })
    }

    @Test func trailingZerosAreIgnoredAndOtherTrailingBytesRejected() throws {
        let compressed = Gzip.compress(smallText)
        #expect(try Gzip.decompress(compressed + [0]) == smallText)
        #expect(try Gzip.decompress(compressed + [UInt8](repeating: 0, count: 512)) == smallText)
        let garbage = expectError(compressed + Array("junk".utf8), "trailing garbage")
        #expect(garbage?.offset == compressed.count)
        _ = expectError(compressed + [0, 0, 7], "trailing garbage")
        // A second member cut short is truncated data, not garbage.
        _ = expectError(compressed + [0x1F], "truncated")
        _ = expectError(compressed + [0x1F, 0x8B], "truncated")
        _ = expectError(compressed + Gzip.compress(smallText).dropLast(3), "truncated")
    }

    @Test func everyTruncationThrows() throws {
        let compressed = Gzip.compress(smallText)
        for length in 0..<compressed.count {
            do {
                let result = try Gzip.decompress(Array(compressed.prefix(length)))
                Issue.record("prefix of \(length) bytes decompressed to \(result.count) bytes")
            } catch {
                #expect(error.message == "truncated gzip data", "prefix \(length): \(error)")
                #expect(error.offset.map { (0...length).contains($0) } ?? false, "prefix \(length): \(error)")
            }
        }
    }

    @Test func randomMutationsDecompressOrThrow() throws {
        let original = Gzip.compress(smallText + repetitive(2_000, seed: 11))
        var rng = SplitMix64(seed: 0x6A17)
        var thrown = 0, decoded = 0
        for _ in 0..<2000 {
            var mutated = original
            for _ in 0..<(1 + rng.below(3)) {
                switch rng.below(4) {
                case 0: mutated[rng.below(mutated.count)] ^= UInt8(1 << rng.below(8))
                case 1: mutated[rng.below(mutated.count)] = UInt8(rng.below(256))
                case 2: mutated.insert(UInt8(rng.below(256)), at: rng.below(mutated.count + 1))
                default: if mutated.count > 1 { mutated.remove(at: rng.below(mutated.count)) }
                }
            }
            do {
                _ = try Gzip.decompress(mutated, limit: 1 << 20)
                decoded += 1
            } catch {
                thrown += 1
                #expect(!error.message.isEmpty)
                if let offset = error.offset { #expect((0...mutated.count).contains(offset), "\(error)") }
            }
        }
        #expect(thrown + decoded == 2000)
        #expect(thrown > 1500, "only \(thrown) of 2000 mutations were rejected")
    }

    @Test func corruptDataNamesTheProblem() throws {
        let notGzip = expectError(Array("x = 3, y = 3\n".utf8), "corrupt gzip data")
        #expect(notGzip?.offset != nil)
        var badBlock = Gzip.compress(smallText, level: 0)
        badBlock[10] |= 0b110  // BTYPE 11 in the first block header
        _ = expectError(badBlock, "corrupt gzip data (invalid block type)")
        var badCRC = Gzip.compress(smallText)
        badCRC[badCRC.count - 6] ^= 0xFF
        _ = expectError(badCRC, "corrupt gzip data")
        #expect(GzipError(offset: 12, message: "truncated gzip data").description == "truncated gzip data at byte 12")
        #expect(GzipError(message: "truncated gzip data").description == "truncated gzip data")
    }

    @Test func outputBeyondTheLimitThrows() throws {
        let zeros = [UInt8](repeating: 0, count: 10_000_000)
        let bomb = Gzip.compress(zeros, level: 9)
        let error = expectError(bomb, limit: 1_000_000, "limit")
        #expect(error?.message.contains("1000000") ?? false)
        #expect(try Gzip.decompress(bomb, limit: zeros.count) == zeros)
        _ = expectError(bomb, limit: zeros.count - 1, "limit")
        #expect(try Gzip.decompress(Gzip.compress([]), limit: 0) == [])
        _ = expectError(Gzip.compress([1]), limit: 0, "limit")
        // The limit counts all members together.
        let two = Gzip.compress(smallText) + Gzip.compress(smallText)
        _ = expectError(two, limit: smallText.count * 2 - 1, "limit")
        #expect(try Gzip.decompress(two, limit: smallText.count * 2) == smallText + smallText)
    }

    @Test func isCompressedChecksTheMagic() {
        #expect(Gzip.isCompressed([0x1F, 0x8B]))
        #expect(Gzip.isCompressed(Gzip.compress(smallText)))
        #expect(!Gzip.isCompressed([]))
        #expect(!Gzip.isCompressed([0x1F]))
        #expect(!Gzip.isCompressed([0x8B, 0x1F, 0x08]))
        #expect(!Gzip.isCompressed(Array("x = 3, y = 3\n".utf8)))
        #expect(!Gzip.isCompressed(Array("[M2] (golly 4.1)\n".utf8)))
    }

    @Test(.enabled(if: Fixtures.shared != nil, "../shared is absent: it holds Golly's corpus"))
    func gollyCorpusFilesDecompressToPatternText() throws {
        let root = try #require(Fixtures.shared) + "/corpus/golly"
        let walker = try #require(FileManager.default.enumerator(atPath: root), "cannot list \(root)")
        let files = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".gz") }.sorted()
        #expect(!files.isEmpty, "no .gz files under \(root)")
        for file in files {
            let compressed = try FileIO.read(root + "/" + file)
            #expect(Gzip.isCompressed(compressed), "\(file)")
            let data = try Gzip.decompress(compressed)
            #expect(!data.isEmpty, "\(file)")
            let text = String(decoding: data, as: UTF8.self)
            let firstLine = text.prefix { $0 != "\n" && $0 != "\r" }
            let starts = ["[M2]", "x =", "x=", "#"].contains { firstLine.hasPrefix($0) }
            #expect(starts, "\(file) starts with \(firstLine.prefix(40))")
            #expect(!text.contains("\u{FFFD}") && !data.contains(0), "\(file) is not text")
            if let gzip = systemGzip {
                #expect(try runGzip(gzip, ["-dc"], input: compressed).output == data, "\(file) differs from gzip -dc")
            }
        }
    }
}
