// Who may use the server, decided before any routing:
// - the token: from the URL's `token` parameter, else from the cookie `hashlife_token_PORT`
//   (cookies ignore ports, so each port has its own name). Every `/api/…` path, known or not,
//   answers 403 without it; on a non-loopback address every path does, the page included.
// - Host: on a loopback address only the bound address or `localhost` (with or without the
//   port), against DNS rebinding; on another address, any address of the machine's interfaces.
// - Origin: a request that changes state (anything but GET and HEAD) and the event stream's
//   request must carry no Origin or the page's own (`http://` and the Host it was sent to).

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The token, Host and Origin rules.
public struct AccessPolicy: Sendable {
    public let token: String
    public let port: Int
    /// Is the bound address a loopback one?
    public let isLoopback: Bool
    /// Host names accepted (without port), lower case.
    public let hosts: Set<String>

    public init(token: String, port: Int, boundHost: String, interfaceAddresses: [String] = []) {
        self.token = token
        self.port = port
        self.isLoopback = AccessPolicy.isLoopback(boundHost)
        var hosts: Set<String> = ["localhost", AccessPolicy.bracketed(boundHost.lowercased())]
        if !isLoopback { for address in interfaceAddresses { hosts.insert(AccessPolicy.bracketed(address.lowercased())) } }
        self.hosts = hosts
    }

    /// The cookie that carries the token on this port.
    public var cookieName: String { "hashlife_token_\(port)" }

    /// What to do with a request.
    public enum Decision: Equatable, Sendable {
        /// Serve it; `setsCookie` when the URL brought the token (the answer sets the cookie).
        case allow(setsCookie: Bool)
        case deny(status: Int, message: String)
    }

    public func decide(_ request: HTTPRequest, streaming: Bool = false) -> Decision {
        guard let host = request.header("Host"), accepts(host: host) else {
            return .deny(status: 403, message: "Host not allowed: connect through \(isLoopback ? "127.0.0.1 or localhost" : "an address of this machine")")
        }
        let changes = request.method != "GET" && request.method != "HEAD"
        if changes || streaming, let origin = request.header("Origin"), origin.lowercased() != "http://" + host.lowercased() {
            return .deny(status: 403, message: "Origin not allowed")
        }
        let fromURL = request.query["token"].map { AccessPolicy.equal($0, token) } ?? false
        let fromCookie = request.cookies[cookieName].map { AccessPolicy.equal($0, token) } ?? false
        let needsToken = !isLoopback || request.path.hasPrefix("/api/") || request.path == "/api"
        if needsToken && !fromURL && !fromCookie {
            return .deny(status: 403, message: "token missing or wrong: open the URL that 'hashlife serve' printed")
        }
        return .allow(setsCookie: fromURL && !fromCookie)
    }

    /// The Set-Cookie value that stores the token.
    public var cookieHeader: String { "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict" }

    /// Is `host` (a Host header: name or address, optional port) one this server answers to?
    public func accepts(host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let rest = name[name.index(after: close)...]
            if !rest.isEmpty && rest != ":\(port)" { return false }
            name = String(name[...close])
        } else if let colon = name.lastIndex(of: ":") {
            if name[name.index(after: colon)...] != "\(port)" { return false }
            name = String(name[..<colon])
        }
        return hosts.contains(name)
    }

    /// Compares in time independent of where the strings differ.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<x.count { difference |= x[i] ^ y[i] }
        return difference == 0
    }

    static func bracketed(_ address: String) -> String { address.contains(":") ? "[\(address)]" : address }

    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// A fresh random token: 128 bits from the system's generator, as 32 hex digits.
    public static func randomToken() -> String {
        // The system generator is the kernel's (getrandom), fit for secrets.
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// The numeric addresses of the machine's interfaces (IPv4 and IPv6).
    public static func interfaceAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>? = nil
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var result: [String] = []
        var cursor = list
        while let entry = cursor {
            if let address = entry.pointee.ifa_addr {
                let family = Int32(address.pointee.sa_family)
                if family == AF_INET || family == AF_INET6 {
                    var name = [CChar](repeating: 0, count: Int(NI_MAXHOST))
                    let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
                    if getnameinfo(address, length, &name, socklen_t(name.count), nil, 0, NI_NUMERICHOST) == 0 {
                        var text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                        if let percent = text.firstIndex(of: "%") { text = String(text[..<percent]) }
                        result.append(text)
                    }
                }
            }
            cursor = entry.pointee.ifa_next
        }
        return result
    }
}
