import Testing
@testable import HashlifeBoards
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// A board's saved session (the app's undo, redo and snapshots): written with the board in one
/// transaction, each state once, and dropped when the board changes without it.
@Suite struct BoardSessionTests {
    /// A glider board and two states of it (generations 1 and 2) as session states.
    func gliderBoard(_ service: BoardService) throws -> (board: Board, one: [UInt8], two: [UInt8]) {
        let board = try service.create(bytes: try bytes("glider.rle"), fileName: "glider.rle")
        let universe = try service.universe(of: board)
        try universe.step(by: .one)
        let one = BoardService.sessionState(of: universe)
        try universe.step(by: .one)
        return (board, one, BoardService.sessionState(of: universe))
    }

    @Test(arguments: RepositoryKind.allCases)
    func aSessionIsWrittenWithTheBoardAndReadBack(kind: RepositoryKind) throws {
        let service = BoardService(repository: try kind.make())
        let (board, one, two) = try gliderBoard(service)
        #expect(try service.session(of: board) == nil)
        let universe = try service.universe(of: board)
        let entries = [BoardSessionEntry(kind: .undo, label: "step 1", isStep: true, state: "a-1"),
                       BoardSessionEntry(kind: .redo, label: "set 3 4 1", state: "a-2"),
                       BoardSessionEntry(kind: .snapshot, label: "first", state: "a-1")]
        try service.save(universe, to: board.id.text, session: .write(entries: entries, newStates: ["a-1": one, "a-2": two]))
        let saved = try #require(try service.session(of: board))
        #expect(saved.entries == entries)
        #expect(saved.states == ["a-1": one, "a-2": two])
        let pattern = try BoardService.pattern(ofSessionState: one, board: board.id)
        #expect(pattern.generation == BigUInt(1))
        #expect(pattern.format == .macrocell)
        // A later write names stored states without sending them again; states no entry names
        // any more are deleted.
        try service.save(universe, to: board.id.text, session: .write(entries: [entries[1]], newStates: [:]))
        #expect(try service.session(of: board) == BoardSession(entries: [entries[1]], states: ["a-2": two]))
        // An empty write leaves no session.
        try service.save(universe, to: board.id.text, session: .write(entries: [], newStates: [:]))
        #expect(try service.session(of: board) == nil)
    }

    @Test(arguments: RepositoryKind.allCases)
    func aWriteNamingAStateTheStoreLacksIsStaleAndChangesNothing(kind: RepositoryKind) throws {
        let service = BoardService(repository: try kind.make())
        let (board, one, _) = try gliderBoard(service)
        let universe = try service.universe(of: board)
        let first = [BoardSessionEntry(kind: .undo, label: "step 1", isStep: true, state: "a-1")]
        try service.save(universe, to: board.id.text, session: .write(entries: first, newStates: ["a-1": one]))
        try universe.step(by: .one)
        let stale = [BoardSessionEntry(kind: .undo, label: "step 1", isStep: true, state: "b-7")]
        #expect(throws: BoardError.sessionStale(board.id)) {
            try service.save(universe, to: board.id.text, session: .write(entries: stale, newStates: [:]))
        }
        #expect(try service.board(board.id.text).generation == .zero)
        #expect(try service.session(of: board)?.entries == first)
    }

    @Test(arguments: RepositoryKind.allCases)
    func steppingOrSavingTheBoardWithoutItsSessionDropsItAndAVerdictKeepsIt(kind: RepositoryKind) throws {
        let service = BoardService(repository: try kind.make())
        let (board, one, _) = try gliderBoard(service)
        let universe = try service.universe(of: board)
        let entries = [BoardSessionEntry(kind: .snapshot, label: "s", state: "k")]
        try service.save(universe, to: board.id.text, session: .write(entries: entries, newStates: ["k": one]))
        _ = try service.final(board.id.text, maxGeneration: 10)
        #expect(try service.session(of: board)?.entries == entries)
        try service.step(board.id.text, by: 1)
        #expect(try service.session(of: board) == nil)
        try service.save(universe, to: board.id.text, session: .write(entries: entries, newStates: ["k": one]))
        try service.save(universe, to: board.id.text)
        #expect(try service.session(of: board) == nil)
    }

    @Test func aNewBoardCanCarryASessionAndDeletingTheBoardDeletesIt() throws {
        let store = try SQLiteBoardRepository(path: try temporaryFolder() + "/boards.sqlite")
        let service = BoardService(repository: store)
        let (_, one, two) = try gliderBoard(service)
        let universe = Universe()
        universe.setCell(x: 1, y: 1)
        let entries = [BoardSessionEntry(kind: .undo, label: "set 1 1 1", state: "x"), BoardSessionEntry(kind: .snapshot, label: "s", state: "y")]
        let board = try service.create(universe: universe, name: "new", session: .write(entries: entries, newStates: ["x": one, "y": two]))
        #expect(try service.session(of: board)?.entries == entries)
        try service.delete(board.id.text)
        #expect(try store.database.integer("SELECT count(*) FROM session_entries") == 0)
        #expect(try store.database.integer("SELECT count(*) FROM session_states") == 0)
    }

    @Test func aDamagedEntryKindIsAClearError() throws {
        let store = try SQLiteBoardRepository(path: try temporaryFolder() + "/boards.sqlite")
        let service = BoardService(repository: store)
        let (board, one, _) = try gliderBoard(service)
        try service.save(try service.universe(of: board), to: board.id.text,
                         session: .write(entries: [BoardSessionEntry(kind: .snapshot, label: "s", state: "k")], newStates: ["k": one]))
        try store.database.execute("UPDATE session_entries SET kind = 'sideways'")
        #expect(throws: BoardError.damaged(board.id, "saved history entry 1 has kind 'sideways'")) { try service.session(of: board) }
    }

    @Test func aVersionTwoStoreIsMigratedToHoldSessions() throws {
        let path = try temporaryFolder() + "/boards.sqlite"
        do {
            let db = try SQLiteDatabase(path: path, create: true)
            try db.execute(SQLiteBoardRepository.migrations[0])
            try db.execute(SQLiteBoardRepository.migrations[1])
            try db.execute("PRAGMA application_id = \(SQLiteBoardRepository.applicationID); PRAGMA user_version = 2")
            let board = try BoardService(repository: InMemoryBoardRepository()).create(bytes: try bytes("glider.rle"), fileName: "g.rle")
            try db.prepare("INSERT INTO boards (\(SQLiteBoardRepository.boardColumns)) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)").run(SQLiteBoardRepository.values(board))
        }
        let store = try SQLiteBoardRepository(path: path)
        #expect(try store.fileSchemaVersion == 3)
        let service = BoardService(repository: store)
        let board = try service.board(try #require(try store.summaries().first).id.text)
        #expect(try service.session(of: board) == nil)
        let universe = try service.universe(of: board)
        try service.save(universe, to: board.id.text,
                         session: .write(entries: [BoardSessionEntry(kind: .snapshot, label: "s", state: "k")], newStates: ["k": BoardService.sessionState(of: universe)]))
        #expect(try service.session(of: board)?.entries.count == 1)
    }
}
