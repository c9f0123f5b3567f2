// settings.json: a flat JSON object, written atomically, read leniently (a malformed
// file gives a warning and defaults, never a crash).

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import HashlifeFormats

extension Settings {
    /// The settings as one JSON object, keys in a fixed order.
    public var json: String {
        var fields: [(String, String)] = [
            ("speed", quoted(speed.rawValue)), ("hyperExponent", String(hyperExponent)),
            ("autoZoom", quoted(autoZoom.rawValue)), ("autoStop", String(autoStop)), ("gridLines", String(gridLines)),
            ("cellShape", quoted(cellShape.rawValue)), ("theme", quoted(theme.rawValue)),
        ]
        for (key, colour) in [("liveColour", liveColour), ("backgroundColour", backgroundColour), ("gridColour", gridColour), ("axesColour", axesColour)] {
            if let colour { fields.append((key, quoted(colour.description))) }
        }
        return "{\n" + fields.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }

    private func quoted(_ s: String) -> String { "\"" + s + "\"" }

    /// Settings from `text`; unknown keys are ignored, and each bad value is named in
    /// `warnings` and left at its default. Text that is not a flat JSON object gives defaults and
    /// one warning.
    public static func parse(_ text: String, label: String = "settings.json") -> (settings: Settings, warnings: [String]) {
        var settings = Settings()
        var warnings: [String] = []
        let pairs: [(String, FlatJSON.Value)]
        do { pairs = try FlatJSON.parse(text) } catch {
            return (settings, ["\(label): \(error.description); using defaults"])
        }
        for (key, value) in pairs {
            func bad() { warnings.append("\(label): ignoring \(key) (bad value)") }
            switch (key, value) {
            case ("speed", .string(let s)): if let v = Speed(rawValue: s) { settings.speed = v } else { bad() }
            case ("hyperExponent", .number(let n)): if let v = Int(n), (0...64).contains(v) { settings.hyperExponent = v } else { bad() }
            case ("autoZoom", .string(let s)): if let v = AutoZoom(rawValue: s) { settings.autoZoom = v } else { bad() }
            case ("autoStop", .bool(let b)): settings.autoStop = b
            case ("gridLines", .bool(let b)): settings.gridLines = b
            case ("cellShape", .string(let s)): if let v = CellShape(rawValue: s) { settings.cellShape = v } else { bad() }
            case ("theme", .string(let s)): if let v = Theme(rawValue: s) { settings.theme = v } else { bad() }
            case ("liveColour", .string(let s)): if let c = RGB(hex: s) { settings.liveColour = c } else { bad() }
            case ("backgroundColour", .string(let s)): if let c = RGB(hex: s) { settings.backgroundColour = c } else { bad() }
            case ("gridColour", .string(let s)): if let c = RGB(hex: s) { settings.gridColour = c } else { bad() }
            case ("axesColour", .string(let s)): if let c = RGB(hex: s) { settings.axesColour = c } else { bad() }
            case ("speed", _), ("hyperExponent", _), ("autoZoom", _), ("autoStop", _), ("gridLines", _), ("cellShape", _),
                 ("theme", _), ("liveColour", _), ("backgroundColour", _), ("gridColour", _), ("axesColour", _):
                bad()
            default: break
            }
        }
        return (settings, warnings)
    }

    /// Reads the settings at `path`; a missing file is the defaults without a warning.
    public static func load(path: String) -> (settings: Settings, warnings: [String]) {
        if access(path, F_OK) != 0 && errno == ENOENT { return (Settings(), []) }
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path) } catch {
            return (Settings(), ["\(error.description); using default settings"])
        }
        return parse(String(decoding: bytes, as: UTF8.self), label: path)
    }

    /// Writes the settings to `path` atomically (temporary file, sync, rename), making its folder;
    /// the sections other programs keep in the file (`"serve": {…}`, `hashlife serve`'s) stay.
    public func save(path: String) throws(FileError) {
        if let slash = path.lastIndex(of: "/") { try DataFolders.makeFolders(String(path[..<slash])) }
        var text = json
        if let bytes = try? FileIO.read(path), let pairs = try? FlatJSON.parse(String(decoding: bytes, as: UTF8.self)) {
            let sections = pairs.compactMap { pair -> String? in
                if case .section(let raw) = pair.1 { return "  \"\(pair.0)\": \(raw)" }
                return nil
            }
            if !sections.isEmpty { text = String(text.dropLast(3)) + ",\n" + sections.joined(separator: ",\n") + "\n}\n" }
        }
        try FileIO.writeAtomically(Array(text.utf8), to: path)
    }
}

