// BoardSessionArchive.swift — an editor's history and snapshots, saved beside its board.
//
// What is saved, at every save, in the transaction that saves the board: the newest 50 undo
// entries, the next 50 redo entries and every snapshot, within 64 MiB of compressed Macrocell
// for the undo and redo states together (snapshots always; older undo entries and farther redo
// entries are left out first). Each state is written once: the archive remembers which of the
// session's state numbers it wrote under which key, and a save adds only the new states and
// rewrites the short list of entries. While playing (a save every few seconds, each step an
// entry) a save may encode new undo and redo states until a deadline (the newest first, at
// least one), so big states never stall the frames; the saves after pausing write the rest.
// `hashlife play` and `hashlife serve` both keep their boards' sessions through one archive
// each, so either reopens what the other saved.

import HashlifeBoards
import HashlifeEngine
import HashlifeFormats
import HashlifeEditing

/// The states of one editor's session written with its board, and how to write and read them.
/// Not thread-safe: one editor's saves at a time.
public final class BoardSessionArchive {
    /// Undo entries saved with the board, the newest.
    public static let savedUndoLimit = 50
    /// Redo entries saved with the board, the next.
    public static let savedRedoLimit = 50
    /// Bytes of compressed Macrocell the saved undo and redo states may take together.
    public static let savedHistoryBudget = 64 << 20

    /// The session's states written with board `board`, by state number.
    var saved: (board: BoardID?, states: [Int: SavedState]) = (nil, [:])
    /// The start of the keys this archive gives the states it writes: random, so two editors
    /// saving the same board never take each other's states for their own.
    let keyPrefix = String(UInt64.random(in: 0...UInt64.max), radix: 16)

    public init() {}

    /// Forgets what was written (the next save writes every state again): after another
    /// editor replaced the board's session, or when the editor starts a new board.
    public func forget() { saved = (nil, [:]) }

    /// Saves the session's current state to board `id` (renaming it when `name` is given) with
    /// the session's history in one transaction, writing every state again when another editor
    /// replaced the saved session meanwhile; returns the board. `deadline` bounds the encoding
    /// of new undo and redo states; `history` is the population samples to append (one of the
    /// state saved by default).
    @discardableResult
    public func save(_ session: Session, to id: BoardID, service: BoardService, name: String? = nil,
                     deadline: ContinuousClock.Instant? = nil, history: [PopulationSample]? = nil) throws(BoardError) -> Board {
        var (change, written) = change(session, for: id, deadline: deadline)
        let board: Board
        do {
            board = try session.analyse { (u) throws(BoardError) in
                try service.save(u, to: id.text, name: name, session: change, history: history)
            }
        } catch .sessionStale {
            forget()
            (change, written) = self.change(session, for: id, deadline: deadline)
            board = try session.analyse { (u) throws(BoardError) in
                try service.save(u, to: id.text, name: name, session: change, history: history)
            }
        }
        saved = (id, written)
        return board
    }

    /// Creates a board named `name` holding `session`'s current state and its history, in one
    /// transaction (with the session's metadata); returns it.
    public func create(_ session: Session, name: String, service: BoardService, deadline: ContinuousClock.Instant? = nil,
                       history: [PopulationSample]? = nil) throws(BoardError) -> Board {
        let (change, written) = change(session, for: nil, deadline: deadline)
        let metadata = session.metadata
        let board = try session.analyse { (u) throws(BoardError) in
            try service.create(universe: u, name: name, author: metadata.author, comments: metadata.comments, session: change,
                               history: history)
        }
        saved = (board.id, written)
        return board
    }

