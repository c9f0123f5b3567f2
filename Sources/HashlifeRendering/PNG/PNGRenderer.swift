import CZlib
import HashlifeEngine

/// Draws block rows as a PNG through `PNGWriter`, streamed: memory stays proportional to the
/// image width whatever its height (one scanline and zlib's state).
///
/// Each block is `pixelsPerBlock`² pixels in its state's colour from the palette (state 0 its
/// background); with `density`, rows that count their cells (`BlockRows.hasCounts`) shade
/// each block from the background to state 1's colour by the fraction of its cells alive. The
/// image is 1-bit greyscale when every colour it can hold is black or white (no density
/// shading, no grid drawn, every palette colour black or white), 8-bit RGB otherwise. With
/// `grid` and `pixelsPerBlock` ≥ 3, the last pixel row and column of every block are drawn in
/// `gridColor`, so the lines follow block boundaries; with smaller blocks no grid is drawn (it
/// would cover the blocks).
public enum PNGRenderer {
    /// Compressed bytes per IDAT chunk (the last one may be shorter).
    public static let idatChunkSize = PNGWriter.idatChunkSize
    /// The largest width or height a PNG may have.
    public static let maxDimension = PNGWriter.maxDimension

    /// True when the image of `columns`×`rows` blocks at `options.pixelsPerBlock` can be a PNG:
    /// both sides at least 1 pixel and at most `maxDimension`.
    public static func canRender(columns: Int, rows: Int, options: RenderOptions) -> Bool {
        guard RenderOptions.pixelsPerBlockRange.contains(options.pixelsPerBlock), columns > 0, rows > 0 else { return false }
        let (width, o1) = columns.multipliedReportingOverflow(by: options.pixelsPerBlock)
        let (height, o2) = rows.multipliedReportingOverflow(by: options.pixelsPerBlock)
        return !o1 && !o2 && width <= maxDimension && height <= maxDimension
    }

    /// Whether the grid is drawn with these options.
    static func drawsGrid(_ options: RenderOptions) -> Bool {
        options.grid && options.pixelsPerBlock >= 3
    }

    /// Renders `rows` (precondition: `canRender`) in `options.live` on `options.dead`,
    /// handing the file's bytes to `emit` in order.
    public static func render(_ rows: inout some BlockRows, options: RenderOptions, emit: ([UInt8]) -> Void) {
        render(&rows, palette: StatePalette(options: options), options: options, emit: emit)
    }

    /// Renders `rows` (precondition: `canRender`) in `palette`'s colours, handing the file's
    /// bytes to `emit` in order. `options.live` and `dead` are not used: the palette gives
    /// every colour.
    public static func render(_ rows: inout some BlockRows, palette: StatePalette, options: RenderOptions, emit: ([UInt8]) -> Void) {
        withoutActuallyEscaping(emit) { emit in draw(&rows, palette: palette, options: options, emit: emit) }
    }

