/// How `TextRenderer` draws blocks as characters.
public enum TextStyle: String, CaseIterable, Sendable {
    /// One character per block: `#` when it has a live cell, `.` otherwise.
    case text
    /// Half blocks: one character per 1 column × 2 rows (`▀`, `▄`, `█`, space).
    case unicode
    /// Braille patterns: one character per 2 columns × 4 rows (U+2800 plus a dot per live block).
    case braille
}

/// Draws block rows as lines of text, one `emit` per line (each ending in "\n"), holding only
/// the input rows that one line needs.
public enum TextRenderer {
    public static func render(_ rows: inout some BlockRows, style: TextStyle, emit: (String) -> Void) {
        switch style {
        case .text: renderText(&rows, emit: emit)
        case .unicode: renderUnicode(&rows, emit: emit)
        case .braille: renderBraille(&rows, emit: emit)
        }
    }

    /// `rows` lines of `columns` characters.
    private static func renderText(_ rows: inout some BlockRows, emit: (String) -> Void) {
        let columns = rows.columns
        var line: [UInt8] = []
        line.reserveCapacity(columns + 1)
        for index in 0..<rows.rows where !rows.isCancelled {
            line.removeAll(keepingCapacity: true)
            for live in rows.liveRow(index) {
                line.append(live ? UInt8(ascii: "#") : UInt8(ascii: "."))
            }
            line.append(UInt8(ascii: "\n"))
            emit(String(decoding: line, as: UTF8.self))
        }
    }

    /// ceil(rows/2) lines of `columns` characters; an odd last row pairs with an empty row.
    private static func renderUnicode(_ rows: inout some BlockRows, emit: (String) -> Void) {
        let columns = rows.columns
        let count = rows.rows
        let glyphs: [Unicode.Scalar] = [" ", "\u{2580}", "\u{2584}", "\u{2588}"]  // index: upper | lower << 1
        var top = 0
        while top < count && !rows.isCancelled {
            let upper = rows.liveRow(top)
            let lower = top + 1 < count ? rows.liveRow(top + 1) : Array(repeating: false, count: columns)
            var line = String.UnicodeScalarView()
            line.reserveCapacity(columns * 3 + 1)
            for column in 0..<columns {
                line.append(glyphs[(upper[column] ? 1 : 0) | (lower[column] ? 2 : 0)])
            }
            line.append("\n")
            emit(String(line))
            top += 2
        }
    }

    /// ceil(rows/4) lines of ceil(columns/2) characters; blocks past the edges are empty.
    private static func renderBraille(_ rows: inout some BlockRows, emit: (String) -> Void) {
        let columns = rows.columns
        let count = rows.rows
        let width = (columns + 1) / 2
        // Dot bits by (dx, dy): dots 1-3 and 4-6 down the columns, then 7 and 8 on the bottom row.
        let dots: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
        var bits = [UInt32](repeating: 0, count: width)
        var top = 0
        while top < count && !rows.isCancelled {
            for i in bits.indices { bits[i] = 0 }
            for dy in 0..<min(4, count - top) {
                let live = rows.liveRow(top + dy)
                for column in 0..<columns where live[column] {
                    bits[column >> 1] |= dots[column & 1][dy]
                }
            }
            var line = String.UnicodeScalarView()
            line.reserveCapacity(width * 3 + 1)
            for value in bits {
                line.append(Unicode.Scalar(0x2800 + value)!)
            }
            line.append("\n")
            emit(String(line))
            top += 4
        }
    }
}
