// Rule.swift — a two-state rule, stored as its 512-entry truth table on the Moore neighbourhood.
//
// Parsing lives in Rule+Parsing.swift; the Hensel (isotropic non-totalistic) letter classes and
// the canonical letter output live in Rule+Hensel.swift; MAP and Wolfram rules and the B0
// emulation in Rule+Families.swift. Standard library only.

/// A two-state rule, as its table on the Moore neighbourhood (a rule on Golly's hexagonal or von
/// Neumann neighbourhood ignores the other cells). Neighbourhood index convention: a 9-bit number where
/// the cell at offset (dx, dy), dx,dy in -1...1, is bit (dy + 1) * 3 + (dx + 1); y grows DOWN. Bit 4 is the cell itself.
///
/// ```
///   bit 0 (-1,-1)   bit 1 (0,-1)   bit 2 (+1,-1)
///   bit 3 (-1, 0)   bit 4 centre   bit 5 (+1, 0)
///   bit 6 (-1,+1)   bit 7 (0,+1)   bit 8 (+1,+1)
/// ```
///
/// A rule is its truth table, the way it is written (its `presentation`: B/S text, a `MAP`
/// table or a Wolfram code, as Golly writes them) and its grid. Two rules are equal exactly
/// when all three are: `"B3/S23"`, `"Life"`, `"23/3"` and `"B3cekainyqjr/S23"` are the same
/// rule, but the `MAP` spelling of Life is another one, because Golly writes it back as a MAP
/// (equal rules always print the same text, and different texts never compare equal).
///
/// A rule may be anisotropic (a MAP table, a Wolfram rule) and may give birth on zero
/// neighbours (B0); the engine steps B0 rules as Golly does (see `Rule+Families.swift`:
/// `hasBirthOnZero`, `background(atGeneration:)`).
public struct Rule: Hashable, Sendable, CustomStringConvertible {
    /// The 512 answers packed into eight words: bit `n & 63` of word `n >> 6` is
    /// `nextState(neighbourhood: n)`. A fixed-size tuple so that reading it never allocates.
    public typealias Table = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// The 512 answers packed: bit n of word n>>6 is nextState(neighbourhood: n).
    public let table: Table

    /// How the rule is written: its family as Golly prints it (see `Presentation`).
    public internal(set) var presentation: Presentation = .birthSurvival

    /// The bounded grid the rule runs on (Golly's ":T24,24" suffix and the like); nil for the
    /// unbounded plane. Part of the rule's identity and of its text.
    public internal(set) var grid: Grid? = nil

    /// The cells that count (Rule+Neighbourhoods.swift): Moore, or Golly's hexagonal ("…H") or
    /// von Neumann ("…V"), whose tables ignore the other cells. Part of the rule's identity and
    /// of its text.
    public internal(set) var neighbourhood: Neighbourhood = .moore

    /// Conway's Life, B3/S23.
    public static let life = Rule(birthCounts: 1 << 3, survivalCounts: 1 << 2 | 1 << 3)

    /// Builds a rule straight from its table, written as `presentation`. Internal: public
    /// construction goes through parsing (a `.birthSurvival` table must be isotropic).
    init(table: Table, presentation: Presentation = .birthSurvival) {
        self.table = table
        self.presentation = presentation
    }

    /// An outer-totalistic rule from count masks (bit c = c live neighbours; bits above 8 ignored).
    init(birthCounts: UInt16, survivalCounts: UInt16) {
        var birth = [UInt16](repeating: 0, count: 9)
        var survival = [UInt16](repeating: 0, count: 9)
        for count in 0...8 {
            if birthCounts >> count & 1 == 1 { birth[count] = Rule.fullLetterMask(count: count) }
            if survivalCounts >> count & 1 == 1 { survival[count] = Rule.fullLetterMask(count: count) }
        }
        self.init(birthLetters: birth, survivalLetters: survival)
    }

    /// Builds a rule from per-count Hensel letter masks (9 entries each, indexed by neighbour count).
    /// Bit i of `birthLetters[c]` selects letter `Rule.henselLetters[i]` at count c; for counts 0 and 8,
    /// which have a single configuration, bit 0 stands for it.
    init(birthLetters: [UInt16], survivalLetters: [UInt16]) {
        precondition(birthLetters.count == 9 && survivalLetters.count == 9)
        var words = [UInt64](repeating: 0, count: 8)
        for n in 0..<512 {
            let outer = n & Rule.outerMask
            let count = outer.nonzeroBitCount
            let letter = Int(Rule.henselClassTable[n])
            let masks = n & Rule.centreBit != 0 ? survivalLetters : birthLetters
            if masks[count] >> letter & 1 == 1 {
                words[n >> 6] |= 1 << UInt64(n & 63)
            }
        }
        self.init(table: (words[0], words[1], words[2], words[3], words[4], words[5], words[6], words[7]))
    }

