// Rule+Hensel.swift — the isotropic non-totalistic ("Hensel") letter classes and canonical output.
//
// Every configuration of the eight neighbours belongs to exactly one class, named by its live
// count and a letter. A class is the set of all rotations and reflections of one representative
// configuration. The representatives below were transcribed from the LifeWiki page "Isotropic
// non-totalistic rule" as encoded in Golly's gollybase/liferules.cpp (rule_neighborhoods), and
// cross-checked against a second, independent encoding in the tests (RuleTests.swift).
//
// Counts 5, 6 and 7 are not listed: the class 5x (6x, 7x) is the complement of 3x (2x, 1x), i.e.
// every neighbour flipped. Counts 0 and 8 have one configuration each and no letters.

extension Rule {
    /// Hensel letters in LifeWiki's table order. Count c uses the first `henselLetterCount(c)` of
    /// them: 1 and 7 use "ce", 2 and 6 "cekain", 3 and 5 "cekainyqjr", 4 all thirteen.
    /// Letter masks (bit i = `henselLetters[i]`) are indexed in this order.
    static let henselLetters: [Character] = ["c", "e", "k", "a", "i", "n", "y", "q", "j", "r", "t", "w", "z"]

    /// Number of letters at a neighbour count (0 for counts 0 and 8).
    static func henselLetterCount(_ count: Int) -> Int {
        switch count {
        case 1, 7: return 2
        case 2, 6: return 6
        case 3, 5: return 10
        case 4: return 13
        default: return 0
        }
    }

    /// Mask selecting every configuration at a count: all its letters, or bit 0 for counts 0 and 8.
    static func fullLetterMask(count: Int) -> UInt16 {
        let letters = henselLetterCount(count)
        return letters == 0 ? 1 : UInt16(1 << letters) - 1
    }

    /// Index of `letter` (lower-case) among the letters valid at `count`, or nil.
    static func henselIndex(of letter: Character, count: Int) -> Int? {
        guard let index = henselLetters.firstIndex(of: letter), index < henselLetterCount(count) else { return nil }
        return index
    }

    /// Representatives for counts 1...4, in `henselLetters` order. Each picture is three rows of
    /// three cells, top row first, '#' live; the middle character is the centre and is ignored.
    private static let henselRepresentatives: [[String]] = [
        // count 1: c e
        ["#.. ... ...", ".#. ... ..."],
        // count 2: c e k a i n
        [
            "#.# ... ...", ".#. #.. ...", "#.. ..# ...",
            "##. ... ...", "... #.# ...", "..# ... #..",
        ],
        // count 3: c e k a i n y q j r
        [
            "#.# ... #..", ".#. #.# ...", ".#. ..# #..", "##. #.. ...", "### ... ...",
            "#.# #.. ...", "#.. ..# #..", ".## ... #..", ".## #.. ...", "#.. #.# ...",
        ],
        // count 4: c e k a i n y q j r t w z
        [
            "#.# ... #.#", ".#. #.# .#.", "##. ..# #..", "### #.. ...", "#.# #.# ...",
            "### ... #..", "#.# ..# #..", ".## ..# #..", ".#. #.# #..", "##. #.# ...",
            "#.. #.# #..", ".## #.. #..", "..# #.# #..",
        ],
    ]

    /// The 9-bit neighbourhood (centre clear) drawn by a representative picture.
    private static func neighbourhood(picture: String) -> Int {
        let cells = picture.filter { $0 != " " }
        precondition(cells.count == 9, "malformed Hensel picture \(picture)")
        var bits = 0
        for (bit, cell) in cells.enumerated() where cell == "#" && bit != 4 {
            bits |= 1 << bit
        }
        return bits
    }

    /// The eight images of a neighbourhood under the symmetries of the square (centre kept).
    static func symmetricImages(of neighbourhood: Int) -> [Int] {
        var images: [Int] = []
        images.reserveCapacity(8)
        for symmetry in 0..<8 {
            var image = 0
            for bit in 0..<9 where neighbourhood >> bit & 1 == 1 {
                var dx = bit % 3 - 1
                var dy = bit / 3 - 1
                if symmetry >= 4 { dx = -dx }                     // reflect in the vertical axis
                for _ in 0..<(symmetry % 4) { (dx, dy) = (-dy, dx) }  // then rotate a quarter turn
                image |= 1 << ((dy + 1) * 3 + (dx + 1))
            }
            images.append(image)
        }
        return images
    }

    /// For every 9-bit neighbourhood, the index (into `henselLetters`) of the letter class its
    /// eight neighbours belong to; the centre bit is ignored. 0 for counts 0 and 8.
    static let henselClassTable: [UInt8] = {
        var table = [UInt8](repeating: .max, count: 512)
        func assign(_ outer: Int, _ letter: Int) {
            precondition(table[outer] == .max || table[outer] == UInt8(letter), "Hensel classes overlap")
            table[outer] = UInt8(letter)
            table[outer | Rule.centreBit] = UInt8(letter)
        }
        for (countIndex, pictures) in henselRepresentatives.enumerated() {
            let count = countIndex + 1
            precondition(pictures.count == henselLetterCount(count))
            for (letter, picture) in pictures.enumerated() {
                let representative = neighbourhood(picture: picture)
                precondition(representative.nonzeroBitCount == count)
                for image in symmetricImages(of: representative) {
                    assign(image, letter)
                    if count < 4 { assign(image ^ Rule.outerMask, letter) }  // the class (8 - count) letter
                }
            }
        }
        assign(0, 0)
        assign(Rule.outerMask, 0)
        precondition(!table.contains(.max), "Hensel classes do not cover every neighbourhood")
        return table
    }()

    /// The canonical text of one part (birth when `centre` is 0, survival when it is the centre bit),
    /// without its "B"/"S" prefix: for each count with any configuration on, the digit, then nothing
    /// when every letter is on, else the shorter of "+letters" and "-letters" (a tie goes to the
    /// positive form, as Golly does), letters in alphabetical order (Golly's canonical order).
    func canonicalPart(centre: Int) -> String {
        var onLetters = [UInt16](repeating: 0, count: 9)
        for outer in 0..<512 where outer & Rule.centreBit == 0 {
            if nextState(neighbourhood: outer | centre) {
                onLetters[outer.nonzeroBitCount] |= 1 << UInt16(Rule.henselClassTable[outer])
            }
        }
        var text = ""
        for count in 0...8 where onLetters[count] != 0 {
            text.append(Character(String(count)))
            let full = Rule.fullLetterMask(count: count)
            let on = onLetters[count]
            if on == full { continue }
            let present = on.nonzeroBitCount
            let absent = Rule.henselLetterCount(count) - present
            if present <= absent + 1 {
                text += Rule.alphabeticalLetters(on)
            } else {
                text += "-" + Rule.alphabeticalLetters(full & ~on)
            }
        }
        return text
    }

    private static func alphabeticalLetters(_ mask: UInt16) -> String {
        var letters: [Character] = []
        for (index, letter) in henselLetters.enumerated() where mask >> index & 1 == 1 {
            letters.append(letter)
        }
        return String(letters.sorted())
    }
}
