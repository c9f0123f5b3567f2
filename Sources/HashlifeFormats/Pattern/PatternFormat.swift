import HashlifeEngine

/// The pattern file formats we read and write.
public enum PatternFormat: String, CaseIterable, Sendable {
    case rle
    case macrocell
    case plaintext
    case life105
    case life106
    /// MCell's .mcl (read only).
    case mcell

    /// The usual file extension (without the dot).
    public var fileExtension: String {
        switch self {
        case .rle: return "rle"
        case .macrocell: return "mc"
        case .plaintext: return "cells"
        case .life105, .life106: return "lif"
        case .mcell: return "mcl"
        }
    }

    /// A name for people: "RLE", "Macrocell", …
    public var displayName: String {
        switch self {
        case .rle: return "RLE"
        case .macrocell: return "Macrocell"
        case .plaintext: return "plaintext"
        case .life105: return "Life 1.05"
        case .life106: return "Life 1.06"
        case .mcell: return "MCell"
        }
    }

    /// Can this format be written? (Life 1.05 and MCell are read only; `.lif` output is Life
    /// 1.06.)
    public var isWritable: Bool { self != .life105 && self != .mcell }

    /// The format a file name's extension names (a trailing `.gz` is ignored); `.lif` and
    /// `.life` mean Life 1.06. Nil for unknown extensions.
    public init?(fileName: String) {
        var name = Substring(fileName.lowercased())
        if name.hasSuffix(".gz") { name = name.dropLast(3) }
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...] {
        case "rle": self = .rle
        case "mc": self = .macrocell
        case "cells", "cell": self = .plaintext
        case "lif", "life": self = .life106
        case "mcl": self = .mcell
        default: return nil
        }
    }

    /// The writable format a name given by a person names (`--format`, the REPL's `save …
    /// format`): "rle"; "mc" or "macrocell"; "cells", "cell" or "plaintext"; "lif", "life",
    /// "life106" or "life1.06" (Life 1.06). Case does not matter. Nil for anything else.
    public init?(name: String) {
        switch name.lowercased() {
        case "rle": self = .rle
        case "mc", "macrocell": self = .macrocell
        case "cells", "cell", "plaintext": self = .plaintext
        case "lif", "life", "life106", "life1.06": self = .life106
        default: return nil
        }
    }

    /// The names `init(name:)` takes, for messages: "rle, mc, cells or lif".
    public static let writableNames = "rle, mc, cells or lif"

    /// Does the file name ask for gzip (`.gz`)?
    public static func isCompressedName(_ fileName: String) -> Bool { fileName.lowercased().hasSuffix(".gz") }

    /// The format the text's content shows, or nil when it looks like none of them.
    public static func detect(_ text: String) -> PatternFormat? {
        if case .found(let format) = detect(prefix: text, isComplete: true) { return format }
        return nil
    }

    /// What the start of a text shows about its format.
    public enum Detection: Equatable, Sendable {
        case found(PatternFormat)
        /// Looks like none of the formats (whatever follows).
        case none
        /// Only blank or comment lines so far: the text that follows decides.
        case undecided
    }

    /// The format `prefix`, the start of a text (all of it when `isComplete`), shows: decided
    /// by its first line that is not blank or a comment, or by a first-line header (callers pass
    /// at most a window of the text: `PatternCodec.detectionWindow`). A last line
    /// cut short (no line break and not `isComplete`) decides only once it is 64 characters long.
    public static func detect(prefix: String, isComplete: Bool) -> Detection {
        var sawComment = false
        var lines = prefix.split(omittingEmptySubsequences: false,
                                 whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        if !isComplete, let last = lines.last, last.unicodeScalars.count < 64 {
            lines.removeLast()  // may be the start of a header: wait for more
        }
        for rawLine in lines {
            let line = rawLine.drop(while: { $0 == "\u{FEFF}" })
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty { continue }
            if !sawComment {
                if trimmed.hasPrefix("[M2]") { return .found(.macrocell) }
                if trimmed.hasPrefix("#Life 1.06") { return .found(.life106) }
                if trimmed.hasPrefix("#Life 1.05") { return .found(.life105) }
                if trimmed.hasPrefix("#MCell") { return .found(.mcell) }
            }
            if trimmed.hasPrefix("#") { sawComment = true; continue }
            if trimmed.hasPrefix("!") { return .found(.plaintext) }
            if trimmed.hasPrefix("x") {
                let rest = trimmed.dropFirst().drop(while: { $0 == " " || $0 == "\t" })
                if rest.hasPrefix("=") { return .found(.rle) }
            }
            let row = trimmed.reversed().drop(while: { $0 == " " || $0 == "\t" })
            if row.allSatisfy({ $0 == "." || $0 == "O" || $0 == "*" }) { return .found(.plaintext) }
            return .none
        }
        return isComplete ? .none : .undecided
    }
}

/// Why a pattern file could not be read: where and why.
public enum PatternReadError: Error, Equatable, Sendable, CustomStringConvertible {
    case syntax(PatternError)
    case gzip(file: String?, GzipError)
    case unrecognised(file: String?)
    /// Nothing but white space (or nothing at all): no pattern, in any format.
    case empty(file: String?)
    /// The text (inflated, when gzip) is longer than `PatternCodec.textAllowance` allows under
    /// `limit`, the memory limit.
    case tooLarge(file: String?, limit: Int, compressed: Bool)
    /// The file could not be opened or read.
    case file(FileError)
    /// A multi-state pattern (its rule's canonical text) where only two-state ones are read.
    case multiState(file: String?, rule: String)
    /// A ZIP archive that could not be read, or an entry of it that is missing or no pattern.
    case archive(file: String?, ZipError)
    /// An archive named without an entry that holds no pattern, or several (their names).
    case archivePatterns(file: String, patterns: [String])

