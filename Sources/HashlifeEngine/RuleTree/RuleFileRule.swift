// RuleFileRule.swift — a `.rule` file made ready to step: its name, what it says for display,
// and its transitions flattened (`RuleLookup`). `MultiStateRule`'s `.ruleTable` family holds
// one.

/// The rule of a `.rule` file with transitions, compiled. Immutable and shared.
public final class RuleFileRule: Hashable, Sendable, CustomStringConvertible {
    /// The name the rule is known by: the name it was looked up with (Golly's), else the
    /// file's `@RULE` name.
    public let name: String
    /// The file as read (names, colours and icons; `transitions` is non-nil).
    public let file: RuleFile
    /// The transitions as a tree (a table compiled, or the file's tree).
    public let tree: RuleTree
    let lookup: RuleLookup

    /// The rule of `file`, named `name`; nil when the file has no @TABLE or @TREE.
    public init?(name: String? = nil, file: RuleFile) {
        guard let transitions = file.transitions else { return nil }
        self.name = name ?? file.name
        self.file = file
        switch transitions {
        case .table(let table): tree = table.compiledTree()
        case .tree(let tree): self.tree = tree
        }
        lookup = RuleLookup(tree)
    }

    /// The number of states, 2…256.
    public var stateCount: Int { tree.stateCount }

    /// The neighbourhood the transitions read: 4 (von Neumann, one-dimensional) or 8 cells.
    public var neighbours: Int { tree.neighbours }

    public var description: String { name }

    public static func == (a: RuleFileRule, b: RuleFileRule) -> Bool {
        a === b || (a.name == b.name && a.tree == b.tree)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(tree.values.count)
    }
}

extension MultiStateRule {
    /// The rule of a `.rule` file, named `rule.name`, on the unbounded plane.
    public init(ruleFile rule: RuleFileRule) {
        self.init(family: .ruleTable, stateCount: rule.stateCount,
                  neighbourhood: rule.neighbours == 4 ? .vonNeumann : .moore,
                  lifeRule: Rule(table: (0, 0, 0, 0, 0, 0, 0, 0)), canonicalBody: rule.name, grid: nil, ruleFile: rule)
    }
}

extension MultiStateRule {
    /// The rule of `rule` on the grid that `text` names after its first ':' (Golly's bounded-grid
    /// suffix, as in "WireWorld:P60,60"); the unbounded plane when `text` has no ':'.
    /// - Throws: the suffix's error, located in `text`.
    public init(ruleFile rule: RuleFileRule, text: String) throws(RuleError) {
        self.init(ruleFile: rule)
        let characters = Array(text)
        guard let colon = characters.firstIndex(of: ":") else { return }
        grid = try Grid.parse(Substring(String(characters[(colon + 1)...])), rule: text, offset: colon + 1)
    }
}
