import HashlifeEngine

/// Reads Life RLE (Golly's dialect, two-state patterns only).
///
/// Accepted, in the order they may appear:
/// - `#` lines anywhere a line starts with `#` before the `!`: `#N name`, `#O author`,
///   `#C`/`#c` comments, `#r rule`, `#CXRLE Pos=x,y Gen=n` (either part optional, any order);
///   other `#` lines are ignored.
/// - blank lines, then the header `x = W, y = H[, rule = R]` (spaces optional; other `key = value`
///   pairs after `y` are ignored). A file whose first non-comment line is not a header is an error.
/// - the body: `b`/`.` dead, `o`/`A` alive, `$` end of row, each optionally preceded by a run
///   count of any size below the engine's limit of 2^65000 (longer counts are refused by their
///   digit count); `!` ends the pattern and everything after it is ignored. A missing `!` is
///   accepted, as in Golly, with a warning (the file may be cut short) that gives the header's
///   height and the rows found. Spaces, tabs and line breaks (LF, CRLF or CR) are ignored
///   anywhere in the body.
///
/// Cells may lie outside the header's width and height (the header is a hint, as in Golly).
/// Streaks of up to 8 live cells are stored cell by cell, longer ones as `PatternRun`s; dead
/// runs only move the cursor, and cells past a gap beyond ±2^60 go into `PatternBlock`s: memory
/// is proportional to the text, never to the runs' lengths.
public enum RLEReader {
    /// Live runs up to this long are stored cell by cell; longer ones as `PatternRun`s.
    static let shortRun = 8
    /// Run counts below this are accumulated in an Int; longer ones as digits.
    static let smallCountLimit = 100_000_000_000_000_000

    /// Parses RLE text. Throws PatternError with line/column for malformed input; never crashes, never loops forever.
    public static func read(_ text: String) throws(PatternError) -> PatternDocument {
        var warnings: [PatternWarning] = []
        return try read(text, warnings: &warnings)
    }

    /// Parses RLE text as `read(_:)` does, appending to `warnings` what is odd about a file that
    /// still loads (a body without its closing `!`). When `checkingRule`, a body that cannot be
    /// read under a rule that does not parse either is refused for its rule (`checkRule`'s
    /// error): a rule this reader does not know explains cells it does not know.
    public static func read(_ text: String, warnings: inout [PatternWarning], checkingRule: Bool = false) throws(PatternError) -> PatternDocument {
        var parser = RLEParser(Array(text.utf8))
        let document = try parser.parse(checkingRule: checkingRule)
        warnings += parser.warnings
        return document
    }
}

// ASCII codes used by the parser.
private enum Byte {
    static let tab: UInt8 = 0x09, lf: UInt8 = 0x0A, vt: UInt8 = 0x0B, ff: UInt8 = 0x0C, cr: UInt8 = 0x0D
    static let space: UInt8 = 0x20, bang: UInt8 = 0x21, hash: UInt8 = 0x23, dollar: UInt8 = 0x24
    static let plus: UInt8 = 0x2B, comma: UInt8 = 0x2C, minus: UInt8 = 0x2D, dot: UInt8 = 0x2E
    static let zero: UInt8 = 0x30, nine: UInt8 = 0x39, equals: UInt8 = 0x3D
    static let upperA: UInt8 = 0x41, upperB: UInt8 = 0x42, upperC: UInt8 = 0x43, upperN: UInt8 = 0x4E
    static let upperO: UInt8 = 0x4F, upperX: UInt8 = 0x58
    static let b: UInt8 = 0x62, c: UInt8 = 0x63, o: UInt8 = 0x6F, p: UInt8 = 0x70, r: UInt8 = 0x72
    static let x: UInt8 = 0x78, y: UInt8 = 0x79

    static func isSpace(_ c: UInt8) -> Bool { c == space || c == tab || c == vt || c == ff }
    static func isDigit(_ c: UInt8) -> Bool { c >= zero && c <= nine }
    static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
}

