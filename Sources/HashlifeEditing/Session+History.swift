// Undo and redo: one history for edits and steps.
//
// Every change to the universe goes through `Session.record`, which keeps the state before it
// (a `KeptState` of either kind: a pinned root, so O(1) to keep and to restore whatever the pattern's
// size, and safe across collections). Undo goes back to that state and puts the state it left
// on the redo list; a new change clears the redo list. Steps and `goto` are entries like edits
// (as in Golly: playing does not clear the history, so nothing a user did is
// unrecoverable). Going back in time (`goto` to an earlier generation) searches this same
// history, newest first, for a state at or before the target on the current line of changes,
// so edits made after that state are undone with it and edits before it are kept.

import HashlifeEngine
import HashlifeInterface

/// One entry of the history: a change, the state to return to, and where the change left the
/// universe.
public struct HistoryEntry {
    /// What the change was, in one line ("step 8", "set 3 4 1", "paste at 10,10 (or)").
    public let description: String
    /// Is it a step or goto (true) or an edit (false)?
    public let isStep: Bool
    /// The group the entry stands for (a play run, a painted stroke), when it may still grow.
    let group: HistoryGroup?
    /// Generation and population after the change.
    public let generation: BigUInt
    public let population: BigUInt
    /// For an undo entry the state before the change; for a redo entry the state after it.
    let state: KeptState
    /// The number of `state` in this `Session` (see `Session.currentStateNumber`): equal numbers
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
    /// snapshot restored); otherwise the new state gets a new number. A change in `group` that
    /// directly follows the group's last change (nothing recorded, undone or restored between)
    /// joins that change's entry instead of making one: the entry then takes `description`
    /// and the new generation and population, and still returns to the state before the
    /// group's first change.
    func record<E: Error>(_ description: String, isStep: Bool = false, landing: Int? = nil, group: HistoryGroup? = nil,
                          _ change: () throws(E) -> Void) throws(E) {
        let before = saveKept()
        let beforeNumber = currentStateNumber
        let beforePrint = fingerprint
        var failure: E? = nil
        do { try change() } catch { failure = error }
        let changed = fingerprint != beforePrint
        if changed {
            let (generation, population) = (plane.generation, plane.population)
            if let group, let open = openGroup, open.group == group, open.stateNumber == beforeNumber,
               let last = undoEntries.last, last.group == group, redoEntries.isEmpty {
                // The group grows: its entry keeps the state before the group's first change.
                undoEntries[undoEntries.count - 1] = HistoryEntry(
                    description: description, isStep: last.isStep, group: group, generation: generation,
                    population: population, state: last.state, stateNumber: last.stateNumber)
            } else {
                undoEntries.append(HistoryEntry(description: description, isStep: isStep, group: group, generation: generation,
                                                population: population, state: before, stateNumber: beforeNumber))
            }
            currentStateNumber = landing ?? newStateNumber()
            openGroup = group.map { (group: $0, stateNumber: currentStateNumber) }
            redoEntries.removeAll()
            if undoEntries.count > historyLimit { dropOldest(undoEntries.count - historyLimit) }
        }
        if let failure { throw failure }
    }

    /// A new group of changes to record as one history entry (see `record`): a play run, a
    /// stroke of painted cells. A group stays open until something else is recorded, undone
    /// or restored.
    public func beginGroup() -> HistoryGroup {
        lastGroup += 1
        return HistoryGroup(id: lastGroup)
    }

    /// Takes back the last `count` changes (fewer when the history holds fewer); returns the
    /// entries undone, newest first.
    /// - Throws: "history" when there is nothing to undo.
    @discardableResult
    public func undo(_ count: Int = 1) throws(SessionError) -> [HistoryEntry] {
        guard !undoEntries.isEmpty else { throw SessionError(.history, "nothing to undo") }
        return travel(count, from: &undoEntries, to: &redoEntries)
    }

    /// Applies again the last `count` changes undone (fewer when fewer were undone); returns
    /// the entries redone, oldest first.
    /// - Throws: "history" when there is nothing to redo.
    @discardableResult
    public func redo(_ count: Int = 1) throws(SessionError) -> [HistoryEntry] {
        guard !redoEntries.isEmpty else { throw SessionError(.history, "nothing to redo") }
        return travel(count, from: &redoEntries, to: &undoEntries)
    }

    /// Moves up to `count` entries from the end of `source` to the end of `destination`: each
    /// restores its state, and the entry put on `destination` keeps the state it left (so the
    /// move can be made back). Returns the entries moved, in the order they were applied.
    private func travel(_ count: Int, from source: inout [HistoryEntry], to destination: inout [HistoryEntry]) -> [HistoryEntry] {
        var moved: [HistoryEntry] = []
        openGroup = nil
        for _ in 0..<min(count, source.count) {
            let entry = source.removeLast()
            destination.append(HistoryEntry(description: entry.description, isStep: entry.isStep, group: nil, generation: entry.generation,
                                            population: entry.population, state: saveKept(), stateNumber: currentStateNumber))
            restoreKept(entry.state)
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
    func keptState(atOrBefore generation: BigUInt) -> KeptState? {
        if let entry = undoEntries.last(where: { $0.state.generation <= generation }) { return entry.state }
        if let start, start.generation <= generation { return start }
        return nil
    }
}

/// Changes recorded as one history entry (`Session.beginGroup`).
public struct HistoryGroup: Hashable, Sendable {
    let id: Int
}

// MARK: - The reset point

extension Session {
    /// Marks the current state as the one `reset` returns to (where a play run or a series of
    /// steps started). The mark keeps the state whatever the history drops for memory or for
    /// its limit; an edit should clear it (`clearResetPoint`), since resetting would undo the
    /// edit.
    public func markResetPoint() {
        resetPoint = (saveKept(), currentStateNumber)
    }

    /// Forgets the reset point.
    public func clearResetPoint() { resetPoint = nil }

    /// The generation `reset` returns to, if a reset point is marked.
    public var resetGeneration: BigUInt? { resetPoint?.state.generation }

    /// Returns to the reset point, as one history entry (undo comes back). Returns false, and
    /// records nothing, when there is no reset point or the universe is already there.
    @discardableResult
    public func reset() -> Bool {
        guard let (state, number) = resetPoint, number != currentStateNumber else { return false }
        let before = currentStateNumber
        record("reset to generation \(Excerpt.number(state.generation))", isStep: true, landing: number) { restoreKept(state) }
        return currentStateNumber != before
    }
}
