// CommandInterpreter+Grid.swift — the `grid` command: show or change the universe's bounded
// grid (Golly's ":T…" rule suffixes), which is also how a field is resized.

import HashlifeEngine
import HashlifeEditing
import HashlifeInterface

extension CommandInterpreter {
    static let gridCommand = InterpreterCommand(
        "grid", changes: .edited, usage: "grid [W H [torus|plane|klein|cross|sphere] | :SUFFIX | none]",
        "Show the grid, or put the universe on a W×H grid (torus by default; 0 leaves a side unbounded), on Golly's suffix such as :T30+5,20, or on the unbounded plane (none); cells off the grid are dropped, undoably."
    ) { r, a throws(CommandError) in try r.grid(a) }

    func grid(_ a: [String]) throws(CommandError) -> Answer {
        let words = a.map { $0.lowercased() }
        switch words.count {
        case 0:
            return gridAnswer(session.rule.grid, prefix: "grid", dropped: nil)
        case 1 where words[0] == "none":
            let dropped = try setGrid(nil)
            return gridAnswer(nil, prefix: "grid", dropped: dropped)
        case 1 where words[0].hasPrefix(":"):
            let grid: Grid?
            do { grid = try Rule("B3/S23" + a[0]).grid } catch {
                throw .argument(error.description)
            }
            return gridAnswer(grid, prefix: "grid", dropped: try setGrid(grid))
        case 2, 3:
            guard let width = Int(words[0]), let height = Int(words[1]) else { throw .usage(command("grid")) }
            let names: [String: Grid.Topology] = ["torus": .torus, "plane": .plane, "klein": .kleinBottle,
                                                   "cross": .crossSurface, "sphere": .sphere]
            guard let topology = words.count == 3 ? names[words[2]] : .torus else { throw .usage(command("grid")) }
            guard let grid = Grid(topology: topology, width: width, height: height,
                                  twist: topology == .kleinBottle ? .vertical : nil) else {
                throw .argument("no \(words.count == 3 ? words[2] : "torus") of \(width)×\(height): sizes run from 0 to 2,000,000,000, "
                    + "at least one above 0; a sphere is square; a Klein bottle, cross-surface and sphere have no 0 side")
            }
            return gridAnswer(grid, prefix: "grid", dropped: try setGrid(grid))
        default:
            throw .usage(command("grid"))
        }
    }

    private func gridAnswer(_ grid: Grid?, prefix: String, dropped: BigUInt?) -> Answer {
        var line: String
        var fields: [JSONValue.Field] = [.init("grid", .string(grid.map { String($0.description.dropFirst()) } ?? "none"))]
        if let grid {
            func side(_ n: Int) -> String { n == 0 ? "unbounded" : "\(n)" }
            line = "\(prefix) \(grid.description.dropFirst()): \(side(grid.width))×\(side(grid.height)) \(Grid.name(of: grid.topology)), "
                + "x from \(grid.width == 0 ? "-∞" : "\(grid.left)"), y from \(grid.height == 0 ? "-∞" : "\(grid.top)")"
            fields += [.init("width", .string("\(grid.width)")), .init("height", .string("\(grid.height)")),
                       .init("left", .string("\(grid.left)")), .init("top", .string("\(grid.top)"))]
        } else {
            line = "\(prefix) none: the unbounded plane"
        }
        if let dropped {
            fields.append(.init("dropped", .string(dropped.description)))
            if !dropped.isZero { line += "\nwarning: \(Plural.count(dropped, "cell")) off the new grid dropped (undo brings them back)" }
        }
        return Answer(lines: line.split(separator: "\n").map(String.init), fields: fields)
    }
}

extension CommandInterpreter {
    /// `Session.setGrid` with its refusal as a command error.
    fileprivate func setGrid(_ grid: Grid?) throws(CommandError) -> BigUInt {
        do { return try session.setGrid(grid) } catch { throw CommandError(error) }
    }
}
