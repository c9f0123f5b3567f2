// MultiStateMacrocell.swift — Golly's macrocell format for multi-state rules, read and written
// (ghashbase's writeNativeFormat and readmacrocell).
//
//   [M2] (golly …)
//   #R rule            the multi-state rule (required here)
//   #G generation      optional; kept in `generation` as text
//   #C …               comments
//   1 nw ne sw se      a 2×2 leaf: four states
//   d nw ne sw se      a node of size 2^d (d ≥ 2): four earlier node numbers, 0 for empty
// Nodes are numbered from 1 in file order; the last is the root, placed where Golly places a
// root of its level (ghashbase keeps y upwards, as hlifealgo does): x from −2^(d−1) to
// 2^(d−1) − 1 and y from 1 − 2^(d−1) to 2^(d−1), as the two-state engine's frame.

import HashlifeEngine

public enum MultiStateMacrocell {
    /// Reads a multi-state macrocell file (gzip-compressed or not).
    public static func read(bytes: [UInt8]) throws(PatternError) -> (pattern: MultiStatePattern, generation: String?) {
        var data = bytes
        if Gzip.isCompressed(bytes) {
            do { data = try Gzip.decompress(bytes) } catch {
                throw PatternError(line: 1, column: 1, message: "gzip: \(error)")
            }
        }
        return try read(String(decoding: data, as: UTF8.self))
    }

    public static func read(_ text: String) throws(PatternError) -> (pattern: MultiStatePattern, generation: String?) {
        // Split on scalars: "\r\n" is one Character, which a split on the Character "\n" misses.
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line -> Substring in
                var scalars = String.UnicodeScalarView(line)
                if scalars.last == "\r" { scalars.removeLast() }
                return Substring(String(scalars))
            }
        guard let first = lines.first, first.hasPrefix("[M2]") else {
            throw PatternError(line: 1, column: 1, message: "a macrocell file starts with \"[M2]\"")
        }
        var rule: AnyRule?
        var generation: String?
        var comments: [String] = []
        // Node number → (level, children or states).
        var nodes: [(level: Int, parts: [Int])] = [(0, [])]
        for (number, line) in lines.enumerated().dropFirst() {
            if line.hasPrefix("#") {
                let value = line.dropFirst(2).drop { $0 == " " }
                if line.hasPrefix("#R") {
                    do { rule = try RuleFolders.stateRule(String(value.prefix { $0 != " " })) } catch {
                        throw PatternError(line: number + 1, column: 4, message: "\(error)")
                    }
                } else if line.hasPrefix("#G") {
                    generation = String(value)
                } else {
                    comments.append(String(line))
                }
                continue
            }
            let fields = line.split(separator: " ")
            if fields.isEmpty { continue }
            let values = fields.compactMap { Int($0) }
            guard values.count == 5, fields.count == 5 else {
                throw PatternError(line: number + 1, column: 1, message: "expected a node: a level and four numbers")
            }
            guard let rule else { throw PatternError(line: number + 1, column: 1, message: "a node before the \"#R\" rule line") }
            let level = values[0]
            guard level >= 1, level <= Universe.maximumStepExponent else {
                throw PatternError(line: number + 1, column: 1, message: "node level \(level) is outside 1...\(Universe.maximumStepExponent)")
            }
            for (index, value) in values.dropFirst().enumerated() {
                let column = fields[0...index].reduce(0) { $0 + $1.count + 1 } + 1
                if level == 1 {
                    guard value >= 0, value < rule.stateCount else {
                        throw PatternError(line: number + 1, column: column,
                                           message: "state \(value) is out of range for rule \(rule) (\(rule.stateCount) states)")
                    }
                } else {
                    guard value >= 0, value < nodes.count, value == 0 || nodes[value].level == level - 1 else {
                        throw PatternError(line: number + 1, column: column,
                                           message: "node \(value) is not an earlier node of level \(level - 1)")
                    }
                }
            }
            nodes.append((level, Array(values.dropFirst())))
        }
        guard let rule else { throw PatternError(line: lines.count, column: 1, message: "no \"#R\" rule line") }
        let tree = StateTree(nodes: nodes.dropFirst().map {
            StateTree.Node(level: $0.level, parts: SIMD4(Int32($0.parts[0]), Int32($0.parts[1]), Int32($0.parts[2]), Int32($0.parts[3])))
        })
        return (MultiStatePattern(rule: rule, comments: comments, tree: tree), generation)
    }

    /// The pattern as Golly writes it: shared subtrees written once, children before parents
    /// (a pattern that holds a tree is written node for node).
    public static func write(_ pattern: MultiStatePattern, generation: String? = nil) -> String {
        var output = "[M2] (hashlife)\n#R \(pattern.rule)\n"
        if let generation, generation != "0" { output += "#G \(generation)\n" }
        // Metadata lines ("#N", "#O", "#C") are kept; anything else becomes a "#C" comment (a
        // "#R" or "#G" would be read back as the rule or generation).
        for comment in pattern.comments {
            let kept = comment.hasPrefix("#") && !comment.hasPrefix("#R") && !comment.hasPrefix("#G")
            output += (kept ? comment : "#C " + comment) + "\n"
        }
        if let tree = pattern.tree {
            // A quadtree (a file read, or a universe's own tree): its nodes as they are.
            for node in tree.nodes {
                output += "\(node.level) \(node.parts[0]) \(node.parts[1]) \(node.parts[2]) \(node.parts[3])\n"
            }
            return output
        }
        guard let box = pattern.bounds else { return output }
        // The smallest root whose frame (x in −half ..< half, y in 1 − half ... half) holds
        // the cells.
        var level = 1
        let extent = max(-box.left, box.left + box.width, 1 - box.top, box.top + box.height - 1)
        while 1 << (level - 1) < extent { level += 1 }
        var numbers: [[Int]: Int] = [:]
        var count = 0
        func node(_ level: Int, _ x: Int, _ y: Int, _ cells: [MultiStateCell]) -> Int {
            guard !cells.isEmpty else { return 0 }
            var parts: [Int]
            if level == 1 {
                parts = [0, 0, 0, 0]
                for cell in cells { parts[(cell.y - y) * 2 + cell.x - x] = Int(cell.state) }
            } else {
                let half = 1 << (level - 1)
                var quadrants = [[MultiStateCell]](repeating: [], count: 4)
                for cell in cells { quadrants[(cell.y - y >= half ? 2 : 0) + (cell.x - x >= half ? 1 : 0)].append(cell) }
                parts = (0..<4).map { node(level - 1, x + half * ($0 % 2), y + half * ($0 / 2), quadrants[$0]) }
            }
            let key = [level] + parts
            if let known = numbers[key] { return known }
            count += 1
            numbers[key] = count
            output += "\(level) \(parts[0]) \(parts[1]) \(parts[2]) \(parts[3])\n"
            return count
        }
        let half = 1 << (level - 1)
        _ = node(level, -half, 1 - half, pattern.cells)
        return output
    }
}
