import HashlifeEngine

/// The largest numbers a pattern file may hold: the engine's. A number is measured by its digit
/// count before any arithmetic, so a million-digit coordinate costs one scan and an error, never
/// a big-integer parse or a tree of a million levels.
enum PatternLimits {
    /// Coordinates, offsets and run counts: absolute value below 2^65000 (a root of that level
    /// is the deepest tree the engine steps).
    static let coordinateExponent = Universe.maximumStepExponent
    /// Generations: below 2^65001, as `--gen` accepts, so any saved run loads back.
    static let generationExponent = Universe.maximumStepExponent + 1

    /// "beyond the engine's limit: …" for coordinates and run counts.
    static var coordinateLimitText: String {
        "beyond the engine's limit: coordinates and run counts must be below 2^\(coordinateExponent) in absolute value"
    }

    /// "beyond the engine's limit: …" for generations.
    static var generationLimitText: String {
        "beyond the engine's limit: generations must be below 2^\(generationExponent)"
    }

    /// The most decimal digits a number below 2^`exponent` has: ⌊exponent · log10 2⌋ + 1.
    static func maxDigits(belowPowerOfTwo exponent: Int) -> Int {
        Int((Double(exponent) * 0.301_029_995_663_981_2).rounded(.down)) + 1
    }

    /// The value of the ASCII decimal `digits` (leading zeros allowed), or nil when it is not
    /// below 2^`exponent`; the digit count is checked before anything is parsed.
    static func value(ofDigits digits: some Collection<UInt8>, belowPowerOfTwo exponent: Int) -> BigUInt? {
        let significant = digits.drop(while: { $0 == UInt8(ascii: "0") })
        if significant.count > maxDigits(belowPowerOfTwo: exponent) { return nil }
        if significant.isEmpty { return .zero }
        guard let value = BigUInt(decimal: Substring(String(decoding: significant, as: UTF8.self))),
              value.bitWidth <= exponent else { return nil }
        return value
    }
}

/// Quoting input in messages.
enum PatternText {
    /// `text` quoted for a message: at most 40 characters (then "…"), with control characters,
    /// NUL and invisible scalars as \u{…}, so an error never echoes megabytes or raw bytes.
    static func excerpt(_ text: String, quote: Character = "\"") -> String {
        RuleError.excerpt(text, quote: quote)
    }
}
