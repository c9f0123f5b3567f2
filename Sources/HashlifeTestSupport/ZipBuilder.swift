import HashlifeFormats

/// ZIP archives written by tests: entries stored or deflated (the deflate stream is the one
/// gzip wraps: `Gzip.compress` without its 10-byte header and 8-byte trailer, whose CRC-32 is
/// the one ZIP wants too).
public enum ZipBuilder {
    public struct Entry {
        public var name: String
        public var bytes: [UInt8]
        public var deflated: Bool
        public init(_ name: String, _ text: String, deflated: Bool = true) {
            self.name = name
            self.bytes = Array(text.utf8)
            self.deflated = deflated
        }
    }

    /// The archive holding `entries` in order.
    public static func archive(_ entries: [Entry]) -> [UInt8] {
        var out: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let gzip = Gzip.compress(entry.bytes)
            let crc = UInt32(gzip[gzip.count - 8]) | UInt32(gzip[gzip.count - 7]) << 8
                | UInt32(gzip[gzip.count - 6]) << 16 | UInt32(gzip[gzip.count - 5]) << 24
            let data = entry.deflated ? Array(gzip[10..<(gzip.count - 8)]) : entry.bytes
            let name = Array(entry.name.utf8)
            let offset = out.count
            out += u32(0x0403_4B50) + u16(20) + u16(0) + u16(entry.deflated ? 8 : 0) + u16(0) + u16(0)
                + u32(crc) + u32(UInt32(data.count)) + u32(UInt32(entry.bytes.count)) + u16(UInt16(name.count)) + u16(0)
            out += name + data
            directory += u32(0x0201_4B50) + u16(20) + u16(20) + u16(0) + u16(entry.deflated ? 8 : 0) + u16(0) + u16(0)
                + u32(crc) + u32(UInt32(data.count)) + u32(UInt32(entry.bytes.count)) + u16(UInt16(name.count))
                + u16(0) + u16(0) + u16(0) + u16(0) + u32(0) + u32(UInt32(offset))
            directory += name
        }
        let directoryOffset = out.count
        out += directory
        out += u32(0x0605_4B50) + u16(0) + u16(0) + u16(UInt16(entries.count)) + u16(UInt16(entries.count))
            + u32(UInt32(directory.count)) + u32(UInt32(directoryOffset)) + u16(0)
        return out
    }

    static func u16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    static func u32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
}
