#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where the program keeps what it saves between runs, after the XDG Base Directory rules:
/// `$XDG_DATA_HOME/hashlife` (default `~/.local/share/hashlife`) for data such as user shapes
/// and boards, `$XDG_STATE_HOME/hashlife` (default `~/.local/state/hashlife`) for state such as
/// the REPL's line history, `$XDG_CONFIG_HOME/hashlife` (default `~/.config/hashlife`) for
/// settings. A variable that is unset, empty or not an absolute path is ignored, as the rules
/// say. Nil when neither the variable nor `$HOME` gives a folder.
public enum DataFolders {
    /// `$XDG_DATA_HOME/hashlife`. `environment` stands in for the process's (for tests).
    public static func data(_ environment: [String: String]? = nil) -> String? {
        folder("XDG_DATA_HOME", default: ".local/share", environment)
    }
    /// `$XDG_STATE_HOME/hashlife`.
    public static func state(_ environment: [String: String]? = nil) -> String? {
        folder("XDG_STATE_HOME", default: ".local/state", environment)
    }
    /// `$XDG_CONFIG_HOME/hashlife`.
    public static func config(_ environment: [String: String]? = nil) -> String? {
        folder("XDG_CONFIG_HOME", default: ".config", environment)
    }

    static func folder(_ variable: String, default relative: String, _ environment: [String: String]?) -> String? {
        func value(_ name: String) -> String? {
            let text = environment.map { $0[name] } ?? getenv(name).map { String(cString: $0) }
            return text?.isEmpty == false ? text : nil
        }
        if let value = value(variable), value.hasPrefix("/") { return value + "/hashlife" }
        guard let home = value("HOME"), home.hasPrefix("/") else { return nil }
        return (home.hasSuffix("/") ? home : home + "/") + relative + "/hashlife"
    }

    /// Creates `path` and its missing parents, each new one with `mode` (0700 by default: the
    /// user's data is the user's). An existing folder is fine.
    /// - Throws: `FileError` naming the folder that could not be made, or a path that exists
    ///   and is not a folder.
    public static func makeFolders(_ path: String, mode: mode_t = 0o700) throws(FileError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            if mkdir(prefix, mode) != 0 && errno != EEXIST { throw FileError(path: prefix, reason: String(cString: strerror(errno))) }
            var info = stat()
            if stat(prefix, &info) != 0 || (info.st_mode & S_IFMT) != S_IFDIR {
                throw FileError(path: prefix, reason: "is not a folder")
            }
            prefix += "/"
        }
    }

    /// The names of the entries in the folder at `path` (without "." and ".."), sorted; none
    /// when it does not exist.
    /// - Throws: `FileError` when it exists but cannot be read.
    public static func entries(of path: String) throws(FileError) -> [String] {
        guard let folder = opendir(path) else {
            if errno == ENOENT { return [] }
            throw FileError(path: path, reason: String(cString: strerror(errno)))
        }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}

extension FileIO {
    /// Removes the file at `path`, and syncs its folder so the removal is durable.
    /// - Throws: `FileError` with the system's reason.
    public static func remove(_ path: String) throws(FileError) {
        if unlink(path) != 0 { throw FileError(path: path, reason: String(cString: strerror(errno))) }
        AtomicFileWriter.syncFolder(of: path)
    }
}
