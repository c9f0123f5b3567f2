// MCellReader.swift — Mirek Wojtowicz's MCell format (.mcl), read as Golly reads it.
//
// An MCell file is a list of "#" lines: "#MCell 4.20" first, "#GAME …" (the rule family),
// "#RULE …" or Golly's own "#GOLLY …" (the rule), "#BOARD WxH" and "#WRAP 0|1" (a bounded
// grid: a plane or a torus), "#D …" (the description) and "#L …" (the cells, as RLE-like runs:
// a count, then "." for empty cells, "$" for a new row, or a state: "A" … "X" for 1 … 24,
// prefixed by "a" … "j" for 24 × 1 … 24 × 10 more). Other lines (speed, palette, colours) are
// display settings and are skipped.
//
// Golly's choices, kept here so that a file lands where Golly puts it:
// - The first "#RULE" or "#GOLLY" line names the rule; without one, B3/S23. Two MCell rule
//   tables are recognised: the HistoricalLife table becomes LifeHistory (Brice Due's extended
//   HistoricalLife, whose marked states differ, has states 3, 5 and 8 renumbered), and the
//   Life table becomes B3/S23.
// - Without "#BOARD" the first cell is at (0, 0). With it, the rule gets the grid suffix (":T"
//   when "#WRAP 1", else ":P"), the cells are read from (−W/2, −H/2), then the pattern is moved
//   down and right by ((W + 1 − width) / 2, (H + 1 − height) / 2) of its bounding box when
//   either is positive, as MCell places it.
// - A state the rule does not have becomes state 1 (the rule's state count is known only once
//   the rule is parsed: `MCellPattern.cells(states:)`).

import HashlifeEngine

/// The contents of an MCell file: its rule, its cells and its description.
public struct MCellPattern: Sendable, Equatable {
    /// The rule text, with the grid suffix when the file gives a board ("WireWorld:P60,60").
    public var rule: String
    /// Where the rule was named (line and column of its text), for errors; nil when the file
    /// names none (B3/S23).
    public var ruleAt: PatternPosition?
    /// Every non-empty cell with the state the file gives (1 … 240), in file order.
    public var cells: [MultiStateCell]
    /// The "#D" lines, as "#C" comment lines.
    public var comments: [String]

    /// The cells under a rule of `states` states: a state the rule lacks becomes 1, as Golly
    /// (and MCell) load it.
    public func cells(states: Int) -> [MultiStateCell] {
        cells.map { Int($0.state) < states ? $0 : MultiStateCell(x: $0.x, y: $0.y, state: 1) }
    }
}

/// Reads MCell files (see the file comment).
public enum MCellReader {
    /// Cells a file may list: the same bound as a multi-state RLE file's.
    static let maximumCells = 1 << 26

