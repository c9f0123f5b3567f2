import HashlifeEngine
import HashlifeInterface

/// `--threads N`, shared by every command that steps a universe (`run`, `view`, `classify`,
/// `animate`, `plot`, `repl`, `play`, `board step` and `board final`): how many threads a step
/// may use (`LifeUniverse.threads`; a universe without `.threads` steps on one, and loading
/// says so in a note). No short name, as `--max-memory`.
enum ThreadsOption {
    static let name = "--threads"

    static let spec = OptionSpec(
        [name], value: "N",
        help: "Threads a step may use (1 to \(ThreadCount.range.upperBound)); 1 is the single-threaded engine. Results are identical for every N; a rule that steps on one thread says so in a note on standard error.",
        default: ThreadCount.defaultDescription
    )

    /// The count the command line asks for, else `ThreadCount.defaultCount` (one).
    /// - Throws: a usage error (exit 64) for a value that is not a whole number in range.
    static func count(_ arguments: ParsedArguments, command: String) throws(CommandError) -> Int {
        guard let text = arguments.value(name) else { return ThreadCount.defaultCount }
        do { return try ThreadCount.parse(text) } catch {
            throw .usage(UsageError(command: command, message: "invalid value for '\(name)': \(error.description)"))
        }
    }

    /// Says in a note on standard error that `universe` steps on one thread, when `threads`
    /// asks for more and the universe lacks `.threads` (the command goes on).
    static func noteIfIgnored(_ threads: Int, by universe: any LifeUniverse) {
        guard threads > 1 && !universe.has(.threads) else { return }
        PatternFiles.note(UniverseCapability.threads.refusal(rule: universe.anyRule))
    }
}
