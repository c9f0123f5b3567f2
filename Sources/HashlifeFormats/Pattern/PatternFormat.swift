import HashlifeEngine

/// The pattern file formats we read and write.
public enum PatternFormat: String, CaseIterable, Sendable {
    case rle
    case macrocell
    case plaintext
    case life105
    case life106

    /// The usual file extension (without the dot).
    public var fileExtension: String {
        switch self {
        case .rle: return "rle"
        case .macrocell: return "mc"
        case .plaintext: return "cells"
        case .life105, .life106: return "lif"
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
        }
    }

    /// Can this format be written? (Life 1.05 is read only; `.lif` output is Life 1.06.)
    public var isWritable: Bool { self != .life105 }

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
        var sawComment = false
        let lines = text.split(maxSplits: 2000, omittingEmptySubsequences: true,
                               whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        for rawLine in lines {
            let line = rawLine.drop(while: { $0 == "\u{FEFF}" })
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty { continue }
            if !sawComment {
                if trimmed.hasPrefix("[M2]") { return .macrocell }
                if trimmed.hasPrefix("#Life 1.06") { return .life106 }
                if trimmed.hasPrefix("#Life 1.05") { return .life105 }
            }
            if trimmed.hasPrefix("#") { sawComment = true; continue }
            if trimmed.hasPrefix("!") { return .plaintext }
            if trimmed.hasPrefix("x") {
                let rest = trimmed.dropFirst().drop(while: { $0 == " " || $0 == "\t" })
                if rest.hasPrefix("=") { return .rle }
            }
            if trimmed.allSatisfy({ $0 == "." || $0 == "O" || $0 == "*" }) { return .plaintext }
            return nil
        }
        return nil
    }
}

/// Why a pattern file could not be read: where and why.
public enum PatternReadError: Error, Equatable, Sendable, CustomStringConvertible {
    case syntax(PatternError)
    case gzip(file: String?, GzipError)
    case unrecognised(file: String?)

    public var description: String {
        switch self {
        case .syntax(let error): return error.description
        case let .gzip(file, error): return (file.map { $0 + ": " } ?? "") + error.description
        case .unrecognised(let file):
            return (file.map { $0 + ": " } ?? "") + "unrecognised pattern format (expected RLE, Macrocell, plaintext .cells, Life 1.05 or 1.06, optionally gzip-compressed)"
        }
    }
}

/// A decoded pattern file.
public struct DecodedPattern: Sendable {
    public var document: PatternDocument
    public var format: PatternFormat
    public var compressed: Bool
}

/// Reading and writing any supported format, gzip-compressed or not.
public enum PatternCodec {
    /// Decodes `bytes` (gzip detected by its magic number, then the format by content, then by
    /// `fileName`'s extension). `fileName` also labels errors.
    public static func decode(_ bytes: [UInt8], fileName: String? = nil) throws(PatternReadError) -> DecodedPattern {
        var bytes = bytes
        let compressed = Gzip.isCompressed(bytes)
        if compressed {
            do { bytes = try Gzip.decompress(bytes) } catch { throw .gzip(file: fileName, error) }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let format = PatternFormat.detect(text) ?? fileName.flatMap({ PatternFormat(fileName: $0) }) else {
            throw .unrecognised(file: fileName)
        }
        do {
            let document: PatternDocument
            switch format {
            case .rle: document = try RLEReader.read(text)
            case .macrocell: document = try MacrocellReader.read(text)
            case .plaintext: document = try PlaintextReader.read(text)
            case .life105: document = try Life105Reader.read(text)
            case .life106: document = try Life106Reader.read(text)
            }
            return DecodedPattern(document: document, format: format, compressed: compressed)
        } catch {
            var located = error
            located.file = fileName
            throw .syntax(located)
        }
    }

    /// Encodes `universe` in `format` (gzip-compressed when `compressed`), keeping the metadata
    /// of `source`. Macrocell is written from the tree; the other formats list cells.
    /// - Throws: `PatternTooLargeError` when a cell-by-cell format cannot hold the pattern;
    ///   `PatternError` when a cell lies outside the format's coordinate range.
    public static func encode(_ universe: Universe, as format: PatternFormat, compressed: Bool,
                              name: String? = nil, author: String? = nil, comments: [String] = []) throws -> [UInt8] {
        precondition(format.isWritable, "\(format.displayName) is read only")
        let text: String
        if format == .macrocell {
            text = MacrocellWriter.write(PatternDocument(treeOf: universe, name: name, author: author, comments: comments))
        } else {
            let document = try PatternDocument(universe: universe, name: name, author: author, comments: comments)
            switch format {
            case .rle: text = RLEWriter.write(document)
            case .plaintext: text = PlaintextWriter.write(document)
            default: text = try Life106Writer.write(document)
            }
        }
        let bytes = Array(text.utf8)
        return compressed ? Gzip.compress(bytes) : bytes
    }
}