    /// Bit 4: the centre cell itself.
    static let centreBit = 1 << 4
    /// The eight neighbours, centre excluded.
    static let outerMask = 0x1EF

    /// Next state of the centre cell for a 9-bit neighbourhood (see convention above).
    @inlinable
    public func nextState(neighbourhood: Int) -> Bool {
        precondition(neighbourhood >= 0 && neighbourhood < 512, "neighbourhood index out of range 0..<512")
        let word = withUnsafeBytes(of: table) { raw in
            raw.load(fromByteOffset: (neighbourhood >> 6) * 8, as: UInt64.self)
        }
        return word >> UInt64(neighbourhood & 63) & 1 == 1
    }

    /// The table as an array of 8 words, for code that prefers indexing to a tuple.
    public var tableWords: [UInt64] {
        [table.0, table.1, table.2, table.3, table.4, table.5, table.6, table.7]
    }

    /// True when the rule depends only on the neighbour count (outer totalistic).
    public var isTotalistic: Bool {
        // For each (centre, count) pair, every configuration must agree.
        var seenOn = [Bool](repeating: false, count: 18)
        var seenOff = [Bool](repeating: false, count: 18)
        for n in 0..<512 {
            let key = (n & Rule.centreBit != 0 ? 9 : 0) + (n & Rule.outerMask).nonzeroBitCount
            if nextState(neighbourhood: n) { seenOn[key] = true } else { seenOff[key] = true }
        }
        for key in 0..<18 where seenOn[key] && seenOff[key] { return false }
        return true
    }

    /// Bit c set when a dead cell with c live neighbours is born (c in 0...8; neighbours of the
    /// rule's `neighbourhood`). Meaningful when isTotalistic or on a smaller neighbourhood; for a
    /// non-totalistic rule bit c is set when at least one configuration with c neighbours gives
    /// birth (as the digits Golly writes).
    public var birthCounts: UInt16 { counts(centre: 0) }

    /// Bit c set when a live cell with c live neighbours survives. Same convention as `birthCounts`.
    public var survivalCounts: UInt16 { counts(centre: Rule.centreBit) }

    private func counts(centre: Int) -> UInt16 {
        var result: UInt16 = 0
        let mask = neighbourhood.outerMask
        for outer in 0..<512 where outer & Rule.centreBit == 0 && outer & ~mask == 0 {
            if nextState(neighbourhood: outer | centre) {
                result |= 1 << UInt16(outer.nonzeroBitCount)
            }
        }
        return result
    }

    /// Canonical text as Golly writes it: "B3/S23", "B36/S23", "B3678/S34678", "B2/S", Hensel like
    /// "B2-a/S12", "B2/S34H", "W30", "MAP" and 86 (or 22, or 6) base64 characters; then the grid
    /// suffix, if any.
    public var description: String {
        let body: String
        switch presentation {
        case .birthSurvival where neighbourhood != .moore: body = countsText
        case .birthSurvival: body = "B" + canonicalPart(centre: 0) + "/S" + canonicalPart(centre: Rule.centreBit)
        case .map: body = "MAP" + mapBase64
        case .wolfram(let code): body = "W\(code)"
        }
        return body + (grid?.description ?? "")
    }

    /// The same rule on another grid (nil: the unbounded plane).
    public func with(grid: Grid?) -> Rule {
        var rule = self
        rule.grid = grid
        return rule
    }

    // MARK: Hashable (tuples are not Hashable, so spell it out)

    public static func == (lhs: Rule, rhs: Rule) -> Bool {
        lhs.table.0 == rhs.table.0 && lhs.table.1 == rhs.table.1
            && lhs.table.2 == rhs.table.2 && lhs.table.3 == rhs.table.3
            && lhs.table.4 == rhs.table.4 && lhs.table.5 == rhs.table.5
            && lhs.table.6 == rhs.table.6 && lhs.table.7 == rhs.table.7
            && lhs.presentation == rhs.presentation && lhs.grid == rhs.grid && lhs.neighbourhood == rhs.neighbourhood
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(table.0)
        hasher.combine(table.1)
        hasher.combine(table.2)
        hasher.combine(table.3)
        hasher.combine(table.4)
        hasher.combine(table.5)
        hasher.combine(table.6)
        hasher.combine(table.7)
        hasher.combine(presentation)
        hasher.combine(grid)
        hasher.combine(neighbourhood)
    }
}

