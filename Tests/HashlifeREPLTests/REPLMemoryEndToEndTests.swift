import Foundation
import Testing
import HashlifeTestSupport

/// `hashlife repl --max-memory MB`, run as a program.
@Suite struct REPLMemoryEndToEndTests {
    static let megabyte = 1 << 20
    let glider = Fixtures.pattern("glider.rle")

    @Test(.enabled(if: hashlifeBinary != nil, "the hashlife executable has not been built (swift build)"))
    func theCommandLineOptionSetsTheSessionsLimit() throws {
        let input = Pipe()
        let (process, output) = try launchHashlife(["repl", glider, "--json", "--max-memory", "7"], stdin: input)
        input.fileHandleForWriting.write(Data("memory\nquit\n".utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let objects = try jsonLines(String(decoding: data, as: UTF8.self))
        #expect(objects.first?["limit_bytes"] as? Int == 7 * Self.megabyte)
    }
}
