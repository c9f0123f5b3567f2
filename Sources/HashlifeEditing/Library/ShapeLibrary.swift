// The shape library: the shipped patterns, compiled in, plus the user's own shapes.

import HashlifeEngine
import HashlifeInterface
import HashlifeFormats
import HashlifePatterns

/// Named patterns to stamp: every file of the repository's `patterns/` (built in, available
/// from any working directory), and the user's shapes, one RLE file each in `folder`
/// (`$XDG_DATA_HOME/hashlife/shapes`, default `~/.local/share/hashlife/shapes`).
///
/// Names are 1–64 characters of letters, digits, '-', '_' and '.', not starting with '.' or
/// '-'; they compare without regard to case. A user shape may not take a built-in shape's name
/// (`add` refuses it, so a built-in name always means the built-in shape); a file placed in the
/// folder by hand under such a name is ignored and listed as shadowed.
public struct ShapeLibrary: Sendable {
    /// One shape as `list` shows it.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var isBuiltIn: Bool
        /// A user file whose name a built-in shape takes (so it is never used).
        public var isShadowed: Bool

        public init(name: String, isBuiltIn: Bool, isShadowed: Bool) {
            self.name = name
            self.isBuiltIn = isBuiltIn
            self.isShadowed = isShadowed
        }
    }

    /// The user's shapes folder; nil when no folder can be found (no `$HOME`), which leaves the
    /// built-in shapes only.
    public let folder: String?

    public init(folder: String? = DataFolders.data().map { $0 + "/shapes" }) { self.folder = folder }

    /// Every shape: the built-in ones, then the user's, each sorted by name.
    /// - Throws: "file" when the user's folder cannot be read.
    public func list() throws(SessionError) -> [Entry] {
        let builtIn = ShippedPatterns.names.map { Entry(name: $0, isBuiltIn: true, isShadowed: false) }
        return builtIn + (try userNames()).map { Entry(name: $0, isBuiltIn: false, isShadowed: Self.isBuiltIn($0)) }
    }

    /// The pattern named `name`: the built-in shape of that name, else the user's.
    /// - Throws: "shape" when there is none, "file" or "format" when the user's file is unreadable.
    public func document(named name: String) throws(SessionError) -> PatternDocument {
        if let text = ShippedPatterns.names.first(where: { $0.lowercased() == name.lowercased() }).flatMap(ShippedPatterns.text(named:)) {
            do { return try PatternCodec.decode(Array(text.utf8), fileName: name + ".rle").document } catch {
                preconditionFailure("shipped pattern \(name) does not parse: \(error)")
            }
        }
        guard let path = try userPath(name) else {
            throw SessionError(.shape, "no shape named \(Excerpt.quote(name)) (try 'library list')")
        }
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path) } catch { throw SessionError(.file, error.description) }
        do { return try PatternCodec.decode(bytes, fileName: path).document } catch {
            throw SessionError(.format, error.description)
        }
    }

    /// The shape named `name` as a pattern of any family (a shape saved with states keeps
    /// them): the built-in shape of that name, else the user's.
    /// - Throws: "shape" when there is none, "file" or "format" when the user's file is unreadable.
    public func pattern(named name: String) throws(SessionError) -> LoadedPattern {
        if ShippedPatterns.names.contains(where: { $0.lowercased() == name.lowercased() }) {
            return .twoState(DecodedPattern(document: try document(named: name), format: .rle, compressed: false))
        }
        guard let path = try userPath(name) else {
            throw SessionError(.shape, "no shape named \(Excerpt.quote(name)) (try 'library list')")
        }
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path) } catch { throw SessionError(.file, error.description) }
        do { return try PatternCodec.decodeAny(bytes, fileName: path) } catch {
            throw SessionError(.format, error.description)
        }
    }

    /// Saves `rle` as the user shape `name`, atomically, replacing a user shape of that name;
    /// returns its path.
    /// - Throws: "argument" for a bad name or a built-in one, "file" when it cannot be written.
    @discardableResult
    public func add(named name: String, rle: String) throws(SessionError) -> String {
        try Self.validate(name)
        if Self.isBuiltIn(name) {
            throw SessionError(.argument, "\(Excerpt.quote(name)) is a built-in shape; choose another name")
        }
        guard let folder else { throw SessionError(.file, "no folder for user shapes ($HOME and $XDG_DATA_HOME are unset)") }
        let path = (try userPath(name)) ?? folder + "/" + name + ".rle"
        do {
            try DataFolders.makeFolders(folder)
            try FileIO.writeAtomically(Array(rle.utf8), to: path)
        } catch {
            throw SessionError(.file, error.description)
        }
        return path
    }

    /// Deletes the user shape `name`.
    /// - Throws: "argument" for a built-in shape, "shape" when there is no such user shape,
    ///   "file" when it cannot be removed.
    public func remove(named name: String) throws(SessionError) {
        if Self.isBuiltIn(name) { throw SessionError(.argument, "\(Excerpt.quote(name)) is a built-in shape and cannot be removed") }
        guard let path = try userPath(name) else {
            throw SessionError(.shape, "no user shape named \(Excerpt.quote(name))")
        }
        do { try FileIO.remove(path) } catch { throw SessionError(.file, error.description) }
    }

    // MARK: Names and files

    static func isBuiltIn(_ name: String) -> Bool { ShippedPatterns.names.contains { $0.lowercased() == name.lowercased() } }

    static func validate(_ name: String) throws(SessionError) {
        let scalars = name.unicodeScalars
        let allowed = scalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0) }
        guard (1...64).contains(scalars.count), allowed, let first = scalars.first, first != ".", first != "-" else {
            throw SessionError(.argument, "invalid shape name \(Excerpt.quote(name)): use 1-64 letters, digits, '-', '_' or '.', not starting with '.' or '-'")
        }
    }

    /// The user's shape names (file names without `.rle`), sorted.
    private func userNames() throws(SessionError) -> [String] {
        guard let folder else { return [] }
        do {
            return try DataFolders.entries(of: folder).filter { $0.hasSuffix(".rle") }.map { String($0.dropLast(4)) }
                .filter { (try? Self.validate($0)) != nil }
        } catch {
            throw SessionError(.file, error.description)
        }
    }

    /// The path of the user's shape `name` (matched without regard to case), or nil.
    private func userPath(_ name: String) throws(SessionError) -> String? {
        guard let folder, let found = try userNames().first(where: { $0.lowercased() == name.lowercased() }) else { return nil }
        return folder + "/" + found + ".rle"
    }
}
