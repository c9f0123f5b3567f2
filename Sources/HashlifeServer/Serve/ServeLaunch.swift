// Starting `hashlife serve`: the board (a new one from FILE, the board --board names, or a new
// empty one), the store ($HASHLIFE_STORE, else $XDG_DATA_HOME/hashlife/boards.sqlite), the
// settings file, the token, and the server on its port.

import HashlifeBoards
import HashlifeCommands
import HashlifeEditing
import HashlifeEngine
import HashlifeFormats
import HashlifeInterface

/// What `hashlife serve` was asked for.
public struct ServeLaunch: Sendable {
    public var file: String?
    public var rule: AnyRule?
    public var board: String?
    /// The port asked for; nil: 8765 or the next free one.
    public var port: Int?
    public var host: String
    public var memoryLimit: Int
    public var threads: Int
    public var environment: [String: String]
    public var limits = HTTPLimits()
    /// Pages start with the rows sheared into a hexagonal grid (`--hex`).
    public var hexagonal = false

    public static let defaultPort = 8765

    public init(file: String? = nil, rule: AnyRule? = nil, board: String? = nil, port: Int? = nil, host: String = "127.0.0.1",
                memoryLimit: Int = MemoryLimit.defaultBytes, threads: Int = 1, environment: [String: String]) {
        self.file = file
        self.rule = rule
        self.board = board
        self.port = port
        self.host = host
        self.memoryLimit = memoryLimit
        self.threads = threads
        self.environment = environment
    }

    public var settingsPath: String? { DataFolders.config(environment).map { $0 + "/settings.json" } }
    public var storePath: String? {
        if let store = environment["HASHLIFE_STORE"], !store.isEmpty { return store }
        return DataFolders.data(environment).map { $0 + "/boards.sqlite" }
    }

    /// Opens the board and starts the server; `token` is fresh unless given (tests).
    public func start(token: String = AccessPolicy.randomToken()) throws(ServerError) -> RunningServe {
        var service: BoardService? = nil
        var notes: [String] = []
        if let storePath {
            do throws(BoardError) {
                if let slash = storePath.lastIndex(of: "/") { try? DataFolders.makeFolders(String(storePath[..<slash])) }
                service = BoardService(repository: try SQLiteBoardRepository(path: storePath), memoryLimit: memoryLimit, threads: threads)
            } catch {
                if board != nil { throw ServerError("cannot open board \(Excerpt.quote(board!)): \(error.description)") }
                notes.append("boards are not saved: \(error.description)")
            }
        }
        let session = Session(memoryLimit: memoryLimit, threads: threads)
        var name = "untitled"
        var boardID: BoardID? = nil
        let archive = BoardSessionArchive()
        if let file {
            do { try session.load(path: file, rule: rule) } catch { throw ServerError(error.message) }
            notes += session.loadWarnings.map(\.description)
            name = session.patternName ?? ServeLaunch.baseName(file)
        } else if let board, let service {
            let found: Board, pattern: LoadedPattern
            do throws(BoardError) {
                found = try service.board(board)
                pattern = try service.pattern(of: found)
            } catch {
                throw ServerError(error.description)
            }
            do { try session.load(pattern, label: found.name) } catch { throw ServerError(error.message) }
            name = found.name
            boardID = found.id
            if let note = archive.restore(board: found.id, service: service, into: session) { notes.append(note) }
            if let rule, rule != session.rule { do { try session.setRule(rule) } catch { throw ServerError(error.message) } }
        } else if let rule {
            do throws(SessionError) { try session.load(document: PatternDocument(cells: []), rule: rule, label: "rule") } catch {
                throw ServerError(error.message)
            }
        }
        let shapes = ShapeLibrary(folder: DataFolders.data(environment).map { $0 + "/shapes" })
        let hub = ServeHub(session: session, name: name, boardID: boardID, service: service, shapes: shapes,
                           memoryLimit: memoryLimit, threads: threads, archive: archive)
        hub.hexagonal = hexagonal
        let loopback = AccessPolicy.isLoopback(host)
        let app = ServeApp(hub: hub, settings: ServeSettings(path: settingsPath),
                           policy: AccessPolicy(token: token, port: 0, boundHost: host))
        let server = HTTPServer(host: host, limits: limits) { request in app.handle(request) }
        let addresses = loopback ? [] : AccessPolicy.interfaceAddresses()
        try server.start(port: port ?? ServeLaunch.defaultPort, searching: port == nil) { bound in
            app.policy = AccessPolicy(token: token, port: bound, boundHost: host, interfaceAddresses: addresses)
        }
        // A board from a file is saved at once; an empty one when it is first changed.
        if file != nil { hub.main.lock.withLock { hub.main.dirty = true } }
        hub.saveAll()
        hub.startSaving()
        let shownHost = host.contains(":") ? "[\(host)]" : (host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host)
        let url = "http://\(shownHost):\(server.port)/?token=\(token)"
        if !loopback {
            notes.append("listening on \(host), reachable from other machines: the token in the URL is the only guard; share it with care")
        }
        return RunningServe(server: server, app: app, url: url, notes: notes)
    }

    static func baseName(_ path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".gz", ".rle", ".mc", ".cells", ".lif", ".life"] where name.lowercased().hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
        }
        return name.isEmpty ? "untitled" : name
    }
}

/// A started server: its URL (with the token), and how to stop it.
public final class RunningServe: Sendable {
    public let server: HTTPServer
    public let app: ServeApp
    /// `http://HOST:PORT/?token=…`.
    public let url: String
    /// Warnings for standard error (a file loaded with warnings, a store that could not open,
    /// a non-loopback address).
    public let notes: [String]

    init(server: HTTPServer, app: ServeApp, url: String, notes: [String]) {
        self.server = server
        self.app = app
        self.url = url
        self.notes = notes
    }

    public var port: Int { server.port }
    public var token: String { app.policy.token }

    /// Stops accepting, stops playing, saves every changed board.
    public func stop() {
        server.stop()
        app.hub.stop()
    }
}
