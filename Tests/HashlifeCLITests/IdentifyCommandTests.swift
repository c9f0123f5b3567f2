import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeTestSupport

/// A pattern file holding `rle` (a body, or a whole file when it has a header), in a fresh folder.
private func patternFile(_ rle: String) throws -> (path: String, folder: URL) {
    let folder = try temporaryFolder()
    let path = folder.appendingPathComponent("pattern.rle").path
    try (rle.hasPrefix("x") || rle.hasPrefix("#") ? rle : "x = 0, y = 0, rule = B3/S23\n" + rle).write(toFile: path, atomically: true, encoding: .utf8)
    return (path, folder)
}

/// The lines of `identify --objects` after the two heading lines, as (position, code).
private func objectLines(_ output: String) -> [(String, String)] {
    output.split(separator: "\n").dropFirst(2).map { line in
        let fields = line.split(separator: " ")
        return (String(fields[0]), String(fields[1]))
    }
}

@Suite struct IdentifyCommandTests {
    @Test func anOscillatorWithItsStatistics() {
        let result = hashlife("identify", Fixtures.pattern("pulsar.rle"))
        #expect(result.status == 0 && result.err.isEmpty)
        #expect(result.out == """
            apgcode:           xp3_co9nas0san9oczgoldlo0oldlogz1047210127401
            name:              pulsar
            kind:              oscillator
            period:            3
            population:        48 to 72
            bounding box:      15x15
            rotor:             64 cells
            stator:            24 cells
            heat:              42.67
            volatility:        0.727
            strict volatility: 0.727

            """)
        let blinker = hashlife("identify", Fixtures.pattern("blinker.rle")).out
        #expect(blinker.contains("heat:              4\n") && blinker.contains("stator:            1 cell\n"))
        #expect(blinker.contains("volatility:        0.8\n"))
    }

    @Test func spaceshipsAndStillLifes() {
        #expect(hashlife("identify", Fixtures.pattern("lwss.rle")).out == """
            apgcode:      xq4_6frc
            name:         LWSS
            kind:         spaceship
            period:       4
            displacement: (-2, 0)
            speed:        c/2 orthogonal
            population:   9 to 12

            """)
        #expect(hashlife("identify", Fixtures.pattern("block.rle")).out == """
            apgcode:      xs4_33
            name:         block
            kind:         still life
            period:       1
            population:   4
            bounding box: 2x2

            """)
    }

    @Test func jsonHasTheCodeKindPeriodAndDisplacement() {
        let glider = hashlife("identify", Fixtures.pattern("glider.rle"), "--json")
        #expect(glider.status == 0)
        #expect(glider.out == #"{"apgcode":"xq4_153","name":"glider","kind":"spaceship","generation":"0","period":4,"dx":1,"dy":1,"speed":"c/4 diagonal","population":{"min":5,"max":5}}"# + "\n")
        let beacon = hashlife("identify", Fixtures.pattern("beacon.rle"), "--json").out
        #expect(beacon == #"{"apgcode":"xp2_318c","name":"beacon","kind":"oscillator","generation":"0","period":2,"dx":0,"dy":0,"population":{"min":6,"max":8},"bounds":{"width":4,"height":4},"rotor":2,"stator":6,"heat":2.0,"volatility":0.25,"strict_volatility":0.25}"# + "\n")
    }

    @Test func aPatternThatBecomesPeriodicIsIdentifiedFromThen() throws {
        // A pre-block (three cells of a block) is a block from generation 1.
        let (path, folder) = try patternFile("2o$o!")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = hashlife("identify", path)
        #expect(result.out.hasPrefix("apgcode:         xs4_33\nname:            block\nkind:            still life\nfrom generation: 1\n"))
        #expect(hashlife("identify", Fixtures.pattern("diehard.rle"), "--json").out.hasPrefix(#"{"apgcode":"xs0_0","kind":"extinct","generation":"130""#))
        // --gen starts later: a glider identified at generation 2.
        #expect(hashlife("identify", Fixtures.pattern("glider.rle"), "--gen", "2", "--json").out.contains(#""generation":"2","period":4"#))
    }

    @Test func patternsThatAreNotOneObject() {
        let settled = hashlife("identify", Fixtures.pattern("r-pentomino.rle"))
        #expect(settled.status == 0)
        #expect(settled.out == "settled at generation 1103: period-2 ash, 6 gliders escaping\nnot one object: --objects lists its objects\n")
        let json = hashlife("identify", Fixtures.pattern("r-pentomino.rle"), "--json")
        #expect(json.out.hasPrefix(#"{"apgcode":null,"kind":"settled","generation":"1103","period":2"#))
        let gun = hashlife("identify", Fixtures.pattern("gosper-glider-gun.rle"))
        #expect(gun.status == 0 && gun.out.hasPrefix("growing:"))
        // Nothing repeats within the look-ahead: exit 2, as classify.
        let short = hashlife("identify", Fixtures.pattern("r-pentomino.rle"), "--max-period", "100")
        #expect(short.status == 2 && short.out.hasPrefix("undetermined") && short.err.contains("--max-period"))
    }

    @Test func aLookAheadShorterThanThePeriodIsUndetermined() {
        let pentadecathlon = Fixtures.pattern("pentadecathlon.rle")
        for short in ["5", "14"] {
            let result = hashlife("identify", pentadecathlon, "--max-period", short)
            #expect(result.status == 2 && result.out == "undetermined up to generation \(short)\n", "\(short): \(result.out)")
            #expect(result.err.contains("--max-period"))
        }
        let enough = hashlife("identify", pentadecathlon, "--max-period", "15")
        #expect(enough.status == 0 && enough.out.contains("\nperiod:            15\n"), "\(enough.out)")
        let classify = hashlife("classify", pentadecathlon, "--max-gen", "5")
        #expect(classify.status == 2 && classify.out == "undetermined up to generation 5\n")
    }

    @Test func aPeriodicPatternOfSeveralObjectsSaysSo() throws {
        // A block and a blinker 1,000 cells apart: one period-2 pattern, two objects.
        let (path, folder) = try patternFile("2o998b3o$2o!")
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = hashlife("identify", path)
        #expect(text.status == 0)
        #expect(text.out.hasPrefix("apgcode:") && text.out.contains("kind:              oscillator\n"), "\(text.out)")
        #expect(text.out.hasSuffix("\nnot one object: 2 objects, which --objects lists\n"), "\(text.out)")
        // The combined code stays in the JSON, with the count.
        let json = hashlife("identify", path, "--json").out
        #expect(json.hasPrefix(#"{"apgcode":"xp2_"#) && json.hasSuffix(#","objects":2}"# + "\n"), "\(json)")
        #expect(objectLines(hashlife("identify", path, "--objects").out).map(\.1).sorted() == ["xp2_7", "xs4_33"])
        // One object: no such line, no such field.
        #expect(!hashlife("identify", Fixtures.pattern("pulsar.rle")).out.contains("not one object"))
        #expect(!hashlife("identify", Fixtures.pattern("glider.rle"), "--json").out.contains("objects"))
    }

    @Test func objectsOfTheRPentominosAsh() {
        let result = hashlife("identify", Fixtures.pattern("r-pentomino.rle"), "--objects")
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("settled at generation 1103: period-2 ash, 6 gliders escaping\n25 objects at generation 1103:\n"))
        let codes = objectLines(result.out).map(\.1)
        // The known final census of the R-pentomino.
        let counts = Dictionary(codes.map { ($0, 1) }, uniquingKeysWith: +)
        #expect(counts == ["xs4_33": 8, "xq4_153": 6, "xs6_696": 4, "xp2_7": 4, "xs5_253": 1, "xs7_2596": 1, "xs6_356": 1])
        #expect(result.out.contains("  0,-12      xs4_33    block\n"))
        let json = hashlife("identify", Fixtures.pattern("r-pentomino.rle"), "--objects", "--json").out
        #expect(json.hasPrefix(#"{"generation":"1103","verdict":"settled","objects":[{"x":"238","y":"-258","apgcode":"xq4_153","name":"glider","kind":"spaceship","period":4,"dx":1,"dy":-1,"population":5}"#))
    }

    @Test func objectsThatTouchAreToldApart() throws {
        // A traffic light is four blinkers; a bi-block two blocks; a ship-tie is one object.
        for (rle, expected) in [("4bo$4bo$4bo2$3o3b3o2$4bo$4bo$4bo!", ["xp2_7", "xp2_7", "xp2_7", "xp2_7"]),
                                ("2ob2o$2ob2o!", ["xs4_33", "xs4_33"]),
                                ("2o$obo$b2o$3b2o$3bobo$4b2o!", ["xs12_g8o653z11"])] {
            let (path, folder) = try patternFile(rle)
            defer { try? FileManager.default.removeItem(at: folder) }
            let result = hashlife("identify", path, "--objects")
            #expect(result.status == 0)
            #expect(objectLines(result.out).map(\.1).sorted() == expected, "\(rle): \(result.out)")
        }
        // What is not periodic on its own is listed as such.
        let gun = hashlife("identify", Fixtures.pattern("gosper-glider-gun.rle"), "--objects")
        #expect(gun.out.contains("objects at generation 0:\n") && gun.out.contains("not periodic within 10000 generations ("))
        #expect(gun.out.contains("  0,4   xs4_33  block\n"))
    }

    @Test(.enabled(if: Fixtures.shared != nil, "needs ../shared/census (apgsearch's own census of each soup)"))
    func censusSoupsGiveApgsearchsObjects() throws {
        // The first 60 soups of apgsearch's run, each soup's objects against apgsearch's.
        let text = try String(contentsOfFile: Fixtures.shared! + "/census/percensus-k_visible0001.tsv", encoding: .utf8)
        var expected: [String: [String: Int]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            var counts: [String: Int] = [:]
            for item in fields.dropFirst().first?.split(separator: " ") ?? [] {
                let parts = item.split(separator: "*")
                counts[String(parts[0])] = Int(parts[1])!
            }
            expected[String(fields[0])] = counts
        }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var matches = 0
        for index in 0..<60 {
            let id = "k_visible0001\(index)"
            let path = folder.appendingPathComponent("\(id).rle").path
            #expect(hashlife("soup", "--hash", id, "--out", path).status == 0)
            let result = hashlife("identify", path, "--objects")
            let counts = Dictionary(objectLines(result.out).map { ($0.1, 1) }, uniquingKeysWith: +)
            #expect(counts == expected[id], "\(id)")
            if counts == expected[id] { matches += 1 }
        }
        #expect(matches == 60)
    }

    @Test func usageErrorsAndUnsupportedRules() throws {
        for arguments in [["identify"], ["identify", Fixtures.pattern("glider.rle"), "--max-period", "0"],
                          ["identify", Fixtures.pattern("glider.rle"), "--max-period", "x"],
                          ["identify", Fixtures.pattern("glider.rle"), "--gen", "-1"],
                          ["identify", Fixtures.pattern("glider.rle"), "--rule", "B3/S2x"],
                          ["identify", Fixtures.pattern("glider.rle"), "--bogus"]] {
            let result = hashlifeRun(arguments)
            #expect(result.status == 64 && result.out.isEmpty && result.err.utf8.count < 300, "\(arguments): \(result.err)")
        }
        let b0 = hashlife("identify", Fixtures.pattern("glider.rle"), "--rule", "B0123478/S34678")
        #expect(b0.status == 1 && b0.err.contains("B0"))
        let missing = hashlife("identify", "/nonexistent/pattern.rle")
        #expect(missing.status == 1)
        let help = hashlife("identify", "--help")
        #expect(help.status == 0 && help.out.contains("--objects") && help.out.contains("apgcode"))
        #expect(hashlife("help").out.contains("identify"))
    }
}
