/// Boards in memory, for tests and for programs that want the service without a file. Same
/// contract as the SQLite store, minus persistence.
public final class InMemoryBoardRepository: BoardRepository {
    private var boards: [BoardID: Board] = [:]
    private var order: [BoardID] = []
    private var samples: [BoardID: [PopulationSample]] = [:]

    public init() {}

    public func insert(_ board: Board, history: [PopulationSample]) throws(BoardError) {
        precondition(boards[board.id] == nil, "duplicate board id \(board.id)")
        boards[board.id] = board
        order.append(board.id)
        samples[board.id] = history
    }

    public func update(_ board: Board, appending history: [PopulationSample]) throws(BoardError) {
        guard boards[board.id] != nil else { throw .notFound(board.id.text) }
        boards[board.id] = board
        samples[board.id, default: []] += history
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
    }

    public func history(_ id: BoardID) throws(BoardError) -> [PopulationSample] { samples[id] ?? [] }
}
