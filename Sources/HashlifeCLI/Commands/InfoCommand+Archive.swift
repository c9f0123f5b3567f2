import HashlifeInterface
import HashlifeFormats

extension InfoCommand {
    /// `info ARCHIVE.zip`: every entry the archive lists, with its kind and size, in the
    /// archive's order (folders and Mac metadata left out). Scripts are marked "not run".
    /// Exits 0 whatever the archive holds; a damaged archive is an error.
    static func describeArchive(_ path: String, memoryLimit: Int, json: Bool, context: CommandContext) throws(CommandError) {
        let archive: PatternArchive
        do { archive = try PatternArchive(path: path, limit: max(memoryLimit, 1 << 20)) } catch {
            throw .failure(error.description)
        }
        let listed = archive.listed
        if json {
            let entries = listed.map { item in
                JSONValue.fields([("name", .string(item.entry.name)), ("kind", .string(item.kind.rawValue)),
                                  ("size", .int(item.entry.size))])
            }
            context.standardOutput(JSONValue.fields([("file", .string(PatternFiles.label(path))), ("format", .string("zip")),
                                                     ("entries", .array(entries))]).encoded + "\n")
            return
        }
        var counts: [ArchiveEntryKind: Int] = [:]
        for item in listed { counts[item.kind, default: 0] += 1 }
        let order: [ArchiveEntryKind] = [.pattern, .rule, .script, .note, .ignored, .other]
        let summary = order.compactMap { kind in counts[kind].map { "\($0) \(kind.rawValue)\($0 == 1 ? "" : "s")" } }
        var text = "file:       \(PatternFiles.label(path))\nformat:     ZIP archive\n"
        text += "entries:    \(listed.count)" + (summary.isEmpty ? "" : " (" + summary.joined(separator: ", ") + ")") + "\n"
        let width = listed.map(\.kind.rawValue.count).max() ?? 0
        for item in listed {
            let kind = item.kind.rawValue + String(repeating: " ", count: width - item.kind.rawValue.count)
            let note = item.kind == .script ? " (not run)" : item.kind == .ignored ? " (ignored: Golly no longer reads it)" : ""
            text += "  \(kind)  \(item.entry.name)  \(item.entry.size) bytes\(note)\n"
        }
        if archive.patterns.count == 1 {
            text += "run it:     hashlife run \(PatternFiles.label(path))\n"
        } else if let first = archive.patterns.first {
            text += "run one:    hashlife run \(PatternFiles.label(path)):\(first.name)\n"
        }
        context.standardOutput(text)
    }
}
