// A thin handle on one SQLite connection: open, run statements, bind and read columns, and
// transactions. The only file that calls the C API besides `SQLiteStatement`; everything here
// turns SQLite's result codes into `BoardError`s that say what failed and why.

import CSQLite
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// One open connection to a database file. Not shared between threads.
final class SQLiteDatabase {
    let path: String
    private(set) var handle: OpaquePointer?

    /// Opens (creating when `create`) the database at `path`.
    /// - Throws: `.unavailable` naming the path and SQLite's reason.
    init(path: String, create: Bool) throws(BoardError) {
        self.path = path
        var db: OpaquePointer?
        let flags = (create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            // The system's reason ("Read-only file system", "Permission denied") says more
            // than SQLite's "unable to open database file".
            let system = db.map { sqlite3_system_errno($0) } ?? 0
            let reason = system != 0 ? String(cString: strerror(system))
                : db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(db)
            throw .unavailable(path: path, reason: reason)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
    }

    deinit { close() }

    func close() {
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// SQLite's last message on this connection.
    var lastMessage: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed" }

    /// Whether the last error this connection reported (through `failure`) was another
    /// connection's lock.
    private(set) var lastFailureWasBusy = false

    /// The error for a failed call: disk full, read-only, busy and corrupt files get their own
    /// wording; anything else SQLite's own message.
    func failure(_ code: Int32, _ doing: String) -> BoardError {
        lastFailureWasBusy = code & 0xff == SQLITE_BUSY || code & 0xff == SQLITE_LOCKED
        switch code & 0xff {
        case SQLITE_FULL: return .storeFailed(path: path, reason: "the disk is full (\(doing))")
        case SQLITE_READONLY: return .storeFailed(path: path, reason: "the store is read-only (\(doing))")
        case SQLITE_BUSY, SQLITE_LOCKED: return .storeFailed(path: path, reason: "the store is busy in another process (\(doing)); try again")
        case SQLITE_NOTADB: return .notABoardStore(path: path, reason: "not a database")
        case SQLITE_CORRUPT: return .storeFailed(path: path, reason: "the database is corrupt (\(doing))")
        case SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_PERM: return .storeFailed(path: path, reason: "\(lastMessage) (\(doing))")
        default: return .storeFailed(path: path, reason: "\(lastMessage) (\(doing))")
        }
    }

    /// Runs `sql` (one or more statements, no parameters).
    func execute(_ sql: String) throws(BoardError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(code, sql.split(separator: " ").prefix(3).joined(separator: " ")) }
    }

    /// A prepared statement for `sql`.
    func prepare(_ sql: String) throws(BoardError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw failure(code, "preparing a query") }
        return SQLiteStatement(statement, database: self)
    }

    /// The first column of the first row of `sql`, as an integer (0 when there is no row).
    func integer(_ sql: String) throws(BoardError) -> Int64 {
        let statement = try prepare(sql)
        defer { statement.finish() }
        return try statement.step() ? statement.int64(0) : 0
    }

    /// Runs `body` in one immediate transaction (the write lock is taken first, so two
    /// processes never both start a write and then deadlock); commits when it returns, rolls
    /// back when it throws.
    func transaction<T>(_ body: () throws(BoardError) -> T) throws(BoardError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            throw error
        }
    }

    /// Rows changed by the last statement.
    var changes: Int { Int(sqlite3_changes(handle)) }
}

/// A prepared statement: bind by 1-based index, step, read columns by 0-based index.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private let database: SQLiteDatabase

    init(_ statement: OpaquePointer, database: SQLiteDatabase) {
        self.statement = statement
        self.database = database
    }

    deinit { sqlite3_finalize(statement) }

    /// Ends the statement's current run (a statement left mid-way keeps its read open, and
    /// COMMIT then fails as busy).
    func finish() { sqlite3_reset(statement) }

    func bind(_ values: [SQLiteValue]) throws(BoardError) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(statement, index)
            case .integer(let n): code = sqlite3_bind_int64(statement, index, n)
            case .text(let s): code = sqlite3_bind_text(statement, index, s, -1, hashlife_sqlite_transient)
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { raw in
                    sqlite3_bind_blob64(statement, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), sqlite3_uint64(raw.count), hashlife_sqlite_transient)
                }
            }
            guard code == SQLITE_OK else { throw database.failure(code, "binding a value") }
        }
    }

    /// Advances to the next row: true when there is one, false when done.
    @discardableResult
    func step() throws(BoardError) -> Bool {
        let code = sqlite3_step(statement)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw database.failure(code, "running a query")
    }

    /// Binds `values` and runs the statement to its end.
    func run(_ values: [SQLiteValue] = []) throws(BoardError) {
        try bind(values)
        defer { finish() }
        while try step() {}
    }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    func text(_ column: Int32) -> String {
        guard let pointer = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }
    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
    func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let pointer = sqlite3_column_blob(statement, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}

/// A value bound to a statement parameter.
enum SQLiteValue {
    case null
    case integer(Int64)
    case text(String)
    case blob([UInt8])

    static func optional(_ text: String?) -> SQLiteValue { text.map { .text($0) } ?? .null }
}

extension SQLiteDatabase {
    /// Makes this connection wait up to `milliseconds` for another's lock instead of failing.
    func setBusyTimeout(_ milliseconds: Int32) { sqlite3_busy_timeout(handle, milliseconds) }

    /// Runs `body` again while it fails because another connection holds a lock, for up to
    /// `milliseconds` in all, sleeping 1–16 ms (growing, with jitter) between tries; any other
    /// error, or a busy one past the time, is thrown as it is.
    ///
    /// The busy timeout alone does not cover every contention: SQLite returns SQLITE_BUSY at
    /// once, without waiting, when waiting could deadlock, as when a statement that began as a
    /// read needs to write (`PRAGMA journal_mode = WAL` on a file that several processes are
    /// creating together). `body` must be safe to run again: each of its writes is one
    /// transaction, and a failed one left nothing behind.
    func retryingWhileBusy<T>(forMilliseconds milliseconds: Int32, _ body: () throws(BoardError) -> T) throws(BoardError) -> T {
        let deadline = Self.monotonicMilliseconds() + Int64(milliseconds)
        var pause: Int64 = 1
        while true {
            lastFailureWasBusy = false
            do {
                return try body()
            } catch {
                guard lastFailureWasBusy, Self.monotonicMilliseconds() < deadline else { throw error }
                var time = timespec(tv_sec: 0, tv_nsec: Int((pause + Int64.random(in: 0...pause)) * 1_000_000))
                nanosleep(&time, nil)
                pause = min(pause * 2, 8)
            }
        }
    }

    private static func monotonicMilliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
