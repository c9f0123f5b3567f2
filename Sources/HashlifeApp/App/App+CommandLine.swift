// The one-line prompt at the bottom of the screen: `:` takes the command language of
// `hashlife repl` (one implementation, HashlifeCommands), and a few keys ask for one value
// (`g` a generation, `R` a rule, `%` a density, names in the panels).
//
// A command runs on the step worker like a step (its progress shows, Esc cancels), except
// those that are about the view, which act on the canvas at once: `pan`, `zoom`, `fit`;
// `view` with arguments and `size` print text in the REPL and say so here; `quit` quits;
// `help` lists the commands in a panel; `board open`, `board list` and `board save`
// go through the app's own board store, as the boards panel does. The interpreter parses the
// line (names in any case, aliases). A one-line answer shows in the message line, a longer one
// in a panel; what a command changed (its `CommandEffects`) is followed: a step's figures, a
// new pattern's board and canvas, an edit to save.

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import HashlifeBoards
import HashlifeCommands
import HashlifeEngine
import HashlifeInterface
import HashlifeEditing
import HashlifeTerminal

/// The prompt being typed into: what it asks for, its label and the line.
public struct Prompt: Equatable, Sendable {
    /// What Enter does with the line.
    public enum Purpose: Equatable, Sendable {
        /// A command of the language (`:`).
        case command
        /// A generation to go to (`g`).
        case goto
        /// A new rule (`R`).
        case rule
        /// The density of a random fill of the selection (`%`).
        case fillDensity
        /// The name of a snapshot to save, or the new name of snapshot `old`.
        case snapshotName
        case renameSnapshot(old: String)
        /// The name to save the universe under as a new board, or board `id`'s new name.
        case boardName
        case renameBoard(id: BoardID)
        /// A single key: y deletes board `id`; n, Esc or Enter keep it.
        case confirmDeleteBoard(id: BoardID)
        /// A single key: y deletes snapshot `name`; n, Esc or Enter keep it.
        case confirmDeleteSnapshot(name: String)

        /// Is it a yes-or-no question, answered by one key?
        var isQuestion: Bool {
            switch self {
            case .confirmDeleteBoard, .confirmDeleteSnapshot: true
            default: false
            }
        }

        /// Does an error in the value reopen the prompt with it, to be fixed?
        var reopensOnError: Bool {
            switch self {
            case .goto, .rule, .fillDensity: true
            default: false
            }
        }
    }

    public var purpose: Purpose
    /// Shown before the line (": ", "Go to generation: ").
    public var label: String
    public var line: LineBuffer
    /// The line is a suggestion shown selected, as a save dialog shows its default name: typing
    /// replaces it, Enter accepts it, a cursor key keeps it to edit.
    public var selected: Bool
    /// The command history entry shown (↑/↓), and the line typed before browsing.
    var historyIndex: Int?
    var draft = ""

    init(_ purpose: Purpose, label: String, text: String = "", selected: Bool? = nil) {
        self.purpose = purpose
        self.label = label
        line = LineBuffer(text)
        self.selected = selected ?? !text.isEmpty
    }
}

extension App {
    // MARK: Opening prompts

    /// Opens the prompt for `purpose` with `text` as the suggestion shown selected (see
    /// `Prompt.selected`); the message of the key before goes.
    func ask(_ purpose: Prompt.Purpose, _ label: String, text: String = "") {
        pause()
        status = nil
        prompt = Prompt(purpose, label: label, text: text)
    }

    // MARK: Keys

