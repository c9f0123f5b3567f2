// MultiStateRule+Parsing.swift — text to MultiStateRule.
//
// Generations, read as Golly's generationsalgo reads them, letters case-insensitive, spaces
// ignored; three parts separated by '/' ('_' accepted in their place, as Golly does):
//   "345/2/4" (no B/S labels: survival first), "B2/S345/4", "S23/B3/3", "/2/3";
//   Hensel letters on the Moore neighbourhood ("B2n3/S23-q/3", "23-q/2n3/3");
//   "MAP" and 86 base64 characters (22 on the hexagonal neighbourhood, 6 on von Neumann's),
//   then "/N";
//   an 'H' (hexagonal) or 'V' (von Neumann) suffix after the state count ("2/2/3H"), with
//   plain counts only (Golly allows letters on the Moore neighbourhood only);
//   the state count as LifeViewer writes it, "B3/S23/C3", or with 'G' ("B3/S23/G3");
//   Catagolue's "g3b3s23" (states, then B/S);
//   2 to 256 states; then ':' and a bounded-grid suffix (`Grid.parse`).
// Rejected as Golly rejects them: B0 ("Generations does not support B0"), state counts out
// of range, letters with H or V.
//
// History and Super, read as Golly's superalgo reads them: a two-state rule followed by
// "History" or "Super" — "Life", "LifeH", "LifeV", B/S or S/B counts with optional H or V,
// Hensel letters, MAP — and an optional grid suffix: "LifeHistory", "B36/S23History",
// "B3-kq4j/S2-i34qSuper", "LifeSuper:T48,48". B0 is refused: Golly accepts it only with S8
// (emulated by its `setupB0Smax`), which this parser does not emulate.
//
// Canonical text, as Golly's `createCanonicalName` writes it: Generations as "S/B/N" (then H
// or V), Hensel letters and MAPs as the two-state `Rule` writes them; History and Super as
// "Life" or "B…/S…" (then H or V) and the postfix; then the grid suffix.

extension MultiStateRule {
    /// Parses a Generations, History or Super rule (see the file header); a text that is
    /// not multi-state syntax is refused with `.badMultiState`.
    public init(_ text: String) throws(RuleError) {
        guard let rule = try MultiStateParser(text: text).parse() else {
            throw RuleError(text: text, reason: .badMultiState(
                "not a multi-state rule; expected Generations (\"345/2/4\", \"B2/S345/4\") or a History or Super rule (\"LifeHistory\")"))
        }
        self = rule
    }

    /// The rule of `text` when it is written in multi-state syntax (a state count, "History",
    /// "Super", "g3b…", a JvN name), nil when it is not.
    /// - Throws: when it is, but is not a valid rule.
    static func parseIfMultiState(_ text: String) throws(RuleError) -> MultiStateRule? {
        try MultiStateParser(text: text).parse()
    }
}

private func lowered(_ character: Character) -> Character {
    if let ascii = character.asciiValue, ascii >= 65, ascii <= 90 { return Character(Unicode.Scalar(ascii + 32)) }
    return character
}

private func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }

private struct MultiStateParser {
    let text: String
    /// The text as Characters; an index here is the offset reported in errors.
    let chars: [Character]

    init(text: String) {
        self.text = text
        self.chars = Array(text)
    }

    func failure(_ reason: RuleError.Reason) -> RuleError { RuleError(text: text, reason: reason) }

    func unexpected(_ offset: Int) -> RuleError { failure(.unexpectedCharacter(chars[offset], offset: offset)) }

