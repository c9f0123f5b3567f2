import HashlifeAnalysis
import HashlifeBoards
import HashlifeEngine
import HashlifeFormats
import HashlifeRendering
import HashlifeInterface
import HashlifeTerminal
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `hashlife board ACTION …`: saved boards in the board store, through `BoardService`; never
/// SQL here.
enum BoardCommand: Subcommand {
    static let defaultMaxGeneration = ClassifyCommand.defaultMaxGeneration

    /// Each action with its operands and the options it takes (besides --json, --store, --verbose).
    static let actions: [(name: String, operands: [String], options: Set<String>, summary: String)] = [
        ("new", ["FILE"], ["--name", "--rule", MemoryOption.name], "Create a board from a pattern file; print its id."),
        ("import", ["FILE"], ["--name", "--rule", MemoryOption.name], "The same as new."),
        ("list", [], ["--previews", "--no-previews"], "List the boards (a table, or JSON); previews on a terminal."),
        ("show", ["ID"], [MemoryOption.name], "Show metadata, the last verdict and a thumbnail."),
        ("step", ["ID"], ["--gen", "--by", MemoryOption.name, ThreadsOption.name], "Advance to --gen N or by --by N (default 1); store it."),
        ("final", ["ID"], ["--max-gen", MemoryOption.name, ThreadsOption.name], "Classify within --max-gen; store the verdict."),
        ("export", ["ID", "FILE"], ["--format", MemoryOption.name], "Write the state to FILE atomically (any format)."),
        ("rename", ["ID", "NAME"], [], "Rename a board."),
        ("delete", ["ID"], [], "Delete a board and its history."),
        ("history", ["ID"], ["--csv"], "Print the population history (--csv, --json)."),
    ]

    static let spec = CommandSpec(
        name: "board",
        abstract: "Keep boards in a persistent store: create, step, classify, list, export.",
        discussion: """
            A board is a pattern saved with a unique id (a UUID), its origin, its current state \
            (as a compressed quadtree), its exact generation and population, its last verdict \
            and its population history. The store is one SQLite file that survives crashes: \
            every change is one transaction, so a board is always either there whole or not at all.

            Actions:
            \(actions.map { "  \($0.name) \($0.operands.joined(separator: " "))".padding(20) + $0.summary }.joined(separator: "\n"))

            ID may be any unique prefix of a board's id. The store is $HASHLIFE_STORE if set, else \
            --store PATH, else $XDG_DATA_HOME/hashlife/boards.sqlite (~/.local/share/…). \
            HASHLIFE_LOG=info|debug (or --verbose) logs each operation on standard error. Exit \
            status 0 on success, 1 on a failure, 2 when final finds no verdict within the limit, \
            64 on a usage error, 130 on Ctrl-C (the board is left as it was).
            """,
        arguments: [
            ArgumentSpec("ACTION", help: "new, import, list, show, step, final, export, rename, delete or history."),
            ArgumentSpec("OPERAND", help: "The FILE (new, import) or the board ID.", optional: true),
            ArgumentSpec("OPERAND2", help: "The FILE (export) or the NAME (rename).", optional: true),
        ],
        options: [
            OptionSpec(["--name"], value: "NAME", help: "Name of the new board.", default: "the file's #N name, else its file name"),
            OptionSpec(["--rule", "-r"], value: "R", help: "Rule of the new board.", default: "the file's rule, else B3/S23"),
            OptionSpec(["--gen", "-g"], value: "N", help: "step: the absolute generation to reach (digits or B^E)."),
            OptionSpec(["--by"], value: "N", help: "step: generations to advance.", default: "1"),
            OptionSpec(["--max-gen", "-m"], value: "N", help: "final: generations to look at before giving up.", default: defaultMaxGeneration),
            OptionSpec(["--format"], value: "F", help: "export: rle, mc, cells or lif.", default: "from the FILE extension"),
            .flag(["--csv"], help: "history: comma-separated values with a header line."),
            .flag(["--previews"], help: "list: a thumbnail under each board (JSON: a 'thumbnail' array each); the default when standard output is a terminal."),
            .flag(["--no-previews"], help: "list: no thumbnails, even on a terminal."),
            MemoryOption.spec,
            RulesOption.spec,
            ThreadsOption.spec,
            OptionSpec(["--store"], value: "PATH", help: "The board store file (when $HASHLIFE_STORE is not set).", default: "$XDG_DATA_HOME/hashlife/boards.sqlite"),
            .flag(["--verbose", "-v"], help: "Log each operation on standard error (as HASHLIFE_LOG=info)."),
            .flag(["--json"], help: "Print one JSON document (big numbers as strings)."),
        ],
        examples: [
            "hashlife board new patterns/gosper-glider-gun.rle",
            "hashlife board step 3f2a --gen 2^100",
            "hashlife board final 3f2a --json",
            "hashlife board list",
            "hashlife board export 3f2a gun.mc.gz",
        ]
    )

