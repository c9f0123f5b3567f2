import Testing
import HashlifeEngine
import HashlifeRendering

/// A rule file's @ICONS, read as Golly reads them and drawn in PNG, SVG and GIF where a block is
/// 7 pixels or more.
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

    /// Block rows with every state of `palette` beside state 0, and a second row reversed.
    static let rows: [[UInt8]] = [[1, 0, 2, 2, 0], [0, 2, 1, 0, 1]]

    /// The pixels of the PNG of `rows`.
    static func pngPixels(_ palette: StatePalette, _ options: RenderOptions) throws -> [[RGB]] {
        var rows = StoredBlockRows(states: Self.rows)
        var bytes: [UInt8] = []
        PNGRenderer.render(&rows, palette: palette, options: options) { bytes += $0 }
        return try decodePNG(bytes).pixels
    }

    /// The palettes the SVG and GIF are checked in: grayscale masks with a grey blend, a
    /// coloured icon, and one built-in shape.
    static func palettes() throws -> [StatePalette] {
        var blended = Self.diagonals
        blended[5] = "\"A c #808080\""
        var coloured = Self.diagonals
        coloured[5] = "\"A c #00FF00\""
        let blue = RGB(r: 0, g: 0, b: 255)
        var palettes: [StatePalette] = []
        for lines in [Self.diagonals, blended, coloured, ["circles"]] {
            let icons = try #require(StateIcons(lines: lines), "\(lines)")
            palettes.append(StatePalette(colors: [Self.grey, Self.red, blue], icons: icons))
        }
        return palettes
    }

    /// The SVG paints the PNG's pixels: its rects and its icons' symbols, placed by `<use>`,
    /// drawn here pixel by pixel (one user unit a block), at scales below, at and above 7, with
    /// and without the grid (whose path the PNG's grid pixels stand for, so it is left out).
    @Test(arguments: [6, 7, 8, 16, 31])
    func svgDrawsThePNGsIcons(scale: Int) throws {
        for palette in try Self.palettes() {
            let options = RenderOptions(pixelsPerBlock: scale)
            var rows = StoredBlockRows(states: Self.rows)
            var svg = ""
            SVGRenderer.render(&rows, palette: palette, options: options) { svg += $0 }
            let png = try Self.pngPixels(palette, options)
            let drawn = try paintSVG(svg, scale: scale, width: png[0].count, height: png.count)
            #expect(drawn == png, "scale \(scale): the SVG's pixels are not the PNG's")
            #expect(svg.contains("<symbol") == (scale >= PNGRenderer.minimumIconScale))
        }
    }

    /// A GIF frame in its palette is the PNG's pixels, icons included, with and without the grid.
    @Test(arguments: [(6, false), (7, false), (8, false), (8, true), (15, true), (31, false)])
    func gifDrawsThePNGsIcons(scale: Int, grid: Bool) throws {
        for palette in try Self.palettes() {
            let options = RenderOptions(grid: grid, pixelsPerBlock: scale)
            var rows = StoredBlockRows(states: Self.rows)
            let colours = GIFRenderer.palette(palette, options: options)
            let frame = try #require(GIFRenderer.frame(&rows, palette: palette, options: options))
            let png = try Self.pngPixels(palette, options)
            let width = png[0].count
            #expect(frame.count == width * png.count)
            let drawn = (0..<png.count).map { y in (0..<width).map { x in colours[Int(frame[y * width + x])] } }
            #expect(drawn == png, "scale \(scale), grid \(grid): the GIF's pixels are not the PNG's")
        }
    }

    /// Icons need more colours than the palette has room for: each pixel takes the nearest.
    @Test func gifIconsBeyondThePalettesRoomTakeTheNearestColour() throws {
        var lines = Self.diagonals
        lines[5] = "\"A c #FF0101\""
        let icons = try #require(StateIcons(lines: lines))
        // 256 colours already, none the icon's own: its pixels take (255, 0, 0), index 255.
        let colours = [RGB.black] + (1..<256).map { RGB(r: UInt8($0), g: 0, b: 0) }
        let palette = StatePalette(colors: colours, icons: icons)
        let options = RenderOptions(pixelsPerBlock: 7)
        #expect(GIFRenderer.palette(palette, options: options) == colours)
        var rows = StoredBlockRows(states: [[1]])
        let frame = try #require(GIFRenderer.frame(&rows, palette: palette, options: options))
        #expect(frame[0] == 255 && frame[1] == 0 && frame[8] == 255, "\(frame.prefix(9))")
    }
}

/// The pixels of an SVG from `SVGRenderer` (`width` × `height`, `scale` pixels a user unit):
/// its rects in order, and each `<use>` of a symbol as the symbol's rects (in pixels) at the
/// use's place. Knows the renderer's own output only.
func paintSVG(_ svg: String, scale: Int, width: Int, height: Int) throws -> [[RGB]] {
    var pixels = [[RGB]](repeating: [RGB](repeating: .black, count: width), count: height)
    func attribute(_ name: String, _ element: Substring) -> String? {
        guard let range = element.range(of: " \(name)=\"") else { return nil }
        return String(element[range.upperBound...].prefix { $0 != "\"" })
    }
    func fill(_ x0: Int, _ y0: Int, _ w: Int, _ h: Int, _ color: RGB) {
        for y in max(0, y0)..<min(height, y0 + h) {
            for x in max(0, x0)..<min(width, x0 + w) { pixels[y][x] = color }
        }
    }
    var classes: [String: RGB] = [:]
    if let style = svg.range(of: "<style>") {
        for rule in svg[style.upperBound...].prefix(while: { $0 != "<" }).split(separator: "}") {
            let parts = rule.dropFirst().split(separator: "{")
            if parts.count == 2, let c = RGB(hex: String(parts[1].dropFirst("fill:".count))) { classes[String(parts[0])] = c }
        }
    }
    var symbols: [String: [(Int, Int, Int, Int, RGB)]] = [:]
    var groupFill: RGB?
    var inSymbol: String?
    for element in svg.split(separator: "<").map({ "<" + $0 }) {
        let tag = element.dropFirst().prefix { $0 != " " && $0 != ">" && $0 != "/" }
        switch tag {
        case "symbol": inSymbol = attribute("id", element[...])
        case "/symbol": inSymbol = nil
        case "g": groupFill = attribute("fill", element[...]).flatMap { RGB(hex: $0) }
        case "/g": groupFill = nil
        case "rect":
            let number = { (name: String) -> Int in Int(attribute(name, element[...]) ?? "0") ?? 0 }
            let color = attribute("fill", element[...]).flatMap { RGB(hex: $0) }
                ?? attribute("class", element[...]).flatMap { classes[$0] } ?? groupFill
            let c = try #require(color, "a rect without a colour: \(element)")
            if let inSymbol {
                symbols[inSymbol, default: []].append((number("x"), number("y"), number("width"), number("height"), c))
            } else {
                fill(number("x") * scale, number("y") * scale, number("width") * scale, number("height") * scale, c)
            }
        case "use":
            let id = String(try #require(attribute("href", element[...])).dropFirst())
            let x = Int(attribute("x", element[...]) ?? "0")! * scale, y = Int(attribute("y", element[...]) ?? "0")! * scale
            for (rx, ry, w, h, c) in try #require(symbols[id], "a use of \(id) before its symbol") { fill(x + rx, y + ry, w, h, c) }
        default: break
        }
    }
    return pixels
}
