/// Tidying metadata (names, authors, comments) for writers whose lines cannot hold line breaks.
enum MetadataText {
    /// `text` with every line break turned into a space.
    static func oneLine(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            result.unicodeScalars.append(scalar == "\n" || scalar == "\r" ? " " : scalar)
        }
        return result
    }

    /// `text` without leading and trailing blanks (spaces, tabs, vertical tabs, form feeds).
    static func trim(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let isBlank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{0B}" || $0 == "\u{0C}" }
        guard let lo = scalars.firstIndex(where: { !isBlank($0) }),
              let hi = scalars.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(scalars[lo...hi])
    }
}
