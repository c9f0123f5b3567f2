import HashlifeEngine

/// A short, escaped quotation of user input for messages: at most `limit` characters, in single
/// quotes, control characters and quotes escaped, so a message stays one short line whatever
/// the input (a 1 MB line, NUL bytes, terminal escapes).
///
///     Excerpt.quote("12x")                     // '12x'
///     Excerpt.quote("a\u{0}b")                 // 'a\0b'
///     Excerpt.quote(String(repeating: "9", count: 100_000))
///                                              // '9999…' (100000 bytes), 40 characters kept
public enum Excerpt {
    /// A number for a message: whole up to 60 digits, else its first 20 digits, "…" and the
    /// count of digits ("12676506002282294014…(19568 digits)"), so a message naming a
    /// generation near 2^65000 stays one short line.
    public static func number(_ value: some CustomStringConvertible) -> String {
        let text = value.description
        let digits = text.hasPrefix("-") ? text.count - 1 : text.count
        guard digits > 60 else { return text }
        return String(text.prefix(text.hasPrefix("-") ? 21 : 20)) + "…(\(digits) digits)"
    }

    /// Characters kept before "…".
    public static let defaultLimit = 40
    /// Paths and names up to this many bytes are shown whole when printable.
    public static let pathLimit = 256

    /// `text` quoted and escaped, shortened to `limit` characters plus "…" and its size in bytes.
    /// - Complexity: O(`limit`), plus O(1) for the size of a native string.
    public static func quote(_ text: some StringProtocol, limit: Int = defaultLimit) -> String {
        var result = "'"
        var kept = 0
        var index = text.startIndex
        while index < text.endIndex && kept < limit {
            for scalar in text[index].unicodeScalars { result += escaped(scalar) }
            kept += 1
            index = text.index(after: index)
        }
        result += "'"
        if index < text.endIndex { result += "… (\(text.utf8.count) bytes)" }
        return result
    }

    /// A scalar as it appears inside the quotes: printable characters as they are, the rest as
    /// Swift-style escapes (`\0`, `\t`, `\n`, `\r`, `\'`, `\\`, `\u{1B}`).
    static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\0": return "\\0"
        case "\t": return "\\t"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "'": return "\\'"
        case "\\": return "\\\\"
        default:
            let value = scalar.value
            // C0 and C1 controls, DEL, and the invisible format and separator characters.
            if value < 0x20 || (0x7F...0x9F).contains(value) || scalar.properties.generalCategory == .format
                || scalar.properties.generalCategory == .lineSeparator || scalar.properties.generalCategory == .paragraphSeparator
                || scalar.properties.generalCategory == .surrogate || scalar.properties.generalCategory == .unassigned {
                return "\\u{\(String(value, radix: 16, uppercase: true))}"
            }
            return String(scalar)
        }
    }

    /// True when `text` is short and every character prints as itself, so it can appear in a
    /// message unquoted.
    public static func isPlain(_ text: some StringProtocol, limit: Int = defaultLimit) -> Bool {
        text.utf8.count <= limit && text.unicodeScalars.allSatisfy { escaped($0) == String($0) && $0 != "'" }
    }

    /// `message` with every occurrence of `text` (an input it quotes whole, such as a path or a
    /// rule) replaced by its quoted excerpt when `text` is not plain; otherwise `message`.
    /// For messages made by code that does not shorten what it quotes.
    /// `plainLimit` is the longest `text` (in bytes) left whole: paths deserve more room than
    /// numbers.
    public static func shortening(_ text: String, in message: String, plainLimit: Int = pathLimit) -> String {
        guard !isPlain(text, limit: plainLimit), !text.isEmpty else { return message }
        return message.replacing(text, with: quote(text))
    }

    /// `text` with C0 control characters and DEL escaped (`\u{1B}`), so that a message never
    /// moves a terminal's cursor or changes its colours; the last safeguard before printing.
    public static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if (scalar.value < 0x20 && scalar != "\n") || scalar.value == 0x7F {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
