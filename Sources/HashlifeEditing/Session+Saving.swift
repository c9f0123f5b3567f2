// Keeping the history and the snapshots beyond the process (`hashlife play` reopens the
// last board with its history as far as it was saved).
//
// The session does not write anything itself: it describes what it keeps as an outline (undo
// entries, redo entries, snapshots, each naming its state by number, see
// `Session.currentStateNumber`), lets a store read each state once (`withKeptState`), and takes
// an outline back with the states a store read (`restoreHistory`). States are immutable and
// numbered, so a store that remembers which numbers it wrote only writes the new ones.

import HashlifeEngine
import HashlifeInterface
import HashlifeFormats

/// The history and snapshots of a session as plain data: the entries and snapshots in order,
/// each naming its state by a `State` (the session's state numbers when saving, a store's keys
/// when restoring). The current state is not part of it: it is the universe itself.
public struct HistoryOutline<State: Hashable>: Equatable {
    /// An undo or redo entry: the change's one-line description, whether it was a step, and the
    /// state it returns to (the state before the change for undo, after it for redo).
    public struct Entry: Equatable {
        public var description: String
        public var isStep: Bool
        public var state: State
        public init(description: String, isStep: Bool, state: State) {
            self.description = description
            self.isStep = isStep
            self.state = state
        }
    }

    /// A snapshot: its name and state.
    public struct Mark: Equatable {
        public var name: String
        public var state: State
        public init(name: String, state: State) {
            self.name = name
            self.state = state
        }
    }

    /// Undo entries, oldest first (the last is undone first).
    public var undo: [Entry]
    /// Redo entries, next to redo first.
    public var redo: [Entry]
    /// Snapshots, in the order saved.
    public var snapshots: [Mark]

    public init(undo: [Entry] = [], redo: [Entry] = [], snapshots: [Mark] = []) {
        self.undo = undo
        self.redo = redo
        self.snapshots = snapshots
    }

    /// True when there is no entry and no snapshot.
    public var isEmpty: Bool { undo.isEmpty && redo.isEmpty && snapshots.isEmpty }

    /// Every state named, each once, in order of first mention (undo, redo, snapshots).
    public var states: [State] {
        var seen = Set<State>()
        return (undo.map(\.state) + redo.map(\.state) + snapshots.map(\.state)).filter { seen.insert($0).inserted }
    }
}

extension Session {
    /// The outline of the history: the newest `undoLimit` undo entries, the next `redoLimit`
    /// redo entries and every snapshot, states named by their numbers. The undo entries kept
    /// are the newest ones, so undoing from the current state walks them in order.
    public func historyOutline(undoLimit: Int = .max, redoLimit: Int = .max) -> HistoryOutline<Int> {
        HistoryOutline(
            undo: undoEntries.suffix(max(undoLimit, 0)).map { .init(description: $0.description, isStep: $0.isStep, state: $0.stateNumber) },
            redo: redoEntries.reversed().prefix(max(redoLimit, 0)).map { .init(description: $0.description, isStep: $0.isStep, state: $0.stateNumber) },
            snapshots: snapshotList.map { .init(name: $0.name, state: $0.stateNumber) })
    }

    /// Runs `body` with the universe showing the kept state numbered `number` (an undo or redo
    /// entry's, a snapshot's, or the current one), then puts the current state back: how a
    /// store reads a state to write it. O(1) both ways; nothing is recorded.
    /// - Returns: nil when the session keeps no state of that number.
    public func withKeptState<T>(_ number: Int, _ body: (any LifeUniverse) throws -> T) rethrows -> T? {
        if number == currentStateNumber { return try body(universe) }
        let state = undoEntries.last { $0.stateNumber == number }?.state
            ?? redoEntries.last { $0.stateNumber == number }?.state
            ?? snapshotList.first { $0.stateNumber == number }?.state
        guard let state else { return nil }
        return try withState(state, body)
    }

