// RuleTests.swift — rule parsing, canonical output, the Hensel letter table, and the reference engine.

import Testing
import HashlifeEngine
import HashlifeTestSupport

// MARK: - Independent helpers (deliberately not shared with the engine)

/// The neighbourhood index of a set of live offsets, per the documented convention.
private func neighbourhood(_ offsets: [(dx: Int, dy: Int)], centre: Bool = false) -> Int {
    var n = centre ? 1 << 4 : 0
    for (dx, dy) in offsets { n |= 1 << ((dy + 1) * 3 + (dx + 1)) }
    return n
}

/// The eight neighbours in ring order N, NE, E, SE, S, SW, W, NW (y down).
private let ring: [(dx: Int, dy: Int)] = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]

/// A second, independent description of the Hensel classes: one representative per letter written
/// as its live ring positions (N, NE, E, SE, S, SW, W, NW), following the notation table used by
/// the apgsearch-isotropic rule generator (originally Eric Goldstein's HenselNotation script).
/// Note it lists counts 5–7 directly rather than as complements.
private let ringRepresentatives: [Int: [Character: String]] = [
    1: ["e": "10000000", "c": "01000000"],
    2: ["a": "11000000", "e": "10100000", "k": "10010000", "i": "10001000", "c": "01010000", "n": "01000100"],
    3: ["a": "11100000", "n": "11010000", "r": "11001000", "q": "11000100", "j": "11000010",
        "i": "11000001", "e": "10101000", "k": "10100100", "y": "10010100", "c": "01010100"],
    4: ["a": "11110000", "r": "11101000", "q": "11100100", "i": "11011000", "y": "11010100",
        "k": "11010010", "n": "11010001", "z": "11001100", "j": "11001010", "t": "11001001",
        "w": "11000110", "e": "10101010", "c": "01010101"],
    5: ["i": "11111000", "j": "11110100", "n": "11110010", "a": "11110001", "q": "11101100",
        "c": "11101010", "r": "11011100", "y": "11011010", "k": "11010110", "e": "11010101"],
    6: ["a": "11111100", "c": "11111010", "k": "11110110", "e": "11110101", "n": "11101110", "i": "11011101"],
    7: ["c": "11111110", "e": "11111101"],
]

/// All ring images (4 rotations × optional reflection) of a ring pattern, as neighbourhood indices
/// with the centre dead.
private func ringOrbit(_ pattern: String) -> Set<Int> {
    let live = pattern.enumerated().filter { $0.element == "1" }.map(\.offset)
    var orbit = Set<Int>()
    for reflect in [false, true] {
        for rotation in 0..<4 {
            let positions = live.map { p in ((reflect ? (8 - p) % 8 : p) + 2 * rotation) % 8 }
            orbit.insert(neighbourhood(positions.map { ring[$0] }))
        }
    }
    return orbit
}

/// Applies symmetry `s` (0..<8) to a full 9-bit neighbourhood by moving each cell's coordinates.
private func transform(_ n: Int, _ s: Int) -> Int {
    var result = 0
    for y in -1...1 {
        for x in -1...1 where n >> ((y + 1) * 3 + (x + 1)) & 1 == 1 {
            let (tx, ty): (Int, Int)
            switch s {
            case 0: (tx, ty) = (x, y)
            case 1: (tx, ty) = (-y, x)
            case 2: (tx, ty) = (-x, -y)
            case 3: (tx, ty) = (y, -x)
            case 4: (tx, ty) = (-x, y)
            case 5: (tx, ty) = (x, -y)
            case 6: (tx, ty) = (y, x)
            default: (tx, ty) = (-y, -x)
            }
            result |= 1 << ((ty + 1) * 3 + (tx + 1))
        }
    }
    return result
}

private func binomial(_ n: Int, _ k: Int) -> Int {
    var result = 1
    for i in 0..<k { result = result * (n - i) / (i + 1) }
    return result
}

private let lettersPerCount: [Int: String] = [
    1: "ce", 2: "cekain", 3: "cekainyqjr", 4: "cekainyqjrtwz", 5: "cekainyqjr", 6: "cekain", 7: "ce",
]

