// Snapshots: named states saved for later, restored as an undoable change.

import HashlifeEngine
import HashlifeInterface

/// A saved state of a `Session`'s universe, by name. Its root is pinned (kept through
/// collections), so it costs the memory of the nodes only it reaches; restoring is O(1).
public struct Snapshot {
    public let name: String
    public let generation: BigUInt
    public let population: BigUInt
    let state: KeptState
    /// The number of `state` in this `Session` (see `HistoryEntry.stateNumber`).
    public let stateNumber: Int
}

extension Session {
    /// The saved snapshots, in the order they were saved.
    public var snapshots: [Snapshot] { snapshotList }

    /// Saves the current state as `name` (default "snapshot-N", the first N not taken),
    /// replacing a snapshot of that name. Returns the snapshot and whether it replaced one.
    /// - Throws: "argument" for an empty name or one with control characters.
    @discardableResult
    public func saveSnapshot(named name: String? = nil) throws(SessionError) -> (snapshot: Snapshot, replaced: Bool) {
        let chosen = name ?? (1...).lazy.map { "snapshot-\($0)" }.first { n in !snapshotList.contains { $0.name == n } }!
        guard !chosen.isEmpty, chosen.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            throw SessionError(.argument, "a snapshot name must be non-empty, without control characters")
        }
        let snapshot = Snapshot(name: chosen, generation: universe.generation, population: universe.population,
                                state: saveKept(), stateNumber: currentStateNumber)
        if let index = snapshotList.firstIndex(where: { $0.name == chosen }) {
            snapshotList[index] = snapshot
            return (snapshot, true)
        }
        snapshotList.append(snapshot)
        return (snapshot, false)
    }

    /// Makes the snapshot `name` the current state, as one history entry (so it can be undone).
    /// - Throws: "snapshot" when there is no snapshot of that name.
    @discardableResult
    public func restoreSnapshot(named name: String) throws(SessionError) -> Snapshot {
        let snapshot = try self.snapshot(named: name)
        record("restore snapshot \(name)", landing: snapshot.stateNumber) { restoreKept(snapshot.state) }
        return snapshot
    }

    /// Renames the snapshot `name` to `newName`.
    /// - Throws: "snapshot" when there is no snapshot `name`; "argument" for an empty name, one
    ///   with control characters, or one another snapshot has.
    public func renameSnapshot(named name: String, to newName: String) throws(SessionError) {
        guard let index = snapshotList.firstIndex(where: { $0.name == name }) else { throw noSnapshot(name) }
        guard !newName.isEmpty, newName.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            throw SessionError(.argument, "a snapshot name must be non-empty, without control characters")
        }
        guard newName == name || !snapshotList.contains(where: { $0.name == newName }) else {
            throw SessionError(.argument, "there is already a snapshot named \(Excerpt.quote(newName))")
        }
        let old = snapshotList[index]
        snapshotList[index] = Snapshot(name: newName, generation: old.generation, population: old.population, state: old.state,
                                       stateNumber: old.stateNumber)
    }

    /// Deletes the snapshot `name` (its nodes are freed by a later collection).
    /// - Throws: "snapshot" when there is no snapshot of that name.
    public func deleteSnapshot(named name: String) throws(SessionError) {
        guard let index = snapshotList.firstIndex(where: { $0.name == name }) else { throw noSnapshot(name) }
        snapshotList.remove(at: index)
    }

    /// The snapshot `name`.
    public func snapshot(named name: String) throws(SessionError) -> Snapshot {
        guard let found = snapshotList.first(where: { $0.name == name }) else { throw noSnapshot(name) }
        return found
    }

    /// Runs `body` with the universe showing `snapshot`'s state, then puts the current state
    /// back (for previews; O(1) both ways, nothing recorded).
    public func withState<T>(of snapshot: Snapshot, _ body: (any LifeUniverse) throws -> T) rethrows -> T {
        try withState(snapshot.state, body)
    }

    /// Runs `body` with the universe showing `state`, then puts the current state back.
    func withState<T>(_ state: KeptState, _ body: (any LifeUniverse) throws -> T) rethrows -> T {
        let current = saveKept()
        restoreKept(state)
        defer { restoreKept(current) }
        return try body(universe)
    }

    private func noSnapshot(_ name: String) -> SessionError {
        let known = snapshotList.isEmpty ? "there are none" : "known: " + snapshotList.map(\.name).joined(separator: ", ")
        return SessionError(.snapshot, "no snapshot named \(Excerpt.quote(name)) (\(known))")
    }
}