    /// Replaces the history and snapshots with `outline`, whose states are the patterns in
    /// `states` (each with its rule and generation, as a Macrocell file gives them). The
    /// universe's current state stays; the entries' generations and populations are those of
    /// the states themselves (an undo entry's are those of the next state, or of the current one
    /// for the newest), so nothing stored is trusted for them. Going back past the restored
    /// history is not possible (`goto` stops at its oldest state): the history before it was
    /// not saved. At most `historyLimit` undo entries are taken, the newest. Where each state's
    /// run started (`resetPoint`) is not saved either: a state a step led forward to, under the
    /// rule of the run before it, continues that run; any other starts its own.
    /// - Returns: the session's number for each state of the outline.
    /// - Throws: "history" when a state is missing, a rule cannot be read, or a snapshot name
    ///   is empty, repeated or holds control characters; the session is then as it was.
    @discardableResult
    public func restoreHistory<K: Hashable>(_ outline: HistoryOutline<K>, states: [K: LoadedPattern]) throws(SessionError) -> [K: Int] {
        var names = Set<String>()
        for mark in outline.snapshots {
            guard !mark.name.isEmpty, mark.name.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
                throw SessionError(.history, "snapshot name \(Excerpt.quote(mark.name)) is empty or holds control characters")
            }
            guard names.insert(mark.name).inserted else {
                throw SessionError(.history, "snapshot \(Excerpt.quote(mark.name)) is there twice")
            }
        }
        // States of the current universe's family load into it (sharing nodes); others into
        // one universe of their family each, kept alive by the states.
        let current = universe.keep()
        var universes: [any LifeUniverse] = [universe]
        var kept: [K: (state: KeptState, number: Int, generation: BigUInt, population: BigUInt, rule: AnyRule)] = [:]
        do throws(SessionError) {
            for key in outline.states {
                guard let pattern = states[key] else { throw SessionError(.history, "a state of the history is missing") }
                guard pattern.format == .macrocell else { throw SessionError(.history, "a state of the history is not a tree") }
                var target: (any LifeUniverse)? = nil
                do {
                    for candidate in universes where try pattern.replaceContents(of: candidate) {
                        target = candidate
                        break
                    }
                } catch {
                    throw SessionError(.history, "a state of the history has an unreadable rule: \(error.description)")
                }
                if target == nil {
                    do { target = try pattern.universe(memoryLimit: memoryLimit, threads: threads) } catch {
                        throw SessionError(.history, "a state of the history cannot be read: \(error.description)")
                    }
                    universes.append(target!)
                }
                let loaded = target!
                kept[key] = (loaded.keep(), newStateNumber(), loaded.generation, loaded.population, loaded.anyRule)
            }
        } catch {
            universe.restore(current)
            throw error
        }
        universe.restore(current)
        let undo = Array(outline.undo.suffix(historyLimit))
        // Runs are not saved: a state a step led to continues the run of the state before it
        // when it is past that run's start under the same rule, and starts a run of its own
        // otherwise.
        func continues(_ change: HistoryOutline<K>.Entry?, generation: BigUInt, rule: AnyRule, _ previous: RunStart?) -> Bool {
            guard let change, let previous else { return false }
            return change.isStep && generation > previous.state.generation && previous.rule == rule
        }
        func run(of key: K, after change: HistoryOutline<K>.Entry?, from previous: RunStart?) -> RunStart {
            let state = kept[key]!
            if continues(change, generation: state.generation, rule: state.rule, previous) { return previous! }
            return RunStart(state: state.state, number: state.number, rule: state.rule,
                            origin: change.map { "after \($0.description)" } ?? "as opened")
        }
        var undoRuns: [RunStart] = []
        for i in undo.indices { undoRuns.append(run(of: undo[i].state, after: i > 0 ? undo[i - 1] : nil, from: undoRuns.last)) }
        if continues(undo.last, generation: universe.generation, rule: rule, undoRuns.last) { runStart = undoRuns.last! }
        undoEntries = undo.indices.map { i in
            let state = kept[undo[i].state]!
            let after = i + 1 < undo.count ? kept[undo[i + 1].state]! : nil
            return HistoryEntry(description: undo[i].description, isStep: undo[i].isStep, group: nil,
                                generation: after?.generation ?? universe.generation, population: after?.population ?? universe.population,
                                state: state.state, stateNumber: state.number, runStart: undoRuns[i])
        }
        var redoRuns: [RunStart] = []
        for entry in outline.redo {
            let previous = redoRuns.last ?? runStart
            let state = kept[entry.state]!
            redoRuns.append(continues(entry, generation: state.generation, rule: state.rule, previous) ? previous
                : RunStart(state: state.state, number: state.number, rule: state.rule, origin: "after \(entry.description)"))
        }
        redoEntries = outline.redo.indices.reversed().map { i in
            let entry = outline.redo[i]
            let state = kept[entry.state]!
            return HistoryEntry(description: entry.description, isStep: entry.isStep, group: nil, generation: state.generation,
                                population: state.population, state: state.state, stateNumber: state.number, runStart: redoRuns[i])
        }
        snapshotList = outline.snapshots.map { mark in
            let state = kept[mark.state]!
            return Snapshot(name: mark.name, generation: state.generation, population: state.population, state: state.state, stateNumber: state.number)
        }
        // The loaded pattern no longer leads to the history (its start was not saved).
        if !undoEntries.isEmpty { start = nil }
        return kept.mapValues(\.number)
    }

    /// A number no state of this `Session` has had.
    func newStateNumber() -> Int {
        lastStateNumber += 1
        return lastStateNumber
    }
}
