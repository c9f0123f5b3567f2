import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// `run`, `info`, `convert` and `classify` on patterns under multi-state rules, checked
/// against the naive multi-state stepper.
@Suite struct MultiStateCommandTests {
    /// A Brian's Brain soup and a LifeHistory pattern, written by the test.
    static let brain = "#N brain\nx = 8, y = 6, rule = /2/3\n2A.B2A.A$.AB.A2.B$A.2A.BA.$3.A.2A$B.A.2B.A$.2A3.A!\n"
    static let history = "x = 5, y = 4, rule = LifeHistory\n.A.F$2.A$3A2.D$4.B!\n"

    func file(_ name: String, _ text: String) throws -> String {
        let path = ScratchFolder.make("multistate") + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func reference(_ text: String, to generation: Int) throws -> MultiStateReference {
        var reference = MultiStateReference(try MultiStateRLE.read(text))
        for _ in 0..<generation { reference.step() }
        return reference
    }

    @Test(arguments: [(brain, 0), (brain, 1), (brain, 37), (history, 0), (history, 50)])
    func runPrintsTheReferencePopulation(_ text: String, _ generation: Int) throws {
        let path = try file("pattern.rle", text)
        let result = hashlife("run", path, "--gen", String(generation))
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "\(generation): \(try reference(text, to: generation).population)\n")
    }

    @Test func runWritesEveryStateAndTheJSONNamesTheStates() throws {
        let path = try file("brain.rle", Self.brain)
        let out = ScratchFolder.make("multistate-out") + "/brain-20.rle"
        let result = hashlife("run", path, "--gen", "20", "--out", out, "--json")
        #expect(result.status == 0, "\(result.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(object["states"] as? Int == 3 && object["family"] as? String == "Generations")
        #expect(object["rule"] as? String == "/2/3")
        #expect(object["background"] as? Int == 0)
        let written = try MultiStateRLE.read(String(decoding: try FileIO.read(out), as: UTF8.self))
        #expect(written.generation == BigUInt(20))
        #expect(written.cells == (try reference(Self.brain, to: 20)).cells)
        // The file goes on from generation 20.
        #expect(hashlife("run", out, "--gen", "30").out == "30: \(try reference(Self.brain, to: 30).population)\n")
        #expect(hashlife("run", out, "--gen", "10").status != 0)
    }

    @Test func twoStateOnlyFormatsAreRefusedBeforeAnyWork() throws {
        let path = try file("brain.rle", Self.brain)
        let out = ScratchFolder.make("multistate-out") + "/brain.cells"
        let result = hashlife("run", path, "--gen", "5", "--out", out)
        #expect(result.status != 0)
        #expect(result.err.contains("two-state cells only"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(hashlife("convert", path, "-", "--format", "lif").status != 0)
    }

    @Test func aTwoStatePatternRunsUnderAMultiStateRuleFromStateOne() throws {
        // A glider under LifeHistory leaves a trail of state 2: the population is the trail too.
        let glider = Fixtures.pattern("glider.rle")
        let result = hashlife("run", glider, "--rule", "LifeHistory", "--gen", "8", "--out", "-")
        #expect(result.status == 0, "\(result.err)")
        let pattern = try MultiStateRLE.read(result.out)
        #expect(pattern.rule.description == "LifeHistory")
        #expect(pattern.cells.filter { $0.state == 1 }.count == 5)
        #expect(pattern.cells.contains { $0.state == 2 })
        #expect(result.err == "8: \(pattern.cells.count)\n")
        // And a multi-state pattern in states 0 and 1 only runs under a two-state rule.
        let plain = try file("ones.rle", "x = 3, y = 1, rule = /2/3\n3A!\n")
        #expect(hashlife("run", plain, "--rule", "B3/S23", "--gen", "1").out == "1: 3\n")
        let brain = try file("brain.rle", Self.brain)
        let refused = hashlife("run", brain, "--rule", "B3/S23", "--gen", "1")
        #expect(refused.status != 0 && refused.err.contains("state 2"), "\(refused.err)")
    }

    @Test func infoGivesTheStatesAndTheirCells() throws {
        let path = try file("history.rle", Self.history)
        let result = hashlife("info", path)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("rule:        LifeHistory\n"))
        #expect(result.out.contains("states:      7 (History)\n"))
        let cells = try MultiStateRLE.read(Self.history).cells
        #expect(result.out.contains("population:  \(cells.count) (cells not in state 0)\n"))
        let counts = (1...6).compactMap { state -> String? in
            let n = cells.filter { $0.state == state }.count
            return n == 0 ? nil : "\(state): \(n)"
        }
        #expect(result.out.contains("by state:    " + counts.joined(separator: ", ") + "\n"), "\(result.out)")
        let json = hashlife("info", path, "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["states"] as? Int == 7 && object["family"] as? String == "History")
        #expect(object["population"] as? String == String(cells.count))
        let byName = try #require(hashlife("info", try file("b.rle", Self.brain)).out.split(separator: "\n").first { $0.hasPrefix("name:") })
        #expect(byName.hasSuffix("brain"))
    }

    @Test func convertKeepsStatesGenerationAndPosition() throws {
        let start = try file("brain.rle", Self.brain)
        let folder = ScratchFolder.make("multistate-convert")
        #expect(hashlife("run", start, "--gen", "9", "--out", folder + "/nine.rle").status == 0)
        let expected = try reference(Self.brain, to: 9).cells
        for name in ["nine.mc", "nine.mc.gz", "nine.rle.gz"] {
            let result = hashlife("convert", folder + "/nine.rle", folder + "/" + name)
            #expect(result.status == 0, "\(name): \(result.err)")
            guard case .multiState(let decoded) = try PatternCodec.decodeAny(try FileIO.read(folder + "/" + name), fileName: name) else {
                Issue.record("\(name) was not read as multi-state")
                continue
            }
            #expect(decoded.pattern.cells == expected, "\(name)")
            #expect(decoded.generation == BigUInt(9), "\(name)")
        }
    }