/// Next state computed straight from a list of allowed (count, letter) classes, using only the
/// ring table above. `birth`/`survival` map count → letters ("" for every configuration).
private func expectedNextState(_ n: Int, birth: [Int: String], survival: [Int: String]) -> Bool {
    let alive = n >> 4 & 1 == 1
    let outer = n & ~(1 << 4)
    let count = outer.nonzeroBitCount
    guard let letters = (alive ? survival : birth)[count] else { return false }
    if letters.isEmpty || count == 0 || count == 8 { return true }
    return letters.contains { ringOrbit(ringRepresentatives[count]![$0]!).contains(outer) }
}

private func cells(_ list: [(Int, Int)]) -> [ReferenceCell] {
    list.map { ReferenceCell(x: $0.0, y: $0.1) }
}

// MARK: - Parsing

@Suite("Rule parsing")
struct RuleParsingTests {
    @Test("Life spelled many ways", arguments: [
        "B3/S23", "b3/s23", "B3S23", "b3s23", "S23/B3", "s23b3", "23/3", " B3 / S23 ", "B3/23", "Life", "LIFE", "life",
    ])
    func lifeForms(text: String) throws {
        let rule = try Rule(text)
        #expect(rule == Rule.life)
        #expect(rule.description == "B3/S23")
    }

    @Test("Partial and empty parts", arguments: [
        ("/3", "B3/S"), ("B3/S", "B3/S"), ("B3", "B3/S"), ("S23", "B/S23"), ("B/S", "B/S"), ("/", "B/S"),
        ("B2/S", "B2/S"), ("2/", "B/S2"), ("B63/S32", "B36/S23"), ("S012345678/B3", "B3/S012345678"),
    ])
    func partialForms(text: String, canonical: String) throws {
        #expect(try Rule(text).description == canonical)
    }

    @Test("Aliases", arguments: [
        ("Life", "B3/S23"), ("HighLife", "B36/S23"), ("Seeds", "B2/S"), ("Day&Night", "B3678/S34678"),
        ("DayAndNight", "B3678/S34678"), ("Day & Night", "B3678/S34678"),
        ("Life without Death", "B3/S012345678"), ("LifeWithoutDeath", "B3/S012345678"),
        ("2x2", "B36/S125"), ("Diamoeba", "B35678/S5678"), ("Morley", "B368/S245"),
        ("Replicator", "B1357/S1357"), ("Maze", "B3/S12345"), ("Mazectric", "B3/S1234"),
        ("Coral", "B3/S45678"), ("Move", "B368/S245"), ("34 Life", "B34/S34"), ("Long Life", "B345/S5"),
        ("Anneal", "B4678/S35678"), ("Gnarl", "B1/S1"), ("Amoeba", "B357/S1358"),
        ("Assimilation", "B345/S4567"), ("Stains", "B3678/S235678"), ("Walled Cities", "B45678/S2345"),
        ("DryLife", "B37/S23"), ("Pedestrian Life", "B38/S23"), ("HoneyLife", "B38/S238"),
        ("highlife", "B36/S23"), ("  HIGH LIFE ", "B36/S23"),
    ])
    func aliases(name: String, canonical: String) throws {
        let rule = try Rule(name)
        #expect(rule.description == canonical)
        #expect(rule == (try Rule(canonical)))
    }

    @Test("Life's counts and states")
    func lifeCounts() {
        let life = Rule.life
        #expect(life.isTotalistic)
        #expect(life.birthCounts == 0b0_0000_1000)
        #expect(life.survivalCounts == 0b0_0000_1100)
        for n in 0..<512 {
            let count = (n & ~16).nonzeroBitCount
            let expected = n & 16 != 0 ? (count == 2 || count == 3) : count == 3
            #expect(life.nextState(neighbourhood: n) == expected, "neighbourhood \(n)")
        }
    }

