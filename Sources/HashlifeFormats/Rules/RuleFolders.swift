import HashlifeEngine
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

// Where `.rule` files are found, and a rule name resolved to one, as Golly finds them.
//
// Folders, in order: the ones given with `--rules` (`explicit`), then `$HASHLIFE_RULES`
// (folders separated by ':'), then `$XDG_DATA_HOME/hashlife/rules` (default
// ~/.local/share/hashlife/rules), then the pattern file's own folder, then where Golly keeps
// them on Linux: ~/.golly/Rules, /usr/share/golly/Rules, /usr/local/share/golly/Rules.
//
// A name is matched as Golly matches it: case-sensitive, with '/' and '\' read as '_', the
// bounded-grid suffix cut at the first ':' ("WireWorld:P60,60" reads WireWorld.rule). The first
// file found gives the names, colours and icons; when it has no @TABLE or @TREE, the
// transitions come from the next folder whose file has them (so a user can change colours
// alone). A section missing from the file is looked up in `<prefix>-shared.rule` beside it,
// the prefix being the name up to its last '-' (display sections only).
//
// Pattern readers resolve names in `RuleFolders.current`, which commands bind for their work
// (`withValue`), and which the reader of a file narrows to that file's folder.

/// The folders a rule name is looked up in.
public struct RuleFolders: Sendable, Equatable {
    /// `--rules` folders, first.
    public var explicit: [String]
    /// The environment the other folders come from (`HASHLIFE_RULES`, `XDG_DATA_HOME`, `HOME`).
    public var environment: [String: String]
    /// The folder of the pattern file being read, searched after the user's folders.
    public var patternFolder: String?
    /// Rule files given inside the pattern being read (an `@RULE` section after the pattern),
    /// used ahead of every folder.
    public var embedded: [RuleFile] = []

    public init(explicit: [String] = [], environment: [String: String] = [:], patternFolder: String? = nil) {
        self.explicit = explicit
        self.environment = environment
        self.patternFolder = patternFolder
    }

    /// The folders rule names are resolved in while a command works; none but Golly's system
    /// folders outside a command.
    @TaskLocal public static var current = RuleFolders()

