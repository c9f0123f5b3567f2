import Foundation
import Testing
@testable import HashlifeBoards
import HashlifeTestSupport

/// `retryingWhileBusy`: the retry that covers the contention SQLite's busy timeout does not
/// (it answers SQLITE_BUSY at once when waiting could deadlock).
@Suite struct SQLiteBusyTests {
    /// Starts a thread that holds the write lock of the store at `path` for `milliseconds`;
    /// returns it once the lock is held.
    private func holdWriteLock(_ path: String, forMilliseconds milliseconds: Int) throws -> Thread {
        let held = DispatchSemaphore(value: 0)
        let thread = Thread {
            guard let holder = try? SQLiteDatabase(path: path, create: false) else { held.signal(); return }
            try? holder.execute("BEGIN IMMEDIATE")
            held.signal()
            usleep(useconds_t(milliseconds * 1000))
            try? holder.execute("COMMIT")
            holder.close()
        }
        thread.start()
        held.wait()
        return thread
    }

    private func newStore() throws -> String {
        let path = try temporaryFolder() + "/boards.sqlite"
        _ = try SQLiteBoardRepository(path: path)
        return path
    }

    @Test func aBusyFailureIsTriedAgainUntilTheLockIsFree() throws {
        let path = try newStore()
        let database = try SQLiteDatabase(path: path, create: false)
        database.setBusyTimeout(0)  // every contention fails at once, as the deadlock case does
        _ = try holdWriteLock(path, forMilliseconds: 150)
        var attempts = 0
        try database.retryingWhileBusy(forMilliseconds: 10_000) { () throws(BoardError) in
            attempts += 1
            try database.execute("BEGIN IMMEDIATE; CREATE TABLE t (x); COMMIT")
        }
        #expect(attempts > 1)
        #expect(try database.integer("SELECT count(*) FROM sqlite_master WHERE name = 't'") == 1)
    }

    @Test func aBusyFailurePastTheTimeIsThrown() throws {
        let path = try newStore()
        let database = try SQLiteDatabase(path: path, create: false)
        database.setBusyTimeout(0)
        let holder = try holdWriteLock(path, forMilliseconds: 2_000)
        let started = Date()
        #expect(throws: BoardError.storeFailed(path: path, reason: "the store is busy in another process (BEGIN IMMEDIATE; CREATE); try again")) {
            try database.retryingWhileBusy(forMilliseconds: 100) { () throws(BoardError) in
                try database.execute("BEGIN IMMEDIATE; CREATE TABLE t (x); COMMIT")
            }
        }
        #expect(Date().timeIntervalSince(started) < 1.5)  // it gave up, long before the lock was free
        while holder.isExecuting { usleep(10_000) }
    }

    @Test func otherFailuresAreThrownAtOnce() throws {
        let database = try SQLiteDatabase(path: try newStore(), create: false)
        var attempts = 0
        #expect(throws: BoardError.self) {
            try database.retryingWhileBusy(forMilliseconds: 10_000) { () throws(BoardError) in
                attempts += 1
                try database.execute("SELECT * FROM no_such_table")
            }
        }
        #expect(attempts == 1)
    }
}
