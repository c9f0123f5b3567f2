import Foundation
import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// Bounded grids through the commands: soup, run (huge jumps on a torus), classify, and the
/// errors (exit 64 for arguments, 1 for files, one line naming the problem).
@Suite struct GridCommandTests {
    func file(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "hashlife-grid-\(UUID().uuidString).rle"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func torusSoupJumpsTo10To100AndBack() throws {
        let soup = hashlife("soup", "64x64", "--rule", "B3/S23:T64,64", "--seed", "7")
        #expect(soup.status == 0 && soup.out.contains("rule = B3/S23:T64,64"))
        let path = try file(soup.out)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let huge = hashlife("run", path, "--gen", "10^100")
        #expect(huge.status == 0 && huge.out.hasPrefix("1" + String(repeating: "0", count: 100) + ": "), "\(huge)")
        // The same state as single steps give at a generation of the same phase: checked in
        // GridSteppingTests; here the population is bgolly's at 100 and stays exact.
        let info = hashlife("info", path)
        #expect(info.out.contains("B3/S23:T64,64") && info.out.contains("x=-32 y=-32 width=64 height=64"), "\(info.out)")
    }

    @Test func soupLargerThanItsGridIsAUsageError() {
        let result = hashlife("soup", "30x30", "--rule", "B3/S23:T24,24")
        #expect(result.status == 64 && result.err.contains("does not fit the grid"), "\(result)")
    }

    @Test func badSuffixIsAUsageErrorAndAPatternOffTheGridAFileError() throws {
        let bad = hashlife("run", "-", "--gen", "1", "--rule", "B3/S23:T0,0")
        #expect(bad.status == 64 && bad.err.contains("a grid needs a width or a height above 0"), "\(bad)")
        let path = try file("#CXRLE Pos=20,0\nx = 1, y = 1, rule = B3/S23:T24,24\no!\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let off = hashlife("run", path, "--gen", "1")
        #expect(off.status == 1 && off.err.contains(path) && off.err.contains("does not fit the 24×24 torus"), "\(off)")
        #expect(off.err.split(separator: "\n").count == 1)
    }

    @Test func classifyOnATorusGivesTheTruePeriod() throws {
        // A glider on a 16×16 torus comes back to the same cells after 64 generations.
        let path = try file("x = 3, y = 3, rule = B3/S23:T16,16\nbo$2bo$3o!\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = hashlife("classify", path)
        #expect(result.status == 0 && result.out.contains("oscillator from generation 0: period 64"), "\(result)")
    }
}
