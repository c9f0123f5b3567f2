import HashlifeEngine

/// A universe's figures that the commands report and `LifeUniverse` does not give: every
/// family's universe has them.
protocol TreeFigures: AnyObject {
    /// The distinct nodes of the pattern's quadtree.
    var treeNodeCount: Int { get }
}

extension Universe: TreeFigures {}
extension MultiStateUniverse: TreeFigures {}

/// A universe that can free its step memo once no step follows (its count's caches then take
/// the memo's place).
protocol StepMemoReleasing: AnyObject {
    func releaseStepMemo()
}

extension Universe: StepMemoReleasing {}

extension LifeUniverse {
    /// The distinct nodes of the pattern's quadtree (0 for a universe that does not say).
    var treeNodes: Int { (self as? any TreeFigures)?.treeNodeCount ?? 0 }

    /// Frees the step memo where the universe keeps one apart from its counts.
    func releaseStepMemoIfKept() { (self as? any StepMemoReleasing)?.releaseStepMemo() }

    /// The state (0 or 1) of the plane's empty cells now: 1 where a B0 rule makes it all alive
    /// (the cells are then those that differ from it).
    var currentBackground: Int { anyRule.background(atGeneration: generation) }
}

extension AnyRule {
    /// The name of the rule's family of states, for rules of more than two ("Generations",
    /// "History", "Super"); nil for two-state rules.
    var statesFamilyName: String? {
        guard case .multiState(let rule) = self else { return nil }
        return switch rule.family {
        case .generations: "Generations"
        case .history: "History"
        case .superRule: "Super"
        case .ruleTable: "RuleLoader"
        case .jvn: "JvN"
        }
    }
}