    @Test("Totalistic counts for HighLife")
    func highLifeCounts() throws {
        let rule = try Rule("B36/S23")
        #expect(rule.isTotalistic)
        #expect(rule.birthCounts == 1 << 3 | 1 << 6)
        #expect(rule.survivalCounts == 1 << 2 | 1 << 3)
        // A dead cell with six neighbours is born; a live one with six dies.
        let six = neighbourhood([(-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1)])
        #expect(rule.nextState(neighbourhood: six))
        #expect(!rule.nextState(neighbourhood: six | 16))
    }

    @Test("The packed table agrees with nextState")
    func tablePacking() throws {
        for text in ["B3/S23", "B2-a/S12", "B3-jknr4ity5ijk6i8/S23-a4city6c7c", "B1357/S1357"] {
            let rule = try Rule(text)
            let t = rule.table
            let words = [t.0, t.1, t.2, t.3, t.4, t.5, t.6, t.7]
            #expect(words == rule.tableWords)
            for n in 0..<512 {
                #expect((words[n >> 6] >> UInt64(n & 63) & 1 == 1) == rule.nextState(neighbourhood: n))
            }
        }
    }
}

// MARK: - Errors

@Suite("Rule errors")
struct RuleErrorTests {
    @Test("Reasons", arguments: [
        ("B3/S2x", RuleError.Reason.unexpectedCharacter("x", offset: 5)),
        ("B33/S23", .duplicateDigit(3)),
        ("B3/S232", .duplicateDigit(2)),
        ("B9", .unexpectedCharacter("9", offset: 1)),
        ("B3/S239", .unexpectedCharacter("9", offset: 6)),
        ("", .empty),
        ("   ", .empty),
        ("B3/S23:T0,0", .invalidGrid("a grid needs a width or a height above 0 (\":T0,0\" would be the unbounded plane) (in \":T0,0\")")),
        ("B3/S23:", .unexpectedCharacter(":", offset: 6)),
        ("W31", .badWolframCode("the Wolfram code 31 is odd (Golly runs only even codes: an odd one turns the whole empty plane on)")),
        ("W256", .badWolframCode("the Wolfram code 256 is above 254")),
        ("w99999999999999999999", .badWolframCode("the Wolfram code is above 254")),
        ("W30x", .unexpectedCharacter("x", offset: 3)),
        ("B2/S5v", .neighbourhood("S5 counts more neighbours than the von Neumann neighbourhood has (4)")),
        ("B3/S23_", .unexpectedCharacter("_", offset: 6)),
        ("B3_S23/", .unexpectedCharacter("/", offset: 6)),
        ("Foo", .unknownName),
        ("HighLfe", .unknownName),
        ("23", .missingPart("'/' between survival and birth (as in \"23/3\") or a B/S prefix (as in \"B3/S23\")")),
        ("B3/S23/", .unexpectedCharacter("/", offset: 6)),
        ("B3/B3", .unexpectedCharacter("B", offset: 3)),
        ("B3S2B3", .unexpectedCharacter("B", offset: 4)),
        ("B2z/S", .unexpectedCharacter("z", offset: 2)),
        ("B3/S8a", .unexpectedCharacter("a", offset: 5)),
        ("B3aa/S", .unexpectedCharacter("a", offset: 3)),
        ("B-3/S", .unexpectedCharacter("-", offset: 1)),
        ("B3--a/S", .unexpectedCharacter("-", offset: 3)),
        ("B3-/S23", .missingPart("Hensel letters after '-' following 3")),
        ("B3/S2.3", .unexpectedCharacter(".", offset: 5)),
        ("B3/S23/G3", .generationsUnsupported),
        ("23/3/4", .generationsUnsupported),
        ("B3/S23/ g4", .generationsUnsupported),
        ("B3/S23/X", .unexpectedCharacter("/", offset: 6)),
    ])
    func reasons(text: String, reason: RuleError.Reason) {
        #expect(throws: RuleError(text: text, reason: reason)) { try Rule(text) }
    }

