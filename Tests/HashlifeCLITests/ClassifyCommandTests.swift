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
}
