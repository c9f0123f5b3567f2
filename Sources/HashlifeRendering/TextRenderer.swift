/// How `TextRenderer` draws blocks as characters.
public enum TextStyle: String, CaseIterable, Sendable {
    /// One character per block: for a rule with one live state `#` when the block has a live
    /// cell and `.` otherwise; for more states the state's letter (`StateCharacters`).
    case text
    /// Half blocks: one character per 1 column × 2 rows (`▀`, `▄`, `█`, space).
    case unicode
    /// Braille patterns: one character per 2 columns × 4 rows (U+2800 plus a dot per set block).
    case braille
}

/// Draws block rows as lines of text, one `emit` per line (each ending in "\n"), holding only
/// the input rows that one line needs.
public enum TextRenderer {
    /// Draws `rows` as shapes: `#` (`text`) or set dots and halves for every block not in
    /// state 0, uncoloured.
    public static func render(_ rows: inout some BlockRows, style: TextStyle, emit: (String) -> Void) {
        render(&rows, style: style, palette: StatePalette(options: RenderOptions()), colours: nil, emit: emit)
    }

    /// Draws `rows` as lines of text in `palette`'s states.
    ///
    /// - `text`: one character per block: `#` and `.` when the palette has one live state
    ///   (`StatePalette.hasOneLiveState`), else `StateCharacters` (`.` for 0, `A`–`X` for
    ///   1–24, …), so states stay distinct without colour.
    /// - `unicode` and `braille`: the shape only (a block is set when its state is not 0).
    ///
    /// With `colours`, each character is drawn in its state's colour from `palette`
    /// (foreground escape sequences; the half blocks of `unicode` use the background colour
    /// for their lower half when both halves are set; a braille character takes the colour of
    /// the highest state among its blocks). State 0 is left in the terminal's own colours, so
    /// the drawing suits light and dark terminals alike; each line ends with a reset.
    public static func render(_ rows: inout some BlockRows, style: TextStyle, palette: StatePalette, colours: TerminalColours?,
                              emit: (String) -> Void) {
        var painter = Painter(palette: palette, colours: colours)
        switch style {
        case .text: renderText(&rows, painter: &painter, emit: emit)
        case .unicode: renderUnicode(&rows, painter: &painter, emit: emit)
        case .braille: renderBraille(&rows, painter: &painter, emit: emit)
        }
    }

    /// Escape sequences for one drawing: a line of characters, each with a foreground state
    /// and a background state (0: the terminal's own), starting a sequence only where the
    /// colours change.
    struct Painter {
        let palette: StatePalette
        let colours: TerminalColours?
        private var line = String.UnicodeScalarView()
        private var current: (UInt8, UInt8) = (0, 0)
        private var cache: [UInt16: String] = [:]

        init(palette: StatePalette, colours: TerminalColours?) {
            self.palette = palette
            self.colours = colours
        }

        mutating func append(_ character: Unicode.Scalar, foreground: UInt8, background: UInt8 = 0) {
            if let colours, (foreground, background) != current {
                let key = UInt16(foreground) << 8 | UInt16(background)
                let sequence: String
                if let known = cache[key] {
                    sequence = known
                } else {
                    var parts = ["0"]
                    if foreground != 0 { parts.append(colours.parameters(palette.color(foreground), base: 38)) }
                    if background != 0 { parts.append(colours.parameters(palette.color(background), base: 48)) }
                    sequence = "\u{1B}[" + parts.joined(separator: ";") + "m"
                    cache[key] = sequence
                }
                line.append(contentsOf: sequence.unicodeScalars)
                current = (foreground, background)
            }
            line.append(character)
        }

        /// The line so far, with a reset when colours are on, and a newline; starts a new line.
        mutating func finishLine() -> String {
            if current != (0, 0) { line.append(contentsOf: "\u{1B}[0m".unicodeScalars) }
            line.append("\n")
            let text = String(line)
            line.removeAll(keepingCapacity: true)
            current = (0, 0)
            return text
        }
    }

    /// `rows` lines of `columns` characters.
    private static func renderText(_ rows: inout some BlockRows, painter: inout Painter, emit: (String) -> Void) {
        let shapes = painter.palette.hasOneLiveState
        func byte(_ state: UInt8) -> UInt8 {
            shapes ? (state == 0 ? UInt8(ascii: ".") : UInt8(ascii: "#")) : StateCharacters.byte(state)
        }
        if painter.colours == nil {
            // Plain: one byte per block.
            var line: [UInt8] = []
            line.reserveCapacity(rows.columns + 1)
            for index in 0..<rows.rows where !rows.isCancelled {
                line.removeAll(keepingCapacity: true)
                for state in rows.checkedStates(index) { line.append(byte(state)) }
                line.append(UInt8(ascii: "\n"))
                emit(String(decoding: line, as: UTF8.self))
            }
            return
        }
        for index in 0..<rows.rows where !rows.isCancelled {
            for state in rows.checkedStates(index) {
                painter.append(Unicode.Scalar(byte(state)), foreground: state)
            }
            emit(painter.finishLine())
        }
    }

    /// ceil(rows/2) lines of `columns` characters; an odd last row pairs with an empty row.
    private static func renderUnicode(_ rows: inout some BlockRows, painter: inout Painter, emit: (String) -> Void) {
        let columns = rows.columns
        let count = rows.rows
        var top = 0
        while top < count && !rows.isCancelled {
            let upper = rows.checkedStates(top)
            let lower = top + 1 < count ? rows.checkedStates(top + 1) : [UInt8](repeating: 0, count: columns)
            for column in 0..<columns {
                let (a, b) = (upper[column], lower[column])
                switch (a != 0, b != 0) {
                case (false, false): painter.append(" ", foreground: 0)
                case (true, false): painter.append("\u{2580}", foreground: a)
                case (false, true): painter.append("\u{2584}", foreground: b)
                case (true, true):
                    // Without colour, or in one colour, a full block; else upper over lower.
                    if painter.colours == nil || a == b {
                        painter.append("\u{2588}", foreground: a)
                    } else {
                        painter.append("\u{2580}", foreground: a, background: b)
                    }
                }
            }
            emit(painter.finishLine())
            top += 2
        }
    }

    /// ceil(rows/4) lines of ceil(columns/2) characters; blocks past the edges are empty.
    private static func renderBraille(_ rows: inout some BlockRows, painter: inout Painter, emit: (String) -> Void) {
        let columns = rows.columns
        let count = rows.rows
        let width = (columns + 1) / 2
        // Dot bits by (dx, dy): dots 1-3 and 4-6 down the columns, then 7 and 8 on the bottom row.
        let dots: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
        var bits = [UInt32](repeating: 0, count: width)
        var highest = [UInt8](repeating: 0, count: width)
        var top = 0
        while top < count && !rows.isCancelled {
            for i in 0..<width {
                bits[i] = 0
                highest[i] = 0
            }
            for dy in 0..<min(4, count - top) {
                let states = rows.checkedStates(top + dy)
                for column in 0..<columns where states[column] != 0 {
                    bits[column >> 1] |= dots[column & 1][dy]
                    highest[column >> 1] = max(highest[column >> 1], states[column])
                }
            }
            for i in 0..<width {
                painter.append(Unicode.Scalar(0x2800 + bits[i])!, foreground: highest[i])
            }
            emit(painter.finishLine())
            top += 4
        }
    }
}
