import Testing
@testable import HashlifeApp
@testable import HashlifeBoards
import HashlifeEngine
import HashlifeRendering
import HashlifeSession
import HashlifeTestSupport

/// `hashlife play` with no file reopens the history and snapshots saved with the board (issue
/// #17): undo after reopening gives exactly the earlier cells and generations; a damaged saved
/// history never stops the app from opening.
@Suite struct SavedHistoryTests {
    func environment(_ folder: String) -> [String: String] {
        ["HOME": folder, "XDG_CONFIG_HOME": folder + "/config", "XDG_DATA_HOME": folder + "/data", "XDG_STATE_HOME": folder + "/state"]
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
        session.analyse { $0.forEachLiveCell { x, y in cells.append("\(x),\(y)") } }
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
        app.press("S"); app.press("n"); app.send(.key(.escape))
        app.session.toggleCell(x: BigInt(-5), y: BigInt(2))
        path.append(seen(app.session))
        app.press("X")
        app.press("u")
        app.perform(app.handle(.key(.character("."))))  // drops the clear from the redo list
        app.press("S"); app.press("n"); app.send(.key(.escape))
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