    static let command = "hashlife board"

    static func usage(_ message: String) -> CommandError { .usage(UsageError(command: command, message: message)) }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        let actionName = arguments.positionals["ACTION"]!
        guard let action = actions.first(where: { $0.name == actionName }) else {
            var message = "unknown action \(Excerpt.quote(actionName))"
            if let close = Suggestion.closest(to: actionName, among: actions.map(\.name)) { message += "; did you mean '\(close)'?" }
            throw usage(message + "; expected " + actions.map(\.name).joined(separator: ", "))
        }
        // Operands: exactly as many as the action takes.
        let given = ["OPERAND", "OPERAND2"].compactMap { arguments.positionals[$0] }
        guard given.count == action.operands.count else {
            if given.count < action.operands.count { throw usage("'board \(action.name)' needs \(action.operands[given.count])") }
            throw usage("unexpected argument \(Excerpt.quote(given[action.operands.count])) for 'board \(action.name)'")
        }
        for option in spec.options where !["--json", "--store", "--verbose"].contains(option.primaryName) && !action.options.contains(option.primaryName) {
            if arguments.value(option.primaryName) != nil || arguments.flag(option.primaryName) {
                throw usage("option '\(option.primaryName)' does not apply to 'board \(action.name)'")
            }
        }
        if action.name == "history" && arguments.flag("--csv") && arguments.flag("--json") { throw usage("--csv and --json exclude each other") }
        if action.name == "step" && arguments.value("--gen") != nil && arguments.value("--by") != nil { throw usage("--gen and --by exclude each other") }
        let json = arguments.flag("--json")
        let memoryLimit = try MemoryOption.limit(arguments, command: command)
        let threads = try ThreadsOption.count(arguments, command: command)
        let service = try openService(arguments, memoryLimit: memoryLimit, threads: threads)
        let operands = given
        do {
            switch action.name {
            case "new", "import": try create(service, file: operands[0], arguments: arguments, json: json, context: context)
            case "list":
                if arguments.flag("--previews") && arguments.flag("--no-previews") { throw usage("--previews and --no-previews exclude each other") }
                let previews = arguments.flag("--previews") || (context.standardOutputIsTerminal && !arguments.flag("--no-previews"))
                try list(service, json: json, previews: previews, context: context)
            case "show": try show(service, operands[0], json: json, context: context)
            case "step":
                noteIfSingleThreaded(service, operands[0], threads: threads)
                try step(service, operands[0], arguments: arguments, json: json, context: context)
            case "final":
                noteIfSingleThreaded(service, operands[0], threads: threads)
                try final(service, operands[0], arguments: arguments, json: json, context: context)
            case "export": try export(service, operands[0], to: operands[1], arguments: arguments, json: json, context: context)
            case "rename":
                try service.rename(operands[0], to: operands[1])
                let board = try service.board(operands[0])
                context.standardOutput(json ? JSONValue.fields([("id", .string(board.id.text)), ("name", .string(board.name))]).encoded + "\n" : "")
            case "delete":
                let id = try service.delete(operands[0])
                context.standardOutput(json ? JSONValue.fields([("deleted", .string(id.text))]).encoded + "\n" : "")
            default: try history(service, operands[0], arguments: arguments, json: json, context: context)
            }
        } catch let error as BoardError {
            throw failure(error)
        } catch let error as CommandError {
            throw error
        } catch {
            throw .failure("\(error)")
        }
    }

    /// Board errors as command errors: Ctrl-C exits 130, the rest 1.
    static func failure(_ error: BoardError) -> CommandError {
        if case .cancelled = error { return .interrupted(error.description) }
        return .failure(error.description)
    }

    /// The store's path: `$HASHLIFE_STORE` if set, else `--store`, else the XDG data folder's
    /// boards.sqlite.
    static func storePath(_ arguments: ParsedArguments) throws(CommandError) -> String {
        // The environment first (so a script or a test can pin the store for
        // every command it runs), then the option, then the data folder.
        if let variable = getenv("HASHLIFE_STORE").map({ String(cString: $0) }), !variable.isEmpty { return variable }
        if let path = arguments.value("--store") {
            guard !path.isEmpty else { throw usage("invalid value for '--store': the path is empty") }
            return path
        }
        guard let folder = DataFolders.data() else {
            throw .failure("cannot tell where to keep boards: neither $XDG_DATA_HOME nor $HOME is set (give --store PATH or set HASHLIFE_STORE)")
        }
        return folder + "/boards.sqlite"
    }

    static func openService(_ arguments: ParsedArguments, memoryLimit: Int, threads: Int) throws(CommandError) -> BoardService {
        let path = try storePath(arguments)
        do throws(BoardError) {
            let log = try BoardLog.fromEnvironment(verbose: arguments.flag("--verbose"))
            let repository = try SQLiteBoardRepository(path: path)
            return BoardService(repository: repository, memoryLimit: memoryLimit, threads: threads, log: log)
        } catch {
            throw failure(error)
        }
    }

    // MARK: Actions

    static func create(_ service: BoardService, file: String, arguments: ParsedArguments, json: Bool, context: CommandContext) throws(CommandError) {
        let rule = try PatternFiles.anyRule(arguments.value("--rule"), command: command)
        let bytes: [UInt8]
        do { bytes = try FileIO.read(file) } catch { throw .failure(error.description) }
        let base = file == "-" ? "stdin" : String(file.split(separator: "/").last ?? Substring(file))
        let fallback = String(base.split(separator: ".").first ?? Substring(base))
        let board: Board
        do { board = try service.create(bytes: bytes, fileName: PatternFiles.label(file), name: arguments.value("--name"), fallbackName: fallback, rule: rule) } catch {
            throw failure(error)
        }
        context.standardOutput(json ? summaryJSON(board.summary).encoded + "\n" : board.id.text + "\n")
    }

    static func list(_ service: BoardService, json: Bool, previews: Bool, context: CommandContext) throws(BoardError) {
        let boards = try service.list()
        // With previews, each board's state is loaded for its thumbnail.
        var thumbnails: [[String]] = []
        if previews {
            for b in boards { thumbnails.append(Thumbnail.text(try service.universe(of: try service.board(b.id.text)), columns: 16, rows: 4)) }
        }
        if json {
            let items = boards.enumerated().map { index, b -> JSONValue in
                guard previews else { return summaryJSON(b) }
                return .fields(summaryJSON(b).objectFields + [("thumbnail", .array(thumbnails[index].map { .string($0) }))])
            }
            context.standardOutput(JSONValue.array(items).encoded + "\n")
            return
        }
        var rows = [["ID", "NAME", "RULE", "GENERATION", "POPULATION", "UPDATED"]]
        for b in boards {
            rows.append([b.id.short, Excerpt.escapingControls(b.name), b.rule, abbreviated(b.generation), abbreviated(b.population), dateText(b.updated)])
        }
        let lines = table(rows).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        guard previews else {
            context.standardOutput(table(rows))
            return
        }
        var out = lines[0] + "\n"
        for (index, line) in lines.dropFirst().enumerated() {
            out += line + "\n" + thumbnails[index].map { "    " + $0 + "\n" }.joined()
        }
        context.standardOutput(out)
    }

    static func show(_ service: BoardService, _ id: String, json: Bool, context: CommandContext) throws(BoardError) {
        let board = try service.board(id)
        let universe = try service.universe(of: board)
        let thumbnail = thumbnailLines(universe)
        if json {
            var fields = summaryJSON(board.summary).objectFields
            fields += [("created", .string(BoardLog.timestamp(board.created))), ("updated", .string(BoardLog.timestamp(board.updated))),
                       ("author", board.author.map { .string($0) } ?? .null), ("comments", .array(board.comments.map { .string($0) })),
                       ("bounds", boundsJSON(board.bounds)),
                       ("verdict", board.verdict.map { .string($0.name) } ?? .null),
                       ("verdict_summary", board.verdict.map { .string($0.summary) } ?? .null),
                       ("verdict_max_gen", board.verdict.map { .string($0.maxGeneration.description) } ?? .null),
                       ("thumbnail", .array(thumbnail.map { .string($0) }))]
            context.standardOutput(JSONValue.fields(fields).encoded + "\n")
            return
        }
        var lines = [
            "id:          \(board.id)",
            "name:        \(Excerpt.escapingControls(board.name))",
            "rule:        \(board.rule)",
            "generation:  \(board.generation)",
            "population:  \(board.population)",
            "bounds:      " + (board.bounds.map { "x=\($0.x) y=\($0.y) width=\($0.width) height=\($0.height)" } ?? "none (nothing alive)"),
            "created:     \(BoardLog.timestamp(board.created))",
            "updated:     \(BoardLog.timestamp(board.updated))",
        ]
        if let author = board.author { lines.append("author:      \(Excerpt.escapingControls(author))") }
        lines.append("verdict:     " + (board.verdict.map { "\($0.summary) (looked up to \(Plural.count($0.maxGeneration, "generation")) ahead)" } ?? "none yet (hashlife board final ID)"))
        lines.append("thumbnail:")
        lines += thumbnail.map { "  " + $0 }
        context.standardOutput(lines.joined(separator: "\n") + "\n")
    }

    /// The note of `ThreadsOption.noteIfIgnored` for the board `id` (none when it cannot be
    /// read: the action then reports why).
    static func noteIfSingleThreaded(_ service: BoardService, _ id: String, threads: Int) {
        guard threads > 1, let board = try? service.board(id), let rule = try? RuleFolders.anyRule(board.rule) else { return }
        ThreadsOption.noteIfIgnored(threads, by: rule.makeUniverse())
    }

    static func step(_ service: BoardService, _ id: String, arguments: ParsedArguments, json: Bool, context: CommandContext) throws(CommandError) {
        let clock = ContinuousClock()
        let start = clock.now
        let gen = try arguments.value("--gen").map { (text) throws(CommandError) in try PatternFiles.count(text, option: "--gen", command: command) }
        let by = try arguments.value("--by").map { (text) throws(CommandError) in try PatternFiles.count(text, option: "--by", command: command) }
        Interrupts.install()
        let control = context.interrupts
        control.reset()
        let bar = ProgressBar(label: "computing", enabled: context.errorIsTerminal) {
            ProgressBar.Reading(target: (gen ?? by).map(\.description) ?? "1", nodes: control.nodeCount)
        }
        bar.start()
        let board: Board
        do {
            if let gen { board = try service.step(id, toGeneration: gen, control: control) } else { board = try service.step(id, by: by ?? 1, control: control) }
            bar.stop()
        } catch {
            bar.stop()
            throw failure(error)
        }
        if json {
            var fields = summaryJSON(board.summary).objectFields
            fields += [("bounds", boundsJSON(board.bounds)), ("seconds", .double((clock.now - start) / .seconds(1)))]
            context.standardOutput(JSONValue.fields(fields).encoded + "\n")
        } else {
            context.standardOutput("\(board.generation): \(board.population)\n")
        }
    }

    static func final(_ service: BoardService, _ id: String, arguments: ParsedArguments, json: Bool, context: CommandContext) throws(CommandError) {
        let limit = try PatternFiles.count(arguments.value("--max-gen") ?? defaultMaxGeneration, option: "--max-gen", command: command)
        Interrupts.install()
        context.interrupts.reset()
        let result: Classification
        do { result = try service.final(id, maxGeneration: limit, control: context.interrupts) } catch {
            throw failure(error)
        }
        context.standardOutput((json ? result.json.encoded : result.verdict.summary) + "\n")
        if case .undetermined = result.verdict {
            throw .undetermined("board \(Excerpt.quote(id)): no verdict within \(Plural.count(limit, "generation")) (try a larger --max-gen)")
        }
    }

    static func export(_ service: BoardService, _ id: String, to path: String, arguments: ParsedArguments, json: Bool, context: CommandContext) throws(CommandError) {
        let format = try PatternFiles.outputFormat(for: path, format: arguments.value("--format"), command: command, option: "FILE")
        let output = try OutputFile(path)
        let bytes: [UInt8]
        let board: Board
        do {
            board = try service.board(id)
            bytes = try service.export(board.id.text, as: format, compressed: PatternFormat.isCompressedName(path))
        } catch {
            output.abandon()
            throw failure(error)
        }
        try output.write(bytes, context: context)
        try output.commit()
        if json && !output.isStandardOutput {
            context.standardOutput(JSONValue.fields([("id", .string(board.id.text)), ("path", .string(path)), ("format", .string(format.fileExtension))]).encoded + "\n")
        }
    }

    static func history(_ service: BoardService, _ id: String, arguments: ParsedArguments, json: Bool, context: CommandContext) throws(BoardError) {
        let samples = try service.history(id)
        if json {
            context.standardOutput(JSONValue.array(samples.map { .fields([("generation", .string($0.generation.description)), ("population", .string($0.population.description))]) }).encoded + "\n")
        } else if arguments.flag("--csv") {
            context.standardOutput("generation,population\n" + samples.map { "\($0.generation),\($0.population)\n" }.joined())
        } else {
            context.standardOutput(table([["GENERATION", "POPULATION"]] + samples.map { [$0.generation.description, $0.population.description] }))
        }
    }

    // MARK: Formatting

    static func summaryJSON(_ b: BoardSummary) -> JSONValue {
        .fields([("id", .string(b.id.text)), ("name", .string(b.name)), ("rule", .string(b.rule)),
                 ("generation", .string(b.generation.description)), ("population", .string(b.population.description)),
                 ("updated", .string(BoardLog.timestamp(b.updated)))])
    }

    static func boundsJSON(_ bounds: CellRect?) -> JSONValue {
        guard let box = bounds else { return .null }
        return .fields([("x", .string(box.x.description)), ("y", .string(box.y.description)),
                        ("width", .string(box.width.description)), ("height", .string(box.height.description))])
    }

    /// Numbers of more than 16 digits shortened for the table ("1267650600…(31 digits)");
    /// `--json` and `show` give them whole.
    static func abbreviated(_ n: BigUInt) -> String {
        let text = n.description
        return text.count > 16 ? "\(text.prefix(6))…(\(text.count) digits)" : text
    }

    /// "2026-11-22 18:46" (UTC).
    static func dateText(_ milliseconds: Int64) -> String {
        let stamp = BoardLog.timestamp(milliseconds)
        return String(stamp.prefix(16)).replacingOccurrences(of: "T", with: " ")
    }

    static func table(_ rows: [[String]]) -> String {
        let widths = (0..<rows[0].count).map { c in rows.map { $0[c].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { c, cell in c == row.count - 1 ? cell : cell.padding(widths[c]) }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// The shared thumbnail (`Thumbnail.text`): 16×4 braille characters, 32×16 blocks.
    static func thumbnailLines(_ universe: any LifeUniverse) -> [String] {
        Thumbnail.text(universe, columns: 16, rows: 4)
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
    func replacingOccurrences(of a: Character, with b: Character) -> String { String(map { $0 == a ? b : $0 }) }
}

extension JSONValue {
    /// The fields of an object, as pairs (empty for other values).
    var objectFields: [(String, JSONValue)] {
        if case .object(let fields) = self { return fields.map { ($0.key, $0.value) } }
        return []
    }
}
