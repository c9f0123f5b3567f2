// Rule+Parsing.swift — text to Rule.
//
// Accepted (letters case-insensitive, spaces ignored):
//   "B3/S23", "B3S23", "S23/B3", "B3/23" (part after a B part is survival), "23/3" (survival/birth),
//   "/3", "B3/S", "B3" (no survival), "S23" (no birth); '_' in place of '/' ("B3_S23-a4ei6");
//   B0 rules ("B0134/S23", emulated as Golly does: see Rule+Families.swift);
//   Hensel letters after any count 1...7: "B2-a/S12", "B3-jknr4ity5ijk6i8/S23-a4city6c7c";
//   "MAP" and 86 base64 characters (optionally "==" padded): any Moore-neighbourhood table; 22
//   or 6 characters for Golly's hexagonal or von Neumann neighbourhood (Rule+Neighbourhoods.swift);
//   a trailing 'H' or 'V' on outer-totalistic B/S text for those neighbourhoods;
//   "Wn", n even from 0 to 254: Wolfram's elementary rules as Golly runs them;
//   the names in `Rule.aliases`, matched ignoring case, spaces, '-' and '&';
//   any of these followed by ':' and a bounded-grid suffix, which `Grid.parse` reads.
// Rejected with a RuleError: odd or too large Wolfram codes, MAPs of another length, Hensel
// letters or counts too large with an 'H'/'V' suffix, multi-state rules, and anything malformed
// (with the Character offset of the offending character).

extension Rule {
    /// Parses B/S, S/B ("23/3"), Hensel notation or a known rule name. See the file header.
    public init(_ text: String) throws(RuleError) {
        self = try RuleParser(text: text).parse()
    }

    /// Known rule names (key: lower-case, spaces, '-' and '&' removed) and the rules they stand
    /// for: Golly's named rules that run on two states (its default list: "3-4 Life", "HighLife",
    /// "AntiLife", "Life without Death", "Plow World", "Day and Night", "Diamoeba", "LongLife",
    /// "Seeds", "Persian Rug", "Replicator", "Fredkin", "Morley", "Wolfram 22/30/110") and other
    /// LifeWiki names.
    static let aliases: [String: String] = [
        "life": "B3/S23",
        "antilife": "B0123478/S01234678",
        "plowworld": "B378/S012345678",
        "persianrug": "B234/S",
        "fredkin": "B1357/S02468",
        "wolfram22": "W22",
        "wolfram30": "W30",
        "wolfram110": "W110",
        "highlife": "B36/S23",
        "seeds": "B2/S",
        "daynight": "B3678/S34678",
        "dayandnight": "B3678/S34678",
        "lifewithoutdeath": "B3/S012345678",
        "2x2": "B36/S125",
        "diamoeba": "B35678/S5678",
        "morley": "B368/S245",
        "move": "B368/S245",
        "replicator": "B1357/S1357",
        "maze": "B3/S12345",
        "mazectric": "B3/S1234",
        "coral": "B3/S45678",
        "34life": "B34/S34",
        "longlife": "B345/S5",
        "anneal": "B4678/S35678",
        "gnarl": "B1/S1",
        "amoeba": "B357/S1358",
        "assimilation": "B345/S4567",
        "stains": "B3678/S235678",
        "walledcities": "B45678/S2345",
        "drylife": "B37/S23",
        "pedestrianlife": "B38/S23",
        "honeylife": "B38/S238",
    ]

    /// The alias key for a text: lower-case ASCII, spaces, tabs, '-' and '&' removed.
    static func aliasKey(_ text: some Sequence<Character>) -> String {
        String(text.filter { $0 != " " && $0 != "\t" && $0 != "&" && $0 != "-" }.map(lowercased))
    }
}

/// ASCII lower-casing of one Character (other characters unchanged).
private func lowercased(_ character: Character) -> Character {
    if let ascii = character.asciiValue, ascii >= 65, ascii <= 90 {
        return Character(Unicode.Scalar(ascii + 32))
    }
    return character
}

private func isSpace(_ character: Character) -> Bool {
    character == " " || character == "\t"
}

private struct RuleParser {
    let text: String
    /// The text as Characters; an index here is the offset reported in errors.
    let chars: [Character]

    init(text: String) {
        self.text = text
        self.chars = Array(text)
    }

    func failure(_ reason: RuleError.Reason) -> RuleError {
        RuleError(text: text, reason: reason)
    }

