import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `--out` writes only files the user may write, as `cp` and a shell's `>` do.
@Suite struct OutputPermissionTests {
    let glider = Fixtures.pattern("glider.rle")

    /// A new folder holding `keep.rle`, which says "kept" and is read-only (mode 444).
    func readOnlyFile() throws -> (folder: URL, path: String) {
        let folder = try temporaryFolder()
        let keep = folder.appendingPathComponent("keep.rle").path
        try "kept\n".write(toFile: keep, atomically: true, encoding: .utf8)
        #expect(chmod(keep, 0o444) == 0)
        return (folder, keep)
    }

    @Test(.enabled(if: geteuid() != 0, "root may write a read-only file (access(2) grants it, as to cp); see the setpriv test"))
    func aReadOnlyOutputIsRefusedWithPermissionDenied() throws {
        let (folder, keep) = try readOnlyFile()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = hashlife("run", glider, "--gen", "4", "--out", keep)
        #expect(result.status == 1)
        #expect(result.err == "hashlife: cannot write \(keep): Permission denied\n", "\(result.err)")
        #expect(try String(contentsOfFile: keep, encoding: .utf8) == "kept\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["keep.rle"])
    }

    @Test(.enabled(if: geteuid() == 0, "only root may write a read-only file"))
    func rootReplacesAReadOnlyOutputAsCpWritesIt() throws {
        let (folder, keep) = try readOnlyFile()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = hashlife("run", glider, "--gen", "4", "--out", keep)
        #expect(result.status == 0, "\(result.err)")
        #expect(try String(contentsOfFile: keep, encoding: .utf8).contains("x = 3, y = 3"))
        let mode = try FileManager.default.attributesOfItem(atPath: keep)[.posixPermissions] as? Int
        #expect(mode == 0o444, "the replaced file keeps its permissions")
    }

    /// Runs the built binary as the unprivileged user nobody (65534) in a folder it owns.
    @Test(.enabled(if: builtHashlife != nil, "the hashlife executable has not been built (swift build)"),
          .enabled(if: geteuid() == 0, "needs root to run the binary as another user (setpriv --reuid)"),
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "setpriv (util-linux) is not installed"))
    func anUnprivilegedUserIsRefusedAReadOnlyOutputAndMayWriteItsOwn() throws {
        let binary = try #require(builtHashlife)
        var template = Array("/tmp/hashlife-nobody-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        let folder = String(cString: try #require(made))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let nobody: uid_t = 65534
        func own(_ path: String, mode: mode_t) {
            #expect(chown(path, nobody, gid_t(nobody)) == 0 && chmod(path, mode) == 0, "\(path)")
        }
        own(folder, mode: 0o755)
        let input = folder + "/g.rle", keep = folder + "/keep.rle", mine = folder + "/mine.rle"
        try String(contentsOfFile: glider, encoding: .utf8).write(toFile: input, atomically: false, encoding: .utf8)
        try "kept\n".write(toFile: keep, atomically: false, encoding: .utf8)
        try "mine\n".write(toFile: mine, atomically: false, encoding: .utf8)
        own(input, mode: 0o644)
        own(keep, mode: 0o444)
        own(mine, mode: 0o640)

        func asNobody(_ arguments: [String]) throws -> (status: Int32, err: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", binary] + arguments
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            let err = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = err
            try process.run()
            let text = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: text, as: UTF8.self))
        }
        // The user may not write keep.rle, though it may replace names in its folder.
        let refused = try asNobody(["run", "g.rle", "--gen", "4", "--out", "keep.rle"])
        #expect(refused.status == 1 && refused.err == "hashlife: cannot write keep.rle: Permission denied\n", "\(refused)")
        #expect(try String(contentsOfFile: keep, encoding: .utf8) == "kept\n")
        // A file it may write is replaced (through a temporary file and a rename), keeping its mode.
        let written = try asNobody(["run", "g.rle", "--gen", "4", "--out", "mine.rle"])
        #expect(written.status == 0, "\(written.err)")
        #expect(try String(contentsOfFile: mine, encoding: .utf8).contains("x = 3, y = 3"))
        let mode = try FileManager.default.attributesOfItem(atPath: mine)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        // A new file is created.
        let created = try asNobody(["soup", "4x4", "--out", "new.rle"])
        #expect(created.status == 0, "\(created.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["g.rle", "keep.rle", "mine.rle", "new.rle"])
    }
}
