// JvN.swift — von Neumann's 29-state automaton and its 32-state extensions, as Golly's JvN
// algorithm runs them (gollybase/jvnalgo.cpp): JvN29, Nobili32 and Hutton32.
//
// The cells take Golly's numbering: 0 ground; 1–8 the sensitized (construction) states; 9–12
// the ordinary transmission states pointing east, north, west, south, 13–16 the same excited;
// 17–20 and 21–24 the special transmission states, quiescent and excited; 25–28 the confluent
// states (quiescent, next-excited, excited, both); Nobili32 and Hutton32 add 29–31, the
// crossing confluent states. Only the von Neumann neighbours (N, E, S, W) count.
//
// The transitions are those of von Neumann's rules as Golly settles them where the paper is
// ambiguous: JvN29 and Nobili32 through one bit-set of what the four neighbours send the cell
// (JvN+Transitions.swift), Hutton32 through its own predicates (JvN+Hutton32.swift). bgolly's
// populations are the reference (the tests run Golly's JvN patterns against them).

/// One of Golly's three von Neumann rules.
public enum JvNVariant: String, Hashable, Sendable, CaseIterable {
    case jvn29 = "JvN29"
    case nobili32 = "Nobili32"
    case hutton32 = "Hutton32"

    /// 29 or 32.
    public var stateCount: Int { self == .jvn29 ? 29 : 32 }

    /// The variant a rule name names, as Golly matches it: case-insensitive, its old names
    /// ("JvN-29", "JvN-32", "modJvN-32") included.
    public init?(name: String) {
        switch name.lowercased() {
        case "jvn29", "jvn-29": self = .jvn29
        case "nobili32", "jvn-32": self = .nobili32
        case "hutton32", "modjvn-32": self = .hutton32
        default: return nil
        }
    }

    /// Golly's colours for the states (jvnalgo's), as (red, green, blue).
    public static let colors: [(UInt8, UInt8, UInt8)] = [
        (48, 48, 48), (255, 0, 0), (255, 125, 0), (255, 150, 25), (255, 175, 50), (255, 200, 75), (255, 225, 100),
        (255, 250, 125), (251, 255, 0), (89, 89, 255), (106, 106, 255), (122, 122, 255), (139, 139, 255),
        (27, 176, 27), (36, 200, 36), (73, 255, 73), (106, 255, 106), (235, 36, 36), (255, 56, 56), (255, 73, 73),
        (255, 89, 89), (185, 56, 255), (191, 73, 255), (197, 89, 255), (203, 106, 255), (0, 255, 128),
        (255, 128, 64), (255, 255, 128), (33, 215, 215), (27, 176, 176), (24, 156, 156), (21, 137, 137),
    ]
}

extension MultiStateRule {
    /// Golly's von Neumann rule `variant` on the unbounded plane.
    public init(jvn variant: JvNVariant) {
        self.init(family: .jvn(variant), stateCount: variant.stateCount, neighbourhood: .vonNeumann,
                  lifeRule: Rule(table: (0, 0, 0, 0, 0, 0, 0, 0)), canonicalBody: variant.rawValue, grid: nil)
    }
}
