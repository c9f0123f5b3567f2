// History, snapshot and shape-library commands.

import HashlifeEngine
import HashlifeRendering
import HashlifeEditing
import HashlifeInterface

extension CommandInterpreter {
    static let historyCommands: [InterpreterCommand] = [
        InterpreterCommand("undo", changes: .historyMoved, usage: "undo [N]",
                    "Take back the last N changes (default 1): edits, steps, gotos, rule changes, snapshot restores.") { r, a throws(CommandError) in try r.undo(a) },
        InterpreterCommand("redo", changes: .historyMoved, usage: "redo [N]", "Apply again the last N changes undone (default 1).") { r, a throws(CommandError) in try r.redo(a) },
        InterpreterCommand("history", usage: "history",
                    "List the changes that can be undone, oldest first, then those that can be redone; each with the generation and population it left.") { r, a throws(CommandError) in try r.history(a) },
        InterpreterCommand("snapshot", changes: .historyMoved, usage: "snapshot save [NAME] | list | restore NAME | rename NAME NEW | delete NAME",
                    "Save the current state under a name, list the snapshots with a thumbnail, restore one (undoable), rename one, or delete one.") { r, a throws(CommandError) in try r.snapshot(a) },
        InterpreterCommand("library", usage: "library list | add NAME | remove NAME",
                    "List the shapes (built-in patterns and yours), save the selection as your shape NAME, or remove one of yours.") { r, a throws(CommandError) in try r.library(a) },
    ]

    func undo(_ a: [String]) throws(CommandError) -> Answer {
        let count = try historyCount(a, command: "undo")
        let undone: [HistoryEntry]
        do { undone = try session.undo(count) } catch { throw CommandError(error) }
        return stateAnswer("undid " + undone.map(\.description).joined(separator: "; "), undone)
    }

    func redo(_ a: [String]) throws(CommandError) -> Answer {
        let count = try historyCount(a, command: "redo")
        let redone: [HistoryEntry]
        do { redone = try session.redo(count) } catch { throw CommandError(error) }
        return stateAnswer("redid " + redone.map(\.description).joined(separator: "; "), redone)
    }

    private func historyCount(_ a: [String], command name: String) throws(CommandError) -> Int {
        guard a.count <= 1 else { throw .usage(command(name)) }
        guard let text = a.first else { return 1 }
        guard text.utf8.count <= 9, let n = Int(text), n >= 1 else {
            throw .argument("invalid N \(Excerpt.quote(text)); expected a whole number from 1 to 999999999")
        }
        return n
    }

    /// "undid …; generation G, population P" and the entries as JSON.
    private func stateAnswer(_ line: String, _ entries: [HistoryEntry]) -> Answer {
        let universe = session.universe
        let population = universe.population
        return Answer("\(line); generation \(universe.generation), population \(population)", [
            .init("entries", .array(entries.map { .string($0.description) })),
            .init("generation", .string(universe.generation.description)),
            .init("population", .string(population.description)),
        ])
    }

    func history(_ a: [String]) throws(CommandError) -> Answer {
        guard a.isEmpty else { throw .usage(command("history")) }
        let undo = session.undoHistory, redo = session.redoHistory
        var lines: [String] = []
        for (i, e) in undo.enumerated() {
            lines.append("\(i + 1). \(e.description) (generation \(e.generation), population \(e.population))")
        }
        for e in redo { lines.append("   undone: \(e.description) (generation \(e.generation), population \(e.population))") }
        if lines.isEmpty { lines = ["no history"] }
        func json(_ e: HistoryEntry) -> JSONValue {
            .object([.init("description", .string(e.description)), .init("step", .bool(e.isStep)),
                     .init("generation", .string(e.generation.description)), .init("population", .string(e.population.description))])
        }
        return Answer(lines: lines, fields: [.init("undo", .array(undo.map(json))), .init("redo", .array(redo.map(json)))])
    }

    // MARK: Snapshots

