import Foundation
import Testing
import HashlifeTestSupport

/// `hashlife repl --threads N`, run as a program.
@Suite(.enabled(if: hashlifeBinary != nil, "the hashlife executable has not been built (swift build)"))
struct REPLThreadsEndToEndTests {
    func answers(_ arguments: [String], _ commands: String) throws -> [[String: Any]] {
        let input = Pipe()
        let (process, output) = try launchHashlife(["repl", "--json"] + arguments, stdin: input)
        input.fileHandleForWriting.write(Data(commands.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try jsonLines(String(decoding: data, as: UTF8.self))
    }

    @Test func theOptionReachesTheSessionAndTheDefaultIsOneThread() throws {
        let given = try answers(["--threads", "3", Fixtures.pattern("glider.rle")], "threads\nload \(Fixtures.pattern("acorn.rle"))\nthreads\n")
        #expect(given.count == 3)
        #expect(given[0]["threads"] as? Int == 3 && given[2]["threads"] as? Int == 3)
        let plain = try answers([], "threads\n")
        #expect(plain.first?["threads"] as? Int == 1)
    }
}
