// ZipArchive.swift — reading ZIP archives (PKWARE's APPNOTE): the central directory, and each
// entry stored or deflated, inflated through the system zlib and checked against its CRC-32.
//
// Golly's Patterns folder ships archives of a pattern with the rule files it needs; this is
// what opens them. Only what such archives use is read: one disk, no encryption, methods 0
// (stored) and 8 (deflated). ZIP64 archives (over 4 GiB or 65,535 entries) are refused with a
// clear error rather than misread.

import CZlib

/// Why an archive could not be read: what is wrong, and where when known.
public struct ZipError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A ZIP archive held in memory, with its entries as the central directory lists them.
public struct ZipArchive: Sendable {
    /// One file or folder of the archive.
    public struct Entry: Sendable, Equatable {
        /// The path inside the archive, "/" between folders ("Flow6/Demo/Quadratic.mc").
        public var name: String
        /// 0 stored, 8 deflated (others are refused when the entry is read).
        public var method: UInt16
        public var compressedSize: Int
        /// Bytes the entry holds once inflated.
        public var size: Int
        public var crc32: UInt32
        var flags: UInt16
        var localHeaderOffset: Int

        /// A folder: its name ends with "/".
        public var isFolder: Bool { name.hasSuffix("/") }
        /// The last component of the name.
        public var fileName: Substring { name.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(name) }
    }

    public let entries: [Entry]
    let bytes: [UInt8]

    /// Does `prefix` start as a ZIP archive does (a local file header, or the end record of an
    /// empty archive)?
    public static func looksLikeArchive(_ prefix: [UInt8]) -> Bool {
        prefix.count >= 4 && prefix[0] == 0x50 && prefix[1] == 0x4B
            && ((prefix[2] == 3 && prefix[3] == 4) || (prefix[2] == 5 && prefix[3] == 6))
    }

