import Testing
import HashlifeEngine
import HashlifeRendering

/// A rule file's @ICONS, read as Golly reads them and drawn in PNG where a block is 7 pixels or
/// more.
@Suite struct StateIconsTests {
    /// Golly's own example: two 7×7 grayscale icons, a diagonal and an anti-diagonal.
    static let diagonals = [
        "XPM", "/* width height num_colors chars_per_pixel */", "\"7 14 2 1\"", "/* colors */",
        "\". c #000000\"", "\"A c #FFFFFF\"", "/* icon for state 1 */",
        "\"A......\"", "\".A.....\"", "\"..A....\"", "\"...A...\"", "\"....A..\"", "\".....A.\"", "\"......A\"",
        "/* icon for state 2 */",
        "\"......A\"", "\".....A.\"", "\"....A..\"", "\"...A...\"", "\"..A....\"", "\".A.....\"", "\"A......\"",
    ]
    static let red = RGB(r: 255, g: 0, b: 0), grey = RGB(r: 48, g: 48, b: 48)

    @Test func grayscaleIconsAreMasksInTheStatesColour() throws {
        let icons = try #require(StateIcons(lines: Self.diagonals))
        let one = try #require(icons.pixels(state: 1, side: 7, color: Self.red, background: Self.grey))
        let two = try #require(icons.pixels(state: 2, side: 7, color: Self.red, background: Self.grey))
        for y in 0..<7 {
            for x in 0..<7 {
                #expect(one[y * 7 + x] == (x == y ? Self.red : Self.grey))
                #expect(two[y * 7 + x] == (x == 6 - y ? Self.red : Self.grey))
            }
        }
        // A state beyond the last icon takes the last; state 0 has none.
        #expect(icons.pixels(state: 5, side: 7, color: Self.red, background: Self.grey) == two)
        #expect(icons.pixels(state: 0, side: 7, color: Self.red, background: Self.grey) == nil)
        // Scaled to 14 pixels: each icon pixel becomes 2×2.
        let big = try #require(icons.pixels(state: 1, side: 14, color: Self.red, background: Self.grey))
        #expect(big[0] == Self.red && big[1] == Self.red && big[14] == Self.red && big[2] == Self.grey && big[15 * 2] == Self.red)
    }

    @Test func greyBlendsAndColoursAreKept() throws {
        var lines = Self.diagonals
        lines[5] = "\"A c #808080\""
        let grey = try #require(StateIcons(lines: lines))
        let pixel = try #require(grey.pixels(state: 1, side: 7, color: RGB(r: 255, g: 255, b: 255), background: .black))[0]
        #expect(pixel == RGB(r: 128, g: 128, b: 128))
        lines[5] = "\"A c #00FF00\""
        let coloured = try #require(StateIcons(lines: lines))
        let own = try #require(coloured.pixels(state: 1, side: 7, color: Self.red, background: Self.grey))
        #expect(own[0] == RGB(r: 0, g: 255, b: 0) && own[1] == Self.grey)
    }

    @Test func otherSizesAndShortDataAreIgnored() {
        var wrongSize = Self.diagonals
        wrongSize[2] = "\"9 18 2 1\""
        #expect(StateIcons(lines: wrongSize) == nil)
        #expect(StateIcons(lines: Array(Self.diagonals.prefix(12))) == nil)
        #expect(StateIcons(lines: ["# no icons here"]) == nil)
    }

    @Test func builtInNamesAreTheirShapes() throws {
        for name in ["circles", "diamonds", "hexagons"] {
            let icons = try #require(StateIcons(lines: [name]), "\(name)")
            let pixels = try #require(icons.pixels(state: 3, side: 15, color: Self.red, background: Self.grey))
            #expect(pixels[7 * 15 + 7] == Self.red && pixels[0] == Self.grey, "\(name)")
        }
        let triangles = try #require(StateIcons(lines: ["triangles"]))
        let pixels = try #require(triangles.pixels(state: 1, side: 7, color: Self.red, background: Self.grey))
        #expect(pixels[6 * 7] == Self.red && pixels[6] == Self.grey)
    }

    /// In a PNG at scale 8 a block in state 1 is its 7×7 icon with a free pixel row and column;
    /// below 7 pixels blocks are squares of their colour.
    @Test func pngDrawsIconsFromSevenPixels() throws {
        let icons = try #require(StateIcons(lines: Self.diagonals))
        let palette = StatePalette(colors: [Self.grey, Self.red, RGB(r: 0, g: 0, b: 255)], icons: icons)
        func png(scale: Int) throws -> DecodedPNG {
            var rows = StoredBlockRows(states: [[1, 0, 2]])
            var bytes: [UInt8] = []
            PNGRenderer.render(&rows, palette: palette, options: RenderOptions(pixelsPerBlock: scale)) { bytes += $0 }
            return try decodePNG(bytes)
        }
        let eight = try png(scale: 8)
        #expect(eight.width == 24 && eight.height == 8)
        for y in 0..<8 {
            for x in 0..<8 {
                #expect(eight.pixels[y][x] == (x == y && x < 7 ? Self.red : Self.grey), "(\(x), \(y))")
                #expect(eight.pixels[y][16 + x] == (x == 6 - y && y < 7 ? RGB(r: 0, g: 0, b: 255) : Self.grey), "(\(x), \(y))")
            }
        }
        let six = try png(scale: 6)
        #expect(six.pixels[0][5] == Self.red && six.pixels[5][0] == Self.red && six.pixels[0][6] == Self.grey)
    }
}
