// MultiStateRule+Family.swift — the multi-state families (Generations, History, Super, rule
// tables and trees, JvN) as one registry entry on the multi-state Hashlife engine.

extension MultiStateRule: FamilyRule {
    /// The registry's entry: Generations ("345/2/4", "B2/S345/4", "g3b3s23"), History and Super
    /// ("LifeHistory", "B36/S23Super"), the JvN rules. (Rule files are looked up by name in the
    /// rule folders, a layer up.)
    static let family = RuleFamily(name: "multi-state", keepsStates: true) { (text: String) throws(RuleError) -> AnyRule? in
        try MultiStateRule.parseIfMultiState(text).map { AnyRule($0) }
    }

    public var familyName: String {
        switch family {
        case .generations: "Generations"
        case .history: "History"
        case .superRule: "Super"
        case .ruleTable: "RuleLoader"
        case .jvn: "JvN"
        }
    }

    public func makeUniverse(memoryLimit: Int) -> any LifeUniverse { MultiStateUniverse(rule: self, memoryLimit: memoryLimit) }

    /// The births and survivals (`lifeRule`, whose table ignores the cells outside a hexagonal
    /// or von Neumann neighbourhood, so that apgcodes see such a rule's asymmetry).
    public var apgcodeRule: Rule? { lifeRule }

    /// History and Super: their live cells are the two-state rule's (the other states are
    /// trails and marks). Generations' dying states hold back births, and tables and JvN have
    /// no such rule.
    public var liveCellsFollowApgcodeRule: Bool {
        switch family {
        case .history, .superRule: true
        case .generations, .ruleTable, .jvn: false
        }
    }

    /// History's and Super's killers (state 6): a live cell beside one dies, and no cell is
    /// born on one.
    public func actsOnLiveCells(_ state: UInt8) -> Bool {
        switch family {
        case .history, .superRule: state == 6
        case .generations, .ruleTable, .jvn: false
        }
    }

    public var stateNames: [Int: String] { ruleFile?.file.stateNames ?? [:] }

    /// Golly's default colours: Generations a gradient from red (state 1) to yellow (the last
    /// state); History and Super Golly's table for each (state 1 green, state 2 dark blue, …);
    /// JvN jvnalgo's; rule tables and trees the file's @COLORS over its @COLORS gradient, or
    /// Golly's red-to-yellow one. State 0 is Golly's dark grey (48, 48, 48).
    /// A rule file's @ICONS lines.
    public var iconLines: [String]? { ruleFile?.file.icons }

    public var stateColors: [RuleColor] {
        let red = RuleColor(red: 255, green: 0, blue: 0), yellow = RuleColor(red: 255, green: 255, blue: 0)
        switch family {
        case .generations:
            return RuleColor.gradient(states: stateCount, from: red, to: yellow)
        case .history:
            return MultiStateRule.historyColors
        case .superRule:
            return MultiStateRule.superColors
        case .jvn:
            return JvNVariant.colors.prefix(stateCount).map { RuleColor(red: $0.0, green: $0.1, blue: $0.2) }
        case .ruleTable:
            let file = ruleFile?.file
            var colors = RuleColor.gradient(states: stateCount, from: file?.gradient?.0 ?? red, to: file?.gradient?.1 ?? yellow)
            for (state, color) in file?.colors ?? [:] where state < colors.count { colors[state] = color }
            return colors
        }
    }

    /// Golly's History colours: empty, on, off (trail), marked on, marked off, start on,
    /// boundary.
    static let historyColors: [RuleColor] = [
        (48, 48, 48), (0, 255, 0), (0, 0, 128), (216, 255, 216), (255, 0, 0), (255, 255, 0), (96, 96, 96),
    ].map { RuleColor(red: $0.0, green: $0.1, blue: $0.2) }

    /// Golly's Super colours, states 0 to 25.
    static let superColors: [RuleColor] = [
        (48, 48, 48), (0, 255, 0), (0, 0, 160), (255, 216, 255), (255, 0, 0), (255, 255, 0), (96, 96, 96),
        (255, 105, 180), (128, 0, 128), (0, 191, 255), (0, 64, 128), (64, 224, 208), (0, 128, 64),
        (255, 255, 255), (255, 99, 71), (250, 128, 114), (219, 112, 147), (255, 165, 0), (245, 222, 179),
        (0, 255, 255), (192, 192, 192), (192, 255, 128), (255, 182, 193), (0, 255, 127), (1, 1, 1),
        (255, 0, 127),
    ].map { RuleColor(red: $0.0, green: $0.1, blue: $0.2) }
}
