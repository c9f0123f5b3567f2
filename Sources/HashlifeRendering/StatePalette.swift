import HashlifeEngine

/// The colour of each state of a rule: what every renderer draws a block's state in. For a
/// rule of several live states, Golly's default colours (`init(rule:)`); for a two-state
/// picture, the options' live and dead colours (`init(options:)`).
///
/// Generations: a gradient from red (state 1) to yellow (the last state), each channel
/// rounded as Golly's `CreateColorGradient` rounds it. History and Super: Golly's table for
/// each (state 1 green, state 2 dark blue, …). Rule tables and trees: the `.rule` file's
/// @COLORS over Golly's red-to-yellow gradient. State 0, the background, is Golly's dark grey
/// (48, 48, 48) unless a caller sets another.
public struct StatePalette: Hashable, Sendable {
    /// One colour per state, index = state; `colors.count` is the rule's state count.
    public var colors: [RGB]

    public init(colors: [RGB]) {
        precondition(colors.count >= 2 && colors.count <= 256, "a palette has 2 to 256 states")
        self.colors = colors
    }

    /// Golly's default colours for `rule`.
    public init(rule: MultiStateRule) {
        switch rule.family {
        case .generations:
            self.init(colors: StatePalette.gradient(states: rule.stateCount, from: RGB(r: 255, g: 0, b: 0), to: RGB(r: 255, g: 255, b: 0)))
        case .history:
            self.init(colors: StatePalette.history)
        case .superRule:
            self.init(colors: StatePalette.superStates)
        case .jvn:
            self.init(colors: JvNVariant.colors.prefix(rule.stateCount).map { RGB(r: $0.0, g: $0.1, b: $0.2) })
        case .ruleTable:
            // Golly's RuleLoader: a red-to-yellow gradient, or the file's @COLORS gradient,
            // then the colours the file lists state by state (state 0 included).
            let file = rule.ruleFile?.file
            let from = file?.gradient.map { RGB(r: $0.0.red, g: $0.0.green, b: $0.0.blue) } ?? RGB(r: 255, g: 0, b: 0)
            let to = file?.gradient.map { RGB(r: $0.1.red, g: $0.1.green, b: $0.1.blue) } ?? RGB(r: 255, g: 255, b: 0)
            var colors = StatePalette.gradient(states: rule.stateCount, from: from, to: to)
            for (state, color) in file?.colors ?? [:] where state < colors.count {
                colors[state] = RGB(r: color.red, g: color.green, b: color.blue)
            }
            self.init(colors: colors)
        }
    }

    /// Golly's default colours for `rule` of any family: a two-state rule's live cells white.
    public init(rule: AnyRule) {
        switch rule {
        case .twoState: self.init(colors: [RGB(r: 48, g: 48, b: 48), RGB(r: 255, g: 255, b: 255)])
        case .multiState(let rule): self.init(rule: rule)
        }
    }

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

    /// States 1…N−1 from `from` to `to` as Golly's gradient: state 1 `from`, the last `to`,
    /// the ones between at equal steps rounded half up; state 0 the background.
    public static func gradient(states: Int, from: RGB, to: RGB) -> [RGB] {
        precondition(states >= 2, "a palette has at least 2 states")
        var colors = [grey48, from]
        guard states > 2 else { return colors }
        let steps = Double(states - 2)
        func channel(_ a: UInt8, _ b: UInt8, _ n: Int) -> UInt8 {
            UInt8(Int(Double(a) + Double(n) * (Double(b) - Double(a)) / steps + 0.5))
        }
        for n in 1..<(states - 2) {
            colors.append(RGB(r: channel(from.r, to.r, n), g: channel(from.g, to.g, n), b: channel(from.b, to.b, n)))
        }
        colors.append(to)
        return colors
    }

    static let grey48 = RGB(r: 48, g: 48, b: 48)

    /// Golly's History colours: empty, on, off (trail), marked on, marked off, start on,
    /// boundary.
    static let history: [RGB] = [
        grey48, RGB(r: 0, g: 255, b: 0), RGB(r: 0, g: 0, b: 128), RGB(r: 216, g: 255, b: 216),
        RGB(r: 255, g: 0, b: 0), RGB(r: 255, g: 255, b: 0), RGB(r: 96, g: 96, b: 96),
    ]

    /// Golly's Super colours, states 0 to 25.
    static let superStates: [RGB] = [
        (48, 48, 48), (0, 255, 0), (0, 0, 160), (255, 216, 255), (255, 0, 0), (255, 255, 0), (96, 96, 96),
        (255, 105, 180), (128, 0, 128), (0, 191, 255), (0, 64, 128), (64, 224, 208), (0, 128, 64),
        (255, 255, 255), (255, 99, 71), (250, 128, 114), (219, 112, 147), (255, 165, 0), (245, 222, 179),
        (0, 255, 255), (192, 192, 192), (192, 255, 128), (255, 182, 193), (0, 255, 127), (1, 1, 1),
        (255, 0, 127),
    ].map { RGB(r: $0.0, g: $0.1, b: $0.2) }
}
