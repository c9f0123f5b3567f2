import HashlifeEngine

/// The colour of each state of a rule: what every renderer draws a block's state in. For a
/// rule of several live states, Golly's default colours, as the rule's family gives them
/// (`init(rule:)`); for a two-state picture, the options' live and dead colours
/// (`init(options:)`). State 0, the background, is Golly's dark grey (48, 48, 48) unless a
/// caller sets another.
public struct StatePalette: Hashable, Sendable {
    /// One colour per state, index = state; `colors.count` is the rule's state count.
    public var colors: [RGB]
    /// The rule's icons (a rule file's @ICONS), drawn in images where a block is 7 pixels or
    /// more; nil to draw every block as a square of its colour.
    public var icons: StateIcons?

    public init(colors: [RGB], icons: StateIcons? = nil) {
        precondition(colors.count >= 2 && colors.count <= 256, "a palette has 2 to 256 states")
        self.colors = colors
        self.icons = icons
    }

    /// Golly's default colours for `rule` of any family (`FamilyRule.stateColors`): a
    /// two-state rule's live cells white; with the rule's icons where it has them.
    public init(rule: AnyRule) {
        self.init(colors: rule.stateColors.map { RGB(r: $0.red, g: $0.green, b: $0.blue) },
                  icons: rule.iconLines.flatMap { StateIcons(lines: $0) })
    }

    /// Golly's default colours for a rule of one family.
    public init(rule: some FamilyRule) { self.init(rule: AnyRule(rule)) }

    /// Two-state pictures' colours: `options.dead` for state 0, `options.live` for state 1.
    public init(options: RenderOptions) {
        self.init(colors: [options.dead, options.live])
    }

    /// The colours pictures of `rule` are drawn in with `options`: a rule with one live state
    /// in `options.live` on `options.dead` (`init(options:)`), any other in Golly's colours
    /// (`init(rule:)`) on `background` when given, else on Golly's dark grey.
    public init(rule: AnyRule, options: RenderOptions, background: RGB?) {
        if rule.stateCount == 2 {
            self.init(options: options)
        } else {
            self.init(rule: rule)
            if let background { self.background = background }
        }
    }

    /// True when one colour shows every live state (the palette has states 0 and 1 only):
    /// shapes tell its states apart without colours or letters.
    public var hasOneLiveState: Bool { colors.count == 2 }

    /// The background colour (state 0), Golly's dark grey by default.
    public var background: RGB {
        get { colors[0] }
        set { colors[0] = newValue }
    }

    /// The colour of `state` (a state beyond the palette shows as its last colour).
    public func color(_ state: UInt8) -> RGB { colors[min(Int(state), colors.count - 1)] }
}
