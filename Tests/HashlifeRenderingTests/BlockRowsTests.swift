import HashlifeEngine
import HashlifeRendering
import HashlifeTestSupport
import Testing

// Every renderer reads one input, `BlockRows`: a universe of any family through
// `blocks(of:)` gives what its family's own viewport rows gave.

/// Everything the renderers make of `rows` (made afresh for each) in `palette` with `options`.
private func drawings(_ make: () -> some BlockRows, palette: StatePalette, options: RenderOptions) -> [[UInt8]] {
    var out: [[UInt8]] = []
    for style in TextStyle.allCases {
        for colours in [nil, TerminalColours.trueColour] {
            var rows = make()
            var text = ""
            TextRenderer.render(&rows, style: style, palette: palette, colours: colours) { text += $0 }
            out.append(Array(text.utf8))
        }
    }
    var rows = make()
    var svg = ""
    SVGRenderer.render(&rows, palette: palette, options: options) { svg += $0 }
    out.append(Array(svg.utf8))
    rows = make()
    var png: [UInt8] = []
    PNGRenderer.render(&rows, palette: palette, options: options) { png += $0 }
    out.append(png)
    rows = make()
    out.append(GIFRenderer.frame(&rows, palette: palette, options: options) ?? [])
    return out
}

@Suite struct BlockRowsTests {
    let viewports = [
        Viewport(x: BigInt(-3), y: BigInt(-2), columns: 30, rows: 17, zoom: .one),
        Viewport(x: BigInt(-8), y: BigInt(-8), columns: 9, rows: 7, zoom: BigUInt(4)),
    ]

    @Test(arguments: [false, true])
    func twoStateBlocksDrawAsTheCountedRowsDid(density: Bool) {
        let universe = Fixtures.universe("gosper-glider-gun.rle")
        universe.step(by: BigUInt(30))
        for options in [RenderOptions(density: density), RenderOptions(density: density, grid: true, pixelsPerBlock: 3)] {
            let palette = StatePalette(rule: universe.anyRule, options: options, background: nil)
            #expect(palette == StatePalette(options: options))
            for viewport in viewports {
                let counted = drawings({ universe.blockRows(of: viewport) }, palette: palette, options: options)
                let blocks = drawings({ universe.blocks(of: viewport) }, palette: palette, options: options)
                #expect(blocks == counted, "\(viewport)")
                // The two-state entry points (the options' colours) draw the same.
                var rows = universe.blocks(of: viewport)
                var svg = ""
                SVGRenderer.render(&rows, options: options) { svg += $0 }
                #expect(Array(svg.utf8) == blocks[6])
                rows = universe.blocks(of: viewport)
                var png: [UInt8] = []
                PNGRenderer.render(&rows, options: options) { png += $0 }
                #expect(png == blocks[7])
                rows = universe.blocks(of: viewport)
                #expect(GIFRenderer.frame(&rows, options: options) == blocks[8])
                #expect(GIFRenderer.palette(options) == GIFRenderer.palette(palette, options: options))
            }
        }
    }

    @Test func multiStateBlocksDrawAsTheirStateRowsDid() throws {
        let rule = try MultiStateRule("LifeHistory")
        let universe = MultiStateUniverse(rule: rule)
        let cells: [(x: Int, y: Int, state: UInt8)] = [(0, 0, 1), (1, 0, 1), (2, 0, 1), (2, 1, 2), (5, 3, 6), (7, 7, 4)]
        universe.load(cells: cells, originX: .zero, originY: .zero)
        universe.step(by: BigUInt(6))
        let options = RenderOptions(grid: true, pixelsPerBlock: 3)
        let palette = StatePalette(rule: universe.anyRule, options: options, background: nil)
        #expect(palette == StatePalette(rule: rule))
        for viewport in viewports {
            var source = universe.blockStateRows(of: viewport)
            let stored = StoredBlockRows(states: (0..<viewport.rows).map { source.row($0) })
            #expect(stored.stateRows.joined().contains { $0 > 1 })
            let blocks = drawings({ universe.blocks(of: viewport) }, palette: palette, options: options)
            #expect(blocks == drawings({ stored }, palette: palette, options: options), "\(viewport)")
        }
    }

    @Test func densityShadesOnlyRowsThatCountTheirCells() {
        let options = RenderOptions(density: true)
        let palette = StatePalette(options: options)
        // Counts shade: 1 of 4 cells is a light grey, not the live colour.
        var counted = StoredBlockRows([[BigUInt(1), .zero]], blockArea: BigUInt(4))
        var shaded = ""
        SVGRenderer.render(&counted, palette: palette, options: options) { shaded += $0 }
        #expect(shaded.contains("fill=\"\(options.color(count: .one, blockArea: BigUInt(4)).hex)\""))
        #expect(!shaded.contains("fill=\"\(options.live.hex)\""))
        // States alone cannot: the block shows its state's colour.
        var states = StoredBlockRows(states: [[1, 0]])
        #expect(!states.hasCounts && states.counts(0) == nil)
        var plain = ""
        SVGRenderer.render(&states, palette: palette, options: options) { plain += $0 }
        #expect(plain.contains("<g fill=\"\(options.live.hex)\">"))
    }
}
