// Turning screens into escape sequences: the whole screen once, then only the cells that changed.

import HashlifeRendering

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
    /// The nearest colour of the xterm 256-colour palette (its 6×6×6 cube or grey ramp), as the
    /// renderers choose it.
    var palette256Index: Int { HashlifeRendering.RGB(r: r, g: g, b: b).palette256Index }
}

extension Screen {
    /// Escape sequences that turn a terminal showing `previous` (nil: unknown, so everything is
    /// drawn) into this screen. The cursor is left where the last change ended.
    ///
    /// - Complexity: O(cells); each style's SGR sequence is built once per call (a frame has a
    ///   handful of styles), and bytes are appended to one buffer.
    public func output(from previous: Screen?, mode: ColourMode) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(columns * rows * 2)
        let full = previous == nil || previous!.columns != columns || previous!.rows != rows
        if full { out += Array("\u{1B}[0m\u{1B}[2J".utf8) }
        var sgrCache: [ScreenCell: [UInt8]] = [:]
        var style: ScreenCell? = nil
        var cursorX = -1, cursorY = -1
        for y in 0..<rows {
            for x in 0..<columns {
                let cell = cells[y * columns + x]
                if !full, previous!.cells[y * columns + x] == cell { continue }
                if cursorX != x || cursorY != y { out += Array("\u{1B}[\(y + 1);\(x + 1)H".utf8) }
                var key = cell
                key.character = " "
                if style != key {
                    if let cached = sgrCache[key] { out += cached } else {
                        let bytes = Array(Screen.sgr(cell, mode: mode).utf8)
                        sgrCache[key] = bytes
                        out += bytes
                    }
                    style = key
                }
                let scalar = cell.character
                if scalar.isASCII { out.append(UInt8(scalar.value)) } else { out += Array(String(scalar).utf8) }
                cursorX = x + 1
                cursorY = y
            }
        }
        if style != nil { out += Array("\u{1B}[0m".utf8) }
        return String(decoding: out, as: UTF8.self)
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
