// The boards the server holds, opened from the store as tabs ask for them, played by a thread
// each while playing, and saved to the store after changes and when the server stops.

import HashlifeAnalysis
import HashlifeBoards
import HashlifeCommands
import HashlifeEditing
import HashlifeEngine
import HashlifeFormats
import HashlifeInterface
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The served boards and the store behind them.
public final class ServeHub: @unchecked Sendable {
    let lock = ServerLock()
    /// The board store (nil: boards live only in memory).
    public let service: BoardService?
    let shapes: ShapeLibrary
    let memoryLimit: Int
    let threads: Int
    /// The board a tab without `board=` opens.
    public let main: ServedBoard
    private var boards: [String: ServedBoard] = [:]
    /// Seconds between saves of a changed board.
    public var saveInterval = 2.0
    /// Pages start with their rows sheared into a hexagonal grid (`serve --hex`; the state's
    /// `view.hexagonal`), on every board.
    public var hexagonal = false {
        didSet { lock.withLock { main.hexagonal = hexagonal; for board in boards.values { board.hexagonal = hexagonal } } }
    }
    private var stopped = false

    /// Serves `session` (loaded from a file, a board, or empty) as the main board, saved to
    /// `service` as `boardID` (nil: a new board named `name` at the first save).
    /// `archive` holds what was saved of the session's history (restored from the board by the
    /// caller, or new).
    public init(session: Session, name: String, boardID: BoardID?, service: BoardService?, shapes: ShapeLibrary,
                memoryLimit: Int = MemoryLimit.defaultBytes, threads: Int = 1, archive: BoardSessionArchive = BoardSessionArchive()) {
        self.service = service
        self.shapes = shapes
        self.memoryLimit = memoryLimit
        self.threads = threads
        main = ServedBoard(session: session, name: name, boardID: boardID, shapes: shapes, service: service, archive: archive)
        main.interpreter.setOpenedBoard(boardID)
        main.dirty = false
        main.registers = { [unowned self] id, board in register(id, board) }
        if let boardID { boards[boardID.text] = main }
    }

    /// The board `id` names (any unique prefix of a stored board), opened from the store the
    /// first time; the main board when `id` is nil or names it.
    public func board(_ id: String?) throws(BoardError) -> ServedBoard {
        guard let id, !id.isEmpty else { return main }
        // Resolved through the store and the table of served boards only: a board's own lock
        // may be held by a long command, and asking for its progress must not wait for it.
        guard let service else { throw BoardError.notFound(id) }
        let resolved = try service.resolve(id)
        return try lock.withLock { () throws(BoardError) -> ServedBoard in
            if let open = boards[resolved.text] { return open }
            let board = try service.board(resolved.text)
            let pattern = try service.pattern(of: board)
            let session = Session(memoryLimit: memoryLimit, threads: threads)
            do throws(SessionError) { try session.load(pattern, label: board.name) } catch { throw BoardError.invalidPattern(error.message) }
            // Its saved history comes back with it, as `play` saved it (a damaged one is left out).
            let archive = BoardSessionArchive()
            _ = archive.restore(board: board.id, service: service, into: session)
            let served = ServedBoard(session: session, name: board.name, boardID: board.id, shapes: shapes, service: service,
                                     archive: archive)
            served.interpreter.setOpenedBoard(board.id)
            served.hexagonal = hexagonal
            served.registers = { [unowned self] id, board in register(id, board) }
            boards[resolved.text] = served
            return served
        }
    }

    /// Notes that `board` is stored as `id` (called with the board's lock held).
    func register(_ id: BoardID, _ board: ServedBoard) {
        lock.withLock { boards[id.text] = board }
    }

    /// Every board served so far.
    var allBoards: [ServedBoard] {
        lock.withLock { [main] + boards.values.filter { $0 !== main } }
    }

    // MARK: Playing

