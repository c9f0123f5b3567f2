// RuleFile.swift — a Golly `.rule` file: its name, its transitions (a table or a tree) and
// what it says for display (state names, colours, icons).
//
// Read as Golly's rule loader reads it:
//   - a line starting with '@' opens a section named by its first word; `@RULE name` names the
//     rule, and the first copy of each section wins; unknown sections are ignored;
//   - `@TABLE` (RuleTable+Parsing.swift) and `@TREE` (RuleTree+Parsing.swift): whichever comes
//     first gives the transitions, the other is ignored; a file with neither has none (it may
//     still give names and colours);
//   - `@NAMES`: "state name" lines; `@COLORS`: "state r g b" lines, or one gradient line
//     "r1 g1 b1 r2 g2 b2" (values 0…255; commas count as spaces, words after the numbers are
//     a comment, a state the rule lacks is ignored); `@ICONS`: XPM blocks or one
//     of Golly's built-in sets (circles, diamonds, hexagons, triangles), kept as text;
//   - '#' starts a comment in every section but @ICONS (XPM colours are written "#RRGGBB").
// Errors name the file, the line and the reason (`RuleFileError`).

/// A colour of a state, 8 bits a channel.
public struct RuleColor: Hashable, Sendable {
    public var red: UInt8, green: UInt8, blue: UInt8
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}

/// Why a rule file cannot be read: the file, the line (1-based; nil for the whole file) and
/// the reason.
public struct RuleFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var reason: String

    public init(file: String, line: Int?, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String {
        if let line { return "\(file):\(line): \(reason)" }
        return "\(file): \(reason)"
    }
}

/// A parsed `.rule` file.
public struct RuleFile: Hashable, Sendable {
    /// The transitions of a table or a tree section.
    public enum Transitions: Hashable, Sendable {
        case table(RuleTable)
        case tree(RuleTree)

        public var stateCount: Int {
            switch self {
            case .table(let table): table.stateCount
            case .tree(let tree): tree.stateCount
            }
        }
    }

    /// The name after `@RULE` (Golly does not check it against the file's name).
    public var name: String
    /// The first of @TABLE or @TREE, or nil when the file has neither.
    public var transitions: Transitions?
    /// @NAMES: the name of each state that has one.
    public var stateNames: [Int: String] = [:]
    /// @COLORS: the colour of each state listed.
    public var colors: [Int: RuleColor] = [:]
    /// @COLORS' gradient line: the colours of state 1 and of the last state, the states between
    /// shaded evenly (listed states keep their own).
    public var gradient: (RuleColor, RuleColor)? {
        get { gradientColors.map { ($0[0], $0[1]) } }
        set { gradientColors = newValue.map { [$0.0, $0.1] } }
    }
    var gradientColors: [RuleColor]? = nil
    /// @ICONS as written (XPM lines or a built-in set's name), nil when the file has none.
    public var icons: [String]? = nil

    public init(name: String, transitions: Transitions?) {
        self.name = name
        self.transitions = transitions
    }

    /// Whether the file gives transitions (else Golly looks for them in the next folder).
    public var hasTransitions: Bool { transitions != nil }

    /// Parses the text of a `.rule` file named `fileName` (in errors).
    public static func parse(_ text: String, fileName: String) throws(RuleFileError) -> RuleFile {
        let lines = RuleFile.lines(of: text)
        var name: String? = nil
        // Sections by name: the (0-based) index of their header line, first copy only.
        var sections: [String: Int] = [:]
        var order: [String] = []
        for (index, line) in lines.enumerated() where line.hasPrefix("@") {
            let word = String(line.prefix { $0 != " " && $0 != "\t" })
            if sections[word] == nil {
                sections[word] = index
                order.append(word)
            }
            if word == "@RULE", name == nil {
                name = String(line.dropFirst(5)).trimmingCharacters(" \t")
            }
        }
        guard let ruleName = name, !ruleName.isEmpty else {
            throw RuleFileError(file: fileName, line: sections["@RULE"].map { $0 + 1 }, reason: "the file has no \"@RULE name\" line")
        }
        func body(_ section: String) -> ArraySlice<(Int, Substring)>? {
            guard let start = sections[section] else { return nil }
            var end = start + 1
            while end < lines.count && !lines[end].hasPrefix("@") { end += 1 }
            return ArraySlice((start + 1..<end).map { ($0 + 1, lines[$0]) })
        }
        var transitions: Transitions? = nil
        if let first = order.first(where: { $0 == "@TABLE" || $0 == "@TREE" }), let lines = body(first) {
            if first == "@TABLE" {
                transitions = .table(try RuleTable.parse(lines, fileName: fileName))
            } else {
                transitions = .tree(try RuleTree.parse(lines, fileName: fileName))
            }
        }
        var file = RuleFile(name: ruleName, transitions: transitions)
        let states = transitions?.stateCount ?? 256
        if let lines = body("@NAMES") { file.stateNames = try parseNames(lines, states: states, fileName: fileName) }
        if let lines = body("@COLORS") { try file.parseColors(lines, states: states, fileName: fileName) }
        if let lines = body("@ICONS") {
            file.icons = lines.map { String($0.1) }.filter { !$0.trimmingCharacters(" \t").isEmpty }
        }
        return file
    }

