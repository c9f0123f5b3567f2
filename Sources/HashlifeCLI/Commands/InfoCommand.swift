import HashlifeEngine
import HashlifeInterface
import HashlifeFormats

/// `hashlife info FILE`.
enum InfoCommand: Subcommand {
    static let spec = CommandSpec(
        name: "info",
        abstract: "Describe a pattern file: format, rule, generation, population, bounds and tree size.",
        discussion: """
            For a multi-state rule (Generations, History, Super) it also gives the number of \
            states and the cells in each non-zero state (counted when the population is at most \
            \(InfoCommand.stateCountLimit); the population counts every cell not in state 0, as \
            Golly does).
            """,
        arguments: [ArgumentSpec("FILE", help: "Pattern file to read, '-' for standard input, a ZIP archive (its entries are listed), or ARCHIVE.zip:ENTRY.")],
        options: [
            MemoryOption.spec,
            RulesOption.spec,
            .flag(["--json"], help: "Print one JSON object (big numbers as strings; 'tree_nodes' counts the distinct nodes of the pattern's quadtree, 'memory' holds the engine's statistics after loading, where 'nodes' counts every node in the store)."),
        ],
        examples: ["hashlife info patterns/gosper-glider-gun.rle", "hashlife info pattern.mc.gz --json"]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        let path = arguments.positionals["FILE"]!
        let memoryLimit = try MemoryOption.limit(arguments, command: "hashlife info")
        if let location = PatternArchive.location(of: path), location.inner == nil {
            return try describeArchive(path, memoryLimit: memoryLimit, json: arguments.flag("--json"), context: context)
        }
        let file = try PatternFiles.open(path, rule: nil, memoryLimit: memoryLimit, threads: 1)
        let universe = file.universe
        let population = universe.population
        var fields: [InfoReport.Field] = []
        // A rule with one live state has its population in that state; a rule of more states
        // gives its family, its states and the cells in each.
        let byState = universe.stateCount > 2 ? stateFields(universe) : []
        fields += byState.prefix(2)
        fields.append(.both("generation", .string(universe.generation.description), universe.generation.description))
        fields.append(.both("population", .string(population.description),
                            population.description + (byState.isEmpty ? "" : " (cells not in state 0)")))
        fields += byState.dropFirst(2)
        fields.append(.json("background", .int(universe.currentBackground)))
        if universe.currentBackground == 1 { fields.append(.text("background", "1 (the cells are those that differ from an all-alive plane)")) }
        let report = InfoReport(path: path, format: file.format, compressed: file.compressed, name: file.metadata.name,
                                author: file.metadata.author, comments: file.metadata.comments, rule: universe.anyRule.description,
                                fields: fields, box: universe.boundingBox, level: universe.rootLevel,
                                treeNodes: universe.treeNodeCount, statistics: universe.statistics)
        context.standardOutput(arguments.flag("--json") ? report.json : report.text)
    }

    /// The most cells counted state by state: beyond it only the population is given.
    static let stateCountLimit = 10_000_000

    /// The fields of a rule of several live states: its family and state count, then the cells
    /// in each state not 0 (counted when the population is at most `stateCountLimit`).
    static func stateFields(_ universe: any LifeUniverse) -> [InfoReport.Field] {
        var counts: [Int]? = nil
        if universe.population <= BigUInt(UInt64(stateCountLimit)) {
            var tally = [Int](repeating: 0, count: universe.stateCount)
            universe.forEachCell(in: nil) { _, _, state in tally[Int(state)] += 1 }
            counts = tally
        }
        let family: String? = universe.anyRule.familyName
        let byState: JSONValue = counts.map { tally in
            .fields(tally.enumerated().dropFirst().filter { $0.element > 0 }.map { (String($0.offset), .int($0.element)) })
        } ?? .null
        let listed = counts.map { tally in
            let nonZero = tally.enumerated().dropFirst().filter { $0.element > 0 }.map { "\($0.offset): \($0.element)" }
            return nonZero.isEmpty ? "none" : nonZero.joined(separator: ", ")
        } ?? "not counted (more than \(stateCountLimit) cells)"
        var fields: [InfoReport.Field] = [
            .json("family", family.map { .string($0) } ?? .null),
            .both("states", .int(universe.stateCount), "\(universe.stateCount)" + (family.map { " (\($0))" } ?? "")),
        ]
        // A rule file's @NAMES, state by state.
        let names = universe.anyRule.stateNames
        if !names.isEmpty {
            let sorted = names.sorted { $0.key < $1.key }
            fields.append(InfoReport.Field(json: ("state_names", .fields(sorted.map { (String($0.key), .string($0.value)) })),
                                           text: ("state names", sorted.map { "\($0.key) \($0.value)" }.joined(separator: ", "))))
        }
        fields.append(InfoReport.Field(json: ("cells_by_state", byState), text: ("by state", listed)))
        return fields
    }
}

/// What `info` says about a file, as text or as one JSON object: the file's fields, the rule,
/// the fields of the pattern's kind, then the bounds and the tree.
struct InfoReport {
    /// A field shown in JSON, as text, or both (keys may differ).
    struct Field {
        var json: (String, JSONValue)?
        var text: (String, String)?
        static func both(_ key: String, _ json: JSONValue, _ text: String) -> Field { Field(json: (key, json), text: (key, text)) }
        static func json(_ key: String, _ value: JSONValue) -> Field { Field(json: (key, value), text: nil) }
        static func text(_ key: String, _ value: String) -> Field { Field(json: nil, text: (key, value)) }
    }

    var path: String
    var format: PatternFormat
    var compressed: Bool
    var name: String?
    var author: String?
    var comments: [String]
    var rule: String
    var fields: [Field]
    var box: CellRect?
    var level: Int
    var treeNodes: Int
    var statistics: EngineStatistics

    var json: String {
        let head: [(String, JSONValue)] = [
            ("file", .string(PatternFiles.label(path))),
            ("format", .string(format.rawValue)),
            ("compressed", .bool(compressed)),
            ("name", name.map { .string($0) } ?? .null),
            ("author", author.map { .string($0) } ?? .null),
            ("comments", .array(comments.map { .string($0) })),
            ("rule", .string(rule)),
        ]
        let tail: [(String, JSONValue)] = [
            ("bounds", PatternFiles.bounds(box)),
            ("level", .int(level)),
            ("tree_nodes", .int(treeNodes)),
            ("memory", statistics.json),
        ]
        return JSONValue.fields(head + fields.compactMap(\.json) + tail).encoded + "\n"
    }

    /// Lines of "key: value" aligned, then the comments indented.
    var text: String {
        var lines: [(String, String)] = [("file", PatternFiles.label(path)), ("format", format.displayName + (compressed ? " (gzip)" : ""))]
        if let name { lines.append(("name", name)) }
        if let author { lines.append(("author", author)) }
        lines.append(("rule", rule))
        lines += fields.compactMap(\.text)
        lines.append(("bounds", box.map { "x=\($0.x) y=\($0.y) width=\($0.width) height=\($0.height)" } ?? "empty"))
        lines.append(("tree", "level \(level), \(treeNodes) distinct nodes"))
        var text = lines.map { $0.0 + ":" + String(repeating: " ", count: max(12 - $0.0.count, 1)) + $0.1 }.joined(separator: "\n") + "\n"
        if !comments.isEmpty {
            text += "comments:\n" + comments.map { "  " + $0 }.joined(separator: "\n") + "\n"
        }
        return text
    }
}
