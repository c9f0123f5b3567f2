import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeFormats
import HashlifeRendering
import HashlifeTestSupport

/// `view`, `animate` and `plot` on multi-state patterns written by the tests, checked against
/// the naive reference stepper.
@Suite struct MultiStatePictureTests {
    /// Brian's Brain: cells firing (A), refractory (B); debris that dies out and a spaceship
    /// that moves down.
    static let brain = "#N brainy\nx = 10, y = 8, rule = /2/3\n.AB2.A$A2.A$B.AB$.BA2.B$4.AB2$8.2B$8.2A!\n"
    /// LifeHistory with every state, 1 to 6.
    static let history = "x = 7, y = 4, rule = LifeHistory\n.2A$2AF.D$.A2.C$3BE2A!\n"

    /// Runs `body` with `text` written to a file in a fresh folder (and the folder's path).
    func withPattern<R>(_ text: String, _ body: (_ file: String, _ folder: URL) throws -> R) throws -> R {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("pattern.rle").path
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return try body(file, folder)
    }

    /// The reference at `generation`.
    func reference(_ text: String, generation: Int) throws -> MultiStateReference {
        var reference = MultiStateReference(try MultiStateRLE.read(text))
        for _ in 0..<generation { reference.step() }
        return reference
    }

    /// The text `view` should print for the window at `zoom`: each block's highest state's
    /// character, computed cell by cell from the reference.
    func expectedText(_ reference: MultiStateReference, x: Int, y: Int, columns: Int, rows: Int, zoom: Int) -> String {
        var out = ""
        for j in 0..<rows {
            for i in 0..<columns {
                var highest: UInt8 = 0
                for dy in 0..<zoom { for dx in 0..<zoom { highest = max(highest, reference.state(x: x + i * zoom + dx, y: y + j * zoom + dy)) } }
                out.append(Character(Unicode.Scalar(StateCharacters.byte(highest))))
            }
            out += "\n"
        }
        return out
    }

    @Test(arguments: [0, 1, 7])
    func viewTextShowsEachState(generation: Int) throws {
        for text in [Self.brain, Self.history] {
            let reference = try reference(text, generation: generation)
            try withPattern(text) { file, _ in
                for zoom in [1, 2, 3] {
                    let (columns, rows) = (24 / zoom, 30 / zoom)
                    let result = hashlife("view", file, "--gen", "\(generation)", "--rect", "-9,-7,\(columns * zoom),\(rows * zoom)", "--zoom", "\(zoom)")
                    #expect(result.status == 0, "\(result.err)")
                    let expected = expectedText(reference, x: -9, y: -7, columns: columns, rows: rows, zoom: zoom)
                    #expect(result.out == expected, "zoom \(zoom)")
                    #expect(expected.contains { $0 != "." && $0 != "\n" })
                }
            }
            #expect(reference.population > 0)
        }
    }