/// Why a rule string was rejected. `description` is one line naming the rule, where and why.
public struct RuleError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// Nothing but whitespace.
        case empty
        /// A character that cannot appear where it does. `offset` counts Characters from 0 in `text`.
        case unexpectedCharacter(Character, offset: Int)
        /// A required piece is absent; the string says which.
        case missingPart(String)
        /// The same neighbour count written twice in one part ("B33/S23").
        case duplicateDigit(Int)
        /// A ":T…", ":P…" (etc.) bounded-grid suffix.
        case boundedGridUnsupported
        /// A bounded-grid suffix Golly would not accept; the string says why (Grid+Parsing.swift).
        case invalidGrid(String)
        /// A Wolfram code that is odd or above 254 ("W31", "W256"); the string says which.
        case badWolframCode(String)
        /// A MAP rule whose base64 text is not Golly's 86, 22 or 6 characters (Moore, hexagonal
        /// or von Neumann); the string says what is wrong.
        case badMap(String)
        /// A rule with Golly's hexagonal ("…H") or von Neumann ("…V") suffix that Golly refuses
        /// (Hensel letters, a count above the neighbourhood's size); the string says why.
        case neighbourhood(String)
        /// Looks like a rule name but is not one we know.
        case unknownName
        /// A multi-state "Generations" rule ("B3/S23/G3", "23/3/4").
        case generationsUnsupported
        /// A multi-state rule (Generations, History, Super) that Golly would refuse; the string
        /// says why ("Generations does not support B0", "256 states at most").
        case badMultiState(String)
        /// A Larger than Life rule Golly would refuse (a range over 500, a count the
        /// neighbourhood cannot reach, an unknown shape letter, more than 256 states, …); the
        /// string says what and where.
        case largerThanLife(String)
    }

    public var text: String
    public var reason: Reason

    public init(text: String, reason: Reason) {
        self.text = text
        self.reason = reason
    }

    public var description: String {
        let prefix = "rule \(RuleError.excerpt(text)): "
        switch reason {
        case .empty:
            return prefix + "the rule is empty; expected B/S notation like \"B3/S23\" or a name like \"Life\""
        case .unexpectedCharacter(let character, let offset):
            return prefix + "unexpected character \(RuleError.excerpt(String(character), quote: "'")) at offset \(offset); "
                + RuleError.hint(for: character)
        case .missingPart(let part):
            return prefix + "missing \(part)"
        case .duplicateDigit(let digit):
            return prefix + "neighbour count \(digit) appears more than once in the same part"
        case .boundedGridUnsupported:
            return prefix + "bounded grids (\":T\", \":P\", … suffixes) are not supported; the universe is unbounded"
        case .invalidGrid(let why):
            return prefix + why
        case .badWolframCode(let why):
            return prefix + why + "; a Wolfram rule is 'W' and an even number from 0 to 254, as in \"W30\""
        case .badMap(let why), .neighbourhood(let why), .largerThanLife(let why):
            return prefix + why
        case .unknownName:
            return prefix + "unknown rule name; expected B/S notation like \"B3/S23\" or a known name like \"HighLife\""
        case .generationsUnsupported:
            return prefix + "multi-state \"Generations\" rules (a third part such as \"/G3\" or \"/4\") are not two-state rules; they run on multi-state patterns (RLE or Macrocell files)"
        case .badMultiState(let why):
            return prefix + why
        }
    }

    private static func hint(for character: Character) -> String {
        switch character {
        case "9":
            return "neighbour counts run from 0 to 8"
        case "/":
            return "only one '/' is allowed"
        case "b", "B", "s", "S":
            return "'B' and 'S' may each appear once, at the start of their part"
        case "-":
            return "'-' may only follow a neighbour count and must be followed by Hensel letters"
        case ":":
            return "':' must start a bounded-grid suffix such as \":T100,100\""
        default:
            if let ascii = character.asciiValue, Rule.henselLetters.contains(Character(Unicode.Scalar(ascii | 0x20))) {
                return "Hensel letter '\(character)' is not valid here; each letter may appear once, "
                    + "after a count from 1 to 7 that has that configuration"
            }
            return "expected a digit 0-8 or a Hensel letter"
        }
    }
}
