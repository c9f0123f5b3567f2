// LargerThanLifeRule.swift — Larger than Life: totalistic rules over large neighbourhoods, as
// Golly's "Larger than Life" algorithm runs them.
//
// A cell counts the cells in state 1 of its neighbourhood (a shape of range r around it, the
// cell itself included when it is in state 1). A dead cell is born (state 1) when the count is
// a birth count; a cell in state 1 stays when the count is a survival count, else it decays to
// state 2 (more than two states) or dies; a cell in state k ≥ 2 goes to k + 1, or to 0 once
// k + 1 is the number of states. Three ways of writing a rule are read (+Parsing), and the
// shapes are Golly's (+Shapes).

/// A Larger than Life rule: range, states, neighbourhood shape, birth and survival counts, and
/// an optional bounded grid (a torus or a plane).
///
/// Contracts: `description` is Golly's canonical text, and parsing it gives an equal rule; the
/// count tables are Golly's (survival counts include the cell itself, B0 is emulated).
public struct LargerThanLifeRule: Hashable, Sendable, CustomStringConvertible {
    /// How the rule was written: the HROT form keeps its lists, the LtL and Kellie Evans forms
    /// keep their four bounds and the middle-cell flag.
    enum Form: Hashable, Sendable {
        case hrot
        case ltl(middle: Int, survival: ClosedRange<Int>, birth: ClosedRange<Int>)
    }

    /// The range as written (1 … 500; at most 250 for the triangular L, 50 for the Gaussian G).
    public let range: Int
    /// The number of states, 2 … 256 (C0, C1 and C2 are two-state rules).
    public let stateCount: Int
    /// The neighbourhood.
    public let shape: LargerThanLifeShape
    let form: Form
    /// Golly's birth flags by count, as written (before B0 emulation).
    let births: [Bool]
    /// Golly's survival flags by count, as written (the count excludes the cell in the HROT
    /// form, includes it in the LtL forms).
    let survivals: [Bool]
    /// The most cells in state 1 the neighbourhood counts, the cell itself excluded (Golly's
    /// `max_neighbors`).
    public let maximumCount: Int
    public internal(set) var grid: Grid?
    /// Set when a bounded grid was narrower or shorter than twice the range and was enlarged
    /// (as Golly does): the sentence says so.
    public internal(set) var gridNote: String?

    public var description: String {
        let canonicalRange = range
        let c = stateCount > 2 ? stateCount : 0
        let letter = String(shape.letter) + shape.suffixText
        var text: String
        switch form {
        case let .ltl(middle, s, b):
            text = "R\(canonicalRange),C\(c),M\(middle),S\(s.lowerBound)..\(s.upperBound),B\(b.lowerBound)..\(b.upperBound),N\(letter)"
        case .hrot:
            text = "R\(canonicalRange),C\(c),S\(Self.list(survivals)),B\(Self.list(births))"
            if shape != .moore { text += ",N\(letter)" }
        }
        if let grid { text += ":\(grid.topology == .plane ? "P" : "T")\(grid.width),\(grid.height)" }
        return text
    }

    /// Golly's list of the counts set in `flags`: values and `a-b` runs, comma separated.
    static func list(_ flags: [Bool]) -> String {
        var parts: [String] = []
        var i = 0
        while i < flags.count {
            guard flags[i] else { i += 1; continue }
            var j = i
            while j + 1 < flags.count && flags[j + 1] { j += 1 }
            parts.append(i == j ? "\(i)" : "\(i)-\(j)")
            i = j + 1
        }
        return parts.joined(separator: ",")
    }

    public func with(grid: Grid?) -> LargerThanLifeRule {
        var rule = self
        (rule.grid, rule.gridNote) = Self.enlarged(grid, extent: shape.extent(range: range))
        return rule
    }

