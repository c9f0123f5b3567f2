// Region editing commands: selection, clipboard, paste modes, rotate, flip,
// random fill, stamps, and saving the selection as a shape.

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import HashlifeEngine
import HashlifeFormats
import HashlifeEditing
import HashlifeInterface

extension CommandInterpreter {
    static let editingCommands: [InterpreterCommand] = [
        InterpreterCommand("select", usage: "select X Y W H | select all | select none",
                    "Select the W×H cells from (X, Y), the pattern's bounding box (all), or nothing.") { r, a throws(CommandError) in try r.select(a) },
        InterpreterCommand("selection", usage: "selection", "Show the selection and the clipboard.") { r, a throws(CommandError) in try r.selectionCommand(a) },
        InterpreterCommand("copy", usage: "copy [rle]",
                    "Copy the selection to the clipboard; 'copy rle' also prints it as RLE.") { r, a throws(CommandError) in try r.copy(a) },
        InterpreterCommand("cut", changes: .edited, usage: "cut", "Copy the selection to the clipboard, then clear it.") { r, a throws(CommandError) in try r.cut(a) },
        InterpreterCommand("paste", changes: .edited, usage: "paste X Y [file F] [mode or|copy|xor|and]",
                    "Paste the clipboard (or file F) with its top-left at (X, Y); or: live cells added (default), copy: replace the area, xor, and. With states: or writes the clip's non-zero cells, copy every cell of the clip (0 too); see 'help' for xor and and.") { r, a throws(CommandError) in try r.paste(a) },
        InterpreterCommand("clear", changes: .edited, usage: "clear [inside|outside]",
                    "Kill every cell, or those inside or outside the selection (the rule and generation stay).") { r, a throws(CommandError) in try r.clear(a) },
        InterpreterCommand("rotate", changes: .edited, usage: "rotate cw|ccw",
                    "Turn the selection's cells a quarter turn in place (its top-left stays; width and height swap).") { r, a throws(CommandError) in try r.rotate(a) },
        InterpreterCommand("flip", changes: .edited, usage: "flip x|y", "Mirror the selection's cells left-right (x) or top-bottom (y), in place.") { r, a throws(CommandError) in try r.flip(a) },
        InterpreterCommand("fill", changes: .edited, usage: "fill DENSITY [seed N] [state S]",
                    "Fill the selection at random: each cell in state S (default 1) with probability DENSITY (0 to 1), the others empty; the same seed (default 0) gives the same cells.") { r, a throws(CommandError) in try r.fill(a) },
        InterpreterCommand("stamp", changes: .edited, usage: "stamp NAME|FILE X Y [rotate 90|180|270] [flip x|y] [mode or|copy|xor|and]",
                    "Place a library shape or a pattern file with its top-left at (X, Y), turned clockwise and/or mirrored first.") { r, a throws(CommandError) in try r.stamp(a) },
    ]

    func select(_ a: [String]) throws(CommandError) -> Answer {
        switch a.count {
        case 1 where a[0].lowercased() == "all": session.selectAll()
        case 1 where a[0].lowercased() == "none": session.select(nil)
        case 4:
            let x = try parseCoordinate(a[0], name: "X"), y = try parseCoordinate(a[1], name: "Y")
            let w = try parsePositive(a[2], name: "W"), h = try parsePositive(a[3], name: "H")
            session.select(CellRect(x: x, y: y, width: w, height: h))
        default: throw .usage(command("select"))
        }
        return selectionAnswer()
    }

    func selectionCommand(_ a: [String]) throws(CommandError) -> Answer {
        guard a.isEmpty else { throw .usage(command("selection")) }
        var answer = selectionAnswer()
        let clip = session.clipboard
        answer.lines.append(clip.map { "clipboard \($0.width)x\($0.height), population \($0.population)\($0.highestState > 1 ? " (with states)" : "")" } ?? "clipboard empty")
        answer.fields.append(.init("clipboard", clip.map { clipJSON($0) } ?? .null))
        return answer
    }

    func selectionAnswer() -> Answer {
        guard let s = session.selection else { return Answer("selection none", [.init("selection", .null)]) }
        return Answer("selection x=\(s.x) y=\(s.y) width=\(s.width) height=\(s.height)", [.init("selection", boundsJSON(s))])
    }

    func clipJSON(_ clip: CellClip) -> JSONValue {
        clipJSON(width: clip.width, height: clip.height, population: clip.population)
    }

    func clipJSON(width: BigUInt, height: BigUInt, population: BigUInt) -> JSONValue {
        .object([.init("width", .string(width.description)), .init("height", .string(height.description)),
                 .init("population", .string(population.description))])
    }

