// Boards in one SQLite file.
//
// Crash safety comes from SQLite: the file is in WAL mode with `synchronous=FULL`, so a
// transaction is on disk when COMMIT returns and a process killed at any moment leaves either
// the whole transaction or none of it. Every write below is one transaction (a board and its
// history sample together). Concurrent processes serialize their writes: a write starts with
// `BEGIN IMMEDIATE` (the write lock first) and a busy timeout makes others wait for it.
//
// The file says what it is with `PRAGMA application_id` (our constant) and which schema it
// holds with `PRAGMA user_version`. Opening checks both *before* changing anything, so a file
// that is not ours (another database, or not a database) or that a newer hashlife wrote is
// refused and left byte for byte as it was. Older schemas are migrated forward, one step per
// version, each step in the same transaction as the version bump.

import HashlifeEngine
import HashlifeInterface
import HashlifeFormats
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The SQLite implementation of `BoardRepository`.
public final class SQLiteBoardRepository: BoardRepository {
    /// `PRAGMA application_id` of a board store: "HLBD".
    public static let applicationID: Int64 = 0x484C_4244
    /// The schema this build writes; `migrations[v]` goes from version v to v + 1.
    public static var schemaVersion: Int { migrations.count }
    /// How long a process waits for another's write before giving up.
    public static let busyTimeoutMilliseconds: Int32 = 30_000

    static let migrations: [String] = [
        // 0 → 1: boards and their population history.
        """
        CREATE TABLE boards (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            rule TEXT NOT NULL,
            created INTEGER NOT NULL,
            updated INTEGER NOT NULL,
            author TEXT,
            comments TEXT NOT NULL,
            origin BLOB NOT NULL,
            state BLOB NOT NULL,
            generation TEXT NOT NULL,
            population TEXT NOT NULL,
            bounds_x TEXT, bounds_y TEXT, bounds_width TEXT, bounds_height TEXT
        );
        CREATE TABLE history (
            seq INTEGER PRIMARY KEY,
            board INTEGER NOT NULL REFERENCES boards(seq) ON DELETE CASCADE,
            generation TEXT NOT NULL,
            population TEXT NOT NULL
        );
        CREATE INDEX history_by_board ON history(board, seq);
        """,
        // 1 → 2: the last classifier verdict.
        """
        ALTER TABLE boards ADD COLUMN verdict TEXT;
        ALTER TABLE boards ADD COLUMN verdict_summary TEXT;
        ALTER TABLE boards ADD COLUMN verdict_json TEXT;
        ALTER TABLE boards ADD COLUMN verdict_max_gen TEXT;
        """,
        // 2 → 3: the app's saved session (SQLiteBoardRepository+Session.swift).
        """
        CREATE TABLE session_states (
            board INTEGER NOT NULL REFERENCES boards(seq) ON DELETE CASCADE,
            key TEXT NOT NULL,
            state BLOB NOT NULL,
            PRIMARY KEY (board, key)
        );
        CREATE TABLE session_entries (
            board INTEGER NOT NULL REFERENCES boards(seq) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            kind TEXT NOT NULL,
            label TEXT NOT NULL,
            is_step INTEGER NOT NULL,
            state TEXT NOT NULL,
            PRIMARY KEY (board, position)
        );
        """,
    ]

    public let path: String
    let database: SQLiteDatabase

