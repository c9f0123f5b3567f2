// The server's routes: the page and its assets from the embedded table, and the API under
// /api/, each request checked by the access policy first.
//
//   GET  /, /index.html, /app.js, /app.css   the page (embedded; never read from disk)
//   GET  /api/state                          the board's state (JSON)
//   GET  /api/events                         Server-Sent Events: `state` after each change
//   GET  /api/frame?x=&y=&columns=&rows=&level=[&factor=3]   a frame (Frame.swift), binary
//   POST /api/command                        one line of the command language (body), answered
//                                            as `repl --json` answers it
//   POST /api/play, /api/pause, /api/reset, /api/cancel; GET /api/progress (of a running command)
//   POST /api/step-size?k=K, /api/speed?value=N
//   POST /api/load?name=FILE                 a pattern file's bytes (any format, optionally .gz)
//   GET  /api/pattern?format=rle|mc          the pattern as a file, to download
//   GET  /api/shapes                         the shape library with each shape's cells
//   GET  /api/settings, POST /api/settings   the page's settings (JSON object; reset=1 for defaults)
// Every /api/ request may name a board with `board=ID` (else the board the server started with).

import HashlifeBoards
import HashlifeCommands
import HashlifeEditing
import HashlifeEngine
import HashlifeFormats
import HashlifeInterface

/// The page and the API over a hub of boards.
public final class ServeApp: @unchecked Sendable {
    public let hub: ServeHub
    public let settings: ServeSettings
    /// Set once, before the server accepts its first request (the port decides the cookie).
    public var policy: AccessPolicy
    /// Seconds between keep-alive comments on an idle event stream.
    public var heartbeatSeconds = 15.0
    /// The rule folders of the command that made the app (`--rules`, the environment): each
    /// request runs on a connection's own thread, which does not inherit them.
    public let ruleFolders = RuleFolders.current

    public init(hub: ServeHub, settings: ServeSettings, policy: AccessPolicy) {
        self.hub = hub
        self.settings = settings
        self.policy = policy
    }