    /// Keys while the prompt is open: editing, history (commands), Tab completion, Enter, Esc.
    func handle(key: Key, prompting current: Prompt) -> [AppEffect] {
        var p = current
        if p.purpose.isQuestion { return answer(key, p) }
        if p.selected {
            p.selected = false
            switch key {
            case .character, .backspace, .control("h"), .delete, .control("d"), .control("u"), .control("k"), .control("w"):
                // Typing replaces the suggestion; deleting removes it.
                p.line = LineBuffer()
                if case .character = key {} else {
                    prompt = p
                    return []
                }
            case .left, .control("b"), .home, .control("a"):
                p.line.cursor = 0
                prompt = p
                return []
            case .right, .control("f"), .end, .control("e"):
                prompt = p
                return []
            default: p.selected = true
            }
        }
        switch key {
        case .escape, .control("c"), .control("g"):
            prompt = nil
            return []
        case .enter:
            prompt = nil
            return submit(p)
        case .character(let c):
            p.line.characters.insert(c, at: p.line.cursor)
            p.line.cursor += 1
        case .backspace, .control("h"):
            guard p.line.cursor > 0 else {
                if p.line.characters.isEmpty { prompt = nil; return [] }
                break
            }
            p.line.characters.remove(at: p.line.cursor - 1)
            p.line.cursor -= 1
        case .delete, .control("d"):
            if p.line.cursor < p.line.characters.count { p.line.characters.remove(at: p.line.cursor) }
        case .left, .control("b"): p.line.cursor = max(p.line.cursor - 1, 0)
        case .right, .control("f"): p.line.cursor = min(p.line.cursor + 1, p.line.characters.count)
        case .home, .control("a"): p.line.cursor = 0
        case .end, .control("e"): p.line.cursor = p.line.characters.count
        case .control("u"):
            p.line.characters.removeFirst(p.line.cursor)
            p.line.cursor = 0
        case .control("k"):
            p.line.characters.removeLast(p.line.characters.count - p.line.cursor)
        case .control("w"):
            var start = p.line.cursor
            while start > 0 && p.line.characters[start - 1] == " " { start -= 1 }
            while start > 0 && p.line.characters[start - 1] != " " { start -= 1 }
            p.line.characters.removeSubrange(start..<p.line.cursor)
            p.line.cursor = start
        case .up, .control("p"): browseHistory(&p, by: -1)
        case .down, .control("n"): browseHistory(&p, by: 1)
        case .tab where p.purpose == .command: complete(&p)
        default: break
        }
        prompt = p
        return []
    }

    /// A key answering a yes-or-no prompt: y or Y says yes, n, N, Esc and Enter no; other
    /// keys are ignored.
    func answer(_ key: Key, _ p: Prompt) -> [AppEffect] {
        switch key {
        case .character("y"), .character("Y"):
            prompt = nil
            var yes = p
            yes.line = LineBuffer("y")
            return submit(yes)
        case .character("n"), .character("N"), .escape, .control("c"), .control("g"), .enter:
            prompt = nil
            return submit(p)
        default: return []
        }
    }

    /// Shows an older (`step` -1) or newer (+1) line of the command history.
    func browseHistory(_ p: inout Prompt, by step: Int) {
        guard p.purpose == .command else { return }
        let history = commandHistory
        guard !history.isEmpty else { return }
        let index = p.historyIndex ?? history.count
        let next = min(max(index + step, 0), history.count)
        guard next != index else { return }
        if p.historyIndex == nil { p.draft = p.line.text }
        p.historyIndex = next == history.count ? nil : next
        p.line = LineBuffer(next == history.count ? p.draft : history[next])
    }

    /// The command lines typed before, oldest first (shared with `hashlife repl`).
    var commandHistory: [String] { historyEditor?.history ?? typedCommands }

    // MARK: Submitting

