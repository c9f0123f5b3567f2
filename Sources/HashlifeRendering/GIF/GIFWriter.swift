/// A GIF89a file written as it goes: the header, logical screen and global colour table at
/// `init`, then each frame as it is added, then the trailer at `finish`. Only the previous
/// frame is kept (to find what changed), so an animation of any length is written in memory
/// proportional to one frame.
///
/// Layout: `GIF89a`, logical screen descriptor with a global colour table (the palette padded
/// to a power of two, at least 4 entries), the NETSCAPE2.0 application extension when the
/// animation loops, then per frame a graphic control extension (delay, disposal "leave in
/// place") and an image descriptor with LZW data; finally `;`.
///
/// With `changedRectangleOnly` each frame after the first is stored as the smallest rectangle
/// holding every pixel that differs from the previous frame (a 1×1 rectangle when none does);
/// since earlier frames stay in place, the displayed picture is the full frame either way.
public final class GIFWriter {
    /// The largest side a GIF may have.
    public static let maxDimension = 65_535
    /// The longest frame delay, in hundredths of a second.
    public static let maxDelay = 65_535

    public let width: Int
    public let height: Int
    public let changedRectangleOnly: Bool
    private let emit: ([UInt8]) -> Void
    private var previous: [UInt8] = []
    private var lzw: LZWEncoder
    private let paletteCount: Int
    private var finished = false
    /// Frames written so far.
    public private(set) var frameCount = 0

    /// Writes the file's header.
    /// - Parameters:
    ///   - palette: 1...256 colours; frames index into it.
    ///   - loopCount: nil plays once (no looping extension); 0 loops forever; n > 0 repeats n
    ///     more times after the first play (the NETSCAPE2.0 count, at most 65535).
    ///   - emit: receives the file's bytes in order.
    public init(width: Int, height: Int, palette: [RGB], loopCount: Int?, changedRectangleOnly: Bool = true,
                emit: @escaping ([UInt8]) -> Void) {
        precondition((1...Self.maxDimension).contains(width) && (1...Self.maxDimension).contains(height),
                     "a GIF is 1...\(Self.maxDimension) pixels each way")
        precondition((1...256).contains(palette.count), "a GIF palette holds 1...256 colours")
        precondition(loopCount.map { (0...65_535).contains($0) } ?? true, "the loop count is 0...65535")
        self.width = width
        self.height = height
        self.changedRectangleOnly = changedRectangleOnly
        self.emit = emit
        paletteCount = palette.count
        var bits = 2
        while 1 << bits < palette.count { bits += 1 }
        lzw = LZWEncoder(minimumCodeSize: bits)

        var header = Array("GIF89a".utf8)
        appendLittleEndian(width, to: &header)
        appendLittleEndian(height, to: &header)
        // Global table present, colour resolution 8 bits, not sorted, 2^bits entries.
        header += [0x80 | 0x70 | UInt8(bits - 1), 0, 0]
        for i in 0..<1 << bits {
            let colour = i < palette.count ? palette[i] : .black
            header += [colour.r, colour.g, colour.b]
        }
        if let loopCount {
            header += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1]
            appendLittleEndian(loopCount, to: &header)
            header.append(0)
        }
        emit(header)
    }

    /// Adds a frame of `width`×`height` palette indices, row by row, shown for `delay`
    /// hundredths of a second (0...65535).
    public func addFrame(_ pixels: [UInt8], delay: Int) {
        precondition(!finished, "frame after finish")
        precondition(pixels.count == width * height, "a frame is \(width)×\(height) indices")
        precondition((0...Self.maxDelay).contains(delay), "GIF delays are 0...65535 hundredths of a second")
        // Frame area: everything, or what changed.
        var (left, top, right, bottom) = (0, 0, width, height)
        if changedRectangleOnly && !previous.isEmpty {
            (left, top, right, bottom) = (width, height, 0, 0)
            pixels.withUnsafeBufferPointer { now in
                previous.withUnsafeBufferPointer { before in
                    for y in 0..<height {
                        let row = y * width
                        var x = 0
                        while x < width && now[row + x] == before[row + x] { x += 1 }
                        guard x < width else { continue }
                        var end = width - 1
                        while now[row + end] == before[row + end] { end -= 1 }
                        left = min(left, x)
                        right = max(right, end + 1)
                        top = min(top, y)
                        bottom = y + 1
                    }
                }
            }
            if right <= left { (left, top, right, bottom) = (0, 0, 1, 1) }
        }

        var bytes: [UInt8] = [0x21, 0xF9, 4, 0x04]  // graphic control: disposal 1 (leave in place)
        appendLittleEndian(delay, to: &bytes)
        bytes += [0, 0]  // no transparent index; block terminator
        bytes.append(0x2C)
        appendLittleEndian(left, to: &bytes)
        appendLittleEndian(top, to: &bytes)
        appendLittleEndian(right - left, to: &bytes)
        appendLittleEndian(bottom - top, to: &bytes)
        bytes += [0, UInt8(lzw.minimumCodeSize)]  // no local table, not interlaced
        emit(bytes)

        lzw.begin()
        pixels.withUnsafeBufferPointer { all in
            for y in top..<bottom {
                lzw.encode(UnsafeBufferPointer(rebasing: all[y * width + left..<y * width + right]))
                if lzw.output.count >= 1 << 16 { emit(lzw.takeOutput()) }
            }
        }
        lzw.finish()
        emit(lzw.takeOutput() + [0])
        if changedRectangleOnly { previous = pixels }
        frameCount += 1
    }

    /// Writes the trailer. A file needs at least one frame to be valid.
    public func finish() {
        precondition(!finished, "finish twice")
        finished = true
        emit([0x3B])
    }

    private func appendLittleEndian(_ value: Int, to bytes: inout [UInt8]) {
        bytes += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }
}
