import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeTestSupport

@Suite struct ViewCommandTests {
    let glider = Fixtures.pattern("glider.rle")

    @Test func textIsExactlyOneLinePerBlockRow() {
        let result = hashlife("view", glider, "--rect", "-1,-1,5,5")
        #expect(result.status == 0)
        #expect(result.out == ".....\n..#..\n...#.\n.###.\n.....\n")
    }

    /// `--hex` shears the rows: each block two characters wide, each row one character (half a
    /// block) right of the row below; so the hexagonal neighbours of a cell, (−1, −1) and
    /// (0, −1) above and (0, +1) and (+1, +1) below, sit half a block to either side of it.
    @Test func hexShearsTheRowsHalfABlockEach() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("hex.rle").path
        try "x = 3, y = 3, rule = B2/S34H\nobo$2o$bo!\n".write(toFile: path, atomically: true, encoding: .utf8)
        let sheared = hashlife("view", path, "--hex", "--rect", "-1,-1,5,4")
        #expect(sheared.status == 0, "\(sheared.err)")
        #expect(sheared.out == ".............\n....##..##...\n...####......\n....##.......\n")
        // Square by default, as Golly draws it.
        #expect(hashlife("view", path, "--rect", "-1,-1,5,4").out == ".....\n.#.#.\n.##..\n..#..\n")
        // Images: every block 2×2 blocks of pixels, 2·5 + 3 wide and 2·4 tall.
        let png = folder.appendingPathComponent("hex.png").path
        #expect(hashlife("view", path, "--hex", "--rect", "-1,-1,5,4", "--scale", "2", "--out", png).status == 0)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: png)))
        let number = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect((number(16), number(20)) == (26, 16))
        for refused in [["--format", "braille"], ["--format", "png", "--grid", "--scale", "4"]] {
            let result = hashlife(["view", path, "--hex"] + refused + ["--out", png])
            #expect(result.status == 64 && result.err.contains("--hex"), "\(refused)")
        }
    }

    @Test func zoomAggregatesBlocks() {
        // At zoom 2 the 4×4 cells from (0,0) make 2×2 blocks: any live cell lights its block.
        let result = hashlife("view", glider, "--rect", "0,0,4,4", "--zoom", "2")
        #expect(result.out == "##\n##\n")
    }

    @Test func fitShowsTheWholePatternAtTheRequestedSize() {
        let result = hashlife("view", Fixtures.pattern("gosper-glider-gun.rle"), "--gen", "2^100", "--fit", "--size", "50x20")
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(result.status == 0 && lines.count == 20 && lines.allSatisfy { $0.count == 50 })
        #expect(result.out.contains("#"))
        // The 20% margin: the outer 10 columns and 4 rows are empty.
        for line in lines { #expect(!line.prefix(10).contains("#") && !line.suffix(10).contains("#")) }
        #expect(!lines.prefix(4).joined().contains("#") && !lines.suffix(4).joined().contains("#"))
    }

    @Test func fitWithoutSizeIsCroppedToThePatternAndItsMargin() throws {
        // Text: the glider's 3×3 box and one free block on every side, not 80×24 blocks.
        let text = hashlife("view", glider)
        #expect(text.status == 0 && text.out == ".....\n..#..\n...#.\n.###.\n.....\n")
        // --zoom without --size: the box's 2×2 blocks and one free block on every side.
        #expect(hashlife("view", glider, "--zoom", "2").out == "....\n..#.\n.##.\n....\n")
        // --size is exactly that size.
        let sized = hashlife("view", glider, "--size", "20x10").out.split(separator: "\n")
        #expect(sized.count == 10 && sized.allSatisfy { $0.count == 20 })

        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func pngSize(_ arguments: String...) throws -> (Int, Int) {
            let path = folder.appendingPathComponent("picture.png").path
            let result = hashlife(arguments + ["--format", "png", "--out", path])
            #expect(result.status == 0, "\(result.err)")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let number = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            return (number(16), number(20))
        }
        // At --scale 8: 5×5 blocks of 8 pixels, not 512×512 blocks.
        #expect(try pngSize("view", glider, "--scale", "8") == (40, 40))
        // Too large for 512×512 blocks at zoom 1 (2325×2497 cells): the smallest power of two
        // that fits, 16, and only the box's 146×157 blocks and their margin.
        #expect(try pngSize("view", Fixtures.pattern("acorn.rle"), "--gen", "5206", "--scale", "2") == (488, 526))
        #expect(try pngSize("view", glider, "--size", "30x20") == (30, 20))
    }

    @Test func unicodeAndBrailleStyles() {
        let unicode = hashlife("view", glider, "--rect", "0,0,3,4", "--format", "unicode")
        #expect(unicode.out == " ▀▄\n▀▀▀\n")
        let braille = hashlife("view", glider, "--rect", "0,0,4,4", "--format", "braille")
        #expect(braille.out.count == 3 && braille.out.hasSuffix("\n"))
    }

    @Test func imagesGoToFilesAtomically() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hashlife-test-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("gun.png").path
        #expect(hashlife("view", Fixtures.pattern("gosper-glider-gun.rle"), "--size", "64x32", "--out", png).status == 0)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: png)))
        #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let svg = folder.appendingPathComponent("gun.svg").path
        #expect(hashlife("view", Fixtures.pattern("gosper-glider-gun.rle"), "--density", "--out", svg).status == 0)
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.hasPrefix("<svg") && text.hasSuffix("</svg>\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["gun.png", "gun.svg"])
    }

    @Test func badOptionsAreUsageErrors() {
        for (arguments, message) in [
            (["view", glider, "--rect", "1,2,3"], "--rect"),
            (["view", glider, "--rect", "0,0,4,4", "--fit"], "exclude"),
            (["view", glider, "--zoom", "0"], "at least 1"),
            (["view", glider, "--format", "gif"], "--format"),
            (["view", glider, "--size", "10by10"], "--size"),
            (["view", glider, "--scale", "99", "--format", "svg"], "--scale"),
        ] {
            let captured = Captured()
            let status = HashlifeCommand.run(arguments, context: captured.context)
            #expect(status == 64 && captured.standardError.contains(message), "\(arguments): \(captured.standardError)")
        }
    }
}