    /// The environment variables `RuleFolders` reads, from this process.
    public static var processEnvironment: [String: String] {
        var result: [String: String] = [:]
        for name in ["HASHLIFE_RULES", "XDG_DATA_HOME", "HOME"] {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }

    /// The folders in the order they are searched (duplicates kept once, at their first place).
    public var searchOrder: [String] {
        var folders = explicit
        if let list = environment["HASHLIFE_RULES"] {
            folders += list.split(separator: ":").map(String.init)
        }
        if let data = DataFolders.data(environment.isEmpty ? ["HOME": ""] : environment) { folders.append(data + "/rules") }
        if let patternFolder { folders.append(patternFolder) }
        if let home = environment["HOME"], home.hasPrefix("/") { folders.append((home.hasSuffix("/") ? home : home + "/") + ".golly/Rules") }
        folders += ["/usr/share/golly/Rules", "/usr/local/share/golly/Rules"]
        var seen = Set<String>()
        return folders.map { $0.count > 1 && $0.hasSuffix("/") ? String($0.dropLast()) : $0 }.filter { seen.insert($0).inserted }
    }

    /// The same folders with `path`'s folder as the pattern's.
    public func with(patternAt path: String) -> RuleFolders {
        var copy = self
        guard path != "-" else { return copy }
        if let slash = path.lastIndex(of: "/") {
            copy.patternFolder = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            copy.patternFolder = "."
        }
        return copy
    }

    /// The file name Golly reads for the rule `text`: the name before any ':', '/' and '\' as
    /// '_', then ".rule".
    public static func fileName(for text: String) -> String {
        let name = text.prefix { $0 != ":" }
        return String(name.map { $0 == "/" || $0 == "\\" ? "_" : $0 }) + ".rule"
    }

    /// The rule `text` names (a rule name and an optional grid suffix) from its `.rule` file.
    /// - Throws: `RuleFolders.LookupError` when no folder has the file (listing every folder
    ///   searched), or the file's own error, or the grid suffix's.
    public func resolve(_ text: String) throws(LookupError) -> MultiStateRule {
        let name = String(text.prefix { $0 != ":" }).trimmingSpaces
        if let file = embedded.first(where: { $0.name == name && $0.hasTransitions }), let rule = RuleFileRule(name: name, file: file) {
            do { return try MultiStateRule(ruleFile: rule, text: text) } catch { throw .rule(error) }
        }
        let fileName = RuleFolders.fileName(for: name)
        let folders = searchOrder
        var display: RuleFile? = nil
        var displayFolder: String? = nil
        for folder in folders {
            let path = folder + "/" + fileName
            guard RuleFolders.isFile(path) else { continue }
            let file: RuleFile
            do {
                let bytes = try FileIO.read(path)
                file = try RuleFile.parse(String(decoding: bytes, as: UTF8.self), fileName: path)
            } catch let error as FileError {
                throw .file(error)
            } catch let error as RuleFileError {
                throw .syntax(error)
            } catch {
                throw .file(FileError(path: path, reason: "\(error)"))
            }
            if display == nil {
                display = file
                displayFolder = folder
            }
            guard file.hasTransitions else { continue }
            var merged = file
            if let display, display != file {
                if !display.stateNames.isEmpty { merged.stateNames = display.stateNames }
                if !display.colors.isEmpty || display.gradient != nil {
                    merged.colors = display.colors
                    merged.gradient = display.gradient
                }
                if display.icons != nil { merged.icons = display.icons }
            }
            merged = RuleFolders.withShared(merged, name: name, folder: displayFolder ?? folder)
            guard let rule = RuleFileRule(name: name, file: merged) else { continue }
            do { return try MultiStateRule(ruleFile: rule, text: text) } catch { throw .rule(error) }
        }
        throw .notFound(rule: name, fileName: fileName, folders: folders, withoutTransitions: displayFolder)
    }

    /// `file` with the display sections it lacks taken from `<prefix>-shared.rule` in `folder`.
    static func withShared(_ file: RuleFile, name: String, folder: String) -> RuleFile {
        guard let dash = name.lastIndex(of: "-"), file.stateNames.isEmpty || file.colors.isEmpty || file.icons == nil else { return file }
        let path = folder + "/" + RuleFolders.fileName(for: String(name[..<dash]) + "-shared")
        guard RuleFolders.isFile(path), let bytes = try? FileIO.read(path),
              let shared = try? RuleFile.parse(String(decoding: bytes, as: UTF8.self), fileName: path) else { return file }
        var merged = file
        if merged.stateNames.isEmpty { merged.stateNames = shared.stateNames }
        if merged.colors.isEmpty && merged.gradient == nil {
            merged.colors = shared.colors
            merged.gradient = shared.gradient
        }
        if merged.icons == nil { merged.icons = shared.icons }
        return merged
    }

    /// Whether `path` is an existing file (or a link to one).
    static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether `path` is an existing folder (or a link to one).
    public static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Why a rule name gives no rule.
    public enum LookupError: Error, Equatable, Sendable, CustomStringConvertible {
        /// No folder has `fileName` with transitions; `withoutTransitions` is the folder whose
        /// file had none, if any.
        case notFound(rule: String, fileName: String, folders: [String], withoutTransitions: String?)
        case file(FileError)
        case syntax(RuleFileError)
        case rule(RuleError)

        public var description: String {
            switch self {
            case let .notFound(rule, fileName, folders, withoutTransitions):
                let partial = withoutTransitions.map { " (\($0)/\(fileName) has no @TABLE or @TREE)" } ?? ""
                return "rule \(RuleError.excerpt(rule)) not found: no built-in rule and no \(RuleError.excerpt(fileName)) with a @TABLE or @TREE\(partial) in "
                    + folders.joined(separator: ", ") + "; give its folder with --rules DIR"
            case .file(let error): return error.description
            case .syntax(let error): return error.description
            case .rule(let error): return error.description
            }
        }
    }
}

private extension String {
    var trimmingSpaces: String {
        var characters = Substring(self)
        while characters.first == " " || characters.first == "\t" { characters.removeFirst() }
        while characters.last == " " || characters.last == "\t" { characters.removeLast() }
        return String(characters)
    }
}

extension RuleFolders {
    /// Whether pattern readers take `text` for the name of a rule file: it is not multi-state
    /// syntax, no two-state rule, and either a plain name (the two-state parser calls it an
    /// unknown name) or the name of a file in `current`'s folders.
    public static func namesRuleFile(_ text: String) -> Bool {
        if AnyRule.isMultiStateSyntax(text) { return false }
        do {
            _ = try Rule(text)
            return false
        } catch {
            if error.reason == .unknownName { return true }
        }
        let name = String(text.prefix { $0 != ":" }).trimmingSpaces
        if current.embedded.contains(where: { $0.name == name }) { return true }
        return current.searchOrder.contains { isFile($0 + "/" + fileName(for: String(text.prefix { $0 != ":" }))) }
    }

    /// The rule of several states `text` names: the syntax of a family whose patterns keep
    /// states (`AnyRule.isMultiStateSyntax`: Generations, History, Super, …), else the rule of
    /// a `.rule` file found in `current`'s folders.
    public static func stateRule(_ text: String) throws(LookupError) -> AnyRule {
        if AnyRule.isMultiStateSyntax(text) {
            do { return try AnyRule.parse(text) } catch { throw .rule(error) }
        }
        return AnyRule(try current.resolve(text))
    }

    /// The pattern text before an `@RULE` line (LifeViewer's convention: a rule file after the
    /// pattern), the rule file's text, and the number of lines before it; nil when the text has
    /// no line starting with "@RULE".
    public static func splitEmbedded(_ text: String) -> (pattern: String, rule: String, linesBefore: Int)? {
        var lineStart = text.startIndex
        var lines = 0
        while lineStart < text.endIndex {
            if text[lineStart...].hasPrefix("@RULE") {
                return (String(text[..<lineStart]), String(text[lineStart...]), lines)
            }
            guard let end = text[lineStart...].firstIndex(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) else { break }
            lineStart = text.index(after: end)
            lines += 1
        }
        return nil
    }

    /// A rule of either kind: `AnyRule.parse`, else the rule of a `.rule` file found in
    /// `current`'s folders (for names `namesRuleFile` accepts; other texts keep the parser's
    /// error).
    public static func anyRule(_ text: String) throws(LookupError) -> AnyRule {
        do { return try AnyRule.parse(text) } catch {
            guard namesRuleFile(text) else { throw .rule(error) }
            return AnyRule(try current.resolve(text))
        }
    }
}
