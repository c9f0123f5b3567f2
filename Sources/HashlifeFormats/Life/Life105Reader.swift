import HashlifeEngine

/// Reads Alan Hensel's Life 1.05 format (`.lif`), as Golly does.
///
/// - The first line must be `#Life 1.05` (trailing spaces allowed).
/// - `#D text` is a description line, kept as a comment without `#D` and one following space.
/// - `#N` selects the normal rule: `rule` becomes "B3/S23". `#R rule` sets `rule` to the text
///   as given (trimmed, not validated; e.g. "23/3"); an empty `#R` is ignored. The last one wins.
/// - `#P x y` starts a block whose top-left cell is at (x, y): integers of any size up to the
///   engine's limit (below 2^65000 in absolute value), possibly negative, y growing downward. A bare `#P` continues where the previous block ended (its
///   left edge, the row below its last), as in Golly; rows before any `#P` start at (0, 0).
/// - Other `#` lines are ignored. Block lines hold `.` (dead) and `*` (alive), trailing spaces
///   or tabs ignored; blank lines are ignored (they do not advance the row, as in Golly).
///
/// Cells are absolute: `originX`/`originY` stay 0; blocks placed beyond ±2^60 go into `blocks`.
/// They come in file order; overlapping blocks may repeat a cell (loaders treat the cells as a
/// set). `width`/`height` are the cells' bounding-box extents. A pattern with more than 2³¹ live
/// cells is rejected; nothing is stored per dead cell.
public enum Life105Reader {
    /// Largest number of live cells a pattern may have.
    static let maxCellCount = 1 << 31

    /// Parses Life 1.05 text. Throws PatternError with line/column for malformed input; never crashes, never loops forever.
    public static func read(_ text: String) throws(PatternError) -> PatternDocument {
        try PatternTextScanner.scan(text) { (scanner: inout PatternTextScanner) throws(PatternError) in
            try parse(&scanner)
        }
    }

    private static func parse(_ s: inout PatternTextScanner) throws(PatternError) -> PatternDocument {
        _ = s.nextLine()
        try s.expectHeader("#Life 1.05")
        var rule: String?, ruleAt: PatternPosition?
        var comments: [String] = []
        var cells: [PatternCell] = []
        var count = 0
        var left = 0, top = 0  // the current block's top-left, from its group's origin
        var row = 0            // rows read in the current block
        var far: [PatternBlock] = []  // blocks placed beyond ±2^60, with their exact position
        var group: Int? = nil  // the index in `far` the current block's cells go to
        while s.nextLine() {
            let start = s.lineStart, end = s.lineEnd
            if start < end && s.bytes[start] == PatternTextByte.hash {
                guard start + 1 < end else { continue }
                switch s.bytes[start + 1] {
                case UInt8(ascii: "D"):
                    var lo = start + 2
                    if lo < end && s.bytes[lo] == PatternTextByte.space { lo += 1 }
                    comments.append(s.text(lo..<end))
                case UInt8(ascii: "N"):
                    rule = "B3/S23"
                    ruleAt = nil
                case UInt8(ascii: "R"):
                    let text = s.trimmed((start + 2)..<end)
                    if !text.isEmpty {
                        rule = s.text(text)
                        ruleAt = s.position(at: text.lowerBound)
                    }
                case UInt8(ascii: "P"):
                    if let (x, y) = try position(&s) {
                        if case .small(let sx) = x, case .small(let sy) = y {
                            (left, top, group) = (sx, sy, nil)
                        } else {
                            far.append(PatternBlock(x: x.value, y: y.value))
                            (left, top, group) = (0, 0, far.count - 1)
                        }
                    } else {
                        top += row  // a bare #P: the next row of the previous block (|top| ≤ 2^60 + lines)
                    }
                    row = 0
                default:
                    break
                }
                continue
            }
            let rowEnd = s.trimmedEnd
            if rowEnd == start { continue }  // a blank line
            for i in start..<rowEnd {
                let c = s.bytes[i]
                if c == PatternTextByte.star {
                    // |left|, |top| ≤ 2^60 plus line lengths and counts: no overflow.
                    let cell = PatternCell(x: left + (i - start), y: top + row)
                    count += 1
                    guard count <= maxCellCount else {
                        throw s.error(at: i, "the pattern has more than \(maxCellCount) live cells")
                    }
                    if let group { far[group].cells.append(cell) } else { cells.append(cell) }
                } else if c != PatternTextByte.dot {
                    throw s.error(at: i, "unexpected character \(s.describeCharacter(at: i)) in a block line; "
                                  + "expected . (dead) or * (alive)")
                }
            }
            row += 1  // row < line count
        }
        var document = PatternDocument(cells: cells, rule: rule)
        document.blocks = far
        document.ruleAt = ruleAt
        document.comments = comments
        return document
    }

    /// The coordinates after `#P`, or nil when there are none.
    private static func position(_ s: inout PatternTextScanner) throws(PatternError) -> (PatternCoordinate, PatternCoordinate)? {
        var i = s.lineStart + 2
        s.skipSpaces(&i)
        guard i < s.lineEnd else { return nil }
        let x = try s.coordinate(&i, what: "the x coordinate in #P")
        let separator = i
        s.skipSpaces(&i)
        guard i < s.lineEnd else {
            throw s.error(at: i, "expected `#P <x> <y>`: the y coordinate is missing")
        }
        guard i > separator else {
            throw s.error(at: i, "expected a space after the x coordinate in #P, found \(s.describeCharacter(at: i))")
        }
        let y = try s.coordinate(&i, what: "the y coordinate in #P")
        s.skipSpaces(&i)
        guard i == s.lineEnd else {
            throw s.error(at: i, "unexpected \(s.describeCharacter(at: i)) after `#P <x> <y>`")
        }
        return (x, y)
    }
}
