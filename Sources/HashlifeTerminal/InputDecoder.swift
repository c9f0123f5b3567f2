// Bytes from the terminal to input events. Sequences may arrive split across reads (a mouse
// report over a slow link can come in two reads tens of milliseconds apart), so bytes of an
// unfinished sequence wait in `pending`. A lone Escape is told from the start of a sequence by
// time: `expire` turns it into the Escape key once `loneEscapeDelay` has passed with nothing
// after it. Once `ESC [` or `ESC O` has come, the rest of the sequence is waited for up to
// `sequenceDelay`; a sequence that never finishes is then dropped, never typed as keys.

/// Decodes keys (UTF-8, control bytes, CSI and SS3 sequences, Alt with a key), SGR 1006 mouse
/// reports and bracketed pastes: the one decoder of terminal input, for the app's events and
/// the line editor's keys (`KeyReader`).
public struct InputDecoder: Sendable {
    private var pending: [UInt8] = []
    /// When the oldest pending byte came (milliseconds, the caller's clock).
    private var pendingSince: Int64 = 0

    /// How long a lone Escape waits for a sequence to follow before it counts as the key.
    public static let loneEscapeDelay: Int64 = 50
    /// How long the rest of a started sequence (`ESC [`, `ESC O`) is waited for.
    public static let sequenceDelay: Int64 = 1000

    public init() {}

    /// Events completed by `bytes` (and the bytes before them), which came at `now`.
    public mutating func feed(_ bytes: [UInt8], now: Int64 = 0) -> [InputEvent] {
        if pending.isEmpty { pendingSince = now }
        pending += bytes
        var events: [InputEvent] = []
        var i = 0
        while i < pending.count {
            guard let (event, length) = decode(at: i) else { break }  // incomplete: wait for more
            if let event { events.append(event) }
            i += length
        }
        pending.removeFirst(i)
        // A paste still arriving stays alive while its bytes keep coming.
        if i > 0 || pending.starts(with: InputDecoder.pasteStart) { pendingSince = now }
        return events
    }

    /// When `expire` will next have something to do: nil when nothing is pending.
    public var deadline: Int64? {
        guard !pending.isEmpty else { return nil }
        return pendingSince + (pending == [0x1B] ? Self.loneEscapeDelay : Self.sequenceDelay)
    }

    /// What pending bytes mean once their time is up at `now`: a lone Escape becomes the key, a
    /// sequence that never finished is dropped. Nothing before the deadline.
    public mutating func expire(now: Int64) -> [InputEvent] {
        guard let deadline, now >= deadline else { return [] }
        return flush()
    }

    /// Ends whatever is pending now: a lone Escape becomes `.escape`; Escape and bytes that do
    /// not start a sequence become their keys; a started sequence is dropped.
    public mutating func flush() -> [InputEvent] {
        defer { pending.removeAll() }
        guard pending.first == 0x1B else { return [] }
        let rest = Array(pending.dropFirst())
        if rest.first == UInt8(ascii: "[") || rest.first == UInt8(ascii: "O") { return [] }
        var tail = InputDecoder()
        return [.key(.escape)] + tail.feed(rest) + tail.flush()
    }

    /// The event at `i` and its length in bytes; nil when the bytes so far do not finish it;
    /// a nil event for bytes to skip.
    private func decode(at i: Int) -> (InputEvent?, Int)? {
        let b = pending[i]
        switch b {
        case 0x1B:
            guard i + 1 < pending.count else { return nil }
            if let paste = bracketedPaste(at: i) { return paste }
            let next = pending[i + 1]
            if next == UInt8(ascii: "[") { return csi(at: i) }
            if next == UInt8(ascii: "O") {
                guard i + 2 < pending.count else { return nil }
                let key: Key = switch pending[i + 2] {
                case UInt8(ascii: "A"): .up
                case UInt8(ascii: "B"): .down
                case UInt8(ascii: "C"): .right
                case UInt8(ascii: "D"): .left
                case UInt8(ascii: "H"): .home
                case UInt8(ascii: "F"): .end
                default: .unknown
                }
                return (.key(key), 3)
            }
            // Escape with a key in the same read: Alt with the key (Alt-b and Alt-f move by
            // words), or Escape typed just before it (the app takes `.meta` as both keys).
            let after = pending[i + 1]
            switch after {
            case UInt8(ascii: "b"): return (.key(.wordLeft), 2)
            case UInt8(ascii: "f"): return (.key(.wordRight), 2)
            case 0x7F, 0x08: return (.key(.meta("\u{7F}")), 2)
            case 0x1B: return (.key(.escape), 1)
            case 0x20...0x7E: return (.key(.meta(Character(Unicode.Scalar(after)))), 2)
            default: return (.key(.escape), 1)
            }
        case 0x0D, 0x0A: return (.key(.enter), 1)
        case 0x09: return (.key(.tab), 1)
        case 0x7F, 0x08: return (.key(.backspace), 1)
        case 0x00: return (.key(.control(" ")), 1)
        case 0x01...0x1A: return (.key(.control(Character(Unicode.Scalar(b + 0x60)))), 1)
        case 0x1C...0x1F: return (.key(.unknown), 1)
        case 0x20...0x7E: return (.key(.character(Character(Unicode.Scalar(b)))), 1)
        default:
            // A UTF-8 character: a lead byte and its continuation bytes; anything malformed is
            // one unknown byte, and decoding goes on after it.
            let length = switch b {
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 1
            }
            guard length > 1 else { return (.key(.unknown), 1) }
            for j in (i + 1)..<min(i + length, pending.count) where pending[j] & 0xC0 != 0x80 { return (.key(.unknown), 1) }
            guard i + length <= pending.count else { return nil }
            let scalars = String(decoding: pending[i..<(i + length)], as: UTF8.self).unicodeScalars
            guard scalars.count == 1, let scalar = scalars.first, scalar.value != 0xFFFD else { return (.key(.unknown), length) }
            return (.key(.character(Character(scalar))), length)
        }
    }

