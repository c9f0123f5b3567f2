import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// `hashlife ARGS` in process (an array, unlike `hashlife(_:...)`).
func hashlifeRun(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    let captured = Captured()
    let status = HashlifeCommand.run(arguments, context: captured.context)
    return (status, captured.standardOutput, captured.standardError)
}

/// A fresh temporary folder, removed by the caller.
func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hashlife-test-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Hostile command lines: huge numbers, huge pictures, long inputs in messages.
@Suite struct CommandLineLimitTests {
    let glider = Fixtures.pattern("glider.rle")

    @Test func hugeRectanglesAreRefusedNotTrapped() {
        for rect in ["0,0,9223372036854775808,1", "0,0,1,9223372036854775808", "0,0,2^200,2^200"] {
            for format in ["text", "png", "svg"] {
                let result = hashlife("view", glider, "--rect", rect, "--format", format)
                #expect(result.status == 64 && result.err.contains("2^24"), "\(rect) \(format): \(result.err)")
            }
        }
    }

    @Test func oneOutputLimitForEveryPicture() throws {
        // 100000x100000 blocks is over the limit of 2^24 blocks; 4096x4096 is within it.
        let big = hashlife("view", glider, "--size", "100000x100000")
        #expect(big.status == 64 && big.err.contains("16777216"), "\(big.err)")
        let rect = hashlife("view", glider, "--rect", "0,0,1000000,20")
        #expect(rect.status == 64 && rect.err.contains("16777216"), "\(rect.err)")
        let image = hashlife("view", glider, "--rect", "0,0,4096,4096", "--format", "svg", "--scale", "2")
        #expect(image.status == 64 && image.err.contains("pixels"), "\(image.err)")
        // The default size of an image shrinks at large scales to stay within the rule.
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("g.png").path
        let scaled = hashlife("view", glider, "--scale", "64", "--out", png)
        #expect(scaled.status == 0, "\(scaled.err)")
        let repl = hashlife("repl", "--size", "5000x5000")
        #expect(repl.status == 64 && repl.err.contains("16777216"), "\(repl.err)")
    }

    @Test func generationLimitIsStatedTruthfully() {
        let over = hashlife("run", glider, "--gen", "2^65001")
        #expect(over.status == 64 && over.err.contains("must be below 2^65001"), "\(over.err)")
        #expect(!over.err.contains("limit of 2^65001"))
    }

    @Test func hugeNumbersAreRefusedByTheirLengthAndQuotedShortly() {
        let digits = String(repeating: "7", count: 100_000)
        let clock = ContinuousClock()
        let start = clock.now
        for (option, value) in [("--gen", digits), ("--zoom", digits), ("--max-memory", digits), ("--scale", digits), ("--size", "\(digits)x1"), ("--rect", "\(digits),0,1,1"), ("--gen", "3^\(digits)"), ("--gen", "\(digits)^2")] {
            let result = hashlife("view", glider, option, value)
            #expect(result.status == 64, "\(option): \(result.err.prefix(200))")
            #expect(result.err.utf8.count < 400, "\(option): \(result.err.utf8.count) bytes of error")
        }
        #expect(clock.now - start < .seconds(5))
    }

    @Test func controlCharactersInQuotedInputAreEscaped() {
        let result = hashlife("run", glider, "--gen", "12\u{0}\u{1B}[31m")
        #expect(result.status == 64)
        #expect(!result.err.contains("\u{0}") && !result.err.contains("\u{1B}"), "\(result.err.debugDescription)")
        let format = hashlife("view", glider, "--format", String(repeating: "x", count: 10_000) + "\u{0}")
        #expect(format.status == 64 && format.err.utf8.count < 400 && !format.err.contains("\u{0}"))
    }
}

/// Options that would be ignored, typos, version.
@Suite struct CommandLineMessageTests {
    let glider = Fixtures.pattern("glider.rle")

    @Test func ignoredOptionsAreUsageErrors() {
        for arguments in [
            ["run", glider, "--gen", "1", "--format", "mc"],
            ["view", glider, "--grid"],
            ["view", glider, "--density", "--format", "unicode"],
            ["view", glider, "--scale", "4"],
            ["view", glider, "--live", "#FF0000"],
            ["view", glider, "--grid", "--format", "png", "--scale", "2"],
        ] {
            let result = hashlifeRun(arguments)
            #expect(result.status == 64 && !result.err.isEmpty, "\(arguments): \(result.err)")
        }
    }

