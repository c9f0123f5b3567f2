import HashlifeEngine
import HashlifeRendering
import HashlifeTestSupport
import Testing

// Multi-state pictures: a character and a colour per state, and the highest state for a
// zoomed-out block.

private func renderText(_ states: [[UInt8]], _ style: TextStyle, palette: StatePalette, colours: TerminalColours?) -> String {
    var rows = StoredBlockRows(states: states)
    var out = ""
    TextRenderer.render(&rows, style: style, palette: palette, colours: colours) { out += $0 }
    return out
}

private func sgr(_ colour: RGB, _ base: Int = 38) -> String { "\u{1B}[0;\(base);2;\(colour.r);\(colour.g);\(colour.b)m" }

@Suite struct StateRenderingTests {
    let brain = try! MultiStateRule("/2/3")
    let history = try! MultiStateRule("LifeHistory")
    let superRule = try! MultiStateRule("LifeSuper")

    @Test func textHasACharacterPerState() {
        let palette = StatePalette(rule: brain)
        let states: [UInt8] = [0, 1, 2, 12, 24, 25, 26, 50, 51, 200, 255]
        let text = renderText([states], .text, palette: palette, colours: nil)
        #expect(text == ".ABLXabz**" + "*\n")
        // Every state up to 50 has its own character; none is a control character.
        let characters = (0...StateCharacters.distinctStates).map { StateCharacters.byte(UInt8($0)) }
        #expect(Set(characters).count == StateCharacters.distinctStates + 1)
        #expect(characters.allSatisfy { $0 > 32 && $0 < 127 })
        // The RLE letters: state n is the n-th letter from A.
        for state in 1...24 { #expect(StateCharacters.byte(UInt8(state)) == UInt8(ascii: "A") + UInt8(state - 1)) }
    }

    @Test func textColoursEachStateFromThePalette() {
        let palette = StatePalette(rule: history)
        let text = renderText([[0, 1, 1, 6, 0], [0, 0, 0, 0, 0]], .text, palette: palette, colours: .trueColour)
        // State 0 stays in the terminal's colours (a reset before it, so the line ends plain);
        // a run of one state is one sequence.
        let first = "." + sgr(palette.color(1)) + "AA" + sgr(palette.color(6)) + "F" + "\u{1B}[0m" + ".\n"
        #expect(text == first + ".....\n")
        #expect(palette.color(1) != palette.color(6))
    }

    @Test func colouredUnicodeAndBraille() {
        let palette = StatePalette(rule: superRule)
        // Upper state 3 over lower 9: ▀ in 3's colour on 9's; equal halves a full block.
        let unicode = renderText([[3, 4, 0, 5], [9, 4, 7, 0]], .unicode, palette: palette, colours: .trueColour)
        let expected = "\u{1B}[0;38;2;\(palette.color(3).r);\(palette.color(3).g);\(palette.color(3).b);48;2;\(palette.color(9).r);\(palette.color(9).g);\(palette.color(9).b)m\u{2580}"
            + sgr(palette.color(4)) + "\u{2588}" + sgr(palette.color(7)) + "\u{2584}" + sgr(palette.color(5)) + "\u{2580}" + "\u{1B}[0m\n"
        #expect(unicode == expected)
        // Without colour: the shape only, as two-state.
        #expect(renderText([[3, 4, 0, 5], [9, 4, 7, 0]], .unicode, palette: palette, colours: nil) == "\u{2588}\u{2588}\u{2584}\u{2580}\n")
        // A braille character takes its highest state's colour.
        let braille = renderText([[2, 0, 0, 0], [0, 11, 0, 0]], .braille, palette: palette, colours: .trueColour)
        #expect(braille == sgr(palette.color(11)) + "\u{2811}" + "\u{1B}[0m" + "\u{2800}" + "\n")
    }

    @Test func palette256IndexFindsTheCubeAndGreys() {
        let steps: [UInt8] = [0, 95, 135, 175, 215, 255]
        for (i, r) in steps.enumerated() {
            for (j, g) in steps.enumerated() {
                for (k, b) in steps.enumerated() where !(r == g && g == b) {
                    #expect(RGB(r: r, g: g, b: b).palette256Index == 16 + 36 * i + 6 * j + k, "\(r),\(g),\(b)")
                }
            }
        }
        for step in 0..<24 {
            let v = UInt8(8 + 10 * step)
            #expect(RGB(r: v, g: v, b: v).palette256Index == 232 + step)
        }
        #expect(TerminalColours.palette256.parameters(RGB(r: 255, g: 255, b: 0), base: 38) == "38;5;226")
    }

    @Test func pngBlocksInTheirStateColours() throws {
        for grid in [false, true] {
            var palette = StatePalette(rule: try MultiStateRule("345/2/5"))
            palette.background = RGB(r: 1, g: 2, b: 3)
            let states: [[UInt8]] = [[0, 1, 2], [3, 4, 0]]
            var rows = StoredBlockRows(states: states)
            let options = RenderOptions(grid: grid, pixelsPerBlock: 3)
            var file: [UInt8] = []
            PNGRenderer.render(&rows, palette: palette, options: options) { file += $0 }
            let png = try decodePNG(file)
            #expect(png.width == 9 && png.height == 6 && png.colorType == 2)
            for y in 0..<6 {
                for x in 0..<9 {
                    let onGrid = grid && (x % 3 == 2 || y % 3 == 2)
                    let expected = onGrid ? options.gridColor : palette.color(states[y / 3][x / 3])
                    #expect(png.pixels[y][x] == expected, "pixel \(x),\(y)")
                }
            }
        }
    }

    @Test func svgClassesCarryTheStateColours() {
        let palette = StatePalette(rule: history)
        var rows = StoredBlockRows(states: [[0, 1, 1, 2], [4, 0, 0, 4]])
        var svg = ""
        SVGRenderer.render(&rows, palette: palette, options: RenderOptions(pixelsPerBlock: 2)) { svg += $0 }
        #expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>\n"))
        for state in 1..<7 { #expect(svg.contains(".s\(state){fill:\(palette.color(UInt8(state)).hex)}")) }
        #expect(svg.contains("<rect width=\"4\" height=\"2\" fill=\"\(palette.background.hex)\"/>"))
        #expect(svg.contains("<rect x=\"1\" y=\"0\" width=\"2\" height=\"1\" class=\"s1\"/>"))
        #expect(svg.contains("<rect x=\"3\" y=\"0\" width=\"1\" height=\"1\" class=\"s2\"/>"))
        #expect(svg.contains("<rect x=\"0\" y=\"1\" width=\"1\" height=\"1\" class=\"s4\"/>"))
        #expect(svg.contains("<rect x=\"3\" y=\"1\" width=\"1\" height=\"1\" class=\"s4\"/>"))
        #expect(svg.components(separatedBy: "class=").count - 1 == 4)
    }

    @Test func gifFramesIndexTheStates() throws {
        let palette = StatePalette(rule: superRule)
        let states: [[UInt8]] = [[0, 25, 13], [7, 0, 1]]
        for grid in [false, true] {
            let options = RenderOptions(grid: grid, pixelsPerBlock: 4)
            var rows = StoredBlockRows(states: states)
            let pixels = try #require(GIFRenderer.frame(&rows, palette: palette, options: options))
            let colours = GIFRenderer.palette(palette, options: options)
            #expect(colours.count == (grid ? 27 : 26))
            var bytes: [UInt8] = []
            let writer = GIFWriter(width: 12, height: 8, palette: colours, loopCount: nil) { bytes += $0 }
            writer.addFrame(pixels, delay: 1)
            writer.finish()
            let decoded = try GIFDecoder.decode(bytes)
            let canvas = decoded.frames[0].canvas
            for y in 0..<8 {
                for x in 0..<12 {
                    let entry = decoded.palette[Int(canvas[y * 12 + x])]
                    let onGrid = grid && (x % 4 == 3 || y % 4 == 3)
                    let expected = onGrid ? options.gridColor : palette.color(states[y / 4][x / 4])
                    #expect(RGB(r: entry.r, g: entry.g, b: entry.b) == expected, "pixel \(x),\(y)")
                }
            }
        }
        // 256 states leave no free entry: the grid takes the nearest palette colour.
        var full = StatePalette(colors: (0..<256).map { RGB(r: UInt8($0), g: 0, b: 0) })
        full.background = .black
        let options = RenderOptions(grid: true, gridColor: RGB(r: 200, g: 0, b: 0), pixelsPerBlock: 3)
        var rows = StoredBlockRows(states: [[0]])
        #expect(GIFRenderer.palette(full, options: options).count == 256)
        #expect(GIFRenderer.frame(&rows, palette: full, options: options)?.last == 200)
    }
}

/// Block states of the engine's viewports against the states of their cells, one by one.
@Suite struct StateViewportTests {
    /// A Generations pattern with every state, stepped so that trails show.
    func universe() throws -> MultiStateUniverse {
        let universe = MultiStateUniverse(rule: try MultiStateRule("345/2/6"))
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            seed ^= seed << 13
            seed ^= seed >> 7
            seed ^= seed << 17
            return seed
        }
        var cells: [(x: Int, y: Int, state: UInt8)] = []
        for y in 0..<40 {
            for x in 0..<52 where next() % 3 == 0 { cells.append((x, y, UInt8(1 + next() % 5))) }
        }
        universe.load(cells: cells, originX: BigInt(-23), originY: BigInt(11))
        universe.step(by: BigUInt(3))
        return universe
    }

    /// The highest state of each block, cell by cell.
    func reference(_ universe: MultiStateUniverse, _ viewport: Viewport) -> [[UInt8]] {
        let zoom = Int(viewport.zoom.intValue!)
        return (0..<viewport.rows).map { j in
            (0..<viewport.columns).map { i in
                var highest: UInt8 = 0
                for dy in 0..<zoom {
                    for dx in 0..<zoom {
                        let x = viewport.x + BigInt(i * zoom + dx), y = viewport.y + BigInt(j * zoom + dy)
                        highest = max(highest, universe.state(atX: x, y: y))
                    }
                }
                return highest
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 8, 16])
    func blocksShowTheirHighestState(zoom: Int) throws {
        let universe = try universe()
        let box = try #require(universe.boundingBox)
        for (dx, dy) in [(0, 0), (-3, -1), (-5, -6), (1, 2)] {
            let columns = (box.width.intValue! + 12) / zoom + 1, rows = (box.height.intValue! + 12) / zoom + 1
            let viewport = Viewport(x: box.x + BigInt(dx - 6), y: box.y + BigInt(dy - 6), columns: columns, rows: rows, zoom: BigUInt(zoom))
            var producer = universe.blockStateRows(of: viewport)
            let drawn = (0..<rows).map { producer.row($0) }
            #expect(drawn == reference(universe, viewport), "zoom \(zoom), offset \(dx),\(dy)")
            #expect(drawn.joined().contains { $0 > 1 })
        }
    }

    @Test func alignedPowerOfTwoBlocksAgreeWithBlockStates() throws {
        let universe = try universe()
        for k in 0...5 {
            let viewport = Viewport(x: BigInt(-64), y: BigInt(0), columns: 128 >> k, rows: 64 >> k, zoom: BigUInt(1 << k))
            var producer = universe.blockStateRows(of: viewport)
            let drawn = (0..<viewport.rows).flatMap { producer.row($0) }
            let blocks = universe.blockStates(blockX: BigInt(-64 >> k), blockY: .zero, columns: viewport.columns, rows: viewport.rows, blockLevel: k)
            #expect(drawn == blocks, "level \(k)")
        }
    }

    @Test func hugeBlocksFarOutShowTheHighestState() throws {
        let universe = try universe()
        let highest = universe.cells().map(\.state).max()!
        // Blocks of 2^70 cells from far off the origin: the pattern is in one or two of them.
        let zoom = BigUInt.powerOfTwo(70)
        let viewport = Viewport(x: -BigInt(zoom) * BigInt(3) - BigInt(100), y: -BigInt(zoom) - BigInt(7), columns: 6, rows: 3, zoom: zoom)
        var producer = universe.blockStateRows(of: viewport)
        let drawn = (0..<3).map { producer.row($0) }
        #expect(drawn.joined().max() == highest)
        // The pattern lies near the origin: in block column 3, row 1.
        #expect(drawn[1][3] == highest)
        #expect(drawn.joined().filter { $0 != 0 }.count == 1)
    }

    @Test func savedStatesComeBack() throws {
        let universe = try universe()
        let before = universe.cells()
        let (generation, box) = (universe.generation, universe.boundingBox)
        let saved = universe.saveState()
        universe.step(by: BigUInt(37))
        #expect(universe.generation != generation)
        universe.restore(saved)
        #expect(universe.generation == generation && universe.boundingBox == box)
        #expect(universe.cells().elementsEqual(before) { $0 == $1 })
    }
}
