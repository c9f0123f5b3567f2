import HashlifeEngine
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What the interactive commands (`play`, `serve`) read alike: the rule, memory limit and
/// threads, a FILE or a `--board` (not both), and the environment variables their session
/// and its board store follow.
struct SessionOptions {
    let rule: AnyRule?
    let memoryLimit: Int
    let threads: Int
    let file: String?
    let board: String?

    /// The options of `command`.
    /// - Throws: a usage error for a bad rule, memory limit or thread count, or both a FILE and
    ///   `--board`.
    init(_ arguments: ParsedArguments, command: String) throws(CommandError) {
        rule = try PatternFiles.anyRule(arguments.value("--rule"), command: command)
        memoryLimit = try MemoryOption.limit(arguments, command: command)
        threads = try ThreadsOption.count(arguments, command: command)
        file = arguments.positionals["FILE"]
        board = arguments.value("--board")
        if file != nil && board != nil {
            throw .usage(UsageError(command: command, message: "give a FILE or --board, not both"))
        }
    }

    /// The folders of the board store and settings (`HOME`, the XDG folders, `HASHLIFE_STORE`)
    /// and `extra` names, as they are set.
    static func environment(adding extra: [String] = []) -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "HASHLIFE_STORE"] + extra {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }
}
