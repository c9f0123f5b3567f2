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
        let box = universe.boundingBox
        let population = universe.population
        let format = decoded.format.displayName + (decoded.compressed ? " (gzip)" : "")
        if arguments.flag("--json") {
            let fields: [(String, JSONValue)] = [
                ("file", .string(PatternFiles.label(path))),
                ("format", .string(decoded.format.rawValue)),
                ("compressed", .bool(decoded.compressed)),
                ("name", document.name.map { .string($0) } ?? .null),
                ("author", document.author.map { .string($0) } ?? .null),
                ("comments", .array(document.comments.map { .string($0) })),
                ("rule", .string(universe.rule.description)),
                ("generation", .string(universe.generation.description)),
                ("population", .string(population.description)),
                ("background", .int(universe.background)),
                ("bounds", PatternFiles.bounds(box)),
                ("level", .int(universe.rootLevel)),
                ("tree_nodes", .int(universe.treeNodeCount)),
                ("memory", universe.statistics.json),
            ]
            context.standardOutput(JSONValue.fields(fields).encoded + "\n")
            return
        }
        var lines: [(String, String)] = [("file", PatternFiles.label(path)), ("format", format)]
        if let name = document.name { lines.append(("name", name)) }
        if let author = document.author { lines.append(("author", author)) }
        lines.append(("rule", universe.rule.description))
        lines.append(("generation", universe.generation.description))
        lines.append(("population", population.description))
        if universe.background == 1 { lines.append(("background", "1 (the cells are those that differ from an all-alive plane)")) }
        lines.append(("bounds", box.map { "x=\($0.x) y=\($0.y) width=\($0.width) height=\($0.height)" } ?? "empty"))
        lines.append(("tree", "level \(universe.rootLevel), \(universe.treeNodeCount) distinct nodes"))
        context.standardOutput(text(lines, comments: document.comments))
    }

    /// Lines of "key: value" aligned, then the comments indented.
    static func text(_ lines: [(String, String)], comments: [String]) -> String {
        var text = lines.map { $0.0 + ":" + String(repeating: " ", count: max(12 - $0.0.count, 1)) + $0.1 }.joined(separator: "\n") + "\n"
        if !comments.isEmpty {
            text += "comments:\n" + comments.map { "  " + $0 }.joined(separator: "\n") + "\n"
        }
        return text
    }
}
