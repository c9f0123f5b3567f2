#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import HashlifeFormats

/// A board's identifier: a random (version 4) UUID, written in lowercase canonical form
/// `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`.
public struct BoardID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The 36-character canonical text.
    public let text: String

    /// The identifier whose canonical text is `text` (any case); nil when it is not a UUID.
    public init?(_ text: String) {
        var lower: [UInt8] = []
        lower.reserveCapacity(36)
        for b in text.utf8 {
            guard lower.count < 36 else { return nil }
            let i = lower.count
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard b == UInt8(ascii: "-") else { return nil }
                lower.append(b)
            } else if (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "f")) {
                lower.append(b)
            } else if b >= UInt8(ascii: "A") && b <= UInt8(ascii: "F") {
                lower.append(b + 32)
            } else {
                return nil
            }
        }
        guard lower.count == 36 else { return nil }
        self.text = String(decoding: lower, as: UTF8.self)
    }

    /// A new random identifier from 16 bytes of `/dev/urandom`, with the version (4) and
    /// variant (10xx) bits set as RFC 9562 says. Without `/dev/urandom` (a bare chroot) it
    /// falls back to the standard library's system generator.
    public static func random() -> BoardID {
        var bytes = [UInt8](repeating: 0, count: 16)
        var filled = 0
        let fd = retryingOnInterrupt { open("/dev/urandom", O_RDONLY | O_CLOEXEC) }
        if fd >= 0 {
            defer { close(fd) }
            while filled < 16 {
                let n = bytes.withUnsafeMutableBytes { buffer in retryingOnInterrupt { read(fd, buffer.baseAddress! + filled, 16 - filled) } }
                if n <= 0 { break }
                filled += n
            }
        }
        if filled < 16 {
            var generator = SystemRandomNumberGenerator()
            for i in 0..<16 { bytes[i] = UInt8.random(in: 0...255, using: &generator) }
        }
        return BoardID(bytes: bytes)
    }

    /// The identifier for 16 raw bytes, version and variant bits forced to a v4 UUID's.
    public init(bytes raw: [UInt8]) {
        precondition(raw.count == 16, "a UUID is 16 bytes")
        var bytes = raw
        bytes[6] = (bytes[6] & 0x0f) | 0x40
        bytes[8] = (bytes[8] & 0x3f) | 0x80
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for (i, b) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(i) { out.append(UInt8(ascii: "-")) }
            out.append(BoardID.hexDigits[Int(b >> 4)])
            out.append(BoardID.hexDigits[Int(b & 0x0f)])
        }
        text = String(decoding: out, as: UTF8.self)
    }

    public var description: String { text }
    /// The first 8 hexadecimal digits, as tables show it.
    public var short: String { String(text.prefix(8)) }
    public static func < (a: BoardID, b: BoardID) -> Bool { a.text < b.text }

    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