    @Test("Messages say where and why")
    func messages() {
        let badCharacter = RuleError(text: "B3/S2x", reason: .unexpectedCharacter("x", offset: 5))
        #expect(badCharacter.description
            == "rule \"B3/S2x\": unexpected character 'x' at offset 5; expected a digit 0-8 or a Hensel letter")
        let odd = RuleError(text: "W31", reason: .badWolframCode("the Wolfram code 31 is odd"))
        #expect(odd.description == "rule \"W31\": the Wolfram code 31 is odd; a Wolfram rule is 'W' and an even number from 0 to 254, as in \"W30\"")
        for reason: RuleError.Reason in [.empty, .missingPart("x"), .duplicateDigit(3), .boundedGridUnsupported,
                                        .badWolframCode("x"), .badMap("x"), .neighbourhood("x"),
                                        .unknownName, .unexpectedCharacter("9", offset: 1)] {
            let text = RuleError(text: "R", reason: reason).description
            #expect(text.hasPrefix("rule \"R\": "))
            #expect(!text.contains("\n"))
        }
    }

    @Test("Generations rules are named as unsupported")
    func generations() {
        let error = RuleError(text: "B3/S23/G3", reason: .generationsUnsupported)
        #expect(error.description == "rule \"B3/S23/G3\": multi-state \"Generations\" rules (a third part such as \"/G3\" or \"/4\") are not two-state rules; they run on multi-state patterns (RLE or Macrocell files)")
    }

    @Test("Messages quote a short escaped excerpt of the rule")
    func excerpts() {
        let long = RuleError(text: String(repeating: "B", count: 1_000_000), reason: .unknownName).description
        #expect(long.hasPrefix("rule \"" + String(repeating: "B", count: 40) + "…\": unknown rule name"))
        let control = RuleError(text: "B3\u{0}\u{1B}[2J\"", reason: .unexpectedCharacter("\u{0}", offset: 2)).description
        #expect(control.hasPrefix("rule \"B3\\u{0}\\u{1b}[2J\\\"\": unexpected character '\\u{0}' at offset 2"), "\(control)")
        #expect(!control.unicodeScalars.contains { $0.value < 0x20 })
    }
}

// MARK: - Canonical output

@Suite("Canonical rule text")
struct RuleCanonicalTests {
    @Test("Canonical strings", arguments: [
        ("B3/S23", "B3/S23"),
        ("B36/S23", "B36/S23"),
        ("B3678/S34678", "B3678/S34678"),
        ("B2/S", "B2/S"),
        ("B2-a/S12", "B2-a/S12"),
        ("b2-A/s21", "B2-a/S12"),
        ("B3-jknr4ity5ijk6i8/S23-a4city6c7c", "B3-jknr4ity5ijk6i8/S23-a4city6c7c"),
        ("S7c3-a24ytic6cB6i5kji3-rnkj4yti8", "B3-jknr4ity5ijk6i8/S23-a4city6c7c"),  // any order, letters shuffled
        ("B3cekainyqjr/S23", "B3/S23"),          // all letters: totalistic
        ("B2cekin/S", "B2-a/S"),                 // five of six: the negative form is shorter
        ("B2-ceki/S", "B2an/S"),                 // two of six: positive
        ("B2-cek/S", "B2ain/S"),                 // three of six: a tie goes to the positive form
        ("B2cek/S", "B2cek/S"),
        ("B4cekainyqjrt/S", "B4-wz/S"),
        ("B4aceijkn/S", "B4aceijkn/S"),          // seven of thirteen: tie, positive
        ("B4-aceijk/S", "B4nqrtwyz/S"),          // six excluded leaves seven: positive
        ("B4aceijknq/S", "B4-rtwyz/S"),          // eight of thirteen: negative
        ("B1-ce/S", "B/S"),                      // nothing left at count 1
        ("B1e/S1-e", "B1e/S1c"),
        ("B3-a/S", "B3-a/S"),
    ])
    func canonical(text: String, canonical: String) throws {
        let rule = try Rule(text)
        #expect(rule.description == canonical)
        #expect(try Rule(canonical) == rule)
    }

