/// Where boards are kept, behind one abstraction. The service talks only to this;
/// `SQLiteBoardRepository` keeps boards in a file, `InMemoryBoardRepository` in memory (tests).
///
/// Contract for implementations: every method that writes is atomic (all of it or none of it,
/// even when the process dies half way), and a method that throws has changed nothing.
public protocol BoardRepository: AnyObject {
    /// Adds a new board with its first history sample (and a saved session, when `session`
    /// writes one).
    func insert(_ board: Board, history: [PopulationSample], session: BoardSessionChange) throws(BoardError)
    /// Replaces the board with the same id, appends `history` and changes its saved session as
    /// `session` says, together.
    /// - Throws: `.notFound` when the board is gone (deleted meanwhile); `.sessionStale` (see
    ///   `BoardSessionChange.write`).
    func update(_ board: Board, appending history: [PopulationSample], session: BoardSessionChange) throws(BoardError)
    /// The board's saved session (see `BoardSession`), or nil when it has none.
    func session(_ id: BoardID) throws(BoardError) -> BoardSession?
    /// The board with this id, or nil.
    func board(_ id: BoardID) throws(BoardError) -> Board?
    /// Every board, without its states, in order of creation.
    func summaries() throws(BoardError) -> [BoardSummary]
    /// The ids starting with `prefix` (lowercase hexadecimal and dashes), at most `limit`.
    func ids(withPrefix prefix: String, limit: Int) throws(BoardError) -> [BoardID]
    /// Renames a board. - Throws: `.notFound`.
    func rename(_ id: BoardID, to name: String, updated: Int64) throws(BoardError)
    /// Deletes a board and its history. - Throws: `.notFound`.
    func delete(_ id: BoardID) throws(BoardError)
    /// The board's population history, in order of generation.
    func history(_ id: BoardID) throws(BoardError) -> [PopulationSample]
}

extension BoardRepository {
    /// Adds a new board with its first history sample, without a saved session.
    public func insert(_ board: Board, history: [PopulationSample]) throws(BoardError) {
        try insert(board, history: history, session: .keep)
    }
}
