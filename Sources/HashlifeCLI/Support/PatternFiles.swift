import HashlifeEngine
import HashlifeFormats

/// Reading and writing pattern files for the commands, with errors that name the file and place.
enum PatternFiles {
    /// How a path is named in messages.
    static func label(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// The decoded file at `path` ("-" for standard input), in any supported format, whose
    /// text may be at most `limit` bytes (the memory limit); the file's rule is checked unless
    /// the command replaces it (`checkingRule` false).
    static func read(_ path: String, limit: Int, checkingRule: Bool = true) throws(CommandError) -> DecodedPattern {
        do {
            return try PatternCodec.read(path: path, label: label(path), limit: limit, checkingRule: checkingRule)
        } catch {
            throw .failure(error.description)
        }
    }

    /// A universe from the file at `path`, under `rule` when given, with its node store limited
    /// to `memoryLimit` bytes (see `MemoryOption`).
    static func universe(_ path: String, rule: Rule?, memoryLimit: Int) throws(CommandError) -> (Universe, DecodedPattern) {
        let decoded = try read(path, limit: memoryLimit, checkingRule: rule == nil)
        do {
            return (try Universe(document: decoded.document, rule: rule, memoryLimit: memoryLimit), decoded)
        } catch {
            throw .failure("\(label(path)): \(error.description)")
        }
    }

    /// The format to write `path` in: `--format` when given, else the file name's extension.
    static func outputFormat(for path: String, format: String?, command: String, option: String) throws(CommandError) -> PatternFormat {
        if let format {
            switch format.lowercased() {
            case "rle": return .rle
            case "mc", "macrocell": return .macrocell
            case "cells", "plaintext": return .plaintext
            case "lif", "life", "life106", "life1.06": return .life106
            default:
                throw .usage(UsageError(command: command, message: "invalid value for '--format': '\(format)'; expected rle, mc, cells or lif"))
            }
        }
        if path == "-" { return .rle }
        guard let chosen = PatternFormat(fileName: path) else {
            throw .usage(UsageError(command: command, message: "cannot tell the output format from '\(path)' (\(option)); use .rle, .mc, .cells or .lif, optionally with .gz, or give --format"))
        }
        return chosen
    }

    /// Writes `universe` to `path` in `format` (gzip when the name ends in .gz), atomically,
    /// keeping the source document's name, author and comments; "-" writes to the command's
    /// standard output.
    static func write(_ universe: Universe, to path: String, format: PatternFormat, source: PatternDocument?,
                      context: CommandContext) throws(CommandError) {
        let bytes: [UInt8]
        do {
            bytes = try PatternCodec.encode(universe, as: format, compressed: PatternFormat.isCompressedName(path),
                                            name: source?.name, author: source?.author, comments: source?.comments ?? [])
        } catch {
            throw .failure("\(label(path)): \(error)")
        }
        if path == "-" {
            context.standardOutput(String(decoding: bytes, as: UTF8.self))
            return
        }
        do {
            try FileIO.writeAtomically(bytes, to: path)
        } catch {
            throw .failure(error.description)
        }
    }

    /// A rule from the command line, or a usage error naming the option.
    static func rule(_ text: String?, command: String) throws(CommandError) -> Rule? {
        guard let text else { return nil }
        do { return try Rule(text) } catch { throw .usage(UsageError(command: command, message: "invalid value for '--rule': \(error.description)")) }
    }

    /// A generation count ("1000", "2^100", "10^100") from the command line.
    static func count(_ text: String, option: String, command: String) throws(CommandError) -> BigUInt {
        let count: BigUInt
        do { count = try BigUInt.parseCount(text) } catch {
            throw .usage(UsageError(command: command, message: "invalid value for '\(option)': \(error.description)"))
        }
        guard count.bitWidth <= Universe.maximumStepExponent + 1 else {
            throw .usage(UsageError(command: command, message: "invalid value for '\(option)': \(text) is beyond the engine's limit of 2^\(Universe.maximumStepExponent + 1)"))
        }
        return count
    }
}