/// A reader for one flat JSON object of strings, numbers and booleans (all the settings need);
/// a member whose value is an object (another program's section) is kept as its raw text.
enum FlatJSON {
    enum Value: Equatable { case string(String), number(String), bool(Bool), null, section(String) }

    struct Failure: Error, CustomStringConvertible {
        var offset: Int
        var reason: String
        var description: String { "not a settings object at character \(offset + 1): \(reason)" }
    }

    static func parse(_ text: String) throws(Failure) -> [(String, Value)] {
        let s = Array(text.unicodeScalars)
        var i = 0
        func skip() { while i < s.count, " \t\r\n".unicodeScalars.contains(s[i]) { i += 1 } }
        func expect(_ c: Unicode.Scalar) throws(Failure) {
            skip()
            guard i < s.count, s[i] == c else { throw Failure(offset: i, reason: "expected '\(c)'") }
            i += 1
        }
        func string() throws(Failure) -> String {
            try expect("\"")
            var out = ""
            while i < s.count, s[i] != "\"" {
                if s[i] == "\\" {
                    i += 1
                    guard i < s.count else { break }
                    switch s[i] {
                    case "n": out += "\n"
                    case "t": out += "\t"
                    case "u":
                        guard i + 4 < s.count, let v = UInt32(String(String.UnicodeScalarView(s[(i + 1)...(i + 4)])), radix: 16),
                              let u = Unicode.Scalar(v) else { throw Failure(offset: i, reason: "bad \\u escape") }
                        out.unicodeScalars.append(u)
                        i += 4
                    default: out.unicodeScalars.append(s[i])
                    }
                } else {
                    out.unicodeScalars.append(s[i])
                }
                i += 1
            }
            guard i < s.count else { throw Failure(offset: i, reason: "unterminated string") }
            i += 1
            return out
        }
        var pairs: [(String, Value)] = []
        try expect("{")
        skip()
        if i < s.count, s[i] == "}" { i += 1 } else {
            while true {
                let key = try string()
                try expect(":")
                skip()
                guard i < s.count else { throw Failure(offset: i, reason: "missing value") }
                let value: Value
                if s[i] == "\"" {
                    value = .string(try string())
                } else if s[i] == "{" {
                    // A nested object, kept whole: braces counted outside strings.
                    let start = i
                    var depth = 0, inString = false
                    while i < s.count {
                        let c = s[i]
                        if inString {
                            if c == "\\" { i += 1 } else if c == "\"" { inString = false }
                        } else if c == "\"" { inString = true } else if c == "{" { depth += 1 } else if c == "}" {
                            depth -= 1
                            if depth == 0 { i += 1; break }
                        }
                        i += 1
                    }
                    guard depth == 0 else { throw Failure(offset: start, reason: "unterminated object") }
                    value = .section(String(String.UnicodeScalarView(s[start..<i])))
                } else {
                    var word = ""
                    while i < s.count, !",} \t\r\n".unicodeScalars.contains(s[i]) { word.unicodeScalars.append(s[i]); i += 1 }
                    switch word {
                    case "true": value = .bool(true)
                    case "false": value = .bool(false)
                    case "null": value = .null
                    default:
                        guard !word.isEmpty, Double(word) != nil else { throw Failure(offset: i - word.unicodeScalars.count, reason: "bad value") }
                        value = .number(word)
                    }
                }
                pairs.append((key, value))
                skip()
                guard i < s.count else { throw Failure(offset: i, reason: "unterminated object") }
                if s[i] == "," { i += 1; continue }
                if s[i] == "}" { i += 1; break }
                throw Failure(offset: i, reason: "expected ',' or '}'")
            }
        }
        skip()
        guard i == s.count else { throw Failure(offset: i, reason: "text after the object") }
        return pairs
    }
}
