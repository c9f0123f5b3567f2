import CZlib
import HashlifeEngine
import HashlifeRendering
import Testing

// MARK: - Helpers

/// Block rows from a picture: one string per row, `.` for 0 and a digit (or `#` = 1) for a count.
private func picture(_ lines: [String], blockArea: BigUInt = .one) -> StoredBlockRows {
    let counts = lines.map { line in
        line.map { ch -> BigUInt in
            if ch == "." { return .zero }
            if ch == "#" { return .one }
            return BigUInt(Int(String(ch))!)
        }
    }
    return StoredBlockRows(counts, blockArea: blockArea)
}

/// What the renderers asked for and emitted, in order.
private final class EventLog {
    enum Event: Equatable { case row(Int), emit }
    var events: [Event] = []
    var rowsRequested: [Int] { events.compactMap { if case .row(let i) = $0 { i } else { nil } } }
}

/// Rows computed when asked for, logging each request.
private struct GeneratedRows: BlockRows {
    let columns: Int
    let rows: Int
    let blockArea: BigUInt
    let log: EventLog
    let count: (Int, Int) -> BigUInt
    var hasCounts: Bool { true }
    mutating func row(_ index: Int) -> [BigUInt] {
        log.events.append(.row(index))
        return (0..<columns).map { count($0, index) }
    }
    mutating func states(_ index: Int) -> [UInt8] { row(index).map { $0.isZero ? 0 : 1 } }
    mutating func counts(_ index: Int) -> [BigUInt]? { row(index) }
}

private func renderText(_ rows: some BlockRows, _ style: TextStyle) -> [String] {
    var rows = rows
    var lines: [String] = []
    TextRenderer.render(&rows, style: style) { lines.append($0) }
    return lines
}

/// A table-driven CRC-32 (ISO-HDLC, as PNG uses), independent of zlib.
private let crcTable: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
}

func crc32Reference(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
    return c ^ 0xFFFF_FFFF
}

func bigEndian(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
}

struct DecodedPNG {
    var width = 0
    var height = 0
    var bitDepth = 0
    var colorType = 0
    var chunkTypes: [String] = []
    var idatSizes: [Int] = []
    /// pixels[y][x]
    var pixels: [[RGB]] = []
}

enum PNGTestError: Error { case malformed(String) }

/// Parses and checks a PNG from this module: signature, chunk CRCs, IHDR, and the inflated
/// scanlines (filter 0 each), into pixels.
func decodePNG(_ file: [UInt8]) throws -> DecodedPNG {
    var png = DecodedPNG()
    guard Array(file.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
        throw PNGTestError.malformed("signature")
    }
    var at = 8
    var idat: [UInt8] = []
    while at < file.count {
        guard at + 12 <= file.count else { throw PNGTestError.malformed("truncated chunk") }
        let length = Int(bigEndian(file, at))
        guard at + 12 + length <= file.count else { throw PNGTestError.malformed("chunk overruns") }
        let type = String(decoding: file[at + 4..<at + 8], as: UTF8.self)
        let data = Array(file[at + 8..<at + 8 + length])
        let crc = bigEndian(file, at + 8 + length)
        guard crc == crc32Reference(file[at + 4..<at + 8 + length]) else { throw PNGTestError.malformed("CRC of \(type)") }
        png.chunkTypes.append(type)
        switch type {
        case "IHDR":
            guard length == 13 else { throw PNGTestError.malformed("IHDR length") }
            png.width = Int(bigEndian(data, 0))
            png.height = Int(bigEndian(data, 4))
            png.bitDepth = Int(data[8])
            png.colorType = Int(data[9])
            guard data[10] == 0, data[11] == 0, data[12] == 0 else { throw PNGTestError.malformed("IHDR methods") }
        case "IDAT":
            idat += data
            png.idatSizes.append(length)
        case "IEND":
            guard length == 0 else { throw PNGTestError.malformed("IEND length") }
        default:
            break
        }
        at += 12 + length
    }
    guard png.chunkTypes.first == "IHDR", png.chunkTypes.last == "IEND",
          png.chunkTypes.dropFirst().dropLast().allSatisfy({ $0 == "IDAT" }), !png.idatSizes.isEmpty
    else { throw PNGTestError.malformed("chunk order \(png.chunkTypes)") }

    let rowBytes: Int
    switch (png.bitDepth, png.colorType) {
    case (1, 0): rowBytes = (png.width + 7) / 8
    case (8, 2): rowBytes = png.width * 3
    default: throw PNGTestError.malformed("unexpected format \(png.bitDepth)/\(png.colorType)")
    }
    let expectedSize = (rowBytes + 1) * png.height
    var raw = [UInt8](repeating: 0, count: expectedSize + 1)
    var rawSize = UInt(raw.count)
    let status = raw.withUnsafeMutableBufferPointer { out in
        idat.withUnsafeBufferPointer { input in
            uncompress(out.baseAddress, &rawSize, input.baseAddress, UInt(input.count))
        }
    }
    guard status == Z_OK else { throw PNGTestError.malformed("inflate status \(status)") }
    guard Int(rawSize) == expectedSize else { throw PNGTestError.malformed("inflated \(rawSize), expected \(expectedSize)") }

    png.pixels.reserveCapacity(png.height)
    for y in 0..<png.height {
        let start = y * (rowBytes + 1)
        guard raw[start] == 0 else { throw PNGTestError.malformed("filter \(raw[start]) on line \(y)") }
        var line: [RGB] = []
        line.reserveCapacity(png.width)
        for x in 0..<png.width {
            if png.bitDepth == 1 {
                let bit = raw[start + 1 + x / 8] >> (7 - UInt8(x % 8)) & 1
                line.append(bit == 1 ? .white : .black)
            } else {
                let p = start + 1 + x * 3
                line.append(RGB(r: raw[p], g: raw[p + 1], b: raw[p + 2]))
            }
        }
        if png.bitDepth == 1 {
            // Padding bits after the last pixel are zero.
            let used = png.width % 8
            if used != 0 { guard raw[start + rowBytes] & (0xFF >> UInt8(used)) == 0 else { throw PNGTestError.malformed("padding") } }
        }
        png.pixels.append(line)
    }
    return png
}

