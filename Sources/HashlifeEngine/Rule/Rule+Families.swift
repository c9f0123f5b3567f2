// Rule+Families.swift — how a rule is written (B/S text, MAP table, Wolfram code), the tables of
// MAP and Wolfram rules, and the emulation of B0 rules, all as Golly's gollybase/liferules.cpp
// does them (read for the facts; nothing copied).
//
// MAP: "MAP" then the 512-entry table in base64 (Golly's alphabet A–Z a–z 0–9 + /), most
// significant bit first: bit i of the stream is the next state for the neighbourhood whose
// cells, read NW N NE W C E SW S SE, spell i in binary (NW the most significant bit). That is
// our 9-bit index with its bits reversed (ours has NW as bit 0). 512 bits are 85 characters
// and 2 bits of an 86th; "==" padding is allowed on input and never written.
//
// Wolfram: Golly runs the one-dimensional rule Wn as a two-dimensional one in which a cell
// comes alive when its three cells above (NW N NE, read as a 3-bit number with NW high) select
// a set bit of n, and live cells stay alive; each generation writes the next row below, so
// the picture is the space-time diagram. n must be even (an odd n would fill the plane).
//
// B0: a rule that gives birth on zero neighbours turns the infinite empty background on.
// Golly stores cells relative to a background that it keeps empty:
//   - with S8 (the full background survives), the background stays on from generation 1, and
//     Golly runs the complement rule n ↦ ¬rule(¬n) at every generation: the stored cells are
//     the dead cells of an all-alive plane (`background` 1 at every generation);
//   - without S8, the background blinks: from an even generation Golly steps with
//     n ↦ ¬rule(n) (the result is stored inverted), from an odd one with n ↦ rule(¬n) (the
//     input is inverted); odd generations are stored relative to an all-alive background.
// The populations reported are the stored cells', as Golly's.

extension Rule {
    /// How a rule is written, which is also how it is printed (Golly's canonical text).
    public enum Presentation: Hashable, Sendable {
        /// B/S notation, outer-totalistic ("B3/S23") or isotropic non-totalistic (Hensel letters).
        case birthSurvival
        /// "MAP" and the table in base64: any rule on its neighbourhood (86 characters for
        /// Moore, 22 hexagonal, 6 von Neumann).
        case map
        /// Golly's emulation of Wolfram's elementary rule `code` (even, 0…254).
        case wolfram(Int)
    }

    /// The family of a rule, for messages and JSON.
    public enum Family: String, Sendable {
        /// Outer-totalistic B/S rules ("B3/S23").
        case lifeLike = "life-like"
        /// Isotropic non-totalistic rules in Hensel notation ("B2-a/S12").
        case isotropic = "isotropic"
        /// MAP rules (any 512-entry table).
        case map = "map"
        /// Wolfram's elementary rules ("W30").
        case wolfram = "wolfram"
    }

    /// The rule's family: from its presentation, and for B/S text from its table.
    public var family: Family {
        switch presentation {
        case .map: return .map
        case .wolfram: return .wolfram
        case .birthSurvival: return isTotalistic || neighbourhood != .moore ? .lifeLike : .isotropic
        }
    }

    /// Does a dead cell with no live neighbour come alive (B0)?
    public var hasBirthOnZero: Bool { nextState(neighbourhood: 0) }

    /// Does a live cell with eight live neighbours survive (S8)?
    public var survivesOnEight: Bool { nextState(neighbourhood: 511) }

    /// B0 without S8: the background blinks, and Golly steps even and odd generations with two
    /// different rules (see the file header).
    public var alternatesBackground: Bool { hasBirthOnZero && !survivesOnEight }

    /// The state (0 or 1) of the background the stored cells are relative to at `generation`:
    /// a stored live cell is a cell whose state differs from the background's. 0 for every rule
    /// without B0; 1 at every generation for B0 rules with S8; for B0 rules without S8, 1 at odd
    /// generations and 0 at even ones. Populations count the stored cells, as Golly's do.
    public func background(atGeneration generation: BigUInt) -> Int {
        guard hasBirthOnZero else { return 0 }
        if survivesOnEight { return 1 }
        return generation.bit(0) ? 1 : 0
    }

