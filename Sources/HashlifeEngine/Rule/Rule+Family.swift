// Rule+Family.swift — the Life-like family: two-state rules on the Hashlife engine.

extension Rule: FamilyRule {
    /// The registry's entry: every rule text no other family claims (B/S and S/B counts,
    /// Hensel letters, MAP strings, Wolfram codes, names such as "Life", grid suffixes).
    static let family = RuleFamily(name: "Life-like", keepsStates: false) { (text: String) throws(RuleError) -> AnyRule? in
        AnyRule(try Rule(text))
    }

    public var familyName: String { "Life-like" }
    public var stateCount: Int { 2 }

    public func makeUniverse(memoryLimit: Int) -> any LifeUniverse { Universe(rule: self, memoryLimit: memoryLimit) }

    public func isLive(_ state: UInt8) -> Bool { state != 0 }
    public var apgcodeRule: Rule? { self }
    public var liveCellsFollowApgcodeRule: Bool { true }

    /// Golly's dark grey and white.
    public var stateColors: [RuleColor] { [.grey48, RuleColor(red: 255, green: 255, blue: 255)] }
}
