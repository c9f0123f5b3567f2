import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeTestSupport

@Suite struct PlotCommandTests {
    let gun = Fixtures.pattern("gosper-glider-gun.rle")
    let acorn = Fixtures.pattern("acorn.rle")

    /// The data rows of CSV output, split into fields.
    private func rows(_ csv: String) -> [[String]] {
        csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
    }

    @Test func csvRowsAreWhatRunComputes() throws {
        let result = hashlife("plot", acorn, "--to", "300", "--step", "37", "--bounds", "--csv")
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.hasPrefix("generation,population,width,height\n"))
        let data = rows(result.out)
        // 0, 37, …, 296, then 300.
        #expect(data.map { $0[0] } == Array(stride(from: 0, through: 296, by: 37)).map(String.init) + ["300"])
        for row in data {
            let run = hashlife("run", acorn, "--gen", row[0], "--json")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
            let bounds = try #require(object["bounds"] as? [String: Any])
            #expect(row == [row[0], object["population"] as! String, bounds["width"] as! String, bounds["height"] as! String])
        }
    }

    @Test func logSamplesArePowersOfTwoWithExactPopulations() {
        let result = hashlife("plot", gun, "--to", "2^110", "--log", "--csv")
        #expect(result.status == 0)
        let data = rows(result.out)
        #expect(data.count == 112)
        #expect(data.map { $0[0] } == ["0"] + (0...110).map { BigUInt.powerOfTwo($0).description })
        for index in [0, 1, 50, 111] {
            #expect(hashlife("run", gun, "--gen", data[index][0]).out == "\(data[index][0]): \(data[index][1])\n")
        }
        // Past 10^30, written in full.
        #expect(data[111][1].count > 31)
    }

    @Test func jsonIsAnArrayOfTheSameSamples() throws {
        let csv = hashlife("plot", acorn, "--to", "100", "--step", "50", "--bounds")
        let json = hashlife("plot", acorn, "--to", "100", "--step", "50", "--bounds", "--json")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: String]])
        #expect(array.map { [$0["generation"]!, $0["population"]!, $0["width"]!, $0["height"]!] } == rows(csv.out))
    }

    @Test func defaultStepGivesAtMostAThousandSamples() {
        let result = hashlife("plot", Fixtures.pattern("glider.rle"), "--to", "10^6")
        let data = rows(result.out)
        #expect(data.count == 1001)
        #expect(data[1][0] == "1000" && data.last![0] == "1000000")
    }

    @Test func chartsGoToFilesAtomically() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("gun.svg").path
        #expect(hashlife("plot", gun, "--to", "2^40", "--log", "--out", svg).status == 0)
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.hasPrefix("<svg") && text.contains("<title>Gosper glider gun</title>") && text.contains("(log scale)"))
        let png = folder.appendingPathComponent("acorn.png").path
        #expect(hashlife("plot", acorn, "--to", "500", "--out", png, "--size", "400x300", "--theme", "dark", "--title", "Acorn").status == 0)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: png)))
        #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(bigEndianWord(bytes, 16) == 400 && bigEndianWord(bytes, 20) == 300)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["acorn.png", "gun.svg"])
    }

    @Test func badOptionsAreUsageErrors() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (arguments, message) in [
            (["--to", "10", "--csv", "--json"], "exclude"),
            (["--to", "10", "--log", "--step", "3"], "exclude"),
            (["--to", "10", "--out", folder.path + "/x.gif"], "format"),
            (["--to", "10", "--size", "10x10", "--out", folder.path + "/x.svg"], "--size"),
            (["--to", "10", "--theme", "blue", "--out", folder.path + "/x.svg"], "--theme"),
            (["--to", "10", "--size", "800x500"], "charts"),
            (["--to", "10^9", "--step", "1"], "samples"),
        ] {
            let result = hashlifeRun(["plot", gun] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.err)")
            #expect(result.err.contains(message), "\(arguments): \(result.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}

private func bigEndianWord(_ bytes: [UInt8], _ at: Int) -> Int {
    Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
}
