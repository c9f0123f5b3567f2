// The snapshots panel (save with a name, list with previews, restore as an undoable change,
// rename, delete), the boards panel (open, save as a new named board, rename and delete boards
// of the store, with previews) and the panel that shows a command's longer answer.

import HashlifeBoards
import HashlifeCommands
import HashlifeEngine
import HashlifeInterface
import HashlifeTerminal
import HashlifeRendering

extension App {
    /// Keys of an open panel.
    func handle(key: Key, in panel: Panel) -> [AppEffect] {
        switch panel {
        case .help: self.panel = nil
        case .settings(let selected): handleSettingsKey(key, selected: selected)
        case .snapshots(let selected): handleSnapshotsKey(key, selected: selected)
        case .boards(let selected): handleBoardsKey(key, selected: selected)
        case .output(let title, let lines, let top): handleOutputKey(key, title: title, lines: lines, top: top)
        }
        return []
    }

    /// `help`'s list for the panel: each command's usage, its description indented below it
    /// (the panel wraps both to its width), then the notes.
    static var commandHelpLines: [String] {
        ["Commands:"]
            + CommandInterpreter.commandSummaries.flatMap { ["  " + $0.usage, "      " + $0.summary] }
            + [""] + CommandInterpreter.helpNotes
    }

    /// The output panel's lines wrapped to `width` characters, and its box's width.
    func outputLayout(_ lines: [String]) -> (rows: [String], width: Int) {
        let width = max(min((lines.map(\.count).max() ?? 20) + 4, columns), min(40, columns))
        return (lines.flatMap { App.wrap($0, to: max(width - 4, 1)) }, width)
    }

    /// Rows of wrapped output the panel shows at once.
    func outputPage(_ count: Int) -> Int { max(min(count + 3, rows) - 3, 1) }

    /// `line` broken at spaces into rows of at most `width` characters (a word longer than
    /// that is cut); the rows after the first are indented as the line is, or by two spaces
    /// when it is not.
    static func wrap(_ line: String, to width: Int) -> [String] {
        guard line.count > width else { return [line] }
        let characters = Array(line)
        let leading = characters.prefix { $0 == " " }.count
        let indent = String(repeating: " ", count: min(max(leading, 2), max(width / 2, 0)))
        var rows: [String] = []
        var current = String(characters.prefix(leading))
        var currentHasWord = false
        for word in characters.dropFirst(leading).split(separator: " ").map({ String($0) }) {
            var word = word
            while true {
                let needed = current.count + (currentHasWord ? 1 : 0) + word.count
                if needed <= width {
                    current += (currentHasWord ? " " : "") + word
                    currentHasWord = true
                    break
                }
                if currentHasWord {
                    rows.append(current)
                    current = indent
                    currentHasWord = false
                    continue
                }
                // A word longer than a row: cut it.
                let room = max(width - current.count, 1)
                rows.append(current + word.prefix(room))
                word = String(word.dropFirst(room))
                current = indent
                if word.isEmpty { break }
            }
        }
        if currentHasWord { rows.append(current) }
        return rows
    }

    func handleOutputKey(_ key: Key, title: String, lines: [String], top: Int) {
        let count = outputLayout(lines).rows.count
        let page = outputPage(count)
        let last = max(count - page, 0)
        switch key {
        case .up, .character("k"): panel = .output(title: title, lines: lines, top: max(top - 1, 0))
        case .down, .character("j"): panel = .output(title: title, lines: lines, top: min(top + 1, last))
        case .pageUp, .character("b"): panel = .output(title: title, lines: lines, top: max(top - page, 0))
        case .pageDown, .character(" "): panel = .output(title: title, lines: lines, top: min(top + page, last))
        case .home: panel = .output(title: title, lines: lines, top: 0)
        case .end: panel = .output(title: title, lines: lines, top: last)
        default: panel = nil
        }
    }

    func drawOutput(_ screen: inout Screen, title: String, lines allLines: [String], top: Int) {
        let (lines, width) = outputLayout(allLines)
        let inner = drawBox(&screen, width: width, height: min(lines.count + 3, rows), title: title)
        let style = ScreenCell(" ", foreground: settings.palette.text, background: settings.palette.panel)
        var dim = style
        dim.foreground = settings.palette.dim
        let shown = outputPage(lines.count)
        for (i, line) in lines.dropFirst(top).prefix(shown).enumerated() {
            screen.put(line, column: inner.left, row: inner.top + i, style: style, limit: inner.left + inner.columns + 1)
        }
        let more = lines.count > shown ? "lines \(top + 1)-\(min(top + shown, lines.count)) of \(lines.count)  ↑↓ PgUp PgDn scroll  " : ""
        screen.put(more + "any other key closes", column: inner.left, row: inner.top + inner.rows - 1, style: dim, limit: inner.left + inner.columns)
    }

    func handleSnapshotsKey(_ key: Key, selected: Int) {
        let list = session.snapshots
        switch key {
        case .escape, .character("q"), .character("S"): panel = nil
        case .up, .character("k"): panel = .snapshots(selected: max(selected - 1, 0))
        case .down, .character("j"): panel = .snapshots(selected: min(selected + 1, max(list.count - 1, 0)))
        case .character("n"), .character("s"):
            // Saved with the board's history at the next autosave.
            let suggested = (1...).lazy.map { "snapshot-\($0)" }.first { n in !list.contains { $0.name == n } }!
            ask(.snapshotName, "Save a snapshot named: ", text: suggested)
        case .character("r"):
            guard selected < list.count else { return }
            ask(.renameSnapshot(old: list[selected].name), "Rename snapshot \(list[selected].name) to: ", text: list[selected].name)
        case .enter:
            guard selected < list.count else { return }
            do {
                try session.restoreSnapshot(named: list[selected].name)
                edited()
                status = "restored \(list[selected].name) (u undoes)"
                panel = nil
            } catch { status = error.message }
        case .character("d"), .delete, .backspace:
            guard selected < list.count else { return }
            let name = list[selected].name
            ask(.confirmDeleteSnapshot(name: name), "Delete snapshot \(name) (gen \(Excerpt.number(list[selected].generation))) for good? y/n: ")
        default: break
        }
    }