    /// Opens the store at `path`, creating it (and its folders, mode 0700) when absent, and
    /// migrating an older schema.
    /// - Throws: `.notABoardStore` or `.newerSchema` (the file untouched), `.unavailable` when
    ///   it cannot be opened or created (a read-only folder, …).
    public init(path: String) throws(BoardError) {
        self.path = path
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists && (info.st_mode & S_IFMT) == S_IFDIR {
            throw .unavailable(path: path, reason: "is a folder")
        }
        if !exists, let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            do { try DataFolders.makeFolders(String(path[..<slash])) } catch {
                throw .unavailable(path: path, reason: "cannot create the folder \(error.description)")
            }
        }
        database = try SQLiteDatabase(path: path, create: !exists)
        database.setBusyTimeout(Self.busyTimeoutMilliseconds)
        let fileExisted = exists && info.st_size > 0
        try database.retryingWhileBusy(forMilliseconds: Self.busyTimeoutMilliseconds) { () throws(BoardError) in
            try checkIdentity(fileExisted: fileExisted)
            do throws(BoardError) {
                try database.execute("PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL;")
                _ = try database.integer("PRAGMA journal_mode = WAL")
                try migrate()
            } catch {
                throw Self.openingError(error, path: path)
            }
        }
    }

    /// Refuses a file that is not ours or is newer, reading only.
    private func checkIdentity(fileExisted: Bool) throws(BoardError) {
        var application: Int64 = 0, version: Int64 = 0, objects: Int64 = 0
        do {
            // One statement, so one snapshot: another process creating the store at the same
            // moment is seen either before its first transaction or after it, never half way.
            let statement = try database.prepare("SELECT (SELECT application_id FROM pragma_application_id), (SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_master)")
            defer { statement.finish() }
            if try statement.step() {
                application = statement.int64(0)
                version = statement.int64(1)
                objects = statement.int64(2)
            }
        } catch {
            if case .notABoardStore = error { throw .notABoardStore(path: path, reason: "not an SQLite database") }
            throw Self.openingError(error, path: path)
        }
        if application == 0 && version == 0 && objects == 0 { return }  // new or empty: ours to set up
        guard application == Self.applicationID else {
            throw .notABoardStore(path: path, reason: application == 0 ? "an SQLite database of another program" : "an SQLite database with application id \(application)")
        }
        guard version <= Int64(Self.schemaVersion) else {
            throw .newerSchema(path: path, version: Int(version), supported: Self.schemaVersion)
        }
    }

    /// Brings the schema to `schemaVersion`, each step in one transaction with its version
    /// bump (another process may have done it meanwhile: the version is read again inside).
    private func migrate() throws(BoardError) {
        while true {
            let done: Bool = try database.transaction { () throws(BoardError) -> Bool in
                let version = Int(try database.integer("PRAGMA user_version"))
                if version > Self.schemaVersion { throw .newerSchema(path: path, version: version, supported: Self.schemaVersion) }
                if version == Self.schemaVersion { return true }
                try database.execute(Self.migrations[version])
                try database.execute("PRAGMA application_id = \(Self.applicationID); PRAGMA user_version = \(version + 1)")
                return false
            }
            if done { return }
        }
    }

    static func openingError(_ error: BoardError, path: String) -> BoardError {
        if case .storeFailed(_, let reason) = error { return .unavailable(path: path, reason: reason) }
        return error
    }

    /// The schema version of the open file.
    public var fileSchemaVersion: Int {
        get throws(BoardError) { Int(try database.integer("PRAGMA user_version")) }
    }

    /// `PRAGMA integrity_check`: "ok", or SQLite's list of problems.
    public func integrityCheck() throws(BoardError) -> String {
        let statement = try database.prepare("PRAGMA integrity_check")
        var lines: [String] = []
        while try statement.step() { lines.append(statement.text(0)) }
        return lines.joined(separator: "\n")
    }

    // MARK: BoardRepository

    static let boardColumns = "id, name, rule, created, updated, author, comments, origin, state, generation, population, bounds_x, bounds_y, bounds_width, bounds_height, verdict, verdict_summary, verdict_json, verdict_max_gen"

    public func insert(_ board: Board, history: [PopulationSample], session: BoardSessionChange) throws(BoardError) {
        try database.transaction { () throws(BoardError) in
            let insert = try database.prepare("INSERT INTO boards (\(Self.boardColumns)) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")
            try insert.run(Self.values(board))
            try appendHistory(history, to: board.id)
            try changeSession(of: board.id, session)
        }
    }

    /// Adds many boards in one transaction (an import of a collection; benchmarks).
    public func insert(contentsOf boards: [(board: Board, history: [PopulationSample])]) throws(BoardError) {
        try database.transaction { () throws(BoardError) in
            let insert = try database.prepare("INSERT INTO boards (\(Self.boardColumns)) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")
            for (board, history) in boards {
                try insert.run(Self.values(board))
                try appendHistory(history, to: board.id)
            }
        }
    }

    public func update(_ board: Board, appending history: [PopulationSample], session: BoardSessionChange) throws(BoardError) {
        try database.transaction { () throws(BoardError) in
            let columns = Self.boardColumns.split(separator: ",").dropFirst().map { "\($0.trimmingSpaces) = ?" }.joined(separator: ", ")
            let update = try database.prepare("UPDATE boards SET \(columns) WHERE id = ?")
            var values = Self.values(board)
            values.append(values.removeFirst())
            try update.run(values)
            guard database.changes == 1 else { throw .notFound(board.id.text) }
            try appendHistory(history, to: board.id)
            try changeSession(of: board.id, session)
        }
    }

    private func appendHistory(_ history: [PopulationSample], to id: BoardID) throws(BoardError) {
        guard !history.isEmpty else { return }
        let append = try database.prepare("INSERT INTO history (board, generation, population) SELECT seq, ?, ? FROM boards WHERE id = ?")
        for sample in history {
            try append.run([.text(sample.generation.description), .text(sample.population.description), .text(id.text)])
        }
    }

    public func board(_ id: BoardID) throws(BoardError) -> Board? {
        let select = try database.prepare("SELECT \(Self.boardColumns) FROM boards WHERE id = ?")
        try select.bind([.text(id.text)])
        guard try select.step() else { return nil }
        return try Self.board(from: select)
    }

    public func summaries() throws(BoardError) -> [BoardSummary] {
        let select = try database.prepare("SELECT id, name, rule, generation, population, updated FROM boards ORDER BY seq")
        var result: [BoardSummary] = []
        while try select.step() {
            guard let id = BoardID(select.text(0)) else { continue }
            result.append(BoardSummary(id: id, name: select.text(1), rule: select.text(2),
                                       generation: try Self.count(select.text(3), id), population: try Self.count(select.text(4), id),
                                       updated: select.int64(5)))
        }
        return result
    }

    public func ids(withPrefix prefix: String, limit: Int) throws(BoardError) -> [BoardID] {
        // Ids are lowercase hexadecimal and dashes, so a range scan of the unique index finds
        // them: id >= prefix AND id < prefix + U+FFFF.
        let select = try database.prepare("SELECT id FROM boards WHERE id >= ? AND id < ? ORDER BY id LIMIT ?")
        try select.bind([.text(prefix), .text(prefix + "\u{FFFF}"), .integer(Int64(limit))])
        var ids: [BoardID] = []
        while try select.step() { if let id = BoardID(select.text(0)) { ids.append(id) } }
        return ids
    }

    public func rename(_ id: BoardID, to name: String, updated: Int64) throws(BoardError) {
        try database.transaction { () throws(BoardError) in
            try database.prepare("UPDATE boards SET name = ?, updated = ? WHERE id = ?").run([.text(name), .integer(updated), .text(id.text)])
            guard database.changes == 1 else { throw .notFound(id.text) }
        }
    }

    public func delete(_ id: BoardID) throws(BoardError) {
        try database.transaction { () throws(BoardError) in
            try database.prepare("DELETE FROM boards WHERE id = ?").run([.text(id.text)])
            guard database.changes == 1 else { throw .notFound(id.text) }
        }
    }

    public func history(_ id: BoardID) throws(BoardError) -> [PopulationSample] {
        let select = try database.prepare("SELECT h.generation, h.population FROM history h JOIN boards b ON h.board = b.seq WHERE b.id = ? ORDER BY h.seq")
        try select.bind([.text(id.text)])
        var samples: [PopulationSample] = []
        while try select.step() {
            samples.append(PopulationSample(generation: try Self.count(select.text(0), id), population: try Self.count(select.text(1), id)))
        }
        return samples
    }

    // MARK: Rows

    static func values(_ b: Board) -> [SQLiteValue] {
        [.text(b.id.text), .text(b.name), .text(b.rule), .integer(b.created), .integer(b.updated), .optional(b.author),
         .text(b.comments.joined(separator: "\n")), .blob(b.origin), .blob(b.state),
         .text(b.generation.description), .text(b.population.description),
         .optional(b.bounds?.x.description), .optional(b.bounds?.y.description),
         .optional(b.bounds?.width.description), .optional(b.bounds?.height.description),
         .optional(b.verdict?.name), .optional(b.verdict?.summary), .optional(b.verdict?.json),
         .optional(b.verdict?.maxGeneration.description)]
    }

    static func board(from row: SQLiteStatement) throws(BoardError) -> Board {
        let text = row.text(0)
        guard let id = BoardID(text) else { throw .damaged(BoardID(bytes: [UInt8](repeating: 0, count: 16)), "id \(Excerpt.quote(text))") }
        var bounds: CellRect? = nil
        if let x = row.optionalText(11), let y = row.optionalText(12), let w = row.optionalText(13), let h = row.optionalText(14) {
            guard let bx = BigInt(decimal: Substring(x)), let by = BigInt(decimal: Substring(y)) else { throw .damaged(id, "bounds") }
            bounds = CellRect(x: bx, y: by, width: try count(w, id), height: try count(h, id))
        }
        var verdict: StoredVerdict? = nil
        if let name = row.optionalText(15) {
            verdict = StoredVerdict(name: name, summary: row.text(16), json: row.text(17), maxGeneration: try count(row.text(18), id))
        }
        let comments = row.text(6)
        return Board(id: id, name: row.text(1), rule: row.text(2), created: row.int64(3), updated: row.int64(4),
                     author: row.optionalText(5), comments: comments.isEmpty ? [] : comments.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                     origin: row.blob(7), state: row.blob(8), generation: try count(row.text(9), id), population: try count(row.text(10), id),
                     bounds: bounds, verdict: verdict)
    }

    static func count(_ text: String, _ id: BoardID) throws(BoardError) -> BigUInt {
        guard let value = BigUInt(decimal: Substring(text)) else { throw .damaged(id, "number \(Excerpt.quote(text))") }
        return value
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
