import HashlifeEngine
import HashlifeInterface
import HashlifeFormats
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where a command's output goes: the real streams, or strings in tests.
struct CommandContext: Sendable {
    var standardOutput: @Sendable (String) -> Void
    var standardError: @Sendable (String) -> Void
    /// Binary output (PNG), for standard output.
    var standardOutputBytes: @Sendable ([UInt8]) -> Void
    /// Is standard error a terminal (progress display)?
    var errorIsTerminal: Bool
    /// Is standard output a terminal (no binary data there)?
    var standardOutputIsTerminal: Bool
    /// Cancelled by Ctrl-C (`Interrupts`); tests pass their own.
    var interrupts: StepControl
    /// Told the soups done so far by `census` (tests cancel `interrupts` from it: Ctrl-C
    /// without a signal).
    var censusProgress: (@Sendable (UInt64) -> Void)? = nil
    /// The environment variables commands read (`NO_COLOR`, `COLORTERM`); tests set their own.
    var environment: [String: String] = [:]

    init(standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void,
         standardOutputBytes: (@Sendable ([UInt8]) -> Void)? = nil,
         errorIsTerminal: Bool, standardOutputIsTerminal: Bool = false, interrupts: StepControl = Interrupts.control) {
        self.interrupts = interrupts
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.standardOutputBytes = standardOutputBytes ?? { bytes in standardOutput(String(decoding: bytes, as: UTF8.self)) }
        self.errorIsTerminal = errorIsTerminal
        self.standardOutputIsTerminal = standardOutputIsTerminal
    }

    static var terminal: CommandContext {
        var context = CommandContext(standardOutput: Output.standardOutput, standardError: Output.standardError,
                                     standardOutputBytes: { Output.write($0, to: STDOUT_FILENO) },
                                     errorIsTerminal: Output.isTerminal(STDERR_FILENO), standardOutputIsTerminal: Output.isTerminal(STDOUT_FILENO))
        for name in ["NO_COLOR", "COLORTERM", "HASHLIFE_RULES", "XDG_DATA_HOME", "HOME"] {
            if let value = getenv(name) { context.environment[name] = String(cString: value) }
        }
        return context
    }
}

/// A subcommand of `hashlife`: its declarative spec, then its work.
protocol Subcommand: Sendable {
    static var spec: CommandSpec { get }
    /// Checks the parsed arguments and does the work; throws usage errors (exit 64) or failures (exit 1).
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError)
}

/// The `hashlife` command: dispatches to subcommands and turns errors into exit statuses.
public enum HashlifeCommand {
    static let programName = "hashlife"
    static let overview = "Explore Conway's Game of Life and other Life-like rules with a Hashlife engine: jump patterns far ahead exactly."
    static let subcommands: [any Subcommand.Type] = [RunCommand.self, ViewCommand.self, AnimateCommand.self, PlotCommand.self, InfoCommand.self, ClassifyCommand.self, IdentifyCommand.self, CensusCommand.self, ConvertCommand.self, SoupCommand.self, ReplCommand.self, PlayCommand.self, ServeCommand.self, BoardCommand.self, RulesCommand.self, VersionCommand.self, HelpCommand.self]
    /// Subcommands of a subcommand, such as `census merge` (their spec names are "census merge").
    static let nestedSubcommands: [String: [any Subcommand.Type]] = ["census": [CensusMergeCommand.self]]
    /// Options of `hashlife` itself, before any subcommand.
    static let rootOptions: [OptionSpec] = [
        .flag(["--version"], help: "Print the version (as 'hashlife version' does)."),
        CommandSpec.helpOption,
    ]

    /// Runs the command line of this process and exits with its status.
    public static func main() -> Never {
        // On a thread with a stack for the deepest trees (a 2^65000-generation jump recurses
        // 65,000 levels in every traversal); signals go to it, not to this waiting thread, so
        // that Ctrl-C interrupts its reads.
        let status = Universe.withDeepStack {
            run(Array(CommandLine.arguments.dropFirst()), context: .terminal)
        } waiting: {
            var signals = sigset_t()
            sigfillset(&signals)
            pthread_sigmask(SIG_BLOCK, &signals, nil)
        }
        exit(status)
    }

