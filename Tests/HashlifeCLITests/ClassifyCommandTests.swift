import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeTestSupport

@Suite struct ClassifyCommandTests {
    @Test func rPentominoSettles() {
        let result = hashlife("classify", Fixtures.pattern("r-pentomino.rle"))
        #expect(result.status == 0)
        #expect(result.out == "settled at generation 1103: period-2 ash, 6 gliders escaping\n")
        #expect(result.err.isEmpty)
    }

    @Test func rPentominoAsJSON() {
        let result = hashlife("classify", Fixtures.pattern("r-pentomino.rle"), "--json")
        #expect(result.status == 0)
        #expect(result.out == #"{"verdict":"settled","generation":"1103","period":2,"escaping":{"glider":6,"lwss":0,"mwss":0,"hwss":0},"population":"116"}"# + "\n")
    }

    @Test func gliderAsJSON() {
        let result = hashlife("classify", Fixtures.pattern("glider.rle"), "--json")
        #expect(result.status == 0)
        #expect(result.out == #"{"verdict":"spaceship","generation":"0","period":4,"dx":1,"dy":1,"speed":"c/4 diagonal","population":"5"}"# + "\n")
    }

    @Test func humanLines() {
        #expect(hashlife("classify", Fixtures.pattern("diehard.rle")).out == "extinct at generation 130\n")
        #expect(hashlife("classify", Fixtures.pattern("block.rle")).out == "still life from generation 0\n")
        #expect(hashlife("classify", Fixtures.pattern("pulsar.rle")).out == "oscillator from generation 0: period 3\n")
        #expect(hashlife("classify", Fixtures.pattern("lwss.rle")).out == "spaceship from generation 0: period 4, displacement (-2, 0), c/2 orthogonal\n")
        let gun = hashlife("classify", Fixtures.pattern("gosper-glider-gun.rle"))
        #expect(gun.status == 0)
        #expect(gun.out.hasPrefix("growing: population grows by 5 cells every 30 generations"))
    }

    @Test func diehardAsJSON() {
        let result = hashlife("classify", Fixtures.pattern("diehard.rle"), "--json")
        #expect(result.out == #"{"verdict":"extinct","generation":"130","population":"0"}"# + "\n")
    }

    @Test func undeterminedExitsWith2() {
        let result = hashlife("classify", Fixtures.pattern("acorn.rle"), "--max-gen", "50")
        #expect(result.status == 2)
        #expect(result.out == "undetermined up to generation 50\n")
        #expect(result.err.contains("no verdict within 50 generations"))
        let json = hashlife("classify", Fixtures.pattern("acorn.rle"), "--max-gen", "50", "--json")
        #expect(json.status == 2)
        #expect(json.out.hasPrefix(#"{"verdict":"undetermined","generation":"50","population":"#))
    }

    @Test func badArguments() {
        #expect(hashlife("classify").status == 64)
        #expect(hashlife("classify", Fixtures.pattern("glider.rle"), "--max-gen", "lots").status == 64)
        #expect(hashlife("classify", "/nonexistent/pattern.rle").status == 1)
    }

    @Test func helpMentionsTheDefaultLimit() {
        let result = hashlife("classify", "--help")
        #expect(result.status == 0)
        #expect(result.out.contains("--max-gen"))
        #expect(result.out.contains("100000"))
    }

    @Test func helpSaysWhatIsRecognisedUnderWhichRule() {
        let help = hashlife("classify", "--help").out
        // Whole-pattern spaceships are found by shape under any rule: HighLife's glider too.
        #expect(!help.contains("spaceships are recognised in B3/S23 only"))
        #expect(help.contains("any rule"))
        #expect(help.contains("escaping") && help.contains("B3/S23 only"))
        let highLife = hashlife("classify", Fixtures.pattern("glider.rle"), "--rule", "B36/S23")
        #expect(highLife.out == "spaceship from generation 0: period 4, displacement (1, 1), c/4 diagonal\n")
        // Escaping gliders are counted in B3/S23 only: a block with a glider flying off settles
        // there, and is left undetermined under B36/S23, as the help says.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("block-glider-\(UUID().uuidString).cells").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(FileManager.default.createFile(atPath: file, contents: Data("OO\nOO\n.\n.\n.\n.\n.......O\n........O\n......OOO\n".utf8)))
        #expect(hashlife("classify", file).out == "settled at generation 0: period-1 ash, 1 glider escaping\n")
        let other = hashlife("classify", file, "--rule", "B36/S23", "--max-gen", "3000")
        #expect(other.status == 2)
        #expect(other.out == "undetermined up to generation 3000\n")
    }

    @Test func gunSavedFarOnStillGrows() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("classify-far-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for generation in ["2^66", "2^100", "10^100"] {
            let file = directory.appendingPathComponent("gun.mc").path
            #expect(hashlife("run", Fixtures.pattern("gosper-glider-gun.rle"), "--gen", generation, "--out", file).status == 0)
            let result = hashlife("classify", file)
            #expect(result.status == 0, "gun at \(generation)")
            #expect(result.out.hasPrefix("growing: population grows by 5 cells every 30 generations"), "gun at \(generation)")
            let json = hashlife("classify", file, "--json")
            #expect(json.out.contains(#""verdict":"growing","#) && json.out.contains(#""period":30,"increment":"5","#), "gun at \(generation)")
        }
    }
}
