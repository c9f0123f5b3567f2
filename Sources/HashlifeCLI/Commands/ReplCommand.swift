import HashlifeEngine
import HashlifeCommands
import HashlifeREPL
import HashlifeEditing
import HashlifeTerminal
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `hashlife repl [FILE] [--json]`: the command language over one universe.
enum ReplCommand: Subcommand {
    static let spec = CommandSpec(
        name: "repl",
        abstract: "Explore a pattern interactively, or drive the engine from a script or program.",
        discussion: """
            Holds one universe in memory and answers commands, one per line: load and save \
            files, set the rule, step N generations or go to a generation (back as well as \
            forward), query the generation, population and bounds, draw a view at any zoom, pan, \
            zoom and fit the view, edit cells, and watch or change the engine's memory limit \
            ('memory', 'stats') and threads ('threads'). Type 'help' for the list, 'help COMMAND' for one command.

            At a terminal there is a prompt with line editing and history (kept in \
            $XDG_STATE_HOME/hashlife/repl_history); otherwise commands are read from standard \
            input, so scripts can be piped in. Errors are answered as 'error: MESSAGE' on \
            standard output, in order, and the session goes on. When standard input is not a \
            terminal (a script, or a program driving --json), every command still runs and the \
            exit status is 1 if any of them failed, else 0.

            With --json every command answers exactly one line of JSON: {"ok":true,...} with its \
            results (big numbers as strings) or {"ok":false,"error":{"code":...,"message":...}}, \
            so another program can drive the REPL.

            Ctrl-C stops a long step or goto, leaving the universe at a consistent generation; at \
            the prompt it clears the line, and Ctrl-D ends the session. On a pipe, an interrupt \
            while idle ends the REPL with status 130.
            """,
        arguments: [ArgumentSpec("FILE", help: "Pattern file to load first (any supported format, optionally .gz).", optional: true)],
        options: [
            .flag(["--json"], help: "Answer every command with exactly one line of JSON."),
            OptionSpec(["--size"], value: "COLSxROWS", help: "Size of the view in characters, e.g. 80x24 (at most 2^24 in all).",
                       default: "the terminal's size when standard output is one, else 80x24"),
            MemoryOption.spec,
            RulesOption.spec,
            ThreadsOption.spec,
        ],
        examples: [
            "hashlife repl patterns/gosper-glider-gun.rle",
            "printf 'load patterns/acorn.rle\\nstep 5206\\npop\\n' | hashlife repl",
            "hashlife repl patterns/r-pentomino.rle --json < commands.txt",
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        let command = "hashlife repl"
        let (columns, rows) = try viewSize(arguments.value("--size"), command: command)
        let memoryLimit = try MemoryOption.limit(arguments, command: command)
        let threads = try ThreadsOption.count(arguments, command: command)
        let session = Session(columns: columns, rows: rows, memoryLimit: memoryLimit, threads: threads)
        if let path = arguments.positionals["FILE"] {
            do { try session.load(path: path) } catch { throw .failure(error.message) }
        }
        let status = REPLRunner.runStandardStreams(session: session, json: arguments.flag("--json"),
                                                   output: context.standardOutput)
        if status != 0 { exit(status) }
    }

    /// `--size COLSxROWS`, or the terminal's size (less a row for the prompt), or 80x24.
    static func viewSize(_ text: String?, command: String) throws(CommandError) -> (Int, Int) {
        guard let text else {
            if let size = Terminal.size(of: STDOUT_FILENO) { return (size.columns, max(size.rows - 1, 1)) }
            return (80, 24)
        }
        return try OutputSizeOption.parse(text, option: "--size", command: command)
    }
}