    /// The table with every neighbourhood index complemented and, when `invertingOutput`, every
    /// answer inverted: n ↦ rule(¬n), or n ↦ ¬rule(¬n).
    func complementedInput(invertingOutput: Bool) -> Table {
        Rule.packed { n in nextState(neighbourhood: 511 - n) != invertingOutput }
    }

    /// The table with every answer inverted: n ↦ ¬rule(n).
    func invertedOutput() -> Table {
        Rule.packed { n in !nextState(neighbourhood: n) }
    }

    /// The tables the engine steps with, as Golly does (see the file header): `even` from even
    /// generations, `odd` from odd ones (the same table unless `alternatesBackground`). Neither
    /// gives birth on zero.
    var steppedTables: (even: Table, odd: Table) {
        guard hasBirthOnZero else { return (table, table) }
        if survivesOnEight {
            let complement = complementedInput(invertingOutput: true)
            return (complement, complement)
        }
        return (invertedOutput(), complementedInput(invertingOutput: false))
    }

    /// Packs the answers of `nextState` for the 512 neighbourhoods.
    static func packed(_ nextState: (Int) -> Bool) -> Table {
        var words = [UInt64](repeating: 0, count: 8)
        for n in 0..<512 where nextState(n) { words[n >> 6] |= 1 << UInt64(n & 63) }
        return (words[0], words[1], words[2], words[3], words[4], words[5], words[6], words[7])
    }

    // MARK: Wolfram

    /// Golly's two-dimensional emulation of Wolfram's rule `code` (even, 0…254): see the file header.
    static func wolfram(_ code: Int) -> Rule {
        precondition(code >= 0 && code <= 254 && code & 1 == 0, "Wolfram code must be even, 0...254")
        let table = Rule.packed { n in
            let above = (n & 1) << 2 | (n & 2) | (n >> 2) & 1  // NW N NE, NW high
            return n & Rule.centreBit != 0 || code >> above & 1 == 1
        }
        return Rule(table: table, presentation: .wolfram(code))
    }

    // MARK: MAP

    /// Golly's base64 alphabet.
    static let base64Alphabet: [Character] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")

    /// Base64 characters of a Moore-neighbourhood MAP: 85 whole characters and 2 bits of an 86th.
    static let mapLength = 86

    /// Our 9-bit index with its bits reversed: the MAP (and LifeWiki) index of a neighbourhood.
    static func mapIndex(_ n: Int) -> Int { Neighbourhood.moore.mapIndex(n) }

    /// The base64 characters of the table on its neighbourhood, as Golly writes them (the last
    /// one carries what bits remain, the others zero).
    var mapBase64: String {
        let length = neighbourhood.mapLength
        var bits = [Bool](repeating: false, count: 6 * length)
        for n in 0..<512 where n & ~(neighbourhood.outerMask | Rule.centreBit) == 0 && nextState(neighbourhood: n) {
            bits[neighbourhood.mapIndex(n)] = true
        }
        var text = ""
        text.reserveCapacity(length)
        for c in 0..<length {
            var value = 0
            for b in 0..<6 where bits[6 * c + b] { value |= 1 << (5 - b) }
            text.append(Rule.base64Alphabet[value])
        }
        return text
    }

    /// A MAP rule from its base64 characters (already checked to be in the alphabet), 86, 22
    /// or 6 of them for the Moore, hexagonal or von Neumann neighbourhood; the unused low bits
    /// of the last character are ignored, as Golly does.
    static func map(base64 characters: [Character]) -> Rule {
        let neighbourhood = Neighbourhood(mapLength: characters.count)!
        var bits = [Bool](repeating: false, count: 6 * characters.count)
        for (c, character) in characters.enumerated() {
            let value = base64Alphabet.firstIndex(of: character)!
            for b in 0..<6 { bits[6 * c + b] = value >> (5 - b) & 1 == 1 }
        }
        var rule = Rule(table: packed { n in bits[neighbourhood.mapIndex(n)] }, presentation: .map)
        rule.neighbourhood = neighbourhood
        return rule
    }
}
