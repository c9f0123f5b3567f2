// One HTTP/1.1 request as the server reads it, and the parser that takes requests off the
// front of a connection's bytes (pipelined requests stay in the buffer for the next call).

/// A request: its line, headers and body.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The request target as sent ("/api/state?token=…").
    public var target: String
    /// The target's path, percent-decoded ("/api/state").
    public var path: String
    /// The query's parameters, percent-decoded (the last of a repeated name wins).
    public var query: [String: String]
    /// "HTTP/1.1" or "HTTP/1.0".
    public var version: String
    /// Header fields in order, names as sent.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(method: String, target: String, version: String = "HTTP/1.1", headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
        let (path, query) = HTTPRequest.split(target)
        self.path = path
        self.query = query
    }

    /// The first header named `name` (case-insensitive), its value trimmed.
    public func header(_ name: String) -> String? {
        let lower = name.lowercased()
        return headers.first { $0.name.lowercased() == lower }?.value
    }

    /// The cookies of the Cookie headers, by name.
    public var cookies: [String: String] {
        var result: [String: String] = [:]
        for field in headers where field.name.lowercased() == "cookie" {
            for pair in field.value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                result[parts[0].trimmingSpaces] = parts[1].trimmingSpaces
            }
        }
        return result
    }

    /// Does the client keep the connection open after this request?
    public var keepsAlive: Bool {
        let connection = header("Connection")?.lowercased() ?? ""
        if version == "HTTP/1.0" { return connection.contains("keep-alive") }
        return !connection.contains("close")
    }

    /// Does the client take gzip-encoded bodies?
    public var acceptsGzip: Bool {
        header("Accept-Encoding")?.lowercased().split(separator: ",").contains { $0.trimmingSpaces.hasPrefix("gzip") } ?? false
    }

    /// Splits a target into its decoded path and query parameters.
    static func split(_ target: String) -> (String, [String: String]) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = percentDecoded(parts.first.map(String.init) ?? "", plusIsSpace: false) ?? ""
        var query: [String: String] = [:]
        if parts.count == 2 {
            for item in parts[1].split(separator: "&") {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = percentDecoded(String(pair[0]), plusIsSpace: true) else { continue }
                query[name] = pair.count == 2 ? percentDecoded(String(pair[1]), plusIsSpace: true) ?? "" : ""
            }
        }
        return (path, query)
    }

    /// `text` with %XX escapes decoded (and + as a space in queries); nil for a bad escape or
    /// bytes that are not UTF-8.
    static func percentDecoded(_ text: String, plusIsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            } else if plusIsSpace && byte == UInt8(ascii: "+") {
                bytes.append(0x20)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

/// Sizes the server accepts before refusing a request.
public struct HTTPLimits: Sendable {
    /// Bytes of the request line (without its line end); longer: 431.
    public var requestLine = 8 << 10
    /// Bytes of the request line and headers together; more: 431.
    public var headers = 32 << 10
    /// Header fields; more: 431.
    public var headerCount = 100
    /// Bytes of a body; more: 413.
    public var body = 32 << 20
    /// Connections served at once; more are answered 503 and closed.
    public var connections = 256
    /// Seconds a kept-alive connection may wait for its next request.
    public var idleSeconds = 30.0
    /// Seconds a request may take to arrive whole once its first byte came (slow clients).
    public var requestSeconds = 10.0
    /// Bytes read and discarded after an error answer before closing.
    public var drainBytes = 1 << 20
    /// Seconds spent draining at most.
    public var drainSeconds = 2.0

    public init() {}
}

/// Why a request could not be read: the status to answer with, and a message.
public struct HTTPRequestError: Error, Equatable, Sendable {
    public var status: Int
    public var message: String
    public init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }
}

/// Takes requests off the front of a byte buffer.
public enum HTTPRequestParser {
    public enum Outcome {
        /// More bytes are needed.
        case incomplete
        /// A whole request, and the bytes it took.
        case request(HTTPRequest, consumed: Int)
    }

