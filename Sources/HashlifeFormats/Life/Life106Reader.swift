import HashlifeEngine

/// Reads the Life 1.06 format (`.lif`, `.life`): one live cell per line.
///
/// - The first line must be `#Life 1.06` (trailing spaces allowed).
/// - Then, one cell per line: `x y`, two integers of any size up to the engine's limit (below
///   2^65000 in absolute value; optional sign), separated by
///   spaces or tabs, with optional leading and trailing spaces or tabs; y grows downward.
/// - Lines whose first non-blank character is `#` are metadata: `#N name`, `#O author`
///   (trimmed), `#C text` and `#D text` comments (kept without the tag and one following space),
///   `#R rule` (trimmed, not validated; an empty `#R` is ignored); other `#` lines are ignored.
/// - Blank lines are ignored.
///
/// Cells are absolute (`originX`/`originY` stay 0) and come in file order (cells beyond ±2^60
/// as one-cell `blocks` with their exact position); a cell listed twice
/// appears twice (loaders treat the cells as a set). `width`/`height` are the cells'
/// bounding-box extents. A pattern with more than 2³¹ live cells is rejected.
public enum Life106Reader {
    /// Largest number of live cells a pattern may have.
    static let maxCellCount = 1 << 31

    /// Parses Life 1.06 text. Throws PatternError with line/column for malformed input; never crashes, never loops forever.
    public static func read(_ text: String) throws(PatternError) -> PatternDocument {
        try PatternTextScanner.scan(text) { (scanner: inout PatternTextScanner) throws(PatternError) in
            try parse(&scanner)
        }
    }

    private static func parse(_ s: inout PatternTextScanner) throws(PatternError) -> PatternDocument {
        _ = s.nextLine()
        try s.expectHeader("#Life 1.06")
        var name: String?, author: String?, rule: String?, ruleAt: PatternPosition?
        var comments: [String] = []
        var cells: [PatternCell] = []
        var far: [PatternBlock] = []  // cells beyond ±2^60, each with its exact position
        while s.nextLine() {
            var i = s.lineStart
            s.skipSpaces(&i)
            guard i < s.lineEnd else { continue }  // a blank line
            let end = s.lineEnd
            if s.bytes[i] == PatternTextByte.hash {
                guard i + 1 < end else { continue }
                let rest = (i + 2)..<end
                switch s.bytes[i + 1] {
                case UInt8(ascii: "N"):
                    name = s.text(s.trimmed(rest))
                case UInt8(ascii: "O"):
                    author = s.text(s.trimmed(rest))
                case UInt8(ascii: "C"), UInt8(ascii: "D"):
                    var lo = rest.lowerBound
                    if lo < end && s.bytes[lo] == PatternTextByte.space { lo += 1 }
                    comments.append(s.text(lo..<end))
                case UInt8(ascii: "R"):
                    let text = s.trimmed(rest)
                    if !text.isEmpty {
                        rule = s.text(text)
                        ruleAt = s.position(at: text.lowerBound)
                    }
                default:
                    break
                }
                continue
            }
            let x = try s.coordinate(&i, what: "the x coordinate")
            let separator = i
            s.skipSpaces(&i)
            guard i < end else {
                throw s.error(at: i, "expected `<x> <y>`: the y coordinate is missing")
            }
            guard i > separator else {
                throw s.error(at: i, "expected a space or tab after the x coordinate, found \(s.describeCharacter(at: i))")
            }
            let y = try s.coordinate(&i, what: "the y coordinate")
            s.skipSpaces(&i)
            guard i == end else {
                throw s.error(at: i, "unexpected \(s.describeCharacter(at: i)) after `<x> <y>`; expected one cell per line")
            }
            guard cells.count + far.count < maxCellCount else {
                throw s.error(at: s.lineStart, "the pattern has more than \(maxCellCount) live cells")
            }
            if case .small(let cx) = x, case .small(let cy) = y {
                cells.append(PatternCell(x: cx, y: cy))
            } else {
                far.append(PatternBlock(x: x.value, y: y.value, cells: [PatternCell(x: 0, y: 0)]))
            }
        }
        var document = PatternDocument(cells: cells, rule: rule)
        document.blocks = far
        document.ruleAt = ruleAt
        document.name = name
        document.author = author
        document.comments = comments
        return document
    }
}
