import Testing
@testable import HashlifeApp
@testable import HashlifeBoards
import HashlifeCommands
import HashlifeEngine
import HashlifeRendering
import HashlifeEditing
import HashlifeTestSupport

/// `hashlife play` with no file reopens the history and snapshots saved with the board:
/// undo after reopening gives exactly the earlier cells and generations; a damaged saved
/// history never stops the app from opening.
@Suite struct SavedHistoryTests {
    func environment(_ folder: String) -> [String: String] {
        appEnvironment(in: folder)
    }

    /// What a state is: its generation, population and every live cell (as text, exact).
    struct Seen: Equatable, CustomStringConvertible {
        var generation: BigUInt
        var population: BigUInt
        var cells: [String]
        var description: String { "gen \(generation) pop \(population) \(cells.prefix(4))…" }
    }

    func seen(_ session: Session) -> Seen {
        var cells: [String] = []
        session.analyse { $0.forEachCell(in: nil) { x, y, _ in cells.append("\(x),\(y)") } }
        return Seen(generation: session.universe.generation, population: session.universe.population, cells: cells.sorted())
    }

    /// A gun stepped three times (snapshot-1 at generation 3), a cell toggled, cleared and the
    /// clear undone, stepped (snapshot-2), the step undone, then autosaved: the app, and the
    /// states undo walks back through from there, the current one first.
    func playedGun(_ env: [String: String]) throws -> (app: App, undoPath: [Seen]) {
        let app = try AppLaunch(file: Fixtures.pattern("gosper-glider-gun.rle"), columns: 100, rows: 30, environment: env).makeApp()
        app.hintDismissed = true
        var path: [Seen] = [seen(app.session)]
        for _ in 0..<3 {
            app.perform(app.handle(.key(.character("."))))
            path.append(seen(app.session))
        }
        app.press("S"); app.press("n"); app.send(.key(.enter)); app.send(.key(.escape))
        app.session.toggleCell(x: BigInt(-5), y: BigInt(2))
        path.append(seen(app.session))
        app.press("X")
        app.press("u")
        app.perform(app.handle(.key(.character("."))))  // drops the clear from the redo list
        app.press("S"); app.press("n"); app.send(.key(.enter)); app.send(.key(.escape))
        app.press("u")
        #expect(app.session.undoHistory.count == 4)
        #expect(app.session.redoHistory.count == 1)
        app.autosave(now: 10_000)
        return (app, path.reversed())
    }

    @Test func undoAfterReopeningGivesTheEarlierCellsAndGenerations() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let env = environment(folder)
        let (app, undoPath) = try playedGun(env)
        let reopened = try AppLaunch(columns: 100, rows: 30, environment: env).makeApp()
        #expect(reopened.status == nil)
        #expect(seen(reopened.session) == undoPath[0])
        #expect(reopened.session.undoHistory.map(\.description) == app.session.undoHistory.map(\.description))
        #expect(reopened.session.undoHistory.map(\.generation) == app.session.undoHistory.map(\.generation))
        #expect(reopened.session.undoHistory.map(\.population) == app.session.undoHistory.map(\.population))
        #expect(reopened.session.redoHistory.map(\.description) == app.session.redoHistory.map(\.description))
        for expected in undoPath.dropFirst() {
            reopened.press("u")
            #expect(seen(reopened.session) == expected)
        }
        reopened.press("u")
        #expect(reopened.status == "nothing to undo")
        #expect(seen(reopened.session) == undoPath.last!)
    }

    @Test func redoAndSnapshotsWithThumbnailsComeBackToo() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let env = environment(folder)
        let (app, undoPath) = try playedGun(env)
        // The step undone last is the redo entry: redo gives generation 4 again, as in the app.
        app.press("U")
        let stepped = seen(app.session)
        app.press("u")
        let reopened = try AppLaunch(columns: 100, rows: 30, environment: env).makeApp()
        #expect(reopened.session.snapshots.map(\.name) == ["snapshot-1", "snapshot-2"])
        #expect(reopened.session.snapshots.map(\.generation) == app.session.snapshots.map(\.generation))
        #expect(reopened.session.snapshots.map(\.population) == app.session.snapshots.map(\.population))
        for (old, new) in zip(app.session.snapshots, reopened.session.snapshots) {
            let before = app.session.withState(of: old) { Thumbnail.text($0, columns: 24, rows: 4) }
            let after = reopened.session.withState(of: new) { Thumbnail.text($0, columns: 24, rows: 4) }
            #expect(after == before)
            #expect(!after.isEmpty)
        }
        reopened.press("S")
        let first = app.session.snapshots[0]
        #expect(reopened.text.joined(separator: "\n").contains("snapshot-1  gen \(first.generation)  pop \(first.population)"))
        reopened.send(.key(.escape))
        reopened.press("U")
        #expect(seen(reopened.session) == stepped)
        reopened.press("u")
        #expect(seen(reopened.session) == undoPath[0])
        // Restoring a snapshot after reopening is an undoable change, as before.
        try reopened.session.restoreSnapshot(named: "snapshot-1")
        #expect(seen(reopened.session) == undoPath[1])
        try reopened.session.undo()
        #expect(seen(reopened.session) == undoPath[0])
    }
}

