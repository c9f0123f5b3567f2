import Testing
import HashlifeTestSupport

/// The command language on trees far deeper than 64 levels.
@Suite struct DeepTreeClassifyTests {
    /// The interpreter's `classify` after a far `step` (it said "undetermined" past 2^64).
    @Test func classifyAfterAFarStep() throws {
        let gun = Fixtures.pattern("gosper-glider-gun.rle"), acorn = Fixtures.pattern("acorn.rle")
        let output = transcript(["load \(gun)", "step 2^100", "classify", "load \(acorn)", "step 10^100", "classify"])
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == 6, "\(output)")
        guard lines.count == 6 else { return }
        #expect(lines[2].hasPrefix("growing: population grows by 5 cells every 30 generations"), "\(lines[2])")
        #expect(lines[5] == "settled at generation 1" + String(repeating: "0", count: 100) + ": period-2 ash, 13 gliders escaping")
    }
}