    func parse() throws(RuleError) -> Rule {
        let colon = chars.firstIndex(of: ":")
        let bodyEnd = colon ?? chars.endIndex
        let body = chars[..<bodyEnd]
        guard body.contains(where: { !isSpace($0) }) else {
            throw failure(.empty)
        }

        let rule: Rule
        let significant = body.indices.filter { !isSpace(body[$0]) }
        let lead = String(significant.prefix(3).map { lowercased(body[$0]) })
        if let canonical = Rule.aliases[Rule.aliasKey(body)] {
            rule = try Rule(canonical)  // known-good spellings; cannot fail
        } else if lead == "map" {
            rule = try parseMap(body, from: significant[2] + 1)
        } else if lead.first == "w", significant.count > 1, body[significant[1]].isASCII, body[significant[1]].isNumber {
            rule = try parseWolfram(Array(significant.dropFirst()))
        } else {
            // "B3/S23/G3" or Golly's "23/3/4": a third part counting states.
            let slashes = body.indices.filter { body[$0] == "/" }
            if slashes.count == 2, let third = body[(slashes[1] + 1)...].first(where: { !isSpace($0) }),
               lowercased(third) == "g" || (third.isASCII && third.isNumber) {
                throw failure(.generationsUnsupported)
            }
            // Golly's hexagonal and von Neumann neighbourhoods: "B2/S34H", "B2/S3V".
            if let last = significant.last, "hv".contains(lowercased(body[last])) {
                let neighbourhood: Neighbourhood = lowercased(body[last]) == "h" ? .hexagonal : .vonNeumann
                rule = try Rule.onNeighbourhood(parseBirthSurvival(body[..<last]), neighbourhood, text: text)
            } else {
                rule = try parseBirthSurvival(body)
            }
        }

        var result = rule
        if let colon {
            // Golly's bounded-grid suffixes: :T (torus), :P (plane), :K (Klein bottle), :C (cross-surface), :S (sphere).
            let suffix = chars[(colon + 1)...]
            if let first = suffix.firstIndex(where: { !isSpace($0) }) {
                if "tpkcs".contains(lowercased(chars[first])) {
                    result.grid = try Grid.parse(Substring(String(suffix)), rule: text, offset: colon + 1)
                } else {
                    throw failure(.unexpectedCharacter(chars[first], offset: first))
                }
            } else {
                throw failure(.unexpectedCharacter(":", offset: colon))
            }
            // Golly runs B0 rules on bounded grids through its B0 emulation; the grid steppers
            // (Universe+Grid.swift) assume that empty space stays empty, so the pair is refused.
            if rule.nextState(neighbourhood: 0) {
                throw failure(.invalidGrid("rules with B0 are not supported on bounded grids; use the rule on the unbounded plane"))
            }
        }

        return result
    }

    /// One side of the rule: an optional B/S label and the characters (with offsets) after it.
    struct Section {
        var label: Character?          // "b" or "s"
        var labelOffset = 0
        var content: [(character: Character, offset: Int)] = []
    }

    func parseBirthSurvival(_ body: ArraySlice<Character>) throws(RuleError) -> Rule {
        // A name we do not know: no digits, and letters that cannot be rule syntax.
        if !body.contains(where: { $0.isASCII && $0.isNumber }),
           body.contains(where: { $0.isLetter && !"bs".contains(lowercased($0)) }) {
            throw failure(.unknownName)
        }
        if let first = body.first(where: { !isSpace($0) }), first.isLetter {
            let letter = lowercased(first)
            if letter != "b", letter != "s", Rule.henselIndex(of: letter, count: 4) == nil {
                throw failure(.unknownName)
            }
        }

        // Golly's '_' separator ("B3_S23-a4ei6", as in file names and apgcodes) stands for '/';
        // one separator at most.
        let hasSlash = body.contains("/") || body.contains("_")
        var sections = [Section()]
        for offset in body.indices {
            let character = lowercased(body[offset])
            if isSpace(character) { continue }
            if character == "/" || character == "_" {
                if sections.count > 1 { throw failure(.unexpectedCharacter(body[offset], offset: offset)) }
                sections.append(Section())
                continue
            }
            if character == "b" || character == "s" {
                let last = sections[sections.count - 1]
                if last.label == nil && last.content.isEmpty {
                    sections[sections.count - 1].label = character
                    sections[sections.count - 1].labelOffset = offset
                } else if !hasSlash, sections.count == 1, let label = last.label, label != character {
                    sections.append(Section(label: character, labelOffset: offset))
                } else {
                    throw failure(.unexpectedCharacter(body[offset], offset: offset))
                }
                continue
            }
            sections[sections.count - 1].content.append((character, offset))
        }

        let birth: Section
        let survival: Section
        if hasSlash {
            let (left, right) = (sections[0], sections[1])
            switch (left.label, right.label) {
            case ("b", "b"), ("s", "s"):
                throw failure(.unexpectedCharacter(chars[right.labelOffset], offset: right.labelOffset))
            case ("b", _), (nil, "s"):
                (birth, survival) = (left, right)
            default:
                // ("s", _), (nil, "b"), and (nil, nil): the "survival/birth" form "23/3".
                (birth, survival) = (right, left)
            }
        } else if sections.count == 2 {
            (birth, survival) = sections[0].label == "b" ? (sections[0], sections[1]) : (sections[1], sections[0])
        } else {
            switch sections[0].label {
            case "b": (birth, survival) = (sections[0], Section(label: "s"))
            case "s": (birth, survival) = (Section(label: "b"), sections[0])
            default: throw failure(.missingPart("'/' between survival and birth (as in \"23/3\") or a B/S prefix (as in \"B3/S23\")"))
            }
        }

        let birthLetters = try parseCounts(birth.content)
        let survivalLetters = try parseCounts(survival.content)
        return Rule(birthLetters: birthLetters, survivalLetters: survivalLetters)
    }

