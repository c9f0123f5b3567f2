import Foundation
import Testing
import HashlifeEngine
import HashlifeInterface
@testable import HashlifeCommands
import HashlifeEditing
import HashlifeTestSupport

/// Hostile command-language input: huge numbers, long lines, control characters, huge views.
@Suite struct REPLHardeningTests {
    @Test func hugeNumbersAreRefusedByTheirLength() {
        let digits = String(repeating: "9", count: 1_000_000)
        let clock = ContinuousClock()
        let start = clock.now
        let output = transcript(["set \(digits) 0 1", "pan 1 -\(digits)", "step \(digits)", "goto 7^\(digits)",
                                 "view 0 0 \(digits) 1", "zoom \(digits)", "classify \(digits)"])
        #expect(clock.now - start < .seconds(10))
        let lines = output.split(separator: "\n")
        #expect(lines.count == 7, "\(output.prefix(2000))")
        for line in lines {
            #expect(line.hasPrefix("error: ") && line.contains("beyond the engine's limit"), "\(line.prefix(200))")
            #expect(line.utf8.count < 300)
        }
    }

    @Test func limitsAreStatedTruthfully() {
        let output = transcript(["step 2^65001", "set 2^65000 0"])
        #expect(output.contains("'2^65001' is beyond the engine's limit: it must be below 2^65001"), "\(output)")
        #expect(output.contains("'2^65000' is beyond the engine's limit: it must be below 2^65000"), "\(output)")
    }

    @Test func errorsQuoteAShortEscapedExcerpt() {
        let long = String(repeating: "x", count: 1_000_000)
        let output = transcript([long, "load \u{0}\u{1B}[2J", "rule " + long, "view 0 0 1 1 format \(long)", "memory \(long)"])
        let lines = output.split(separator: "\n")
        #expect(lines.count == 5, "\(output.prefix(500))")
        for line in lines { #expect(line.utf8.count < 400, "\(line.prefix(200))") }
        #expect(!output.contains("\u{0}") && !output.contains("\u{1B}"), "\(output.debugDescription.prefix(500))")
    }

    @Test func viewsObeyTheOutputLimit() {
        // 4096×4096 blocks is exactly 2^24: allowed as a size; one more row is not.
        let output = transcript(["size 4096 4096", "size 4096 4097", "view 0 0 4097 4096", "view 0 0 16777217 1"])
        let lines = output.split(separator: "\n")
        #expect(lines.count == 4 && lines[0].hasPrefix("viewport"), "\(output)")
        for line in lines.dropFirst() { #expect(line.contains("16777216"), "\(line)") }
    }
}
