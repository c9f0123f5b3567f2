import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeFormats
import HashlifeInterface
import HashlifeTestSupport

/// `hashlife board …` in process, against a store in a fresh folder.
struct BoardStore {
    let folder: String
    var path: String { folder + "/boards.sqlite" }

    init() throws {
        folder = ScratchFolder.make("board-cli")
    }

    func run(_ arguments: String...) -> (status: Int32, out: String, err: String) {
        let captured = Captured()
        let status = HashlifeCommand.run(["board"] + arguments + ["--store", path], context: captured.context)
        return (status, captured.standardOutput, captured.standardError)
    }

    /// Creates a board from a shipped pattern; its id.
    func new(_ pattern: String, _ extra: String...) throws -> String {
        let captured = Captured()
        let status = HashlifeCommand.run(["board", "new", Fixtures.pattern(pattern)] + extra + ["--store", path], context: captured.context)
        #expect(status == 0, "\(captured.standardError)")
        return String(captured.standardOutput.dropLast())
    }
}

func jsonObject(_ text: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

@Suite struct BoardCommandTests {
    @Test func newPrintsTheUUIDAloneOnALine() throws {
        let store = try BoardStore()
        let result = store.run("new", Fixtures.pattern("glider.rle"))
        #expect(result.status == 0)
        #expect(result.err.isEmpty)
        let line = result.out
        #expect(line.hasSuffix("\n") && line.filter { $0 == "\n" }.count == 1)
        let id = String(line.dropLast())
        #expect(id.range(of: "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$", options: .regularExpression) != nil)
        // `import` is a synonym.
        #expect(store.run("import", Fixtures.pattern("glider.rle"), "--name", "two").status == 0)
        #expect(store.run("list", "--json").out.contains("\"name\":\"two\""))
    }

    @Test func stepPrintsGenerationAndPopulationAsRunDoes() throws {
        let store = try BoardStore()
        let id = try store.new("gosper-glider-gun.rle")
        let stepped = store.run("step", String(id.prefix(6)), "--gen", "2^100")
        #expect(stepped.status == 0, "\(stepped.err)")
        let run = hashlife("run", Fixtures.pattern("gosper-glider-gun.rle"), "--gen", "2^100")
        #expect(stepped.out == run.out)
        // --by adds to the board's generation; the default is one generation.
        let board = Fixtures.universe("acorn.rle")
        let acorn = try store.new("acorn.rle")
        #expect(store.run("step", acorn).out == "1: \(stepAndCount(board, 1))\n")
        #expect(store.run("step", acorn, "--by", "99").out == "100: \(stepAndCount(board, 99))\n")
        #expect(store.run("step", acorn, "--gen", "50").status == 1, "a generation before the board's own")
        #expect(store.run("step", acorn, "--gen", "5", "--by", "5").status == 64)
    }

    func stepAndCount(_ universe: Universe, _ n: Int) -> BigUInt {
        universe.step(by: BigUInt(n))
        return universe.population
    }

    @Test func listShowsATableAndJSONWithBigNumbersAsStrings() throws {
        let store = try BoardStore()
        let gun = try store.new("gosper-glider-gun.rle")
        _ = try store.new("acorn.rle", "--name", "my acorn")
        #expect(store.run("step", gun, "--gen", "10^30").status == 0)
        let table = store.run("list")
        #expect(table.status == 0)
        let lines = table.out.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("ID"))
        #expect(lines[1].hasPrefix(gun.prefix(8)) && lines[1].contains("Gosper glider gun") && lines[1].contains("B3/S23"))
        #expect(lines[2].contains("my acorn"))
        let json = store.run("list", "--json")
        let array = try #require(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        #expect(array[0]["id"] as? String == gun)
        #expect(array[0]["generation"] as? String == "1" + String(repeating: "0", count: 30))
        #expect(array[1]["population"] as? String == "7")
        #expect(array[1]["rule"] as? String == "B3/S23")
    }

    @Test func showGivesMetadataVerdictAndAThumbnail() throws {
        let store = try BoardStore()
        let id = try store.new("glider.rle")
        #expect(store.run("final", id).out == "spaceship from generation 0: period 4, displacement (1, 1), c/4 diagonal\n")
        let shown = store.run("show", id)
        #expect(shown.status == 0)
        #expect(shown.out.contains("id:          \(id)\n"))
        #expect(shown.out.contains("verdict:     spaceship from generation 0"))
        // The shared braille thumbnail: some dots lit.
        #expect(shown.out.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
        let json = try jsonObject(store.run("show", id, "--json").out)
        #expect(json["verdict"] as? String == "spaceship")
        #expect((json["thumbnail"] as? [String])?.isEmpty == false)
    }

    @Test func finalPrintsClassifysJSONAndExits2WhenUndetermined() throws {
        let store = try BoardStore()
        let id = try store.new("acorn.rle")
        let final = store.run("final", id, "--json")
        let classify = hashlife("classify", Fixtures.pattern("acorn.rle"), "--json")
        #expect(final.status == 0)
        #expect(final.out == classify.out)
        let undetermined = store.run("final", id, "--max-gen", "100")
        #expect(undetermined.status == 2)
        #expect(undetermined.out == "undetermined up to generation 100\n")
        #expect(undetermined.err.contains("no verdict within 100 generations"))
    }

    @Test func exportWritesAnyFormatAtomically() throws {
        let store = try BoardStore()
        let id = try store.new("gosper-glider-gun.rle")
        #expect(store.run("step", id, "--gen", "2^100").status == 0)
        let out = store.folder + "/gun.mc.gz"
        #expect(store.run("export", id, out).status == 0)
        let decoded = try PatternCodec.decode(try FileIO.read(out))
        #expect(decoded.format == .macrocell && decoded.compressed)
        #expect(decoded.document.generation == BigUInt(1) << 100)
        #expect(decoded.document.name == "Gosper glider gun")
        // A cell-list format cannot hold it: refused, nothing left behind.
        let rle = store.folder + "/gun.rle"
        let refused = store.run("export", id, rle)
        #expect(refused.status == 1)
        #expect(!FileManager.default.fileExists(atPath: rle))
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.folder).filter { $0.contains(".tmp") }.isEmpty)
    }

    @Test func renameDeleteAndHistory() throws {
        let store = try BoardStore()
        let id = try store.new("acorn.rle")
        #expect(store.run("step", id, "--by", "10").status == 0)
        #expect(store.run("step", id, "--by", "10").status == 0)
        #expect(store.run("history", id, "--csv").out == "generation,population\n0,7\n10,\(popAt(10))\n20,\(popAt(20))\n")
        let json = store.run("history", id, "--json").out
        #expect(json == "[{\"generation\":\"0\",\"population\":\"7\"},{\"generation\":\"10\",\"population\":\"\(popAt(10))\"},{\"generation\":\"20\",\"population\":\"\(popAt(20))\"}]\n")
        #expect(store.run("rename", id, "renamed").status == 0)
        #expect(store.run("list").out.contains("renamed"))
        let empty = store.run("rename", id, "")
        #expect(empty.status == 1 && empty.err == "hashlife: invalid board name: the name is empty\n")
        #expect(store.run("delete", id).status == 0)
        #expect(store.run("list", "--json").out == "[]\n")
        let gone = store.run("show", id)
        #expect(gone.status == 1)
        #expect(gone.err.hasPrefix("hashlife: no board with id"))
    }

    func popAt(_ n: Int) -> BigUInt {
        let universe = Fixtures.universe("acorn.rle")
        universe.step(by: BigUInt(n))
        return universe.population
    }

    @Test func unknownAndAmbiguousIdsAreOneLineErrorsWithExit1() throws {
        let store = try BoardStore()
        var ids: [String] = []
        for _ in 0..<20 { ids.append(try store.new("glider.rle")) }
        let shared = Dictionary(grouping: ids, by: { $0.prefix(1) }).first { $0.value.count > 1 }!.key
        let ambiguous = store.run("show", String(shared))
        #expect(ambiguous.status == 1)
        #expect(ambiguous.err.hasPrefix("hashlife: board id '\(shared)' is ambiguous"))
        #expect(ambiguous.err.filter { $0 == "\n" }.count == 1)
        let unknown = store.run("step", "nothing")
        #expect(unknown.status == 1)
        #expect(unknown.err == "hashlife: no board with id 'nothing' (see 'hashlife board list')\n")
    }

    @Test func aFileThatFailsToParseWritesNothing() throws {
        let store = try BoardStore()
        _ = try store.new("glider.rle")
        let bad = store.folder + "/bad.rle"
        try "x = 2, y = 1\nbz!\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let result = store.run("new", bad)
        #expect(result.status == 1)
        #expect(result.err.hasPrefix("hashlife: \(bad):2:"), "\(result.err)")
        #expect(try JSONSerialization.jsonObject(with: Data(store.run("list", "--json").out.utf8)) as? [Any] != nil)
        #expect(store.run("list", "--json").out.filter { $0 == "{" }.count == 1)
    }

    @Test func usageMistakesExit64() throws {
        let store = try BoardStore()
        #expect(store.run("frobnicate").status == 64)
        #expect(store.run("lst").err.contains("did you mean 'list'?"))
        #expect(store.run("step").status == 64)
        #expect(store.run("list", "extra").status == 64)
        let wrongOption = store.run("list", "--gen", "5")
        #expect(wrongOption.status == 64)
        #expect(wrongOption.err.contains("option '--gen' does not apply to 'board list'"))
        #expect(hashlife("board", "--help").out.contains("Actions:"))
    }

    @Test func aForeignFileAtTheStorePathIsRefusedInOneLine() throws {
        let store = try BoardStore()
        try "not a database\n".write(toFile: store.path, atomically: true, encoding: .utf8)
        let result = store.run("list")
        #expect(result.status == 1)
        #expect(result.err.hasSuffix("is not a hashlife board store (not an SQLite database); it was left untouched\n"))
        #expect(result.err.filter { $0 == "\n" }.count == 1)
        #expect(try String(contentsOfFile: store.path, encoding: .utf8) == "not a database\n")
    }

    @Test(.enabled(if: builtHashlife != nil, "the hashlife executable has not been built (swift build)"))
    func fourProcessesCreatingBoardsAtOnceAllSucceed() throws {
        let store = try BoardStore()
        var processes: [Process] = []
        for worker in 0..<4 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "for i in 1 2 3 4 5 6 7 8 9 10; do \"$0\" board new \"$1\" --name w\(worker)-$i --store \"$2\" 2>>\"$2.errors\" || exit 1; done",
                                 builtHashlife!, Fixtures.pattern("gosper-glider-gun.rle"), store.path]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            processes.append(process)
        }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\((try? String(contentsOfFile: store.path + ".errors", encoding: .utf8)) ?? "")")
        }
        let names = Set(store.run("list", "--json").out.components(separatedBy: "\"name\":\"").dropFirst().map { $0.prefix { $0 != "\"" } })
        #expect(names == Set((0..<4).flatMap { w in (1...10).map { "w\(w)-\($0)"[...] } }))
    }

    @Test func theStorePathComesFromTheOptionTheEnvironmentOrTheDataFolder() throws {
        let parsed = try ArgumentParser.parse(["list", "--store", "/x/y.sqlite"], for: BoardCommand.spec, programName: "hashlife")
        let plain = try ArgumentParser.parse(["list"], for: BoardCommand.spec, programName: "hashlife")
        if let variable = ProcessInfo.processInfo.environment["HASHLIFE_STORE"], !variable.isEmpty {
            // The order: $HASHLIFE_STORE, then --store, then the data folder.
            #expect(try BoardCommand.storePath(parsed) == variable)
            #expect(try BoardCommand.storePath(plain) == variable)
        } else if let data = DataFolders.data() {
            #expect(try BoardCommand.storePath(parsed) == "/x/y.sqlite")
            #expect(try BoardCommand.storePath(plain) == data + "/boards.sqlite")
        }
    }

    @Test(.enabled(if: builtHashlife != nil, "the hashlife executable has not been built (swift build)"))
    func ctrlCDuringAStepLeavesTheBoardAsItWas() throws {
        let store = try BoardStore()
        // Life without death grows from a soup with a chaotic edge that Hashlife cannot
        // shortcut: a million generations take over a minute even in a release build, so the
        // step is still running when Ctrl-C comes (a Life soup settles, and optimized builds
        // finish it first).
        let soup = store.folder + "/soup.rle"
        #expect(hashlife("soup", "64x64", "--rule", "B3/S012345678", "--out", soup).status == 0)
        let id = String(store.run("new", soup).out.dropLast())
        let before = store.run("show", id, "--json").out
        let process = Process()
        process.executableURL = URL(fileURLWithPath: builtHashlife!)
        process.arguments = ["board", "step", id, "--by", "1000000", "--store", store.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        usleep(1_500_000)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130, "\(message)")
        #expect(message.hasSuffix("; the board was left as it was\n"), "\(message)")
        #expect(store.run("show", id, "--json").out == before)
        #expect(store.run("history", id, "--csv").out.split(separator: "\n").count == 2)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self"), "no /proc"))
    func aReadOnlyLocationIsAOneLineError() throws {
        // /proc refuses new files even to root.
        let result = HashlifeCommand.run(["board", "new", Fixtures.pattern("glider.rle"), "--store", "/proc/boards.sqlite"], context: Captured().context)
        #expect(result == 1)
        let captured = Captured()
        #expect(HashlifeCommand.run(["board", "list", "--store", "/proc/boards.sqlite"], context: captured.context) == 1)
        #expect(captured.standardError.hasPrefix("hashlife: cannot open the board store '/proc/boards.sqlite': "))
        #expect(!captured.standardError.contains("unable to open database file"), "the system's reason: \(captured.standardError)")
        #expect(captured.standardError.filter { $0 == "\n" }.count == 1)
    }
}
