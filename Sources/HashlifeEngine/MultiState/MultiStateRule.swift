// MultiStateRule.swift — rules whose cells take more than two states, as Golly 5 runs them.
//
// Three families:
//   Generations (Golly's "Generations" algorithm): N states, 2...256. Only state 1 counts as a
//     neighbour; 0 becomes 1 when born; 1 stays 1 when it survives, else goes to 2; states
//     2...N-1 advance by one each generation and N-1 becomes 0.
//   History (7 states) and Super (26 states) (Golly's "Super" algorithm): a two-state rule with
//     trails and markers; odd states are alive, and a neighbour in state 6 kills live cells.
//   Rule tables and trees (Golly's "RuleLoader" algorithm): the transitions of a `.rule` file
//     (RuleTree/), 2...256 states, every non-zero state alive.
//
// The alive/dead decision of both families is a two-state `Rule` (its 512-entry table, Hensel
// and MAP parsing), so the parsing and tables are shared with the two-state engine, which this
// file does not change. Neighbours outside a hexagonal or von Neumann neighbourhood are
// ignored by building that `Rule`'s table from the neighbourhood's cells only.

/// A multi-state rule: the number of states, the canonical text Golly writes, the grid, and
/// the transition of one cell from its 3×3 neighbourhood of states.
public struct MultiStateRule: Hashable, Sendable, CustomStringConvertible {
    public enum Family: Hashable, Sendable {
        /// Golly's Generations rules ("345/2/4"); the state count is `stateCount`.
        case generations
        /// "[R]History": 7 states.
        case history
        /// "[R]Super": 26 states.
        case superRule
        /// A `.rule` file's @TABLE or @TREE (`ruleFile`), named by its rule name.
        case ruleTable
        /// Golly's von Neumann rules: JvN29, Nobili32, Hutton32 (JvN/).
        case jvn(JvNVariant)
    }

    /// The cells that count as neighbours.
    public enum Neighbourhood: Hashable, Sendable {
        /// All eight surrounding cells.
        case moore
        /// Golly's hexagonal grid drawn on squares: the eight minus north-east and south-west.
        case hexagonal
        /// The four orthogonal cells.
        case vonNeumann

        /// The neighbours as bits of `Rule`'s 9-bit index (bit = row * 3 + column, north-west
        /// first, centre bit 4 excluded).
        var outerMask: Int {
            switch self {
            case .moore: 0x1EF
            case .hexagonal: 0x1EF & ~(1 << 2 | 1 << 6)
            case .vonNeumann: 1 << 1 | 1 << 3 | 1 << 5 | 1 << 7
            }
        }

        /// How many neighbours: the largest count a birth or survival digit may name.
        public var size: Int {
            switch self {
            case .moore: 8
            case .hexagonal: 6
            case .vonNeumann: 4
            }
        }
    }

    /// The 3×3 block of states around a cell, in reading order: north-west, north, north-east,
    /// west, centre, east, south-west, south, south-east (y grows downwards).
    public typealias Block = (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)

    public let family: Family
    /// The number of states, 2...256; state 0 is empty.
    public let stateCount: Int
    public let neighbourhood: Neighbourhood
    /// The alive/dead decision: birth and survival on the cells that are alive (state 1 for
    /// Generations, odd states for History and Super). Its table ignores cells outside
    /// `neighbourhood`; its own grid is nil (the grid is `grid`).
    public let lifeRule: Rule
    /// The bounded grid (Golly's ":T…", ":P…" suffixes), or nil for the unbounded plane.
    public internal(set) var grid: Grid?
    /// The canonical text without the grid suffix.
    let canonicalBody: String
    /// The compiled `.rule` file of the `.ruleTable` family; nil for the others.
    public let ruleFile: RuleFileRule?

    init(family: Family, stateCount: Int, neighbourhood: Neighbourhood, lifeRule: Rule, canonicalBody: String, grid: Grid?,
         ruleFile: RuleFileRule? = nil) {
        self.family = family
        self.ruleFile = ruleFile
        self.stateCount = stateCount
        self.neighbourhood = neighbourhood
        self.lifeRule = lifeRule
        self.canonicalBody = canonicalBody
        self.grid = grid
    }

    /// The text Golly writes for this rule: "345/2/4", "23-q/2n3/3", "2/2/3H",
    /// "MAP…/5", "LifeHistory", "B36/S23Super", then the grid suffix (":T40,40").
    public var description: String { canonicalBody + (grid?.description ?? "") }

    /// The same rule on another grid (nil: the unbounded plane).
    public func with(grid: Grid?) -> MultiStateRule {
        var rule = self
        rule.grid = grid
        return rule
    }
}

extension MultiStateRule {
    /// Whether a cell in `state` is alive: a neighbour that counts for births and survivals,
    /// and a cell of the pattern an apgcode describes. Generations: state 1 only (the dying
    /// states 2 … N−1 are dead). History and Super (Golly's Super algorithm): every odd state
    /// is alive (History's 1 on, 3 marked on, 5 start on), every even one dead (2 history, 4
    /// marked off, 6 boundary; Super's 8 … 24 likewise). Rule tables and trees: every non-zero
    /// state. State 0 is never alive.
    public func isLive(_ state: UInt8) -> Bool {
        switch family {
        case .generations: state == 1
        case .history, .superRule: state & 1 == 1
        case .ruleTable, .jvn: state != 0
        }
    }
}
