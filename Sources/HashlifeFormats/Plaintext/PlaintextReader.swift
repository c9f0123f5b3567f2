import HashlifeEngine

/// Reads plaintext `.cells` files (the LifeWiki / Golly format).
///
/// - `!` lines are metadata or comments, anywhere in the file, and never count as rows:
///   `!Name: X` sets the name, `!Author: X` the author (both trimmed); this project's writer
///   also uses `!Position: x,y` (the origin, any integers), `!Generation: N` and `!Rule: R`,
///   which read back into `originX`/`originY`, `generation` and `rule`. The keywords are
///   recognised only right after the `!`; every other `!` line is a comment, kept without the
///   `!` and one following space (`! text` and `!text` both give "text").
/// - Every other line is a row: `.` dead, `O` or `*` alive (`*` is found in older files);
///   trailing dots may be omitted and trailing spaces or tabs are ignored. Blank lines before
///   the first row are skipped; after it they are rows of dead cells.
///
/// Cells are relative to the document's origin, row-major, the first row at y = 0. `width`
/// and `height` are the drawn extent: the longest row and the rows up to the last non-blank one.
/// A pattern with more than 2³¹ live cells is rejected. Nothing is stored per dead cell, so a
/// row of a billion dots costs only its own bytes.
public enum PlaintextReader {
    /// Largest number of live cells a pattern may have.
    static let maxCellCount = 1 << 31

    /// Parses plaintext. Throws PatternError with line/column for malformed input; never crashes, never loops forever.
    public static func read(_ text: String) throws(PatternError) -> PatternDocument {
        try PatternTextScanner.scan(text) { (scanner: inout PatternTextScanner) throws(PatternError) in
            try parse(&scanner)
        }
    }

    private static func parse(_ s: inout PatternTextScanner) throws(PatternError) -> PatternDocument {
        var document = PatternDocument()
        var cells: [PatternCell] = []
        var y = -1  // the current row; -1 before the first one
        var width = 0, height = 0
        while s.nextLine() {
            let start = s.lineStart, end = s.trimmedEnd
            if start < s.lineEnd && s.bytes[start] == PatternTextByte.bang {
                try metadata(&s, &document)
                continue
            }
            if y < 0 && start == end { continue }  // blank lines before the first row
            y += 1  // y < line count, so it cannot overflow
            var x = 0
            for i in start..<end {
                let c = s.bytes[i]
                if c == PatternTextByte.upperO || c == PatternTextByte.star {
                    guard cells.count < maxCellCount else {
                        throw s.error(at: i, "the pattern has more than \(maxCellCount) live cells")
                    }
                    cells.append(PatternCell(x: x, y: y))
                } else if c != PatternTextByte.dot {
                    throw s.error(at: i, "unexpected character \(s.describeCharacter(at: i)) in a row; "
                                  + "expected . (dead), O or * (alive)")
                }
                x += 1  // x < line length
            }
            if x > 0 {
                width = max(width, x)
                height = y + 1
            }
        }
        document.cells = cells
        document.width = width
        document.height = height
        return document
    }

    /// A line starting with `!`.
    private static func metadata(_ s: inout PatternTextScanner, _ document: inout PatternDocument) throws(PatternError) {
        let start = s.lineStart + 1, end = s.lineEnd
        if s.hasPrefix("Name:", at: start) {
            document.name = s.text(s.trimmed((start + 5)..<end))
        } else if s.hasPrefix("Author:", at: start) {
            document.author = s.text(s.trimmed((start + 7)..<end))
        } else if s.hasPrefix("Rule:", at: start) {
            let rule = s.trimmed((start + 5)..<end)
            if !rule.isEmpty {
                document.rule = s.text(rule)
                document.ruleAt = s.position(at: rule.lowerBound)
            }
        } else if s.hasPrefix("Generation:", at: start) {
            let value = s.trimmed((start + 11)..<end)
            document.generation = try s.bigUnsigned(value, what: "the generation in !Generation:")
        } else if s.hasPrefix("Position:", at: start) {
            let value = s.trimmed((start + 9)..<end)
            var comma = value.lowerBound
            while comma < value.upperBound && s.bytes[comma] != PatternTextByte.comma { comma += 1 }
            guard comma < value.upperBound else {
                throw s.error(at: value.upperBound, "expected `!Position: <x>,<y>` with a comma between the coordinates")
            }
            let x = try s.bigSigned(s.trimmed(value.lowerBound..<comma), what: "the x coordinate in !Position:")
            let y = try s.bigSigned(s.trimmed((comma + 1)..<value.upperBound), what: "the y coordinate in !Position:")
            document.originX = x
            document.originY = y
        } else {
            var lo = start
            if lo < end && s.bytes[lo] == PatternTextByte.space { lo += 1 }
            document.comments.append(s.text(lo..<end))
        }
    }
}

// MARK: - Shared by the plaintext and Life 1.05/1.06 readers

