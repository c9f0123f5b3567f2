// A one-line editor for interactive prompts, in the spirit of readline's defaults.
//
// Keys: Left/Right (Ctrl-B/F), Home/End (Ctrl-A/E), word moves (Ctrl or Alt with arrows,
// Alt-B/F), Backspace, Delete, Ctrl-K (kill to end), Ctrl-U (kill to start), Ctrl-W (kill the
// previous word), Up/Down (Ctrl-P/N) through history, Ctrl-L (clear the screen), Ctrl-C (abandon
// the line: print ^C and start an empty one), Ctrl-D (end of input on an empty line, else
// delete forward), Enter.
//
// The line is drawn on one terminal row; a line longer than the row scrolls horizontally to
// keep the cursor visible. Each character is taken as one column wide.

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import HashlifeFormats

public final class LineEditor {
    /// What `readLine` got.
    public enum Result: Equatable, Sendable {
        case line(String)
        /// End of input: Ctrl-D on an empty line, or the key source ran out.
        case end
    }

    public let prompt: String
    /// Accepted lines, oldest first (at most `historyLimit`).
    public private(set) var history: [String]
    public let historyLimit: Int
    /// The file new lines are appended to, if any.
    public let historyPath: String?

    /// An editor with `history` (the file's lines are loaded first when `historyPath` is given).
    public init(prompt: String, history: [String] = [], historyLimit: Int = 1000, historyPath: String? = nil) {
        self.prompt = prompt
        self.historyLimit = max(historyLimit, 1)
        self.historyPath = historyPath
        var loaded = historyPath.map { HistoryFile.load($0, limit: max(historyLimit, 1)) } ?? []
        loaded.append(contentsOf: history)
        self.history = Array(loaded.suffix(max(historyLimit, 1)))
    }

    /// Reads a line from the terminal: raw mode on `input` for the duration, echo to `output`.
    /// When `input` is not a terminal, keys are decoded from it all the same (no raw mode).
    public func readLine(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> Result {
        // One decoder per input, kept between lines: its buffer may hold keys typed ahead.
        if terminalKeys?.source.fd != input { terminalKeys = KeyReader(FileDescriptorBytes(fd: input)) }
        return Terminal.withRawMode(input) {
            let columns = Terminal.size(of: output)?.columns ?? 80
            return readLine(from: &terminalKeys!, columns: columns) { Terminal.write(output, $0) }
        }
    }

    private var terminalKeys: KeyReader<FileDescriptorBytes>?

    /// Reads a line from `keys`, drawing the prompt and the line with `write` on a terminal
    /// `columns` wide. An accepted non-empty line is added to the history.
    public func readLine(from keys: inout some KeySource, columns: Int, write: (String) -> Void) -> Result {
        var state = EditState(history: history)
        var view = LineView(prompt: prompt, columns: columns)
        write(view.draw(state.buffer))
        while let key = keys.nextKey() {
            switch state.apply(key) {
            case .redraw:
                write(view.draw(state.buffer))
            case .none:
                continue
            case .bell:
                write("\u{07}")
            case .clearScreen:
                write("\u{1B}[H\u{1B}[2J" + view.draw(state.buffer))
            case .interrupt:
                write(view.draw(state.buffer, cursorAtEnd: true) + "^C\r\n")
                state = EditState(history: history)
                view = LineView(prompt: prompt, columns: columns)
                write(view.draw(state.buffer))
            case .end:
                write("\r\n")
                return .end
            case .accept:
                write(view.draw(state.buffer, cursorAtEnd: true) + "\r\n")
                let line = String(state.buffer.characters)
                remember(line)
                return .line(line)
            }
        }
        write("\r\n")
        return .end
    }

    /// Adds `line` to the history (not blank ones, nor a repeat of the last), and to the file.
    public func remember(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace), history.last != line else { return }
        history.append(line)
        if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
        if let historyPath { HistoryFile.append(line, to: historyPath) }
    }
}

/// The text being edited and the cursor, as characters.
public struct LineBuffer: Equatable, Sendable {
    public var characters: [Character] = []
    /// 0...characters.count.
    public var cursor = 0

    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    public var text: String { String(characters) }

    mutating func insert(_ c: Character) {
        characters.insert(c, at: cursor)
        cursor += 1
    }

    /// Removes characters[range] and puts the cursor at its start.
    mutating func remove(_ range: Range<Int>) {
        characters.removeSubrange(range)
        cursor = range.lowerBound
    }

    /// The start of the word before the cursor (skipping spaces first).
    func wordStart() -> Int {
        var i = cursor
        while i > 0 && characters[i - 1] == " " { i -= 1 }
        while i > 0 && characters[i - 1] != " " { i -= 1 }
        return i
    }

    /// The end of the word after the cursor (skipping spaces first).
    func wordEnd() -> Int {
        var i = cursor
        while i < characters.count && characters[i] == " " { i += 1 }
        while i < characters.count && characters[i] != " " { i += 1 }
        return i
    }
}

/// What a key did to the line.
enum EditEffect: Equatable {
    case none, redraw, bell, clearScreen, interrupt, end, accept
}