    func snapshot(_ a: [String]) throws(CommandError) -> Answer {
        guard let verb = a.first?.lowercased() else { throw .usage(command("snapshot")) }
        let rest = Array(a.dropFirst())
        switch (verb, rest.count) {
        case ("save", 0...1):
            let saved: (snapshot: Snapshot, replaced: Bool)
            do { saved = try session.saveSnapshot(named: rest.first) } catch { throw CommandError(error) }
            let s = saved.snapshot
            return Answer("\(saved.replaced ? "replaced" : "saved") snapshot \(s.name) (generation \(s.generation), population \(s.population))",
                          snapshotFields(s) + [.init("replaced", .bool(saved.replaced))], effects: .snapshots)
        case ("list", 0):
            var lines: [String] = []
            var items: [JSONValue] = []
            for s in session.snapshots {
                let picture = session.withState(of: s) { Self.thumbnail($0) }
                lines.append("\(s.name): generation \(s.generation), population \(s.population)")
                lines += picture.map { "  " + $0 }
                items.append(.object(snapshotFields(s) + [.init("thumbnail", .array(picture.map { .string($0) }))]))
            }
            return Answer(lines: lines.isEmpty ? ["no snapshots"] : lines, fields: [.init("snapshots", .array(items))])
        case ("restore", 1):
            let s: Snapshot
            do { s = try session.restoreSnapshot(named: rest[0]) } catch { throw CommandError(error) }
            return Answer("restored snapshot \(s.name) (generation \(s.generation), population \(s.population)); 'undo' takes it back",
                          snapshotFields(s))
        case ("rename", 2):
            do { try session.renameSnapshot(named: rest[0], to: rest[1]) } catch { throw CommandError(error) }
            return Answer("renamed snapshot \(rest[0]) to \(rest[1])", [.init("name", .string(rest[1])), .init("old_name", .string(rest[0]))],
                          effects: .snapshots)
        case ("delete", 1):
            do { try session.deleteSnapshot(named: rest[0]) } catch { throw CommandError(error) }
            return Answer("deleted snapshot \(rest[0])", [.init("name", .string(rest[0]))], effects: .snapshots)
        default:
            throw .usage(command("snapshot"))
        }
    }

    private func snapshotFields(_ s: Snapshot) -> [JSONValue.Field] {
        [.init("name", .string(s.name)), .init("generation", .string(s.generation.description)),
         .init("population", .string(s.population.description))]
    }

    /// A small picture of the whole pattern, the shared `Thumbnail.text`: 12×3 braille
    /// characters (24×12 blocks, fitted with the 20 % margin); a blank box when every cell is in state 0.
    static func thumbnail(_ universe: any LifeUniverse) -> [String] {
        Thumbnail.text(universe, columns: 12, rows: 3)
    }

    // MARK: Shape library

    func library(_ a: [String]) throws(CommandError) -> Answer {
        guard let verb = a.first?.lowercased() else { throw .usage(command("library")) }
        let rest = Array(a.dropFirst())
        switch (verb, rest.count) {
        case ("list", 0):
            let entries: [ShapeLibrary.Entry]
            do { entries = try shapes.list() } catch { throw CommandError(error) }
            var lines: [String] = []
            var items: [JSONValue] = []
            for e in entries {
                // A shape that cannot be read is listed without a preview.
                let picture = (try? shapes.document(named: e.name)).flatMap { try? Universe(document: $0) }.map { Self.thumbnail($0) } ?? []
                lines.append(e.name + (e.isBuiltIn ? " (built in)" : e.isShadowed ? " (yours, hidden by the built-in shape of that name)" : " (yours)"))
                lines += picture.map { "  " + $0 }
                items.append(.object([.init("name", .string(e.name)), .init("built_in", .bool(e.isBuiltIn)), .init("shadowed", .bool(e.isShadowed)),
                                      .init("thumbnail", .array(picture.map { .string($0) }))]))
            }
            return Answer(lines: lines, fields: [.init("shapes", .array(items))])
        case ("add", 1):
            return try addShape(named: rest[0])
        case ("remove", 1):
            do { try shapes.remove(named: rest[0]) } catch { throw CommandError(error) }
            return Answer("removed shape \(rest[0])", [.init("name", .string(rest[0]))])
        default:
            throw .usage(command("library"))
        }
    }
}
