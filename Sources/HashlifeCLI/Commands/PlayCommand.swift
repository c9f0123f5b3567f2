import HashlifeApp
import HashlifeEngine
import HashlifeTerminal
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `hashlife play [FILE] [--rule R] [--board ID] [--max-memory MB] [--threads N]`: the full-screen app.
enum PlayCommand: Subcommand {
    static let spec = CommandSpec(
        name: "play",
        abstract: "Play and edit a pattern in a full-screen terminal app.",
        discussion: """
            A full-screen app in the terminal: a header with generation, population and a \
            sparkline, a canvas you can pan and zoom without limit, a control bar, and an edit \
            toolbar of patterns to stamp. Space plays, '.' steps one generation, a click toggles \
            a cell, '?' lists every key, q quits.

            The universe is a board of the board store ($HASHLIFE_STORE, else \
            $XDG_DATA_HOME/hashlife/boards.sqlite), saved after edits and on pause: 'hashlife play' \
            with no file reopens the last session as it was. Settings live in \
            $XDG_CONFIG_HOME/hashlife/settings.json. Colours follow COLORTERM, and NO_COLOR turns \
            them off.
            """,
        arguments: [ArgumentSpec("FILE", help: "Pattern file to start a new board from (any supported format, optionally .gz).", optional: true)],
        options: [
            OptionSpec(["--rule", "-r"], value: "R", help: "Rule to play under, e.g. B36/S23, HighLife, or a multi-state rule such as 345/2/4 or LifeHistory.", default: "the file's rule, else B3/S23"),
            OptionSpec(["--board"], value: "ID", help: "Open this board of the store (any unique prefix of its id)."),
            .flag(["--hex"], help: "Start with the rows sheared into a hexagonal grid, each half a cell right of the row below, for hexagonal rules (# switches in the app)."),
            MemoryOption.spec,
            RulesOption.spec,
            ThreadsOption.spec,
        ],
        examples: [
            "hashlife play patterns/gosper-glider-gun.rle",
            "hashlife play",
            "hashlife play --board 3f2a",
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        let command = "hashlife play"
        let options = try SessionOptions(arguments, command: command)
        guard Terminal.isTerminal(STDIN_FILENO), Terminal.isTerminal(STDOUT_FILENO), let size = Terminal.size(of: STDOUT_FILENO) else {
            throw .failure("play needs a terminal (standard input and output); for scripts use 'hashlife repl'")
        }
        let environment = SessionOptions.environment(adding: ["NO_COLOR", "COLORTERM"])
        let launch = AppLaunch(file: options.file, rule: options.rule, board: options.board, memoryLimit: options.memoryLimit, threads: options.threads,
                               columns: size.columns, rows: size.rows, environment: environment,
                               hexagonal: arguments.flag("--hex") ? true : nil)
        let app: App
        do { app = try launch.makeApp() } catch { throw .failure(error.description) }
        AppRunner.run(app, colourMode: ColourMode.from(environment: environment))
    }
}