    /// Runs `arguments` (without the program name) and returns the exit status.
    static func run(_ arguments: [String], context: CommandContext) -> Int32 {
        guard let name = arguments.first else {
            context.standardOutput(rootHelp())
            return 0
        }
        if name == "-h" || name == "--help" {
            context.standardOutput(rootHelp())
            return 0
        }
        if name == "--version" {
            context.standardOutput(VersionCommand.line)
            return 0
        }
        guard var command = subcommand(named: name) else {
            let error = UsageError(command: programName, message: unknownSubcommand(name))
            context.standardError(error.description + "\n")
            return 64
        }
        var rest = Array(arguments.dropFirst())
        if let second = rest.first, let nested = nestedSubcommands[name]?.first(where: { $0.spec.name == name + " " + second }) {
            command = nested
            rest.removeFirst()
        }
        do throws(CommandError) {
            let parsed: ParsedArguments
            do { parsed = try ArgumentParser.parse(rest, for: command.spec, programName: programName) } catch {
                throw .usage(error)
            }
            if parsed.helpRequested {
                context.standardOutput(HelpFormatter.help(for: command.spec, programName: programName))
                return 0
            }
            // Rule names resolve in the --rules folders (for the commands that take them) and
            // the environment's.
            let folders = command.spec.options.contains(where: { $0.primaryName == RulesOption.name })
                ? try RulesOption.folders(parsed, command: "\(programName) \(command.spec.name)", context: context)
                : RuleFolders(environment: context.environment)
            // The warnings of the files the command reads go to its standard error.
            let outcome: Result<Void, CommandError> = RuleFolders.$current.withValue(folders) {
                PatternFiles.withWarnings(to: context.standardError) {
                    do throws(CommandError) {
                        try command.run(parsed, context: context)
                        return .success(())
                    } catch {
                        return .failure(error)
                    }
                }
            }
            try outcome.get()
            return 0
        } catch {
            context.standardError(Excerpt.escapingControls(error.description) + "\n")
            return error.exitCode
        }
    }


    static func rootHelp() -> String {
        HelpFormatter.rootHelp(programName: programName, overview: overview, subcommands: subcommands.map { $0.spec }, options: rootOptions)
    }

    static func subcommand(named name: String) -> (any Subcommand.Type)? {
        subcommands.first { $0.spec.name == name }
    }

    /// "unknown subcommand 'veiw'; did you mean 'view'?" (the suggestion when one name is close).
    static func unknownSubcommand(_ name: String) -> String {
        let message = "unknown subcommand \(Excerpt.quote(name))"
        guard let suggestion = Suggestion.closest(to: name, among: subcommands.map { $0.spec.name }) else { return message }
        return message + "; did you mean '\(suggestion)'?"
    }
}

/// `hashlife version` (and `hashlife --version`): the version, defined once as `HashlifeVersion.string`.
enum VersionCommand: Subcommand {
    static let spec = CommandSpec(name: "version", abstract: "Print the version of hashlife.")
    static var line: String { "hashlife \(HashlifeVersion.string)\n" }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        context.standardOutput(line)
    }
}

/// `hashlife help [SUBCOMMAND]`.
enum HelpCommand: Subcommand {
    static let spec = CommandSpec(
        name: "help",
        abstract: "Show help for hashlife or one of its subcommands.",
        arguments: [ArgumentSpec("SUBCOMMAND", help: "The subcommand to explain.", optional: true)]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        guard let name = arguments.positionals["SUBCOMMAND"] else {
            context.standardOutput(HashlifeCommand.rootHelp())
            return
        }
        guard let command = HashlifeCommand.subcommand(named: name) else {
            throw .usage(UsageError(command: "hashlife help", message: HashlifeCommand.unknownSubcommand(name)))
        }
        context.standardOutput(HelpFormatter.help(for: command.spec, programName: HashlifeCommand.programName))
    }
}
