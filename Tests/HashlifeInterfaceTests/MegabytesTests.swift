import Testing
import HashlifeInterface

/// `Megabytes`: memory sizes as people type them, and as messages show them.
@Suite struct MegabytesTests {
    @Test func theParserTakesWholeMegabytesOfTwoToTheTwentyBytes() throws {
        #expect(try Megabytes.parse("1") == 1 << 20)
        #expect(try Megabytes.parse("0064") == 64 << 20)
        #expect(try Megabytes.parse("1048576") == 1 << 40)
        #expect(throws: MegabytesError(text: "+5")) { try Megabytes.parse("+5") }
        #expect(Megabytes.format(3 << 20) == "3 MB")
        #expect(Megabytes.format((3 << 20) + (1 << 19)) == "3.5 MB")
        #expect(Megabytes.format((1 << 20) + 1) == "1.0 MB")
        #expect(Megabytes.format(400_000) == "391 KB")
        #expect(Megabytes.format(0) == "0 MB")
    }
}
