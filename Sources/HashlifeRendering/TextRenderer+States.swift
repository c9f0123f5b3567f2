// TextRenderer+States.swift — multi-state block rows as lines of text, plain or coloured.

extension TextRenderer {
    /// Draws state rows as lines of text, one `emit` per line (each ending in "\n").
    ///
    /// - `text`: one character per block, `StateCharacters` (`.` for 0, `A`–`X` for 1–24, …),
    ///   so states stay distinct without colour.
    /// - `unicode` and `braille`: the shape only (a block is set when its state is not 0), as
    ///   for two-state patterns.
    ///
    /// With `colours`, each character is drawn in its state's colour from `palette`
    /// (foreground escape sequences; the half blocks of `unicode` use the background colour
    /// for their lower half when both halves are set; a braille character takes the colour of
    /// the highest state among its blocks). State 0 is left in the terminal's own colours, so
    /// the drawing suits light and dark terminals alike; each line ends with a reset.
    public static func render(_ rows: inout some StateRows, style: TextStyle, palette: StatePalette, colours: TerminalColours?,
                              emit: (String) -> Void) {
        var painter = Painter(palette: palette, colours: colours)
        switch style {
        case .text: renderStateText(&rows, painter: &painter, emit: emit)
        case .unicode: renderStateUnicode(&rows, painter: &painter, emit: emit)
        case .braille: renderStateBraille(&rows, painter: &painter, emit: emit)
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

    private static func renderStateText(_ rows: inout some StateRows, painter: inout Painter, emit: (String) -> Void) {
        if painter.colours == nil {
            // Plain: one byte per block.
            var line: [UInt8] = []
            line.reserveCapacity(rows.columns + 1)
            for index in 0..<rows.rows where !rows.isCancelled {
                line.removeAll(keepingCapacity: true)
                for state in rows.checkedRow(index) { line.append(StateCharacters.byte(state)) }
                line.append(UInt8(ascii: "\n"))
                emit(String(decoding: line, as: UTF8.self))
            }
            return
        }
        for index in 0..<rows.rows where !rows.isCancelled {
            for state in rows.checkedRow(index) {
                painter.append(Unicode.Scalar(StateCharacters.byte(state)), foreground: state)
            }
            emit(painter.finishLine())
        }
    }

    private static func renderStateUnicode(_ rows: inout some StateRows, painter: inout Painter, emit: (String) -> Void) {
        let columns = rows.columns
        let count = rows.rows
        var top = 0
        while top < count && !rows.isCancelled {
            let upper = rows.checkedRow(top)
            let lower = top + 1 < count ? rows.checkedRow(top + 1) : [UInt8](repeating: 0, count: columns)
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

    private static func renderStateBraille(_ rows: inout some StateRows, painter: inout Painter, emit: (String) -> Void) {
        let columns = rows.columns
        let count = rows.rows
        let width = (columns + 1) / 2
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
                let states = rows.checkedRow(top + dy)
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
