// Rule+Neighbourhoods.swift — two-state rules on Golly's hexagonal and von Neumann
// neighbourhoods: "B2/S34H", "B2/S3V" and MAP strings of 22 or 6 base64 characters.
//
// A rule on a smaller neighbourhood is still a 512-entry table on the Moore neighbourhood: the
// table ignores the cells outside it, so the engine steps it as any other table. The
// hexagonal neighbourhood is Golly's on the square grid: the Moore cells but north-east and
// south-west, so neighbours (±1, 0), (0, ±1), (−1, −1) and (+1, +1) with y downwards. Only
// outer-totalistic B/S rules take a suffix (Golly refuses Hensel letters on them), and counts
// run to the neighbourhood's size.
//
// MAP bits. A MAP string is the table in base64, one bit a configuration of the
// neighbourhood's cells, in an order Golly fixes per neighbourhood (measured with bgolly: the
// single-bit MAP whose one configuration has one live cell in a given place gives birth where
// that cell is that neighbour). From the most significant bit: Moore NW N NE W C E SW S SE (the
// LifeWiki order); von Neumann N W C E S; hexagonal S SE W C E NW N.

/// The cells that count as neighbours (Moore, hexagonal or von Neumann).
public typealias Neighbourhood = MultiStateRule.Neighbourhood

extension MultiStateRule.Neighbourhood {
    /// The letter Golly writes after a B/S rule on this neighbourhood ("" for Moore).
    var suffix: String {
        switch self {
        case .moore: ""
        case .hexagonal: "H"
        case .vonNeumann: "V"
        }
    }

    /// A name for messages: "Moore", "hexagonal", "von Neumann".
    var name: String {
        switch self {
        case .moore: "Moore"
        case .hexagonal: "hexagonal"
        case .vonNeumann: "von Neumann"
        }
    }

    /// The neighbourhood's cells, centre included, as bits of the 9-bit index (see `Rule`), in
    /// Golly's MAP order from the most significant bit (see the file header).
    var mapCells: [Int] {
        switch self {
        case .moore: [0, 1, 2, 3, 4, 5, 6, 7, 8]
        case .vonNeumann: [1, 3, 4, 5, 7]
        case .hexagonal: [7, 8, 3, 4, 5, 0, 1]
        }
    }

    /// Base64 characters of a MAP on this neighbourhood: 2^(cells) bits, six a character.
    var mapLength: Int { ((1 << mapCells.count) + 5) / 6 }

    /// The MAP bit of the configuration `n` (a 9-bit index; cells outside the neighbourhood are
    /// ignored).
    func mapIndex(_ n: Int) -> Int {
        let cells = mapCells
        var index = 0
        for (position, bit) in cells.enumerated() where n >> bit & 1 == 1 { index |= 1 << (cells.count - 1 - position) }
        return index
    }

    /// The neighbourhood of a MAP of `length` base64 characters, if any.
    init?(mapLength length: Int) {
        guard let found = [Self.moore, .hexagonal, .vonNeumann].first(where: { $0.mapLength == length }) else { return nil }
        self = found
    }
}

extension Rule {
    /// An outer-totalistic rule on `neighbourhood` from count masks (bit c: c live neighbours
    /// among the neighbourhood's; cells outside it are ignored).
    init(birthCounts: UInt16, survivalCounts: UInt16, neighbourhood: Neighbourhood) {
        let mask = neighbourhood.outerMask
        self.init(table: Rule.packed { n in
            let counts = n & Rule.centreBit != 0 ? survivalCounts : birthCounts
            return counts >> UInt16((n & mask).nonzeroBitCount) & 1 == 1
        })
        self.neighbourhood = neighbourhood
    }

    /// The rule parsed as Moore B/S text (`moore`) moved to `neighbourhood`, whose suffix ended
    /// the text: Golly takes only neighbour counts there, up to the neighbourhood's size.
    /// - Throws: `.neighbourhood` for Hensel letters or a count above the size.
    static func onNeighbourhood(_ moore: Rule, _ neighbourhood: Neighbourhood, text: String) throws(RuleError) -> Rule {
        guard moore.isTotalistic else {
            throw RuleError(text: text, reason: .neighbourhood("Hensel letters are for the Moore neighbourhood only; "
                + "a rule with the '\(neighbourhood.suffix)' suffix takes neighbour counts"))
        }
        for (part, counts) in [("B", moore.birthCounts), ("S", moore.survivalCounts)] {
            let highest = 15 - counts.leadingZeroBitCount
            if highest > neighbourhood.size {
                throw RuleError(text: text, reason: .neighbourhood("\(part)\(highest) counts more neighbours than the "
                    + "\(neighbourhood.name) neighbourhood has (\(neighbourhood.size))"))
            }
        }
        var rule = Rule(birthCounts: moore.birthCounts, survivalCounts: moore.survivalCounts, neighbourhood: neighbourhood)
        rule.grid = moore.grid
        return rule
    }

    /// "B" and the birth counts, "/S" and the survival counts, as digits (a rule on a smaller
    /// neighbourhood), and the neighbourhood's suffix.
    var countsText: String {
        func digits(_ counts: UInt16) -> String { (0...8).filter { counts >> UInt16($0) & 1 == 1 }.map(String.init).joined() }
        return "B" + digits(birthCounts) + "/S" + digits(survivalCounts) + neighbourhood.suffix
    }
}
