// MultiStateRLE.swift — Golly's multi-state RLE, read and written.
//
// Body characters: '.' or 'b' state 0; 'o' state 1 (as in two-state files); 'A'...'X' states
// 1...24; 'p'...'y' followed by 'A'...'X' states 25...255 (24 × (prefix − 'o') + letter);
// '$' ends a row, '!' the pattern; a run count may precede any of them. The header
// "x = W, y = H, rule = R" must name a multi-state rule (everything after "rule =" to the end
// of the line, so grid suffixes with commas stay whole). On a bounded grid without a
// position the pattern is centred as Golly's readpattern places it: its top-left at
// (−W/2, −H/2). Gzip-compressed files are accepted by `read(bytes:)`.

import HashlifeEngine

public enum MultiStateRLE {
    /// Reads bytes that may be gzip-compressed.
    public static func read(bytes: [UInt8]) throws(PatternError) -> MultiStatePattern {
        var data = bytes
        if Gzip.isCompressed(bytes) {
            do { data = try Gzip.decompress(bytes) } catch {
                throw PatternError(line: 1, column: 1, message: "gzip: \(error)")
            }
        }
        return try read(String(decoding: data, as: UTF8.self))
    }

    public static func read(_ text: String) throws(PatternError) -> MultiStatePattern {
        var warnings: [PatternWarning] = []
        return try read(text, warnings: &warnings)
    }

    /// Reads `text` as `read(_:)` does, appending to `warnings` what is odd about a file that
    /// still loads: a body without its closing `!` (which may be cut short) loads as Golly
    /// loads it, with a warning giving the header's height and the rows found.
    public static func read(_ text: String, warnings: inout [PatternWarning]) throws(PatternError) -> MultiStatePattern {
        // Split on scalars: "\r\n" is one Character, which a split on the Character "\n" misses.
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.last == "\r" ? Array($0.dropLast()) : Array($0) }
        var comments: [String] = []
        var parsedRule: AnyRule?
        var size: (width: Int, height: Int)?
        var cells: [MultiStateCell] = []
        var x = 0, y = 0
        var count = 0
        var prefix: (value: Int, column: Int)?
        var sawHeader = false
        var position: (x: Int, y: Int)?
        var generation = BigUInt.zero
        var lastLine = 0  // the last line holding some of the body (else the header)

        func fail(_ line: Int, _ column: Int, _ message: String) -> PatternError {
            PatternError(line: line + 1, column: column + 1, message: message)
        }

        for (number, line) in lines.enumerated() {
            if !sawHeader {
                let trimmed = String(String.UnicodeScalarView(line)).drop { $0 == " " || $0 == "\t" }
                if trimmed.isEmpty { continue }
                if trimmed.hasPrefix("#CXRLE") {
                    try readExtension(Substring(trimmed.dropFirst(6)), line: number)
                    continue
                }
                if trimmed.hasPrefix("#") {
                    comments.append(String(trimmed))
                    continue
                }
                guard trimmed.hasPrefix("x") else { throw fail(number, 0, "expected the header \"x = …, y = …, rule = …\"") }
                sawHeader = true
                lastLine = number
                let text = String(String.UnicodeScalarView(line))
                let characters = Array(text)
                guard let ruleKey = findRule(characters) else {
                    throw fail(number, 0, "the header names no rule; a multi-state pattern needs one (as in \"rule = /2/3\")")
                }
                let ruleText = String(characters[ruleKey...]).drop { $0 == " " }
                do {
                    parsedRule = try RuleFolders.stateRule(String(ruleText))
                } catch {
                    throw fail(number, ruleKey, "\(error)")
                }
                let fields = String(characters[..<ruleKey]).split(separator: ",")
                var width = 0, height = 0
                for field in fields {
                    let parts = field.split(separator: "=").map { $0.filter { $0 != " " } }
                    guard parts.count == 2 else { continue }
                    if parts[0] == "x" { width = Int(parts[1]) ?? 0 }
                    if parts[0] == "y" { height = Int(parts[1]) ?? 0 }
                }
                size = (width, height)
                continue
            }
            var column = 0
            while column < line.count {
                let c = line[column]
                if c != " " && c != "\t" { lastLine = number }
                switch c {
                case " ", "\t":
                    break
                case "0"..."9":
                    count = min(count * 10 + Int(c.value - 48), 1 << 40)
                case "!":
                    return finish(parsedRule!, comments, cells, size, position: position, generation: generation)
                case "$":
                    y += max(count, 1); x = 0; count = 0
                case ".", "b":
                    x += max(count, 1); count = 0
                case "o", "A"..."X":
                    if c == "o", prefix != nil { throw fail(number, column, "'o' cannot follow a state prefix; expected 'A'…'X'") }
                    let state = c == "o" ? 1 : Int(c.value) - 64
                    try place(state, number, column)
                case "p"..."y":
                    guard prefix == nil else { throw fail(number, column, "two state prefixes in a row") }
                    prefix = (24 * (Int(c.value) - 111), column)
                    column += 1
                    continue
                default:
                    throw fail(number, column, "unexpected character '\(c)' in the pattern body; expected '.', 'b', 'o', 'A'…'X', 'p'…'y', '$', '!' or a run count")
                }
                if prefix != nil, !("A"..."X").contains(c) {
                    throw fail(number, prefix!.column, "a state prefix 'p'…'y' must be followed by a letter 'A'…'X'")
                }
                column += 1
            }
        }
        guard let finalRule = parsedRule else { throw fail(max(lines.count - 1, 0), 0, "no header \"x = …, y = …, rule = …\"") }
        let height = size?.height ?? 0
        let rows = y + (x > 0 ? 1 : 0)
        warnings.append(PatternWarning(line: lastLine + 1, message: "the file may be cut short: header says "
            + "\(height) row\(height == 1 ? "" : "s"), found \(rows), no '!'"))
        return finish(finalRule, comments, cells, size, position: position, generation: generation)