private struct RLEParser {
    /// The most cells `body` makes room for before it has read them (2^24: 256 MB of address
    /// space).
    static let reservedCellLimit = 1 << 24
    /// The text as UTF-8 (always valid: it came from a String).
    let bytes: [UInt8]
    /// Each line's content, without its terminator. There is always at least one line.
    var lines: [Range<Int>] = []
    var document = { var d = PatternDocument(); d.placedOnGrid = true; return d }()
    /// What is odd about the file, though it loads.
    var warnings: [PatternWarning] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }  // BOM
        var i = start
        while i < bytes.count {
            let c = bytes[i]
            if c == Byte.lf {
                lines.append(start..<i)
                i += 1
                start = i
            } else if c == Byte.cr {
                lines.append(start..<i)
                i += (i + 1 < bytes.count && bytes[i + 1] == Byte.lf) ? 2 : 1
                start = i
            } else {
                i += 1
            }
        }
        lines.append(start..<bytes.count)
    }

    // MARK: Errors

    /// The position of byte `index` of line `line` (0-based).
    func position(at index: Int, line: Int) -> PatternPosition {
        let e = error(at: index, line: line, "")
        return PatternPosition(line: e.line, column: e.column)
    }

    /// An error at byte `index` of line `line` (0-based); the column counts Unicode scalars.
    func error(at index: Int, line: Int, _ message: String) -> PatternError {
        let range = lines[line]
        var column = 1
        var j = range.lowerBound
        let end = min(index, range.upperBound)
        while j < end {
            if bytes[j] & 0xC0 != 0x80 { column += 1 }
            j += 1
        }
        return PatternError(line: line + 1, column: column, message: message)
    }

    /// The character starting at byte `index`, described for an error message.
    func describeCharacter(at index: Int) -> String {
        let lead = bytes[index]
        if lead >= 0x21 && lead <= 0x7E { return "'\(Character(Unicode.Scalar(lead)))'" }
        var end = index + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        let scalar = String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
        var hex = String(scalar.value, radix: 16, uppercase: true)
        while hex.count < 4 { hex = "0" + hex }
        if scalar.value == 0xFFFD { return "U+FFFD (invalid or replaced text)" }
        if scalar.value < 0x80 || scalar.properties.generalCategory == .control
            || scalar.properties.isWhitespace || scalar.properties.generalCategory == .format {
            return "U+\(hex)"
        }
        return "'\(Character(scalar))' (U+\(hex))"
    }

    // MARK: Driver

    mutating func parse(checkingRule: Bool) throws(PatternError) -> PatternDocument {
        var lineIndex = 0
        var sawHeader = false
        while lineIndex < lines.count {
            let range = lines[lineIndex]
            if let first = range.first, bytes[first] == Byte.hash {
                try metadata(line: lineIndex)
                lineIndex += 1
                continue
            }
            var i = range.lowerBound
            while i < range.upperBound && Byte.isSpace(bytes[i]) { i += 1 }
            if i == range.upperBound {
                lineIndex += 1
                continue
            }
            guard bytes[i] == Byte.x else {
                throw error(at: i, line: lineIndex,
                            "expected a header line `x = <width>, y = <height>` before the pattern data")
            }
            try header(line: lineIndex, from: i)
            sawHeader = true
            lineIndex += 1
            break
        }
        guard sawHeader else {
            let last = lines.count - 1
            throw error(at: lines[last].upperBound, line: last,
                        "expected a header line `x = <width>, y = <height>`, found the end of the file")
        }
        do { try body(fromLine: lineIndex) } catch {
            if checkingRule { try document.checkRule() }  // the rule's error comes first
            throw error
        }
        return document
    }

    // MARK: Metadata lines

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi && Byte.isSpace(bytes[lo]) { lo += 1 }
        while hi > lo && Byte.isSpace(bytes[hi - 1]) { hi -= 1 }
        return lo..<hi
    }

    func hasPrefix(_ prefix: String, at index: Int, end: Int) -> Bool {
        var i = index
        for c in prefix.utf8 {
            guard i < end, bytes[i] == c else { return false }
            i += 1
        }
        return true
    }

    /// A line starting with `#`.
    mutating func metadata(line: Int) throws(PatternError) {
        let range = lines[line]
        let start = range.lowerBound, end = range.upperBound
        guard start + 1 < end else { return }  // a lone "#"
        let rest = (start + 2)..<end
        switch bytes[start + 1] {
        case Byte.upperC where hasPrefix("#CXRLE", at: start, end: end):
            try xrle(line: line, from: start + 6)
        case Byte.upperC, Byte.c:
            var lo = rest.lowerBound
            if lo < end && bytes[lo] == Byte.space { lo += 1 }
            document.comments.append(text(lo..<end))
        case Byte.upperN:
            document.name = text(trimmed(rest))
        case Byte.upperO:
            document.author = text(trimmed(rest))
        case Byte.r:
            let rule = trimmed(rest)
            if !rule.isEmpty {
                document.rule = text(rule)
                document.ruleAt = position(at: rule.lowerBound, line: line)
            }
        default:
            break  // other `#` lines carry nothing we keep
        }
    }

    /// `#CXRLE Pos=x,y Gen=n`: whitespace-separated `key=value` words; unknown words are ignored.
    mutating func xrle(line: Int, from index: Int) throws(PatternError) {
        let end = lines[line].upperBound
        var i = index
        while true {
            while i < end && Byte.isSpace(bytes[i]) { i += 1 }
            guard i < end else { return }
            let wordStart = i
            while i < end && !Byte.isSpace(bytes[i]) { i += 1 }
            let word = wordStart..<i
            if hasPrefix("Pos=", at: wordStart, end: i) {
                let valueStart = wordStart + 4
                var comma = valueStart
                while comma < i && bytes[comma] != Byte.comma { comma += 1 }
                guard comma < i else {
                    throw error(at: i, line: line, "expected `Pos=<x>,<y>` with a comma between the coordinates")
                }
                let x = try signedInteger(valueStart..<comma, line: line, what: "the x coordinate of Pos=")
                let y = try signedInteger((comma + 1)..<i, line: line, what: "the y coordinate of Pos=")
                document.originX = x
                document.originY = y
                document.placedOnGrid = false
            } else if hasPrefix("Gen=", at: wordStart, end: i) {
                let digits = (wordStart + 4)..<word.upperBound
                try checkDigits(digits, line: line, what: "the generation in Gen=")
                guard let gen = PatternLimits.value(ofDigits: bytes[digits], belowPowerOfTwo: PatternLimits.generationExponent) else {
                    throw error(at: digits.lowerBound, line: line,
                                "the generation in Gen= (\(digits.count) digits) is " + PatternLimits.generationLimitText)
                }
                document.generation = gen
            }
        }
    }

    func checkDigits(_ range: Range<Int>, line: Int, what: String) throws(PatternError) {
        guard !range.isEmpty else {
            throw error(at: range.lowerBound, line: line, "expected an integer for \(what)")
        }
        for j in range where !Byte.isDigit(bytes[j]) {
            throw error(at: j, line: line, "expected a digit in \(what), found \(describeCharacter(at: j))")
        }
    }

    func signedInteger(_ range: Range<Int>, line: Int, what: String) throws(PatternError) -> BigInt {
        var digits = range
        var negative = false
        if let first = range.first, bytes[first] == Byte.minus || bytes[first] == Byte.plus {
            digits = (first + 1)..<range.upperBound
            negative = bytes[first] == Byte.minus
        }
        try checkDigits(digits, line: line, what: what)
        guard let magnitude = PatternLimits.value(ofDigits: bytes[digits], belowPowerOfTwo: PatternLimits.coordinateExponent) else {
            throw error(at: range.lowerBound, line: line, "\(what) (\(digits.count) digits) is " + PatternLimits.coordinateLimitText)
        }
        return BigInt(sign: negative, magnitude: magnitude)
    }

    // MARK: Header

    func skipSpaces(_ i: inout Int, _ end: Int) {
        while i < end && Byte.isSpace(bytes[i]) { i += 1 }
    }

    func expect(_ c: UInt8, _ i: inout Int, _ end: Int, line: Int, _ message: String) throws(PatternError) {
        skipSpaces(&i, end)
        guard i < end, bytes[i] == c else {
            let found = i < end ? describeCharacter(at: i) : "the end of the line"
            throw error(at: i, line: line, "\(message), found \(found)")
        }
        i += 1
        skipSpaces(&i, end)
    }

    /// A width or height: a non-negative decimal, saturating at Int.max (the header is only a hint).
    func size(_ i: inout Int, _ end: Int, line: Int, name: String) throws(PatternError) -> Int {
        let start = i
        var value = 0
        while i < end && Byte.isDigit(bytes[i]) {
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(Int(bytes[i] - Byte.zero))
            value = o1 || o2 ? Int.max : s
            i += 1
        }
        guard i > start else {
            let found = i < end ? describeCharacter(at: i) : "the end of the line"
            throw error(at: i, line: line, "expected a non-negative integer for \(name) in the header, found \(found)")
        }
        return value
    }

    /// `x = W, y = H[, rule = R][, other = value…]`, starting at the `x`.
    mutating func header(line: Int, from index: Int) throws(PatternError) {
        let end = lines[line].upperBound
        var i = index + 1
        try expect(Byte.equals, &i, end, line: line, "expected '=' after 'x' in the header")
        document.width = try size(&i, end, line: line, name: "x (the width)")
        try expect(Byte.comma, &i, end, line: line, "expected ',' after the width in the header")
        try expect(Byte.y, &i, end, line: line, "expected 'y = <height>' after 'x = <width>,' in the header")
        try expect(Byte.equals, &i, end, line: line, "expected '=' after 'y' in the header")
        document.height = try size(&i, end, line: line, name: "y (the height)")
        while true {
            skipSpaces(&i, end)
            guard i < end else { return }
            try expect(Byte.comma, &i, end, line: line, "expected ',' or the end of the line after the header's values")
            guard i < end else { return }  // a trailing comma
            let keyStart = i
            while i < end && Byte.isLetter(bytes[i]) { i += 1 }
            guard i > keyStart else {
                throw error(at: i, line: line, "expected a key such as 'rule' after ',' in the header, found \(describeCharacter(at: i))")
            }
            let isRule = hasPrefix("rule", at: keyStart, end: i) && i - keyStart == 4
            try expect(Byte.equals, &i, end, line: line, "expected '=' after the header key")
            if isRule {
                // As in Golly, the rule runs to the next space; a trailing comma is dropped, and
                // anything after the rule is ignored.
                let ruleStart = i
                while i < end && !Byte.isSpace(bytes[i]) { i += 1 }
                var ruleEnd = i
                if ruleEnd > ruleStart && bytes[ruleEnd - 1] == Byte.comma { ruleEnd -= 1 }
                guard ruleEnd > ruleStart else {
                    throw error(at: ruleStart, line: line, "expected a rule after 'rule =' in the header")
                }
                document.rule = text(ruleStart..<ruleEnd)
                document.ruleAt = position(at: ruleStart, line: line)
                return
            }
            while i < end && bytes[i] != Byte.comma { i += 1 }  // an unknown key's value
        }
    }

    // MARK: Body

    /// Scans the body starting at line `firstLine`, storing live cells in row-major order and
    /// handling the `#` lines met inside it. Runs of up to `RLEReader.shortRun` live cells are
    /// stored cell by cell (the fast path for soups); longer ones as `PatternRun`s, and gaps of
    /// any size only move the cursor, so neither costs memory per cell.
    mutating func body(fromLine firstLine: Int) throws(PatternError) {
        // Room for a cell a byte of the body, what a soup comes to (a 2048² soup at density
        // 0.5: 0.66). The array doubling its way up from empty copied and first touched twice
        // the memory it ends with; room it does not use costs address space, not memory.
        let bodyBytes = firstLine < lines.count ? bytes.count - lines[firstLine].lowerBound : 0
        document.cells.reserveCapacity(min(bodyBytes, RLEParser.reservedCellLimit))
        var cursor = RLECursor()
        var count = -1  // pending run count while it is small, -1 when none
        var bigDigits: [UInt8] = []  // a pending count's digits once it passes `smallCountLimit`
        var countIndex = 0, countLine = 0
        var lastLine = max(firstLine - 1, 0)  // the last line holding some of the body (else the header)
        for line in firstLine..<lines.count {
            let range = lines[line]
            if let first = range.first, bytes[first] == Byte.hash {
                try metadata(line: line)
                continue
            }
            var i = range.lowerBound
            while i < range.upperBound {
                let c = bytes[i]
                if Byte.isSpace(c) {
                    i += 1
                    continue
                }
                lastLine = line
                if Byte.isDigit(c) {
                    let digit = Int(c - Byte.zero)
                    if count < 0 {
                        count = digit
                        countIndex = i
                        countLine = line
                    } else if bigDigits.isEmpty && count < RLEReader.smallCountLimit {
                        count = count * 10 + digit
                    } else {
                        if bigDigits.isEmpty { bigDigits = Array(String(count).utf8) }
                        bigDigits.append(c)
                        if bigDigits.count > PatternLimits.maxDigits(belowPowerOfTwo: PatternLimits.coordinateExponent) {
                            throw error(at: countIndex, line: countLine, "run count has more than \(bigDigits.count - 1) digits, "
                                        + PatternLimits.coordinateLimitText)
                        }
                    }
                    i += 1
                    continue
                }
                if c == Byte.bang {  // a count right before '!' is harmless
                    cursor.flush(&document)
                    return
                }
                let isDead = c == Byte.b || c == Byte.dot
                let isAlive = c == Byte.o || c == Byte.upperA
                if !(isDead || isAlive || c == Byte.dollar) {
                    if (c >= Byte.upperB && c <= Byte.upperX) || (c >= Byte.p && c <= Byte.y) {
                        throw error(at: i, line: line,
                                    "multi-state cells are not supported (found \(describeCharacter(at: i))); "
                                    + "only b or . (dead) and o or A (alive) are allowed")
                    }
                    throw error(at: i, line: line,
                                "unexpected character \(describeCharacter(at: i)) in the pattern body; "
                                + "expected b, o, $, ! or a run count")
                }
                let (errIndex, errLine) = count >= 0 ? (countIndex, countLine) : (i, line)
                var n = 1
                var big: BigUInt? = nil
                if !bigDigits.isEmpty {
                    let value = BigUInt(decimal: Substring(String(decoding: bigDigits, as: UTF8.self)))!
                    guard value.bitWidth <= PatternLimits.coordinateExponent else {
                        throw error(at: errIndex, line: errLine, "run count is " + PatternLimits.coordinateLimitText)
                    }
                    big = value
                    bigDigits.removeAll(keepingCapacity: true)
                } else if count >= 0 {
                    guard count > 0 else {
                        throw error(at: countIndex, line: countLine, "run count must be at least 1")
                    }
                    n = count
                }
                count = -1
                let moved: Bool
                if c == Byte.dollar {
                    moved = big == nil ? cursor.nextRow(n, &document) : cursor.nextRow(big!, &document)
                } else if isDead {
                    moved = big == nil ? cursor.advance(n, &document) : cursor.advance(big!, &document)
                } else if big == nil {
                    moved = cursor.alive(n, &document)
                } else {
                    moved = cursor.run(big ?? BigUInt(n), &document)
                }
                guard moved else {
                    throw error(at: errIndex, line: errLine, "the pattern reaches " + PatternLimits.coordinateLimitText)
                }
                i += 1
            }
        }
        if count >= 0 {
            throw error(at: countIndex, line: countLine,
                        "run count is not followed by b, o or $ before the end of the file")
        }
        cursor.flush(&document)  // no '!': the pattern ends at the end of the file, as in Golly
        let rows = cursor.rowsStarted
        warnings.append(PatternWarning(line: lastLine + 1, message: "the file may be cut short: header says "
            + "\(document.height) row\(document.height == 1 ? "" : "s"), found \(rows), no '!'"))
    }
}

