// Undo and redo: one history for edits and steps.
//
// Every change to the universe goes through `Session.record`, which keeps the state before it
// (a `KeptState` of any family: a pinned root, so O(1) to keep and to restore whatever the pattern's
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
    /// Where `state`'s run started: what `reset` returns to once `state` is current again.
    let runStart: RunStart
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
    ///
    /// An edit (not `isStep`) starts a run at the state it makes; a step stays in the run it
    /// started from, or joins `run` when it starts from a kept state (`goto` going back).
    func record<E: Error>(_ description: String, isStep: Bool = false, landing: Int? = nil, group: HistoryGroup? = nil,
                          run: RunStart? = nil, _ change: () throws(E) -> Void) throws(E) {
        let before = saveKept()
        let beforeNumber = currentStateNumber
        let beforeRun = runStart
        let beforePrint = fingerprint
        var failure: E? = nil
        do { try change() } catch { failure = error }
        let changed = fingerprint != beforePrint
        if changed {
            let (generation, population) = (universe.generation, universe.population)
            if let group, let open = openGroup, open.group == group, open.stateNumber == beforeNumber,
               let last = undoEntries.last, last.group == group, redoEntries.isEmpty {
                // The group grows: its entry keeps the state before the group's first change.
                undoEntries[undoEntries.count - 1] = HistoryEntry(
                    description: description, isStep: last.isStep, group: group, generation: generation,
                    population: population, state: last.state, stateNumber: last.stateNumber, runStart: last.runStart)
            } else {
                undoEntries.append(HistoryEntry(description: description, isStep: isStep, group: group, generation: generation,
                                                population: population, state: before, stateNumber: beforeNumber, runStart: beforeRun))
            }
            currentStateNumber = landing ?? newStateNumber()
            if !isStep {
                runStart = RunStart(state: saveKept(), number: currentStateNumber, rule: rule, origin: "after \(description)")
            } else if let run {
                runStart = run
            }
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
                                            population: entry.population, state: saveKept(), stateNumber: currentStateNumber,
                                            runStart: runStart))
            restoreKept(entry.state)
            currentStateNumber = entry.stateNumber
            runStart = entry.runStart
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

    /// The newest state at or before `generation` on the current line of changes, with where
    /// its run started: the undo history searched newest first, else the loaded pattern when
    /// the history still leads back to it.
    func keptState(atOrBefore generation: BigUInt) -> (state: KeptState, run: RunStart)? {
        if let entry = undoEntries.last(where: { $0.state.generation <= generation }) { return (entry.state, entry.runStart) }
        if let start, start.state.generation <= generation { return (start.state, start) }
        return nil
    }
}

/// Changes recorded as one history entry (`Session.beginGroup`).
public struct HistoryGroup: Hashable, Sendable {
    let id: Int
}

// MARK: - The reset point
//
// Every state belongs to a run: the steps taken from the last load, edit, rule change or
// restored snapshot before it. That state is the run's start, where `reset` returns. Steps and
// `goto` forward stay in the run; `goto` back joins the run of the kept state it starts from;
// undo and redo bring back the run of the state they restore.

/// The state a run started from, with its number and rule, and how it came about.
struct RunStart {
    let state: KeptState
    let number: Int
    let rule: AnyRule
    /// "as loaded", or "after " and the description of the change that made the state.
    let origin: String
}

/// Where `Session.reset` returns: the start of the current state's run.
public struct ResetPoint: Equatable, Sendable {
    public let generation: BigUInt
    public let rule: AnyRule
    /// How that state came about: "as loaded", or "after " and the change's description
    /// ("after rule B36/S23", "after restore snapshot s1").
    public let origin: String
    /// Is the universe at that state now?
    public let isCurrent: Bool
}

extension Session {
    /// Where `reset` returns: the last load, edit, rule change or restored snapshot from which
    /// the current state was stepped (the current state itself when it is one of those).
    public var resetPoint: ResetPoint {
        ResetPoint(generation: runStart.state.generation, rule: runStart.rule, origin: runStart.origin,
                   isCurrent: runStart.number == currentStateNumber)
    }

    /// Returns to the start of the current state's run (`resetPoint`), as one history entry
    /// (undo comes back). Returns false, and records nothing, when the universe is already there.
    @discardableResult
    public func reset() -> Bool {
        let run = runStart
        guard run.number != currentStateNumber else { return false }
        let before = currentStateNumber
        record("reset to generation \(Excerpt.number(run.state.generation))", isStep: true, landing: run.number) { restoreKept(run.state) }
        return currentStateNumber != before
    }
}
