// PatternArchive.swift — a ZIP archive as Golly's Patterns folder ships them: a pattern with
// the rule files it needs (and sometimes scripts, notes or several patterns).
//
// Entries are sorted as Golly sorts them: folders and Mac metadata (`__MACOSX/`, `._*`,
// `.DS_Store`) are skipped; `.rule` files are rules; `.lua` and `.py` are scripts, which are
// listed and never run; `.txt`, `.doc`, `.htm`, `.html` and names holding "readme" are notes;
// Golly's retired `.table`, `.tree`, `.colors` and `.icons` files are ignored. Golly takes
// every other file for a pattern; here a pattern is a file with a pattern extension (`.rle`,
// `.mc`, `.cells`, `.lif`, `.life`, `.mcl`, each optionally `.gz`), and any other file is
// listed as "other" (a misnamed `.ruel` file is not worth an error).
//
// An archive is named like a file, and a pattern inside it as `ARCHIVE.zip:inner/path.rle`
// (`PatternArchive.location(of:)`).

/// What an archive entry holds, by its name.
public enum ArchiveEntryKind: String, Sendable, Equatable {
    case pattern
    case rule
    case script
    case note
    case ignored
    case other

    /// The kind of the entry named `name` (its last path component decides), or nil for a
    /// folder or Mac metadata, which are not listed.
    public init?(entryName name: String) {
        if name.hasSuffix("/") || name.hasPrefix("__MACOSX") { return nil }
        let file = name.split(separator: "/").last.map(String.init) ?? name
        if file.hasPrefix("._") || file == ".DS_Store" { return nil }
        let lower = file.lowercased()
        let dot = lower.lastIndex(of: ".")
        let ext = dot.map { String(lower[lower.index(after: $0)...]) } ?? ""
        switch ext {
        case "rule": self = .rule
        case "lua", "py": self = .script
        case "txt", "doc", "htm", "html": self = .note
        case "table", "tree", "colors", "icons": self = .ignored
        default:
            if lower.contains("readme") { self = .note }
            else if PatternFormat(fileName: lower) != nil { self = .pattern }
            else { self = .other }
        }
    }
}

/// An archive opened from a file, its listed entries, and where a pattern inside it is named.
public struct PatternArchive: Sendable {
    /// The archive's path as given.
    public let path: String
    public let archive: ZipArchive
    /// The entries that are listed (not folders or Mac metadata), with their kinds, in the
    /// archive's order.
    public let listed: [(entry: ZipArchive.Entry, kind: ArchiveEntryKind)]

    /// The pattern entries.
    public var patterns: [ZipArchive.Entry] { listed.filter { $0.kind == .pattern }.map(\.entry) }
    /// The rule files, anywhere in the archive.
    public var rules: [ZipArchive.Entry] { listed.filter { $0.kind == .rule }.map(\.entry) }

    /// Opens the archive at `path`, reading at most `limit` bytes of it.
    public init(path: String, limit: Int) throws(PatternReadError) {
        self.path = path
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path, limit: limit) } catch { throw .file(error) }
        do { archive = try ZipArchive(bytes: bytes) } catch { throw .archive(file: path, error) }
        listed = archive.entries.compactMap { entry in ArchiveEntryKind(entryName: entry.name).map { (entry, $0) } }
    }

    /// The pattern entry `inner` names, or the only pattern when `inner` is nil.
    /// - Throws: `.archive` when `inner` names no entry or one that is not a pattern,
    ///   `.archivePatterns` when `inner` is nil and the archive holds no pattern or several.
    public func pattern(_ inner: String?) throws(PatternReadError) -> ZipArchive.Entry {
        if let inner {
            guard let found = listed.first(where: { $0.entry.name == inner }) else {
                throw .archive(file: path, ZipError("no entry \"\(inner)\" in the archive (see `hashlife info \(path)`)"))
            }
            guard found.kind == .pattern else {
                throw .archive(file: path, ZipError("\"\(inner)\" is a \(found.kind.rawValue) file, not a pattern"))
            }
            return found.entry
        }
        let patterns = self.patterns
        guard patterns.count == 1 else { throw .archivePatterns(file: path, patterns: patterns.map(\.name)) }
        return patterns[0]
    }

    /// Where `path` points into an archive: the archive's path and the entry named after it
    /// (nil for the archive itself). `path` is an archive when it is a file starting as one; a
    /// path that is no file and holds ".zip:" names the entry after the last such colon. Nil for
    /// anything else (standard input included).
    public static func location(of path: String) -> (archive: String, inner: String?)? {
        guard path != "-" else { return nil }
        if FileIO.isRegularFile(path) {
            guard let prefix = try? FileIO.readPrefix(path, count: 4), ZipArchive.looksLikeArchive(prefix) else { return nil }
            return (path, nil)
        }
        // The last ".zip:" (any case) splits the path.
        let scalars = Array(path.unicodeScalars)
        let marker = Array(".zip:".unicodeScalars)
        guard scalars.count > marker.count,
              let start = stride(from: scalars.count - marker.count, through: 1, by: -1).first(where: { at in
                  (0..<marker.count).allSatisfy { Character(scalars[at + $0]).lowercased() == Character(marker[$0]).lowercased() }
              }) else { return nil }
        let archive = String(String.UnicodeScalarView(scalars[..<(start + 4)]))
        let inner = String(String.UnicodeScalarView(scalars[(start + 5)...]))
        guard !inner.isEmpty, FileIO.isRegularFile(archive) else { return nil }
        return (archive, inner)
    }
}
