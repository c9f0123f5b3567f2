// The HTTP/1.1 server on POSIX sockets: a listening socket, an accepting thread, and a thread
// for each connection (at most `HTTPLimits.connections` at once), with keep-alive, pipelined
// requests answered in order, time limits against idle and slow clients, and error answers
// sent whole before the connection closes.

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Synchronization

/// Answers requests; called on the connection's thread, any number at once.
public typealias HTTPHandler = @Sendable (HTTPRequest) -> HTTPResponse

/// Why the server could not start.
public struct ServerError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A running server. `start` binds and begins accepting; `stop` closes the listening socket and
/// ends every stream.
public final class HTTPServer: @unchecked Sendable {
    public let limits: HTTPLimits
    /// The address bound ("127.0.0.1", "::1", "0.0.0.0").
    public let host: String
    /// The port bound (the one the system chose when 0 was asked).
    public private(set) var port: Int = 0
    let handler: HTTPHandler
    private var listener: Int32 = -1
    private let active = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    /// Connections open now (for tests and the benchmark).
    public var activeConnections: Int { active.load(ordering: .relaxed) }
    public var isStopping: Bool { stopping.load(ordering: .relaxed) }

    public init(host: String, limits: HTTPLimits = HTTPLimits(), handler: @escaping HTTPHandler) {
        self.host = host
        self.limits = limits
        self.handler = handler
    }

    /// Binds `host`:`port` (0: any free port), or, when `searching`, the first free port of
    /// `port`…`port`+99; then starts accepting on a thread of its own.
    /// `onBound` hears the port before the first request is accepted.
    public func start(port requested: Int, searching: Bool = false, onBound: (Int) -> Void = { _ in }) throws(ServerError) {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICHOST
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var info: UnsafeMutablePointer<addrinfo>? = nil
        let lookup = host == "localhost" ? "127.0.0.1" : host
        guard getaddrinfo(lookup, nil, &hints, &info) == 0, let address = info else {
            throw ServerError("cannot listen on \(host): not a numeric IPv4 or IPv6 address")
        }
        defer { freeaddrinfo(info) }
        let attempts = searching ? 100 : 1
        var lastError: Int32 = 0
        for offset in 0..<attempts {
            let candidate = requested + offset
            guard candidate <= 65535 else { break }
            let fd = socket(address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw ServerError("cannot create a socket: \(String(cString: strerror(errno)))") }
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            var storage = sockaddr_storage()
            memcpy(&storage, address.pointee.ai_addr, Int(address.pointee.ai_addrlen))
            withUnsafeMutableBytes(of: &storage) { raw in
                let port = UInt16(candidate).bigEndian
                if address.pointee.ai_family == AF_INET6 { raw.storeBytes(of: port, toByteOffset: 2, as: UInt16.self) }
                else { raw.storeBytes(of: port, toByteOffset: 2, as: UInt16.self) }
            }
            let bound = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, address.pointee.ai_addrlen) }
            }
            if bound == 0, listen(fd, 512) == 0 {
                listener = fd
                port = HTTPServer.localPort(fd) ?? candidate
                onBound(port)
                Threads.detach { [self] in acceptLoop() }
                return
            }
            lastError = errno
            close(fd)
        }
        let what = searching ? "ports \(requested)–\(min(requested + 99, 65535))" : "port \(requested)"
        throw ServerError("cannot listen on \(host) \(what): \(String(cString: strerror(lastError)))")
    }

    /// Stops accepting and tells streams to end (connections finish their current answer).
    /// The accepting thread closes the listening socket as it leaves, so that its number is
    /// never reused (by another socket) while that thread may still poll it.
    public func stop() {
        guard !stopping.exchange(true, ordering: .sequentiallyConsistent) else { return }
        if listener >= 0 { shutdown(listener, Int32(SHUT_RDWR)) }
    }

    static func localPort(_ fd: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard ok == 0 else { return nil }
        return withUnsafeBytes(of: &storage) { Int(UInt16(bigEndian: $0.load(fromByteOffset: 2, as: UInt16.self))) }
    }

    private func acceptLoop() {
        defer { close(listener) }
        while !isStopping {
            var pollfd = Glibc.pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pollfd, 1, 200)
            if ready <= 0 { continue }
            let client = accept(listener, nil, nil)
            if client < 0 { if isStopping { return }; continue }
            if isStopping { close(client); return }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            var yes: Int32 = 1
            setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            if active.add(1, ordering: .sequentiallyConsistent).newValue > limits.connections {
                active.subtract(1, ordering: .sequentiallyConsistent)
                let answer = HTTPResponse.error(503, "too many connections").encoded(gzip: false, keepAlive: false)
                _ = answer.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
                shutdown(client, Int32(SHUT_WR))
                close(client)
                continue
            }
            Threads.detach { [self] in
                let connection = HTTPConnection(fd: client, server: self)
                connection.serve()
                close(client)
                active.subtract(1, ordering: .sequentiallyConsistent)
            }
        }
    }
}

/// Threads of the server.
enum Threads {
    final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Starts `body` on a new detached thread (8 MiB stack).
    static func detach(_ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(&attributes, 8 << 20)
        defer { pthread_attr_destroy(&attributes) }
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var handle = pthread_t()
        let status = pthread_create(&handle, &attributes, { pointer in
            let box = Unmanaged<Box>.fromOpaque(pointer!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        if status != 0 {
            Unmanaged<Box>.fromOpaque(box).release()
            body()
        }
    }
}

/// Monotonic seconds.
func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
