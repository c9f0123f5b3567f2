// RuleTree.swift — a Golly rule tree (@TREE): a decision tree over the neighbourhood's
// states, and its reading from the section's lines as Golly's ruletreealgo reads them.
//
// A cell's next state is found by walking from the root (the last node) one level down per
// cell, in Golly's order: with 8 neighbours NW, NE, SW, SE, N, W, E, S, then the centre; with
// 4 neighbours N, W, E, S, then the centre. A node of level L > 1 lists, for each state, a
// node of level L − 1; a node of level 1 lists the new state for each centre state.
//
// Lines: `num_states=N` (2…256), `num_neighbors=4|8`, `num_nodes=M`, `#` lines skipped, then
// one line a node: its level (1 … neighbours + 1) and `num_states` values. A node points only
// to earlier nodes of the level below, the last node is at the top level, and there are
// exactly `num_nodes` nodes.

/// A parsed @TREE section (or a table compiled to one).
public struct RuleTree: Hashable, Sendable {
    public let stateCount: Int
    /// 4 (von Neumann) or 8 (Moore).
    public let neighbours: Int
    /// Each node: its level and, per state, a node index (level > 1) or a new state (level 1).
    public let levels: [UInt8]
    public let values: [[UInt32]]
    /// Whether the cells are asked centre first (C, N, NE, E, SE, S, SW, W, NW, or C, N, E, S, W:
    /// a table's input order, the order tables compile to) rather than in Golly's order.
    public let centreFirst: Bool

    public init(stateCount: Int, neighbours: Int, levels: [UInt8], values: [[UInt32]], centreFirst: Bool = false) {
        self.stateCount = stateCount
        self.neighbours = neighbours
        self.levels = levels
        self.values = values
        self.centreFirst = centreFirst
    }

    /// Each lookup's cell as (dx, dy), y growing downwards: Golly's order (the centre last), or
    /// the centre first.
    public static func order(neighbours: Int, centreFirst: Bool = false) -> [(dx: Int, dy: Int)] {
        if centreFirst {
            return neighbours == 4
                ? [(0, 0), (0, -1), (1, 0), (0, 1), (-1, 0)]
                : [(0, 0), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]
        }
        return neighbours == 4
            ? [(0, -1), (-1, 0), (1, 0), (0, 1), (0, 0)]
            : [(-1, -1), (1, -1), (-1, 1), (1, 1), (0, -1), (-1, 0), (1, 0), (0, 1), (0, 0)]
    }

    /// The next state by walking the nodes, `state(dx, dy)` giving the neighbourhood's states.
    public func next(_ state: (Int, Int) -> UInt8) -> UInt8 {
        var node = values.count - 1
        for (dx, dy) in RuleTree.order(neighbours: neighbours, centreFirst: centreFirst) {
            node = Int(values[node][Int(state(dx, dy))])
        }
        return UInt8(node)
    }

    /// Parses a @TREE section's lines (each with its 1-based line number) from `fileName`.
    static func parse(_ lines: ArraySlice<(Int, Substring)>, fileName: String) throws(RuleFileError) -> RuleTree {
        var states = -1, neighbours = -1, nodes = -1
        var levels: [UInt8] = []
        var values: [[UInt32]] = []
        var lastLine = lines.first?.0 ?? 1
        func fail(_ line: Int, _ reason: String) -> RuleFileError { RuleFileError(file: fileName, line: line, reason: reason) }
        func setting(_ line: Substring, _ key: String) throws(RuleFileError) -> Int? {
            let compact = line.filter { $0 != " " && $0 != "\t" }
            guard compact.hasPrefix(key + "=") else { return nil }
            let digits = compact.dropFirst(key.count + 1).prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let value = Int(digits.prefix(10)) else { throw fail(lastLine, "expected a number after \(key)=") }
            return value
        }
        for (number, raw) in lines {
            lastLine = number
            let line = Substring(raw.trimmingCharacters(" \t"))
            if line.isEmpty || line.hasPrefix("#") { continue }
            if let value = try setting(line, "num_states") { states = value; continue }
            if let value = try setting(line, "num_neighbors") { neighbours = value; continue }
            if let value = try setting(line, "num_nodes") { nodes = value; continue }
            guard (2...256).contains(states) else { throw fail(number, "num_states must be given first, from 2 to 256") }
            guard neighbours == 4 || neighbours == 8 else { throw fail(number, "num_neighbors must be given first, 4 or 8") }
            guard nodes >= neighbours && nodes <= 100_000_000 else {
                throw fail(number, "num_nodes must be given first, from \(neighbours) to 100000000")
            }
            let fields = line.split { $0 == " " || $0 == "\t" }
            var numbers: [Int] = []
            for field in fields {
                guard field.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(field.prefix(10)) else {
                    throw fail(number, "\"\(field)\" is not a number in a tree node")
                }
                numbers.append(value)
            }
            let level = numbers[0]
            guard (1...neighbours + 1).contains(level) else { throw fail(number, "node level \(level) is out of range (1 to \(neighbours + 1))") }
            guard numbers.count - 1 == states else {
                throw fail(number, "a node needs \(states) values after its level, found \(numbers.count - 1)")
            }
            guard values.count < nodes else { throw fail(number, "more nodes than num_nodes (\(nodes))") }
            var entries: [UInt32] = []
            entries.reserveCapacity(states)
            for value in numbers.dropFirst() {
                if level == 1 {
                    guard value < states else { throw fail(number, "state \(value) is out of range (num_states is \(states))") }
                } else {
                    guard value < values.count else {
                        throw fail(number, "node \(values.count) points to node \(value), which is not defined before it")
                    }
                    guard Int(levels[value]) == level - 1 else {
                        throw fail(number, "node \(values.count) at level \(level) points to node \(value) at level \(levels[value]), not \(level - 1)")
                    }
                }
                entries.append(UInt32(value))
            }
            levels.append(UInt8(level))
            values.append(entries)
        }
        guard states >= 2, neighbours == 4 || neighbours == 8 else {
            throw RuleFileError(file: fileName, line: lastLine, reason: "the @TREE section lacks num_states or num_neighbors")
        }
        guard values.count == nodes, !values.isEmpty else {
            throw RuleFileError(file: fileName, line: lastLine, reason: "num_nodes is \(nodes) but the tree has \(values.count) nodes")
        }
        guard Int(levels[values.count - 1]) == neighbours + 1 else {
            throw RuleFileError(file: fileName, line: lastLine, reason: "the last node is at level \(levels[values.count - 1]), not \(neighbours + 1)")
        }
        return RuleTree(stateCount: states, neighbours: neighbours, levels: levels, values: values)
    }
}
