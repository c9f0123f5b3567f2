import Foundation
import Testing
import HashlifeTestSupport

/// `hashlife serve` as a person starts it: the URL first, the page at once, Ctrl-C or SIGTERM
/// saving the board and exiting 130.
@Suite struct ServeCommandTests {
    /// Starts `hashlife serve ARGUMENTS` with its store and settings in `folder`; returns the
    /// process and its first line of standard output.
    func serve(_ arguments: [String], folder: String) throws -> (Process, String, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: builtHashlife!)
        process.arguments = ["serve"] + arguments
        process.environment = ["HOME": folder, "XDG_CONFIG_HOME": folder + "/config", "XDG_DATA_HOME": folder + "/data",
                               "XDG_STATE_HOME": folder + "/state", "HASHLIFE_STORE": folder + "/boards.sqlite"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var line = [UInt8]()
        let handle = output.fileHandleForReading
        while true {
            let byte = handle.readData(ofLength: 1)
            guard let first = byte.first, first != 0x0A else { break }
            line.append(first)
        }
        return (process, String(decoding: line, as: UTF8.self), errors)
    }

    @Test(.enabled(if: builtHashlife != nil, "the hashlife executable has not been built (swift build)"))
    func theFirstLineIsTheURLWithATokenAndSIGTERMSavesAndExits130() throws {
        let folder = ScratchFolder.make("serve-cli")
        let (process, url, errors) = try serve([Fixtures.pattern("glider.rle"), "--port", "0"], folder: folder)
        defer { if process.isRunning { process.terminate() } }
        let match = url.wholeMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{32})/)
        let (port, token) = try #require(match.map { (Int($0.1)!, String($0.2)) }, "first line: \(url)")
        // The URL answers 200 directly, with the cookie; an edit through the API.
        let page = try httpExchange(port: port, "GET /?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        #expect(page.hasPrefix("HTTP/1.1 200 OK"))
        #expect(page.contains("Set-Cookie: hashlife_token_\(port)=\(token); Path=/; HttpOnly; SameSite=Strict"))
        let edit = try httpExchange(port: port, "POST /api/command?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 10\r\nConnection: close\r\n\r\nset 50 50 ")
        #expect(edit.contains("{\"ok\":true"))
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.contains("boards saved"))
        // The board is in the store with the edit: the glider's 5 cells and one more.
        let list = Process()
        list.executableURL = URL(fileURLWithPath: builtHashlife!)
        list.arguments = ["board", "list"]
        list.environment = ["HOME": folder, "HASHLIFE_STORE": folder + "/boards.sqlite"]
        let listed = Pipe()
        list.standardOutput = listed
        try list.run()
        list.waitUntilExit()
        let boards = String(decoding: listed.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(boards.contains("Glider  B3/S23  0           6"), "\(boards)")
    }

    @Test(.enabled(if: builtHashlife != nil, "the hashlife executable has not been built (swift build)"))
    func ctrlCAlsoExits130AndTheDefaultPortIs8765OrTheNextFree() throws {
        let folder = ScratchFolder.make("serve-cli-int")
        let (process, url, _) = try serve([], folder: folder)
        defer { if process.isRunning { process.terminate() } }
        let port = try #require(url.firstMatch(of: /:(\d+)\//).map { Int($0.1)! }, "first line: \(url)")
        #expect((8765...8864).contains(port))
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
    }

    @Test func badPortsAndBothFileAndBoardAreUsageErrors() {
        #expect(hashlife("serve", "--port", "70000").status == 64)
        #expect(hashlife("serve", Fixtures.pattern("glider.rle"), "--board", "ab").status == 64)
        #expect(hashlife("serve", "--host", "not-an-address", "--port", "0").err.contains("not a numeric"))
    }
}

/// Sends `request` to 127.0.0.1:`port` and reads the answer to the end.
func httpExchange(port: Int, _ request: String) throws -> String {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let status = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard status == 0 else { throw CocoaError(.fileReadUnknown) }
    _ = Array(request.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
    var answer = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n <= 0 { break }
        answer += chunk[..<n]
    }
    return String(decoding: answer, as: UTF8.self)
}
