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
        arguments: [ArgumentSpec("FILE", help: "Pattern file to read, or '-' for standard input.")],
        options: [
            MemoryOption.spec,
            .flag(["--json"], help: "Print one JSON object (big numbers as strings; 'tree_nodes' counts the distinct nodes of the pattern's quadtree, 'memory' holds the engine's statistics after loading, where 'nodes' counts every node in the store)."),
        ],
        examples: ["hashlife info patterns/gosper-glider-gun.rle", "hashlife info pattern.mc.gz --json"]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        let path = arguments.positionals["FILE"]!
        let memoryLimit = try MemoryOption.limit(arguments, command: "hashlife info")
        let universe: Universe, decoded: DecodedPattern
        switch try PatternFiles.load(path, rule: nil, memoryLimit: memoryLimit, threads: 1) {
        case .twoState(let twoState, let file): (universe, decoded) = (twoState, file)
        case .multiState(let multiState, let file):
            return describe(multiState, file, path: path, json: arguments.flag("--json"), context: context)
        }
        let document = decoded.document
        let population = universe.population
        var fields: [InfoReport.Field] = [
            .both("generation", .string(universe.generation.description), universe.generation.description),
            .both("population", .string(population.description), population.description),
            .json("background", .int(universe.background)),
        ]
        if universe.background == 1 { fields.append(.text("background", "1 (the cells are those that differ from an all-alive plane)")) }
        let report = InfoReport(path: path, format: decoded.format, compressed: decoded.compressed, name: document.name,
                                author: document.author, comments: document.comments, rule: universe.rule.description,
                                fields: fields, box: universe.boundingBox, level: universe.rootLevel,
                                treeNodes: universe.treeNodeCount, statistics: universe.statistics)
        context.standardOutput(arguments.flag("--json") ? report.json : report.text)
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
