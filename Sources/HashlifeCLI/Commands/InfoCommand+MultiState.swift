import HashlifeEngine
import HashlifeInterface
import HashlifeFormats

extension InfoCommand {
    /// The most cells counted state by state: beyond it only the population is given.
    static let stateCountLimit = 10_000_000

    /// The description of a multi-state pattern: the two-state fields plus the rule's family and
    /// state count and the cells in each state.
    static func describe(_ universe: MultiStateUniverse, _ decoded: DecodedMultiStatePattern, path: String, json: Bool,
                         context: CommandContext) {
        let population = universe.population
        let box = universe.boundingBox
        var counts: [Int]? = nil
        if population <= BigUInt(UInt64(stateCountLimit)) {
            var tally = [Int](repeating: 0, count: universe.rule.stateCount)
            universe.forEachCell { _, _, state in tally[Int(state)] += 1 }
            counts = tally
        }
        // Name and author are "#N" and "#O" lines among the comments; "#C" loses its prefix.
        var (name, author, comments): (String?, String?, [String]) = (nil, nil, [])
        for line in decoded.pattern.comments {
            let text = String(line.dropFirst(2).drop { $0 == " " })
            if line.hasPrefix("#N") && name == nil { name = text }
            else if line.hasPrefix("#O") && author == nil { author = text }
            else if line.hasPrefix("#C") || line.hasPrefix("#c") { comments.append(text) }
            else { comments.append(line) }
        }
        let family = switch universe.rule.family {
        case .generations: "Generations"
        case .history: "History"
        case .superRule: "Super"
        }
        if json {
            let byState: JSONValue = counts.map { tally in
                .fields(tally.enumerated().dropFirst().filter { $0.element > 0 }.map { (String($0.offset), .int($0.element)) })
            } ?? .null
            let fields: [(String, JSONValue)] = [
                ("file", .string(PatternFiles.label(path))),
                ("format", .string(decoded.format.rawValue)),
                ("compressed", .bool(decoded.compressed)),
                ("name", name.map { .string($0) } ?? .null),
                ("author", author.map { .string($0) } ?? .null),
                ("comments", .array(comments.map { .string($0) })),
                ("rule", .string(universe.rule.description)),
                ("family", .string(family)),
                ("states", .int(universe.rule.stateCount)),
                ("generation", .string(universe.generation.description)),
                ("population", .string(population.description)),
                ("cells_by_state", byState),
                ("background", .int(0)),
                ("bounds", PatternFiles.bounds(box)),
                ("level", .int(universe.rootLevel)),
                ("tree_nodes", .int(universe.treeNodeCount)),
                ("memory", universe.statistics.json),
            ]
            context.standardOutput(JSONValue.fields(fields).encoded + "\n")
            return
        }
        let format = decoded.format.displayName + (decoded.compressed ? " (gzip)" : "")
        var lines: [(String, String)] = [("file", PatternFiles.label(path)), ("format", format)]
        if let name { lines.append(("name", name)) }
        if let author { lines.append(("author", author)) }
        lines.append(("rule", universe.rule.description))
        lines.append(("states", "\(universe.rule.stateCount) (\(family))"))
        lines.append(("generation", universe.generation.description))
        lines.append(("population", population.description + " (cells not in state 0)"))
        if let counts {
            let listed = counts.enumerated().dropFirst().filter { $0.element > 0 }.map { "\($0.offset): \($0.element)" }
            lines.append(("by state", listed.isEmpty ? "none" : listed.joined(separator: ", ")))
        } else {
            lines.append(("by state", "not counted (more than \(stateCountLimit) cells)"))
        }
        lines.append(("bounds", box.map { "x=\($0.x) y=\($0.y) width=\($0.width) height=\($0.height)" } ?? "empty"))
        lines.append(("tree", "level \(universe.rootLevel), \(universe.treeNodeCount) distinct nodes"))
        context.standardOutput(text(lines, comments: comments))
    }
}