/// A coordinate as read: a machine integer when small, else exact.
enum PatternCoordinate {
    case small(Int)
    case big(BigInt)

    var value: BigInt {
        switch self {
        case .small(let v): return BigInt(v)
        case .big(let v): return v
        }
    }
}

/// ASCII codes used by the plaintext and Life readers.
enum PatternTextByte {
    static let tab: UInt8 = 0x09, lf: UInt8 = 0x0A, vt: UInt8 = 0x0B, ff: UInt8 = 0x0C, cr: UInt8 = 0x0D
    static let space: UInt8 = 0x20, bang: UInt8 = 0x21, hash: UInt8 = 0x23, star: UInt8 = 0x2A
    static let plus: UInt8 = 0x2B, comma: UInt8 = 0x2C, minus: UInt8 = 0x2D, dot: UInt8 = 0x2E
    static let zero: UInt8 = 0x30, nine: UInt8 = 0x39, upperO: UInt8 = 0x4F

    static func isSpace(_ c: UInt8) -> Bool { c == space || c == tab || c == vt || c == ff }
    static func isDigit(_ c: UInt8) -> Bool { c >= zero && c <= nine }
}

/// Walks a pattern file's UTF-8 bytes one line at a time (LF, CRLF or CR endings; a leading
/// byte-order mark is skipped) without copying the text or storing anything per line, and
/// builds errors with 1-based line and column (columns count Unicode scalars).
struct PatternTextScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The current line's content, without its terminator.
    private(set) var lineStart = 0
    private(set) var lineEnd = 0
    /// 0-based number of the current line; -1 before the first `nextLine()`.
    private(set) var lineIndex = -1
    /// Where the next line starts; nil once the last line has been returned.
    private var nextStart: Int?

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        nextStart = start
    }

    /// Runs `body` over the UTF-8 bytes of `text` (always valid UTF-8, since it is a String).
    static func scan<R>(
        _ text: String, _ body: (inout PatternTextScanner) throws(PatternError) -> R
    ) throws(PatternError) -> R {
        var text = text
        let result = text.withUTF8 { buffer in
            var scanner = PatternTextScanner(buffer)
            return Result { () throws(PatternError) -> R in try body(&scanner) }
        }
        return try result.get()
    }

    /// Moves to the next line; false at the end of the text. A text always has at least one
    /// line, and a final line terminator does not start another one.
    mutating func nextLine() -> Bool {
        guard let start = nextStart else { return false }
        if start == bytes.count && lineIndex >= 0 { return false }
        var i = start
        while i < bytes.count && bytes[i] != PatternTextByte.lf && bytes[i] != PatternTextByte.cr { i += 1 }
        lineStart = start
        lineEnd = i
        lineIndex += 1
        if i == bytes.count {
            nextStart = nil
        } else {
            nextStart = i + ((bytes[i] == PatternTextByte.cr && i + 1 < bytes.count && bytes[i + 1] == PatternTextByte.lf) ? 2 : 1)
        }
        return true
    }

    /// The end of the current line without trailing spaces and tabs.
    var trimmedEnd: Int {
        var end = lineEnd
        while end > lineStart && PatternTextByte.isSpace(bytes[end - 1]) { end -= 1 }
        return end
    }

    // MARK: Errors

    /// The position of byte `index` of the current line.
    func position(at index: Int) -> PatternPosition {
        let e = error(at: index, "")
        return PatternPosition(line: e.line, column: e.column)
    }

    /// An error at byte `index` of the current line.
    func error(at index: Int, _ message: String) -> PatternError {
        var column = 1
        var j = lineStart
        let end = min(index, lineEnd)
        while j < end {
            if bytes[j] & 0xC0 != 0x80 { column += 1 }
            j += 1
        }
        return PatternError(line: lineIndex + 1, column: column, message: message)
    }

    /// The character starting at byte `index`, described for an error message.
    func describeCharacter(at index: Int) -> String {
        guard index < lineEnd else { return "the end of the line" }
        let lead = bytes[index]
        if lead >= 0x21 && lead <= 0x7E { return "'\(Character(Unicode.Scalar(lead)))'" }
        var end = index + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
            .unicodeScalars.first ?? "\u{FFFD}"
        var hex = String(scalar.value, radix: 16, uppercase: true)
        while hex.count < 4 { hex = "0" + hex }
        if scalar.value == 0xFFFD { return "U+FFFD (invalid or replaced text)" }
        if scalar.value < 0x80 || scalar.properties.generalCategory == .control
            || scalar.properties.isWhitespace || scalar.properties.generalCategory == .format {
            return "U+\(hex)"
        }
        return "'\(Character(scalar))' (U+\(hex))"
    }

    // MARK: Text

    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// `range` without leading and trailing spaces and tabs.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi && PatternTextByte.isSpace(bytes[lo]) { lo += 1 }
        while hi > lo && PatternTextByte.isSpace(bytes[hi - 1]) { hi -= 1 }
        return lo..<hi
    }

    /// Whether the current line has `prefix` at byte `index`.
    func hasPrefix(_ prefix: String, at index: Int) -> Bool {
        var i = index
        for c in prefix.utf8 {
            guard i < lineEnd, bytes[i] == c else { return false }
            i += 1
        }
        return true
    }

    /// Whether the current line, without trailing spaces and tabs, is exactly `header`;
    /// otherwise throws an error at the first difference.
    func expectHeader(_ header: String) throws(PatternError) {
        var i = lineStart
        let end = trimmedEnd
        for c in header.utf8 {
            guard i < end, bytes[i] == c else {
                let found = i < end ? describeCharacter(at: i)
                    : (lineEnd == lineStart && nextStart == nil ? "the end of the file" : "the end of the line")
                throw error(at: i, "expected `\(header)` on the first line, found \(found)")
            }
            i += 1
        }
        guard i == end else {
            throw error(at: i, "expected `\(header)` on the first line, found \(describeCharacter(at: i)) after it")
        }
    }

    // MARK: Numbers

    func skipSpaces(_ i: inout Int) {
        while i < lineEnd && PatternTextByte.isSpace(bytes[i]) { i += 1 }
    }

    /// Coordinates up to this size stay machine integers (room to add line lengths to them).
    static let smallCoordinate = 1 << 60

    /// An optional sign and decimal digits at `i` (`i` moves past them): `.small` within
    /// ±`smallCoordinate`, else `.big`, exact at any size up to the engine's limit (refused by
    /// its digit count before any arithmetic).
    func coordinate(_ i: inout Int, what: String) throws(PatternError) -> PatternCoordinate {
        let start = i
        var negative = false
        if i < lineEnd && (bytes[i] == PatternTextByte.minus || bytes[i] == PatternTextByte.plus) {
            negative = bytes[i] == PatternTextByte.minus
            i += 1
        }
        guard i < lineEnd, PatternTextByte.isDigit(bytes[i]) else {
            throw error(at: i, "expected an integer for \(what), found \(describeCharacter(at: i))")
        }
        let digitStart = i
        var value = 0
        var small = true
        while i < lineEnd && PatternTextByte.isDigit(bytes[i]) {
            if small {
                if value > Self.smallCoordinate / 10 {
                    small = false
                } else {
                    value = value * 10 + Int(bytes[i] - PatternTextByte.zero)  // ≤ 2^60 + 9
                    if value > Self.smallCoordinate { small = false }
                }
            }
            i += 1
        }
        if small { return .small(negative ? -value : value) }
        let digits = UnsafeBufferPointer(rebasing: bytes[digitStart..<i])
        guard let magnitude = PatternLimits.value(ofDigits: digits, belowPowerOfTwo: PatternLimits.coordinateExponent) else {
            throw error(at: start, "\(what) (\(i - digitStart) digits) is " + PatternLimits.coordinateLimitText)
        }
        return .big(BigInt(sign: negative, magnitude: magnitude))
    }

    func checkDigits(_ range: Range<Int>, what: String) throws(PatternError) {
        guard !range.isEmpty else {
            throw error(at: range.lowerBound, "expected an integer for \(what), found \(describeCharacter(at: range.lowerBound))")
        }
        for j in range where !PatternTextByte.isDigit(bytes[j]) {
            throw error(at: j, "expected a digit in \(what), found \(describeCharacter(at: j))")
        }
    }

    /// A whole `range` holding an optional sign and decimal digits, of any size.
    func bigSigned(_ range: Range<Int>, what: String) throws(PatternError) -> BigInt {
        var digits = range
        if let first = range.first, bytes[first] == PatternTextByte.minus || bytes[first] == PatternTextByte.plus {
            digits = (first + 1)..<range.upperBound
        }
        try checkDigits(digits, what: what)
        let negative = digits.lowerBound > range.lowerBound && bytes[range.lowerBound] == PatternTextByte.minus
        guard let magnitude = PatternLimits.value(ofDigits: UnsafeBufferPointer(rebasing: bytes[digits]),
                                                  belowPowerOfTwo: PatternLimits.coordinateExponent) else {
            throw error(at: range.lowerBound, "\(what) (\(digits.count) digits) is " + PatternLimits.coordinateLimitText)
        }
        return BigInt(sign: negative, magnitude: magnitude)
    }

    /// A whole `range` holding decimal digits, of any size.
    func bigUnsigned(_ range: Range<Int>, what: String) throws(PatternError) -> BigUInt {
        try checkDigits(range, what: what)
        guard let value = PatternLimits.value(ofDigits: UnsafeBufferPointer(rebasing: bytes[range]),
                                              belowPowerOfTwo: PatternLimits.generationExponent) else {
            throw error(at: range.lowerBound, "\(what) (\(range.count) digits) is " + PatternLimits.generationLimitText)
        }
        return value
    }
}