    private static func draw(_ rows: inout some BlockRows, palette: StatePalette, options: RenderOptions,
                             emit: @escaping ([UInt8]) -> Void) {
        options.checkPixelsPerBlock()
        let columns = rows.columns
        let blockRows = rows.rows
        precondition(
            canRender(columns: columns, rows: blockRows, options: options),
            "a PNG needs 1...\(maxDimension) pixels each way; \(columns)×\(blockRows) blocks at \(options.pixelsPerBlock) px are not")
        let scale = options.pixelsPerBlock
        let width = columns * scale
        let height = blockRows * scale
        let grid = drawsGrid(options)
        let icons = options.density || scale < minimumIconScale ? nil : palette.icons
        let monochrome = !options.density && !grid && icons == nil && palette.colors.allSatisfy { $0 == .black || $0 == .white }
        let writer = PNGWriter(width: width, height: height, format: monochrome ? .monochrome : .rgb, emit: emit)

        if monochrome {
            // Filter byte 0, then pixels 8 to a byte, most significant bit first; 1 is white.
            var line = [UInt8](repeating: 0, count: 1 + (width + 7) / 8)
            let white = (0...255).map { palette.color(UInt8($0)) == .white }
            for index in 0..<blockRows where !rows.isCancelled {
                let states = rows.checkedStates(index)
                for i in 1..<line.count { line[i] = 0 }
                for column in 0..<columns where white[Int(states[column])] {
                    let start = column * scale
                    for x in start..<start + scale {
                        line[1 + (x >> 3)] |= 0x80 >> UInt8(x & 7)
                    }
                }
                for _ in 0..<scale { writer.writeScanline(line) }
            }
        } else if options.density && rows.hasCounts {
            let shader = Shader(dead: palette.background, live: palette.color(1), density: true, blockArea: rows.blockArea)
            writeRGBRows(writer, columns: columns, rows: blockRows, options: options) { index in
                rows.isCancelled ? nil : rows.checkedCounts(index).map { shader.color($0) }
            }
        } else if let icons {
            writeIconRows(writer, columns: columns, rows: blockRows, options: options, palette: palette, icons: icons) { index in
                rows.isCancelled ? nil : rows.checkedStates(index)
            }
        } else {
            let colors = (0...255).map { palette.color(UInt8($0)) }
            writeRGBRows(writer, columns: columns, rows: blockRows, options: options) { index in
                rows.isCancelled ? nil : rows.checkedStates(index).map { colors[Int($0)] }
            }
        }
        writer.finish()
    }
}

extension PNGRenderer {
    /// The smallest block, in pixels, drawn with the rule's icons (`StatePalette.icons`).
    public static let minimumIconScale = 7

    /// The side in pixels of an icon in a block of `options.pixelsPerBlock`: the block less one
    /// pixel row and column from 8 pixels on (as Golly leaves them between icons) or for the
    /// grid, which that pixel shows; the whole block below 8 pixels without a grid.
    static func iconSide(_ options: RenderOptions) -> Int {
        drawsGrid(options) || options.pixelsPerBlock >= 8 ? options.pixelsPerBlock - 1 : options.pixelsPerBlock
    }

    /// Writes `blockRows` rows of `columns` blocks as RGB scanlines, each block not in state 0
    /// drawn as its state's icon: `pixelsPerBlock` square, less one pixel row and column from
    /// 8 pixels on (as Golly leaves them between icons) or for the grid, which that pixel
    /// shows. Stops at the first row `states` returns nil for (cancelled).
    static func writeIconRows(_ writer: PNGWriter, columns: Int, rows blockRows: Int, options: RenderOptions,
                              palette: StatePalette, icons: StateIcons, states: (Int) -> [UInt8]?) {
        let scale = options.pixelsPerBlock
        let grid = drawsGrid(options)
        let side = iconSide(options)
        let gapColor = grid ? options.gridColor : palette.background
        var drawn: [UInt8: [RGB]] = [:]
        var line = [UInt8](repeating: 0, count: 1 + columns * scale * 3)
        for index in 0..<blockRows {
            guard let rowStates = states(index) else { return }
            for state in Set(rowStates) where state != 0 && drawn[state] == nil {
                drawn[state] = icons.pixels(state: state, side: side, color: palette.color(state), background: palette.background)
            }
            for y in 0..<scale {
                var offset = 1
                for state in rowStates {
                    let icon = drawn[state]
                    let fill = palette.color(state)
                    for x in 0..<scale {
                        let color = x >= side || y >= side ? gapColor : icon.map { $0[y * side + x] } ?? fill
                        line[offset] = color.r
                        line[offset + 1] = color.g
                        line[offset + 2] = color.b
                        offset += 3
                    }
                }
                writer.writeScanline(line)
            }
        }
    }

