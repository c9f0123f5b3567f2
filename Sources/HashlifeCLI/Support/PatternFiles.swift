import HashlifeEngine
import HashlifeFormats

/// Reading and writing pattern files for the commands, with errors that name the file and place.
enum PatternFiles {
    /// The document in the file at `path` ("-" for standard input).
    static func read(_ path: String) throws(CommandError) -> PatternDocument {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path) } catch { throw .failure(error.description) }
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            return try RLEReader.read(text)
        } catch {
            var located = error
            located.file = path == "-" ? "<stdin>" : path
            throw .failure(located.description)
        }
    }

    /// A universe from the file at `path`, under `rule` when given.
    static func universe(_ path: String, rule: Rule?) throws(CommandError) -> (Universe, PatternDocument) {
        let document = try read(path)
        do {
            return (try Universe(document: document, rule: rule), document)
        } catch {
            throw .failure("\(path == "-" ? "<stdin>" : path): \(error.description)")
        }
    }

    /// Writes `universe` to `path` (RLE), keeping the source document's name and comments.
    static func write(_ universe: Universe, to path: String, source: PatternDocument?) throws(CommandError) {
        let document: PatternDocument
        do {
            document = try PatternDocument(universe: universe, name: source?.name, author: source?.author,
                                           comments: source?.comments ?? [])
        } catch {
            throw .failure("\(path): \(error.description)")
        }
        do {
            try FileIO.writeAtomically(Array(RLEWriter.write(document).utf8), to: path)
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
        do { return try BigUInt.parseCount(text) } catch {
            throw .usage(UsageError(command: command, message: "invalid value for '\(option)': \(error.description)"))
        }
    }
}