private func renderPNG(_ rows: inout some BlockRows, _ options: RenderOptions) -> (file: [UInt8], emits: Int) {
    var file: [UInt8] = []
    var emits = 0
    PNGRenderer.render(&rows, options: options) { file += $0; emits += 1 }
    return (file, emits)
}

/// The expected shade, computed here from the stated rule.
private func expectedShade(count: Double, area: Double, options: RenderOptions) -> RGB {
    if count == 0 { return options.dead }
    if !options.density { return options.live }
    let f = max(min(count / area, 1), 0.15)
    func mix(_ d: UInt8, _ l: UInt8) -> UInt8 { UInt8((Double(d) + (Double(l) - Double(d)) * f).rounded()) }
    return RGB(r: mix(options.dead.r, options.live.r), g: mix(options.dead.g, options.live.g), b: mix(options.dead.b, options.live.b))
}

/// Checks every pixel of `png` against the blocks `counts` drawn with `options`.
private func expectPixels(_ png: DecodedPNG, counts: [[Int]], area: Int, options: RenderOptions, gridDrawn: Bool) {
    let scale = options.pixelsPerBlock
    #expect(png.width == (counts.first?.count ?? 0) * scale)
    #expect(png.height == counts.count * scale)
    var mismatches = 0
    for y in 0..<png.height {
        for x in 0..<png.width {
            let expected: RGB
            if gridDrawn && (x % scale == scale - 1 || y % scale == scale - 1) {
                expected = options.gridColor
            } else {
                expected = expectedShade(count: Double(counts[y / scale][x / scale]), area: Double(area), options: options)
            }
            if png.pixels[y][x] != expected {
                mismatches += 1
                if mismatches <= 5 { Issue.record("pixel (\(x), \(y)) is \(png.pixels[y][x]), expected \(expected)") }
            }
        }
    }
    #expect(mismatches == 0)
}

private func intCounts(_ lines: [String]) -> [[Int]] {
    lines.map { $0.map { $0 == "." ? 0 : $0 == "#" ? 1 : Int(String($0))! } }
}

// MARK: - Text

@Test func textExactOutput() {
    let rows = picture(["#..2", "....", "55.#"])
    let lines = renderText(rows, .text)
    #expect(lines == ["#..#\n", "....\n", "##.#\n"])
    let joined = lines.joined()
    #expect(joined.allSatisfy { $0 == "#" || $0 == "." || $0 == "\n" })
    #expect(joined.filter { $0 == "\n" }.count == 3)
}