    /// Deletes snapshot `name` (asked first: it cannot be undone).
    func deleteSnapshot(named name: String) {
        let index = session.snapshots.firstIndex { $0.name == name } ?? 0
        do { try session.deleteSnapshot(named: name) } catch {
            status = error.message
            return
        }
        changed()
        previewCache[name] = nil
        status = "deleted snapshot \(name)"
        panel = .snapshots(selected: max(min(index, session.snapshots.count - 1), 0))
    }

    func drawSnapshots(_ screen: inout Screen, selected: Int) {
        let list = session.snapshots
        let inner = drawBox(&screen, width: 60, height: min(max(list.count, 1) + 9, rows - 2), title: "Snapshots")
        let palette = settings.palette
        let style = ScreenCell(" ", foreground: palette.text, background: palette.panel)
        var dim = style
        dim.foreground = palette.dim
        if list.isEmpty { screen.put("No snapshots yet: n saves one.", column: inner.left, row: inner.top, style: dim) }
        drawList(&screen, inner: inner, style: style, selected: selected,
                 entries: list.map { "\($0.name)  gen \(Excerpt.number($0.generation))  pop \(Excerpt.number($0.population))" }) {
            let snapshot = list[selected]
            let lines = previewCache[snapshot.name] ?? session.withState(of: snapshot) { Thumbnail.text($0, columns: 24, rows: 4) }
            previewCache[snapshot.name] = lines
            return lines
        }
        screen.put("n save  Enter restore  r rename  d delete  Esc close", column: inner.left, row: inner.top + inner.rows - 1, style: dim,
                   limit: inner.left + inner.columns)
    }

    func handleBoardsKey(_ key: Key, selected: Int) {
        guard let store else {
            if key == .escape || key == .character("B") || key == .character("q") { panel = nil }
            return
        }
        let list = store.boards
        switch key {
        case .escape, .character("q"), .character("B"): panel = nil
        case .up, .character("k"): panel = .boards(selected: max(selected - 1, 0))
        case .down, .character("j"): panel = .boards(selected: min(selected + 1, max(list.count - 1, 0)))
        case .character("n"):
            // Save the current universe as a new board (the current one keeps its last save).
            ask(.boardName, "Save as a new board named: ", text: store.boardName)
        case .character("r"):
            guard selected < list.count else { return }
            ask(.renameBoard(id: list[selected].id), "Rename board \(list[selected].id.short) to: ", text: list[selected].name)
        case .character("d"), .delete:
            guard selected < list.count else { return }
            guard list[selected].id != store.boardID else {
                status = "this is the open board: open another before deleting it"
                return
            }
            ask(.confirmDeleteBoard(id: list[selected].id), "Delete board \(list[selected].id.short) (\(list[selected].name)) for good? y/n: ")
        case .enter:
            guard selected < list.count else { return }
            openBoard(list[selected].id.text)
        default: break
        }
    }

    func drawBoards(_ screen: inout Screen, selected: Int) {
        let inner = drawBox(&screen, width: 70, height: min(max(store?.boards.count ?? 0, 1) + 9, rows - 2), title: "Boards")
        let palette = settings.palette
        let style = ScreenCell(" ", foreground: palette.text, background: palette.panel)
        var dim = style
        dim.foreground = palette.dim
        guard let store else {
            screen.put("No board store (set HASHLIFE_STORE or XDG_DATA_HOME).", column: inner.left, row: inner.top, style: dim)
            return
        }
        let list = store.boards
        if list.isEmpty { screen.put("No boards yet: n saves this universe as one.", column: inner.left, row: inner.top, style: dim) }
        drawList(&screen, inner: inner, style: style, selected: selected, entries: list.map { board in
            let current = board.id == store.boardID ? "*" : " "
            return "\(current)\(board.id.short)  \(board.name)  gen \(Excerpt.number(board.generation))  pop \(Excerpt.number(board.population))"
        }) { store.previewLines(list[selected].id, columns: 24, rows: 4) }
        screen.put("Enter open  n save as new  r rename  d delete  Esc close", column: inner.left, row: inner.top + inner.rows - 1, style: dim,
                   limit: inner.left + inner.columns)
    }

    /// A scrolling list of `entries` in `inner` (the selected one reversed, scrolled into view)
    /// with the selected entry's preview (4 lines from `preview`) above the panel's last line.
    private func drawList(_ screen: inout Screen, inner: (left: Int, top: Int, columns: Int, rows: Int), style: ScreenCell, selected: Int, entries: [String],
                          preview: () -> [String]) {
        let listRows = max(inner.rows - 6, 1)
        let first = max(0, selected - listRows + 1)
        for (i, entry) in entries.enumerated().dropFirst(first).prefix(listRows) {
            var line = style
            if i == selected { line.reverse = true }
            screen.put(entry, column: inner.left, row: inner.top + i - first, style: line, limit: inner.left + inner.columns)
        }
        guard selected < entries.count else { return }
        var live = style
        live.foreground = settings.palette.live
        for (i, line) in preview().enumerated() {
            screen.put(line, column: inner.left, row: inner.top + inner.rows - 5 + i, style: live)
        }
    }
}
