// Keys from a terminal in raw mode, as the line editor reads them: bytes decoded by the one
// decoder of terminal input (`InputDecoder`) into characters, control keys and the escape
// sequences that xterm-like terminals send for arrows, Home/End and Delete.

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
    /// Shift-Tab.
    case backTab
    /// Backspace (DEL or Ctrl-H).
    case backspace
    /// The Delete key (forward delete).
    case delete
    /// Escape on its own.
    case escape
    case left, right, up, down
    /// Shift with an arrow.
    case shiftUp, shiftDown, shiftLeft, shiftRight
    case home, end, pageUp, pageDown
    /// Ctrl with an arrow, or Alt-B/Alt-F: a word left or right.
    case wordLeft, wordRight
    /// Ctrl with a letter not named above, as the lower-case letter: Ctrl-C is `.control("c")`.
    case control(Character)
    /// Alt (Meta) with a character, sent as Escape then the character.
    case meta(Character)
    /// A sequence we do not know (ignored).
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
        var decoder = KeyReader(ByteList(Array(text.utf8)))
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

/// Turns bytes into keys with `InputDecoder`: a lone Escape once nothing follows within its
/// delay (or the input ends), mouse reports dropped, pasted text as the characters typed.
public struct KeyReader<Source: ByteSource>: KeySource {
    public var source: Source
    private var decoder = InputDecoder()
    private var ready: [Key] = []

    public init(_ source: Source) { self.source = source }

    public mutating func nextKey() -> Key? {
        while ready.isEmpty {
            let now = Self.milliseconds()
            let wait = decoder.deadline.map { Int32(clamping: max($0 - now, 0)) }
            if let byte = source.nextByte(timeoutMilliseconds: wait) {
                take(decoder.feed([byte], now: Self.milliseconds()))
            } else if decoder.deadline != nil {
                take(decoder.flush())  // the wait ran out, or the input ended
            } else {
                return nil
            }
        }
        return ready.removeFirst()
    }

    private mutating func take(_ events: [InputEvent]) {
        for event in events {
            switch event {
            case .key(let key): ready.append(key)
            case .paste(let text): ready += text.map { $0 == "\n" || $0 == "\r" ? .enter : .character($0) }
            case .mouse: break
            }
        }
    }

    static func milliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
