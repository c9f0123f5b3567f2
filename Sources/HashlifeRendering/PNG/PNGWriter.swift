import CZlib

/// A raw-raster PNG, streamed: the signature and IHDR at `init`, scanlines as they come
/// (compressed into IDAT chunks of `idatChunkSize` bytes), IEND at `finish`. Memory stays
/// proportional to one scanline and zlib's state. The block renderer (`PNGRenderer`), plots and
/// thumbnails all write through it.
public final class PNGWriter {
    /// The pixel formats written.
    public enum PixelFormat: Sendable {
        /// 1-bit greyscale, 8 pixels to a byte, most significant bit first; 1 is white.
        case monochrome
        /// 8-bit RGB triples.
        case rgb
    }

    /// Compressed bytes per IDAT chunk (the last one may be shorter).
    public static let idatChunkSize = 1 << 16
    /// The largest width or height a PNG may have.
    public static let maxDimension = Int(Int32.max)

    public let width: Int
    public let height: Int
    public let format: PixelFormat
    private let emit: ([UInt8]) -> Void
    private let deflater = Deflater(bufferSize: idatChunkSize)

    /// Bytes of one scanline without its filter byte.
    public var rowBytes: Int { format == .monochrome ? (width + 7) / 8 : width * 3 }

    /// Writes the signature and header. Precondition: both sides in 1...`maxDimension`.
    public init(width: Int, height: Int, format: PixelFormat, emit: @escaping ([UInt8]) -> Void) {
        precondition((1...Self.maxDimension).contains(width) && (1...Self.maxDimension).contains(height),
                     "a PNG needs 1...\(Self.maxDimension) pixels each way")
        self.width = width
        self.height = height
        self.format = format
        self.emit = emit
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr: [UInt8] = []
        Self.appendBigEndian(UInt32(width), to: &ihdr)
        Self.appendBigEndian(UInt32(height), to: &ihdr)
        let monochrome = format == .monochrome
        ihdr += [monochrome ? 1 : 8, monochrome ? 0 : 2, 0, 0, 0]  // depth, colour type, compression, filter, interlace
        header += Self.chunk("IHDR", ihdr)
        emit(header)
    }

    /// Adds one scanline: filter byte 0, then `rowBytes` bytes of pixels. The caller writes
    /// exactly `height` of them before `finish`.
    public func writeScanline(_ line: [UInt8]) {
        precondition(line.count == rowBytes + 1 && line.first == 0, "a scanline is a 0 filter byte and \(rowBytes) bytes")
        deflater.write(line, finish: false, output: flushIDAT)
    }

    /// Ends the image data and writes IEND.
    public func finish() {
        deflater.write([], finish: true, output: flushIDAT)
        emit(Self.chunk("IEND", []))
    }

    private func flushIDAT(_ data: UnsafeBufferPointer<UInt8>) { emit(Self.chunk("IDAT", data)) }

    /// A whole RGB image from `pixels` (`width`×`height` colours, row by row).
    public static func rgbImage(width: Int, height: Int, pixels: [RGB]) -> [UInt8] {
        precondition(pixels.count == width * height, "\(width)×\(height) pixels expected")
        var file: [UInt8] = []
        let writer = PNGWriter(width: width, height: height, format: .rgb) { file += $0 }
        var line = [UInt8](repeating: 0, count: 1 + width * 3)
        for y in 0..<height {
            for x in 0..<width {
                let colour = pixels[y * width + x]
                line[1 + x * 3] = colour.r
                line[2 + x * 3] = colour.g
                line[3 + x * 3] = colour.b
            }
            writer.writeScanline(line)
        }
        writer.finish()
        return file
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    /// Length, type, data and the CRC-32 of type and data.
    private static func chunk(_ type: String, _ data: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count + 12)
        appendBigEndian(UInt32(data.count), to: &bytes)
        bytes += Array(type.utf8)
        bytes += data
        let crc = bytes.withUnsafeBufferPointer { all in
            crc32(0, all.baseAddress! + 4, UInt32(all.count - 4))
        }
        appendBigEndian(UInt32(truncatingIfNeeded: crc), to: &bytes)
        return bytes
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        data.withUnsafeBufferPointer { chunk(type, $0) }
    }
}