/// The body's writing position: an offset (`x`, `y`) in machine integers from the origin of the
/// current block (the document's own cells, or a `PatternBlock` past a gap too big for them).
private struct RLECursor {
    /// Offsets stay within ±`localLimit` of their block's origin; a move past it opens a block.
    static let localLimit = 1 << 60

    var x = 0, y = 0
    /// The current block's offset from the document's origin, and its index (-1: the document).
    var blockX = BigInt.zero, blockY = BigInt.zero
    var block = -1

    /// Where the current streak of live cells began (in this row and block), when one is open:
    /// `3o2o` and `ooooo` are one streak, stored as cells when short and as a run when long.
    var streak: Int? = nil

    /// The rows the body has reached: those ended by `$`, and the current one when anything
    /// (a live or dead cell) is in it.
    var rowsStarted: BigInt {
        blockY + BigInt(y) + (x > 0 || !blockX.isZero ? BigInt(1) : BigInt.zero)
    }

    /// `n` live cells.
    mutating func alive(_ n: Int, _ document: inout PatternDocument) -> Bool {
        guard x <= RLECursor.localLimit - n else { return run(BigUInt(n), &document) }
        if streak == nil { streak = x }
        x += n
        return true
    }

    /// Stores the open streak: cell by cell up to `RLEReader.shortRun` cells, else as a run.
    mutating func flush(_ document: inout PatternDocument) {
        guard let start = streak else { return }
        streak = nil
        if x - start <= RLEReader.shortRun {
            if block < 0 {
                for cx in start..<x { document.cells.append(PatternCell(x: cx, y: y)) }
            } else {
                for cx in start..<x { document.blocks[block].cells.append(PatternCell(x: cx, y: y)) }
            }
        } else {
            let run = PatternRun(x: start, y: y, length: BigUInt(x - start))
            if block < 0 { document.runs.append(run) } else { document.blocks[block].runs.append(run) }
        }
    }

