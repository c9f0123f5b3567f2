// A board's saved session (see `BoardSession`) in two tables: `session_states` holds each
// state once (compressed Macrocell, by the writer's key), `session_entries` the undo, redo and
// snapshot entries in order, each naming a state by key. Both go with the board (ON DELETE
// CASCADE), and every change happens inside the transaction that writes the board, so the
// saved session always belongs to the board's stored state.

import HashlifeEngine
import HashlifeInterface

extension SQLiteBoardRepository {
    public func session(_ id: BoardID) throws(BoardError) -> BoardSession? {
        let select = try database.prepare("SELECT e.kind, e.label, e.is_step, e.state FROM session_entries e JOIN boards b ON e.board = b.seq WHERE b.id = ? ORDER BY e.position")
        try select.bind([.text(id.text)])
        var entries: [BoardSessionEntry] = []
        while try select.step() {
            let kind = select.text(0)
            guard let known = BoardSessionEntry.Kind(rawValue: kind) else { throw .damaged(id, "saved history entry \(entries.count + 1) has kind \(Excerpt.quote(kind))") }
            entries.append(BoardSessionEntry(kind: known, label: select.text(1), isStep: select.int64(2) != 0, state: select.text(3)))
        }
        guard !entries.isEmpty else { return nil }
        let states = try database.prepare("SELECT s.key, s.state FROM session_states s JOIN boards b ON s.board = b.seq WHERE b.id = ?")
        try states.bind([.text(id.text)])
        var bytes: [String: [UInt8]] = [:]
        while try states.step() { bytes[states.text(0)] = states.blob(1) }
        return BoardSession(entries: entries, states: bytes)
    }

    /// Changes the saved session of board `id` as `change` says; runs inside the board's write
    /// transaction (a throw rolls the whole write back).
    func changeSession(of id: BoardID, _ change: BoardSessionChange) throws(BoardError) {
        let board = try database.prepare("SELECT seq FROM boards WHERE id = ?")
        try board.bind([.text(id.text)])
        guard try board.step() else { throw .notFound(id.text) }
        let seq = SQLiteValue.integer(board.int64(0))
        board.finish()
        switch change {
        case .keep:
            return
        case .clear:
            try database.prepare("DELETE FROM session_entries WHERE board = ?").run([seq])
            try database.prepare("DELETE FROM session_states WHERE board = ?").run([seq])
        case .write(let entries, let newStates):
            let state = try database.prepare("INSERT OR REPLACE INTO session_states (board, key, state) VALUES (?, ?, ?)")
            for (key, bytes) in newStates { try state.run([seq, .text(key), .blob(bytes)]) }
            try database.prepare("DELETE FROM session_entries WHERE board = ?").run([seq])
            let entry = try database.prepare("INSERT INTO session_entries (board, position, kind, label, is_step, state) VALUES (?, ?, ?, ?, ?, ?)")
            for (position, e) in entries.enumerated() {
                try entry.run([seq, .integer(Int64(position)), .text(e.kind.rawValue), .text(e.label), .integer(e.isStep ? 1 : 0), .text(e.state)])
            }
            let missing = try database.prepare("SELECT count(*) FROM session_entries e WHERE e.board = ? AND NOT EXISTS (SELECT 1 FROM session_states s WHERE s.board = e.board AND s.key = e.state)")
            try missing.bind([seq])
            let stale = try missing.step() && missing.int64(0) > 0
            missing.finish()
            if stale { throw .sessionStale(id) }
            try database.prepare("DELETE FROM session_states WHERE board = ? AND key NOT IN (SELECT state FROM session_entries WHERE board = ?)").run([seq, seq])
        }
    }
}
