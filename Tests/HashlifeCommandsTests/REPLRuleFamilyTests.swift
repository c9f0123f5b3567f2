import Foundation
import Testing
import HashlifeEngine
@testable import HashlifeCommands
import HashlifeEditing
import HashlifeTestSupport

/// The interpreter with B0, MAP and Wolfram rules: `rule` prints Golly's canonical text, and the JSON
/// answers say which background (0 or 1) the reported cells are relative to.
@Suite struct REPLRuleFamilyTests {
    let glider = Fixtures.pattern("glider.rle")

    @Test func ruleCommandKeepsEveryFamilysText() throws {
        let output = transcript(["load \(glider)", "rule w030", "rule", "rule b3_s23-a4ei6", "rule", "rule B0/S8", "rule"])
        #expect(output.contains("rule W30\n"), "\(output)")
        #expect(output.contains("rule B3/S23-a4ei6\n"), "\(output)")
        #expect(output.contains("rule B0/S8\n"), "\(output)")
    }

    @Test func jsonAnswersCarryTheBackground() throws {
        let json = try jsonLines(transcript(["load \(glider)", "rule B0134/S23", "step 1", "pop", "step 1", "info"], json: true))
        #expect(json[0]["background"] as? Int == 0)
        #expect(json[2]["generation"] as? String == "1")
        #expect(json[2]["background"] as? Int == 1)
        #expect(json[3]["background"] as? Int == 1)
        #expect(json[4]["background"] as? Int == 0)
        #expect(json[5]["background"] as? Int == 0)
        let text = transcript(["load \(glider)", "rule B0134/S23", "step 1", "step 1"])
        #expect(text.contains("generation 1, population") && text.contains("(background 1: cells that differ from an all-alive plane)"))
        #expect(!text.contains("generation 2, population 5 (background"))
    }
}