        /// Golly's "#CXRLE Pos=x,y Gen=n" (either part optional, any order).
        func readExtension(_ text: Substring, line number: Int) throws(PatternError) {
            for field in text.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                if field.hasPrefix("Pos=") {
                    let parts = field.dropFirst(4).split(separator: ",", omittingEmptySubsequences: false)
                    guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]),
                          abs(x) < 1 << 60, abs(y) < 1 << 60 else {
                        throw fail(number, 0, "invalid position \"\(field)\" in #CXRLE; expected Pos=X,Y")
                    }
                    position = (x, y)
                } else if field.hasPrefix("Gen=") {
                    guard let value = BigUInt(decimal: field.dropFirst(4)) else {
                        throw fail(number, 0, "invalid generation \"\(field)\" in #CXRLE; expected Gen=N")
                    }
                    generation = value
                }
            }
        }

        func place(_ letterState: Int, _ number: Int, _ column: Int) throws(PatternError) {
            var state = letterState
            if let p = prefix {
                state += p.value
                prefix = nil
            }
            guard let rule = parsedRule, state < rule.stateCount, state <= 255 else {
                throw fail(number, column, "state \(state) is out of range for rule \(parsedRule?.description ?? "?") (\(parsedRule?.stateCount ?? 0) states)")
            }
            for _ in 0..<max(count, 1) {
                cells.append(MultiStateCell(x: x, y: y, state: UInt8(state)))
                x += 1
            }
            count = 0
        }
    }

    /// The offset just after "rule =" in a header line, if any.
    static func findRule(_ characters: [Character]) -> Int? {
        var index = 0
        while index + 4 <= characters.count {
            if String(characters[index..<(index + 4)]).lowercased() == "rule",
               index == 0 || characters[index - 1] == "," || characters[index - 1] == " " {
                var after = index + 4
                while after < characters.count, characters[after] == " " { after += 1 }
                if after < characters.count, characters[after] == "=" { return after + 1 }
            }
            index += 1
        }
        return nil
    }

    static func finish(_ rule: AnyRule, _ comments: [String], _ cells: [MultiStateCell],
                       _ size: (width: Int, height: Int)?, position: (x: Int, y: Int)?,
                       generation: BigUInt) -> MultiStatePattern {
        var placed = cells
        if let position {
            placed = cells.map { MultiStateCell(x: $0.x + position.x, y: $0.y + position.y, state: $0.state) }
        } else if rule.grid != nil, let size {
            placed = cells.map { MultiStateCell(x: $0.x - size.width / 2, y: $0.y - size.height / 2, state: $0.state) }
        }
        return MultiStatePattern(rule: rule, comments: comments, cells: placed, generation: generation)
    }

    /// The body characters of one state: "." for 0, "A"…"X", or a prefix and a letter.
    public static func token(_ state: UInt8) -> String {
        if state == 0 { return "." }
        let value = Int(state)
        let high = (value - 1) / 24
        let letter = String(UnicodeScalar(UInt8(65 + (value - 1) % 24)))
        return high == 0 ? letter : String(UnicodeScalar(UInt8(111 + high))) + letter
    }

    /// The pattern as RLE, lines of at most 70 characters, every state kept. As Golly writes
    /// it, a "#CXRLE" line comes first with the position of the bounding box's top-left cell
    /// ("Pos=") when it is not (0, 0) and the generation ("Gen=") when it is not 0; the
    /// comments follow (a "#CXRLE" comment of the source is not repeated).
    public static func write(_ pattern: MultiStatePattern) -> String {
        let box = pattern.bounds ?? (0, 0, 0, 0)
        var output = ""
        if box.left != 0 || box.top != 0 || !pattern.generation.isZero {
            output += "#CXRLE"
            if box.left != 0 || box.top != 0 { output += " Pos=\(box.left),\(box.top)" }
            if !pattern.generation.isZero { output += " Gen=\(pattern.generation)" }
            output += "\n"
        }
        output += pattern.comments.filter { !$0.hasPrefix("#CXRLE") }.map { ($0.hasPrefix("#") ? $0 : "#C " + $0) + "\n" }.joined()
        output += "x = \(box.width), y = \(box.height), rule = \(pattern.rule)\n"
        var line = ""
        func add(_ count: Int, _ token: String) {
            let run = (count > 1 ? String(count) : "") + token
            if line.count + run.count > 70 {
                output += line + "\n"
                line = ""
            }
            line += run
        }
        var pendingRows = 0
        var rows: [Int: [MultiStateCell]] = [:]
        for cell in pattern.cells { rows[cell.y - box.top, default: []].append(cell) }
        for row in 0..<box.height {
            guard let cells = rows[row]?.sorted() else { pendingRows += 1; continue }
            if pendingRows > 0 { add(pendingRows, "$"); pendingRows = 0 }
            var x = 0
            var index = 0
            while index < cells.count {
                let cell = cells[index]
                let column = cell.x - box.left
                if column > x { add(column - x, ".") }
                var run = 1
                while index + run < cells.count, cells[index + run].state == cell.state,
                      cells[index + run].x == cell.x + run { run += 1 }
                add(run, token(cell.state))
                x = column + run
                index += run
            }
            pendingRows = 1
        }
        add(1, "!")
        return output + line + "\n"
    }
}