    func copy(_ a: [String]) throws(CommandError) -> Answer {
        guard a.isEmpty || (a.count == 1 && a[0].lowercased() == "rle") else { throw .usage(command("copy")) }
        let clip: CellClip
        do { clip = try session.copySelection() } catch { throw CommandError(error) }
        var answer = Answer("copied \(clip.width)x\(clip.height), population \(clip.population)", [.init("clipboard", clipJSON(clip))])
        if !a.isEmpty {
            let rle: String
            do { rle = try session.rle(of: clip) } catch { throw CommandError(error) }
            answer.lines = rle.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if answer.lines.last == "" { answer.lines.removeLast() }
            answer.fields.append(.init("rle", .string(rle)))
        }
        return answer
    }

    func cut(_ a: [String]) throws(CommandError) -> Answer {
        guard a.isEmpty else { throw .usage(command("cut")) }
        let clip: CellClip
        do { clip = try session.cutSelection() } catch { throw CommandError(error) }
        return Answer("cut \(clip.width)x\(clip.height), population \(clip.population)", [.init("clipboard", clipJSON(clip))])
    }

    func paste(_ a: [String]) throws(CommandError) -> Answer {
        guard a.count >= 2 else { throw .usage(command("paste")) }
        let x = try parseCoordinate(a[0], name: "X"), y = try parseCoordinate(a[1], name: "Y")
        let options = try keywordOptions(Array(a.dropFirst(2)), allowed: ["file", "mode"], command: "paste")
        let mode = try options["mode"].map(parseMode) ?? .or
        if let file = options["file"] {
            let description = "paste \(file) at \(x),\(y) (\(mode.rawValue))"
            let clip = try clip(ofFile: file)
            do { try session.paste(clip, x: x, y: y, mode: mode, description: description) } catch { throw CommandError(error) }
        } else {
            do { try session.paste(x: x, y: y, mode: mode) } catch { throw CommandError(error) }
        }
        return changeAnswer("pasted at \(x),\(y) (\(mode.rawValue))")
    }

    func clear(_ a: [String]) throws(CommandError) -> Answer {
        switch a.map({ $0.lowercased() }) {
        case []: session.clear()
        case ["inside"]: do { try session.clearSelection() } catch { throw CommandError(error) }
        case ["outside"]: do { try session.clearSelection(outside: true) } catch { throw CommandError(error) }
        default: throw .usage(command("clear"))
        }
        // Plain `clear` answers as it always has; the selection forms say what is left.
        return a.isEmpty ? Answer("cleared", []) : changeAnswer("cleared \(a[0].lowercased()) the selection")
    }

    func rotate(_ a: [String]) throws(CommandError) -> Answer {
        guard a.count == 1 else { throw .usage(command("rotate")) }
        let transform: PatternTransform
        switch a[0].lowercased() {
        case "cw", "90": transform = .rotateClockwise
        case "ccw", "-90", "270": transform = .rotateCounterclockwise
        default: throw .usage(command("rotate"))
        }
        return try transformSelection(transform, "rotated " + a[0].lowercased())
    }

    func flip(_ a: [String]) throws(CommandError) -> Answer {
        guard a.count == 1 else { throw .usage(command("flip")) }
        let transform = try parseFlip(a[0])
        return try transformSelection(transform, "flipped " + a[0].lowercased())
    }

    private func transformSelection(_ transform: PatternTransform, _ line: String) throws(CommandError) -> Answer {
        do { try session.transformSelection(transform) } catch { throw CommandError(error) }
        var answer = changeAnswer(line)
        let selection = selectionAnswer()
        answer.lines[0] += "; " + selection.lines[0]
        answer.fields += selection.fields
        return answer
    }

    func fill(_ a: [String]) throws(CommandError) -> Answer {
        guard !a.isEmpty else { throw .usage(command("fill")) }
        guard a[0].utf8.count <= 32, let density = Double(a[0]), density >= 0, density <= 1 else {
            throw .argument("invalid DENSITY \(Excerpt.quote(a[0])); expected a number from 0 to 1")
        }
        let options = try keywordOptions(Array(a.dropFirst()), allowed: ["seed", "state"], command: "fill")
        var seed: UInt64 = 0
        if let text = options["seed"] {
            guard let n = UInt64(text) else { throw .argument("invalid seed \(Excerpt.quote(text)); expected a whole number from 0 to \(UInt64.max)") }
            seed = n
        }
        var state: UInt8 = 1
        if let text = options["state"] {
            let count = session.universe.stateCount
            guard text.utf8.count <= 3, let n = Int(text), n >= 1, n < count else {
                throw .argument("invalid state \(Excerpt.quote(text)); expected 1 to \(count - 1) (rule \(session.rule) has \(count) states)")
            }
            state = UInt8(n)
        }
        do { try session.fillSelection(density: density, seed: seed, state: state) } catch { throw CommandError(error) }
        return changeAnswer("filled the selection at density \(density), seed \(seed)" + (state == 1 ? "" : ", state \(state)"))
    }

