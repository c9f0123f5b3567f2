// AnyRule.swift — a rule of any family, as the layers above the engine hold it.

/// A parsed rule of any registered family (`RuleFamily.registered`). Equal when the rules are
/// of one family and equal; its text is the family's canonical text.
public struct AnyRule: Hashable, Sendable, CustomStringConvertible {
    /// The family's own rule.
    public let base: any FamilyRule

    public init(_ base: some FamilyRule) { self.base = base }

    /// Parses rule text of any family: the first family of the registry whose syntax the text
    /// is written in (`RuleFamily.registered`) parses it and reports any error; the Life-like
    /// family, last, takes whatever no other claims.
    public static func parse(_ text: String) throws(RuleError) -> AnyRule {
        for family in RuleFamily.registered {
            if let rule = try family.parse(text) { return rule }
        }
        throw RuleError(text: text, reason: .badMultiState("no rule family reads this text"))
    }

    /// True when `text` is written in the syntax of a family whose patterns keep states
    /// (`RuleFamily.keepsStates`), or is a valid rule of more than two states, whether or not
    /// the text is valid: readers use it to choose between the two-state and the multi-state
    /// readers, which then report any error in place.
    public static func isMultiStateSyntax(_ text: String) -> Bool {
        for family in RuleFamily.registered {
            do {
                guard let rule = try family.parse(text) else { continue }
                return family.keepsStates || rule.stateCount > 2
            } catch {
                return family.keepsStates
            }
        }
        return false
    }

    /// The family's rule as `type`, or nil when the rule is of another family (for code inside
    /// the engine, and for commands made for one family's rules, such as the census).
    public func `as`<T: FamilyRule>(_ type: T.Type) -> T? { base as? T }

    public static func == (a: AnyRule, b: AnyRule) -> Bool { a.base.isEqual(to: b.base) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: base)))
        base.hash(into: &hasher)
    }

    public var description: String { base.description }
    public var familyName: String { base.familyName }
    public var stateCount: Int { base.stateCount }
    public var grid: Grid? { base.grid }
    public func with(grid: Grid?) -> AnyRule { AnyRule(base.with(grid: grid)) }
    public func background(atGeneration generation: BigUInt) -> Int { base.background(atGeneration: generation) }
    public var alternatesBackground: Bool { base.alternatesBackground }
    public var hasBirthOnZero: Bool { base.hasBirthOnZero }
    public func isLive(_ state: UInt8) -> Bool { base.isLive(state) }
    public var apgcodeRule: Rule? { base.apgcodeRule }
    public var liveCellsFollowApgcodeRule: Bool { base.liveCellsFollowApgcodeRule }
    public func actsOnLiveCells(_ state: UInt8) -> Bool { base.actsOnLiveCells(state) }
    public var stateNames: [Int: String] { base.stateNames }
    public var stateColors: [RuleColor] { base.stateColors }
    public var note: String? { base.note }
    public var iconLines: [String]? { base.iconLines }
}
