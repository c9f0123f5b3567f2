import Foundation
import Testing
@testable import HashlifeServer
import HashlifeEditing
import HashlifeEngine

/// HTTP/1.1 against a real socket: keep-alive, pipelining, the error statuses with the
/// answer-then-drain close, many clients at once, and the time limits.
@Suite struct ProtocolTests {
    @Test func keptAliveConnectionsAnswerPipelinedRequestsInOrder() throws {
        let serve = try startServer()
        defer { serve.stop() }
        let client = try RawClient(port: serve.port)
        let state = request("GET", "/api/state?\(serve.tokenQuery)", host: serve.hostHeader)
        let command = request("POST", "/api/command?\(serve.tokenQuery)", host: serve.hostHeader, body: "set 3 4")
        let population = request("POST", "/api/command?\(serve.tokenQuery)", host: serve.hostHeader, body: "pop")
        client.send(state + command + population)
        let first = try #require(client.response())
        #expect(first.status == 200 && first.header("Connection") == "keep-alive")
        #expect(first.text.contains("\"population\":\"0\""))
        let second = try #require(client.response())
        #expect(second.status == 200 && second.text.hasPrefix("{\"ok\":true"))
        let third = try #require(client.response())
        #expect(third.text.contains("\"population\":\"1\""))
        // The same connection goes on answering.
        client.send(state)
        #expect(client.response()?.status == 200)
    }

    @Test func malformedRequestsGet400AndTheServerGoesOn() throws {
        let serve = try startServer()
        defer { serve.stop() }
        for junk in ["GARBAGE\r\n\r\n", "GET /\r\n\r\n", "GET / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n",
                     "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -3\r\n\r\n", "G\u{1}T / HTTP/1.1\r\n\r\n"] {
            let client = try RawClient(port: serve.port)
            client.send(junk)
            let response = try #require(client.response(), "no answer to \(junk.debugDescription)")
            #expect(response.status == 400, "\(junk.debugDescription)")
            #expect(response.header("Connection") == "close")
            #expect(client.readsToCleanEnd())
        }
        #expect(try serve.fetch("GET", "/api/state").status == 200)
    }

    @Test func oversizedRequestsAreAnsweredBeforeTheConnectionClosesCleanly() throws {
        var limits = HTTPLimits()
        limits.body = 1000
        let serve = try startServer(limits: limits)
        defer { serve.stop() }
        // A request line past its limit: 431, while the client keeps sending.
        let long = try RawClient(port: serve.port)
        long.send("GET /" + String(repeating: "a", count: 20_000) + " HTTP/1.1\r\nHost: \(serve.hostHeader)\r\n\r\n")
        #expect(long.response()?.status == 431)
        #expect(long.readsToCleanEnd())
        // Headers past theirs: 431.
        let headers = try RawClient(port: serve.port)
        headers.send("GET /api/state HTTP/1.1\r\nHost: \(serve.hostHeader)\r\n" + String(repeating: "X-Filler: \(String(repeating: "b", count: 100))\r\n", count: 400) + "\r\n")
        #expect(headers.response()?.status == 431)
        #expect(headers.readsToCleanEnd())
        // A body past its limit: 413, and the body the client then sends is drained, not reset.
        let body = try RawClient(port: serve.port)
        body.send("POST /api/command?\(serve.tokenQuery) HTTP/1.1\r\nHost: \(serve.hostHeader)\r\nContent-Length: 500000\r\n\r\n")
        body.send([UInt8](repeating: 0x61, count: 500_000))
        let refused = try #require(body.response())
        #expect(refused.status == 413)
        #expect(refused.text.contains("larger than 1000 bytes"))
        #expect(body.readsToCleanEnd(), "the connection was reset (errno \(body.lastError))")
        #expect(try serve.fetch("GET", "/api/state").status == 200)
    }