/// What is saved and when: bounded, each state once, replaced by a fresh history.
@Suite struct SavedHistoryLimitsTests {
    func environment(_ folder: String) -> [String: String] {
        appEnvironment(in: folder)
    }

    func cells(_ session: Session) -> [String] {
        var cells: [String] = []
        session.analyse { $0.forEachCell(in: nil) { x, y, _ in cells.append("\(x),\(y)") } }
        return cells.sorted()
    }

    @Test func theNewestFiftyUndoEntriesAreSavedAndUndoStopsAtTheOldest() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let env = environment(folder)
        let app = try AppLaunch(file: Fixtures.pattern("glider.rle"), columns: 80, rows: 24, environment: env).makeApp()
        for _ in 0..<60 { app.perform(app.handle(.key(.character(".")))) }
        app.autosave(now: 0)
        let reopened = try AppLaunch(columns: 80, rows: 24, environment: env).makeApp()
        #expect(reopened.session.undoHistory.count == BoardSessionArchive.savedUndoLimit)
        #expect(reopened.session.undoHistory.map(\.generation) == app.session.undoHistory.suffix(BoardSessionArchive.savedUndoLimit).map(\.generation))
        // goto back searches the saved history; before it, nothing was saved to go back to.
        try reopened.session.goto(BigUInt(12))
        #expect(reopened.session.universe.generation == BigUInt(12))
        try reopened.session.undo()
        #expect(throws: SessionError.self) { try reopened.session.goto(BigUInt(9)) }
        try reopened.session.undo(BoardSessionArchive.savedUndoLimit)
        let reference = Session()
        try reference.load(document: Fixtures.document("glider.rle"))
        try reference.step(BigUInt(60 - BoardSessionArchive.savedUndoLimit))
        #expect(reopened.session.universe.generation == reference.universe.generation)
        #expect(cells(reopened.session) == cells(reference))
        #expect(throws: SessionError.self) { try reopened.session.undo() }
    }

    @Test func aSaveWritesOnlyTheStatesItHasNotWrittenBefore() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let env = environment(folder)
        let app = try AppLaunch(file: Fixtures.pattern("gosper-glider-gun.rle"), columns: 80, rows: 24, environment: env).makeApp()
        let store = try #require(app.store)
        func newStates() -> Int {
            guard case .write(_, let states) = store.archive.change(app.session, for: store.boardID).change else { return -1 }
            return states.count
        }
        for _ in 0..<5 { app.perform(app.handle(.key(.character(".")))) }
        try app.session.saveSnapshot(named: "five")
        #expect(newStates() == 6)  // generations 0-4 (undo) and 5 (the snapshot)
        app.autosave(now: 0)
        #expect(newStates() == 0)
        app.perform(app.handle(.key(.character("."))))
        #expect(newStates() == 0)  // generation 5, now an undo entry too: written already
        app.autosave(now: 0)
        app.press("u")
        #expect(newStates() == 1)  // generation 6, now a redo entry
        app.press("U")
        #expect(newStates() == 0)  // generation 5 again: written already
        // After reopening, the states read back count as written.
        app.autosave(now: 0)
        let reopened = try AppLaunch(columns: 80, rows: 24, environment: env).makeApp()
        let again = try #require(reopened.store)
        guard case .write(let entries, let states) = again.archive.change(reopened.session, for: again.boardID).change else { Issue.record("no write"); return }
        #expect(states.isEmpty)
        #expect(entries.count == 7)  // six steps and the snapshot
    }

    @Test func savingOrDeletingASnapshotIsSavedOnQuit() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let env = environment(folder)
        let app = try AppLaunch(file: Fixtures.pattern("glider.rle"), columns: 80, rows: 24, environment: env).makeApp()
        app.press("S"); app.press("n"); app.send(.key(.enter)); app.press("n"); app.send(.key(.enter)); app.send(.key(.escape))
        // Quitting saves what is unsaved (AppRunner), as after any change.
        #expect(app.unsaved)
        if app.unsaved { app.autosave(now: 0) }
        #expect(try AppLaunch(columns: 80, rows: 24, environment: env).makeApp().session.snapshots.map(\.name) == ["snapshot-1", "snapshot-2"])
        app.press("S"); app.press("d"); app.press("y"); app.send(.key(.escape))
        #expect(app.unsaved)
        if app.unsaved { app.autosave(now: 0) }
        #expect(try AppLaunch(columns: 80, rows: 24, environment: env).makeApp().session.snapshots.map(\.name) == ["snapshot-1"])
    }

    @Test func aSaveWhilePlayingEncodesWithinItsBudgetAndTheSaveOnPauseWritesTheRest() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let env = environment(folder)
        let app = try AppLaunch(file: Fixtures.pattern("glider.rle"), columns: 80, rows: 24, environment: env).makeApp()
        let store = try #require(app.store)
        store.playingEncodingBudget = .zero
        // Four single steps, then a play run (its frames make one entry): five entries.
        for _ in 0..<4 { app.press(".") }
        app.press(" ")
        for t in 0..<3 { app.perform(app.tick(now: Int64(t) * 1000)) }
        #expect(app.playing && app.session.undoHistory.count == 5)
        app.autosave(now: 5000)
        let board = try store.service.board(store.boardID!.text)
        // The newest entry only (at least one state is encoded, the budget is then spent).
        #expect(try store.service.session(of: board)?.entries.map(\.label) == ["play from generation 4 to 7"])
        app.press(" ")
        app.autosave(now: 6000)
        #expect(try store.service.session(of: board)?.entries.count == 5)
    }

    @Test func playFileAndPlayBoardStartANewHistoryThatReplacesTheSavedOne() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let env = environment(folder)
        let app = try AppLaunch(file: Fixtures.pattern("glider.rle"), columns: 80, rows: 24, environment: env).makeApp()
        for _ in 0..<3 { app.perform(app.handle(.key(.character(".")))) }
        app.autosave(now: 0)
        let id = try #require(app.store?.boardID)
        let byBoard = try AppLaunch(board: id.text, columns: 80, rows: 24, environment: env).makeApp()
        #expect(byBoard.session.undoHistory.isEmpty)
        #expect(byBoard.session.universe.generation == BigUInt(3))
        // Until it saves, the board keeps the history it had...
        #expect(try AppLaunch(columns: 80, rows: 24, environment: env).makeApp().session.undoHistory.count == 3)
        // ...and its first save replaces it with the new (empty) one.
        byBoard.autosave(now: 0)
        #expect(try AppLaunch(columns: 80, rows: 24, environment: env).makeApp().session.undoHistory.isEmpty)
        let byFile = try AppLaunch(file: Fixtures.pattern("glider.rle"), columns: 80, rows: 24, environment: env).makeApp()
        #expect(byFile.session.undoHistory.isEmpty)
        #expect(byFile.store?.boardID != id)
    }

    @Test func twoAppsSavingTheSameBoardNeverLeaveABrokenHistory() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let env = environment(folder)
        let first = try AppLaunch(file: Fixtures.pattern("glider.rle"), columns: 80, rows: 24, environment: env).makeApp()
        first.perform(first.handle(.key(.character("."))))
        first.autosave(now: 0)
        let id = try #require(first.store?.boardID)
        let second = try AppLaunch(board: id.text, columns: 80, rows: 24, environment: env).makeApp()
        second.press("X")
        second.autosave(now: 0)  // replaces the first app's saved states with its own
        first.perform(first.handle(.key(.character("."))))
        first.autosave(now: 0)   // its generation-0 state is gone from the store: written again
        #expect(first.status == nil)
        let reopened = try AppLaunch(columns: 80, rows: 24, environment: env).makeApp()
        #expect(reopened.status == nil)
        #expect(reopened.session.undoHistory.map(\.generation) == [BigUInt(1), BigUInt(2)])
        try reopened.session.undo(2)
        #expect(reopened.session.universe.generation == .zero)
        #expect(reopened.session.universe.population == BigUInt(5))
    }
}