    /// A run of `n` live cells.
    mutating func run(_ n: BigUInt, _ document: inout PatternDocument) -> Bool {
        flush(&document)
        let run = PatternRun(x: x, y: y, length: n)
        if block < 0 { document.runs.append(run) } else { document.blocks[block].runs.append(run) }
        return advance(n, &document)
    }

    /// `n` cells to the right.
    mutating func advance(_ n: Int, _ document: inout PatternDocument) -> Bool {
        flush(&document)
        if x <= RLECursor.localLimit - n {
            x += n
            return true
        }
        return advance(BigUInt(n), &document)
    }

    mutating func advance(_ n: BigUInt, _ document: inout PatternDocument) -> Bool {
        flush(&document)
        if let small = n.intValue, small <= RLECursor.localLimit, x <= RLECursor.localLimit - small {
            x += small
            return true
        }
        return open(x: blockX + BigInt(x) + BigInt(n), y: blockY + BigInt(y), &document)
    }

    /// `n` rows down, back to the document's left edge (x = 0).
    mutating func nextRow(_ n: Int, _ document: inout PatternDocument) -> Bool {
        flush(&document)
        if blockX.isZero && y <= RLECursor.localLimit - n {
            x = 0
            y += n
            return true
        }
        return nextRow(BigUInt(n), &document)
    }

    mutating func nextRow(_ n: BigUInt, _ document: inout PatternDocument) -> Bool {
        flush(&document)
        if blockX.isZero, let small = n.intValue, small <= RLECursor.localLimit, y <= RLECursor.localLimit - small {
            x = 0
            y += small
            return true
        }
        return open(x: .zero, y: blockY + BigInt(y) + BigInt(n), &document)
    }

    /// Starts a block at (`x`, `y`) from the document's origin; false when that is beyond the
    /// engine's limit.
    mutating func open(x: BigInt, y: BigInt, _ document: inout PatternDocument) -> Bool {
        guard x.magnitude.bitWidth <= PatternLimits.coordinateExponent,
              y.magnitude.bitWidth <= PatternLimits.coordinateExponent else { return false }
        blockX = x
        blockY = y
        self.x = 0
        self.y = 0
        if let last = document.blocks.last, last.isEmpty {
            document.blocks[document.blocks.count - 1] = PatternBlock(x: x, y: y)  // reuse an unused one
        } else {
            document.blocks.append(PatternBlock(x: x, y: y))
        }
        block = document.blocks.count - 1
        return true
    }
}