    func submit(_ p: Prompt) -> [AppEffect] {
        let text = p.line.text.trimmingBlanks
        if p.purpose.reopensOnError {
            var again = p
            again.selected = false
            reopenOnError = again
        }
        switch p.purpose {
        case .command:
            guard !text.isEmpty else { return [] }
            if let historyEditor { historyEditor.remember(text) } else { typedCommands.append(text) }
            return runCommandLine(text)
        case .goto:
            guard !text.isEmpty else { return [] }
            return runCommandLine("goto " + text)
        case .rule:
            guard !text.isEmpty else { return [] }
            return runCommandLine("rule " + text)
        case .fillDensity:
            let density = text.isEmpty ? "0.35" : text
            return runCommandLine("fill \(density) seed \(UInt64.random(in: 0...UInt64(Int64.max)))")
        case .snapshotName:
            do {
                let saved = try session.saveSnapshot(named: text.isEmpty ? nil : text)
                changed()
                status = "\(saved.replaced ? "replaced" : "saved") snapshot \(saved.snapshot.name)"
                panel = .snapshots(selected: session.snapshots.firstIndex { $0.name == saved.snapshot.name } ?? 0)
            } catch { status = error.message }
        case .renameSnapshot(let old):
            guard !text.isEmpty else { return [] }
            do {
                try session.renameSnapshot(named: old, to: text)
                previewCache[old] = nil
                changed()
                status = "renamed snapshot \(old) to \(text)"
                panel = .snapshots(selected: session.snapshots.firstIndex { $0.name == text } ?? 0)
            } catch { status = error.message }
        case .boardName:
            saveAsNewBoard(named: text.isEmpty ? "untitled" : text)
        case .renameBoard(let id):
            guard let store, !text.isEmpty else { return [] }
            do {
                try store.service.rename(id.text, to: text)
                if store.boardID == id { store.boardName = text }
                store.refreshList()
                status = "renamed board \(id.short) to \(text)"
            } catch { status = error.description }
        case .confirmDeleteBoard(let id):
            guard let store else { return [] }
            guard text.lowercased() == "y" || text.lowercased() == "yes" else {
                status = "board \(id.short) kept"
                return []
            }
            do {
                try store.service.delete(id.text)
                store.refreshList()
                status = "deleted board \(id.short)"
                panel = .boards(selected: 0)
            } catch { status = error.description }
        case .confirmDeleteSnapshot(let name):
            guard text == "y" else {
                status = "snapshot \(name) kept"
                return []
            }
            deleteSnapshot(named: name)
        }
        return []
    }

    /// Saves the universe as a new board named `name` (the board it was on keeps its last save).
    func saveAsNewBoard(named name: String) {
        guard let store else { status = "boards are not saved here (no board store)"; return }
        if unsaved { autosave(now: now) }
        store.startNewBoard(named: name)
        unsaved = true
        autosave(now: now)
        store.refreshList()
        status = "saved as new board \(store.boardID?.short ?? "") (\(name))"
    }

    // MARK: Running commands

    /// Runs one line of the command language as the app means it (see the file's header).
    public func runCommandLine(_ line: String) -> [AppEffect] {
        let parsed: ParsedCommand?
        do { parsed = try CommandInterpreter.parse(line) } catch {
            status = "error: \(error.message)"
            if let again = reopenOnError { prompt = again }
            reopenOnError = nil
            return []
        }
        guard let parsed else { return [] }
        let name = parsed.name, arguments = parsed.arguments
        switch name {
        case "pan": panCommand(arguments)
        case "zoom": zoomCommand(arguments)
        case "fit": fit()
        case "view" where !arguments.isEmpty, "size":
            status = "'\(name)' prints text in the REPL; here the canvas is the view (pan, zoom, fit, or the keys)"
        case "view": status = "the canvas is the view: pan DX DY, zoom in|out|Z, fit"
        case "quit":
            pause()
            return [.quit]
        case "help" where arguments.isEmpty:
            // Each command's usage with its description under it, wrapped to the panel.
            panel = .output(title: "help", lines: App.commandHelpLines, top: 0)
            reopenOnError = nil  // as after a command the interpreter ran
        case "board" where arguments.first?.lowercased() == "list" && arguments.count == 1:
            panel = .boards(selected: 0)
            store?.refreshList()
        case "board" where arguments.first?.lowercased() == "open" && arguments.count == 2:
            openBoard(arguments[1])
        case "board" where arguments.first?.lowercased() == "save" && arguments.count <= 2:
            saveBoard(named: arguments.count == 2 ? arguments[1] : nil)
        default:
            commands.hostBoardService = store?.service
            commands.setOpenedBoard(store?.boardID)
            freezeHeader()
            busy = true
            busySince = now
            progressGeneration = nil
            return [.command(name: name, arguments: arguments)]
        }
        return []
    }

