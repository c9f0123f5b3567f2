import HashlifeEngine

/// Reads Golly's Macrocell format (`.mc`): the pattern as a quadtree.
///
///     [M2] (golly 4.2)          header: must start with [M2]
///     #R B3/S23                 rule;  #G 1000: generation;  #N name, #O author, #C comment
///     $$$$$$$.....***$          an 8×8 leaf: rows top to bottom, `.` dead, `*` alive, `$` ends
///                               a row; trailing dead cells and rows omitted
///     4 0 0 0 1                 a node: level, then its nw ne sw se children as 1-based line
///                               numbers among the leaf and node lines, 0 for empty
///
/// The last leaf or node is the root, placed as Golly places it: its top-left cell is
/// (-2^(level-1), 1-2^(level-1)). Every index and level is checked here, so a document this
/// returns always loads.
public enum MacrocellReader {
    /// Parses Macrocell text. Never crashes or hangs; malformed input throws with line and column.
    /// - Complexity: O(length of the text).
    public static func read(_ text: String) throws(PatternError) -> PatternDocument {
        var document = PatternDocument()
        var definitions: [TreeDefinition] = []
        var levels: [Int] = [0]  // by 1-based index; 0 is "empty"
        var lineNumber = 0
        var sawHeader = false
        // "\r\n" is one Character in Swift: split on every line break, Windows' included.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            lineNumber += 1
            var line = Substring(rawLine)
            if !sawHeader {
                if lineNumber == 1 && line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
                guard line.hasPrefix("[M2]") else {
                    throw PatternError(line: lineNumber, column: 1, message: "expected the Macrocell header '[M2]'")
                }
                sawHeader = true
                continue
            }
            guard let first = line.first else { continue }
            switch first {
            case "#":
                try readComment(line, into: &document, line: lineNumber)
            case ".", "*", "$":
                definitions.append(.leaf(try readLeaf(line, line: lineNumber)))
                levels.append(3)
            case " ", "\t":
                if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
                fallthrough
            default:
                let node = try readNode(line, line: lineNumber, defined: definitions.count, levels: levels)
                definitions.append(node.definition)
                levels.append(node.level)
            }
            if definitions.count >= 1 << 31 {
                throw PatternError(line: lineNumber, column: 1, message: "too many nodes (over 2^31)")
            }
        }
        if !sawHeader { throw PatternError(line: 1, column: 1, message: "expected the Macrocell header '[M2]' (the file is empty)") }
        if let rootLevel = levels.last, !definitions.isEmpty {
            let half = BigInt(BigUInt.powerOfTwo(rootLevel - 1))
            document.originX = BigInt.zero - half
            document.originY = BigInt(1) - half
            let side = rootLevel < 62 ? 1 << rootLevel : Int.max
            document.width = side
            document.height = side
        }
        document.tree = definitions
        return document
    }

    private static func readComment(_ line: Substring, into document: inout PatternDocument, line number: Int) throws(PatternError) {
        let kind = line.dropFirst().first
        let rest = line.dropFirst(2).drop(while: { $0 == " " || $0 == "\t" })
        switch kind {
        case "R", "r":
            let rule = rest.prefix(while: { $0 != " " && $0 != "\t" })
            if !rule.isEmpty {
                document.rule = String(rule)
                document.ruleAt = PatternPosition(line: number, column: line.unicodeScalars.distance(from: line.startIndex, to: rule.startIndex) + 1)
            }
        case "G", "g":
            let digits = rest.prefix(while: { $0 != " " && $0 != "\t" })
            let column = line.distance(from: line.startIndex, to: rest.startIndex) + 1
            guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                throw PatternError(line: number, column: column, message: "expected a generation (decimal digits) after #G")
            }
            guard let generation = PatternLimits.value(ofDigits: digits.utf8, belowPowerOfTwo: PatternLimits.generationExponent) else {
                throw PatternError(line: number, column: column,
                                   message: "the generation after #G (\(digits.utf8.count) digits) is " + PatternLimits.generationLimitText)
            }
            document.generation = generation
        case "N":
            document.name = String(rest)
        case "O":
            document.author = String(rest)
        case "C", "c", "D":
            document.comments.append(String(rest))
        default:
            break  // #FRAMES, #FRAME and other Golly extensions: ignored.
        }
    }

    private static func readLeaf(_ line: Substring, line number: Int) throws(PatternError) -> UInt64 {
        var bits: UInt64 = 0
        var x = 0, y = 0, column = 0
        for character in line {
            column += 1
            switch character {
            case "*", ".":
                guard x < 8, y < 8 else {
                    throw PatternError(line: number, column: column, message: y >= 8 ? "a leaf has at most 8 rows" : "a leaf row has at most 8 cells")
                }
                if character == "*" { bits |= 1 << UInt64(y * 8 + x) }
                x += 1
            case "$":
                guard y < 8 else { throw PatternError(line: number, column: column, message: "a leaf has at most 8 rows") }
                x = 0
                y += 1
            case " ", "\t":
                return bits  // Golly stops at white space.
            default:
                throw PatternError(line: number, column: column, message: "unexpected character \(PatternText.excerpt(String(character), quote: "'")) in a leaf line; expected '.', '*' or '$'")
            }
        }
        return bits
    }

    private static func readNode(_ line: Substring, line number: Int, defined: Int, levels: [Int]) throws(PatternError) -> (definition: TreeDefinition, level: Int) {
        // Up to six white-space separated integers: level, nw, ne, sw, se (Golly allows a sixth).
        var fields: [(value: Int, column: Int)] = []
        var column = 0, current: Int? = nil, start = 0
        for character in line {
            column += 1
            if let digit = character.wholeNumberValue, character.isASCII {
                if current == nil { start = column }
                let (times, o1) = (current ?? 0).multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.addingReportingOverflow(digit)
                guard !o1, !o2, sum < 1 << 40 else {
                    throw PatternError(line: number, column: start, message: "number too large")
                }
                current = sum
            } else if character == " " || character == "\t" {
                if let value = current { fields.append((value, start)); current = nil }
            } else {
                throw PatternError(line: number, column: column,
                                   message: "unexpected character \(PatternText.excerpt(String(character), quote: "'")); expected a node line (level and four child numbers), a leaf line or a # line")
            }
        }
        if let value = current { fields.append((value, start)) }
        guard fields.count >= 5 else {
            throw PatternError(line: number, column: column + 1, message: "a node line needs a level and four child numbers (found \(Plural.count(fields.count, "number")))")
        }
        guard fields.count <= 6 else {
            throw PatternError(line: number, column: fields[6].column, message: "too many numbers on a node line")
        }
        let level = fields[0].value
        guard level >= 4 else {
            throw PatternError(line: number, column: fields[0].column, message: "node level \(level) is below 4 (8×8 leaves are level 3)")
        }
        guard level <= Universe.maximumStepExponent else {
            throw PatternError(line: number, column: fields[0].column, message: "node level \(level) is above the engine's limit of level \(Universe.maximumStepExponent) (a square 2^\(Universe.maximumStepExponent) cells on a side)")
        }
        for field in fields[1...4] {
            let child = field.value
            guard child <= defined else {
                throw PatternError(line: number, column: field.column,
                                   message: "child \(child) is not defined yet (\(Plural.count(defined, "node")) so far)")
            }
            guard child == 0 || levels[child] == level - 1 else {
                throw PatternError(line: number, column: field.column,
                                   message: "child \(child) is a level-\(levels[child]) node; a level-\(level) node needs level-\(level - 1) children")
            }
        }
        return (.node(level: level, nw: fields[1].value, ne: fields[2].value, sw: fields[3].value, se: fields[4].value), level)
    }
}
