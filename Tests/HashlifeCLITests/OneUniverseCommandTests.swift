import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeFormats
import HashlifeRendering
import HashlifeTestSupport

/// `run`, `view`, `animate` and `info` on a two-state and a multi-state file give what the
/// engine's one interface gives: the file loaded by `LoadedPattern.universe`, stepped and read
/// through `any LifeUniverse`, drawn from `blocks(of:)` in `StatePalette(rule:options:)`.
@Suite struct OneUniverseCommandTests {
    static let brain = "#N brain\nx = 8, y = 6, rule = /2/3\n2A.B2A.A$.AB.A2.B$A.2A.BA.$3.A.2A$B.A.2B.A$.2A3.A!\n"

    /// The two files: the glider, and a Brian's Brain soup written by the test.
    static func files() throws -> [String] {
        let path = ScratchFolder.make("one-universe") + "/brain.rle"
        try Data(brain.utf8).write(to: URL(fileURLWithPath: path))
        return [Fixtures.pattern("glider.rle"), path]
    }

    /// The file's universe at `generation`, through the engine's interface.
    func universe(_ path: String, at generation: Int) throws -> any LifeUniverse {
        let universe = try PatternCodec.readAny(path: path, label: path, limit: MemoryLimit.defaultBytes).universe()
        try universe.step(by: BigUInt(generation))
        return universe
    }

    /// A window holding the pattern at every generation the tests look at.
    let rect = CellRect(x: BigInt(-6), y: BigInt(-6), width: BigUInt(20), height: BigUInt(20))
    var rectText: String { "\(rect.x),\(rect.y),\(rect.width),\(rect.height)" }
    var viewport: Viewport { Viewport(x: rect.x, y: rect.y, width: rect.width, height: rect.height, zoom: .one) }

    @Test func runGivesTheUniversePopulation() throws {
        for path in try Self.files() {
            for generation in [0, 1, 9] {
                let result = hashlife("run", path, "--gen", String(generation))
                #expect(result.status == 0, "\(result.err)")
                #expect(result.out == "\(generation): \(try universe(path, at: generation).population)\n", "\(path)")
            }
        }
    }

    @Test func viewDrawsTheUniverseBlocks() throws {
        for path in try Self.files() {
            let expected = try universe(path, at: 3)
            let palette = StatePalette(rule: expected.anyRule, options: RenderOptions(), background: nil)
            for style in TextStyle.allCases {
                var rows = expected.blocks(of: viewport)
                var text = ""
                TextRenderer.render(&rows, style: style, palette: palette, colours: nil) { text += $0 }
                let result = hashlife("view", path, "--gen", "3", "--rect", rectText, "--format", style.rawValue)
                #expect(result.status == 0, "\(result.err)")
                #expect(result.out == text, "\(path) \(style)")
            }
            var rows = expected.blocks(of: viewport)
            var svg = ""
            SVGRenderer.render(&rows, palette: palette, options: RenderOptions()) { svg += $0 }
            #expect(hashlife("view", path, "--gen", "3", "--rect", rectText, "--format", "svg").out == svg, "\(path)")
            let out = ScratchFolder.make("one-universe-png") + "/view.png"
            #expect(hashlife("view", path, "--gen", "3", "--rect", rectText, "--out", out).status == 0)
            rows = expected.blocks(of: viewport)
            var png: [UInt8] = []
            PNGRenderer.render(&rows, palette: palette, options: RenderOptions()) { png += $0 }
            #expect(try FileIO.read(out) == png, "\(path)")
        }
    }

    @Test func twoStateTextKeepsItsShapesAndMultiStateItsLetters() throws {
        let files = try Self.files()
        let glider = hashlife("view", files[0], "--rect", "0,0,3,3", "--format", "text").out
        #expect(glider == ".#.\n..#\n###\n")
        let brain = hashlife("view", files[1], "--rect", "0,0,8,1", "--format", "text").out
        #expect(brain == "AA.BAA.A\n")
    }

    @Test func animateFramesAreTheUniverseBlocks() throws {
        for path in try Self.files() {
            let out = ScratchFolder.make("one-universe-gif") + "/frames.gif"
            let result = hashlife("animate", path, "--to", "4", "--rect", rectText, "--out", out)
            #expect(result.status == 0, "\(result.err)")
            let decoded = try GIFDecoder.decode(try FileIO.read(out))
            #expect(decoded.frames.count == 5)
            let expected = try universe(path, at: 0)
            let palette = StatePalette(rule: expected.anyRule, options: RenderOptions(), background: nil)
            #expect(decoded.palette.prefix(palette.colors.count).map { RGB(r: $0.r, g: $0.g, b: $0.b) } == palette.colors)
            for (generation, frame) in decoded.frames.enumerated() {
                if generation > 0 { try expected.step(by: .one) }
                var rows = expected.blocks(of: viewport)
                #expect(frame.canvas == GIFRenderer.frame(&rows, palette: palette, options: RenderOptions()), "\(path) frame \(generation)")
            }
        }
    }

    @Test func infoCountsTheCellsInEachState() throws {
        for path in try Self.files() {
            let expected = try universe(path, at: 0)
            let result = hashlife("info", path, "--json")
            #expect(result.status == 0, "\(result.err)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
            #expect(object["population"] as? String == expected.population.description)
            #expect(object["rule"] as? String == expected.anyRule.description)
            var tally: [String: Int] = [:]
            expected.forEachCell(in: nil) { _, _, state in tally[String(state), default: 0] += 1 }
            if expected.stateCount > 2 {
                #expect(object["states"] as? Int == expected.stateCount)
                #expect(object["cells_by_state"] as? [String: Int] == tally)
            } else {
                // A two-state file's description is as it always was: no per-state fields.
                #expect(object["states"] == nil && object["cells_by_state"] == nil && object["family"] == nil)
                #expect(!hashlife("info", path).out.contains("by state"))
            }
        }
    }

    @Test func threadsOnARuleThatStepsOnOneThreadIsANote() throws {
        let files = try Self.files()
        let multi = hashlife("run", files[1], "--gen", "5", "--threads", "2")
        #expect(multi.status == 0)
        #expect(multi.err == "note: rule /2/3 steps on one thread\n")
        #expect(multi.out == hashlife("run", files[1], "--gen", "5").out)
        #expect(hashlife("run", files[1], "--gen", "5", "--threads", "1").err.isEmpty)
        #expect(hashlife("run", files[0], "--gen", "5", "--threads", "2").err.isEmpty)
        let view = hashlife("view", files[1], "--threads", "2", "--format", "text")
        #expect(view.status == 0 && view.err == "note: rule /2/3 steps on one thread\n")
    }

    @Test func boardStepsOnARuleThatStepsOnOneThreadGiveTheNote() throws {
        let store = ScratchFolder.make("one-universe-board") + "/boards.sqlite"
        var ids: [String] = []
        for path in try Self.files() {
            let made = hashlife("board", "new", path, "--store", store)
            #expect(made.status == 0, "\(made.err)")
            ids.append(String(made.out.dropLast()))
        }
        for action in [["step", "--by", "3"], ["final", "--max-gen", "50"]] {
            let multi = hashlife(["board", action[0], ids[1]] + action.dropFirst() + ["--threads", "2", "--store", store])
            #expect(multi.err.hasPrefix("note: rule /2/3 steps on one thread\n"), "\(multi.err)")
            let two = hashlife(["board", action[0], ids[0]] + action.dropFirst() + ["--threads", "2", "--store", store])
            #expect(two.status == 0 && two.err.isEmpty, "\(two.err)")
        }
    }
}
