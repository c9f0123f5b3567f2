// RuleFamily.swift — the registry of rule families.

/// One rule family as the registry knows it: how to tell its rule text and how to parse it.
public struct RuleFamily: Sendable {
    /// The family's name (as `FamilyRule.familyName` gives it for its usual rules).
    public let name: String
    /// True when the family's patterns keep more than two states (they are read and written
    /// with their states; a two-state family's patterns are sets of live cells).
    public let keepsStates: Bool
    /// The rule `text` stands for when it is written in this family's syntax, nil when it is
    /// not (the next family tries it).
    /// - Throws: when the text is this family's syntax but not a valid rule.
    let parser: @Sendable (String) throws(RuleError) -> AnyRule?

    public init(name: String, keepsStates: Bool, parse: @escaping @Sendable (String) throws(RuleError) -> AnyRule?) {
        self.name = name
        self.keepsStates = keepsStates
        self.parser = parse
    }

    /// The rule of `text` in this family's syntax, nil when the text is not written in it.
    public func parse(_ text: String) throws(RuleError) -> AnyRule? { try parser(text) }

    /// True when `text` is written in this family's syntax, valid or not.
    public func claims(_ text: String) -> Bool {
        do { return try parser(text) != nil } catch { return true }
    }

    /// Every family, in the order rule text is offered to them: the ones with a syntax of their
    /// own first, the Life-like family last (it reads every other text, or reports its error).
    public static let registered: [RuleFamily] = [
        LargerThanLifeRule.family,
        MultiStateRule.family,
        Rule.family,
    ]
}
