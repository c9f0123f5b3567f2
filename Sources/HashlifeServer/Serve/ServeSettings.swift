// The page's settings, kept by the server in the `serve` section of
// $XDG_CONFIG_HOME/hashlife/settings.json (never in the browser's storage: the port, and so the
// page's origin, changes between runs). The other members of the file (`play`'s settings) stay
// as they are.

import HashlifeFormats
import HashlifeInterface

/// The `serve` section: known keys with their defaults and checks.
public struct ServeSettings: Sendable {
    /// The file (nil: settings are not kept).
    public let path: String?
    let lock = ServerLock()

    public init(path: String?) { self.path = path }

    /// Each setting: its default, and whether a value is acceptable.
    static let defaults: [(key: String, value: JSONValue)] = [
        ("speed", .int(60)), ("autoZoom", .bool(false)), ("autoZoomMode", .string("fit")), ("autoStop", .bool(true)),
        ("cellColour", .string("#f5f5f5")), ("backgroundColour", .string("#111318")), ("gridColour", .string("#2a2f3a")),
        ("axesColour", .string("#55607a")), ("gridLines", .bool(true)),
    ]

    static func accepts(_ key: String, _ value: JSONValue) -> Bool {
        switch (key, value) {
        case ("speed", .int(let n)): return (1...1000).contains(n)
        case ("speed", .double(let d)): return d >= 1 && d <= 1000
        case ("autoZoom", .bool), ("autoStop", .bool), ("gridLines", .bool): return true
        case ("autoZoomMode", .string(let s)): return s == "fit" || s == "out"
        case (let k, .string(let s)) where k.hasSuffix("Colour"):
            return s.count == 7 && s.hasPrefix("#") && s.dropFirst().allSatisfy(\.isHexDigit)
        default: return false
        }
    }

    /// The whole file as an object's members (empty when missing or unreadable).
    func fileMembers() -> [JSONValue.Field] {
        guard let path, let bytes = try? FileIO.read(path),
              case .object(let fields)? = try? JSONValue.parse(String(decoding: bytes, as: UTF8.self)) else { return [] }
        return fields
    }

    /// The settings: the section's valid values over the defaults.
    public func current() -> [JSONValue.Field] {
        lock.withLock {
            var stored: [JSONValue.Field] = []
            if let section = fileMembers().first(where: { $0.key == "serve" }), case .object(let fields) = section.value { stored = fields }
            return ServeSettings.defaults.map { item in
                if let value = stored.last(where: { $0.key == item.key })?.value, ServeSettings.accepts(item.key, value) {
                    return JSONValue.Field(item.key, value)
                }
                return JSONValue.Field(item.key, item.value)
            }
        }
    }

    /// Why `changes` cannot be stored: the first unknown key or bad value.
    public struct Refusal: Error { public var message: String }

    /// Stores `changes` (some of the keys) over the current values; `reset` puts back the defaults first.
    public func update(_ changes: [JSONValue.Field], reset: Bool = false) throws(Refusal) -> [JSONValue.Field] {
        for change in changes {
            guard ServeSettings.defaults.contains(where: { $0.key == change.key }) else { throw Refusal(message: "unknown setting \(Excerpt.quote(change.key))") }
            guard ServeSettings.accepts(change.key, change.value) else { throw Refusal(message: "bad value for \(change.key)") }
        }
        var values = reset ? ServeSettings.defaults.map { JSONValue.Field($0.key, $0.value) } : current()
        for change in changes {
            if let index = values.firstIndex(where: { $0.key == change.key }) { values[index].value = change.value }
        }
        guard let path else { return values }
        try lock.withLock { () throws(Refusal) in
            var members = fileMembers().filter { $0.key != "serve" }
            members.append(.init("serve", .object(values)))
            let text = "{\n" + members.map { "  \(JSONValue.string($0.key).encoded): \($0.value.encoded)" }.joined(separator: ",\n") + "\n}\n"
            do throws(FileError) {
                if let slash = path.lastIndex(of: "/") { try DataFolders.makeFolders(String(path[..<slash])) }
                try FileIO.writeAtomically(Array(text.utf8), to: path)
            } catch {
                throw Refusal(message: "settings not saved: \(error.description)")
            }
        }
        return values
    }
}
