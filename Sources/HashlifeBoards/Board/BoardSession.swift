/// What an editing session keeps beside a board (so that `hashlife play` reopens the last
/// session with its history): undo and redo entries and snapshots, each naming one of the
/// saved states by key. The board's own state is the current one; the session's states are
/// the ones undo, redo and the snapshots go back to.
///
/// States are stored once each (compressed Macrocell, with their generation and rule, as the
/// board's own state), so a writer that remembers which keys it wrote adds only the new ones;
/// the entries, a few dozen short rows, are replaced at each write. A session belongs to the
/// board's current state: any write of the board that does not carry the session (a `board
/// step`, a save from the REPL) drops it, since undo would no longer start where it was left.
public struct BoardSession: Equatable, Sendable {
    /// The entries: undo (oldest first), redo (next to redo first), snapshots (in the order
    /// saved), each kind in its order.
    public var entries: [BoardSessionEntry]
    /// The states the entries name, by key: compressed Macrocell.
    public var states: [String: [UInt8]]

    public init(entries: [BoardSessionEntry], states: [String: [UInt8]]) {
        self.entries = entries
        self.states = states
    }
}

/// One entry of a saved session.
public struct BoardSessionEntry: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case undo, redo, snapshot
    }

    public var kind: Kind
    /// The change's one-line description (undo, redo) or the snapshot's name.
    public var label: String
    /// The change was a step or goto (undo, redo); false for snapshots.
    public var isStep: Bool
    /// The key of its state in `BoardSession.states`.
    public var state: String

    public init(kind: Kind, label: String, isStep: Bool = false, state: String) {
        self.kind = kind
        self.label = label
        self.isStep = isStep
        self.state = state
    }
}

/// What a write of a board does to its saved session.
public enum BoardSessionChange: Equatable, Sendable {
    /// Leaves it as it is (the board's state does not change: a verdict, a rename).
    case keep
    /// Drops it (the board's state changed without it).
    case clear
    /// Replaces the entries with `entries` and adds `newStates` (key → compressed Macrocell);
    /// states no entry names any more are deleted. An entry may name a new state or one stored
    /// by an earlier write of this board's saved history.
    /// - Throws (from the write): `.sessionStale` when an entry names a key that is neither new
    ///   nor stored (another process replaced the session meanwhile); nothing is written then,
    ///   and the writer should write again with every state as new.
    case write(entries: [BoardSessionEntry], newStates: [String: [UInt8]])
}
