import HashlifeEngine
import HashlifeRendering
import HashlifeTestSupport
import Testing

@Suite struct ThumbnailTests {
    @Test(arguments: [(1, 1), (12, 3), (16, 4), (7, 9), (40, 2)])
    func textIsExactlyTheBoxAsked(columns: Int, rows: Int) {
        let gun = Fixtures.universe("gosper-glider-gun.rle")
        gun.step(by: .powerOfTwo(100))
        for universe in [Fixtures.universe("glider.rle"), gun, Universe()] {
            let lines = Thumbnail.text(universe, columns: columns, rows: rows)
            #expect(lines.count == rows)
            #expect(lines.allSatisfy { $0.count == columns && $0.unicodeScalars.allSatisfy { (0x2800...0x28FF).contains($0.value) } })
        }
    }

    @Test func emptyUniverseIsABlankBox() {
        #expect(Thumbnail.text(Universe(), columns: 5, rows: 2) == [String(repeating: "\u{2800}", count: 5), String(repeating: "\u{2800}", count: 5)])
    }

    @Test func patternIsFittedWithTheTwentyPercentMargin() {
        // 10×5 characters are 20×20 blocks: 4 blocks (2 characters, 1 row) stay free each side.
        let universe = Fixtures.universe("r-pentomino.rle")
        universe.step(by: BigUInt(1103))
        let lines = Thumbnail.text(universe, columns: 10, rows: 5)
        let blank: Character = "\u{2800}"
        #expect(lines.first!.allSatisfy { $0 == blank } && lines.last!.allSatisfy { $0 == blank })
        #expect(lines.allSatisfy { $0.prefix(2).allSatisfy { $0 == blank } && $0.suffix(2).allSatisfy { $0 == blank } })
        #expect(lines.joined().contains { $0 != blank })
        // Every lit dot is a lit block of the same fit drawn as text.
        let viewport = universe.fit(columns: 20, rows: 20)!
        var rows = universe.blockRows(of: viewport)
        var lit = 0
        TextRenderer.render(&rows, style: .text) { lit += $0.filter { $0 == "#" }.count }
        let dots = lines.joined().unicodeScalars.map { ($0.value - 0x2800).nonzeroBitCount }.reduce(0, +)
        #expect(dots == lit)
    }

    @Test func pngIsTheFittedPatternAtTheGivenSize() throws {
        let universe = Fixtures.universe("acorn.rle")
        let png = try decodePNG(Thumbnail.png(universe, width: 48, height: 32))
        #expect(png.width == 48 && png.height == 32)
        let pixels = png.pixels.flatMap { $0 }
        #expect(pixels.contains(.black) && pixels.contains(.white))
        // The margin: the outer rows and columns are background.
        #expect(png.pixels[0].allSatisfy { $0 == .white } && png.pixels.allSatisfy { $0[0] == .white })
        let empty = try decodePNG(Thumbnail.png(Universe(), width: 8, height: 4))
        #expect(empty.width == 8 && empty.pixels.flatMap { $0 }.allSatisfy { $0 == .white })
    }
}
