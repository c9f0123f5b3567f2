// An HTTP response: a status, headers and a body, either bytes or a stream written by the
// handler (Server-Sent Events) in chunked transfer coding.

import CZlib

/// Where a streaming response writes: each `send` is one chunk; false once the client is gone.
public protocol ResponseStream: AnyObject {
    /// Writes `bytes` as one chunk now; false when the connection is closed or the server stops.
    func send(_ bytes: [UInt8]) -> Bool
    /// True once the server is stopping.
    var isStopping: Bool { get }
}

/// A response to send.
public struct HTTPResponse: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        /// Written by the closure, in chunks, until it returns; the connection then closes.
        case stream(@Sendable (any ResponseStream) -> Void)
    }

    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Body
    /// Compress the body with gzip when the client takes it and it is worth it.
    public var compressible: Bool
    /// Close the connection after this response (the server also closes after errors).
    public var closes = false

    public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: [UInt8] = [], compressible: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = .bytes(body)
        self.compressible = compressible
    }

    public init(status: Int = 200, headers: [(name: String, value: String)] = [], stream: @escaping @Sendable (any ResponseStream) -> Void) {
        self.status = status
        self.headers = headers
        self.body = .stream(stream)
        self.compressible = false
    }

    /// A text response (UTF-8).
    public static func text(_ text: String, status: Int = 200, type: String = "text/plain; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", type)], body: Array(text.utf8), compressible: true)
    }

    /// A JSON response.
    public static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        .text(text, status: status, type: "application/json")
    }

    /// An error answer: a JSON body `{"ok":false,"error":{"code":"http","message":…}}`.
    public static func error(_ status: Int, _ message: String) -> HTTPResponse {
        var response = HTTPResponse.json("{\"ok\":false,\"error\":{\"code\":\"http-\(status)\",\"message\":\(jsonString(message))}}\n", status: status)
        response.compressible = false
        return response
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The status line's reason phrase.
    public static func reason(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }

    /// The response's head and (for a byte body) body, gzipped when `gzip` and worth it.
    func encoded(gzip: Bool, keepAlive: Bool, headOnly: Bool = false) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(HTTPResponse.reason(status))\r\n"
        var fields = headers
        var payload: [UInt8] = []
        switch body {
        case .bytes(let bytes):
            payload = bytes
            if gzip && compressible && bytes.count >= 1024, let packed = Gzipper.compress(bytes) {
                payload = packed
                fields.append(("Content-Encoding", "gzip"))
            }
            if compressible { fields.append(("Vary", "Accept-Encoding")) }
            fields.append(("Content-Length", String(payload.count)))
        case .stream:
            fields.append(("Transfer-Encoding", "chunked"))
        }
        fields.append(("Connection", keepAlive ? "keep-alive" : "close"))
        for field in fields { head += "\(field.name): \(field.value)\r\n" }
        head += "\r\n"
        return Array(head.utf8) + (headOnly ? [] : payload)
    }
}

/// `text` as a JSON string literal.
func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

/// gzip through the system zlib.
public enum Gzipper {
    /// `bytes` as a gzip member; nil if zlib fails.
    public static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8]? {
        var stream = z_stream()
        guard deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count))) + 32
        var output = [UInt8](repeating: 0, count: bound)
        var input = bytes
        let status: Int32 = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(output[..<Int(stream.total_out)])
    }
}
