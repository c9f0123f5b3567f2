// Keys from a terminal in raw mode: bytes decoded into characters, control keys and the
// escape sequences that xterm-like terminals send for arrows, Home/End and Delete.

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// One key press.
public enum Key: Hashable, Sendable {
    /// A printable character (any Unicode scalar at or above U+0020 except DEL).
    case character(Character)
    /// Return or Enter (CR or LF).
    case enter
    case tab
    /// Backspace (DEL or Ctrl-H).
    case backspace
    /// The Delete key (forward delete).
    case delete
    /// Escape on its own.
    case escape
    case left, right, up, down
    case home, end, pageUp, pageDown
    /// Ctrl with an arrow, or Alt-B/Alt-F: a word left or right.
    case wordLeft, wordRight
    /// Ctrl with a letter not named above, as the lower-case letter: Ctrl-C is `.control("c")`.
    case control(Character)
    /// Alt (Meta) with a character, sent as Escape then the character.
    case meta(Character)
    /// A sequence we do not know (ignored by the line editor).
    case unknown
}

/// Something that produces key presses: a terminal, or a list in tests.
public protocol KeySource {
    /// The next key, or nil at end of input.
    mutating func nextKey() -> Key?
}

/// Keys from a list (for tests and scripted input).
public struct KeyList: KeySource {
    private var keys: [Key]
    private var index = 0
    public init(_ keys: [Key]) { self.keys = keys }
    /// Each character of `text` as a key: printable characters, "\r"/"\n" as Enter, DEL as
    /// Backspace, control characters as `.control`.
    public init(typing text: String) {
        var decoder = KeyDecoder(ByteList(Array(text.utf8)))
        var keys: [Key] = []
        while let key = decoder.nextKey() { keys.append(key) }
        self.keys = keys
    }
    public mutating func nextKey() -> Key? {
        guard index < keys.count else { return nil }
        defer { index += 1 }
        return keys[index]
    }
}

/// Something that produces bytes, with an optional wait (for telling a lone Escape from the
/// start of a sequence).
public protocol ByteSource {
    /// The next byte; nil at end of input, or when `timeoutMilliseconds` (if given) passes first.
    mutating func nextByte(timeoutMilliseconds: Int32?) -> UInt8?
}

/// Bytes from a list; a timeout means "nothing more is coming right now" once it is used up.
public struct ByteList: ByteSource {
    private var bytes: [UInt8]
    private var index = 0
    public init(_ bytes: [UInt8]) { self.bytes = bytes }
    public mutating func nextByte(timeoutMilliseconds: Int32?) -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }
}

/// Bytes read from a file descriptor, buffered (`read(2)`, with `poll(2)` for timeouts).
public struct FileDescriptorBytes: ByteSource {
    public let fd: Int32
    private var buffer = [UInt8](repeating: 0, count: 256)
    private var start = 0, end = 0

    public init(fd: Int32) { self.fd = fd }

    public mutating func nextByte(timeoutMilliseconds: Int32?) -> UInt8? {
        if start == end {
            if let timeout = timeoutMilliseconds, !Terminal.waitForInput(fd, milliseconds: timeout) { return nil }
            let n = buffer.withUnsafeMutableBytes { Terminal.read(fd, into: $0) } ?? 0
            if n == 0 { return nil }
            start = 0
            end = n
        }
        defer { start += 1 }
        return buffer[start]
    }
}

/// Turns bytes into keys.
public struct KeyDecoder<Source: ByteSource>: KeySource {
    public var source: Source
    /// How long to wait after an Escape for the rest of a sequence.
    public var escapeTimeoutMilliseconds: Int32 = 50

    public init(_ source: Source) { self.source = source }

    public mutating func nextKey() -> Key? {
        guard let byte = source.nextByte(timeoutMilliseconds: nil) else { return nil }
        return decode(byte)
    }

    private mutating func decode(_ byte: UInt8) -> Key {
        switch byte {
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x08, 0x7F: return .backspace
        case 0x1B: return escape()
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte + 0x60)))
        case 0x00, 0x1C...0x1F: return .unknown
        case 0x20...0x7E: return .character(Character(Unicode.Scalar(byte)))
        default: return utf8(byte)
        }
    }

    /// After ESC: a CSI (`ESC [`) or SS3 (`ESC O`) sequence, Alt+key, or a lone Escape.
    private mutating func escape() -> Key {
        guard let next = source.nextByte(timeoutMilliseconds: escapeTimeoutMilliseconds) else { return .escape }
        switch next {
        case UInt8(ascii: "["): return csi()
        case UInt8(ascii: "O"):
            guard let final = source.nextByte(timeoutMilliseconds: escapeTimeoutMilliseconds) else { return .meta("O") }
            return finalKey(final, parameters: []) ?? .unknown
        case UInt8(ascii: "b"): return .wordLeft
        case UInt8(ascii: "f"): return .wordRight
        case 0x7F, 0x08: return .meta("\u{7F}")
        case 0x1B: return .escape
        default:
            if case .character(let c) = decode(next) { return .meta(c) }
            return .unknown
        }
    }

    /// `ESC [` parameters (digits and ';') then a final byte in 0x40...0x7E.
    private mutating func csi() -> Key {
        var parameters: [Int] = []
        var current: Int? = nil
        while let byte = source.nextByte(timeoutMilliseconds: escapeTimeoutMilliseconds) {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                current = min((current ?? 0) * 10 + Int(byte - UInt8(ascii: "0")), 1 << 20)
            case UInt8(ascii: ";"):
                parameters.append(current ?? 1)
                current = nil
            case 0x40...0x7E:
                if let current { parameters.append(current) }
                return finalKey(byte, parameters: parameters) ?? .unknown
            case 0x20...0x3F:
                continue  // intermediate or private-marker bytes: skip
            default:
                return .unknown
            }
        }
        return .unknown
    }

    /// The key a sequence's final byte (and parameters) names.
    private func finalKey(_ final: UInt8, parameters: [Int]) -> Key? {
        // A modifier parameter (the second one) of 3 (Alt) or 5 (Ctrl) on an arrow moves by words.
        let modified = parameters.count >= 2 && (parameters[1] == 3 || parameters[1] == 5)
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return modified ? .wordRight : .right
        case UInt8(ascii: "D"): return modified ? .wordLeft : .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            switch parameters.first {
            case 1, 7: return .home
            case 4, 8: return .end
            case 3: return .delete
            case 5: return .pageUp
            case 6: return .pageDown
            default: return nil
            }
        default: return nil
        }
    }

    /// A multi-byte UTF-8 character starting with `lead`; `.unknown` when malformed.
    private mutating func utf8(_ lead: UInt8) -> Key {
        let count: Int
        switch lead {
        case 0xC2...0xDF: count = 1
        case 0xE0...0xEF: count = 2
        case 0xF0...0xF4: count = 3
        default: return .unknown
        }
        var bytes = [lead]
        for _ in 0..<count {
            guard let next = source.nextByte(timeoutMilliseconds: escapeTimeoutMilliseconds), next & 0xC0 == 0x80 else { return .unknown }
            bytes.append(next)
        }
        let decoded = String(decoding: bytes, as: UTF8.self).unicodeScalars
        guard decoded.count == 1, let scalar = decoded.first, scalar != "\u{FFFD}" else { return .unknown }
        return .character(Character(scalar))
    }
}
