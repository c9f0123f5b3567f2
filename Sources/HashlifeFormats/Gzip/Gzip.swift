import CZlib
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Why gzip data could not be inflated: where in the compressed input (when known) and what
/// went wrong, on one line.
public struct GzipError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The byte offset in the compressed input where it went wrong, when known.
    public var offset: Int?
    /// What went wrong, e.g. "corrupt gzip data (invalid block type)", "truncated gzip data".
    public var message: String

    public init(offset: Int? = nil, message: String) {
        self.offset = offset
        self.message = message
    }

    /// `MESSAGE at byte OFFSET`, or `MESSAGE` when the offset is unknown.
    public var description: String {
        if let offset { return "\(message) at byte \(offset)" }
        return message
    }
}

/// Whole-buffer gzip (RFC 1952) reading and writing through the system zlib.
///
/// Decompression follows gzip(1): every concatenated member is inflated and the outputs are
/// joined; trailing zero bytes after the last member (tape padding) are ignored. Any other
/// trailing bytes are an error ("trailing garbage after gzip data"), where gzip(1) only warns:
/// a pattern file with junk after it is more likely damaged than padded.
public enum Gzip {
    /// True when `bytes` starts with the gzip magic 1f 8b.
    public static func isCompressed(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// Inflates gzip data (all concatenated members, as gzip(1) does). Throws on corrupt or
    /// truncated input, on trailing bytes other than zeros, or when the output would exceed
    /// `limit` bytes (default 4 GiB) — a zip bomb must not exhaust memory: inflation stops at
    /// the first byte past the limit. Never crashes on any input.
    public static func decompress(_ bytes: [UInt8], limit: Int = 1 << 32) throws(GzipError) -> [UInt8] {
        let inflater = try Inflater()
        var output: [UInt8] = []
        try inflater.inflate(bytes, into: &output, limit: limit)
        try inflater.finish()
        return output
    }

    /// Incremental gzip inflation: compressed input in chunks of any size, output appended to
    /// a buffer and never past a limit, so a stream (a pipe, a 1 GB bomb) is inflated while
    /// it is read and abandoned at the limit. Same rules as `decompress`.
    public final class Inflater {
        private let stream = Stream()
        /// Compressed bytes consumed so far (for error offsets).
        public private(set) var consumed = 0
        /// Between members: the last one ended and no byte of another has been seen.
        private var betweenMembers = false
        /// Trailing zero bytes seen after the last member: nothing else may follow.
        private var inPadding = false
        /// The byte 1f seen at the end of a chunk between members, awaiting the next chunk.
        private var pendingMagic = false

        public init() throws(GzipError) {
            let status = inflateInit2_(stream.pointer, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
            guard status == Z_OK else {
                throw GzipError(message: status == Z_MEM_ERROR
                    ? "out of memory starting gzip decompression"
                    : "zlib could not start decompression (code \(status))")
            }
        }

        deinit { inflateEnd(stream.pointer) }

        /// Inflates `input` (the next compressed bytes), appending to `output`.
        /// - Throws: corrupt data, trailing garbage, or output beyond `limit` bytes in all.
        public func inflate(_ input: [UInt8], into output: inout [UInt8], limit: Int) throws(GzipError) {
            var index = 0
            while index < input.count {
                if inPadding {
                    guard input[index] == 0 else { throw GzipError(offset: consumed, message: "trailing garbage after gzip data") }
                    index += 1
                    consumed += 1
                    continue
                }
                if betweenMembers {
                    // Another member starts with 1f 8b; zeros are padding; anything else is garbage.
                    if pendingMagic {
                        guard input[index] == 0x8B else { throw GzipError(offset: consumed - 1, message: "trailing garbage after gzip data") }
                        pendingMagic = false
                        try restart(with: [0x1F])
                    } else if input[index] == 0 {
                        inPadding = true
                        continue
                    } else if input[index] == 0x1F {
                        if index + 1 == input.count {
                            pendingMagic = true
                            index += 1
                            consumed += 1
                            continue
                        }
                        guard input[index + 1] == 0x8B else { throw GzipError(offset: consumed, message: "trailing garbage after gzip data") }
                        try restart(with: [])
                    } else {
                        throw GzipError(offset: consumed, message: "trailing garbage after gzip data")
                    }
                }
                index += try inflateMember(input, from: index, into: &output, limit: limit)
            }
        }

        /// Checks that the input ended where it may: after a whole member (and padding).
        public func finish() throws(GzipError) {
            if pendingMagic || !betweenMembers {
                throw GzipError(offset: consumed, message: "truncated gzip data")
            }
        }

        /// Starts the next member; `prefix` holds its bytes already consumed (a lone 1f).
        private func restart(with prefix: [UInt8]) throws(GzipError) {
            guard inflateReset(stream.pointer) == Z_OK else {
                throw GzipError(offset: consumed, message: "zlib could not restart decompression")
            }
            betweenMembers = false
            if !prefix.isEmpty {
                var ignored: [UInt8] = []
                _ = try inflateMember(prefix, from: 0, into: &ignored, limit: Int.max)
            }
        }

        /// Inflates from `input[start...]` until the member ends or the input is used up;
        /// returns the bytes consumed.
        private func inflateMember(_ input: [UInt8], from start: Int, into output: inout [UInt8], limit: Int) throws(GzipError) -> Int {
            var position = start
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let inputCount = min(input.count - position, Int(UInt32.max))
                let room = max(0, min(chunk.count, limit - output.count + 1))  // one byte past the limit shows it
                let (status, usedIn, madeOut) = input.withUnsafeBufferPointer { inBuffer in
                    chunk.withUnsafeMutableBufferPointer { outBuffer in
                        let s = stream.pointer
                        s.pointee.next_in = inputCount == 0 ? nil : UnsafeMutablePointer(mutating: inBuffer.baseAddress! + position)
                        s.pointee.avail_in = UInt32(inputCount)
                        s.pointee.next_out = outBuffer.baseAddress!
                        s.pointee.avail_out = UInt32(room)
                        let status = room == 0 ? Z_BUF_ERROR : CZlib.inflate(s, Z_NO_FLUSH)
                        let usedIn = inputCount - Int(s.pointee.avail_in), madeOut = room - Int(s.pointee.avail_out)
                        s.pointee.next_in = nil
                        s.pointee.next_out = nil
                        return (status, usedIn, madeOut)
                    }
                }
                position += usedIn
                consumed += usedIn
                output.append(contentsOf: chunk[0..<madeOut])
                if output.count > limit {
                    throw GzipError(offset: consumed, message: "decompressed data exceeds the limit of \(limit) bytes")
                }
                switch status {
                case Z_OK:
                    if position == input.count && madeOut < room { return position - start }
                    continue
                case Z_STREAM_END:
                    betweenMembers = true
                    return position - start
                case Z_BUF_ERROR:
                    // No progress: the input is used up (more may come in the next chunk).
                    return position - start
                case Z_DATA_ERROR:
                    let reason = stream.pointer.pointee.msg.map { String(cString: $0) } ?? "invalid data"
                    throw GzipError(offset: consumed, message: "corrupt gzip data (\(reason))")
                case Z_NEED_DICT:
                    throw GzipError(offset: consumed, message: "corrupt gzip data (preset dictionary required)")
                case Z_MEM_ERROR:
                    throw GzipError(offset: consumed, message: "out of memory while decompressing gzip data")
                default:
                    throw GzipError(offset: consumed, message: "zlib decompression failed (code \(status))")
                }
            }
        }
    }

    /// Deflates into the gzip format (header + trailer), compression level 1...9 (default 6;
    /// levels outside the range are clamped).
    public static func compress(_ bytes: [UInt8], level: Int = 6) -> [UInt8] {
        let level = Int32(min(max(level, 1), 9))
        let stream = Stream()
        let initStatus = deflateInit2_(
            stream.pointer, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard initStatus == Z_OK else { fatalError("zlib could not start compression (code \(initStatus))") }
        defer { deflateEnd(stream.pointer) }

        // deflateBound is enough for one pass; the loop below copes if it is not.
        let bound = Int(clamping: deflateBound(stream.pointer, UInt(clamping: bytes.count)))
        let output = Buffer()
        guard output.grow(to: max(bound, 64)) else { fatalError("out of memory compressing \(bytes.count) bytes") }
        var produced = 0
        var consumed = 0
        while true {
            if produced == output.count {
                guard output.grow(to: output.count.multipliedReportingOverflow(by: 2).partialValue) else {
                    fatalError("out of memory compressing \(bytes.count) bytes")
                }
            }
            let inputChunk = min(bytes.count - consumed, Int(UInt32.max))
            let outputChunk = min(output.count - produced, Int(UInt32.max))
            let flush = consumed + inputChunk == bytes.count ? Z_FINISH : Z_NO_FLUSH
            let status: Int32 = bytes.withUnsafeBufferPointer { input in
                let s = stream.pointer
                s.pointee.next_in = inputChunk == 0 ? nil : UnsafeMutablePointer(mutating: input.baseAddress! + consumed)
                s.pointee.avail_in = UInt32(inputChunk)
                s.pointee.next_out = output.base! + produced
                s.pointee.avail_out = UInt32(outputChunk)
                let status = deflate(s, flush)
                s.pointee.next_in = nil
                s.pointee.next_out = nil
                return status
            }
            consumed += inputChunk - Int(stream.pointer.pointee.avail_in)
            produced += outputChunk - Int(stream.pointer.pointee.avail_out)
            switch status {
            case Z_STREAM_END: return output.array(count: produced)
            case Z_OK, Z_BUF_ERROR: continue
            default: fatalError("zlib compression failed (code \(status))")
            }
        }
    }

    /// An uninitialised byte buffer grown with realloc (no zero-filling, and a failed
    /// allocation is reported rather than trapping), freed when released.
    private final class Buffer {
        private(set) var base: UnsafeMutablePointer<UInt8>?
        private(set) var count = 0
        /// Grows to `newCount` bytes, keeping the contents; false when memory runs out.
        func grow(to newCount: Int) -> Bool {
            guard let raw = realloc(base, newCount) else { return false }
            base = raw.assumingMemoryBound(to: UInt8.self)
            count = newCount
            return true
        }
        /// The first `count` bytes, as an array.
        func array(count: Int) -> [UInt8] {
            guard let base, count > 0 else { return [] }
            return Array(UnsafeBufferPointer(start: base, count: count))
        }
        deinit { free(base) }
    }

    /// A z_stream at a fixed address: zlib records the stream's address in its state and
    /// rejects calls made through a moved copy, so it cannot live in a Swift variable.
    final class Stream {
        let pointer: UnsafeMutablePointer<z_stream>
        init() {
            pointer = .allocate(capacity: 1)
            pointer.initialize(to: z_stream())
        }
        deinit {
            pointer.deinitialize(count: 1)
            pointer.deallocate()
        }
    }
}
