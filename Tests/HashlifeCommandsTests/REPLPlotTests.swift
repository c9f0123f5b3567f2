import Foundation
import Testing
import HashlifeEngine
@testable import HashlifeCommands
import HashlifeEditing
import HashlifeTestSupport

@Suite struct REPLPlotTests {
    @Test func sparklineLevelsAreExact() {
        #expect(CommandInterpreter.sparkline([0, 1, 2, 3, 4, 5, 6, 7].map { BigUInt($0) }) == "▁▂▃▄▅▆▇█")
        #expect(CommandInterpreter.sparkline([BigUInt(5), 5, 5]) == "▄▄▄")
        // Values past 10^30 are compared exactly.
        let big = BigUInt.power(BigUInt(10), 40)
        #expect(CommandInterpreter.sparkline([big, big + BigUInt(1), big + BigUInt(7)]) == "▁▂█")
        #expect(CommandInterpreter.sparkline([]) == "")
    }

    @Test func plotFollowsTheStepsInTheHistory() throws {
        let acorn = Fixtures.pattern("acorn.rle")
        let output = transcript(["load \(acorn)", "step 10", "step 10", "step 100", "plot"], json: true)
        let answer = try jsonLines(output).last!
        let samples = try #require(answer["samples"] as? [[String: String]])
        #expect(samples.map { $0["generation"]! } == ["10", "20", "120"])
        for sample in samples {
            let universe = Fixtures.universe("acorn.rle")
            universe.step(by: BigUInt(Int(sample["generation"]!)!))
            #expect(sample["population"] == universe.population.description)
        }
        #expect((answer["sparkline"] as? String)?.count == 3)
        // Text: the sparkline, then the summary.
        let text = transcript(["load \(acorn)", "step 10", "step 10", "plot"])
        #expect(text.contains("2 samples: generation 10 to 20, population"))
    }

    @Test func plotWritesCharts() throws {
        let folder = try temporaryDirectory()
        let gun = Fixtures.pattern("gosper-glider-gun.rle")
        let output = transcript(["load \(gun)", "step 2^10", "step 2^20", "plot log out \(folder)/g.svg", "plot out \(folder)/g.png", "plot out \(folder)/g.gif"], json: true)
        let answers = try jsonLines(output)
        #expect(answers[3]["ok"] as? Bool == true && answers[4]["ok"] as? Bool == true && answers[5]["ok"] as? Bool == false)
        let svg = try String(contentsOfFile: folder + "/g.svg", encoding: .utf8)
        #expect(svg.hasPrefix("<svg") && svg.contains("Gosper glider gun") && svg.contains("(log scale)"))
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/g.png")))
        #expect(png.prefix(4) == [0x89, 0x50, 0x4E, 0x47])
        #expect(!FileManager.default.fileExists(atPath: folder + "/g.gif"))
    }
}
