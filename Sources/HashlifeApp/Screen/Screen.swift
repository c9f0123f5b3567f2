// A text screen held in memory: the app draws into it, tests read it back as lines, and the
// runner sends only what changed since the last frame (Screen+Output.swift).

/// A colour as the settings name it (`#RRGGBB`); how it reaches the terminal depends on the
/// terminal's `ColourMode`.
public struct RGB: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) { (self.r, self.g, self.b) = (r, g, b) }

    /// Parses `#RRGGBB` (case-insensitive); nil for anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
        var value: [UInt8] = []
        for i in stride(from: 1, to: 7, by: 2) {
            guard let hi = RGB.nibble(digits[i]), let lo = RGB.nibble(digits[i + 1]) else { return nil }
            value.append(hi << 4 | lo)
        }
        (r, g, b) = (value[0], value[1], value[2])
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The colour halfway to `other`.
    public func mixed(with other: RGB) -> RGB {
        RGB(UInt8((Int(r) + Int(other.r)) / 2), UInt8((Int(g) + Int(other.g)) / 2), UInt8((Int(b) + Int(other.b)) / 2))
    }

    public var description: String {
        let hex = Array("0123456789abcdef")
        return "#" + [r, g, b].map { String(hex[Int($0 >> 4)]) + String(hex[Int($0 & 15)]) }.joined()
    }
}

/// What one character cell of the screen shows: a character (one Unicode scalar, one column
/// wide: every glyph the app draws is one) and its style. Scalars, not `Character`s, keep a
/// frame's 10,000-odd cells cheap to build and compare.
public struct ScreenCell: Hashable, Sendable {
    public var character: Unicode.Scalar
    /// Foreground and background; nil is the terminal's own.
    public var foreground: RGB?
    public var background: RGB?
    public var bold: Bool
    /// Reverse video: the one highlight that survives `NO_COLOR`.
    public var reverse: Bool

    public init(_ character: Unicode.Scalar = " ", foreground: RGB? = nil, background: RGB? = nil, bold: Bool = false, reverse: Bool = false) {
        self.character = character
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.reverse = reverse
    }

    public static let blank = ScreenCell()
}

/// A `columns`×`rows` grid of `ScreenCell`s, row-major, (0, 0) the top-left.
public struct Screen: Equatable, Sendable {
    public let columns: Int
    public let rows: Int
    public private(set) var cells: [ScreenCell]

    public init(columns: Int, rows: Int, fill: ScreenCell = .blank) {
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
        cells = Array(repeating: fill, count: self.columns * self.rows)
    }

    public subscript(column: Int, row: Int) -> ScreenCell {
        get { cells[row * columns + column] }
        set {
            guard column >= 0, column < columns, row >= 0, row < rows else { return }
            cells[row * columns + column] = newValue
        }
    }

    /// Writes `text` from (`column`, `row`), one character per column, clipped at `limit`
    /// (exclusive; default the right edge). Returns the column after the last one written.
    @discardableResult
    public mutating func put(_ text: String, column: Int, row: Int, style: ScreenCell = .blank, limit: Int? = nil) -> Int {
        let end = min(limit ?? columns, columns)
        var x = column
        guard row >= 0, row < rows else { return x }
        for character in text.unicodeScalars {
            if x >= end { break }
            if x >= 0 {
                var cell = style
                cell.character = character
                cells[row * columns + x] = cell
            }
            x += 1
        }
        return x
    }

    /// Fills the rectangle with `cell`.
    public mutating func fill(column: Int, row: Int, width: Int, height: Int, with cell: ScreenCell) {
        for y in max(row, 0)..<min(row + height, rows) where width > 0 {
            for x in max(column, 0)..<min(column + width, columns) { cells[y * columns + x] = cell }
        }
    }

    /// The characters of row `row`, trailing blanks kept (what `tmux capture-pane` shows,
    /// before it trims).
    public func line(_ row: Int) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: cells[(row * columns)..<((row + 1) * columns)].lazy.map(\.character))
        return text
    }

    /// Every row's characters with trailing blanks removed: the screen as a test compares it.
    public var lines: [String] {
        (0..<rows).map { row in
            var text = line(row)
            while text.last == " " { text.removeLast() }
            return text
        }
    }
}
