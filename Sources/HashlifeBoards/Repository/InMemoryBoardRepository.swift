/// Boards in memory, for tests and for programs that want the service without a file. Same
/// contract as the SQLite store, minus persistence.
public final class InMemoryBoardRepository: BoardRepository {
    private var boards: [BoardID: Board] = [:]
    private var order: [BoardID] = []
    private var samples: [BoardID: [PopulationSample]] = [:]
    private var sessions: [BoardID: BoardSession] = [:]

    public init() {}

    public func insert(_ board: Board, history: [PopulationSample], session: BoardSessionChange) throws(BoardError) {
        precondition(boards[board.id] == nil, "duplicate board id \(board.id)")
        let saved = try changed(nil, by: session, of: board.id)
        boards[board.id] = board
        order.append(board.id)
        samples[board.id] = history
        sessions[board.id] = saved
    }

    public func update(_ board: Board, appending history: [PopulationSample], session: BoardSessionChange) throws(BoardError) {
        guard boards[board.id] != nil else { throw .notFound(board.id.text) }
        let saved = try changed(sessions[board.id], by: session, of: board.id)
        boards[board.id] = board
        samples[board.id, default: []] += history
        sessions[board.id] = saved
    }

    public func session(_ id: BoardID) throws(BoardError) -> BoardSession? { sessions[id] }

    /// `current` changed by `change`, as the SQLite store does it.
    private func changed(_ current: BoardSession?, by change: BoardSessionChange, of id: BoardID) throws(BoardError) -> BoardSession? {
        switch change {
        case .keep: return current
        case .clear: return nil
        case .write(let entries, let newStates):
            let all = (current?.states ?? [:]).merging(newStates) { $1 }
            guard entries.allSatisfy({ all[$0.state] != nil }) else { throw .sessionStale(id) }
            let named = Set(entries.map(\.state))
            return entries.isEmpty ? nil : BoardSession(entries: entries, states: all.filter { named.contains($0.key) })
        }
    }

    public func board(_ id: BoardID) throws(BoardError) -> Board? { boards[id] }

    public func summaries() throws(BoardError) -> [BoardSummary] { order.compactMap { boards[$0]?.summary } }

    public func ids(withPrefix prefix: String, limit: Int) throws(BoardError) -> [BoardID] {
        Array(order.filter { $0.text.hasPrefix(prefix) }.sorted().prefix(limit))
    }

    public func rename(_ id: BoardID, to name: String, updated: Int64) throws(BoardError) {
        guard boards[id] != nil else { throw .notFound(id.text) }
        boards[id]!.name = name
        boards[id]!.updated = updated
    }

    public func delete(_ id: BoardID) throws(BoardError) {
        guard boards.removeValue(forKey: id) != nil else { throw .notFound(id.text) }
        order.removeAll { $0 == id }
        samples[id] = nil
        sessions[id] = nil
    }

    public func history(_ id: BoardID) throws(BoardError) -> [PopulationSample] { samples[id] ?? [] }
}
