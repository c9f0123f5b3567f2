import HashlifeEngine
import HashlifeInterface
import HashlifeFormats
import Synchronization
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Reading and writing pattern files for the commands, with errors that name the file and place.
enum PatternFiles {
    /// How a path is named in messages.
    static func label(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// Where the warnings of the files read go (a line each), by thread: the standard error of
    /// the command running on it, which `HashlifeCommand.run` sets with `withWarnings` (a
    /// command reads its files on the thread that runs it; tests run commands side by side).
    private static let warningSinks = Mutex<[pthread_t: @Sendable (String) -> Void]>([:])

    /// Runs `body` with the warnings of the files it reads on this thread going to `sink`.
    static func withWarnings<R>(to sink: @escaping @Sendable (String) -> Void, _ body: () -> R) -> R {
        let thread = pthread_self()
        let previous = warningSinks.withLock { sinks in
            let old = sinks[thread]
            sinks[thread] = sink
            return old
        }
        defer { warningSinks.withLock { $0[thread] = previous } }
        return body()
    }

    /// Writes `warnings` (a file that loads, though it may be cut short) where `withWarnings`
    /// sends this thread's; nowhere outside it.
    static func report(_ warnings: [PatternWarning]) {
        guard !warnings.isEmpty, let sink = warningSinks.withLock({ $0[pthread_self()] }) else { return }
        for warning in warnings { sink(Excerpt.escapingControls(warning.description) + "\n") }
    }

    /// Writes "note: `text`" where `withWarnings` sends this thread's warnings; nowhere
    /// outside it.
    static func note(_ text: String) {
        guard let sink = warningSinks.withLock({ $0[pthread_self()] }) else { return }
        sink("note: " + text + "\n")
    }

    /// The decoded file at `path` ("-" for standard input), in any supported format, whose
    /// text may be at most `limit` bytes (the memory limit); the file's rule is checked unless
    /// the command replaces it (`checkingRule` false). Its warnings go to `report`.
    static func read(_ path: String, limit: Int, checkingRule: Bool = true) throws(CommandError) -> DecodedPattern {
        let decoded: DecodedPattern
        do {
            decoded = try PatternCodec.read(path: path, label: label(path), limit: limit, checkingRule: checkingRule)
        } catch {
            throw .failure(error.description)
        }
        report(decoded.warnings)
        return decoded
    }

    /// A universe from the file at `path`, under `rule` when given, with its node store limited
    /// to `memoryLimit` bytes (see `MemoryOption`) and its steps using `threads` threads (see
    /// `ThreadsOption`; 1 for a command that never steps).
    static func universe(_ path: String, rule: Rule?, memoryLimit: Int, threads: Int) throws(CommandError) -> (Universe, DecodedPattern) {
        let decoded = try read(path, limit: memoryLimit, checkingRule: rule == nil)
        do {
            let universe = try Universe(document: decoded.document, rule: rule, memoryLimit: memoryLimit)
            universe.threads = threads
            return (universe, decoded)
        } catch {
            throw .failure("\(label(path)): \(error.description)")
        }
    }

    /// The format to write `path` in: `--format` when given, else the file name's extension.
    static func outputFormat(for path: String, format: String?, command: String, option: String) throws(CommandError) -> PatternFormat {
        if let format {
            guard let named = PatternFormat(name: format) else {
                throw .usage(UsageError(command: command, message: "invalid value for '--format': \(Excerpt.quote(format)); expected \(PatternFormat.writableNames)"))
            }
            return named
        }
        if path == "-" { return .rle }
        guard let chosen = PatternFormat(fileName: path) else {
            throw .usage(UsageError(command: command, message: "cannot tell the output format from \(Excerpt.quote(path)) (\(option)); use .rle, .mc, .cells or .lif, optionally with .gz, or give --format"))
        }
        return chosen
    }

    /// A rule from the command line, or a usage error naming the option (the rule error
    /// quotes the rule once, shortened and escaped).
    static func rule(_ text: String?, command: String) throws(CommandError) -> Rule? {
        guard let text else { return nil }
        do { return try Rule(text) } catch { throw .usage(UsageError(command: command, message: "invalid value for '--rule': \(error.description)")) }
    }

    /// A generation count ("1000", "2^100", "10^100") from the command line, below 2^65001
    /// (`InputNumber.generationBitLimit`); a number too long for that is refused by its length.
    static func count(_ text: String, option: String, command: String) throws(CommandError) -> BigUInt {
        do { return try InputNumber.count(text, belowBits: InputNumber.generationBitLimit) } catch {
            throw .usage(UsageError(command: command, message: "invalid value for '\(option)': \(error.description)"))
        }
    }

    /// A signed coordinate or size from the command line, below 2^65000 in magnitude
    /// (`InputNumber.coordinateBitLimit`); `part` names it in messages ("X of --rect").
    static func integer(_ text: String, part: String, option: String, command: String) throws(CommandError) -> BigInt {
        do { return try InputNumber.integer(text, belowBits: InputNumber.coordinateBitLimit) } catch {
            throw .usage(UsageError(command: command, message: "invalid value for '\(option)': \(part): \(error.description)"))
        }
    }
}
