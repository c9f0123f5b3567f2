// `HashlifeBenchmarks serve`: `hashlife serve`'s costs, against their goals:
//   - a full-window frame of 1920×1080 blocks, computed and sent over a socket, for the Gosper
//     gun at generation 10^100 zoomed to fit, and for a 2048² soup at 1:1 (goal: at most 10 ms);
//   - the server's memory with 10 tabs open (each an event stream and full-window frames)
//     against one (goal: at most 20 MB more);
//   - the page's frame rate while playing the gun at step 1, in headless Chromium when it is
//     installed (goal: 60 frames a second).
// Median of 9 frames (each of another view: none comes from the frame cache), on a server in
// this process bound to a free loopback port.

import Foundation
import HashlifeEditing
import HashlifeEngine
import HashlifeFormats
import HashlifeServer
import HashlifeTestSupport

func runServe() {
    let token = "0123456789abcdef0123456789abcdef"
    func started(_ session: Session) -> (HTTPServer, ServeApp) {
        let hub = ServeHub(session: session, name: "bench", boardID: nil, service: nil, shapes: ShapeLibrary(folder: nil))
        let app = ServeApp(hub: hub, settings: ServeSettings(path: nil), policy: AccessPolicy(token: token, port: 0, boundHost: "127.0.0.1"))
        let server = HTTPServer(host: "127.0.0.1") { app.handle($0) }
        try! server.start(port: 0) { port in app.policy = AccessPolicy(token: token, port: port, boundHost: "127.0.0.1") }
        return (server, app)
    }

    // The gun at 10^100, fit: the smallest level whose 1920×1080 blocks hold its bounds.
    let gun = Session()
    try! gun.load(path: Fixtures.pattern("gosper-glider-gun.rle"))
    try! gun.goto(BigUInt.power(BigUInt(10), 100))
    let box = gun.universe.boundingBox!
    var level = 0
    while (box.width >> level) >= BigUInt(1900) || (box.height >> level) >= BigUInt(1060) { level += 1 }
    let (gunServer, _) = started(gun)
    // The top-left on the engine's grid at that level, as the page asks (`Frame.gridPhase`).
    let blockSide = BigUInt.one << level
    let phase = Frame.gridPhase(of: gun.universe)
    let x = (box.x - phase.x).floorDivided(by: blockSide).quotient * BigInt(blockSide) + phase.x
    let y = (box.y - phase.y).floorDivided(by: blockSide).quotient * BigInt(blockSide) + phase.y
    let gunTimes = frameTimes(port: gunServer.port, token: token) { i in
        "x=\(x + BigInt(i) * BigInt(BigUInt.one << level))&y=\(y)&columns=1920&rows=1080&level=\(level)"
    }
    print("frame 1920×1080 of the gun at 10^100, fit (level \(level)): median \(format2(gunTimes.median)) ms, \(gunTimes.bytes / 1024) KiB (target ≤ 10)")
    // The query, and the same frame asked row by row (what frames off the grid take).
    var gunQueries: [Double] = [], gunRowByRow: [Double] = []
    for i in 0..<9 {
        let clock = ContinuousClock()
        let start = clock.now
        _ = Frame.query(gun.universe, x: x + BigInt(i) * BigInt(blockSide), y: y, columns: 1920, rows: 1080, level: level)
        let queried = clock.now
        _ = Frame.rowByRowQuery(gun.universe, x: x + BigInt(i) * BigInt(blockSide), y: y, columns: 1920, rows: 1080, level: level)
        gunQueries.append((queried - start) / .milliseconds(1))
        gunRowByRow.append((clock.now - queried) / .milliseconds(1))
    }
    print("  of which the query \(format2(gunQueries.sorted()[4])) ms (row by row \(format2(gunRowByRow.sorted()[4])) ms)")
    gunServer.stop()

    // A 2048² soup at 1:1.
    let soup = Session()
    let cells = randomSoup(width: 2048, height: 2048, density: 0.375, seed: 2032).map { PatternCell(x: $0.x, y: $0.y) }
    try! soup.load(document: PatternDocument(cells: cells), label: "soup")
    let (soupServer, _) = started(soup)
    let soupTimes = frameTimes(port: soupServer.port, token: token) { i in "x=\(i)&y=0&columns=1920&rows=1080&level=0" }
    print("frame 1920×1080 of a 2048² soup at 1:1: median \(format2(soupTimes.median)) ms, \(soupTimes.bytes / 1024) KiB (target ≤ 10)")
    // Where the soup's time goes: the query, the encoding, and the rest (HTTP, the socket).
    var queryTimes: [Double] = [], encodeTimes: [Double] = [], rowByRowTimes: [Double] = []
    for i in 0..<9 {
        let clock = ContinuousClock()
        let start = clock.now
        let frame = Frame.query(soup.universe, x: BigInt(i), y: .zero, columns: 1920, rows: 1080, level: 0)
        let queried = clock.now
        _ = frame.encoded
        let encoded = clock.now
        _ = Frame.rowByRowQuery(soup.universe, x: BigInt(i), y: .zero, columns: 1920, rows: 1080, level: 0)
        queryTimes.append((queried - start) / .milliseconds(1))
        encodeTimes.append((encoded - queried) / .milliseconds(1))
        rowByRowTimes.append((clock.now - encoded) / .milliseconds(1))
    }
    print("  of which the query \(format2(queryTimes.sorted()[4])) ms (row by row \(format2(rowByRowTimes.sorted()[4])) ms), the encoding \(format2(encodeTimes.sorted()[4])) ms")

    // The soup at 1:2 and 1:4: blocks smaller than the engine's leaves.
    for level in [1, 2] {
        var fast: [Double] = [], slow: [Double] = []
        for i in 0..<9 {
            let clock = ContinuousClock()
            let start = clock.now
            _ = Frame.query(soup.universe, x: BigInt(i << level), y: BigInt(1), columns: 1920, rows: 1080, level: level)
            let queried = clock.now
            _ = Frame.rowByRowQuery(soup.universe, x: BigInt(i << level), y: BigInt(1), columns: 1920, rows: 1080, level: level)
            fast.append((queried - start) / .milliseconds(1))
            slow.append((clock.now - queried) / .milliseconds(1))
        }
        print("  the query at 1:\(1 << level) \(format2(fast.sorted()[4])) ms (row by row \(format2(slow.sorted()[4])) ms)")
    }
    // The soup at 1:3 and 1:6: each pixel the highest of 3×3 blocks of 1 or 2 cells, against
    // the engine's viewport query at that zoom.
    for level in [0, 1] {
        var fast: [Double] = [], slow: [Double] = []
        for i in 0..<9 {
            let clock = ContinuousClock()
            let start = clock.now
            _ = Frame.query(soup.universe, x: BigInt(3 * i << level), y: BigInt(1), columns: 1920, rows: 1080, level: level, factor: 3)
            let queried = clock.now
            var blocks = soup.universe.blocks(of: Viewport(x: BigInt(3 * i << level), y: BigInt(1), columns: 1920, rows: 1080,
                                                           zoom: BigUInt(3) << level))
            for row in 0..<1080 { _ = blocks.row(row) }
            fast.append((queried - start) / .milliseconds(1))
            slow.append((clock.now - queried) / .milliseconds(1))
        }
        print("  the query at 1:\(3 << level) \(format2(fast.sorted()[4])) ms (the viewport query \(format2(slow.sorted()[4])) ms)")
    }

    soupServer.stop()

    // The same soup in LifeHistory (a byte a block, the highest state), at 1:1 and 1:4.
    let history = try! AnyRule.parse("LifeHistory").makeUniverse()
    try! history.fillRandomly(CellRect(x: .zero, y: BigInt(1), width: BigUInt(2048), height: BigUInt(2048)),
                              density: 0.375, seed: 2032, state: 1, mode: .or)
    for level in [0, 2] {
        var fast: [Double] = [], slow: [Double] = []
        for i in 0..<9 {
            let clock = ContinuousClock()
            let start = clock.now
            _ = Frame.query(history, x: BigInt(i << level), y: BigInt(1), columns: 1920, rows: 1080, level: level)
            let queried = clock.now
            _ = Frame.rowByRowQuery(history, x: BigInt(i << level), y: BigInt(1), columns: 1920, rows: 1080, level: level)
            fast.append((queried - start) / .milliseconds(1))
            slow.append((clock.now - queried) / .milliseconds(1))
        }
        print("  in LifeHistory, the query at 1:\(1 << level) \(format2(fast.sorted()[4])) ms (row by row \(format2(slow.sorted()[4])) ms)")
    }

    // Tabs: each an event stream and a full-window frame, one tab and then ten, against a
    // `hashlife serve` process of its own (its resident memory, not this process's).
    let folder = "/tmp/hashlife-bench-serve-\(getpid())"
    mkdir(folder, 0o700)
    defer { for name in ["soup.mc", "boards.sqlite", "boards.sqlite-wal", "boards.sqlite-shm"] { unlink(folder + "/" + name) }; rmdir(folder) }
    let soupFile = folder + "/soup.mc"
    try! FileIO.writeAtomically(try! PatternCodec.encode(soup.universe, as: .macrocell, compressed: false, metadata: PatternMetadata()), to: soupFile)
    let binary = ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) as NSString?)?.deletingLastPathComponent ?? ".build/debug"
    let child = Process()
    child.executableURL = URL(fileURLWithPath: binary + "/hashlife")
    child.arguments = ["serve", soupFile, "--port", "0"]
    child.environment = ["HOME": folder, "HASHLIFE_STORE": folder + "/boards.sqlite", "XDG_CONFIG_HOME": folder]
    let childOutput = Pipe()
    child.standardOutput = childOutput
    child.standardError = FileHandle.nullDevice
    try! child.run()
    var line = [UInt8]()
    while let byte = childOutput.fileHandleForReading.readData(ofLength: 1).first, byte != 0x0A { line.append(byte) }
    let url = String(decoding: line, as: UTF8.self)
    let port = Int(url.split(separator: ":")[2].split(separator: "/")[0])!
    let childToken = String(url.split(separator: "=").last!)
    func tab() -> BenchClient {
        let client = BenchClient(port: port)
        client.send("GET /api/events?token=\(childToken) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        _ = client.readSome()
        let frames = BenchClient(port: port)
        _ = frames.get("/api/frame?x=0&y=0&columns=1920&rows=1080&level=0&token=\(childToken)", port: port)
        client.companion = frames
        return client
    }
    func childResidentKiB() -> Int { residentKiB(path: "/proc/\(child.processIdentifier)/status") }
    var tabs = [tab()]
    usleep(300_000)
    let one = childResidentKiB()
    for _ in 0..<9 { tabs.append(tab()) }
    let stepper = BenchClient(port: port)
    stepper.send("POST /api/command?token=\(childToken) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 6\r\n\r\nstep 1")
    _ = stepper.readSome()
    for t in tabs { _ = t.companion!.get("/api/frame?x=0&y=0&columns=1920&rows=1080&level=0&token=\(childToken)", port: port) }
    usleep(300_000)
    let ten = childResidentKiB()
    print("memory of the server with 10 tabs: \(format2(Double(ten - one) / 1024)) MB more than with 1 (target ≤ 20); resident \(ten / 1024) MB")
    tabs.removeAll()
    kill(child.processIdentifier, SIGTERM)
    child.waitUntilExit()

    // The page's frame rate while playing the gun at step 1.
    let script = Fixtures.repositoryRoot + "/scripts/serve-fps"
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"), FileManager.default.fileExists(atPath: script) else {
        print("skipping the page's frame rate: headless Chromium is not installed"); return
    }
    let player = Session()
    try! player.load(path: Fixtures.pattern("gosper-glider-gun.rle"))
    let (playServer, _) = started(player)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [script, "http://127.0.0.1:\(playServer.port)/?token=\(token)"]
    let output = Pipe()
    process.standardOutput = output
    try! process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    print("the page playing the gun at step 1: \(text.trimmingCharacters(in: .whitespacesAndNewlines)) frames a second (target 60)")
    playServer.stop()
}

