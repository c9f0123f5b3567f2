// Boards from the command language: `board save [NAME]`, `open ID`, `list`, `rename ID NAME`,
// `delete ID`, through `BoardService` on the same store as `hashlife board` ($HASHLIFE_STORE,
// else $XDG_DATA_HOME/hashlife/boards.sqlite), or the store a host gives (`boardService`).

import HashlifeBoards
import HashlifeEngine
import HashlifeFormats
import HashlifeInterface
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension CommandInterpreter {
    static let boardCommands: [InterpreterCommand] = [
        InterpreterCommand("board", changes: .loaded, usage: "board save [NAME] | open ID | list | rename ID NAME | delete ID",
                    "Save the universe as a new board (or update, and with NAME rename, the board it was opened from), open a board by id prefix, list the boards, rename one, or delete one.") { r, a throws(CommandError) in try r.board(a) },
    ]

    /// The board the current universe was opened from or saved to, with that universe's
    /// identity: loading another pattern replaces the universe and so ends the link.
    struct OpenedBoard {
        var id: BoardID
        weak var universe: AnyObject?
    }

    /// Uses the store at `path` instead of the default (tests).
    func useBoardStore(_ path: String) { boardStorePath = path }

    func board(_ a: [String]) throws(CommandError) -> Answer {
        guard let verb = a.first?.lowercased() else { throw .usage(command("board")) }
        let rest = Array(a.dropFirst())
        switch (verb, rest.count) {
        case ("save", 0...1): return try saveBoard(name: rest.first)
        case ("open", 1): return try openBoard(rest[0])
        case ("list", 0): return try listBoards()
        case ("rename", 2): return try renameBoard(rest[0], to: rest[1])
        case ("delete", 1): return try deleteBoard(rest[0])
        default: throw .usage(command("board"))
        }
    }

    private func renameBoard(_ prefix: String, to name: String) throws(CommandError) -> Answer {
        let service = try boardService()
        let board: Board
        do throws(BoardError) {
            try service.rename(prefix, to: name)
            board = try service.board(prefix)
        } catch {
            throw CommandError(error)
        }
        return Answer("renamed board \(board.id.short) to \(Excerpt.quote(board.name, limit: 60))", [
            .init("id", .string(board.id.text)), .init("name", .string(board.name)),
        ], effects: .boards)
    }

    private func deleteBoard(_ prefix: String) throws(CommandError) -> Answer {
        let service = try boardService()
        let board: Board
        do throws(BoardError) { board = try service.board(prefix) } catch { throw CommandError(error) }
        if let opened = openedBoard, opened.id == board.id, opened.universe === session.universe {
            throw CommandError(.board, "board \(board.id.short) is the one open here; open or load another first")
        }
        let id: BoardID
        do throws(BoardError) { id = try service.delete(board.id.text) } catch { throw CommandError(error) }
        return Answer("deleted board \(id.short)", [.init("id", .string(id.text))], effects: .boards)
    }

    /// Tells the language which board the universe is (the app's open board), so `board save`
    /// updates it and `board delete` refuses it.
    public func setOpenedBoard(_ id: BoardID?) {
        openedBoard = id.map { OpenedBoard(id: $0, universe: session.universe) }
    }

    /// The board the universe is (opened, saved or set with `setOpenedBoard`), while the
    /// session still holds that universe; nil otherwise.
    public var currentBoardID: BoardID? {
        guard let opened = openedBoard, opened.universe === session.universe else { return nil }
        return opened.id
    }

    private func boardService() throws(CommandError) -> BoardService {
        if let hosted = hostBoardService { return hosted }
        let path: String
        if let chosen = boardStorePath {
            path = chosen
        } else if let variable = getenv("HASHLIFE_STORE").map({ String(cString: $0) }), !variable.isEmpty {
            path = variable
        } else if let folder = DataFolders.data() {
            path = folder + "/boards.sqlite"
        } else {
            throw CommandError(.board, "cannot tell where to keep boards: neither $XDG_DATA_HOME nor $HOME is set (set HASHLIFE_STORE)")
        }
        do throws(BoardError) {
            return BoardService(repository: try SQLiteBoardRepository(path: path), memoryLimit: session.memoryLimit,
                                threads: session.threads, log: try BoardLog.fromEnvironment())
        } catch {
            throw CommandError(error)
        }
    }

    private func saveBoard(name: String?) throws(CommandError) -> Answer {
        let service = try boardService()
        let universe = session.universe
        let board: Board
        let created: Bool
        do throws(BoardError) {
            if let opened = openedBoard, opened.universe === universe {
                board = try boardArchive.save(session, to: opened.id, service: service, name: name)
                created = false
            } else {
                board = try boardArchive.create(session, name: name ?? session.metadata.name ?? "untitled", service: service)
                created = true
            }
        } catch {
            throw CommandError(error)
        }
        openedBoard = OpenedBoard(id: board.id, universe: universe)
        return Answer("\(created ? "saved new board" : "saved board") \(board.id) (\(Excerpt.quote(board.name, limit: 60))): generation \(board.generation), population \(board.population)", [
            .init("id", .string(board.id.text)), .init("name", .string(board.name)), .init("created", .bool(created)),
            .init("generation", .string(board.generation.description)), .init("population", .string(board.population.description)),
        ], effects: .boards)
    }

    private func openBoard(_ prefix: String) throws(CommandError) -> Answer {
        let service = try boardService()
        let board: Board
        let pattern: LoadedPattern
        do throws(BoardError) {
            board = try service.board(prefix)
            pattern = try service.pattern(of: board)
        } catch {
            throw CommandError(error)
        }
        let rule = try parseAnyRule(board.rule)
        do { try session.load(pattern, rule: rule, label: "board \(board.id.short)") } catch { throw CommandError(error) }
        openedBoard = OpenedBoard(id: board.id, universe: session.universe)
        let universe = session.universe
        return Answer("opened board \(board.id) (\(Excerpt.quote(board.name, limit: 60))): \(Plural.count(universe.population, "cell")), rule \(universe.anyRule), generation \(universe.generation)", [
            .init("id", .string(board.id.text)), .init("name", .string(board.name)), .init("rule", .string(universe.anyRule.description)),
            .init("generation", .string(universe.generation.description)), .init("population", .string(universe.population.description)),
        ])
    }

    private func listBoards() throws(CommandError) -> Answer {
        let service = try boardService()
        let boards: [BoardSummary]
        do throws(BoardError) { boards = try service.list() } catch { throw CommandError(error) }
        var lines: [String] = boards.isEmpty ? ["no boards"] : []
        var items: [JSONValue] = []
        for b in boards {
            // The shared thumbnail of the board's state (none when it cannot be loaded).
            let picture = (try? service.universe(of: service.board(b.id.text))).map { Self.thumbnail($0) } ?? []
            lines.append("\(b.id.short)  \(Excerpt.quote(b.name, limit: 40))  \(b.rule)  generation \(b.generation), population \(b.population)")
            lines += picture.map { "  " + $0 }
            items.append(.object([.init("id", .string(b.id.text)), .init("name", .string(b.name)), .init("rule", .string(b.rule)),
                                  .init("generation", .string(b.generation.description)), .init("population", .string(b.population.description)),
                                  .init("thumbnail", .array(picture.map { .string($0) }))]))
        }
        return Answer(lines: lines, fields: [.init("boards", .array(items))])
    }
}

extension CommandError {
    init(_ error: BoardError) { self.init(.board, error.description) }
}