    @Test("Round trip for random Hensel rules")
    func roundTrip() throws {
        var generator = SplitMix64(seed: 2024)
        for _ in 0..<300 {
            let text = randomHenselRule(&generator)
            let rule = try Rule(text)
            let canonical = rule.description
            let reparsed = try Rule(canonical)
            #expect(reparsed == rule, "\(text) -> \(canonical)")
            #expect(reparsed.description == canonical)
        }
    }

    @Test("Equal rules hash equally")
    func hashing() throws {
        let set: Set<Rule> = [try Rule("B3/S23"), try Rule("Life"), try Rule("23/3"), try Rule("B3cekainyqjr/S23")]
        #expect(set.count == 1)
        #expect(try Rule("B36/S23") != Rule.life)
    }
}

/// A random Hensel rule string (no B0), mixing totalistic digits, "+letters" and "-letters".
private func randomHenselRule(_ generator: inout SplitMix64) -> String {
    func part(_ counts: ClosedRange<Int>) -> String {
        var text = ""
        for count in counts {
            let choice = generator.next() % 4
            if choice == 0 { continue }
            text += String(count)
            guard let letters = lettersPerCount[count], choice > 1 else { continue }
            let subset = letters.filter { _ in generator.next() % 2 == 0 }
            if subset.isEmpty { continue }
            text += (choice == 3 ? "-" : "") + subset
        }
        return text
    }
    return "B" + part(1...8) + "/S" + part(0...8)
}

// MARK: - Hensel table

@Suite("Hensel letter table")
struct HenselTableTests {
    /// Expected class sizes (8 / size of the configuration's symmetry group), worked out by hand.
    static let classSizes: [Int: [Character: Int]] = [
        1: ["c": 4, "e": 4],
        2: ["c": 4, "e": 4, "k": 8, "a": 8, "i": 2, "n": 2],
        3: ["c": 4, "e": 4, "k": 4, "a": 4, "i": 4, "n": 8, "y": 4, "q": 8, "j": 8, "r": 8],
        4: ["c": 1, "e": 1, "k": 8, "a": 8, "i": 4, "n": 8, "y": 8, "q": 4, "j": 8, "r": 8, "t": 4, "w": 4, "z": 4],
    ]

    @Test("Each letter class has the right size and the classes partition each count", arguments: 1...7)
    func classSizesPartition(count: Int) throws {
        let sizes = Self.classSizes[count <= 4 ? count : 8 - count]!
        var union = Set<Int>()
        var total = 0
        for letter in lettersPerCount[count]! {
            let rule = try Rule("B\(count)\(letter)/S")
            let born = Set((0..<512).filter { rule.nextState(neighbourhood: $0) })
            #expect(born.count == sizes[letter], "\(count)\(letter)")
            #expect(born.allSatisfy { $0 & 16 == 0 && $0.nonzeroBitCount == count })
            #expect(union.isDisjoint(with: born), "\(count)\(letter) overlaps another letter")
            union.formUnion(born)
            total += born.count
        }
        #expect(total == binomial(8, count))
        #expect(union.count == binomial(8, count))
    }

    @Test("Each letter is exactly the orbit of an independently encoded representative", arguments: 1...7)
    func lettersMatchRingTable(count: Int) throws {
        for (letter, pattern) in ringRepresentatives[count]! {
            let orbit = ringOrbit(pattern)
            let birth = try Rule("B\(count)\(letter)/S")
            let survival = try Rule("B/S\(count)\(letter)")
            for n in 0..<512 {
                let outer = n & ~16
                let inClass = orbit.contains(outer)
                if n & 16 == 0 {
                    #expect(birth.nextState(neighbourhood: n) == inClass, "B\(count)\(letter) at \(n)")
                    #expect(!survival.nextState(neighbourhood: n))
                } else {
                    #expect(survival.nextState(neighbourhood: n) == inClass, "S\(count)\(letter) at \(n)")
                    #expect(!birth.nextState(neighbourhood: n))
                }
            }
        }
    }