/// Times of 9 frame requests on one kept-alive connection (after one to warm up), and the size;
/// each asks another view (`query(i)`), so that none is answered from the frame cache.
func frameTimes(port: Int, token: String, query: (Int) -> String) -> (median: Double, bytes: Int) {
    let client = BenchClient(port: port)
    var times: [Double] = []
    var bytes = 0
    for i in 0..<10 {
        let clock = ContinuousClock()
        let start = clock.now
        bytes = client.get("/api/frame?\(query(i))&token=\(token)", port: port)
        if i > 0 { times.append((clock.now - start) / .milliseconds(1)) }
    }
    return (times.sorted()[4], bytes)
}

/// Resident set size of a process in KiB (VmRSS), this one by default.
func residentKiB(path: String = "/proc/self/status") -> Int {
    guard let bytes = try? FileIO.read(path) else { return 0 }
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    return 0
}

/// A minimal HTTP client over a kept-alive loopback connection.
final class BenchClient {
    let fd: Int32
    var companion: BenchClient?
    init(port: Int) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
    deinit { close(fd) }
    func send(_ text: String) { _ = Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
    func readSome() -> Int {
        var chunk = [UInt8](repeating: 0, count: 65536)
        return chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    }
    /// GET `target`; returns the body's size once all of it has arrived.
    func get(_ target: String, port: Int) -> Int {
        send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return 0 }
            buffer += chunk[..<n]
            let text = String(decoding: buffer.prefix(4096), as: UTF8.self)
            guard let headEnd = text.range(of: "\r\n\r\n"), let lengthLine = text.range(of: "Content-Length: ") else { continue }
            let length = Int(text[lengthLine.upperBound...].prefix { $0.isNumber }) ?? 0
            let headBytes = text[..<headEnd.upperBound].utf8.count
            if buffer.count >= headBytes + length { return length }
        }
    }
}