    /// The lines of `text` ("\n", "\r\n" or "\r" ends a line), without their line ends.
    static func lines(of text: String) -> [Substring] {
        var result: [Substring] = []
        let scalars = Substring(text)
        var start = scalars.startIndex
        var index = start
        while index < scalars.endIndex {
            let c = scalars[index]
            if c == "\n" || c == "\r" || c == "\r\n" {
                result.append(scalars[start..<index])
                index = scalars.index(after: index)
                start = index
            } else {
                index = scalars.index(after: index)
            }
        }
        if start < scalars.endIndex { result.append(scalars[start...]) }
        return result
    }

    /// A line without its '#' comment and surrounding blanks.
    static func stripped(_ line: Substring) -> Substring {
        let code = line.prefix { $0 != "#" }
        return Substring(code.trimmingCharacters(" \t"))
    }

    static func parseNames(_ lines: ArraySlice<(Int, Substring)>, states: Int, fileName: String) throws(RuleFileError) -> [Int: String] {
        var names: [Int: String] = [:]
        for (number, raw) in lines {
            let line = stripped(raw)
            if line.isEmpty { continue }
            let digits = line.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let state = Int(digits) else {
                throw RuleFileError(file: fileName, line: number, reason: "expected \"state name\" in @NAMES")
            }
            guard state < states else {
                throw RuleFileError(file: fileName, line: number, reason: "state \(state) is out of range (the rule has \(states) states)")
            }
            if names[state] == nil { names[state] = String(line.dropFirst(digits.count)).trimmingCharacters(" \t") }
        }
        return names
    }

    mutating func parseColors(_ lines: ArraySlice<(Int, Substring)>, states: Int, fileName: String) throws(RuleFileError) {
        for (number, raw) in lines {
            let line = RuleFile.stripped(raw)
            if line.isEmpty { continue }
            // The leading numbers; words after them are a comment ("1 200 200 255 pale blue").
            let fields = line.split { $0 == " " || $0 == "\t" || $0 == "," }
            var values: [Int] = []
            for field in fields {
                guard let value = Int(field.prefix(6)), field.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                    if values.isEmpty {
                        throw RuleFileError(file: fileName, line: number, reason: "\"\(field)\" is not a number in @COLORS")
                    }
                    break
                }
                values.append(value)
            }
            func color(_ at: Int) throws(RuleFileError) -> RuleColor {
                for value in values[at..<at + 3] where value > 255 {
                    throw RuleFileError(file: fileName, line: number, reason: "colour value \(value) is out of range (0 to 255)")
                }
                return RuleColor(red: UInt8(values[at]), green: UInt8(values[at + 1]), blue: UInt8(values[at + 2]))
            }
            switch values.count {
            case 4:
                // A state the rule lacks is ignored, as Golly ignores it.
                if values[0] < states { colors[values[0]] = try color(1) }
            case 6:
                gradient = (try color(0), try color(3))
            default:
                throw RuleFileError(file: fileName, line: number,
                                    reason: "expected \"state red green blue\" or a gradient \"r1 g1 b1 r2 g2 b2\" in @COLORS, not \(values.count) numbers")
            }
        }
    }

    public static func == (a: RuleFile, b: RuleFile) -> Bool {
        a.name == b.name && a.transitions == b.transitions && a.stateNames == b.stateNames && a.colors == b.colors
            && a.gradientColors == b.gradientColors && a.icons == b.icons
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(transitions)
    }
}

extension StringProtocol {
    /// The text without leading and trailing characters of `set`.
    func trimmingCharacters(_ set: String) -> String {
        let characters = Array(self)
        var start = 0, end = characters.count
        while start < end && set.contains(characters[start]) { start += 1 }
        while end > start && set.contains(characters[end - 1]) { end -= 1 }
        return String(characters[start..<end])
    }
}
