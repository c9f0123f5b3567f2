import Foundation
import Testing
@testable import HashlifeBoards
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// The file's bytes and modification time, to check that a refused file was not touched.
func fingerprint(_ path: String) throws -> (Data, Date?) {
    (try Data(contentsOf: URL(fileURLWithPath: path)), try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
}

/// Runs `sql` with the sqlite3 shell, when installed (to make files other programs would make).
func sqliteShell(_ path: String, _ sql: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [path, sql]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
}

let hasSQLiteShell = FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")

@Suite struct SQLiteStoreTests {
    @Test func theStoreIsInWALWithFullSyncForeignKeysAndTheCurrentSchema() throws {
        let path = try temporaryFolder() + "/a/b/boards.sqlite"
        let store = try SQLiteBoardRepository(path: path)
        let db = store.database
        #expect(try db.integer("PRAGMA synchronous") == 2)
        #expect(try db.integer("PRAGMA foreign_keys") == 1)
        let mode = try db.prepare("PRAGMA journal_mode")
        #expect(try mode.step() && mode.text(0) == "wal")
        #expect(try store.fileSchemaVersion == SQLiteBoardRepository.schemaVersion)
        #expect(try db.integer("PRAGMA application_id") == SQLiteBoardRepository.applicationID)
        #expect(try store.integrityCheck() == "ok")
        // New folders are the user's alone.
        let folder = (path as NSString).deletingLastPathComponent
        let mode2 = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
        #expect(mode2 == 0o700)
    }

    @Test func boardsSurviveReopeningTheFile() throws {
        let path = try temporaryFolder() + "/boards.sqlite"
        let id: BoardID
        do {
            let service = BoardService(repository: try SQLiteBoardRepository(path: path))
            id = try service.create(bytes: try bytes("gosper-glider-gun.rle"), fileName: "gun.rle").id
            try service.step(id.text, by: 1000)
            _ = try service.final(id.text, maxGeneration: 5000)
        }
        let service = BoardService(repository: try SQLiteBoardRepository(path: path))
        let board = try service.board(id.text)
        let reference = Fixtures.universe("gosper-glider-gun.rle")
        reference.step(by: 1000)
        #expect(board.population == reference.population)
        #expect(board.verdict?.name == "growing")
        #expect(board.comments == Fixtures.document("gosper-glider-gun.rle").comments)
        #expect(try service.universe(of: board).boundingBox == reference.boundingBox)
        #expect(try service.origin(of: board).population == 36)
    }

    @Test func aFileThatIsNotADatabaseIsRefusedAndLeftUntouched() throws {
        let path = try temporaryFolder() + "/boards.sqlite"
        try Data("hello, this is not a database at all\n".utf8).write(to: URL(fileURLWithPath: path))
        let before = try fingerprint(path)
        #expect(throws: BoardError.notABoardStore(path: path, reason: "not an SQLite database")) { try SQLiteBoardRepository(path: path) }
        let after = try fingerprint(path)
        #expect(before.0 == after.0 && before.1 == after.1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent) == ["boards.sqlite"])
    }

    @Test(.enabled(if: hasSQLiteShell, "the sqlite3 shell is not installed"))
    func anotherProgramsDatabaseIsRefusedAndLeftUntouched() throws {
        let path = try temporaryFolder() + "/other.sqlite"
        try sqliteShell(path, "CREATE TABLE t(x); INSERT INTO t VALUES (1);")
        let before = try fingerprint(path)
        #expect(throws: BoardError.notABoardStore(path: path, reason: "an SQLite database of another program")) { try SQLiteBoardRepository(path: path) }
        let after = try fingerprint(path)
        #expect(before.0 == after.0 && before.1 == after.1)
    }

    @Test func aNewerSchemaIsRefusedAndLeftUntouched() throws {
        let path = try temporaryFolder() + "/boards.sqlite"
        do {
            let store = try SQLiteBoardRepository(path: path)
            try store.database.execute("PRAGMA user_version = \(SQLiteBoardRepository.schemaVersion + 1)")
            try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let before = try fingerprint(path)
        #expect(throws: BoardError.newerSchema(path: path, version: SQLiteBoardRepository.schemaVersion + 1, supported: SQLiteBoardRepository.schemaVersion)) {
            try SQLiteBoardRepository(path: path)
        }
        let after = try fingerprint(path)
        #expect(before.0 == after.0 && before.1 == after.1)
    }

    @Test func anOlderSchemaIsMigratedForwardKeepingItsBoards() throws {
        let path = try temporaryFolder() + "/boards.sqlite"
        // A version-1 store as the first release wrote it, with one board in it.
        do {
            let db = try SQLiteDatabase(path: path, create: true)
            try db.execute(SQLiteBoardRepository.migrations[0])
            try db.execute("PRAGMA application_id = \(SQLiteBoardRepository.applicationID); PRAGMA user_version = 1")
            let board = try BoardService(repository: InMemoryBoardRepository()).create(bytes: try bytes("glider.rle"), fileName: "g.rle")
            let values = Array(SQLiteBoardRepository.values(board).prefix(15))
            try db.prepare("INSERT INTO boards (\(SQLiteBoardRepository.boardColumns.split(separator: ",").prefix(15).joined(separator: ","))) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)").run(values)
        }
        let store = try SQLiteBoardRepository(path: path)
        #expect(try store.fileSchemaVersion == SQLiteBoardRepository.schemaVersion)
        let summaries = try store.summaries()
        #expect(summaries.map(\.name) == ["Glider"])
        let service = BoardService(repository: store)
        _ = try service.final(summaries[0].id.text, maxGeneration: 100)
        #expect(try service.board(summaries[0].id.text).verdict?.name == "spaceship")
    }

    @Test(.enabled(if: getuid() != 0, "root writes into any folder; nothing to check"))
    func aFolderThatCannotBeWrittenGivesAClearError() throws {
        let folder = try temporaryFolder()
        chmod(folder, 0o500)
        defer { chmod(folder, 0o700) }
        let refused = #expect(throws: BoardError.self) { try SQLiteBoardRepository(path: folder + "/boards.sqlite") }
        #expect(refused?.description.hasPrefix("cannot open the board store") == true)
    }

    @Test func aFolderInTheWayOfTheStoreIsAClearError() throws {
        let folder = try temporaryFolder()
        #expect(throws: BoardError.unavailable(path: folder, reason: "is a folder")) { try SQLiteBoardRepository(path: folder) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
        let refused = #expect(throws: BoardError.self) { try SQLiteBoardRepository(path: folder + "/file/boards.sqlite") }
        #expect(refused?.description.contains("is not a folder") == true)
    }

    @Test func aReadOnlyStoreRefusesWritesAndKeepsItsBoards() throws {
        let path = try temporaryFolder() + "/boards.sqlite"
        let id: BoardID
        do {
            let service = BoardService(repository: try SQLiteBoardRepository(path: path))
            id = try service.create(bytes: try bytes("glider.rle"), fileName: "g.rle").id
        }
        let store = try SQLiteBoardRepository(path: path)
        // A connection that SQLite itself holds read-only stands in for a read-only medium
        // (file modes do not stop root, who runs the tests here).
        try store.database.execute("PRAGMA query_only = ON")
        let service = BoardService(repository: store)
        let refused = #expect(throws: BoardError.self) { try service.step(id.text, by: 4) }
        #expect(refused.map { if case .storeFailed = $0 { true } else { false } } == true)
        try store.database.execute("PRAGMA query_only = OFF")
        #expect(try service.board(id.text).generation == 0)
        #expect(try service.history(id.text).count == 1)
    }

    @Test func fourConnectionsCreatingBoardsAtOnceLoseNothing() async throws {
        // No store yet: the four race to create it too.
        let path = try temporaryFolder() + "/boards.sqlite"
        let glider = try bytes("glider.rle")
        let created = try await withThrowingTaskGroup(of: [BoardID].self) { group in
            for worker in 0..<4 {
                group.addTask {
                    let service = BoardService(repository: try SQLiteBoardRepository(path: path))
                    var ids: [BoardID] = []
                    for i in 0..<25 { ids.append(try service.create(bytes: glider, fileName: "g.rle", name: "w\(worker)-\(i)").id) }
                    return ids
                }
            }
            var all: [BoardID] = []
            for try await ids in group { all += ids }
            return all
        }
        let store = try SQLiteBoardRepository(path: path)
        #expect(Set(try store.summaries().map(\.id)) == Set(created))
        #expect(created.count == 100)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func prefixLookupsUseTheIdIndexAndStopAtTheLimit() throws {
        let store = try SQLiteBoardRepository(path: try temporaryFolder() + "/boards.sqlite")
        let service = BoardService(repository: store)
        var ids: [BoardID] = []
        for _ in 0..<20 { ids.append(try service.create(bytes: try bytes("glider.rle"), fileName: "g.rle").id) }
        #expect(try store.ids(withPrefix: "", limit: 100) == ids.sorted())
        #expect(try store.ids(withPrefix: "", limit: 3) == Array(ids.sorted().prefix(3)))
        for id in ids { #expect(try store.ids(withPrefix: String(id.text.prefix(10)), limit: 5) == [id]) }
        let plan = try store.database.prepare("EXPLAIN QUERY PLAN SELECT id FROM boards WHERE id >= ? AND id < ? ORDER BY id LIMIT ?")
        var details: [String] = []
        while try plan.step() { details.append(plan.text(3)) }
        #expect(details.contains { $0.contains("USING COVERING INDEX") }, "\(details)")
    }

    @Test func aFullDiskGivesAClearErrorAndLeavesTheStoreAsItWas() throws {
        let path = try temporaryFolder() + "/boards.sqlite"
        let store = try SQLiteBoardRepository(path: path)
        let service = BoardService(repository: store)
        let glider = try service.create(bytes: try bytes("glider.rle"), fileName: "g.rle")
        // The file may not grow past its current pages: SQLite answers SQLITE_FULL, as on a
        // full disk.
        let pages = try store.database.integer("PRAGMA page_count")
        _ = try store.database.integer("PRAGMA max_page_count = \(pages)")
        let refused = #expect(throws: BoardError.self) {
            for _ in 0..<50 { try service.create(bytes: try bytes("gosper-glider-gun.rle"), fileName: "gun.rle") }
        }
        #expect(refused?.description.contains("the disk is full") == true, "\(String(describing: refused))")
        #expect(refused?.description.hasSuffix("nothing was changed") == true)
        let reopened = try SQLiteBoardRepository(path: path)
        #expect(try reopened.integrityCheck() == "ok")
        #expect(try reopened.summaries().allSatisfy { $0.population == 36 || $0.id == glider.id })
        #expect(try reopened.board(glider.id) == glider)
    }
}
