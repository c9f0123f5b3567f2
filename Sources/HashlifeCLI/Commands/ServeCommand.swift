import HashlifeEngine
import HashlifeServer
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `hashlife serve [FILE] [--board ID] [--port N] [--host ADDR] [--open]`: the app in a web browser.
enum ServeCommand: Subcommand {
    static let spec = CommandSpec(
        name: "serve",
        abstract: "Play and edit a pattern in a web browser, served from this machine.",
        discussion: """
            Starts a local web server and prints its address, with a fresh random token, as the \
            first line on standard output: open it in a browser. The page draws the engine's \
            views at any zoom, plays, steps and edits, and takes the REPL's commands on its \
            command line; every tab on a board sees the same universe. Boards are kept in the \
            board store ($HASHLIFE_STORE, else $XDG_DATA_HOME/hashlife/boards.sqlite), and the \
            page's settings in the 'serve' section of $XDG_CONFIG_HOME/hashlife/settings.json.

            The server listens on 127.0.0.1, port 8765 or the next free one, and answers only \
            requests for that address or localhost. With a --host that other machines reach \
            (such as 0.0.0.0) every request needs the token, which is then the only guard. \
            Ctrl-C (or SIGTERM) saves the open boards and exits with status 130.
            """,
        arguments: [ArgumentSpec("FILE", help: "Pattern file to start a new board from (any supported format, optionally .gz).", optional: true)],
        options: [
            OptionSpec(["--board"], value: "ID", help: "Serve this board of the store (any unique prefix of its id)."),
            OptionSpec(["--rule", "-r"], value: "R", help: "Rule to play under, e.g. B36/S23 or a multi-state rule.", default: "the file's rule, else B3/S23"),
            OptionSpec(["--port"], value: "N", help: "Port to listen on (0: any free port).", default: "8765 or the next free one"),
            OptionSpec(["--host"], value: "ADDR", help: "Numeric address to listen on, e.g. 127.0.0.1, ::1 or 0.0.0.0.", default: "127.0.0.1"),
            .flag(["--open"], help: "Also open the page in the desktop's browser (xdg-open)."),
            .flag(["--hex"], help: "Start pages with the rows sheared into a hexagonal grid, each half a cell right of the row below, for hexagonal rules (the page's Hex button or # switches)."),
            MemoryOption.spec,
            RulesOption.spec,
            ThreadsOption.spec,
        ],
        examples: [
            "hashlife serve patterns/gosper-glider-gun.rle",
            "hashlife serve --board 3f2a --open",
            "hashlife serve --port 9000",
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        let command = "hashlife serve"
        let options = try SessionOptions(arguments, command: command)
        var port: Int? = nil
        if let text = arguments.value("--port") {
            guard let value = Int(text), (0...65535).contains(value) else {
                throw .usage(UsageError(command: command, message: "--port must be a number from 0 to 65535, not \(text)"))
            }
            port = value
        }
        let host = arguments.value("--host") ?? "127.0.0.1"
        let environment = SessionOptions.environment()
        // SIGINT and SIGTERM wait for `sigwait` below: blocked here, before any server thread
        // starts, so that every thread inherits the mask.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &signals, &previous)
        signal(SIGPIPE, SIG_IGN)
        var launch = ServeLaunch(file: options.file, rule: options.rule, board: options.board, port: port, host: host,
                                 memoryLimit: options.memoryLimit, threads: options.threads, environment: environment)
        launch.hexagonal = arguments.flag("--hex")
        let running: RunningServe
        do { running = try launch.start() } catch {
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            throw .failure(error.description)
        }
        context.standardOutput(running.url + "\n")
        for note in running.notes { context.standardError("hashlife serve: \(note)\n") }
        if arguments.flag("--open") { openBrowser(running.url, context: context) }
        var received: Int32 = 0
        sigwait(&signals, &received)
        running.stop()
        throw .interrupted("stopped by \(received == SIGTERM ? "SIGTERM" : "Ctrl-C"); boards saved")
    }

    /// Starts `xdg-open URL`, not waiting for it.
    static func openBrowser(_ url: String, context: CommandContext) {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("xdg-open"), strdup(url), nil]
        defer { for p in argv { free(p) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        if posix_spawnp(&pid, "xdg-open", nil, &attributes, argv, environ) != 0 {
            context.standardError("hashlife serve: could not start xdg-open; open the URL above by hand\n")
        }
    }
}