    static let pasteStart = Array("\u{1B}[200~".utf8), pasteEnd = Array("\u{1B}[201~".utf8)

    /// `ESC [200~ text ESC [201~` (bracketed paste, mode 2004): the text, once its end has come.
    /// `.some(nil)` while the paste is still arriving.
    private func bracketedPaste(at i: Int) -> (InputEvent?, Int)?? {
        let start = InputDecoder.pasteStart, end = InputDecoder.pasteEnd
        let available = min(start.count, pending.count - i)
        guard pending[i..<(i + available)].elementsEqual(start.prefix(available)) else { return nil }
        guard available == start.count else { return .some(nil) }
        var j = i + start.count
        while j + end.count <= pending.count {
            if pending[j..<(j + end.count)].elementsEqual(end) {
                let text = String(decoding: pending[(i + start.count)..<j], as: UTF8.self)
                return .some((.paste(text), j + end.count - i))
            }
            j += 1
        }
        return .some(nil)
    }

    /// `ESC [` … : keys, or `ESC [ <` mouse reports.
    private func csi(at i: Int) -> (InputEvent?, Int)? {
        var j = i + 2
        let isMouse = j < pending.count && pending[j] == UInt8(ascii: "<")
        if isMouse { j += 1 }
        var parameters = ""
        while j < pending.count {
            let c = pending[j]
            if (0x30...0x3F).contains(c) { parameters.unicodeScalars.append(Unicode.Scalar(c)); j += 1; continue }
            guard (0x40...0x7E).contains(c) else { return (.key(.unknown), j - i) }
            let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            let length = j - i + 1
            if isMouse { return (InputDecoder.mouse(numbers, released: c == UInt8(ascii: "m")), length) }
            // The modifier parameter: 2 Shift; 3 Alt and 5 Ctrl, which move by words sideways.
            let shifted = numbers.count >= 2 && numbers[1] == 2
            let word = numbers.count >= 2 && (numbers[1] == 3 || numbers[1] == 5)
            let key: Key = switch c {
            case UInt8(ascii: "A"): shifted ? .shiftUp : .up
            case UInt8(ascii: "B"): shifted ? .shiftDown : .down
            case UInt8(ascii: "C"): shifted ? .shiftRight : word ? .wordRight : .right
            case UInt8(ascii: "D"): shifted ? .shiftLeft : word ? .wordLeft : .left
            case UInt8(ascii: "H"): .home
            case UInt8(ascii: "F"): .end
            case UInt8(ascii: "Z"): .backTab
            case UInt8(ascii: "~"):
                switch numbers.first ?? 0 {
                case 1, 7: .home
                case 3: .delete
                case 4, 8: .end
                case 5: .pageUp
                case 6: .pageDown
                default: .unknown
                }
            default: .unknown
            }
            return (.key(key), length)
        }
        return nil
    }

    /// An SGR 1006 report `ESC [ < b ; x ; y M|m` (x, y 1-based).
    static func mouse(_ numbers: [Int], released: Bool) -> InputEvent? {
        guard numbers.count == 3 else { return nil }
        let code = numbers[0]
        let (column, row) = (numbers[1] - 1, numbers[2] - 1)
        let shift = code & 4 != 0, alt = code & 8 != 0, control = code & 16 != 0
        let buttonBits = code & 3
        let kind: MouseEvent.Kind
        var button: MouseEvent.Button = [.left, .middle, .right, .none][buttonBits]
        if code & 64 != 0 {
            kind = buttonBits == 0 ? .wheelUp : .wheelDown
            button = .none
        } else if code & 32 != 0 {
            kind = button == .none ? .move : .drag
        } else {
            kind = released ? .release : .press
        }
        return .mouse(MouseEvent(kind, button, column: column, row: row, shift: shift, alt: alt, control: control))
    }
}