/// The editing state machine: the buffer and a walk through history. History entries edited
/// while browsing keep their edits until the line is accepted or abandoned (as readline does).
struct EditState {
    var buffer = LineBuffer()
    /// The history plus the new line at the end; `index` is the one shown.
    private var entries: [String]
    private var index: Int

    init(history: [String]) {
        entries = history + [""]
        index = history.count
    }

    mutating func apply(_ key: Key) -> EditEffect {
        switch key {
        case .character(let c):
            buffer.insert(c)
        case .tab:
            buffer.insert(" ")
        case .enter:
            return .accept
        case .left, .control("b"):
            guard buffer.cursor > 0 else { return .none }
            buffer.cursor -= 1
        case .right, .control("f"):
            guard buffer.cursor < buffer.characters.count else { return .none }
            buffer.cursor += 1
        case .home, .control("a"):
            buffer.cursor = 0
        case .end, .control("e"):
            buffer.cursor = buffer.characters.count
        case .wordLeft:
            buffer.cursor = buffer.wordStart()
        case .wordRight:
            buffer.cursor = buffer.wordEnd()
        case .backspace:
            guard buffer.cursor > 0 else { return .bell }
            buffer.remove(buffer.cursor - 1..<buffer.cursor)
        case .delete:
            guard buffer.cursor < buffer.characters.count else { return .bell }
            buffer.remove(buffer.cursor..<buffer.cursor + 1)
        case .control("d"):
            if buffer.characters.isEmpty { return .end }
            guard buffer.cursor < buffer.characters.count else { return .bell }
            buffer.remove(buffer.cursor..<buffer.cursor + 1)
        case .control("k"):
            buffer.remove(buffer.cursor..<buffer.characters.count)
        case .control("u"):
            let end = buffer.cursor
            buffer.remove(0..<end)
        case .control("w"), .meta("\u{7F}"):
            let end = buffer.cursor
            buffer.remove(buffer.wordStart()..<end)
        case .up, .control("p"):
            guard index > 0 else { return .bell }
            show(index - 1)
        case .down, .control("n"):
            guard index < entries.count - 1 else { return .bell }
            show(index + 1)
        case .control("l"):
            return .clearScreen
        case .control("c"):
            return .interrupt
        default:
            return .none
        }
        return .redraw
    }

    private mutating func show(_ newIndex: Int) {
        entries[index] = buffer.text
        index = newIndex
        buffer = LineBuffer(entries[index])
    }
}

/// Draws the prompt and the visible part of the line on one row.
struct LineView {
    let prompt: String
    let columns: Int
    /// The first character shown (scrolls to keep the cursor visible).
    private var offset = 0

    init(prompt: String, columns: Int) {
        self.prompt = prompt
        self.columns = max(columns, 1)
    }

    /// The escape codes that redraw the row: carriage return, prompt, text, erase to the end
    /// of the row, then the cursor put back in place.
    mutating func draw(_ buffer: LineBuffer, cursorAtEnd: Bool = false) -> String {
        let promptWidth = prompt.count
        let room = max(columns - promptWidth - 1, 1)
        let cursor = cursorAtEnd ? buffer.characters.count : buffer.cursor
        if cursor < offset { offset = cursor }
        if cursor - offset > room { offset = cursor - room }
        if offset > 0 && buffer.characters.count - offset < room { offset = max(0, buffer.characters.count - room) }
        let visible = buffer.characters[offset..<min(buffer.characters.count, offset + room)]
        var out = "\r" + prompt + String(visible) + "\u{1B}[K"
        let column = promptWidth + cursor - offset
        out += "\r"
        if column > 0 { out += "\u{1B}[\(column)C" }
        return out
    }
}

/// The history file: one line per entry, appended as lines are accepted.
enum HistoryFile {
    /// The last `limit` lines of the file (none if it is missing or unreadable). A file grown
    /// past twice the limit is rewritten with its last `limit` lines.
    static func load(_ path: String, limit: Int) -> [String] {
        let fd = retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return [] }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Terminal.read(fd, into: $0) } ?? 0
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        close(fd)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        if lines.count > 2 * limit { rewrite(path, lines: Array(lines.suffix(limit))) }
        return Array(lines.suffix(limit))
    }

    static func append(_ line: String, to path: String) {
        makeParentDirectories(of: path)
        let fd = retryingOnInterrupt { open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { return }
        Terminal.write(fd, line + "\n")
        close(fd)
    }

    /// Replaces the file through a temporary file and rename(2), so it is never half written.
    private static func rewrite(_ path: String, lines: [String]) {
        let temporary = path + ".tmp\(getpid())"
        let fd = retryingOnInterrupt { open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { return }
        Terminal.write(fd, lines.map { $0 + "\n" }.joined())
        close(fd)
        if rename(temporary, path) != 0 { unlink(temporary) }
    }

    private static func makeParentDirectories(of path: String) {
        var prefix = ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for (i, part) in parts.enumerated() {
            prefix += (i == 0 ? "" : "/") + part
            if !prefix.isEmpty { mkdir(prefix, 0o700) }
        }
    }
}