/// A damaged saved history never stops the app from opening: it opens without it, says so
/// once, and the next save replaces it.
@Suite struct DamagedSavedHistoryTests {
    func environment(_ folder: String) -> [String: String] {
        appEnvironment(in: folder)
    }

    static let damages: [(sql: String, reason: String)] = [
        ("UPDATE session_states SET state = x'1f8b0800'", "truncated"),
        ("UPDATE session_states SET state = CAST('x = 3, y = 1' AS BLOB)", "not a tree"),
        ("DELETE FROM session_states WHERE key IN (SELECT state FROM session_entries WHERE kind = 'undo' LIMIT 1)", "is missing"),
        ("UPDATE session_entries SET kind = 'sideways' WHERE position = 0", "has kind 'sideways'"),
        ("UPDATE session_entries SET label = 'twin' WHERE kind = 'snapshot'", "is there twice"),
        ("UPDATE session_states SET state = CAST('[M2]' || char(10) || '#R B3/S2x' || char(10) AS BLOB)", "rule"),
    ]

    @Test(arguments: 0..<damages.count)
    func aDamagedSavedHistoryOpensWithoutItAndSaysSo(damage: Int) throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let env = environment(folder)
        let app = try AppLaunch(file: Fixtures.pattern("glider.rle"), columns: 80, rows: 24, environment: env).makeApp()
        for _ in 0..<3 { app.perform(app.handle(.key(.character(".")))) }
        try app.session.saveSnapshot(named: "a")
        try app.session.saveSnapshot(named: "b")
        app.autosave(now: 0)
        do {
            let store = try SQLiteBoardRepository(path: folder + "/data/hashlife/boards.sqlite")
            try store.database.execute(Self.damages[damage].sql)
        }
        let reopened = try AppLaunch(columns: 80, rows: 24, environment: env).makeApp()
        let status = try #require(reopened.status)
        #expect(status.hasPrefix("history not restored: "))
        #expect(status.contains(Self.damages[damage].reason), "\(status)")
        #expect(reopened.text[1].contains("history not restored"))
        #expect(reopened.session.universe.generation == BigUInt(3))
        #expect(reopened.session.undoHistory.isEmpty && reopened.session.redoHistory.isEmpty && reopened.session.snapshots.isEmpty)
        reopened.press("u")
        #expect(reopened.status == "nothing to undo")
        // The next save replaces the damaged history; the launch after that says nothing.
        reopened.perform(reopened.handle(.key(.character("."))))
        reopened.autosave(now: 0)
        let again = try AppLaunch(columns: 80, rows: 24, environment: env).makeApp()
        #expect(again.status == nil)
        #expect(again.session.undoHistory.map(\.generation) == [BigUInt(4)])
    }

    @Test func reopenedStatesKeepTheRunsTheirStepsMake() throws {
        let folder = temporaryFolder()
        defer { removeTree(folder) }
        let env = environment(folder)
        let app = try AppLaunch(file: Fixtures.pattern("glider.rle"), columns: 80, rows: 24, environment: env).makeApp()
        app.hintDismissed = true
        for _ in 0..<3 { app.press(".") }
        app.click(app.canvasFrame.left + 2, app.canvasFrame.top + 2)
        #expect(app.session.universe.population == BigUInt(6))
        for _ in 0..<2 { app.press(".") }
        #expect(app.session.resetPoint.generation == BigUInt(3))
        app.autosave(now: 10_000)
        let reopened = try AppLaunch(columns: 80, rows: 24, environment: env).makeApp()
        #expect(reopened.session.universe.generation == BigUInt(5))
        // Stepped from the edit: reset returns to it.
        #expect(reopened.session.resetPoint.generation == BigUInt(3))
        #expect(reopened.session.resetPoint.origin.hasPrefix("after cell"))
        // Before the edit, the run is the one from the oldest saved state, the glider as loaded.
        for _ in 0..<3 { reopened.press("u") }
        #expect(reopened.session.universe.population == BigUInt(5))
        #expect(reopened.session.resetPoint.generation == .zero)
        reopened.press("r")
        #expect(reopened.session.universe.generation == .zero)
        #expect(reopened.session.universe.population == BigUInt(5))
    }
}
