// Logging of service operations (`HASHLIFE_LOG`, `--verbose`): one line per operation on
// standard error — time, board id, operation, generation, duration, nodes, memory — as plain
// text for a person at a terminal, as JSON lines for programs otherwise. Silent unless asked
// for with `HASHLIFE_LOG=info|debug` or `--verbose`.

import HashlifeEngine
import HashlifeFormats
import HashlifeInterface
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A log of service operations.
public struct BoardLog: Sendable {
    public enum Level: Int, Comparable, Sendable {
        case info = 1, debug = 2
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    public enum Style: Sendable { case text, json }

    public var level: Level
    public var style: Style
    /// Receives each line, ending in "\n".
    public var write: @Sendable (String) -> Void

    public init(level: Level, style: Style, write: @escaping @Sendable (String) -> Void) {
        self.level = level
        self.style = style
        self.write = write
    }

    /// The log `HASHLIFE_LOG` asks for (`info` or `debug`; `verbose` forces at least `info`)
    /// to standard error, text on a terminal and JSON lines otherwise; nil when silent.
    /// - Throws: a message for an unknown level.
    public static func fromEnvironment(verbose: Bool = false, environment: [String: String]? = nil) throws(BoardError) -> BoardLog? {
        let text = environment.map { $0["HASHLIFE_LOG"] } ?? getenv("HASHLIFE_LOG").map { String(cString: $0) }
        var level: Level? = verbose ? .info : nil
        switch text?.lowercased() {
        case nil, "", "off", "none", "0": break
        case "info", "1": level = max(level ?? .info, .info)
        case "debug", "2": level = .debug
        case let other?: throw .invalidSetting("invalid HASHLIFE_LOG \(Excerpt.quote(other)); expected info, debug or off")
        }
        guard let level else { return nil }
        let style: Style = isatty(STDERR_FILENO) == 1 ? .text : .json
        return BoardLog(level: level, style: style) { line in
            _ = Array(line.utf8).withUnsafeBytes { writeAll(STDERR_FILENO, $0) }
        }
    }

    /// One operation's record.
    public struct Entry: Sendable {
        public var time: Int64
        public var operation: String
        public var board: BoardID?
        public var generation: BigUInt?
        public var seconds: Double
        public var nodes: Int?
        public var memoryBytes: Int?
        public var error: String?
    }

    func emit(_ entry: Entry) {
        switch style {
        case .json:
            var fields: [(String, JSONValue)] = [("time", .string(Self.timestamp(entry.time))), ("level", .string("info")),
                                                 ("operation", .string(entry.operation)),
                                                 ("board", entry.board.map { .string($0.text) } ?? .null),
                                                 ("generation", entry.generation.map { .string($0.description) } ?? .null),
                                                 ("seconds", .double(entry.seconds))]
            if let nodes = entry.nodes { fields.append(("nodes", .int(nodes))) }
            if let bytes = entry.memoryBytes { fields.append(("memory_bytes", .int(bytes))) }
            if let error = entry.error { fields.append(("error", .string(error))) }
            write(JSONValue.fields(fields).encoded + "\n")
        case .text:
            var line = "\(Self.timestamp(entry.time)) \(entry.operation)"
            if let board = entry.board { line += " board=\(board.short)" }
            if let generation = entry.generation { line += " generation=\(generation)" }
            line += " duration=\(Self.milliseconds(entry.seconds))ms"
            if let nodes = entry.nodes { line += " nodes=\(nodes)" }
            if let bytes = entry.memoryBytes { line += " memory=\(bytes / 1024)KiB" }
            if let error = entry.error { line += " error=\(Excerpt.quote(error, limit: 200))" }
            write(line + "\n")
        }
    }

    static func milliseconds(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10_000).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// "2026-11-22T18:46:36.123Z" for milliseconds since 1970.
    public static func timestamp(_ milliseconds: Int64) -> String {
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let ms = Int(milliseconds % 1000)
        let msText = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(msText)Z"
    }
}

extension BoardService {
    /// Runs `body` and logs it (with its duration and, at `debug`, failures too).
    func logged<T>(_ operation: String, board: BoardID?, universe: (any LifeUniverse)?, _ body: () throws(BoardError) -> T) throws(BoardError) -> T {
        guard let log else { return try body() }
        let clock = ContinuousClock()
        let start = clock.now
        func entry(_ error: BoardError?) -> BoardLog.Entry {
            var id = board
            if id == nil, let created = resultBoard { id = created }
            let statistics = universe?.statistics
            return BoardLog.Entry(time: now(), operation: operation, board: id, generation: universe?.generation,
                                  seconds: (clock.now - start) / .seconds(1), nodes: statistics?.nodes,
                                  memoryBytes: statistics.map { $0.bytes + $0.cacheBytes }, error: error?.description)
        }
        var resultBoard: BoardID? = nil
        do {
            let result = try body()
            if let created = result as? Board { resultBoard = created.id }
            log.emit(entry(nil))
            return result
        } catch {
            log.emit(entry(error))
            throw error
        }
    }
}
