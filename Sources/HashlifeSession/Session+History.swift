// Undo and redo: one history for edits and steps (SPEC §7.3, §7.6).
//
// Every change to the universe goes through `Session.record`, which keeps the state before it
// (a `UniverseState`: a pinned root, so O(1) to keep and to restore whatever the pattern's
// size, and safe across collections). Undo goes back to that state and puts the state it left
// on the redo list; a new change clears the redo list. Steps and `goto` are entries like edits
// (as in Golly; seed 000 clears the history when playing, we do not: nothing a user did is
// unrecoverable). Going back in time (`goto` to an earlier generation) searches this same
// history, newest first, for a state at or before the target on the current line of changes,
// so edits made after that state are undone with it and edits before it are kept.

import HashlifeEngine

/// One entry of the history: a change, the state to return to, and where the change left the
/// universe.
public struct HistoryEntry {
    /// What the change was, in one line ("step 8", "set 3 4 1", "paste at 10,10 (or)").
    public let description: String
    /// Is it a step or goto (true) or an edit (false)?
    public let isStep: Bool
    /// Generation and population after the change.
    public let generation: BigUInt
    public let population: BigUInt
    /// For an undo entry the state before the change; for a redo entry the state after it.
    let state: UniverseState
    /// The number of `state` in this session (see `Session.currentStateNumber`): equal numbers
    /// are equal states, so a store can write each state once.
    public let stateNumber: Int
}

extension Session {
    /// Entries that `undo` can take back, oldest first (at most `historyLimit`).
    public var undoHistory: [HistoryEntry] { undoEntries }
    /// Entries that `redo` can apply again, next one first.
    public var redoHistory: [HistoryEntry] { redoEntries.reversed() }

    /// Makes `change` one history entry described by `description`: the state before it is
    /// kept for undo and the redo list is cleared. A change that leaves the cells, generation
    /// and rule as they were records nothing. A change that throws after changing the universe
    /// (a cancelled step stops at a consistent generation) is recorded too, then rethrown.
    /// `landing` is the number of the state the change lands on when it is a kept one (a
    /// snapshot restored); otherwise the new state gets a new number.
    func record<E: Error>(_ description: String, isStep: Bool = false, landing: Int? = nil, _ change: () throws(E) -> Void) throws(E) {
        let before = live.saveState()
        let beforeNumber = currentStateNumber
        let beforeKey = live.cellSetKey
        var failure: E? = nil
        do { try change() } catch { failure = error }
        let changed = live.cellSetKey != beforeKey || live.generation != before.generation || live.rule != before.rule
        if changed {
            undoEntries.append(HistoryEntry(description: description, isStep: isStep, generation: live.generation,
                                            population: live.population, state: before, stateNumber: beforeNumber))
            currentStateNumber = landing ?? newStateNumber()
            redoEntries.removeAll()
            if undoEntries.count > historyLimit { dropOldest(undoEntries.count - historyLimit) }
        }
        if let failure { throw failure }
    }

    /// Takes back the last `count` changes (fewer when the history holds fewer); returns the
    /// entries undone, newest first.
    /// - Throws: "history" when there is nothing to undo.
    @discardableResult
    public func undo(_ count: Int = 1) throws(SessionError) -> [HistoryEntry] {
        guard !undoEntries.isEmpty else { throw SessionError(code: "history", message: "nothing to undo") }
        return travel(count, from: &undoEntries, to: &redoEntries)
    }

    /// Applies again the last `count` changes undone (fewer when fewer were undone); returns
    /// the entries redone, oldest first.
    /// - Throws: "history" when there is nothing to redo.
    @discardableResult
    public func redo(_ count: Int = 1) throws(SessionError) -> [HistoryEntry] {
        guard !redoEntries.isEmpty else { throw SessionError(code: "history", message: "nothing to redo") }
        return travel(count, from: &redoEntries, to: &undoEntries)
    }

    /// Moves up to `count` entries from the end of `source` to the end of `destination`: each
    /// restores its state, and the entry put on `destination` keeps the state it left (so the
    /// move can be made back). Returns the entries moved, in the order they were applied.
    private func travel(_ count: Int, from source: inout [HistoryEntry], to destination: inout [HistoryEntry]) -> [HistoryEntry] {
        var moved: [HistoryEntry] = []
        for _ in 0..<min(count, source.count) {
            let entry = source.removeLast()
            destination.append(HistoryEntry(description: entry.description, isStep: entry.isStep, generation: entry.generation,
                                            population: entry.population, state: live.saveState(), stateNumber: currentStateNumber))
            live.restore(entry.state)
            currentStateNumber = entry.stateNumber
            moved.append(entry)
        }
        return moved
    }

    /// Frees memory for a step that did not fit: the redo list first, then the older half of
    /// the undo history; never the newest undo entry (the state the running change started
    /// from). Returns false when there is nothing left to drop.
    func dropHistoryForMemory() -> Bool {
        if !redoEntries.isEmpty {
            redoEntries.removeAll()
            return true
        }
        guard undoEntries.count > 1 else { return false }
        dropOldest(undoEntries.count / 2)
        return true
    }

    /// Forgets the `count` oldest undo entries. Once an edit is forgotten, re-running from the
    /// loaded pattern no longer reproduces the history, so `goto` stops using it.
    private func dropOldest(_ count: Int) {
        if undoEntries.prefix(count).contains(where: { !$0.isStep }) { start = nil }
        undoEntries.removeFirst(count)
    }

    /// The newest state at or before `generation` on the current line of changes: the undo
    /// history searched newest first, else the loaded pattern when the history still leads
    /// back to it.
    func keptState(atOrBefore generation: BigUInt) -> UniverseState? {
        if let entry = undoEntries.last(where: { $0.state.generation <= generation }) { return entry.state }
        if let start, start.generation <= generation { return start }
        return nil
    }
}