    /// `grid` with each side at least twice the (internal) range, and the note saying so when
    /// a side grew. Other topologies than the plane become tori, the only other grid Golly's
    /// algorithm has.
    static func enlarged(_ grid: Grid?, extent: Int) -> (Grid?, String?) {
        guard let grid else { return (nil, nil) }
        let minimum = 2 * extent
        let w = max(grid.width, minimum), h = max(grid.height, minimum)
        let topology: Grid.Topology = grid.topology == .plane ? .plane : .torus
        let note = w != grid.width || h != grid.height
            ? "the bounded grid \(grid.width)×\(grid.height) is smaller than twice the range: enlarged to \(w)×\(h), as Golly does"
            : nil
        return (Grid(topology: topology, width: w, height: h), note)
    }
}

// MARK: - Tables used by the stepper

extension LargerThanLifeRule {
    /// Birth and survival tables indexed by the count the stepper computes (cells in state 1
    /// of the neighbourhood, the cell itself included; weighted for W and G), after Golly's B0
    /// emulation: `even` at even generations, `odd` at odd ones.
    struct Tables: Sendable {
        var births: [Bool]
        var survivals: [Bool]

        func birth(_ n: Int) -> Bool { n >= 0 && n < births.count && births[n] }
        func survival(_ n: Int) -> Bool { n >= 0 && n < survivals.count && survivals[n] }
    }

    func tables() -> (even: Tables, odd: Tables) {
        let maxn = maximumCount
        var b = births, s = survivals
        var alternate: (b: [Bool], s: [Bool])?
        if b.first == true {
            func at(_ a: [Bool], _ i: Int) -> Bool { i >= 0 && i < a.count && a[i] }
            var bs = b, ss = s
            if at(s, maxn) {
                for i in 0...maxn {
                    if i < bs.count { bs[i] = !at(s, maxn - i) }
                    if i < ss.count { ss[i] = !at(b, maxn - i) }
                }
                b = bs
                s = ss
            } else {
                for i in 0...maxn {
                    if i < bs.count { bs[i] = at(s, maxn - i) }
                    if i < ss.count { ss[i] = at(b, maxn - i) }
                }
                for i in 0...maxn {
                    if i < b.count { b[i] = !b[i] }
                    if i < s.count { s[i] = !s[i] }
                }
                alternate = (bs, ss)
            }
        }
        let shift: Bool
        switch (form, shape) {
        case (_, .weighted): shift = false
        case (.hrot, _): shift = true
        case let (.ltl(middle, _, _), _): shift = middle == 0
        }
        func shifted(_ a: [Bool]) -> [Bool] { shift ? [false] + a : a }
        let even = Tables(births: b, survivals: shifted(s))
        let odd = alternate.map { Tables(births: $0.b, survivals: shifted($0.s)) } ?? even
        return (even, odd)
    }
}

// MARK: - The family

extension LargerThanLifeRule: FamilyRule {
    /// The registry's entry: HROT (`R5,C2,S33-57,B34-45`), LtL (`R5,C0,M1,S34..58,B34..45,NM`)
    /// and Kellie Evans (`5,34,45,34,58`) rule text.
    static let family = RuleFamily(name: "Larger than Life", keepsStates: false) { (text: String) throws(RuleError) -> AnyRule? in
        try LargerThanLifeRule.parseIfLargerThanLife(text).map { AnyRule($0) }
    }

    public var familyName: String { "Larger than Life" }

    public func makeUniverse(memoryLimit: Int) -> any LifeUniverse {
        LargerThanLifeUniverse(rule: self, memoryLimit: memoryLimit)
    }

    public func isLive(_ state: UInt8) -> Bool { state == 1 }
    /// No 3×3 rule describes a neighbourhood of range r: no apgcodes.
    public var apgcodeRule: Rule? { nil }
    public var liveCellsFollowApgcodeRule: Bool { false }
    public var note: String? { gridNote }

    /// Golly's colours: two states white on grey; more states a gradient from yellow (state 1)
    /// to red.
    public var stateColors: [RuleColor] {
        if stateCount == 2 { return [.grey48, RuleColor(red: 255, green: 255, blue: 255)] }
        return RuleColor.gradient(states: stateCount, from: RuleColor(red: 255, green: 255, blue: 0),
                                  to: RuleColor(red: 255, green: 0, blue: 0))
    }
}