    @Test func runOutToStandardOutputSendsTheResultLineToStandardError() {
        let result = hashlife("run", glider, "--gen", "4", "--out", "-")
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("#") || result.out.hasPrefix("x"), "\(result.out)")
        #expect(!result.out.contains("4: 5"))
        #expect(result.err == "4: 5\n")
    }

    @Test func typosGetASuggestion() {
        let view = hashlife("veiw", glider)
        #expect(view.status == 64 && view.err.contains("did you mean 'view'?"), "\(view.err)")
        let classify = hashlife("clasify", glider)
        #expect(classify.status == 64 && classify.err.contains("did you mean 'classify'?"))
        let help = hashlife("help", "rnu")
        #expect(help.status == 64 && help.err.contains("did you mean 'run'?"))
        let none = hashlife("zzzzzzzz")
        #expect(none.status == 64 && !none.err.contains("did you mean"))
    }

    @Test func versionIsASubcommandAndListedInHelp() {
        let version = hashlife("version")
        #expect(version.status == 0 && version.out == "hashlife \(HashlifeVersion.string)\n")
        #expect(hashlife("--version").out == version.out)
        let help = hashlife("--help").out
        #expect(help.contains("--version") && help.contains("version"))
    }

    @Test func jsonNamesTreeNodesApartFromStoreNodes() throws {
        for arguments in [["info", glider, "--json"], ["run", glider, "--gen", "4", "--json"]] {
            let result = hashlifeRun(arguments)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
            #expect(object["nodes"] == nil, "\(arguments)")
            #expect(object["tree_nodes"] is Int, "\(arguments)")
            let memory = try #require(object["memory"] as? [String: Any])
            #expect(memory["nodes"] is Int)
        }
        // The glider's tree: the distinct nodes of its quadtree, as `info` prints them.
        let universe = Fixtures.universe("glider.rle")
        let info = try #require(try JSONSerialization.jsonObject(with: Data(hashlife("info", glider, "--json").out.utf8)) as? [String: Any])
        #expect(info["tree_nodes"] as? Int == universe.treeNodeCount)
    }
}

/// Output files: checked before computing, written through links, not replacing devices.
@Suite struct OutputFileTests {
    let glider = Fixtures.pattern("glider.rle")

    @Test func unwritableOutIsRefusedBeforeComputingAndTheResultStillPrinted() {
        let result = hashlife("run", glider, "--gen", "4", "--out", "/nonexistent/dir/x.rle")
        #expect(result.status == 1)
        #expect(result.err == "hashlife: cannot write /nonexistent/dir/x.rle: No such file or directory\n")
        // Refused before any step: the message comes with nothing on standard output.
        #expect(result.out.isEmpty)
    }

    @Test func aFailedWriteAfterComputingStillPrintsTheResult() throws {
        // A late failure: the cell-by-cell writer refuses a pattern too large to list.
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = hashlife("run", Fixtures.pattern("gosper-glider-gun.rle"), "--gen", "2^100", "--out", folder.appendingPathComponent("gun.cells").path)
        #expect(result.status == 1, "\(result.err)")
        #expect(result.out.hasPrefix("1267650600228229401496703205376: "), "\(result.out)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func writesThroughSymbolicLinks() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target.rle").path
        let link = folder.appendingPathComponent("link.rle").path
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.rle")
        #expect(hashlife("convert", glider, link).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.rle")
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("3o!"))
        // A dangling link creates its target.
        let dangling = folder.appendingPathComponent("dangling.rle").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "new.rle")
        #expect(hashlife("convert", glider, dangling).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dangling) == "new.rle")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("new.rle").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["dangling.rle", "link.rle", "new.rle", "target.rle"])
    }

    @Test func writesToFIFOsAndCharacterDevicesDirectly() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A character device (a private null device, so that a regression cannot replace the
        // system's /dev/null): written to, never replaced. Making one needs root; else skipped.
        var info = stat()
        let device = folder.appendingPathComponent("null").path
        if mknod(device, S_IFCHR | 0o666, (1 << 8) | 3) == 0 {
            #expect(hashlife("convert", glider, device, "--format", "rle").status == 0)
            #expect(stat(device, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
        }
        // A FIFO: a reader gets the pattern, and the FIFO stays a FIFO.
        let fifo = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        signal(SIGPIPE, SIG_IGN)  // a reader gone early is then an error, not the end of the tests
        nonisolated(unsafe) var received: [UInt8] = []
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let fd = open(fifo, O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while fd >= 0 {
                let n = read(fd, &buffer, buffer.count)
                if n <= 0 { break }
                received += buffer[0..<n]
            }
            close(fd)
            done.signal()
        }
        #expect(hashlife("convert", glider, fifo, "--format", "rle").status == 0)
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(String(decoding: received, as: UTF8.self).contains("3o!"))
        #expect(stat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }

    @Test func refusesDirectoriesAndSockets() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let directory = folder.appendingPathComponent("d.rle").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let result = hashlife("convert", glider, directory)
        #expect(result.status == 1 && result.err.contains("directory"), "\(result.err)")
        // A Unix socket.
        let socketPath = folder.appendingPathComponent("s.rle").path
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (i, byte) in socketPath.utf8.enumerated() where i < buffer.count - 1 { buffer[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        #expect(bound == 0)
        let refused = hashlife("convert", glider, socketPath)
        #expect(refused.status == 1 && refused.err.contains("socket"), "\(refused.err)")
        var info = stat()
        #expect(lstat(socketPath, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK)
    }
}