    /// Answers one request: the policy first, then the route.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let streaming = request.path == "/api/events"
        switch policy.decide(request, streaming: streaming) {
        case .deny(let status, let message):
            return .error(status, message)
        case .allow(let setsCookie):
            var response = RuleFolders.$current.withValue(ruleFolders) { route(request) }
            response.headers.append(("Cache-Control", "no-store"))
            response.headers.append(("X-Content-Type-Options", "nosniff"))
            if setsCookie { response.headers.append(("Set-Cookie", policy.cookieHeader)) }
            return response
        }
    }

    func route(_ request: HTTPRequest) -> HTTPResponse {
        let path = request.path
        if !path.hasPrefix("/api/") {
            guard request.method == "GET" || request.method == "HEAD" else { return .error(405, "only GET here") }
            let name = path == "/" ? "index.html" : String(path.dropFirst())
            guard let asset = ServeApp.asset(name) else { return .error(404, "no such page") }
            var response = HTTPResponse(headers: [("Content-Type", asset.type)], body: Array(asset.text.utf8), compressible: true)
            if name == "index.html" {
                response.headers.append(("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; connect-src 'self'"))
                response.headers.append(("X-Frame-Options", "DENY"))
            }
            return response
        }
        let board: ServedBoard
        do { board = try hub.board(request.query["board"]) } catch { return .error(404, error.description) }
        switch (request.method, path) {
        case ("GET", "/api/state"):
            return .json(board.lock.withLock { board.stateJSON(full: true) })
        case ("GET", "/api/events"):
            return events(board)
        case ("GET", "/api/frame"):
            return frame(request, board)
        case ("POST", "/api/command"):
            guard let line = String(validating: request.body, as: UTF8.self), !line.contains("\n") else {
                return .error(400, "the body must be one line of UTF-8 text")
            }
            return .json(board.lock.withLock { board.execute(line) })
        case ("POST", "/api/play"):
            let autoStop = settings.current().first { $0.key == "autoStop" }?.value != .bool(false)
            hub.setPlaying(board, true, autoStop: autoStop)
            return .json(board.lock.withLock { board.stateJSON() })
        case ("POST", "/api/pause"):
            hub.setPlaying(board, false)
            return .json(board.lock.withLock { board.stateJSON() })
        case ("GET", "/api/progress"):
            let progress = board.running
            return .json(JSONValue.object([.init("ok", true), .init("running", .bool(progress.running)),
                                           .init("generation", progress.generation.map { .string($0.description) } ?? .null),
                                           .init("target", progress.target.map { .string($0.description) } ?? .null),
                                           .init("percent", progress.percent.map { .int($0) } ?? .null)]).encoded)
        case ("POST", "/api/cancel"):
            board.control.cancel()
            return .json("{\"ok\":true}")
        case ("POST", "/api/reset"):
            return .json(board.lock.withLock { () -> String in
                hub.setPlayingLocked(board, false)
                if board.session.reset() { board.changed() }
                return board.stateJSON()
            })
        case ("POST", "/api/step-size"):
            guard let k = request.query["k"].flatMap({ Int($0) }), (0...Universe.maximumStepExponent).contains(k) else {
                return .error(400, "k must be 0 to \(Universe.maximumStepExponent)")
            }
            return .json(board.lock.withLock { board.stepExponent = k; board.changed(); return board.stateJSON() })
        case ("POST", "/api/speed"):
            guard let value = request.query["value"].flatMap({ Double($0) }), value >= 1, value <= 1000 else {
                return .error(400, "value must be 1 to 1000 steps a second")
            }
            return .json(board.lock.withLock { board.speed = value; board.changed(); return board.stateJSON() })
        case ("POST", "/api/load"):
            return load(request, board)
        case ("GET", "/api/pattern"):
            return download(request, board)
        case ("GET", "/api/shapes"):
            return shapes()
        case ("GET", "/api/settings"):
            return .json(JSONValue.object([.init("ok", true), .init("settings", .object(settings.current()))]).encoded)
        case ("POST", "/api/settings"):
            let changes: [JSONValue.Field]
            if request.body.isEmpty {
                changes = []
            } else {
                guard case .object(let fields)? = try? JSONValue.parse(String(decoding: request.body, as: UTF8.self)) else {
                    return .error(400, "the body must be a JSON object of settings")
                }
                changes = fields
            }
            do {
                let values = try settings.update(changes, reset: request.query["reset"] == "1")
                return .json(JSONValue.object([.init("ok", true), .init("settings", .object(values))]).encoded)
            } catch {
                return .error(422, error.message)
            }
        case (_, "/api/state"), (_, "/api/events"), (_, "/api/frame"), (_, "/api/command"), (_, "/api/play"), (_, "/api/pause"),
             (_, "/api/cancel"), (_, "/api/progress"), (_, "/api/reset"), (_, "/api/step-size"), (_, "/api/speed"), (_, "/api/load"), (_, "/api/pattern"),
             (_, "/api/shapes"), (_, "/api/settings"):
            return .error(405, "\(request.method) is not allowed on \(path)")
        default:
            return .error(404, "no such API path")
        }
    }

    // MARK: Frames

    func frame(_ request: HTTPRequest, _ board: ServedBoard) -> HTTPResponse {
        let q = request.query
        guard let x = q["x"].flatMap({ BigInt(decimal: Substring($0)) }), let y = q["y"].flatMap({ BigInt(decimal: Substring($0)) }) else {
            return .error(400, "x and y must be integers")
        }
        guard let columns = q["columns"].flatMap({ Int($0) }), let rows = q["rows"].flatMap({ Int($0) }),
              columns >= 0, rows >= 0, columns <= 1 << 16, rows <= 1 << 16, columns * rows <= Frame.blockLimit else {
            return .error(400, "columns and rows must be 0 or more, at most \(Frame.blockLimit) blocks in all")
        }
        let level = q["level"].flatMap { Int($0) } ?? 0
        guard (0...Frame.levelLimit).contains(level) else { return .error(400, "level must be 0 to \(Frame.levelLimit)") }
        let factor = q["factor"].flatMap { Int($0) } ?? 1
        guard factor == 1 || factor == 3 else { return .error(400, "factor must be 1 or 3 (blocks of 2^level or 3·2^level cells)") }
        // Tabs showing the same view at the same version share one computation.
        let key = "\(x),\(y),\(columns),\(rows),\(level),\(factor)"
        let bytes: [UInt8] = board.lock.withLock {
            if let cached = board.frames.first(where: { $0.key == key && $0.version == board.version }) { return cached.bytes }
            let encoded = Frame.query(board.session.universe, x: x, y: y, columns: columns, rows: rows, level: level,
                                      factor: factor).encoded
            board.frames.removeAll { $0.version != board.version || $0.key == key }
            if board.frames.count >= ServedBoard.frameCacheSize { board.frames.removeFirst() }
            board.frames.append((key, board.version, encoded))
            return encoded
        }
        return HTTPResponse(headers: [("Content-Type", "application/octet-stream")], body: bytes)
    }

    // MARK: Events

    func events(_ board: ServedBoard) -> HTTPResponse {
        let heartbeat = heartbeatSeconds
        let hub = self.hub
        return HTTPResponse(headers: [("Content-Type", "text/event-stream")]) { stream in
            var seen: UInt64? = nil
            while !stream.isStopping && !hub.isStopped {
                let message: String? = board.lock.withLock {
                    if seen == board.version { board.lock.wait(seconds: heartbeat) }
                    guard seen != board.version else { return nil }
                    seen = board.version
                    return board.stateJSON()
                }
                let text = message.map { "event: state\ndata: \($0)\n\n" } ?? ": idle\n\n"
                guard stream.send(Array(text.utf8)) else { return }
            }
        }
    }

    // MARK: Files

    func load(_ request: HTTPRequest, _ board: ServedBoard) -> HTTPResponse {
        let name = request.query["name"] ?? "pasted pattern"
        let loaded: LoadedPattern
        do { loaded = try PatternCodec.decodeAny(request.body, fileName: name) } catch {
            return .json(JSONValue.object([.init("ok", false), .init("error", .object([.init("code", "syntax"), .init("message", .string(error.description))]))]).encoded)
        }
        return .json(board.lock.withLock { () -> String in
            hub.setPlayingLocked(board, false)
            do throws(SessionError) { try board.session.load(loaded, label: name) } catch {
                return JSONValue.object([.init("ok", false), .init("error", .object([.init("code", .string(error.code)), .init("message", .string(error.message))]))]).encoded
            }
            board.changed()
            return board.stateJSON(full: true)
        })
    }

    func download(_ request: HTTPRequest, _ board: ServedBoard) -> HTTPResponse {
        let format: PatternFormat
        switch request.query["format"] ?? "rle" {
        case "rle": format = .rle
        case "mc": format = .macrocell
        default: return .error(400, "format must be rle or mc")
        }
        let result: Result<[UInt8], HTTPResponse> = board.lock.withLock {
            do { return .success(try PatternCodec.encode(board.session.universe, as: format, compressed: false, metadata: board.session.metadata)) } catch {
                return .failure(.error(422, "cannot write the pattern: \(error)"))
            }
        }
        switch result {
        case .success(let bytes):
            let file = (board.name.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }.prefix(60)) + (format == .rle ? ".rle" : ".mc")
            return HTTPResponse(headers: [("Content-Type", "application/octet-stream"), ("Content-Disposition", "attachment; filename=\"\(file.isEmpty ? "pattern" : String(file))\"")],
                                body: bytes, compressible: true)
        case .failure(let response): return response
        }
    }

    func shapes() -> HTTPResponse {
        let entries = (try? hub.shapes.list()) ?? []
        var items: [JSONValue] = []
        for entry in entries where !entry.isShadowed {
            guard let loaded = try? hub.shapes.pattern(named: entry.name) else { continue }
            let session = Session(columns: 8, rows: 8)
            guard (try? session.load(loaded, label: entry.name)) != nil, let list = session.universe.cellList(), list.cells.count <= 20_000 else { continue }
            items.append(.object([
                .init("name", .string(entry.name)), .init("builtIn", .bool(entry.isBuiltIn)),
                .init("cells", .array(list.cells.map { .array([.int($0.x), .int($0.y), .int(Int($0.state))]) })),
            ]))
        }
        return .json(JSONValue.object([.init("ok", true), .init("shapes", .array(items))]).encoded)
    }

    // MARK: Assets

    /// The embedded asset `name` with its content type; nil when there is none (no path is
    /// ever looked up on disk).
    static func asset(_ name: String) -> (text: String, type: String)? {
        guard let file = EmbeddedAssets.files.first(where: { $0.name == name }) else { return nil }
        let type: String
        if name.hasSuffix(".html") { type = "text/html; charset=utf-8" }
        else if name.hasSuffix(".js") { type = "text/javascript; charset=utf-8" }
        else if name.hasSuffix(".css") { type = "text/css; charset=utf-8" }
        else if name.hasSuffix(".svg") { type = "image/svg+xml" }
        else { type = "text/plain; charset=utf-8" }
        return (file.text, type)
    }
}

extension HTTPResponse: Error {}