    /// Reads the central directory of the archive `bytes`.
    /// - Throws: `ZipError` when no end record is found, the archive spans disks or is ZIP64,
    ///   or a directory entry runs past the end.
    public init(bytes: [UInt8]) throws(ZipError) {
        self.bytes = bytes
        // The end record: 22 bytes, then a comment of up to 65,535 bytes.
        guard bytes.count >= 22 else { throw ZipError("not a ZIP archive (too short for its end record)") }
        var end = -1
        var position = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 65_535)
        while position >= lowest {
            if ZipArchive.u32(bytes, position) == 0x0605_4B50 { end = position; break }
            position -= 1
        }
        guard end >= 0 else { throw ZipError("not a ZIP archive (no end of central directory record)") }
        let disk = ZipArchive.u16(bytes, end + 4), directoryDisk = ZipArchive.u16(bytes, end + 6)
        let count = Int(ZipArchive.u16(bytes, end + 10))
        let directorySize = Int(ZipArchive.u32(bytes, end + 12)), directoryOffset = Int(ZipArchive.u32(bytes, end + 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            throw ZipError("ZIP64 archives (over 4 GiB or 65,535 entries) are not supported")
        }
        guard disk == 0 && directoryDisk == 0 else { throw ZipError("archives split over several disks are not supported") }
        guard directoryOffset + directorySize <= end else {
            throw ZipError("damaged archive: the central directory (\(directorySize) bytes at \(directoryOffset)) runs past its end record")
        }
        var entries: [Entry] = []
        var at = directoryOffset
        for index in 0..<count {
            guard at + 46 <= end, ZipArchive.u32(bytes, at) == 0x0201_4B50 else {
                throw ZipError("damaged archive: central directory entry \(index + 1) of \(count) is missing at byte \(at)")
            }
            let nameLength = Int(ZipArchive.u16(bytes, at + 28)), extraLength = Int(ZipArchive.u16(bytes, at + 30))
            let commentLength = Int(ZipArchive.u16(bytes, at + 32))
            guard at + 46 + nameLength + extraLength + commentLength <= end else {
                throw ZipError("damaged archive: central directory entry \(index + 1) runs past the directory")
            }
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            entries.append(Entry(name: name.replacingBackslashes, method: ZipArchive.u16(bytes, at + 10),
                                 compressedSize: Int(ZipArchive.u32(bytes, at + 20)), size: Int(ZipArchive.u32(bytes, at + 24)),
                                 crc32: ZipArchive.u32(bytes, at + 16), flags: ZipArchive.u16(bytes, at + 8),
                                 localHeaderOffset: Int(ZipArchive.u32(bytes, at + 42))))
            at += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }

    /// The entry named `name` exactly, if any.
    public func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

    /// The bytes of `entry`, inflated and checked.
    /// - Throws: `ZipError` for an encrypted entry, a method other than stored or deflated, a
    ///   size over `limit`, data that runs past the archive, corrupt deflated data or a CRC-32
    ///   that does not match.
    public func contents(of entry: Entry, limit: Int) throws(ZipError) -> [UInt8] {
        let label = "\"\(entry.name)\""
        guard entry.flags & 1 == 0 else { throw ZipError("\(label) is encrypted") }
        guard entry.size <= limit else {
            throw ZipError("\(label) holds \(entry.size) bytes, more than the \(limit) the memory limit allows")
        }
        let header = entry.localHeaderOffset
        guard header + 30 <= bytes.count, ZipArchive.u32(bytes, header) == 0x0403_4B50 else {
            throw ZipError("damaged archive: the local header of \(label) is missing at byte \(header)")
        }
        let start = header + 30 + Int(ZipArchive.u16(bytes, header + 26)) + Int(ZipArchive.u16(bytes, header + 28))
        guard start + entry.compressedSize <= bytes.count else {
            throw ZipError("damaged archive: the data of \(label) runs past the end (truncated?)")
        }
        let data = bytes[start..<(start + entry.compressedSize)]
        let output: [UInt8]
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.size else { throw ZipError("damaged archive: stored entry \(label) has two sizes") }
            output = Array(data)
        case 8:
            output = try ZipArchive.inflate(data, size: entry.size, label: label)
        default:
            throw ZipError("\(label) uses compression method \(entry.method); only stored (0) and deflated (8) entries are read")
        }
        let crc = output.withUnsafeBufferPointer { UInt32(truncatingIfNeeded: crc32(0, $0.baseAddress, UInt32($0.count))) }
        guard crc == entry.crc32 else { throw ZipError("damaged archive: \(label) fails its CRC-32 check") }
        return output
    }

    /// Raw deflate data to exactly `size` bytes.
    static func inflate(_ data: ArraySlice<UInt8>, size: Int, label: String) throws(ZipError) -> [UInt8] {
        let stream = Gzip.Stream()
        guard inflateInit2_(stream.pointer, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ZipError("zlib could not start decompression")
        }
        defer { inflateEnd(stream.pointer) }
        var output = [UInt8](repeating: 0, count: size + 1)
        let status: Int32 = data.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                let s = stream.pointer
                s.pointee.next_in = input.isEmpty ? nil : UnsafeMutablePointer(mutating: input.baseAddress!)
                s.pointee.avail_in = UInt32(input.count)
                s.pointee.next_out = out.baseAddress!
                s.pointee.avail_out = UInt32(out.count)
                let status = CZlib.inflate(s, Z_FINISH)
                s.pointee.next_in = nil
                s.pointee.next_out = nil
                return status
            }
        }
        let made = output.count - Int(stream.pointer.pointee.avail_out)
        guard status == Z_STREAM_END, made == size else {
            if status == Z_DATA_ERROR {
                let reason = stream.pointer.pointee.msg.map { String(cString: $0) } ?? "invalid data"
                throw ZipError("damaged archive: \(label) holds corrupt deflated data (\(reason))")
            }
            throw ZipError("damaged archive: \(label) does not inflate to its \(size) bytes")
        }
        output.removeLast()
        return output
    }

    static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
    static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
}

private extension String {
    /// Names written on Windows may separate folders with "\".
    var replacingBackslashes: String { contains("\\") ? String(map { $0 == "\\" ? "/" : $0 }) : self }
}