    @Test func terminalTextIsColouredUnlessNoColor() throws {
        try withPattern(Self.history) { file, folder in
            let palette = StatePalette(rule: try MultiStateRule("LifeHistory"))
            func run(terminal: Bool, environment: [String: String], extra: [String] = []) -> String {
                let captured = Captured()
                var context = captured.context
                context.standardOutputIsTerminal = terminal
                context.environment = environment
                #expect(HashlifeCommand.run(["view", file, "--rect", "0,0,7,4"] + extra, context: context) == 0)
                return captured.standardOutput
            }
            let plain = run(terminal: false, environment: ["COLORTERM": "truecolor"])
            #expect(!plain.contains("\u{1B}"))
            #expect(run(terminal: true, environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"]) == plain)
            let coloured = run(terminal: true, environment: ["COLORTERM": "truecolor"])
            for state in 1...6 {
                let colour = palette.color(UInt8(state))
                #expect(coloured.contains("\u{1B}[0;38;2;\(colour.r);\(colour.g);\(colour.b)m"), "state \(state)")
            }
            // Without the escapes, the same characters.
            let stripped = coloured.replacing(#/\x1B\[[0-9;]*m/#, with: "")
            #expect(stripped == plain)
            let palette256 = run(terminal: true, environment: [:])
            #expect(palette256.contains("\u{1B}[0;38;5;\(palette.color(1).palette256Index)m"))
            // A file gets no colour even when standard output is a terminal.
            let out = folder.appendingPathComponent("history.txt").path
            #expect(run(terminal: true, environment: ["COLORTERM": "truecolor"], extra: ["--out", out]).isEmpty)
            #expect(try String(contentsOfFile: out, encoding: .utf8) == plain)
        }
    }

    @Test func svgUsesGollysColoursAndDeadForTheBackground() throws {
        try withPattern(Self.brain) { file, folder in
            let out = folder.appendingPathComponent("brain.svg").path
            let result = hashlife("view", file, "--rect", "0,0,10,8", "--dead", "#102030", "--out", out)
            #expect(result.status == 0, "\(result.err)")
            let svg = try String(contentsOfFile: out, encoding: .utf8)
            let palette = StatePalette(rule: try MultiStateRule("/2/3"))
            #expect(svg.contains("fill=\"#102030\""))
            for state in 1...2 { #expect(svg.contains(".s\(state){fill:\(palette.color(UInt8(state)).hex)}")) }
            // One rect per run of a state: count the cells they cover against the reference.
            let reference = try reference(Self.brain, generation: 0)
            for state in 1...2 {
                let widths = svg.matches(of: #/width="(\d+)" height="1" class="s(\d+)"/#)
                    .filter { Int($0.2) == state }.map { Int($0.1)! }
                #expect(widths.reduce(0, +) == reference.cells.filter { $0.state == state }.count)
            }
            let png = folder.appendingPathComponent("brain.png").path
            #expect(hashlife("view", file, "--scale", "3", "--grid", "--out", png).status == 0)
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: png)))
            #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        }
    }

    @Test func liveAndDensityAreRefusedForMultiState() throws {
        try withPattern(Self.brain) { file, folder in
            for (arguments, word) in [(["--live", "#ff0000", "--format", "svg"], "--live"), (["--density", "--format", "svg"], "--density")] {
                let result = hashlife(["view", file] + arguments)
                #expect(result.status == 64 && result.err.contains(word) && result.err.contains("two-state"), "\(result.err)")
            }
            let gif = folder.appendingPathComponent("no.gif").path
            let result = hashlife("animate", file, "--to", "3", "--live", "#ff0000", "--out", gif)
            #expect(result.status == 64 && result.err.contains("--live"))
            #expect(!FileManager.default.fileExists(atPath: gif))
        }
    }

    @Test func animateFramesHaveAPaletteEntryPerState() throws {
        try withPattern(Self.history) { file, folder in
            let out = folder.appendingPathComponent("history.gif").path
            let window = (x: -6, y: -5, width: 20, height: 16)
            let result = hashlifeRun(["animate", file, "--to", "6", "--step", "2", "--rect", "\(window.x),\(window.y),\(window.width),\(window.height)", "--out", out])
            #expect(result.status == 0, "\(result.err)")
            let decoded = try GIFDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: out))))
            let palette = StatePalette(rule: try MultiStateRule("LifeHistory"))
            #expect(decoded.frames.count == 4)
            for (index, generation) in [0, 2, 4, 6].enumerated() where index < decoded.frames.count {
                let reference = try reference(Self.history, generation: generation)
                let canvas = decoded.frames[index].canvas
                for y in 0..<window.height {
                    for x in 0..<window.width {
                        let entry = decoded.palette[Int(canvas[y * window.width + x])]
                        let expected = palette.color(reference.state(x: window.x + x, y: window.y + y))
                        #expect(RGB(r: entry.r, g: entry.g, b: entry.b) == expected, "frame \(index) pixel \(x),\(y)")
                    }
                }
            }
        }
    }

    @Test func animateFitReturnsToTheStart() throws {
        try withPattern(Self.brain) { file, folder in
            let out = folder.appendingPathComponent("brain.gif").path
            let result = hashlifeRun(["animate", file, "--to", "9", "--step", "3", "--size", "96x96", "--out", out])
            #expect(result.status == 0, "\(result.err)")
            let decoded = try GIFDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: out))))
            #expect(decoded.frames.count == 4)
            // At zoom 1 every non-empty cell is one pixel off the background, frame by frame.
            for (index, generation) in [0, 3, 6, 9].enumerated() where index < decoded.frames.count {
                let reference = try reference(Self.brain, generation: generation)
                #expect(decoded.frames[index].canvas.filter { $0 != 0 }.count == reference.population, "generation \(generation)")
            }
        }
    }

    @Test func plotCountsCellsNotInStateZero() throws {
        try withPattern(Self.brain) { file, _ in
            let result = hashlife("plot", file, "--to", "12", "--step", "4")
            #expect(result.status == 0, "\(result.err)")
            var expected = "generation,population\n"
            for generation in [0, 4, 8, 12] { expected += "\(generation),\(try reference(Self.brain, generation: generation).population)\n" }
            #expect(result.out == expected)
            #expect(try reference(Self.brain, generation: 0).cells.contains { $0.state == 2 })
        }
    }

    @Test func plotChartTitleIsTheMultiStatePatternsName() throws {
        try withPattern(Self.brain) { file, folder in
            let out = folder.appendingPathComponent("plot.svg").path
            #expect(hashlife("plot", file, "--to", "4", "--out", out).status == 0)
            let svg = try String(contentsOfFile: out, encoding: .utf8)
            #expect(svg.contains("brainy"))
        }
    }
}
