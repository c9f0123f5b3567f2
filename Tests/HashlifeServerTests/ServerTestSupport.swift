import Foundation
@testable import HashlifeServer
import HashlifeBoards
import HashlifeEditing
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// A server on a free loopback port with a known token, over `session`, with no store.
func startServer(_ session: Session = Session(), limits: HTTPLimits = HTTPLimits(), host: String = "127.0.0.1",
                 settingsPath: String? = nil, token: String = "0123456789abcdef0123456789abcdef",
                 service: BoardService? = nil) throws -> RunningServe {
    let hub = ServeHub(session: session, name: "test", boardID: nil, service: service, shapes: ShapeLibrary(folder: nil))
    let app = ServeApp(hub: hub, settings: ServeSettings(path: settingsPath), policy: AccessPolicy(token: token, port: 0, boundHost: host))
    let server = HTTPServer(host: host, limits: limits) { app.handle($0) }
    try server.start(port: 0) { port in app.policy = AccessPolicy(token: token, port: port, boundHost: host) }
    return RunningServe(server: server, app: app, url: "http://\(host):\(server.port)/?token=\(token)", notes: [])
}

/// A response as a raw client reads it.
struct RawResponse {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]
    func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A plain TCP client for the protocol tests.
final class RawClient: @unchecked Sendable {
    let fd: Int32
    var buffer: [UInt8] = []

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else { close(fd); throw TestFailure("connect failed: \(errno)") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Sends everything; false when the connection refused it.
    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// Reads more bytes; false at the end (or an error, `lastError`).
    var lastError: Int32 = 0
    func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 { lastError = errno }
        guard n > 0 else { return false }
        buffer += chunk[..<n]
        return true
    }

    /// Reads one response (Content-Length or chunked body); nil when the connection ends first.
    func response(headOnly: Bool = false) -> RawResponse? {
        while true {
            if let end = find([13, 10, 13, 10]) {
                let head = String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
                let parts = head[0].split(separator: " ")
                guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
                let headers = head.dropFirst().map { line -> (String, String) in
                    let i = line.firstIndex(of: ":")!
                    return (String(line[..<i]), line[line.index(after: i)...].trimmingCharacters(in: .whitespaces))
                }
                let response = RawResponse(status: status, headers: headers, body: [])
                if status == 100 { buffer.removeFirst(end + 4); continue }
                if let length = response.header("Content-Length").flatMap({ Int($0) }) {
                    let need = headOnly ? 0 : length
                    while buffer.count < end + 4 + need { guard fill() else { return nil } }
                    var result = response
                    result.body = Array(buffer[(end + 4)..<(end + 4 + need)])
                    buffer.removeFirst(end + 4 + need)
                    return result
                }
                buffer.removeFirst(end + 4)
                return response  // a stream: the caller reads chunks
            }
            guard fill() else { return nil }
        }
    }

    /// Reads until the text `needle` has arrived (for event streams); false at the end.
    func waitFor(_ needle: String) -> Bool {
        while !String(decoding: buffer, as: UTF8.self).contains(needle) { guard fill() else { return false } }
        return true
    }

    /// Reads to the end; true when the end was an orderly close (not a reset).
    func readsToCleanEnd() -> Bool {
        while true {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return true }
            if n < 0 { lastError = errno; return false }
            buffer += chunk[..<n]
        }
    }

    func find(_ needle: [UInt8]) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        for i in 0...(buffer.count - needle.count) where Array(buffer[i..<(i + needle.count)]) == needle { return i }
        return nil
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A request's text.
func request(_ method: String = "GET", _ target: String, host: String, headers: [String] = [], body: String = "") -> String {
    var text = "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\n"
    for header in headers { text += header + "\r\n" }
    if !body.isEmpty || method == "POST" { text += "Content-Length: \(body.utf8.count)\r\n" }
    return text + "\r\n" + body
}

extension RunningServe {
    var hostHeader: String { "127.0.0.1:\(port)" }
    var tokenQuery: String { "token=\(token)" }

    /// One request on a fresh connection.
    func fetch(_ method: String = "GET", _ path: String, body: String = "", headers: [String] = [], withToken: Bool = true) throws -> RawResponse {
        let client = try RawClient(port: port)
        let target = withToken ? path + (path.contains("?") ? "&" : "?") + tokenQuery : path
        client.send(request(method, target, host: hostHeader, headers: headers + ["Connection: close"], body: body))
        guard let response = client.response() else { throw TestFailure("no response to \(method) \(path)") }
        return response
    }

    /// The JSON of an API answer as a dictionary.
    func json(_ method: String = "GET", _ path: String, body: String = "") throws -> [String: Any] {
        let response = try fetch(method, path, body: body)
        guard let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] else {
            throw TestFailure("not a JSON object: \(response.text)")
        }
        return object
    }
}