@Test func textEmptyAndStreaming() {
    #expect(renderText(StoredBlockRows([]), .text).isEmpty)
    #expect(renderText(StoredBlockRows([[], []]), .text) == ["\n", "\n"])

    let log = EventLog()
    var rows = GeneratedRows(columns: 3, rows: 4, blockArea: .one, log: log) { x, y in (x + y) % 2 == 0 ? .one : .zero }
    var out: [String] = []
    TextRenderer.render(&rows, style: .text) { out.append($0); log.events.append(.emit) }
    #expect(out == ["#.#\n", ".#.\n", "#.#\n", ".#.\n"])
    #expect(log.events == [.row(0), .emit, .row(1), .emit, .row(2), .emit, .row(3), .emit])
}

@Test func unicodeHalfBlocks() {
    let rows = picture(["#.#", "##.", ".##"])
    #expect(renderText(rows, .unicode) == ["\u{2588}\u{2584}\u{2580}\n", " \u{2580}\u{2580}\n"])
    #expect(renderText(picture(["..", ".."]), .unicode) == ["  \n"])
    #expect(renderText(StoredBlockRows([]), .unicode).isEmpty)

    let log = EventLog()
    var generated = GeneratedRows(columns: 2, rows: 5, blockArea: .one, log: log) { _, _ in .one }
    var out: [String] = []
    TextRenderer.render(&generated, style: .unicode) { out.append($0); log.events.append(.emit) }
    #expect(out == ["\u{2588}\u{2588}\n", "\u{2588}\u{2588}\n", "\u{2580}\u{2580}\n"])
    #expect(log.events == [.row(0), .row(1), .emit, .row(2), .row(3), .emit, .row(4), .emit])
}

@Test func brailleDots() {
    let rows = picture([
        "#.#",
        ".#.",
        "...",
        "###",
        "..#",
    ])
    // Left cell: (0,0) 0x01, (1,1) 0x10, (0,3) 0x40, (1,3) 0x80; right cell: (0,0) 0x01, (0,3) 0x40.
    #expect(renderText(rows, .braille) == ["\u{28D1}\u{2841}\n", "\u{2800}\u{2801}\n"])
    #expect(renderText(picture(["##", "##", "##", "##"]), .braille) == ["\u{28FF}\n"])
    #expect(renderText(picture(["#", "#", "#", "#"]), .braille) == ["\u{2847}\n"])
    #expect(renderText(picture([".#", "..", "..", ".#"]), .braille) == ["\u{2888}\n"])
    #expect(renderText(picture([".#.", "#.."]), .braille) == ["\u{280A}\u{2800}\n"])

    // Every dot position alone.
    let expected: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
    for dx in 0..<2 {
        for dy in 0..<4 {
            var lines = Array(repeating: "..", count: 4)
            lines[dy] = dx == 0 ? "#." : ".#"
            let scalar = Unicode.Scalar(0x2800 + expected[dx][dy])!
            #expect(renderText(picture(lines), .braille) == [String(Character(scalar)) + "\n"])
        }
    }

    let log = EventLog()
    var generated = GeneratedRows(columns: 3, rows: 5, blockArea: .one, log: log) { _, _ in .zero }
    var count = 0
    TextRenderer.render(&generated, style: .braille) { _ in count += 1; log.events.append(.emit) }
    #expect(count == 2)
    #expect(log.events == [.row(0), .row(1), .row(2), .row(3), .emit, .row(4), .emit])
}

// MARK: - PNG

