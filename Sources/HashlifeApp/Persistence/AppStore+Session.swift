// The app's history and snapshots, saved beside its board: `hashlife play` with no file
// reopens the last board with its history as far as it was saved.
//
// What is saved, at every autosave, in the transaction that saves the board: the newest 50
// undo entries, the next 50 redo entries and every snapshot, within 64 MiB of compressed
// Macrocell for the undo and redo states together (snapshots always; older undo entries and
// farther redo entries are left out first). Each state is written once: the store remembers
// which of the session's state numbers it wrote under which key, and a save adds only the new
// states and rewrites the short list of entries. While playing (a save every 5 s, each step an
// entry) a save encodes new undo and redo states for at most `playingEncodingBudget` (the
// newest first, at least one), so big states never stall the frames; the saves after pausing
// and on quit write the rest. Only `hashlife play` with no file reads it
// back; `play FILE`, `play --board ID` and opening a board in the boards panel start a new
// history, which then replaces the board's saved one at the next save.

import HashlifeBoards
import HashlifeEngine
import HashlifeFormats
import HashlifeEditing

extension AppStore {
    /// Undo entries saved with the board, the newest.
    public static let savedUndoLimit = 50
    /// Redo entries saved with the board, the next.
    public static let savedRedoLimit = 50
    /// Bytes of compressed Macrocell the saved undo and redo states may take together.
    public static let savedHistoryBudget = 64 << 20
    /// How long a save while playing may spend encoding new undo and redo states.
    public static let defaultPlayingEncodingBudget = Duration.milliseconds(25)

    /// The session's history as a write of the board's saved session: entries within the
    /// limits above, and the states not written before (undo and redo ones only until
    /// `deadline` once one has been encoded). Returns the keys of the states it names (with
    /// their sizes), to remember once the write succeeds.
    func sessionChange(_ session: Session, for board: BoardID?, deadline: ContinuousClock.Instant? = nil)
        -> (change: BoardSessionChange, written: [Int: SavedState]) {
        let known = board != nil && savedStates.board == board ? savedStates.states : [:]
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

    /// Puts the board's saved session (history and snapshots) into `session`, which has just
    /// opened the board. Returns nil when it was restored or there was none, else a one-line
    /// note for the header: the app then opens without history (never fails because of it).
    func restoreSession(into session: Session) -> String? {
        guard let id = boardID else { return nil }
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
            savedStates = (id, states)
            return nil
        } catch {
            if case .damaged(_, let reason) = error { return "history not restored: \(reason)" }
            return "history not restored: \(error.description)"
        }
    }
}

/// A state of the session written with the board: its key and size.
struct SavedState: Equatable {
    var key: String
    var bytes: Int
}
