// Grid.swift — a bounded grid, Golly's ":T…", ":P…", ":K…", ":C…", ":S…" rule suffixes.
//
// Skeleton: the type a Rule carries (`Rule.grid`, nil for the infinite plane) and the hook the rule
// parser calls for the text after ':'. Parsing, canonical text and stepping are filled in by the
// bounded-grid work (issue #14).

/// A bounded grid as Golly writes it after a rule's ':'. `nil` in `Rule.grid` is the unbounded plane.
public struct Grid: Hashable, Sendable, CustomStringConvertible {
    /// The suffix text as given; stand-in until the grid is parsed into its parts.
    let text: String

    /// Parses the text after ':' (`suffix`); `rule` is the whole rule text and `offset` the Character
    /// offset of the suffix in it, for errors.
    static func parse(_ suffix: Substring, rule: String, offset: Int) throws(RuleError) -> Grid {
        throw RuleError(text: rule, reason: .boundedGridUnsupported)
    }

    /// Canonical suffix text including the leading ':' (e.g. ":T24,24").
    public var description: String { ":" + text }
}