@Test func pngOneBit() throws {
    let lines = ["#..2.", "....#", "55.#.", "#####"]
    for scale in [1, 2, 3, 9] {
        var rows = picture(lines)
        let options = RenderOptions(pixelsPerBlock: scale)
        let (file, _) = renderPNG(&rows, options)
        let png = try decodePNG(file)
        #expect(png.bitDepth == 1 && png.colorType == 0)
        #expect(png.width == 5 * scale && png.height == 4 * scale)
        expectPixels(png, counts: intCounts(lines), area: 1, options: options, gridDrawn: false)
    }
    // Inverted colours stay 1-bit.
    var rows = picture(lines)
    let inverted = RenderOptions(live: .white, dead: .black, pixelsPerBlock: 2)
    let png = try decodePNG(renderPNG(&rows, inverted).file)
    #expect(png.bitDepth == 1)
    expectPixels(png, counts: intCounts(lines), area: 1, options: inverted, gridDrawn: false)
    // A grid too fine to draw keeps the image 1-bit.
    var rows2 = picture(lines)
    let fineGrid = RenderOptions(grid: true, pixelsPerBlock: 2)
    let png2 = try decodePNG(renderPNG(&rows2, fineGrid).file)
    #expect(png2.bitDepth == 1)
    expectPixels(png2, counts: intCounts(lines), area: 1, options: fineGrid, gridDrawn: false)
}

@Test func pngRGBColours() throws {
    let lines = ["#..2.", "....#", "55.#."]
    let options = RenderOptions(live: RGB(hex: "#1e90ff")!, dead: RGB(hex: "#202020")!, pixelsPerBlock: 3)
    var rows = picture(lines)
    let png = try decodePNG(renderPNG(&rows, options).file)
    #expect(png.bitDepth == 8 && png.colorType == 2)
    expectPixels(png, counts: intCounts(lines), area: 1, options: options, gridDrawn: false)
}

@Test func pngDensity() throws {
    // Area 9 (zoom 3): counts 0...9.
    let lines = ["0123456789", "9876543210"]
    let options = RenderOptions(density: true)
    var rows = picture(lines, blockArea: 9)
    let png = try decodePNG(renderPNG(&rows, options).file)
    #expect(png.colorType == 2)
    expectPixels(png, counts: intCounts(lines), area: 9, options: options, gridDrawn: false)
    // Spot values: 1 of 9 is below the minimum, so 15%: 255 − 38.25 → 217; full is black.
    #expect(png.pixels[0][1] == RGB(r: 217, g: 217, b: 217))
    #expect(png.pixels[0][9] == .black)
    #expect(png.pixels[0][0] == .white)

    // Coloured density with scale.
    let coloured = RenderOptions(density: true, live: RGB(r: 200, g: 0, b: 100), dead: RGB(r: 0, g: 50, b: 0), pixelsPerBlock: 2)
    var rows2 = picture(lines, blockArea: 9)
    let png2 = try decodePNG(renderPNG(&rows2, coloured).file)
    expectPixels(png2, counts: intCounts(lines), area: 9, options: coloured, gridDrawn: false)
}

@Test func densityShadeWithHugeBlocks() {
    let options = RenderOptions(density: true)
    let area = BigUInt.powerOfTwo(200)
    #expect(options.color(count: .zero, blockArea: area) == .white)
    // A single cell in a 2^200-cell block is still visible, at the minimum shade.
    #expect(options.color(count: .one, blockArea: area) == RGB(r: 217, g: 217, b: 217))
    #expect(options.color(count: BigUInt.powerOfTwo(199), blockArea: area) == RGB(r: 128, g: 128, b: 128))
    #expect(options.color(count: area, blockArea: area) == .black)
    #expect(options.color(count: area - BigUInt.one, blockArea: area) == RGB(r: 0, g: 0, b: 0))
    // Without density any live cell is `live`.
    #expect(RenderOptions().color(count: .one, blockArea: area) == .black)
}

@Test func pngGrid() throws {
    let lines = ["#..2.", "....#", "55.#."]
    for scale in [3, 4, 7] {
        for density in [false, true] {
            let options = RenderOptions(density: density, grid: true, gridColor: RGB(r: 1, g: 2, b: 3), pixelsPerBlock: scale)
            var rows = picture(lines, blockArea: 5)
            let png = try decodePNG(renderPNG(&rows, options).file)
            #expect(png.colorType == 2)
            expectPixels(png, counts: intCounts(lines), area: 5, options: options, gridDrawn: true)
        }
    }
}

