// One client connection: read requests (with the time limits), answer each in order, keep the
// connection while the client asks to, and after an error answer shut down writing, read and
// discard what the client still sends (up to `HTTPLimits.drainBytes`), then close, so the
// client reads the status instead of a reset.

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

final class HTTPConnection: ResponseStream {
    let fd: Int32
    unowned let server: HTTPServer
    var buffer: [UInt8] = []
    var closed = false

    init(fd: Int32, server: HTTPServer) {
        self.fd = fd
        self.server = server
    }

    var isStopping: Bool { server.isStopping }
    var limits: HTTPLimits { server.limits }

    func serve() {
        while !closed && !server.isStopping {
            let request: HTTPRequest
            switch nextRequest() {
            case .closed: return
            case .failed(let error):
                send(HTTPResponse.error(error.status, error.message), keepAlive: false, gzip: false)
                drainAndClose()
                return
            case .request(let r): request = r
            }
            let response = server.handler(request)
            let keepAlive = request.keepsAlive && !response.closes && !server.isStopping
            if case .stream(let body) = response.body {
                guard writeAll(response.encoded(gzip: false, keepAlive: false)) else { return }
                body(self)
                _ = writeAll(Array("0\r\n\r\n".utf8))
                return
            }
            guard writeAll(response.encoded(gzip: request.acceptsGzip, keepAlive: keepAlive, headOnly: request.method == "HEAD")) else { return }
            if !keepAlive {
                // What the client sent after this request is read and dropped, so that closing
                // with it unread does not reset the connection before the answer is read.
                drainAndClose()
                return
            }
        }
    }

    enum Next {
        case request(HTTPRequest)
        case failed(HTTPRequestError)
        case closed
    }

    /// Reads until a whole request is in the buffer: waiting at most `idleSeconds` for its
    /// first byte, then `requestSeconds` for the rest (408 past it).
    func nextRequest() -> Next {
        var deadline: Double? = buffer.isEmpty ? nil : monotonicSeconds() + limits.requestSeconds
        let idleDeadline = monotonicSeconds() + limits.idleSeconds
        var sentContinue = false
        while true {
            do {
                if case .request(let request, let consumed) = try HTTPRequestParser.parse(buffer, limits: limits) {
                    buffer.removeFirst(consumed)
                    return .request(request)
                }
            } catch {
                return .failed(error)
            }
            // A client waiting for "100 Continue" before its body.
            if !sentContinue, let head = headOfBuffer(), head.lowercased().contains("expect: 100-continue") {
                sentContinue = true
                _ = writeAll(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
            }
            let now = monotonicSeconds()
            let limit = deadline ?? idleDeadline
            if now >= limit {
                return deadline == nil ? .closed : .failed(HTTPRequestError(408, "request not received within \(Int(limits.requestSeconds)) s"))
            }
            guard wait(until: limit) else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if n <= 0 { return .closed }
            if deadline == nil { deadline = monotonicSeconds() + limits.requestSeconds }
            buffer.append(contentsOf: chunk[..<n])
            if server.isStopping { return .closed }
        }
    }

    /// The head received so far, as text, when it ends.
    func headOfBuffer() -> String? {
        guard let end = HTTPRequestParser.find(HTTPRequestParser.crlfcrlf, in: buffer, from: 0, limit: buffer.count) else { return nil }
        return String(decoding: buffer[..<end], as: UTF8.self)
    }

    /// Waits for bytes to read until `deadline` (monotonic seconds), at most 250 ms at a time
    /// so that a stopping server is noticed; true when there are.
    func wait(until deadline: Double) -> Bool {
        let remaining = max(0, min(deadline - monotonicSeconds(), 0.25))
        var pollfd = Glibc.pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&pollfd, 1, Int32(remaining * 1000)) > 0
    }

    func send(_ response: HTTPResponse, keepAlive: Bool, gzip: Bool) {
        _ = writeAll(response.encoded(gzip: gzip, keepAlive: keepAlive))
    }

    /// Shuts down writing, reads and discards up to `drainBytes` for at most `drainSeconds`.
    func drainAndClose() {
        shutdown(fd, Int32(SHUT_WR))
        let deadline = monotonicSeconds() + limits.drainSeconds
        var discarded = 0
        var chunk = [UInt8](repeating: 0, count: 65536)
        while discarded < limits.drainBytes && monotonicSeconds() < deadline {
            guard wait(until: deadline) else { continue }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, min($0.count, limits.drainBytes - discarded), 0) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            discarded += n
        }
        closed = true
    }

    /// Writes every byte (a slow reader blocks the writer for at most `requestSeconds` a call).
    func writeAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        let deadline = monotonicSeconds() + max(limits.requestSeconds, 5)
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
            if n > 0 { offset += n; continue }
            if n < 0 && (errno == EAGAIN || errno == EINTR) {
                if monotonicSeconds() > deadline { closed = true; return false }
                var pollfd = Glibc.pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&pollfd, 1, 100)
                continue
            }
            closed = true
            return false
        }
        return true
    }

    // MARK: ResponseStream

    func send(_ bytes: [UInt8]) -> Bool {
        guard !closed, !server.isStopping, !bytes.isEmpty else { return !closed && !server.isStopping }
        let head = Array((String(bytes.count, radix: 16) + "\r\n").utf8)
        return writeAll(head + bytes + [0x0D, 0x0A])
    }
}
