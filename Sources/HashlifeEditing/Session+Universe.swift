// Session+Universe.swift — the session's one universe, of whatever family its rule says.
//
// A load or a rule of another family gives the session a new universe (`AnyRule.holding`
// moves the cells); kept states (undo and redo entries, snapshots, the reset point) each carry
// the universe that kept them, so undo crosses a change of family both ways.

import HashlifeEngine
import HashlifeFormats
import HashlifeInterface

/// A kept state of the session's universe (pinned: O(1) to keep and restore).
typealias KeptState = KeptUniverseState

/// What `record` compares to tell whether a change changed anything: the universe, its
/// cells, the generation and the rule.
struct StateFingerprint: Equatable {
    let universe: ObjectIdentifier
    let cells: CellSetKey
    let generation: BigUInt
    let rule: AnyRule
}

extension Session {
    // MARK: Reading

    /// The current rule.
    public var rule: AnyRule { universe.anyRule }

    /// The state of the cell at (`x`, `y`).
    public func state(x: BigInt, y: BigInt) -> UInt8 { universe.state(atX: x, y: y) }

    // MARK: Kept states

    /// The current state.
    func saveKept() -> KeptState { universe.keep() }

    /// Makes `state` current, in the universe that kept it (with the session's memory limit
    /// and threads).
    func restoreKept(_ state: KeptState) {
        if state.universe !== universe { adopt(state.universe) }
        universe.restore(state)
    }

    /// Makes `other` the current universe, with the session's memory limit and threads, and
    /// the clipboard as it keeps clips.
    func adopt(_ other: any LifeUniverse) {
        if other.memoryLimit != memoryLimit { other.setMemoryLimit(memoryLimit) }
        other.threads = threads
        universe = other
        clipboard = clipboard.map { other.adopting($0) }
    }

    /// The identity of the current state (see `StateFingerprint`).
    var fingerprint: StateFingerprint {
        StateFingerprint(universe: ObjectIdentifier(universe), cells: universe.cellSetKey, generation: universe.generation, rule: rule)
    }

    // MARK: Rules

    /// Changes the rule; the cells stay. One history entry. A rule of another family moves the
    /// cells to a universe of that family. A rule with fewer states is refused while a cell is
    /// in a state it lacks.
    /// - Throws: "rule" when a cell is in a state the new rule lacks, or the pattern is too
    ///   large to move cell by cell; nothing changes then.
    public func setRule(_ rule: AnyRule) throws(SessionError) {
        try record("rule \(rule)") { () throws(SessionError) in try convert(to: rule) }
    }

    /// Puts the current cells under `rule` (see `setRule`).
    func convert(to rule: AnyRule) throws(SessionError) {
        let converted: any LifeUniverse
        do { converted = try rule.holding(universe) } catch { throw SessionError(.rule, error.description) }
        if converted !== universe { adopt(converted) }
    }

    // MARK: Cells

    /// Puts the cell at (`x`, `y`) in `state`; one history entry (cells set in `group`, a
    /// painted stroke, make one entry together).
    /// - Throws: "argument" when `state` is not below the rule's state count.
    public func setState(_ state: UInt8, x: BigInt, y: BigInt, group: HistoryGroup? = nil) throws(SessionError) {
        let count = universe.stateCount
        guard Int(state) < count else {
            throw SessionError(.argument, "state \(state) is out of range: rule \(rule) has states 0 to \(count - 1)")
        }
        guard universe.state(atX: x, y: y) != state else { return }
        var description = "cell (\(x), \(y)) " + (state == 0 ? "killed" : state == 1 ? "born" : "set to state \(state)")
        if let group, continuing(group) != nil {
            strokeCells += 1
            description = "\(state == 0 ? "erased" : "drew") \(strokeCells + 1) cells"
        } else {
            strokeCells = 0
        }
        record(description, group: group) { universe.setState(state, atX: x, y: y) }
    }
}