    /// "MAP" followed (from offset `start`) by Golly's 86 base64 characters, optionally "==".
    func parseMap(_ body: ArraySlice<Character>, from start: Int) throws(RuleError) -> Rule {
        var characters = Array(body[start...])
        while let last = characters.last, isSpace(last) { characters.removeLast() }
        if characters.count > 2 && characters.suffix(2) == ["=", "="] { characters.removeLast(2) }
        for (index, character) in characters.enumerated() where !Rule.base64Alphabet.contains(character) {
            throw failure(.unexpectedCharacter(character, offset: start + index))
        }
        guard Neighbourhood(mapLength: characters.count) != nil else {
            throw failure(.badMap("a MAP rule needs 86 base64 characters after \"MAP\" (the 512-entry table), or 22 "
                + "(hexagonal) or 6 (von Neumann); found \(characters.count)"))
        }
        return Rule.map(base64: characters)
    }

    /// The offsets of the characters after "W" (spaces skipped): the decimal Wolfram code.
    func parseWolfram(_ digits: [Int]) throws(RuleError) -> Rule {
        var code = 0
        for offset in digits {
            let character = chars[offset]
            guard character.isASCII, let digit = character.wholeNumberValue else {
                throw failure(.unexpectedCharacter(character, offset: offset))
            }
            code = min(code * 10 + digit, 1000)  // anything above 254 is refused alike
        }
        if code > 254 {
            throw failure(.badWolframCode(code >= 1000 ? "the Wolfram code is above 254" : "the Wolfram code \(code) is above 254"))
        }
        if code & 1 == 1 {
            throw failure(.badWolframCode("the Wolfram code \(code) is odd (Golly runs only even codes: an odd one turns the whole empty plane on)"))
        }
        return Rule.wolfram(code)
    }

    /// Parses one part ("3-jknr4ity5ijk6i8") into per-count letter masks (see Rule.init(birthLetters:…)).
    func parseCounts(_ content: [(character: Character, offset: Int)]) throws(RuleError) -> [UInt16] {
        var masks = [UInt16](repeating: 0, count: 9)
        var seen = [Bool](repeating: false, count: 9)
        var index = 0
        while index < content.count {
            let (character, offset) = content[index]
            guard let value = character.wholeNumberValue, character.isASCII, value <= 8 else {
                throw failure(.unexpectedCharacter(chars[offset], offset: offset))
            }
            if seen[value] { throw failure(.duplicateDigit(value)) }
            seen[value] = true
            index += 1

            var negative = false
            if index < content.count, content[index].character == "-" {
                negative = true
                index += 1
                if index == content.count {
                    throw failure(.missingPart("Hensel letters after '-' following \(value)"))
                }
                if !content[index].character.isLetter {
                    throw failure(.unexpectedCharacter(chars[content[index].offset], offset: content[index].offset))
                }
            }

            var letters: UInt16 = 0
            while index < content.count, content[index].character.isLetter {
                let (letter, letterOffset) = content[index]
                guard let bit = Rule.henselIndex(of: letter, count: value), letters >> bit & 1 == 0 else {
                    throw failure(.unexpectedCharacter(chars[letterOffset], offset: letterOffset))
                }
                letters |= 1 << UInt16(bit)
                index += 1
            }

            let full = Rule.fullLetterMask(count: value)
            if letters == 0 {
                masks[value] = full
            } else {
                masks[value] = negative ? full & ~letters : letters
            }
        }
        return masks
    }
}

extension RuleError {
    /// Longest part of a rule's text quoted in a message.
    public static let excerptLength = 40

    /// `text` for a message: quoted once, at most `excerptLength` characters (then "…"), the
    /// quote and backslash as `\"` (or `\'`) and `\\`, control characters, NUL and other
    /// invisible scalars as \u{…}, so that no input echoes whole.
    public static func excerpt(_ text: String, quote: Character = "\"") -> String {
        var result = String(quote)
        var count = 0
        for scalar in text.unicodeScalars {
            if count == excerptLength {
                result += "…"
                break
            }
            count += 1
            let category = scalar.properties.generalCategory
            if scalar == "\\" || scalar == Unicode.Scalar(String(quote))! {
                result += "\\" + String(scalar)
            } else if scalar.value < 0x20 || scalar.value == 0x7F || category == .control || category == .format
                || category == .nonspacingMark || category == .enclosingMark || category == .unassigned
                || category == .lineSeparator || category == .paragraphSeparator
                || category == .privateUse || category == .surrogate {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result + String(quote)
    }
}