    /// Parses `text`.
    /// - Throws: `PatternError` at the line and column of a state character that is not one
    ///   (or "a" … "j" without its "A" … "X"), an unreadable "#BOARD" or "#WRAP", a Larger than
    ///   Life game (no such family here), or too many cells.
    public static func read(_ text: String) throws(PatternError) -> MCellPattern {
        var rule: String? = nil
        var ruleAt: PatternPosition? = nil
        var extendedHistory = false
        var board: (width: Int, height: Int)? = nil
        var wrapped = false
        var cells: [MultiStateCell] = []
        var comments: [String] = []
        var (x, y) = (0, 0)
        var lineNumber = 0
        for rawLine in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = Array(rawLine.last == "\r" ? rawLine.dropLast() : rawLine)
            guard line.first == "#" else { continue }
            let text = String(String.UnicodeScalarView(line))
            if text.hasPrefix("#L ") {
                if rule == nil { rule = "B3/S23" }
                try readRuns(line, lineNumber: lineNumber, x: &x, y: &y, rowStart: -((board?.width ?? 0) / 2),
                             extendedHistory: extendedHistory, into: &cells)
            } else if text.hasPrefix("#GAME Larger than Life") {
                throw PatternError(line: lineNumber, column: 1, message: "MCell's Larger than Life rules are not supported")
            } else if text.hasPrefix("#BOARD ") {
                let size = text.dropFirst(7).split(separator: "x", maxSplits: 1)
                guard size.count == 2, let width = Int(size[0].trimmingBlanks), let height = Int(size[1].trimmingBlanks),
                      width >= 0, height >= 0, width <= Grid.maximumSize, height <= Grid.maximumSize else {
                    throw PatternError(line: lineNumber, column: 8, message: "expected \"#BOARD WIDTHxHEIGHT\" with sides 0 to \(Grid.maximumSize)")
                }
                board = (width, height)
                (x, y) = (-(width / 2), -(height / 2))
            } else if text.hasPrefix("#WRAP ") {
                guard let value = Int(text.dropFirst(6).trimmingBlanks) else {
                    throw PatternError(line: lineNumber, column: 7, message: "expected \"#WRAP 0\" or \"#WRAP 1\"")
                }
                wrapped = value != 0
            } else if text.hasPrefix("#D") {
                let description = text.dropFirst(2).drop { $0 == " " }
                comments.append(description.isEmpty ? "#C" : "#C " + description)
            } else if rule == nil && (text.hasPrefix("#GOLLY") || text.hasPrefix("#RULE")) {
                if text.hasPrefix("#RULE 1,0,1,0,0,0,1,0,0,0,0,0,0,2,2,1,1,2,2,2,2,2,0,2,2,2,1,2,2,2,2,2") {
                    rule = "LifeHistory"
                    extendedHistory = text.hasPrefix("#RULE 1,0,1,0,0,0,1,0,0,0,0,0,0,2,2,1,1,2,2,2,2,2,0,2,2,2,1,2,2,2,2,2,")
                } else if text.hasPrefix("#RULE 1,0,0,0,0,0,1,0,0,0,0,0,0,0,0,1,1") {
                    rule = "B3/S23"
                } else {
                    let keyword = text.hasPrefix("#GOLLY") ? 6 : 5
                    let rest = line.dropFirst(keyword)
                    let start = rest.firstIndex { $0.value > 0x20 } ?? rest.endIndex
                    let word = rest[start...].prefix { $0.value > 0x20 }
                    rule = String(String.UnicodeScalarView(word))
                    ruleAt = PatternPosition(line: lineNumber, column: start + 1)
                }
            }
        }
        var ruleText = rule ?? "B3/S23"
        if !zip(cells, cells.dropFirst()).allSatisfy({ ($0.y, $0.x) < ($1.y, $1.x) }) {
            // A "#BOARD" after cells starts them again from the corner: a later cell replaces
            // an earlier one in its place.
            var last: [SIMD2<Int>: Int] = [:]
            for (index, cell) in cells.enumerated() { last[SIMD2(cell.x, cell.y)] = index }
            cells = cells.enumerated().filter { last[SIMD2($1.x, $1.y)] == $0 }.map(\.element)
        }
        if let board, board.width > 0 || board.height > 0 {
            ruleText += "\(wrapped ? ":T" : ":P")\(board.width),\(board.height)"
            cells = centred(cells, width: board.width, height: board.height)
        }
        return MCellPattern(rule: ruleText, ruleAt: ruleAt, cells: cells, comments: comments)
    }

    /// One "#L" line's runs, from column 4 on.
    private static func readRuns(_ line: [Unicode.Scalar], lineNumber: Int, x: inout Int, y: inout Int, rowStart: Int,
                                 extendedHistory: Bool, into cells: inout [MultiStateCell]) throws(PatternError) {
        var count = 0
        var index = 3
        while index < line.count {
            let c = line[index]
            if ("0"..."9").contains(c) {
                count = count * 10 + Int(c.value - 0x30)
                guard count <= maximumCells else {
                    throw PatternError(line: lineNumber, column: index + 1, message: "run count too large")
                }
            } else if c.value > 0x20 {
                let n = max(count, 1)
                if c == "." {
                    x += n
                } else if c == "$" {
                    x = rowStart
                    y += n
                } else {
                    var state = 0
                    if ("a"..."j").contains(c) {
                        state = 24 * Int(c.value - 0x60)
                        index += 1
                    }
                    guard index < line.count, ("A"..."X").contains(line[index]) else {
                        throw PatternError(line: lineNumber, column: index + 1, message: "expected a state letter A to X (after a to j for states above 24)")
                    }
                    state += Int(line[index].value - 0x40)
                    if extendedHistory {
                        // Brice Due's extended HistoricalLife numbers its marked states apart
                        // from LifeHistory's.
                        state = state == 8 ? 4 : state == 3 ? 5 : state == 5 ? 3 : state
                    }
                    guard cells.count + n <= maximumCells else {
                        throw PatternError(line: lineNumber, column: index + 1, message: "more than \(maximumCells) cells")
                    }
                    for _ in 0..<n {
                        cells.append(MultiStateCell(x: x, y: y, state: UInt8(state)))
                        x += 1
                    }
                }
                count = 0
            }
            index += 1
        }
    }

    /// The cells moved as MCell places a pattern on a board of `width` × `height`.
    private static func centred(_ cells: [MultiStateCell], width: Int, height: Int) -> [MultiStateCell] {
        guard let first = cells.first else { return cells }
        var (left, right, top, bottom) = (first.x, first.x, first.y, first.y)
        for cell in cells {
            left = min(left, cell.x); right = max(right, cell.x)
            top = min(top, cell.y); bottom = max(bottom, cell.y)
        }
        let shiftX = (width + 1 - (right - left + 1)) / 2
        let shiftY = (height + 1 - (bottom - top + 1)) / 2
        guard shiftX > 0 || shiftY > 0 else { return cells }
        return cells.map { MultiStateCell(x: $0.x + shiftX, y: $0.y + shiftY, state: $0.state) }
    }
}

private extension Substring {
    var trimmingBlanks: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