    func stamp(_ a: [String]) throws(CommandError) -> Answer {
        guard a.count >= 3 else { throw .usage(command("stamp")) }
        let x = try parseCoordinate(a[1], name: "X"), y = try parseCoordinate(a[2], name: "Y")
        let options = try keywordOptions(Array(a.dropFirst(3)), allowed: ["rotate", "flip", "mode"], command: "stamp")
        var transforms: [PatternTransform] = []
        switch options["rotate"] {
        case nil, "0": break
        case "90": transforms.append(.rotateClockwise)
        case "180": transforms.append(.rotate180)
        case "270": transforms.append(.rotateCounterclockwise)
        case let other?: throw .argument("invalid rotation \(Excerpt.quote(other)); expected 90, 180 or 270 (degrees clockwise)")
        }
        if let flip = options["flip"] { transforms.append(try parseFlip(flip)) }
        let mode = try options["mode"].map(parseMode) ?? .or
        let clip = try shapeOrFileClip(a[0])
        let described = ([a[0], "at \(x),\(y)"] + a.dropFirst(3)).joined(separator: " ")
        do { try session.stamp(clip, x: x, y: y, transforms: transforms, mode: mode, description: "stamp " + described) } catch {
            throw CommandError(error)
        }
        return changeAnswer("stamped " + described)
    }

    /// Saves the selection as the user shape `name` (`library add`).
    func addShape(named name: String) throws(CommandError) -> Answer {
        let path: String
        do throws(SessionError) {
            guard session.selection != nil else {
                throw SessionError(.selection, "library add needs a selection ('select X Y W H' or 'select all')")
            }
            let clip = try session.copySelection()
            path = try shapes.add(named: name, rle: "#N \(name)\n" + (try session.rle(of: clip)))
        } catch {
            throw CommandError(error)
        }
        return Answer("added shape \(name) (\(path))", [.init("name", .string(name)), .init("path", .string(path))])
    }

    // MARK: Arguments

    /// Keyword-value pairs ("mode copy file x.rle"), each keyword at most once and from `allowed`.
    func keywordOptions(_ words: [String], allowed: [String], command name: String) throws(CommandError) -> [String: String] {
        guard words.count % 2 == 0 else { throw .usage(command(name)) }
        var options: [String: String] = [:]
        for i in stride(from: 0, to: words.count, by: 2) {
            let key = words[i].lowercased()
            guard allowed.contains(key), options[key] == nil else { throw .usage(command(name)) }
            options[key] = words[i + 1]
        }
        return options
    }

    func parseMode(_ text: String) throws(CommandError) -> PasteMode {
        guard let mode = PasteMode(rawValue: text.lowercased()) else {
            throw .argument("invalid mode \(Excerpt.quote(text)); expected or, copy, xor or and")
        }
        return mode
    }

    func parseFlip(_ text: String) throws(CommandError) -> PatternTransform {
        switch text.lowercased() {
        case "x": return .flipHorizontal
        case "y": return .flipVertical
        default: throw .argument("invalid flip \(Excerpt.quote(text)); expected x (left-right) or y (top-bottom)")
        }
    }

    /// A library shape of that name, else the pattern file at that path.
    func shapeOrFileClip(_ word: String) throws(CommandError) -> CellClip {
        let isShape = (try? shapes.list().contains { $0.name.lowercased() == word.lowercased() && !$0.isShadowed }) ?? false
        guard isShape else {
            guard word == "-" || access(word, F_OK) == 0 else {
                throw CommandError(SessionError.Kind.shape, "no shape or file named \(Excerpt.quote(word)) (try 'library list')")
            }
            return try clip(ofFile: word)
        }
        do { return try session.clip(of: try shapes.pattern(named: word), label: word) } catch { throw CommandError(error) }
    }

    /// The pattern in the file at `path`, of any family, as a clip.
    func clip(ofFile path: String) throws(CommandError) -> CellClip {
        do { return try session.clip(of: try session.readAnyPattern(path: path), label: path) } catch { throw CommandError(error) }
    }

    /// "LINE; generation G, population P" after a change.
    func changeAnswer(_ line: String) -> Answer {
        let universe = session.universe
        let population = universe.population
        return Answer("\(line); population \(population)", [
            .init("generation", .string(universe.generation.description)),
            .init("population", .string(population.description)),
        ])
    }
}