    /// The session's history as a write of the board's saved session: entries within the
    /// limits above, and the states not written before (undo and redo ones only until
    /// `deadline` once one has been encoded). Returns the keys of the states it names (with
    /// their sizes), to remember once the write succeeds.
    public func change(_ session: Session, for board: BoardID?, deadline: ContinuousClock.Instant? = nil)
        -> (change: BoardSessionChange, written: [Int: SavedState]) {
        let known = board != nil && saved.board == board ? saved.states : [:]
        let outline = session.historyOutline(undoLimit: Self.savedUndoLimit, redoLimit: Self.savedRedoLimit)
        var written: [Int: SavedState] = [:]
        var newStates: [String: [UInt8]] = [:]
        var bytes = 0
        var encodedAny = false
        /// The key of state `number`, encoding it when new; nil when it does not fit the budget.
        func key(_ number: Int, budgeted: Bool) -> String? {
            if let saved = written[number] { return saved.key }
            var encoded: [UInt8]? = nil
            let saved: SavedState
            if let old = known[number] {
                saved = old
            } else {
                if budgeted, encodedAny, let deadline, ContinuousClock.now >= deadline { return nil }
                guard let state = session.withKeptState(number, BoardService.sessionState) else { return nil }
                if budgeted { encodedAny = true }
                encoded = state
                saved = SavedState(key: "\(keyPrefix)-\(number)", bytes: state.count)
            }
            if budgeted {
                guard bytes + saved.bytes <= Self.savedHistoryBudget else { return nil }
                bytes += saved.bytes
            }
            if let encoded { newStates[saved.key] = encoded }
            written[number] = saved
            return saved.key
        }
        var snapshots: [BoardSessionEntry] = []
        for mark in outline.snapshots {
            if let k = key(mark.state, budgeted: false) { snapshots.append(BoardSessionEntry(kind: .snapshot, label: mark.name, state: k)) }
        }
        // Undo entries newest first, redo entries next first, each list stopping at the first
        // one over the budget, so what is saved is where undo and redo lead from the current state.
        var undo: [BoardSessionEntry] = []
        for entry in outline.undo.reversed() {
            guard let k = key(entry.state, budgeted: true) else { break }
            undo.insert(BoardSessionEntry(kind: .undo, label: entry.description, isStep: entry.isStep, state: k), at: 0)
        }
        var redo: [BoardSessionEntry] = []
        for entry in outline.redo {
            guard let k = key(entry.state, budgeted: true) else { break }
            redo.append(BoardSessionEntry(kind: .redo, label: entry.description, isStep: entry.isStep, state: k))
        }
        return (.write(entries: undo + redo + snapshots, newStates: newStates), written)
    }

    /// Puts board `id`'s saved session (history and snapshots) into `session`, which has just
    /// opened the board, and remembers the states as written. Returns nil when it was restored
    /// or there was none, else a one-line note for the header: the editor then opens without
    /// history (never fails because of it).
    public func restore(board id: BoardID, service: BoardService, into session: Session) -> String? {
        do throws(BoardError) {
            let board = try service.board(id.text)
            guard let saved = try service.session(of: board) else { return nil }
            var outline = HistoryOutline<String>()
            for entry in saved.entries {
                switch entry.kind {
                case .undo: outline.undo.append(.init(description: entry.label, isStep: entry.isStep, state: entry.state))
                case .redo: outline.redo.append(.init(description: entry.label, isStep: entry.isStep, state: entry.state))
                case .snapshot: outline.snapshots.append(.init(name: entry.label, state: entry.state))
                }
            }
            var documents: [String: LoadedPattern] = [:]
            for key in outline.states {
                guard let bytes = saved.states[key] else { throw BoardError.damaged(id, "a state of the saved history is missing") }
                documents[key] = try BoardService.pattern(ofSessionState: bytes, board: id)
            }
            let numbers: [String: Int]
            do { numbers = try session.restoreHistory(outline, states: documents) } catch {
                throw BoardError.damaged(id, error.message)
            }
            var states: [Int: SavedState] = [:]
            for (key, number) in numbers { states[number] = SavedState(key: key, bytes: saved.states[key]?.count ?? 0) }
            self.saved = (id, states)
            return nil
        } catch {
            if case .damaged(_, let reason) = error { return "history not restored: \(reason)" }
            return "history not restored: \(error.description)"
        }
    }
}

/// A state of the session written with the board: its key and size.
public struct SavedState: Equatable, Sendable {
    var key: String
    var bytes: Int
}