    /// Starts or stops playing `board`; the player thread steps while it plays, stopping by
    /// itself, when `autoStop`, once the convergence detector says the pattern died out, stood
    /// still or started oscillating.
    func setPlaying(_ board: ServedBoard, _ playing: Bool, autoStop: Bool = true) {
        let run: Int? = board.lock.withLock {
            guard board.playing != playing else { return nil }
            board.playing = playing
            board.playRun += 1
            if playing {
                board.stopReason = nil
                board.playGroup = board.session.beginGroup()
            } else {
                board.playGroup = nil
            }
            board.changed()
            return playing ? board.playRun : nil
        }
        if let run { Threads.detach { [self] in play(board, run: run, autoStop: autoStop) } }
    }

    /// Stops `board` playing, with its lock held.
    func setPlayingLocked(_ board: ServedBoard, _ playing: Bool) {
        guard board.playing, !playing else { return }
        board.playing = false
        board.playRun += 1
        board.playGroup = nil
        board.changed()
    }

    /// The player: one step of 2^`stepExponent` generations every 1/`speed` s, until paused.
    private func play(_ board: ServedBoard, run: Int, autoStop: Bool) {
        var next = monotonicSeconds()
        let watcher = ConvergenceWatcher()
        while !isStopped {
            let goOn: Bool = board.lock.withLock {
                guard board.playing, board.playRun == run, let group = board.playGroup else { return false }
                do throws(SessionError) {
                    try board.session.step(BigUInt.one << board.stepExponent, group: group, control: board.control)
                } catch {
                    board.playing = false
                    board.stopReason = error.message
                    board.changed()
                    return false
                }
                board.changed()
                guard autoStop else { return true }
                let verdict = board.session.analyse { watcher.observe($0) }
                let message: String? = switch verdict {
                case .extinct(let g)?: "died out at generation \(Excerpt.number(g))"
                case .still(let g)?: "still life at generation \(Excerpt.number(g))"
                case .oscillator(let g, let p)?: "period-\(p) oscillator from generation \(Excerpt.number(g))"
                default: nil
                }
                if let message {
                    board.playing = false
                    board.playGroup = nil
                    board.stopReason = "stopped: " + message
                }
                return board.playing
            }
            guard goOn else { return }
            let speed = board.lock.withLock { board.speed }
            next += 1 / max(speed, 0.1)
            let now = monotonicSeconds()
            if next > now { usleep(UInt32(min(next - now, 10) * 1e6)) } else { next = now }
        }
    }

    // MARK: Saving

    var isStopped: Bool { lock.withLock { stopped } }

    /// Saves every changed board to the store (a new board gets its id then).
    public func saveAll() {
        guard let service else { return }
        for board in allBoards {
            board.lock.withLock {
                guard board.dirty else { return }
                save(board, service: service)
            }
        }
    }

    /// Saves `board` (under its lock) with its history and snapshots.
    func save(_ board: ServedBoard, service: BoardService) {
        let session = board.session
        do throws(BoardError) {
            if let id = board.boardID {
                try board.archive.save(session, to: id, service: service)
            } else {
                let created = try board.archive.create(session, name: board.name, service: service)
                board.boardID = created.id
                board.interpreter.setOpenedBoard(created.id)
                register(created.id, board)
                board.version &+= 1
                board.lock.broadcast()
            }
            board.dirty = false
        } catch {
            board.stopReason = "not saved: \(error.description)"
        }
    }

    /// Starts the thread that saves changed boards every `saveInterval` seconds.
    public func startSaving() {
        Threads.detach { [self] in
            while !isStopped {
                usleep(UInt32(saveInterval * 1e6))
                saveAll()
            }
        }
    }

    /// Stops playing everything, saves, and ends the player and saver threads.
    public func stop() {
        for board in allBoards {
            board.control.cancel()
            board.lock.withLock { board.playing = false; board.lock.broadcast() }
        }
        saveAll()
        lock.withLock { stopped = true }
    }
}