@Test func pngLargeImageStreams() throws {
    let columns = 2000
    let height = 2000
    let log = EventLog()
    // Pseudo-random cells (so the data does not compress to one chunk), with a few stripes.
    func live(_ x: Int, _ y: Int) -> Bool {
        var h = UInt64(truncatingIfNeeded: x &* 0x9E37_79B9 ^ y &* 0x85EB_CA6B)
        h = (h ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 32)) &* 0x94D0_49BB_1331_11EB
        return (h >> 61) & 1 == 1 || y % 97 == 0
    }
    var rows = GeneratedRows(columns: columns, rows: height, blockArea: .one, log: log) { x, y in live(x, y) ? .one : .zero }
    var file: [UInt8] = []
    var rowsRequestedAtFirstIDAT: Int?
    var emits = 0
    PNGRenderer.render(&rows, options: RenderOptions()) { bytes in
        emits += 1
        if rowsRequestedAtFirstIDAT == nil, bytes.count >= 8, Array(bytes[4..<8]) == Array("IDAT".utf8) {
            rowsRequestedAtFirstIDAT = log.rowsRequested.count
        }
        file += bytes
    }
    // Each row asked for once, in order, and compressed data handed out long before the end.
    #expect(log.rowsRequested == Array(0..<height))
    let first = try #require(rowsRequestedAtFirstIDAT)
    #expect(first < height)
    #expect(emits > 3)

    let png = try decodePNG(file)
    #expect(png.bitDepth == 1)
    #expect(png.idatSizes.count > 1)
    #expect(png.idatSizes.allSatisfy { $0 <= PNGRenderer.idatChunkSize })
    #expect(png.idatSizes.dropLast().allSatisfy { $0 == PNGRenderer.idatChunkSize })
    var mismatches = 0
    for y in 0..<height {
        for x in 0..<columns where (png.pixels[y][x] == .black) != live(x, y) { mismatches += 1 }
    }
    #expect(mismatches == 0)
}

@Test func pngRGBLargeWithDensityAndGrid() throws {
    let columns = 300
    let height = 200
    let log = EventLog()
    func count(_ x: Int, _ y: Int) -> Int { (x * 31 + y * 17) % 17 }
    var rows = GeneratedRows(columns: columns, rows: height, blockArea: 16, log: log) { x, y in BigUInt(count(x, y)) }
    let options = RenderOptions(density: true, grid: true, live: RGB(r: 255, g: 0, b: 0), pixelsPerBlock: 3)
    let png = try decodePNG(renderPNG(&rows, options).file)
    #expect(log.rowsRequested == Array(0..<height))
    let counts = (0..<height).map { y in (0..<columns).map { x in count(x, y) } }
    expectPixels(png, counts: counts, area: 16, options: options, gridDrawn: true)
}

// MARK: - SVG

private func renderSVG(_ rows: some BlockRows, _ options: RenderOptions) -> String {
    var rows = rows
    var out = ""
    SVGRenderer.render(&rows, options: options) { out += $0 }
    return out
}

private func occurrences(_ needle: String, in text: String) -> Int {
    let hay = Array(text.utf8)
    let pin = Array(needle.utf8)
    guard !pin.isEmpty, hay.count >= pin.count else { return 0 }
    var found = 0
    for i in 0...(hay.count - pin.count) where hay[i] == pin[0] && Array(hay[i..<i + pin.count]) == pin { found += 1 }
    return found
}

@Test func svgRectsAndRuns() {
    let rows = picture(["####.", ".....", "#.#.#", ".##.."])
    let svg = renderSVG(rows, RenderOptions(pixelsPerBlock: 4))
    #expect(svg.hasPrefix("<svg"))
    #expect(svg.hasSuffix("</svg>\n"))
    #expect(svg.contains("width=\"20\" height=\"16\""))
    #expect(svg.contains("viewBox=\"0 0 5 4\""))
    // Background plus runs: 1 + 0 + 3 + 1.
    #expect(occurrences("<rect", in: svg) == 1 + 5)
    #expect(svg.contains("<rect width=\"5\" height=\"4\" fill=\"#ffffff\"/>"))
    #expect(svg.contains("<rect x=\"0\" y=\"0\" width=\"4\" height=\"1\"/>"))
    #expect(svg.contains("<rect x=\"1\" y=\"3\" width=\"2\" height=\"1\"/>"))
    #expect(svg.contains("<rect x=\"4\" y=\"2\" width=\"1\" height=\"1\"/>"))
    #expect(svg.contains("fill=\"#000000\""))
    #expect(!svg.contains("<path"))
    #expect(occurrences("<svg", in: svg) == 1 && occurrences("</svg>", in: svg) == 1)
    #expect(occurrences("<g", in: svg) == occurrences("</g>", in: svg))
}

