// Turning screens into escape sequences: the whole screen once, then only the cells that changed.

/// How colours reach the terminal: 24-bit when `COLORTERM` says so, the xterm 256-colour cube
/// otherwise, and none at all under `NO_COLOR` (reverse video and bold still show).
public enum ColourMode: Sendable, Equatable {
    case trueColour, palette256, none

    /// The mode the environment asks for (`NO_COLOR` wins, then `COLORTERM`).
    public static func from(environment: [String: String]) -> ColourMode {
        if let value = environment["NO_COLOR"], !value.isEmpty { return .none }
        let colourTerm = environment["COLORTERM"]?.lowercased() ?? ""
        return colourTerm.contains("truecolor") || colourTerm.contains("24bit") ? .trueColour : .palette256
    }
}

extension RGB {
    /// The nearest colour of the xterm 256-colour palette (its 6×6×6 cube or grey ramp).
    var palette256Index: Int {
        func level(_ v: UInt8) -> Int { v < 48 ? 0 : v < 115 ? 1 : (Int(v) - 35) / 40 }
        let (lr, lg, lb) = (level(r), level(g), level(b))
        let steps = [0, 95, 135, 175, 215, 255]
        let cube = 16 + 36 * lr + 6 * lg + lb
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let greyIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
        let grey = 8 + 10 * greyIndex
        func distance(_ a: Int, _ b: Int, _ c: Int) -> Int {
            (Int(r) - a) * (Int(r) - a) + (Int(g) - b) * (Int(g) - b) + (Int(b) - c) * (Int(b) - c)
        }
        return distance(grey, grey, grey) < distance(steps[lr], steps[lg], steps[lb]) ? 232 + greyIndex : cube
    }
}

extension Screen {
    /// Escape sequences that turn a terminal showing `previous` (nil: unknown, so everything is
    /// drawn) into this screen. The cursor is left where the last change ended.
    public func output(from previous: Screen?, mode: ColourMode) -> String {
        var out = ""
        out.reserveCapacity(columns * rows)
        let full = previous == nil || previous!.columns != columns || previous!.rows != rows
        if full { out += "\u{1B}[0m\u{1B}[2J" }
        var style: ScreenCell? = nil
        var cursor: (x: Int, y: Int)? = nil
        for y in 0..<rows {
            for x in 0..<columns {
                let cell = self[x, y]
                if !full, previous![x, y] == cell { continue }
                if cursor == nil || cursor! != (x, y) { out += "\u{1B}[\(y + 1);\(x + 1)H" }
                if style == nil || !Screen.sameStyle(style!, cell) {
                    out += Screen.sgr(cell, mode: mode)
                    style = cell
                }
                out.unicodeScalars.append(cell.character)
                cursor = (x + 1, y)
            }
        }
        if style != nil { out += "\u{1B}[0m" }
        return out
    }

    static func sameStyle(_ a: ScreenCell, _ b: ScreenCell) -> Bool {
        a.foreground == b.foreground && a.background == b.background && a.bold == b.bold && a.reverse == b.reverse
    }

    /// Select Graphic Rendition for `cell`'s style, from a reset.
    static func sgr(_ cell: ScreenCell, mode: ColourMode) -> String {
        var parts = ["0"]
        if cell.bold { parts.append("1") }
        if cell.reverse { parts.append("7") }
        func colour(_ c: RGB, _ base: Int) -> String {
            switch mode {
            case .trueColour: "\(base);2;\(c.r);\(c.g);\(c.b)"
            case .palette256: "\(base);5;\(c.palette256Index)"
            case .none: ""
            }
        }
        if mode != .none {
            if let f = cell.foreground { parts.append(colour(f, 38)) }
            if let b = cell.background { parts.append(colour(b, 48)) }
        }
        return "\u{1B}[" + parts.joined(separator: ";") + "m"
    }
}