    @Test func aClosingAnswerIsReadWholeThoughTheClientSentMore() throws {
        let serve = try startServer()
        defer { serve.stop() }
        let client = try RawClient(port: serve.port)
        let closing = request("GET", "/api/state?\(serve.tokenQuery)", host: serve.hostHeader, headers: ["Connection: close"])
        let more = request("POST", "/api/command?\(serve.tokenQuery)", host: serve.hostHeader, body: String(repeating: "x", count: 200_000))
        client.send(closing + more)
        let answer = try #require(client.response())
        #expect(answer.status == 200 && answer.header("Connection") == "close")
        #expect(client.readsToCleanEnd(), "the connection was reset (errno \(client.lastError))")
    }

    @Test func aHundredConcurrentClientsAreAllAnswered() throws {
        let serve = try startServer()
        defer { serve.stop() }
        let port = serve.port, host = serve.hostHeader, query = serve.tokenQuery
        let statuses = Mutex100()
        let clients = try (0..<100).map { _ in try RawClient(port: port) }
        DispatchQueue.concurrentPerform(iterations: 100) { i in
            let client = clients[i]
            client.send(request("POST", "/api/command?\(query)", host: host, body: "set \(i) 0"))
            client.send(request("GET", "/api/state?\(query)", host: host))
            let a = client.response()?.status ?? 0, b = client.response()?.status ?? 0
            statuses.record(a == 200 && b == 200)
        }
        #expect(statuses.successes == 100)
        #expect(serve.app.hub.main.session.universe.population == BigUInt(100))
    }

    @Test func idleAndSlowClientsTimeOut() throws {
        var limits = HTTPLimits()
        limits.idleSeconds = 1
        limits.requestSeconds = 1
        let serve = try startServer(limits: limits)
        defer { serve.stop() }
        // Idle after an answer: closed without a word.
        let idle = try RawClient(port: serve.port)
        idle.send(request("GET", "/api/state?\(serve.tokenQuery)", host: serve.hostHeader))
        #expect(idle.response()?.status == 200)
        let start = Date()
        #expect(idle.readsToCleanEnd())
        #expect(Date().timeIntervalSince(start) < 5)
        // A request that never finishes arriving (slowloris): 408.
        let slow = try RawClient(port: serve.port)
        slow.send("GET /api/state HTTP/1.1\r\nHost: \(serve.hostHeader)\r\n")
        let started = Date()
        #expect(slow.response()?.status == 408)
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func connectionsPastTheLimitAreAnswered503() throws {
        var limits = HTTPLimits()
        limits.connections = 2
        let serve = try startServer(limits: limits)
        defer { serve.stop() }
        let a = try RawClient(port: serve.port), b = try RawClient(port: serve.port)
        a.send(request("GET", "/api/state?\(serve.tokenQuery)", host: serve.hostHeader))
        b.send(request("GET", "/api/state?\(serve.tokenQuery)", host: serve.hostHeader))
        #expect(a.response()?.status == 200 && b.response()?.status == 200)
        let c = try RawClient(port: serve.port)
        #expect(c.response()?.status == 503)
    }

    @Test func largeTextIsGzippedAndFramesAreNot() throws {
        let serve = try startServer()
        defer { serve.stop() }
        let client = try RawClient(port: serve.port)
        client.send(request("GET", "/api/shapes?\(serve.tokenQuery)", host: serve.hostHeader, headers: ["Accept-Encoding: gzip, deflate"]))
        let shapes = try #require(client.response())
        #expect(shapes.header("Content-Encoding") == "gzip")
        #expect(shapes.body.starts(with: [0x1F, 0x8B]))
        client.send(request("GET", "/api/frame?x=0&y=0&columns=512&rows=512&\(serve.tokenQuery)", host: serve.hostHeader, headers: ["Accept-Encoding: gzip"]))
        let frame = try #require(client.response())
        #expect(frame.header("Content-Encoding") == nil)
        #expect(frame.body.starts(with: Array("HLF1".utf8)))
    }
}

/// Counts successes across threads.
final class Mutex100: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func record(_ success: Bool) { lock.lock(); if success { count += 1 }; lock.unlock() }
    var successes: Int { lock.lock(); defer { lock.unlock() }; return count }
}