    @Test("Complement symmetry: (8-n)x is nx with every neighbour flipped", arguments: 1...3)
    func complementSymmetry(count: Int) throws {
        for letter in lettersPerCount[count]! {
            let low = try Rule("B\(count)\(letter)/S")
            let high = try Rule("B\(8 - count)\(letter)/S")
            for outer in 0..<512 where outer & 16 == 0 {
                #expect(low.nextState(neighbourhood: outer) == high.nextState(neighbourhood: outer ^ 0x1EF))
            }
        }
    }

    @Test("All letters at a count equal the plain digit", arguments: 1...7)
    func allLettersTotalistic(count: Int) throws {
        let letters = lettersPerCount[count]!
        let withLetters = try Rule("B\(count)\(letters)/S\(count)\(String(letters.reversed()))")
        let plain = try Rule("B\(count)/S\(count)")
        #expect(withLetters == plain)
        #expect(withLetters.isTotalistic)
        #expect(withLetters.description == "B\(count)/S\(count)")
    }

    @Test("Counts 0 and 8 are single configurations")
    func zeroAndEight() throws {
        let rule = try Rule("B8/S08")
        let on = (0..<512).filter { rule.nextState(neighbourhood: $0) }
        #expect(on == [16, 0x1EF, 511])
    }

    @Test("The OTCA metapixel rule matches the independent table")
    func metapixelRule() throws {
        let rule = try Rule("B3-jknr4ity5ijk6i8/S23-a4city6c7c")
        #expect(!rule.isTotalistic)
        let expectedBirth: UInt16 = 0b1_0111_1000  // 3, 4, 5, 6, 8
        let expectedSurvival: UInt16 = 0b0_1101_1100  // 2, 3, 4, 6, 7
        #expect(rule.birthCounts == expectedBirth)
        #expect(rule.survivalCounts == expectedSurvival)
        let birth: [Int: String] = [3: "ceaiqy", 4: "ity", 5: "ijk", 6: "i", 8: ""]
        let survival: [Int: String] = [2: "", 3: "cekinyqjr", 4: "city", 6: "c", 7: "c"]  // "23-a" is 2, then 3-a
        var bornCount = 0, surviveCount = 0
        for n in 0..<512 {
            let expected = expectedNextState(n, birth: birth, survival: survival)
            #expect(rule.nextState(neighbourhood: n) == expected, "neighbourhood \(n)")
            if expected { if n & 16 == 0 { bornCount += 1 } else { surviveCount += 1 } }
        }
        // B: 3 has 56 - (j8 + k4 + n8 + r8) = 28; 4ity = 4+8+4; 5ijk = 4+8+4; 6i = 2; 8 = 1.
        #expect(bornCount == 28 + 16 + 16 + 2 + 1)
        // S: 2 = 28; 3-a = 56 - 4; 4city = 1+4+4+8; 6c = 4; 7c = 4.
        #expect(surviveCount == 28 + 52 + 17 + 4 + 4)
    }

    @Test("Random Hensel rules are invariant under the 8 symmetries of the square")
    func isotropy() throws {
        var generator = SplitMix64(seed: 77)
        for _ in 0..<40 {
            let rule = try Rule(randomHenselRule(&generator))
            for n in 0..<512 {
                let state = rule.nextState(neighbourhood: n)
                for s in 1..<8 {
                    #expect(rule.nextState(neighbourhood: transform(n, s)) == state)
                }
            }
        }
    }

    @Test("Random Hensel rules match the independent table")
    func randomRulesMatchRingTable() throws {
        var generator = SplitMix64(seed: 99)
        for _ in 0..<20 {
            // Build the rule from explicit letter lists so the expectation is easy to state.
            var birth: [Int: String] = [:], survival: [Int: String] = [:]
            for count in 1...7 {
                let letters = lettersPerCount[count]!
                let b = letters.filter { _ in generator.next() % 3 == 0 }
                let s = letters.filter { _ in generator.next() % 3 == 0 }
                if !b.isEmpty { birth[count] = b }
                if !s.isEmpty { survival[count] = s }
            }
            let text = "B" + (1...7).compactMap { c in birth[c].map { "\(c)\($0)" } }.joined()
                + "/S" + (1...7).compactMap { c in survival[c].map { "\(c)\($0)" } }.joined()
            let rule = try Rule(text)
            for n in 0..<512 {
                #expect(rule.nextState(neighbourhood: n) == expectedNextState(n, birth: birth, survival: survival),
                        "\(text) at \(n)")
            }
        }
    }
}

