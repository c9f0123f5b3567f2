/// A GIF89a decoder for tests, written from the specification independently of the encoder:
/// it checks the structure strictly and composites every frame onto the canvas (disposal
/// "leave in place"), so each decoded frame is the full picture as a viewer shows it.
public struct DecodedGIF: Sendable {
    public struct Frame: Sendable {
        /// Hundredths of a second.
        public var delay: Int
        /// The stored rectangle: left, top, width, height.
        public var rectangle: (left: Int, top: Int, width: Int, height: Int)
        /// The whole canvas after this frame, `width`×`height` palette indices, row by row.
        public var canvas: [UInt8]
    }

    public var width = 0
    public var height = 0
    public var palette: [(r: UInt8, g: UInt8, b: UInt8)] = []
    /// The NETSCAPE2.0 loop count, nil without the extension.
    public var loopCount: Int?
    public var frames: [Frame] = []

    /// Frame `index` as text lines: `#` for `live` indices, `.` for others.
    public func text(frame index: Int, live: UInt8 = 1) -> String {
        var out = ""
        let canvas = frames[index].canvas
        for y in 0..<height {
            for x in 0..<width { out += canvas[y * width + x] == live ? "#" : "." }
            out += "\n"
        }
        return out
    }
}

public struct GIFDecodingError: Error, CustomStringConvertible {
    public let description: String
}

public enum GIFDecoder {
    public static func decode(_ bytes: [UInt8]) throws(GIFDecodingError) -> DecodedGIF {
        var gif = DecodedGIF()
        var at = 0
        func fail(_ why: String) -> GIFDecodingError { GIFDecodingError(description: "\(why) at byte \(at)") }
        func byte() throws(GIFDecodingError) -> UInt8 {
            guard at < bytes.count else { throw fail("truncated") }
            defer { at += 1 }
            return bytes[at]
        }
        func word() throws(GIFDecodingError) -> Int {
            let low = Int(try byte())
            return low | Int(try byte()) << 8
        }
        func subBlocks() throws(GIFDecodingError) -> [UInt8] {
            var data: [UInt8] = []
            while true {
                let size = Int(try byte())
                if size == 0 { return data }
                guard at + size <= bytes.count else { throw fail("sub-block overruns") }
                data += bytes[at..<at + size]
                at += size
            }
        }

        guard bytes.count >= 13, Array(bytes[0..<6]) == Array("GIF89a".utf8) else { throw fail("not GIF89a") }
        at = 6
        gif.width = try word()
        gif.height = try word()
        let flags = try byte()
        _ = try byte()  // background
        _ = try byte()  // aspect
        guard flags & 0x80 != 0 else { throw fail("no global colour table") }
        let tableSize = 1 << (Int(flags & 7) + 1)
        for _ in 0..<tableSize { gif.palette.append((try byte(), try byte(), try byte())) }
        var canvas = [UInt8](repeating: 0, count: gif.width * gif.height)
        var delay = 0
        var sawControl = false
        while true {
            switch try byte() {
            case 0x3B:
                guard at == bytes.count else { throw fail("bytes after the trailer") }
                return gif
            case 0x21:
                let label = try byte()
                if label == 0xF9 {
                    guard try byte() == 4 else { throw fail("graphic control size") }
                    let packed = try byte()
                    guard (packed >> 2) & 7 <= 1, packed & 1 == 0 else { throw fail("unexpected disposal or transparency") }
                    delay = try word()
                    _ = try byte()
                    guard try byte() == 0 else { throw fail("graphic control terminator") }
                    sawControl = true
                } else if label == 0xFF {
                    let data = try subBlocks()
                    guard data.count == 14, Array(data[0..<11]) == Array("NETSCAPE2.0".utf8), data[11] == 1 else {
                        throw fail("unknown application extension")
                    }
                    gif.loopCount = Int(data[12]) | Int(data[13]) << 8
                } else {
                    _ = try subBlocks()
                }
            case 0x2C:
                let left = try word(), top = try word(), width = try word(), height = try word()
                guard width > 0, height > 0, left + width <= gif.width, top + height <= gif.height else { throw fail("frame outside the screen") }
                guard try byte() & 0xC0 == 0 else { throw fail("local table or interlace") }
                let minimumCodeSize = Int(try byte())
                guard (2...8).contains(minimumCodeSize) else { throw fail("minimum code size \(minimumCodeSize)") }
                let data = try subBlocks()
                let pixels = try lzwDecode(data, minimumCodeSize: minimumCodeSize, count: width * height)
                for y in 0..<height {
                    for x in 0..<width { canvas[(top + y) * gif.width + left + x] = pixels[y * width + x] }
                }
                guard sawControl else { throw fail("frame without a graphic control extension") }
                gif.frames.append(.init(delay: delay, rectangle: (left, top, width, height), canvas: canvas))
                sawControl = false
            case let other:
                at -= 1
                throw fail("unexpected block 0x\(String(other, radix: 16))")
            }
        }
    }

    /// Variable-length LZW as GIF89a appendix F describes it; exactly `count` pixels, ending
    /// with the end-of-information code.
    static func lzwDecode(_ data: [UInt8], minimumCodeSize: Int, count: Int) throws(GIFDecodingError) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var table: [[UInt8]] = []
        func reset() { table = (0..<clear).map { [UInt8($0)] } + [[], []] }
        reset()
        var codeSize = minimumCodeSize + 1
        var bitPosition = 0
        func read() -> Int? {
            guard bitPosition + codeSize <= data.count * 8 else { return nil }
            var code = 0
            for i in 0..<codeSize {
                let bit = bitPosition + i
                if data[bit >> 3] >> UInt8(bit & 7) & 1 == 1 { code |= 1 << i }
            }
            bitPosition += codeSize
            return code
        }
        var out: [UInt8] = []
        var previous: [UInt8]? = nil
        while true {
            guard let code = read() else { throw GIFDecodingError(description: "LZW data ends without an end code") }
            if code == clear {
                reset()
                codeSize = minimumCodeSize + 1
                previous = nil
                continue
            }
            if code == end { break }
            let entry: [UInt8]
            if code < table.count && code != clear && code != end {
                entry = table[code]
                if let previous, table.count < 4096 { table.append(previous + [entry[0]]) }
            } else if code == table.count, let previous {
                entry = previous + [previous[0]]
                if table.count < 4096 { table.append(entry) }
            } else {
                throw GIFDecodingError(description: "LZW code \(code) not in the table (\(table.count) entries)")
            }
            if previous != nil && table.count == 1 << codeSize && codeSize < 12 { codeSize += 1 }
            out += entry
            previous = entry
        }
        guard out.count == count else { throw GIFDecodingError(description: "LZW gave \(out.count) pixels, expected \(count)") }
        return out
    }
}
