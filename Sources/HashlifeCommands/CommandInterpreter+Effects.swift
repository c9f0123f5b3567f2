// What a command changed, reported beside its answer (`Answer.effects`, and
// `CommandError.effects` for a command that failed after changing something), so a host that
// shows the session (the app's `:` line) follows the change without reading command names.

/// What one command changed in the session and the stores around it. Each command's
/// implementation says what it changed. The universe's kinds (`universe`) are given only when
/// the session's current state is another one afterwards (`Session.currentStateNumber`), so a
/// command that changes nothing (setting a live cell alive, giving the rule it already has) says
/// nothing; at most one of them is given.
public struct CommandEffects: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The universe's cells, rule or grid were changed in place: `set`, `toggle`, `paste`,
    /// `cut`, `clear`, `rotate`, `flip`, `fill`, `stamp`, `rule R`, `grid …`.
    public static let edited = CommandEffects(rawValue: 1 << 0)
    /// The universe went to another generation by running the rule: `step`, `goto` (forward,
    /// or back through kept generations or by running again); a step stopped part way says so
    /// on its error.
    public static let evolved = CommandEffects(rawValue: 1 << 1)
    /// The universe went to another state of its history: `undo`, `redo`, `snapshot restore`.
    public static let historyMoved = CommandEffects(rawValue: 1 << 2)
    /// A new pattern replaced the universe, with a history of its own: `load`, `board open`.
    public static let loaded = CommandEffects(rawValue: 1 << 3)
    /// The snapshots: one saved (or replaced), renamed or deleted.
    public static let snapshots = CommandEffects(rawValue: 1 << 4)
    /// The board store: a board saved, renamed or deleted.
    public static let boards = CommandEffects(rawValue: 1 << 5)

    /// Any change of the universe: its current state is another one.
    public static let universe: CommandEffects = [.edited, .evolved, .historyMoved, .loaded]
}

extension CommandInterpreter {
    /// Runs `body`, a command that may change the universe in the way `kind` (one of
    /// `CommandEffects.universe`, or none) says, and adds `kind` to the effects of its answer
    /// when the session's current state is another one after it; or to those of its error,
    /// since a command can fail after changing the universe (a step stopped part way keeps the
    /// generations it reached).
    func changingUniverse(_ kind: CommandEffects, _ body: () throws(CommandError) -> Answer) throws(CommandError) -> Answer {
        let before = session.currentStateNumber
        do {
            var answer = try body()
            if session.currentStateNumber != before { answer.effects.insert(kind) }
            return answer
        } catch {
            var failure = error
            if session.currentStateNumber != before { failure.effects.insert(kind) }
            throw failure
        }
    }
}
