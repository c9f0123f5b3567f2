import Foundation
import HashlifeTestSupport
import Testing

/// The `hashlife` program on trees tens of thousands of levels deep: every traversal (step,
/// population, bounds, drawing, writing) recurses once a level, and the program runs on a
/// thread whose stack holds `Universe.maximumStepExponent` levels.
@Suite(.enabled(if: hashlifeBinary != nil, "the hashlife executable has not been built (swift build)"))
struct DeepTreeEndToEndTests {
    private func hashlife(_ arguments: [String]) throws -> (status: Int32, out: String) {
        let (process, output) = try launchHashlife(arguments)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func aGliderJumpedToTheEnginesLimitIsWrittenDescribedAndDrawn() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let far = directory + "/far.mc"
        let run = try hashlife(["run", Fixtures.pattern("glider.rle"), "--gen", "2^65000", "--out", far])
        #expect(run.status == 0)
        #expect(run.out.hasSuffix(": 5\n"))
        let info = try hashlife(["info", far])
        #expect(info.status == 0)
        #expect(info.out.contains("tree:        level 65000"), "\(info.out)")
        let view = try hashlife(["view", far, "--size", "12x4"])
        #expect(view.status == 0)
        #expect(view.out.filter { $0 == "#" }.count >= 3, "\(view.out)")
    }
}