@Test func svgDensityBreaksRunsByColour() {
    // Area 4: counts 4,4 merge; 1 differs; the final 2,2 merge.
    let rows = picture(["44122", "....."], blockArea: 4)
    let svg = renderSVG(rows, RenderOptions(density: true))
    #expect(occurrences("<rect", in: svg) == 1 + 3)
    #expect(svg.contains("<rect x=\"0\" y=\"0\" width=\"2\" height=\"1\" fill=\"#000000\"/>"))
    #expect(svg.contains("<rect x=\"2\" y=\"0\" width=\"1\" height=\"1\" fill=\"#bf\(String(repeating: "bf", count: 2))\"/>"))
    #expect(svg.contains("<rect x=\"3\" y=\"0\" width=\"2\" height=\"1\" fill=\"#808080\"/>"))
}

@Test func svgGrid() {
    let rows = picture(["#..", "..#"])
    let plain = renderSVG(rows, RenderOptions(grid: false))
    #expect(!plain.contains("<path"))
    let svg = renderSVG(rows, RenderOptions(grid: true, gridColor: RGB(r: 0x12, g: 0x34, b: 0x56), pixelsPerBlock: 10))
    #expect(occurrences("<path", in: svg) == 1)
    #expect(svg.contains("stroke=\"#123456\""))
    // Every block edge: 4 vertical and 3 horizontal lines.
    #expect(occurrences("M", in: svg) == 4 + 3)
    for x in 0...3 { #expect(svg.contains("M\(x) 0V2")) }
    for y in 0...2 { #expect(svg.contains("M0 \(y)H3")) }
    #expect(svg.hasSuffix("</svg>\n"))

    // A big grid's path is emitted in pieces, and rows are read in order once each.
    let log = EventLog()
    var big = GeneratedRows(columns: 1000, rows: 700, blockArea: .one, log: log) { x, y in x == y ? .one : .zero }
    var out = ""
    var emits = 0
    SVGRenderer.render(&big, options: RenderOptions(grid: true)) { out += $0; emits += 1 }
    #expect(log.rowsRequested == Array(0..<700))
    #expect(occurrences("<rect", in: out) == 1 + 700)
    #expect(occurrences("M", in: out) == 1001 + 701)
    #expect(emits > 700 + 5)
}

// MARK: - Colours

@Test func rgbHexParsing() {
    #expect(RGB(hex: "#FF8000") == RGB(r: 255, g: 128, b: 0))
    #expect(RGB(hex: "ff8000") == RGB(r: 255, g: 128, b: 0))
    #expect(RGB(hex: "#f80") == RGB(r: 255, g: 136, b: 0))
    #expect(RGB(hex: "F80") == RGB(r: 255, g: 136, b: 0))
    #expect(RGB(hex: "#000000") == .black)
    #expect(RGB(hex: "#fff") == .white)
    #expect(RGB(hex: "#aBcDeF") == RGB(r: 0xAB, g: 0xCD, b: 0xEF))
    for bad in ["", "#", "#12", "#1234", "#12345", "#1234567", "GG0000", "#ff80 0", " #fff", "##fff", "#ff800g", "0x123456", "＃fff"] {
        #expect(RGB(hex: bad) == nil, "\(bad)")
    }
    #expect(RGB(r: 255, g: 128, b: 0).hex == "#ff8000")
    #expect(RGB(r: 1, g: 2, b: 3).hex == "#010203")
    for value in [RGB(r: 0, g: 0x7F, b: 0xFE), .white, RGB(r: 0xC0, g: 0xC0, b: 0xC0)] {
        #expect(RGB(hex: value.hex) == value)
    }
    let defaults = RenderOptions()
    #expect(defaults.live == .black && defaults.dead == .white && defaults.gridColor.hex == "#c0c0c0")
    #expect(!defaults.density && !defaults.grid && defaults.pixelsPerBlock == 1)
}

@Test func storedBlockRows() {
    var rows = StoredBlockRows([[1, 2], [0, 3]], blockArea: 4)
    #expect(rows.columns == 2 && rows.rows == 2 && rows.blockArea == 4)
    #expect(rows.row(1) == [0, 3])
    let empty = StoredBlockRows([], columns: 5)
    #expect(empty.columns == 5 && empty.rows == 0)
}