    /// The request at the start of `buffer`, `.incomplete` when it has not all arrived.
    /// - Throws: `HTTPRequestError` with 400 (malformed), 411 (a body without a length),
    ///   413 (body too large), 431 (request line or headers too large), 501 (a transfer coding),
    ///   505 (not HTTP/1.x), as soon as the bytes so far show it.
    public static func parse(_ buffer: [UInt8], limits: HTTPLimits) throws(HTTPRequestError) -> Outcome {
        // Blank lines before a request are allowed (RFC 9112 §2.2).
        var start = 0
        while start + 1 < buffer.count, buffer[start] == 0x0D, buffer[start + 1] == 0x0A { start += 2 }
        guard let lineEnd = find(crlf, in: buffer, from: start, limit: start + limits.requestLine + 2) else {
            if buffer.count - start > limits.requestLine + 1 { throw HTTPRequestError(431, "request line longer than \(limits.requestLine) bytes") }
            return .incomplete
        }
        if lineEnd - start > limits.requestLine { throw HTTPRequestError(431, "request line longer than \(limits.requestLine) bytes") }
        guard let headEnd = find(crlfcrlf, in: buffer, from: lineEnd, limit: start + limits.headers + 4) else {
            if buffer.count - start > limits.headers + 3 { throw HTTPRequestError(431, "request headers longer than \(limits.headers) bytes") }
            // Count the header lines so far, to refuse a flood of short ones early.
            return .incomplete
        }
        if headEnd - start > limits.headers { throw HTTPRequestError(431, "request headers longer than \(limits.headers) bytes") }
        let line = try text(buffer[start..<lineEnd])
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty,
              parts[0].utf8.allSatisfy(isTokenByte) else { throw HTTPRequestError(400, "malformed request line") }
        let version = String(parts[2])
        guard version.hasPrefix("HTTP/") else { throw HTTPRequestError(400, "malformed request line") }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { throw HTTPRequestError(505, "HTTP version \(version) not supported") }
        let target = String(parts[1])
        guard target.hasPrefix("/") || target == "*" else { throw HTTPRequestError(400, "request target must be a path") }
        var headers: [(name: String, value: String)] = []
        var position = lineEnd + 2
        while position < headEnd {
            let end = find(crlf, in: buffer, from: position, limit: headEnd + 2) ?? headEnd
            let field = try text(buffer[position..<end])
            guard let colon = field.firstIndex(of: ":") else { throw HTTPRequestError(400, "malformed header line") }
            let name = field[..<colon]
            guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else { throw HTTPRequestError(400, "malformed header name") }
            headers.append((String(name), field[field.index(after: colon)...].trimmingSpaces))
            if headers.count > limits.headerCount { throw HTTPRequestError(431, "more than \(limits.headerCount) header fields") }
            position = end + 2
        }
        var request = HTTPRequest(method: String(parts[0]), target: target, version: version, headers: headers)
        if version == "HTTP/1.1" && request.header("Host") == nil { throw HTTPRequestError(400, "no Host header") }
        if request.header("Transfer-Encoding") != nil { throw HTTPRequestError(501, "transfer codings of request bodies are not supported; send Content-Length") }
        let bodyStart = headEnd + 4
        var length = 0
        let lengths = headers.filter { $0.name.lowercased() == "content-length" }
        if let first = lengths.first {
            guard lengths.allSatisfy({ $0.value == first.value }), !first.value.isEmpty, first.value.utf8.count <= 18,
                  first.value.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(first.value) else {
                throw HTTPRequestError(400, "malformed Content-Length")
            }
            length = value
        } else if ["POST", "PUT", "PATCH"].contains(request.method) {
            length = 0
        }
        if length > limits.body { throw HTTPRequestError(413, "request body larger than \(limits.body) bytes") }
        guard buffer.count - bodyStart >= length else { return .incomplete }
        request.body = Array(buffer[bodyStart..<(bodyStart + length)])
        return .request(request, consumed: bodyStart + length)
    }

    static let crlf: [UInt8] = [0x0D, 0x0A]
    static let crlfcrlf: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]

    /// The index of `needle` in `buffer` from `from`, looking no further than `limit`.
    static func find(_ needle: [UInt8], in buffer: [UInt8], from: Int, limit: Int) -> Int? {
        let last = min(buffer.count, limit) - needle.count
        guard from <= last else { return nil }
        var i = from
        while i <= last {
            if buffer[i] == needle[0] {
                var match = true
                for k in 1..<needle.count where buffer[i + k] != needle[k] { match = false; break }
                if match { return i }
            }
            i += 1
        }
        return nil
    }

    static func text(_ bytes: ArraySlice<UInt8>) throws(HTTPRequestError) -> String {
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 != 0x7F || $0 == 0x09 }), let text = String(validating: bytes, as: UTF8.self) else {
            throw HTTPRequestError(400, "control characters in the request head")
        }
        return text
    }

    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
