import Foundation
import Testing
import HashlifeEditing
@testable import HashlifeREPL
import HashlifeTerminal
import HashlifeTestSupport

/// The runner's own part: a script's exit status and the line editor's history file.
@Suite struct REPLRunnerTests {
    let glider = Fixtures.pattern("glider.rle")

    @Test func aScriptWithAFailedCommandEndsWithStatus1() {
        let session = Session(columns: 8, rows: 4)
        let failing = REPLRunner.run(session: session, json: true, lines: ["load \(glider)", "bogus", "step 4"], failsOnErrors: true)
        #expect(failing.status == 1)
        #expect(failing.output.split(separator: "\n").count == 3, "every command still runs: \(failing.output)")
        let quitting = REPLRunner.run(session: session, json: false, lines: ["step x", "quit", "gen"], failsOnErrors: true)
        #expect(quitting.status == 1)
        let words = REPLRunner.run(session: session, json: false, lines: ["load \"unterminated"], failsOnErrors: true)
        #expect(words.status == 1 && words.output.hasPrefix("error: unterminated quote"))
        let clean = REPLRunner.run(session: session, json: false, lines: ["load \(glider)", "# a comment", "", "step 4", "gen"], failsOnErrors: true)
        #expect(clean.status == 0, "\(clean.output)")
        // At a terminal (`failsOnErrors` false) an error is answered and the status stays 0.
        let interactive = REPLRunner.run(session: session, json: false, lines: ["bogus"])
        #expect(interactive.status == 0 && interactive.output.hasPrefix("error: "))
    }

    @Test func historyPersistsToAFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/state/hashlife/repl_history"
        let first = LineEditor(prompt: "> ", historyPath: path)
        var keys = KeyList(typing: "load a.rle\rstep 5\r")
        _ = first.readLine(from: &keys, columns: 80) { _ in }
        _ = first.readLine(from: &keys, columns: 80) { _ in }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "load a.rle\nstep 5\n")
        let second = LineEditor(prompt: "> ", historyLimit: 1, historyPath: path)
        #expect(second.history == ["step 5"])
        #expect(REPLRunner.historyPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/hashlife/repl_history")
        #expect(REPLRunner.historyPath(environment: ["HOME": "/h"]) == "/h/.local/state/hashlife/repl_history")
        #expect(REPLRunner.historyPath(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]) == "/h/.local/state/hashlife/repl_history")
        #expect(REPLRunner.historyPath(environment: [:]) == nil)
    }
}

/// The built `hashlife` executable beside this test binary, or in `.build/debug`.
let hashlifeBinary: String? = {
    var candidates: [String] = []
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        candidates.append((executable as NSString).deletingLastPathComponent + "/hashlife")
    }
    candidates.append(Fixtures.repositoryRoot + "/.build/debug/hashlife")
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

/// Starts `hashlife ARGS` (the built executable) with `stdin` and a pipe for its standard
/// output (standard error goes nowhere), killed (SIGKILL: the child inherits this process's
/// blocked signals) after 60 s.
func launchHashlife(_ arguments: [String], stdin: Any = FileHandle.nullDevice) throws -> (Process, Pipe) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: hashlifeBinary!)
    process.arguments = arguments
    process.standardInput = stdin
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let watched = process
    DispatchQueue.global().asyncAfter(deadline: .now() + 60) { if watched.isRunning { kill(watched.processIdentifier, SIGKILL) } }
    return (process, output)
}

@Suite(.enabled(if: hashlifeBinary != nil, "the hashlife executable has not been built (swift build)"))
struct REPLEndToEndTests {
    /// Starts `hashlife repl ARGS` (see `launchHashlife`).
    private func launch(_ arguments: [String], stdin: Any) throws -> (Process, Pipe) {
        try launchHashlife(["repl"] + arguments, stdin: stdin)
    }

    @Test func jsonFromAFileAnswersOneLinePerCommand() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = directory + "/commands.txt"
        let commands = ["load \(Fixtures.pattern("acorn.rle"))", "step 5206", "pop", "bounds", "view", "frobnicate", "gen"]
        try ("# acorn settles\n" + commands.joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
        let (process, output) = try launch(["--json", "--size", "16x6"], stdin: try #require(FileHandle(forReadingAtPath: script)))
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "'frobnicate' failed: a script's status says so")
        let objects = try jsonLines(String(decoding: data, as: UTF8.self))
        #expect(objects.count == commands.count)
        #expect(objects[2]["population"] as? String == "633")
        #expect((objects[4]["rows"] as? [String])?.count == 6)
        #expect(objects[5]["ok"] as? Bool == false)
        #expect(objects[6]["generation"] as? String == "5206")
    }

    @Test func aScriptEndsWithStatus1WhenAnyCommandFailedElse0() throws {
        let directory = try temporaryDirectory()
        for (commands, status) in [(["load \(Fixtures.pattern("glider.rle"))", "step 4", "pop"], Int32(0)),
                                   (["load \(Fixtures.pattern("missing.rle"))", "pop"], 1),
                                   (["pop", "step nine", "pop", "quit"], 1)] {
            for json in [false, true] {
                let script = directory + "/script.txt"
                try (commands.joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
                let (process, output) = try launch(json ? ["--json"] : [], stdin: try #require(FileHandle(forReadingAtPath: script)))
                let data = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                #expect(process.terminationStatus == status, "\(commands) json \(json): \(String(decoding: data, as: UTF8.self))")
            }
        }
        let help = try launchHashlife(["repl", "--help"])
        let text = String(decoding: help.1.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        help.0.waitUntilExit()
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("every command still runs and the exit status is 1 if any of them failed, else 0"), "\(text)")
    }

    @Test func interruptWhileIdleOnAPipeEndsWithStatus130() throws {
        let input = Pipe()
        let (process, output) = try launch([], stdin: input)
        input.fileHandleForWriting.write(Data("gen\n".utf8))
        let first = output.fileHandleForReading.availableData  // waits for the answer: the REPL is idle now
        #expect(String(decoding: first, as: UTF8.self) == "generation 0\n")
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130)
    }

    @Test func interruptDuringAStepCancelsItAndTheSessionGoesOn() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let soup = directory + "/soup.lif"
        let cells = randomSoup(width: 24, height: 24, density: 0.4, seed: 99)
        try ("#Life 1.06\n" + cells.map { "\($0.x) \($0.y)\n" }.joined()).write(toFile: soup, atomically: true, encoding: .utf8)
        let input = Pipe()
        let (process, output) = try launch(["--json"], stdin: input)
        // Seeds (B2/S) never settles, so the step runs until interrupted.
        input.fileHandleForWriting.write(Data("load \(soup) rule B2/S\nstep 2^1000\n".utf8))
        let loaded = output.fileHandleForReading.availableData
        #expect(String(decoding: loaded, as: UTF8.self).hasPrefix(#"{"ok":true,"path":"#))
        usleep(700_000)  // the step is running
        process.interrupt()
        input.fileHandleForWriting.write(Data("gen\nquit\n".utf8))
        try input.fileHandleForWriting.close()
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "the cancelled step answered an error, so the script's status is 1")
        let objects = try jsonLines(String(decoding: rest, as: UTF8.self))
        #expect(objects.count == 3)
        let error = try #require(objects.first?["error"] as? [String: Any])
        #expect(error["code"] as? String == "cancelled")
        #expect(error["message"] as? String == "interrupted at generation 0")
        #expect(objects[1]["generation"] as? String == "0")
        #expect(objects[2]["ok"] as? Bool == true)
    }
}