    public var description: String {
        switch self {
        case .syntax(let error): return error.description
        case let .gzip(file, error): return (file.map { $0 + ": " } ?? "") + error.description
        case .unrecognised(let file):
            let prefix = file.map { $0 + ": " } ?? ""
            let name = (file ?? "").lowercased()
            if name.hasSuffix(".lua") || name.hasSuffix(".py") {
                return prefix + "a Golly script, not a pattern: hashlife reads patterns and does not run scripts"
            }
            if name.hasSuffix(".rle3") {
                return prefix + "a three-dimensional pattern (Golly's 3D.lua RLE3): hashlife runs patterns on the plane"
            }
            return prefix + "unrecognised pattern format (expected RLE, Macrocell, plaintext .cells, Life 1.05 or 1.06, or MCell, optionally gzip-compressed)"
        case .empty(let file):
            return (file.map { $0 + ": " } ?? "") + "no pattern: the input is empty (or only white space)"
        case let .tooLarge(file, limit, compressed):
            return (file.map { $0 + ": " } ?? "") + (compressed ? "decompressed, the pattern text is" : "the pattern text is")
                + " larger than \(MemorySize.text(PatternCodec.textAllowance(memoryLimit: limit))), what the memory limit of \(MemorySize.text(limit)) allows (a quarter of the limit, at least 1 MiB, since reading holds the text, its cells and their tree; raise it with --max-memory, or `memory` in the REPL)"
        case .file(let error): return error.description
        case let .archive(file, error): return (file.map { $0 + ": " } ?? "") + error.description
        case let .archivePatterns(file, patterns):
            if patterns.isEmpty { return "\(file): the archive holds no pattern (`hashlife info \(file)` lists what it holds)" }
            return "\(file): the archive holds \(patterns.count) patterns; name one as ARCHIVE:ENTRY:"
                + patterns.map { "\n  \(file):\($0)" }.joined()
        case let .multiState(file, rule):
            return (file.map { $0 + ": " } ?? "") + "the rule \(rule) has cells of more than two states; only two-state patterns are read here (the commands run, info, convert, view, animate, plot, classify and identify read both)"
        }
    }
}

/// Byte counts for messages.
enum MemorySize {
    /// "64 MiB", "1.5 GiB", "512 KiB" or "100 bytes".
    static func text(_ bytes: Int) -> String {
        let units = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (size, unit) in units where bytes >= size {
            if bytes % size == 0 { return "\(bytes / size) \(unit)" }
            let tenths = (bytes * 10 + size / 2) / size
            return "\(tenths / 10).\(tenths % 10) \(unit)"
        }
        return Plural.count(bytes, "byte")
    }
}

/// A decoded pattern file.
public struct DecodedPattern: Sendable {
    public var document: PatternDocument
    public var format: PatternFormat
    public var compressed: Bool
    /// What is odd about the file, though it loaded (each naming the file, when known).
    public var warnings: [PatternWarning]

    public init(document: PatternDocument, format: PatternFormat, compressed: Bool, warnings: [PatternWarning] = []) {
        self.document = document
        self.format = format
        self.compressed = compressed
        self.warnings = warnings
    }
}

/// Reading and writing any supported format, gzip-compressed or not.
public enum PatternCodec {
    /// Decodes `bytes` (gzip detected by its magic number, then the format by content, then by
    /// `fileName`'s extension). `fileName` also labels errors.
    /// A multi-state file is refused with `.multiState` (see `decodeAny` for both kinds).
    public static func decode(_ bytes: [UInt8], fileName: String? = nil) throws(PatternReadError) -> DecodedPattern {
        let (text, format, compressed) = try prepare(bytes, fileName: fileName)
        return try twoState(decodeAny(text: text, format: format, compressed: compressed, fileName: fileName,
                                      checkingRule: true), fileName: fileName)
    }

    /// The text of `bytes` (inflated when gzip), its format and whether it was compressed.
    static func prepare(_ bytes: [UInt8], fileName: String?) throws(PatternReadError) -> (String, PatternFormat, Bool) {
        var bytes = bytes
        let compressed = Gzip.isCompressed(bytes)
        if compressed {
            do { bytes = try Gzip.decompress(bytes) } catch { throw .gzip(file: fileName, error) }
        }
        if isBlank(bytes) { throw .empty(file: fileName) }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let format = PatternFormat.detect(text) ?? fileName.flatMap({ PatternFormat(fileName: $0) }) else {
            throw .unrecognised(file: fileName)
        }
        return (text, format, compressed)
    }

    /// The two-state pattern of `loaded`, or `.multiState` naming its rule.
    static func twoState(_ loaded: LoadedPattern, fileName: String?) throws(PatternReadError) -> DecodedPattern {
        switch loaded {
        case .twoState(let decoded): return decoded
        case .multiState(let decoded): throw .multiState(file: fileName, rule: decoded.pattern.rule.description)
        }
    }

    /// Encodes `universe` in `format` (gzip-compressed when `compressed`) with a name, author
    /// and comments: `encode(_:as:compressed:metadata:)`.
    public static func encode(_ universe: any LifeUniverse, as format: PatternFormat, compressed: Bool,
                              name: String? = nil, author: String? = nil, comments: [String] = []) throws -> [UInt8] {
        try encode(universe, as: format, compressed: compressed, metadata: PatternMetadata(name: name, author: author, comments: comments))
    }
}