    /// Writes `blockRows` rows of `columns` blocks as RGB scanlines (filter byte 0, then RGB
    /// triples): each block `pixelsPerBlock`² pixels of the colour `colors` gives it (a row's
    /// colours, asked for in order), with the grid of `options` (`drawsGrid`) in its colour.
    /// Stops at the first row `colors` returns nil for (cancelled).
    static func writeRGBRows(_ writer: PNGWriter, columns: Int, rows blockRows: Int, options: RenderOptions,
                             colors: (Int) -> [RGB]?) {
        let scale = options.pixelsPerBlock
        let width = columns * scale
        let grid = drawsGrid(options)
        let gridColor = options.gridColor
        var line = [UInt8](repeating: 0, count: 1 + width * 3)
        var gridLine: [UInt8] = []
        if grid {
            gridLine = [0]
            gridLine.reserveCapacity(line.count)
            for _ in 0..<width { gridLine += [gridColor.r, gridColor.g, gridColor.b] }
        }
        let interior = grid ? scale - 1 : scale
        for index in 0..<blockRows {
            guard let rowColors = colors(index) else { return }
            line.withUnsafeMutableBufferPointer { line in
                var offset = 1
                for color in rowColors {
                    for _ in 0..<interior {
                        line[offset] = color.r
                        line[offset + 1] = color.g
                        line[offset + 2] = color.b
                        offset += 3
                    }
                    if grid {
                        line[offset] = gridColor.r
                        line[offset + 1] = gridColor.g
                        line[offset + 2] = gridColor.b
                        offset += 3
                    }
                }
            }
            for _ in 0..<interior { writer.writeScanline(line) }
            if grid { writer.writeScanline(gridLine) }
        }
    }
}

/// A streaming zlib-format (RFC 1950, window 2^15) deflater with a fixed output buffer, handed
/// to the caller each time it fills and once more at the end.
final class Deflater {
    /// The z_stream at a fixed address: zlib keeps the stream's address in its state.
    private let stream: UnsafeMutablePointer<z_stream>
    private let buffer: UnsafeMutablePointer<UInt8>
    private let bufferSize: Int
    private var finished = false

    init(bufferSize: Int, level: Int32 = Z_DEFAULT_COMPRESSION) {
        precondition(bufferSize > 0 && bufferSize <= Int(UInt32.max))
        self.bufferSize = bufferSize
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        buffer = .allocate(capacity: bufferSize)
        let status = deflateInit2_(
            stream, level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY,
            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { fatalError("zlib could not start compression (code \(status))") }
        resetOutput()
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        buffer.deallocate()
    }

    private func resetOutput() {
        stream.pointee.next_out = buffer
        stream.pointee.avail_out = UInt32(bufferSize)
    }

    /// Compresses `input`; with `finish`, ends the stream and hands over the last output.
    /// `output` is called with each full buffer (and, at the end, the rest).
    func write(_ input: [UInt8], finish: Bool, output: (UnsafeBufferPointer<UInt8>) -> Void) {
        precondition(!finished, "write after finish")
        input.withUnsafeBufferPointer { input in
            var consumed = 0
            while true {
                let chunk = min(input.count - consumed, Int(UInt32.max))
                stream.pointee.next_in = chunk == 0 ? nil : UnsafeMutablePointer(mutating: input.baseAddress! + consumed)
                stream.pointee.avail_in = UInt32(chunk)
                let lastChunk = consumed + chunk == input.count
                let status = deflate(stream, finish && lastChunk ? Z_FINISH : Z_NO_FLUSH)
                consumed += chunk - Int(stream.pointee.avail_in)
                stream.pointee.next_in = nil
                stream.pointee.avail_in = 0
                guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                    fatalError("zlib compression failed (code \(status))")
                }
                let full = stream.pointee.avail_out == 0
                if full {
                    output(UnsafeBufferPointer(start: buffer, count: bufferSize))
                    resetOutput()
                }
                if status == Z_STREAM_END {
                    let produced = bufferSize - Int(stream.pointee.avail_out)
                    if produced > 0 { output(UnsafeBufferPointer(start: buffer, count: produced)) }
                    resetOutput()
                    finished = true
                    return
                }
                // Without a full buffer, zlib has taken all the input it was given.
                if !full && lastChunk && !finish { return }
            }
        }
    }
}