// MARK: - Reference engine

@Suite("Reference engine")
struct ReferenceEngineBehaviourTests {
    @Test("Blinker has period 2")
    func blinker() {
        let start = cells([(0, 1), (1, 1), (2, 1)])
        var engine = ReferenceEngine(cells: start)
        engine.step()
        #expect(engine.cells == Set(cells([(1, 0), (1, 1), (1, 2)])))
        #expect(engine.generation == 1)
        engine.step()
        #expect(engine.cells == Set(start))
        #expect(engine.generation == 2)
    }

    @Test("Block is still")
    func block() {
        let start = cells([(0, 0), (1, 0), (0, 1), (1, 1)])
        var engine = ReferenceEngine(rule: .life, cells: start)
        engine.step(5)
        #expect(engine.cells == Set(start))
        #expect(engine.population == 4)
    }

    @Test("Glider moves (+1, +1) every 4 generations")
    func glider() {
        let start = cells([(1, 0), (2, 1), (0, 2), (1, 2), (2, 2)])
        var engine = ReferenceEngine(cells: start)
        for period in 1...5 {
            engine.step(4)
            #expect(engine.cells == Set(start.map { ReferenceCell(x: $0.x + period, y: $0.y + period) }))
        }
        #expect(engine.generation == 20)
        let box = engine.boundingBox
        #expect(box?.x == 5 && box?.y == 5 && box?.width == 3 && box?.height == 3)
    }

    @Test("R-pentomino has population 116 at generation 1103")
    func rPentomino() {
        var engine = ReferenceEngine(cells: cells([(1, 0), (2, 0), (0, 1), (1, 1), (1, 2)]))
        engine.step(1103)
        #expect(engine.population == 116)
        #expect(engine.generation == 1103)
    }

    @Test("Empty universe")
    func empty() {
        var engine = ReferenceEngine(cells: [ReferenceCell]())
        #expect(engine.boundingBox == nil)
        engine.step(3)
        #expect(engine.population == 0)
        #expect(!engine.isAlive(x: 0, y: 0))
    }

    @Test("Agrees with a neighbour-count Life on a random soup")
    func soupAgainstCounting() {
        var engine = ReferenceEngine(cells: randomSoup(width: 24, height: 24, density: 0.4, seed: 5))
        var live = engine.cells
        for _ in 0..<30 {
            engine.step()
            var counts: [ReferenceCell: Int] = [:]
            for cell in live {
                for dy in -1...1 { for dx in -1...1 where dx != 0 || dy != 0 {
                    counts[ReferenceCell(x: cell.x + dx, y: cell.y + dy), default: 0] += 1
                } }
            }
            live = Set(counts.compactMap { cell, n in n == 3 || (n == 2 && live.contains(cell)) ? cell : nil })
            #expect(engine.cells == live)
        }
    }

    @Test("Soups are deterministic and inside their box")
    func soups() {
        let a = randomSoup(width: 40, height: 30, density: 0.5, seed: 42)
        let b = randomSoup(width: 40, height: 30, density: 0.5, seed: 42)
        let c = randomSoup(width: 40, height: 30, density: 0.5, seed: 43)
        #expect(a == b)
        #expect(a != c)
        #expect(a.allSatisfy { (0..<40).contains($0.x) && (0..<30).contains($0.y) })
        #expect(a.count > 500 && a.count < 700)
        #expect(randomSoup(width: 10, height: 10, density: 0, seed: 1).isEmpty)
        #expect(randomSoup(width: 10, height: 10, density: 1, seed: 1).count == 100)
        // SplitMix64 reference values for seed 1234567 (from Vigna's splitmix64.c).
        var generator = SplitMix64(seed: 1_234_567)
        #expect(generator.next() == 6_457_827_717_110_365_317)
        #expect(generator.next() == 3_203_168_211_198_807_973)
    }
}
