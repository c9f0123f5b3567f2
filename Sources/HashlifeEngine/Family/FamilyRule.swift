// FamilyRule.swift — what a rule family supplies: its rules, and the universes they make.
//
// A family (Life-like and its relatives, the multi-state families, …) is a type conforming to
// `FamilyRule` and one entry in the registry (`RuleFamily.registered`, RuleFamily.swift). The
// layers above the engine hold rules as `AnyRule` and universes as `any LifeUniverse`: they
// ask a rule what it is (states, names, colours, grid, which cells are alive, whether apgcodes
// describe it) and never which family it belongs to.

/// A rule of one family: its text, its states and how they look, its grid, and the universe
/// it runs in.
///
/// Contracts: `description` is the canonical text, and parsing it through the registry gives
/// an equal rule; `stateCount` is 2 … 256 and every state the universe holds is below it;
/// `with(grid:)` changes the grid alone.
public protocol FamilyRule: Hashable, Sendable, CustomStringConvertible {
    /// The family's name as Golly names its algorithm ("Life-like" for the two-state rules of
    /// the Hashlife engine, "Generations", "History", "Super", "RuleLoader", "JvN", …).
    var familyName: String { get }
    /// The number of states, 2 … 256; state 0 is empty.
    var stateCount: Int { get }
    /// The bounded grid, or nil for the unbounded plane.
    var grid: Grid? { get }
    /// The same transitions on `grid` (nil: the unbounded plane).
    func with(grid: Grid?) -> Self

    /// An empty universe under this rule at generation 0, whose memory stays within
    /// `memoryLimit` bytes.
    func makeUniverse(memoryLimit: Int) -> any LifeUniverse

    /// True when a B0 rule without S8 makes the background blink (all alive at odd generations).
    var alternatesBackground: Bool { get }
    /// True when an empty neighbourhood gives birth (B0).
    var hasBirthOnZero: Bool { get }
    /// The state of the plane's empty cells at `generation`, 0 or 1: 1 where a B0 rule without
    /// S8 makes the background blink (populations then count the cells that differ from it).
    func background(atGeneration generation: BigUInt) -> Int

    /// Whether a cell in `state` is alive: a cell of the pattern an apgcode describes.
    func isLive(_ state: UInt8) -> Bool
    /// The two-state rule of the 3×3 neighbourhood that apgcodes of this rule's live cells are
    /// made for (the rule itself for a two-state rule; the births and survivals of a
    /// multi-state one); nil when the live cells follow no such rule (a larger neighbourhood).
    var apgcodeRule: Rule? { get }
    /// True when the live cells evolve exactly as `apgcodeRule`'s cells do (so objects may take
    /// that rule's names), whatever the other states do, while no cell is in a state that
    /// `actsOnLiveCells`.
    var liveCellsFollowApgcodeRule: Bool { get }
    /// Whether a cell in `state` changes what live cells do (History's and Super's killers,
    /// state 6): where one is, the live cells need not follow `apgcodeRule`.
    func actsOnLiveCells(_ state: UInt8) -> Bool

    /// The states' names (a rule file's @NAMES), by state; empty when the rule names none.
    var stateNames: [Int: String] { get }
    /// Golly's default colour of each state, `stateCount` of them, state 0 first.
    var stateColors: [RuleColor] { get }
    /// A remark on how the text was read that a user should hear (a bounded grid enlarged as
    /// Golly enlarges it); nil for most rules.
    var note: String? { get }
    /// The lines of the rule's @ICONS section (XPM images or a built-in icon name), as a rule
    /// file gives them; nil when the rule has none.
    var iconLines: [String]? { get }
}

extension FamilyRule {
    public var alternatesBackground: Bool { false }
    public var hasBirthOnZero: Bool { false }
    public func background(atGeneration generation: BigUInt) -> Int { 0 }
    public var stateNames: [Int: String] { [:] }
    public var note: String? { nil }
    public var iconLines: [String]? { nil }
    public func actsOnLiveCells(_ state: UInt8) -> Bool { false }

    /// Equality with a rule of any family (false for another family).
    func isEqual(to other: any FamilyRule) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

extension RuleColor {
    /// Golly's background, state 0 of every default palette.
    public static let grey48 = RuleColor(red: 48, green: 48, blue: 48)

    /// States 0 … `states` − 1 as Golly's gradient: state 0 the background (`grey48`), state 1
    /// `from`, the last `to`, the ones between at equal steps rounded half up (Golly's
    /// `CreateColorGradient`).
    public static func gradient(states: Int, from: RuleColor, to: RuleColor) -> [RuleColor] {
        precondition(states >= 2, "a palette has at least 2 states")
        var colors = [grey48, from]
        guard states > 2 else { return colors }
        let steps = Double(states - 2)
        func channel(_ a: UInt8, _ b: UInt8, _ n: Int) -> UInt8 {
            UInt8(Int(Double(a) + Double(n) * (Double(b) - Double(a)) / steps + 0.5))
        }
        for n in 1..<(states - 2) {
            colors.append(RuleColor(red: channel(from.red, to.red, n), green: channel(from.green, to.green, n),
                                    blue: channel(from.blue, to.blue, n)))
        }
        colors.append(to)
        return colors
    }
}
