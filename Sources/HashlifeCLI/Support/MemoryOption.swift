import HashlifeEngine
import HashlifeInterface

/// `--max-memory MB`, shared by every command that builds a universe (`run`, `view`, `info`,
/// `classify`, `repl`). No short name: `classify` already uses `-m` for `--max-gen`.
enum MemoryOption {
    static let name = "--max-memory"

    static let spec = OptionSpec(
        [name], value: "MB",
        help: "Memory for the engine's node store, in MB of 2^20 bytes (1 to \(Megabytes.range.upperBound)). Past it the least recently used nodes are dropped; a step that still does not fit is split, and a pattern that does not fit at all is an error naming the memory it needs.",
        default: Megabytes.defaultDescription
    )

    /// The limit in bytes the command line asks for, else `MemoryLimit.defaultBytes`.
    /// - Throws: a usage error (exit 64) for a value that is not a whole number of MB in range.
    static func limit(_ arguments: ParsedArguments, command: String) throws(CommandError) -> Int {
        guard let text = arguments.value(name) else { return MemoryLimit.defaultBytes }
        do { return try Megabytes.parse(text) } catch {
            throw .usage(UsageError(command: command, message: "invalid value for '\(name)': \(Excerpt.shortening(text, in: error.description, plainLimit: Excerpt.defaultLimit))"))
        }
    }
}
