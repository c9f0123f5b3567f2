import HashlifeEngine
@testable import HashlifeRendering
import HashlifeTestSupport
import Testing

/// Writes frames with `GIFWriter` and returns the file.
private func gif(width: Int, height: Int, palette: [RGB], loopCount: Int? = 0, changedRectangleOnly: Bool = true,
                 frames: [[UInt8]], delay: Int = 7) -> [UInt8] {
    var file: [UInt8] = []
    let writer = GIFWriter(width: width, height: height, palette: palette, loopCount: loopCount,
                           changedRectangleOnly: changedRectangleOnly) { file += $0 }
    for frame in frames { writer.addFrame(frame, delay: delay) }
    writer.finish()
    return file
}

/// Deterministic pseudo-random indices below `colours`, in runs so that LZW finds strings.
private func noise(count: Int, colours: Int, seed: UInt64) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    var pixels: [UInt8] = []
    while pixels.count < count {
        let value = UInt8(random.next() % UInt64(colours))
        let run = Int(random.next() % 5) + 1
        pixels += Array(repeating: value, count: min(run, count - pixels.count))
    }
    return pixels
}

@Suite struct GIFTests {
    @Test(arguments: [2, 3, 4, 16, 200, 256])
    func framesDecodeToTheirPixels(colours: Int) throws {
        let palette = (0..<colours).map { RGB(r: UInt8($0), g: UInt8(255 - $0), b: 7) }
        // 300×200 of noise is far past 4096 codes: the table is cleared and restarted.
        let frames = (0..<3).map { noise(count: 300 * 200, colours: colours, seed: UInt64($0 + colours)) }
        let decoded = try GIFDecoder.decode(gif(width: 300, height: 200, palette: palette, frames: frames))
        #expect(decoded.width == 300 && decoded.height == 200)
        #expect(decoded.frames.count == 3)
        for (frame, pixels) in zip(decoded.frames, frames) {
            #expect(frame.canvas == pixels)
            #expect(frame.delay == 7)
        }
        for (i, colour) in palette.enumerated() {
            #expect(decoded.palette[i] == (colour.r, colour.g, colour.b))
        }
    }

    @Test func onlyTheChangedRectangleIsStored() throws {
        var first = [UInt8](repeating: 0, count: 20 * 10)
        var second = first
        second[3 * 20 + 5] = 1
        second[6 * 20 + 11] = 1
        first[0] = 1
        let decoded = try GIFDecoder.decode(gif(width: 20, height: 10, palette: [.white, .black], frames: [first, second, second]))
        #expect(decoded.frames.map(\.canvas) == [first, second, second])
        // The first frame is whole; the second spans the changes (and the pixel cleared at 0,0).
        #expect(decoded.frames[0].rectangle == (0, 0, 20, 10))
        #expect(decoded.frames[1].rectangle == (0, 0, 12, 7))
        // Nothing changed: one pixel.
        #expect(decoded.frames[2].rectangle.width * decoded.frames[2].rectangle.height == 1)
        let whole = try GIFDecoder.decode(gif(width: 20, height: 10, palette: [.white, .black], changedRectangleOnly: false, frames: [first, second]))
        #expect(whole.frames[1].rectangle == (0, 0, 20, 10))
        #expect(whole.frames.map(\.canvas) == [first, second])
    }

    @Test func loopingExtensionCarriesTheCount() throws {
        let frame = [UInt8](repeating: 1, count: 4)
        #expect(try GIFDecoder.decode(gif(width: 2, height: 2, palette: [.white, .black], loopCount: 0, frames: [frame])).loopCount == 0)
        #expect(try GIFDecoder.decode(gif(width: 2, height: 2, palette: [.white, .black], loopCount: 4, frames: [frame])).loopCount == 4)
        #expect(try GIFDecoder.decode(gif(width: 2, height: 2, palette: [.white, .black], loopCount: nil, frames: [frame])).loopCount == nil)
    }

    @Test func framesAreDrawnAsBlocksWithTheGrid() throws {
        // 3×2 blocks at scale 3 with the grid: interior 2×2 pixels, last row and column grid.
        var rows = StoredBlockRows([[.one, .zero, BigUInt(5)], [.zero, .zero, .one]], blockArea: BigUInt(9))
        var options = RenderOptions(grid: true, pixelsPerBlock: 3)
        options.live = RGB(r: 1, g: 2, b: 3)
        let pixels = try #require(GIFRenderer.frame(&rows, options: options))
        let lines = stride(from: 0, to: pixels.count, by: 9).map { pixels[$0..<$0 + 9].map(String.init).joined() }
        #expect(lines == ["112002112", "112002112", "222222222", "002002112", "002002112", "222222222"])
        #expect(GIFRenderer.palette(options) == [options.dead, options.live, options.gridColor])
        var plain = StoredBlockRows([[.one, .zero]])
        #expect(GIFRenderer.frame(&plain, options: RenderOptions(pixelsPerBlock: 2)) == [1, 1, 0, 0, 1, 1, 0, 0])
    }

    @Test func fittingABoxMatchesTheUniverseFit() {
        let universe = Fixtures.universe("gosper-glider-gun.rle")
        universe.step(by: BigUInt(500))
        let box = universe.boundingBox!
        for (columns, rows) in [(80, 24), (10, 10), (7, 300)] {
            #expect(Viewport.fitting(box, columns: columns, rows: rows) == universe.fit(columns: columns, rows: rows))
        }
        let a = CellRect(x: -5, y: 2, width: 3, height: 10), b = CellRect(x: 1, y: -4, width: 2, height: 2)
        #expect(a.union(b) == CellRect(x: -5, y: -4, width: 8, height: 16))
    }
}