    /// The worker finished command `name` (or it ran here, in tests): shows its answer and
    /// follows what it changed, as its answer or error says (`CommandEffects`).
    public func commandFinished(name: String, arguments: [String], result: Result<Answer, CommandError>) {
        busy = false
        let again = reopenOnError
        reopenOnError = nil
        let generationBefore = frozenHeader?.generation
        frozenHeader = nil
        progressGeneration = nil
        let effects: CommandEffects
        switch result {
        case .success(let answer):
            effects = answer.effects
            // One line, or a few short ones joined, in the message line; more in a panel.
            let joined = answer.lines.joined(separator: "; ")
            if answer.lines.count > 1 && (answer.lines.count > 3 || joined.count > columns - 4) {
                panel = .output(title: ([name] + arguments.prefix(1)).joined(separator: " "), lines: answer.lines, top: 0)
            } else {
                status = answer.lines.isEmpty ? nil : joined
            }
        case .failure(let error):
            effects = error.effects
            status = error.isCancelled ? "stopped at generation \(Excerpt.number(session.universe.generation))" : "error: \(error.message)"
            // A value typed at a prompt (a rule, a generation) comes back to be fixed.
            if !error.isCancelled, let again { prompt = again }
        }
        if effects.contains(.snapshots) { previewCache = [:] }
        if effects.contains(.boards) { store?.refreshList() }
        guard !effects.isDisjoint(with: .universe) else { return }
        let grid = session.rule.grid?.rect
        if grid != gridBounds { gridBounds = grid }  // refits the canvas
        if effects.contains(.evolved) {
            // Going back in time starts the figures again; going forward continues the run's.
            if let generationBefore, session.universe.generation < generationBefore { restartStatistics() } else { observePopulation() }
            changed()
            autoZoom()
        } else if effects.contains(.historyMoved) {
            afterHistoryMove(from: generationBefore)
        } else if effects.contains(.loaded) {
            // A new pattern is a new board; the one before keeps its last save. (`board open`,
            // which also loads, is the app's own: `openBoard`.)
            store?.startNewBoard(named: AppLaunch.baseName(arguments.first ?? "untitled"))
            mode = .normal
            canvas = fittedCanvas()
            autoZoomSuspended = false
            edited()
        } else {
            edited()
        }
    }

    /// `pan DX DY`: moves the canvas by DX, DY cells.
    func panCommand(_ arguments: [String]) {
        guard arguments.count == 2, let dx = BigInt(decimal: Substring(arguments[0])), let dy = BigInt(decimal: Substring(arguments[1])) else {
            status = "usage: pan DX DY (cells)"
            return
        }
        canvas.originX += dx
        canvas.originY += dy
        autoZoomSuspended = true
    }

    /// `zoom in|out|Z`: one step nearer or farther, or Z cells across a character (1: a cell
    /// two characters wide; 2 and more: braille, each character 2×4 dots of Z/2×Z/2 cells).
    func zoomCommand(_ arguments: [String]) {
        guard arguments.count == 1 else { status = "usage: zoom in|out|Z"; return }
        switch arguments[0].lowercased() {
        case "in": zoom(in: true)
        case "out": zoom(in: false)
        default:
            guard let z = try? InputNumber.count(arguments[0], belowBits: InputNumber.generationBitLimit), !z.isZero else {
                status = "zoom: expected in, out, or cells across a character (digits or B^E, at least 1)"
                return
            }
            var scale = CanvasScale.magnified(1)
            if z >= BigUInt(2) {
                // The farthest braille scale whose character is at most Z cells across.
                scale = .braille(.one)
                while case .braille(let side) = scale.zoomedOut, side * BigUInt(2) <= z { scale = scale.zoomedOut }
            }
            canvas.setScale(scale)
            autoZoomSuspended = true
            status = "zoom: \(scale.label)"
        }
    }

    /// Opens board `prefix` of the app's store (as the boards panel does).
    func openBoard(_ prefix: String) {
        guard let store else { status = "boards are not saved here (no board store)"; return }
        if unsaved { autosave(now: now) }
        do {
            let board = try store.open(prefix, into: session)
            gridBounds = session.rule.grid?.rect  // refits the canvas
            canvas = fittedCanvas()
            restoreStatistics(from: store.populationHistory())
            mode = .normal
            panel = nil
            status = "opened board \(board.id.short) (\(board.name))"
            store.writeSessionFile(self)
        } catch { status = error.description }
    }

