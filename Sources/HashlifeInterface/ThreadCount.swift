// Thread counts as people type them: `--threads N` on the command line and `threads N` in the
// REPL. The engine takes any count ≥ 1 (`Universe.threads`); this is the range we accept.

import HashlifeEngine

/// A thread count given on a command line or in the REPL is not acceptable.
public struct ThreadCountError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text as given.
    public var text: String
    public init(text: String) { self.text = text }
    /// "'abc'; expected a whole number of threads from 1 to 256": what follows "invalid value
    /// for '--threads': " or "invalid threads: ". The text is quoted as `Excerpt.quote` does
    /// (at most 40 characters, control characters escaped).
    public var description: String {
        "\(Excerpt.quote(text)); expected a whole number of threads from 1 to \(ThreadCount.range.upperBound)"
    }
}

/// How many threads a step may use (`Universe.threads`): 1 is the single-threaded engine, and
/// results are identical for every count.
public enum ThreadCount {
    /// Accepted counts: 1 to `Universe.maximumThreads` (256). More than the machine's
    /// processors is allowed (the threads then share them); more than the engine uses is not.
    public static let range: ClosedRange<Int> = 1...Universe.maximumThreads

    /// The count for `text`: ASCII decimal digits only (leading zeros allowed; no sign, blank
    /// or word) naming a number in `range`.
    /// - Throws: `ThreadCountError` for anything else.
    public static func parse(_ text: String) throws(ThreadCountError) -> Int {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw ThreadCountError(text: text)
        }
        // Too many digits for Int means far above the range.
        guard let value = Int(text), range.contains(value) else { throw ThreadCountError(text: text) }
        return value
    }

    /// The commands' default: one thread. A default must cost nothing on any case, and two
    /// threads do not meet that on the benchmark set: most big steps run 1.2–1.75 times faster,
    /// but metacatacryst runs 1.17 times slower and peak memory reaches 1.88 times one thread's
    /// (docs/performance.md), against a bound of 1.05 and 1.25 (docs/decisions.md, "Threads").
    /// `--threads N` is for the cases it helps.
    public static let defaultCount = 1

    /// The default, for help texts.
    public static var defaultDescription: String {
        "1; this machine has \(Plural.count(Universe.availableProcessors, "processor"))"
    }
}