    @Test func classifyLooksAtEveryState() throws {
        // A LifeHistory blinker: its live cells blink from generation 0, whatever their trail.
        let blinker = try file("blinker.rle", "x = 3, y = 1, rule = LifeHistory\n3A!\n")
        #expect(hashlife("classify", blinker).out == "oscillator from generation 0: period 2\n")
        // Brian's Brain's c/1 ship: on cells followed by dying ones.
        let ship = try file("ship.rle", "x = 2, y = 2, rule = /2/3\n2A$2B!\n")
        let result = hashlife("classify", ship, "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(object["verdict"] as? String == "spaceship")
        #expect(object["period"] as? Int == 1)
        #expect(abs(object["dx"] as? Int ?? 0) + abs(object["dy"] as? Int ?? 0) == 1)
        // A LifeHistory glider is a glider, though its trail grows by one cell a generation.
        let trail = hashlife("classify", Fixtures.pattern("glider.rle"), "--rule", "LifeHistory", "--json")
        let ship2 = try #require(try JSONSerialization.jsonObject(with: Data(trail.out.utf8)) as? [String: Any])
        #expect(ship2["verdict"] as? String == "spaceship" && ship2["period"] as? Int == 4, "\(trail.out)")
        // A lone Brian's Brain cell dies, then fades: extinct when the reference says.
        let text = "x = 1, y = 1, rule = /2/3\nA!\n"
        var reference = MultiStateReference(try MultiStateRLE.read(text))
        var generation = 0
        while reference.population > 0 { reference.step(); generation += 1 }
        #expect(hashlife("classify", try file("lone.rle", text)).out == "extinct at generation \(generation)\n")
        // Chaos within the limit is undetermined (exit status 2).
        let chaos = hashlife("classify", try file("brain.rle", Self.brain), "--max-gen", "50")
        #expect(chaos.status == 2 && chaos.out == "undetermined up to generation 50\n", "\(chaos.out)")
    }

    @Test func identifyDescribesMultiStateObjectsByTheirLiveCells() throws {
        // A LifeHistory blinker: its live cells are Life's blinker, described as Life's is.
        let blinker = try file("blinker.rle", "x = 3, y = 1, rule = LifeHistory\n3A!\n")
        let text = hashlife("identify", blinker)
        #expect(text.status == 0, "\(text.err)")
        #expect(text.out.hasPrefix("""
            apgcode:           xp2_7
            name:              blinker
            kind:              oscillator
            period:            2
            population:        3

            """), "\(text.out)")
        #expect(text.out == hashlife("identify", try file("life-blinker.rle", "x = 3, y = 1, rule = B3/S23\n3o!\n")).out)
        // A Star Wars oscillator: the whole pattern's period, the live cells' code, no name.
        let star = try file("star.rle", "x = 4, y = 4, rule = 345/2/4\nA2.A$4A$2A$4A!\n")
        let json = hashlife("identify", star, "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any], "\(json.err)")
        #expect(object["apgcode"] as? String == "xp12_27a" && object["period"] as? Int == 12 && object["generation"] as? String == "7")
        #expect(object["name"] == nil)
        // A LifeHistory glider is a glider: its live cells alone are identified.
        let glider = hashlife("identify", Fixtures.pattern("glider.rle"), "--rule", "LifeHistory", "--json")
        #expect(glider.status == 0 && glider.out.hasPrefix("{\"apgcode\":\"xq4_153\",\"name\":\"glider\",\"kind\":\"spaceship\""),
                "\(glider.out)\(glider.err)")
        // Two blinkers far apart: one code for both, two objects, which --objects lists.
        let pair = try file("pair.rle", "x = 23, y = 1, rule = LifeHistory\n3A17.3A!\n")
        #expect(hashlife("identify", pair).out.contains("not one object: 2 objects, which --objects lists"))
        let objects = hashlife("identify", pair, "--objects")
        #expect(objects.out == """
            oscillator from generation 0: period 2
            2 objects at generation 0:
              0,0   xp2_7  blinker
              20,0  xp2_7  blinker

            """, "\(objects.out)")
        // No apgcodes on a bounded grid.
        let torus = hashlife("identify", try file("torus.rle", "x = 3, y = 1, rule = LifeHistory:T20,20\n3A!\n"))
        #expect(torus.status == 1 && torus.err.contains("bounded grid"), "\(torus.err)")
    }

    @Test(.enabled(if: Fixtures.shared != nil, "../shared is absent: Golly's pattern files are not available"))
    func identifyGollysSteeplechase() throws {
        let result = hashlife("identify", Fixtures.shared! + "/corpus/golly/Generations/steeplechase.rle", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], "\(result.err)")
        #expect(object["kind"] as? String == "oscillator" && object["period"] as? Int == 20 && object["generation"] as? String == "187")
    }

    @Test func classifyFindsLateRepeatsByJumps() throws {
        // A LifeSuper glider (state 13, no trail) strikes an eater off its lane at about
        // generation 1,700, leaving a period-2 oscillator.
        let late = try file("late.rle", "x = 400, y = 404, rule = LifeSuper\n.M$2.M$3M398$396.2M$396.M.M$398.M$398.2M!\n")
        #expect(hashlife("classify", late).out == "oscillator from generation 1760: period 2\n")
    }
}