    /// The rule, or nil when the text is not multi-state syntax (then it is a two-state rule or
    /// an error that `Rule.init` reports).
    func parse() throws(RuleError) -> MultiStateRule? {
        let colon = chars.firstIndex(of: ":")
        let end = colon ?? chars.count
        let significant = (0..<end).filter { chars[$0] != " " && chars[$0] != "\t" }
        guard !significant.isEmpty else { return nil }
        let word = String(significant.map { lowered(chars[$0]) })

        var rule: MultiStateRule
        if let variant = JvNVariant(name: String(significant.map { chars[$0] })) {
            rule = MultiStateRule(jvn: variant)
        } else if word.hasSuffix("history") {
            rule = try parseSuper(Array(significant.dropLast(7)), family: .history)
        } else if word.hasSuffix("super") {
            rule = try parseSuper(Array(significant.dropLast(5)), family: .superRule)
        } else if word.hasPrefix("map") {
            guard let slash = significant.lastIndex(where: { chars[$0] == "/" }),
                  slash + 1 < significant.count,
                  significant[(slash + 1)...].allSatisfy({ isDigit(chars[$0]) }) else { return nil }
            var mapEnd = slash
            if word.dropFirst(3).prefix(mapEnd - 3).hasSuffix("==") { mapEnd -= 2 }
            guard let neighbourhood = Neighbourhood(mapLength: mapEnd - 3) else { return nil }
            let life = try twoState(Array(significant[..<slash]))
            let states = try stateCount(Array(significant[(slash + 1)...]))
            rule = try generations(life: life, neighbourhood: neighbourhood, states: states, survival: "", birth: "")
        } else if word.first == "g", word.count > 1, isDigit(chars[significant[1]]) {
            // Catagolue: "g" + states + a B/S rule.
            let digits = significant.dropFirst().prefix { isDigit(chars[$0]) }
            let rest = Array(significant.dropFirst(1 + digits.count))
            guard let first = rest.first else { throw failure(.missingPart("a B/S rule after the state count (as in \"g3b3s23\")")) }
            guard lowered(chars[first]) == "b" || lowered(chars[first]) == "s" else { throw unexpected(first) }
            let states = try stateCount(Array(digits))
            let life = try twoState(rest)
            let (birth, survival) = Self.parts(of: life)
            rule = try generations(life: life, neighbourhood: .moore, states: states, survival: survival, birth: birth)
        } else {
            let separators = significant.indices.filter { chars[significant[$0]] == "/" || chars[significant[$0]] == "_" }
            guard separators.count == 2 else { return nil }
            // The third part must start like a state count ("4", "C3", "G3"; nothing is reported
            // as missing); anything else ("B3//S23") is left to the two-state parser.
            let third = word.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "/" || $0 == "_" }).last.map(String.init) ?? ""
            let count = third.hasSuffix("h") || third.hasSuffix("v") ? String(third.dropLast()) : third
            guard count.first.map({ $0 == "c" || $0 == "g" || isDigit($0) }) ?? true else { return nil }
            rule = try parseGenerations(significant, separators[0], separators[1])
        }

        if let colon {
            let suffix = chars[(colon + 1)...]
            guard let first = suffix.firstIndex(where: { $0 != " " && $0 != "\t" }) else { throw unexpected(colon) }
            guard "tpkcs".contains(lowered(chars[first])) else { throw unexpected(first) }
            rule.grid = try Grid.parse(Substring(String(suffix)), rule: text, offset: colon + 1)
        }
        return rule
    }

    /// The state count from its digits (offsets into `chars`), 2...256.
    func stateCount(_ digits: [Int]) throws(RuleError) -> Int {
        guard !digits.isEmpty else { throw failure(.missingPart("the number of states after the second '/' (as in \"345/2/4\")")) }
        var value = 0
        for offset in digits {
            guard isDigit(chars[offset]) else { throw unexpected(offset) }
            value = min(value * 10 + Int(String(chars[offset]))!, 100_000)
        }
        guard value >= 2 else { throw failure(.badMultiState("a Generations rule needs at least 2 states, not \(value)")) }
        guard value <= 256 else { throw failure(.badMultiState("a Generations rule has at most 256 states, not \(value)")) }
        return value
    }

    /// `Rule.init` on the characters at `offsets`, its error offsets moved back into `text`.
    func twoState(_ offsets: [Int], prefix: String = "", prefixAt: Int? = nil) throws(RuleError) -> Rule {
        var source = prefix
        var map = [Int](repeating: prefixAt ?? offsets.first ?? 0, count: prefix.count)
        for offset in offsets {
            source.append(chars[offset])
            map.append(offset)
        }
        return try moved(map) { () throws(RuleError) in try Rule(source) }
    }

    /// Runs `body`, rewriting a `RuleError` about a built text (whose Character k came from
    /// `map[k]` in `text`) into one about `text`.
    func moved<T>(_ map: [Int], _ body: () throws(RuleError) -> T) throws(RuleError) -> T {
        do {
            return try body()
        } catch {
            if case .unexpectedCharacter(_, let offset) = error.reason, offset < map.count {
                throw unexpected(map[offset])
            }
            throw RuleError(text: text, reason: error.reason)
        }
    }

    /// A two-state rule's canonical birth and survival parts ("2n3", "23-q").
    static func parts(of life: Rule) -> (birth: String, survival: String) {
        let text = life.with(grid: nil).description
        let characters = Array(text)
        guard characters.first == "B", let slash = characters.firstIndex(of: "/") else { return ("", "") }
        return (String(characters[1..<slash]), String(characters[(slash + 2)...]))
    }

    func parseGenerations(_ significant: [Int], _ first: Int, _ second: Int) throws(RuleError) -> MultiStateRule {
        var last = significant.count
        var neighbourhood = MultiStateRule.Neighbourhood.moore
        switch lowered(chars[significant[last - 1]]) {
        case "h": neighbourhood = .hexagonal; last -= 1
        case "v": neighbourhood = .vonNeumann; last -= 1
        default: break
        }
        var countDigits = Array(significant[(second + 1)..<last])
        if let lead = countDigits.first, "cg".contains(lowered(chars[lead])) { countDigits.removeFirst() }
        let states = try stateCount(countDigits)

        var one = Array(significant[..<first])
        var two = Array(significant[(first + 1)..<second])
        func label(_ part: inout [Int]) -> Character? {
            guard let lead = part.first, "bs".contains(lowered(chars[lead])) else { return nil }
            part.removeFirst()
            return lowered(chars[lead])
        }
        let labelOne = label(&one)
        let labelTwo = label(&two)
        if let labelOne, labelOne == labelTwo { throw unexpected(significant[first + 1]) }
        let birthFirst = labelOne == "b" || labelTwo == "s"
        let (birth, survival) = birthFirst ? (one, two) : (two, one)

        let life: Rule
        if neighbourhood == .moore {
            // Build "B<birth>/S<survival>" for the two-state parser; its error offsets map back.
            var source = "B"
            var map = [birth.first ?? significant[first]]
            for offset in birth { source.append(chars[offset]); map.append(offset) }
            source += "/S"
            map += [significant[first], survival.first ?? significant[first]]
            for offset in survival { source.append(chars[offset]); map.append(offset) }
            life = try moved(map) { () throws(RuleError) in try Rule(source) }
        } else {
            life = try counted(birth: birth, survival: survival, neighbourhood: neighbourhood)
        }
        let (birthText, survivalText) = neighbourhood == .moore ? Self.parts(of: life)
            : (Self.digits(life, centre: false, neighbourhood), Self.digits(life, centre: true, neighbourhood))
        return try generations(life: life, neighbourhood: neighbourhood, states: states, survival: survivalText, birth: birthText)
    }

    /// A Generations rule from its parts; refuses B0 as Golly does.
    func generations(life: Rule, neighbourhood: MultiStateRule.Neighbourhood, states: Int,
                     survival: String, birth: String) throws(RuleError) -> MultiStateRule {
        if life.nextState(neighbourhood: 0) {
            throw failure(.badMultiState("Generations does not support B0 (birth with no live neighbours)"))
        }
        let body: String
        if life.with(grid: nil).description.hasPrefix("MAP") {
            body = life.with(grid: nil).description + "/\(states)"
        } else {
            let suffix = neighbourhood == .hexagonal ? "H" : neighbourhood == .vonNeumann ? "V" : ""
            body = "\(survival)/\(birth)/\(states)" + suffix
        }
        return MultiStateRule(family: .generations, stateCount: states, neighbourhood: neighbourhood,
                              lifeRule: life.with(grid: nil), canonicalBody: body, grid: nil)
    }

    /// The digits of a totalistic rule's birth or survival counts, as Golly lists them.
    static func digits(_ life: Rule, centre: Bool, _ neighbourhood: MultiStateRule.Neighbourhood) -> String {
        var result = ""
        for count in 0...neighbourhood.size {
            // The first `count` neighbours of the neighbourhood, in bit order.
            var index = centre ? Rule.centreBit : 0
            var placed = 0
            for bit in 0..<9 where neighbourhood.outerMask & 1 << bit != 0 && placed < count {
                index |= 1 << bit
                placed += 1
            }
            if life.nextState(neighbourhood: index) { result += String(count) }
        }
        return result
    }

    /// A totalistic rule on a hexagonal or von Neumann neighbourhood: digits only, each at
    /// most the neighbourhood's size. Cells outside the neighbourhood never count.
    func counted(birth: [Int], survival: [Int], neighbourhood: MultiStateRule.Neighbourhood) throws(RuleError) -> Rule {
        func counts(_ part: [Int]) throws(RuleError) -> UInt16 {
            var seen: UInt16 = 0
            for offset in part {
                guard isDigit(chars[offset]), let value = Int(String(chars[offset])), value <= neighbourhood.size else {
                    throw unexpected(offset)
                }
                if seen & 1 << value != 0 { throw failure(.duplicateDigit(value)) }
                seen |= 1 << value
            }
            return seen
        }
        return counted(neighbourhood: neighbourhood, birthCounts: try counts(birth), survivalCounts: try counts(survival))
    }

    func parseSuper(_ prefix: [Int], family: MultiStateRule.Family) throws(RuleError) -> MultiStateRule {
        let postfix = family == .history ? "History" : "Super"
        let word = String(prefix.map { lowered(chars[$0]) })
        var neighbourhood = MultiStateRule.Neighbourhood.moore
        let life: Rule
        if word == "life" || word == "lifeh" || word == "lifev" {
            neighbourhood = word == "lifeh" ? .hexagonal : word == "lifev" ? .vonNeumann : .moore
            life = neighbourhood == .moore ? Rule.life : counted(
                neighbourhood: neighbourhood, birthCounts: 1 << 3, survivalCounts: 1 << 2 | 1 << 3)
        } else if word.hasPrefix("map") {
            life = try twoState(prefix)
        } else {
            guard word.contains(where: isDigit), let lead = prefix.first else {
                throw failure(.badMultiState("expected \"Life\", B/S counts or a MAP before \"\(postfix)\""))
            }
            if lowered(chars[lead]) == "w" { throw unexpected(lead) }
            switch word.last {
            case "h", "v":
                neighbourhood = word.last == "h" ? .hexagonal : .vonNeumann
                let body = Array(prefix.dropLast())
                let slashes = body.filter { chars[$0] == "/" || chars[$0] == "_" }
                var one = body, two: [Int] = []
                if let slash = slashes.first, let at = body.firstIndex(of: slash) {
                    one = Array(body[..<at])
                    two = Array(body[(at + 1)...])
                }
                let labelOne = one.first.map { lowered(chars[$0]) }
                let labelTwo = two.first.map { lowered(chars[$0]) }
                if labelOne == "b" || labelOne == "s" { one.removeFirst() }
                if labelTwo == "b" || labelTwo == "s" { two.removeFirst() }
                let birthFirst = labelOne == "b" || labelTwo == "s"
                life = try counted(birth: birthFirst ? one : two, survival: birthFirst ? two : one, neighbourhood: neighbourhood)
            default:
                life = try twoState(prefix)
            }
        }
        if life.nextState(neighbourhood: 0) {
            throw failure(.badMultiState(life.nextState(neighbourhood: 511)
                ? "\(postfix) rules with B0 and S8 are not supported (Golly emulates them; this reader does not)"
                : "\(postfix) only supports B0 with S8"))
        }
        let body: String
        let plain = life.with(grid: nil).description
        if neighbourhood == .moore {
            body = (life == Rule.life ? "Life" : plain) + postfix
        } else {
            body = "B" + Self.digits(life, centre: false, neighbourhood) + "/S" + Self.digits(life, centre: true, neighbourhood)
                + (neighbourhood == .hexagonal ? "H" : "V") + postfix
        }
        return MultiStateRule(family: family, stateCount: family == .history ? 7 : 26, neighbourhood: neighbourhood,
                              lifeRule: life.with(grid: nil), canonicalBody: body, grid: nil)
    }

    /// The table of these count masks on `neighbourhood` (`Rule(birthCounts:survivalCounts:
    /// neighbourhood:)`), labelled Moore: the multi-state rule names its neighbourhood, and its
    /// two-state table only ignores the cells outside it.
    func counted(neighbourhood: MultiStateRule.Neighbourhood, birthCounts: UInt16, survivalCounts: UInt16) -> Rule {
        var rule = Rule(birthCounts: birthCounts, survivalCounts: survivalCounts, neighbourhood: neighbourhood)
        rule.neighbourhood = .moore
        return rule
    }
}
