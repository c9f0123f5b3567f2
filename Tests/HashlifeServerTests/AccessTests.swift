import Foundation
import Testing
@testable import HashlifeServer

/// Who may use the server: the token (URL, then cookie), Host and Origin, checked before routing.
@Suite struct AccessTests {
    @Test func everyAPIPathNeedsTheTokenAndThePageDoesNotOnLoopback() throws {
        let serve = try startServer()
        defer { serve.stop() }
        for path in ["/api/state", "/api/nothing-here", "/api/", "/api/frame?x=0&y=0&columns=1&rows=1"] {
            #expect(try serve.fetch("GET", path, withToken: false).status == 403, "\(path)")
        }
        #expect(try serve.fetch("POST", "/api/command", body: "clear", withToken: false).status == 403)
        #expect(try serve.fetch("GET", "/api/state?token=wrong", withToken: false).status == 403)
        // Known and unknown paths alike, once the token is there.
        #expect(try serve.fetch("GET", "/api/nothing-here").status == 404)
        // The page itself answers 200 directly on loopback; with the token it sets the cookie.
        let page = try serve.fetch("GET", "/", withToken: false)
        #expect(page.status == 200 && page.header("Set-Cookie") == nil)
        let opened = try serve.fetch("GET", "/")
        #expect(opened.status == 200)
        let cookie = try #require(opened.header("Set-Cookie"))
        #expect(cookie == "hashlife_token_\(serve.port)=\(serve.token); Path=/; HttpOnly; SameSite=Strict")
        // The cookie alone is enough afterwards; another port's cookie is not.
        let withCookie = try serve.fetch("GET", "/api/state", headers: ["Cookie: a=b; hashlife_token_\(serve.port)=\(serve.token)"], withToken: false)
        #expect(withCookie.status == 200)
        let otherPort = try serve.fetch("GET", "/api/state", headers: ["Cookie: hashlife_token_\(serve.port + 1)=\(serve.token)"], withToken: false)
        #expect(otherPort.status == 403)
    }

    @Test func onLoopbackOnlyTheBoundAddressAndLocalhostAreAcceptedHosts() throws {
        let serve = try startServer()
        defer { serve.stop() }
        let port = serve.port
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)", "127.0.0.1"] {
            let client = try RawClient(port: port)
            client.send(request("GET", "/api/state?\(serve.tokenQuery)", host: host))
            #expect(client.response()?.status == 200, "\(host)")
        }
        for host in ["evil.example:\(port)", "evil.example", "127.0.0.1:\(port + 1)", "127.0.0.2:\(port)", "localhost.evil.example:\(port)", "[::1]:\(port)"] {
            let client = try RawClient(port: port)
            client.send(request("GET", "/?\(serve.tokenQuery)", host: host))
            #expect(client.response()?.status == 403, "\(host)")
        }
    }

    @Test func stateChangesAndTheEventStreamRefuseAForeignOrigin() throws {
        let serve = try startServer()
        defer { serve.stop() }
        let own = "Origin: http://\(serve.hostHeader)"
        #expect(try serve.fetch("POST", "/api/command", body: "set 1 1", headers: ["Origin: http://evil.example"]).status == 403)
        #expect(try serve.fetch("POST", "/api/command", body: "set 1 1", headers: ["Origin: null"]).status == 403)
        #expect(serve.app.hub.main.session.universe.population.isZero)
        #expect(try serve.fetch("POST", "/api/command", body: "set 1 1", headers: [own]).status == 200)
        #expect(!serve.app.hub.main.session.universe.population.isZero)
        #expect(try serve.fetch("GET", "/api/events", headers: ["Origin: http://evil.example"]).status == 403)
        // A read from another origin is not a change (the token still guards it).
        #expect(try serve.fetch("GET", "/api/state", headers: ["Origin: http://evil.example"]).status == 200)
    }

    @Test func onAnotherAddressEveryRequestNeedsTheToken() throws {
        let policy = AccessPolicy(token: "abc", port: 9000, boundHost: "0.0.0.0", interfaceAddresses: ["127.0.0.1", "192.0.2.7", "fe80::1"])
        #expect(!policy.isLoopback)
        let page = HTTPRequest(method: "GET", target: "/", headers: [("Host", "192.0.2.7:9000")])
        #expect(policy.decide(page) == .deny(status: 403, message: "token missing or wrong: open the URL that 'hashlife serve' printed"))
        let withToken = HTTPRequest(method: "GET", target: "/?token=abc", headers: [("Host", "192.0.2.7:9000")])
        #expect(policy.decide(withToken) == .allow(setsCookie: true))
        let ipv6 = HTTPRequest(method: "GET", target: "/?token=abc", headers: [("Host", "[fe80::1]:9000")])
        #expect(policy.decide(ipv6) == .allow(setsCookie: true))
        let foreign = HTTPRequest(method: "GET", target: "/?token=abc", headers: [("Host", "rebound.example:9000")])
        if case .allow = policy.decide(foreign) { Issue.record("a name that is no address of the machine was accepted") }
    }

    @Test func assetsComeFromTheEmbeddedTableOnly() throws {
        let serve = try startServer()
        defer { serve.stop() }
        let page = try serve.fetch("GET", "/")
        #expect(page.text.contains("id=\"universe\""))
        for path in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/Package.swift", "/etc/hostname"] {
            #expect(try serve.fetch("GET", path).status == 404, "\(path)")
        }
    }

    @Test func filesOfTheMachineAreOutOfTheCommandLinesReach() throws {
        let serve = try startServer()
        defer { serve.stop() }
        for line in ["load /etc/passwd", "save /tmp/x.rle", "paste 0 0 file /etc/passwd", "stamp /etc/passwd 0 0", "stamp - 0 0", "stamp Package.swift 0 0", "stamp passwd 0 0", "plot out /tmp/p.svg", "quit"] {
            let answer = try serve.json("POST", "/api/command", body: line)
            #expect(answer["ok"] as? Bool == false, "\(line)")
            #expect((answer["error"] as? [String: Any])?["code"] as? String == "refused", "\(line)")
        }
        #expect(try serve.json("POST", "/api/command", body: "stamp glider 0 0")["ok"] as? Bool == true)
    }
}
