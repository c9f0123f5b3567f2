// StateGlyphs.swift — one character per cell state, for text views of multi-state patterns
// where colours are not available.

/// The character shown for each state in text: `.` for state 0, RLE's letters `A`–`X` for
/// states 1 to 24 (as multi-state RLE writes them), `a`–`z` for 25 to 50, and `+` for 51 and
/// above.
public enum StateGlyphs {
    /// The character of `state`.
    public static func character(_ state: UInt8) -> Character {
        switch state {
        case 0: "."
        case 1...24: Character(Unicode.Scalar(UInt8(ascii: "A") + state - 1))
        case 25...50: Character(Unicode.Scalar(UInt8(ascii: "a") + state - 25))
        default: "+"
        }
    }

    /// `states` as one line of characters.
    public static func line(_ states: some Sequence<UInt8>) -> String {
        String(states.map(character))
    }

    /// One sentence describing the characters, for help texts.
    public static let legend = "'.' is state 0, A to X states 1 to 24, a to z states 25 to 50, '+' any higher state"
}

/// The character `view --format text` prints for each state of a rule with several live
/// states: `.` for state 0, the RLE letters `A`–`X` for states 1–24, `a`–`z` for states 25–50,
/// and `*` for every state above 50 (Golly's RLE writes those with two letters, which would
/// not keep one character per block).
public enum StateCharacters {
    /// The ASCII byte for `state`.
    public static func byte(_ state: UInt8) -> UInt8 {
        switch state {
        case 0: UInt8(ascii: ".")
        case 1...24: UInt8(ascii: "A") + state - 1
        case 25...50: UInt8(ascii: "a") + state - 25
        default: UInt8(ascii: "*")
        }
    }

    /// The highest state with a character of its own.
    public static let distinctStates = 50
}
