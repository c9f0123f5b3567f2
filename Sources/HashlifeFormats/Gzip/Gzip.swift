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
    /// `limit` bytes (default 4 GiB) — a zip bomb must not exhaust memory: the output buffer
    /// grows geometrically and never beyond `limit + 1` bytes. Never crashes on any input.
    public static func decompress(_ bytes: [UInt8], limit: Int = 1 << 32) throws(GzipError) -> [UInt8] {
        let limit = max(limit, 0)
        // One byte past the limit, so that exceeding it is seen without inflating further.
        let maxCapacity = limit == Int.max ? Int.max : limit + 1
        let stream = Stream()
        let initStatus = inflateInit2_(stream.pointer, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard initStatus == Z_OK else {
            throw GzipError(message: initStatus == Z_MEM_ERROR
                ? "out of memory starting gzip decompression"
                : "zlib could not start decompression (code \(initStatus))")
        }
        defer { inflateEnd(stream.pointer) }

        let output = Buffer()
        var produced = 0
        var consumed = 0
        let initialCapacity = min(maxCapacity, max(1 << 16, bytes.count.multipliedReportingOverflow(by: 4).partialValue))

        func limitError() -> GzipError {
            GzipError(offset: consumed, message: "decompressed data exceeds the limit of \(limit) bytes")
        }

        while true {
            if produced == output.count {
                let wanted = output.count == 0 ? initialCapacity : output.count.multipliedReportingOverflow(by: 2).partialValue
                let newCount = min(maxCapacity, max(wanted, output.count + 1))
                if newCount <= output.count { throw limitError() }
                guard output.grow(to: newCount) else {
                    throw GzipError(offset: consumed, message: "out of memory for \(newCount) bytes of decompressed data")
                }
            }
            let inputChunk = min(bytes.count - consumed, Int(UInt32.max))
            let outputChunk = min(output.count - produced, Int(UInt32.max))
            let status: Int32 = bytes.withUnsafeBufferPointer { input in
                let s = stream.pointer
                s.pointee.next_in = inputChunk == 0 ? nil : UnsafeMutablePointer(mutating: input.baseAddress! + consumed)
                s.pointee.avail_in = UInt32(inputChunk)
                s.pointee.next_out = output.base! + produced
                s.pointee.avail_out = UInt32(outputChunk)
                let status = inflate(s, Z_NO_FLUSH)
                s.pointee.next_in = nil
                s.pointee.next_out = nil
                return status
            }
            consumed += inputChunk - Int(stream.pointer.pointee.avail_in)
            produced += outputChunk - Int(stream.pointer.pointee.avail_out)
            if produced > limit { throw limitError() }

            switch status {
            case Z_OK:
                continue
            case Z_STREAM_END:
                if consumed == bytes.count { return output.array(count: produced) }
                let rest = bytes[consumed...]
                if rest[consumed] == 0x1F && (rest.count == 1 || rest[consumed + 1] == 0x8B) {
                    // Another member (a lone 1f is one cut short: reported as truncated).
                    guard inflateReset(stream.pointer) == Z_OK else {
                        throw GzipError(offset: consumed, message: "zlib could not restart decompression")
                    }
                    continue
                }
                if rest.allSatisfy({ $0 == 0 }) { return output.array(count: produced) }
                throw GzipError(offset: consumed, message: "trailing garbage after gzip data")
            case Z_BUF_ERROR:
                // No progress: either the output is full (grown above) or the input ran out.
                if produced == output.count || consumed < bytes.count { continue }
                throw GzipError(offset: consumed, message: "truncated gzip data")
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
    private final class Stream {
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
