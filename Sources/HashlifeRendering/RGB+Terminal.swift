/// How colours reach a terminal in escape sequences: 24-bit, or the nearest colour of the
/// xterm 256-colour palette.
public enum TerminalColours: Sendable, Equatable {
    case trueColour, palette256

    /// The SGR parameters setting the foreground (`base` 38) or background (48) to `colour`.
    public func parameters(_ colour: RGB, base: Int) -> String {
        switch self {
        case .trueColour: "\(base);2;\(colour.r);\(colour.g);\(colour.b)"
        case .palette256: "\(base);5;\(colour.palette256Index)"
        }
    }
}

extension RGB {
    /// The nearest colour of the xterm 256-colour palette (its 6×6×6 cube or grey ramp).
    public var palette256Index: Int {
        func level(_ v: UInt8) -> Int { v < 48 ? 0 : v < 115 ? 1 : (Int(v) - 35) / 40 }
        let (lr, lg, lb) = (level(r), level(g), level(b))
        let steps = [0, 95, 135, 175, 215, 255]
        let cube = 16 + 36 * lr + 6 * lg + lb
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let greyIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
        let grey = 8 + 10 * greyIndex
        func distance(_ red: Int, _ green: Int, _ blue: Int) -> Int {
            (Int(r) - red) * (Int(r) - red) + (Int(g) - green) * (Int(g) - green) + (Int(b) - blue) * (Int(b) - blue)
        }
        return distance(grey, grey, grey) < distance(steps[lr], steps[lg], steps[lb]) ? 232 + greyIndex : cube
    }
}