    /// `board save [NAME]`: saves now, renaming the board to NAME when given.
    func saveBoard(named name: String?) {
        guard let store else { status = "boards are not saved here (no board store)"; return }
        unsaved = true
        autosave(now: now)
        if let name, let id = store.boardID {
            do { try store.service.rename(id.text, to: name); store.boardName = name } catch {
                status = error.description
                return
            }
        }
        status = "saved board \(store.boardID?.short ?? "") (\(store.boardName))"
    }

    // MARK: Completion

    /// Tab: completes the word before the cursor (a command name, a subcommand, or a file
    /// name); with several candidates, their common start, and the candidates in the message.
    func complete(_ p: inout Prompt) {
        let before = String(p.line.characters[..<p.line.cursor])
        let wordStart = before.lastIndex(of: " ").map { before.index(after: $0) } ?? before.startIndex
        let word = String(before[wordStart...])
        let earlier = before[..<wordStart].split(separator: " ").map(String.init)
        var candidates: [String]
        var isFile = false
        if earlier.isEmpty {
            candidates = CommandInterpreter.commandNames.filter { $0.hasPrefix(word.lowercased()) }.map { $0 + " " }
        } else if earlier.count == 1, let subcommands = App.subcommands(of: earlier[0]), !subcommands.isEmpty {
            candidates = subcommands.filter { $0.hasPrefix(word.lowercased()) }.map { $0 + " " }
        } else {
            candidates = App.fileNames(startingWith: word)
            isFile = true
        }
        guard !candidates.isEmpty else { status = "no completion"; return }
        var common = candidates[0]
        for c in candidates.dropFirst() {
            common = String(zip(common, c).prefix { $0.0 == $0.1 }.map(\.0))
        }
        if candidates.count == 1 || common.count > word.count {
            let insertion = Array(common.dropFirst(word.count))
            p.line.characters.insert(contentsOf: insertion, at: p.line.cursor)
            p.line.cursor += insertion.count
        }
        if candidates.count > 1 {
            let shown = candidates.map { isFile ? String($0.split(separator: "/", omittingEmptySubsequences: false).last ?? "") : $0 }
            status = shown.map { $0.trimmingBlanks }.joined(separator: "  ")
        }
    }

    /// The literal words that may follow command `name` ("save", "open", … for `board`), from
    /// its usage line; nil for no such command.
    static func subcommands(of name: String) -> [String]? {
        guard let usage = CommandInterpreter.usage(of: name.lowercased()) else { return nil }
        var words: [String] = []
        for (i, alternative) in usage.split(separator: "|").enumerated() {
            var tokens = alternative.split(separator: " ").map(String.init)
            if i == 0 { tokens.removeFirst() }
            guard let first = tokens.first, first == first.lowercased(), first.first?.isLetter == true else { continue }
            words.append(first)
        }
        return words
    }
}

extension App {
    /// The entries of the folder `prefix` names (up to its last "/"; the working folder when
    /// there is none) whose names start with the rest of `prefix`, as `prefix` completed: with
    /// "/" after a folder, " " after a file. Hidden entries only when asked for with ".".
    static func fileNames(startingWith prefix: String) -> [String] {
        let slash = prefix.lastIndex(of: "/")
        let folder = slash.map { String(prefix[...$0]) } ?? ""
        let start = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        guard let directory = opendir(folder.isEmpty ? "." : folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != "..", name.hasPrefix(start), !name.hasPrefix(".") || start.hasPrefix(".") else { continue }
            var info = stat()
            let isFolder = stat(folder + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            names.append(folder + name + (isFolder ? "/" : " "))
            if names.count > 1000 { break }
        }
        return names.sorted()
    }
}

extension String {
    /// The string without blanks at either end.
    var trimmingBlanks: String {
        let characters = Array(self)
        guard let first = characters.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let last = characters.lastIndex(where: { $0 != " " && $0 != "\t" })!
        return String(characters[first...last])
    }
}
