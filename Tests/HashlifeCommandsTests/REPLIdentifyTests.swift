import Foundation
import Testing
import HashlifeCommands
import HashlifeEditing
import HashlifeTestSupport

/// The interpreter's `identify`: the selection, or the whole pattern, by its apgcode.
@Suite struct REPLIdentifyTests {
    @Test func theWholePatternAndThenTheSelection() throws {
        let output = transcript([
            "load \(Fixtures.pattern("pentadecathlon.rle"))",
            "identify",
            "stamp glider 40 0",
            "identify",
            "select 40 0 3 3",
            "identify",
        ])
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines[1] == "xp15_4r4z4r4 (pentadecathlon): oscillator, period 15, population 12 to 40, 16x9, rotor 80, stator 0, heat 22.4, volatility 1")
        #expect(lines[3].hasPrefix("the pattern is not one object: "), "\(lines[3])")
        #expect(lines[5].hasPrefix("xq4_153 (glider): spaceship, period 4, c/4 diagonal, population 5"), "\(lines[5])")
    }

    @Test func severalObjectsSaySo() throws {
        // A block and a blinker far apart: one period-2 pattern of two objects.
        let output = transcript(["stamp block 0 0", "stamp blinker 1000 0", "identify", "select 0 0 2 2", "identify"])
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines[2].hasPrefix("xp2_") && lines[2].hasSuffix("; not one object: 2 objects"), "\(output)")
        #expect(lines[4] == "xs4_33 (block): still life, population 4", "\(output)")
        let json = try jsonLines(transcript(["stamp block 0 0", "stamp blinker 1000 0", "identify"], json: true))
        #expect(json.last?["objects"] as? Int == 2 && (json.last?["apgcode"] as? String)?.hasPrefix("xp2_") == true)
    }

    @Test func jsonCarriesTheCodeKindPeriodAndDisplacement() throws {
        let output = transcript(["load \(Fixtures.pattern("glider.rle"))", "step 3", "identify"], json: true)
        let answer = try #require(try jsonLines(output).last)
        #expect(answer["ok"] as? Bool == true)
        #expect(answer["subject"] as? String == "pattern")
        #expect(answer["apgcode"] as? String == "xq4_153")
        #expect(answer["kind"] as? String == "spaceship")
        #expect(answer["period"] as? Int == 4)
        #expect(abs(answer["dx"] as? Int ?? 0) == 1 && abs(answer["dy"] as? Int ?? 0) == 1)
    }

    @Test func rulesWithoutApgcodesAndBadArgumentsAreRefused() throws {
        let output = transcript(["load \(Fixtures.pattern("glider.rle"))", "rule B03/S23", "identify", "rule B3/S23", "identify 0", "identify 1 2"], json: true)
        let answers = try jsonLines(output)
        #expect(answers[2]["ok"] as? Bool == false)
        #expect((answers[2]["error"] as? [String: Any])?["message"] as? String == "rule B03/S23 has B0; apgcodes are made for rules without B0")
        #expect(answers[4]["ok"] as? Bool == false)
        #expect((answers[5]["error"] as? [String: Any])?["code"] as? String == "usage")
    }
}
