import Foundation
import Synchronization
import Testing
@testable import HashlifeBoards
import HashlifeEngine
import HashlifeTestSupport

final class LogLines: Sendable {
    let lines = Mutex<[String]>([])
    func log(_ style: BoardLog.Style) -> BoardLog {
        BoardLog(level: .info, style: style) { line in self.lines.withLock { $0.append(line) } }
    }
    var all: [String] { lines.withLock { $0 } }
}

@Suite struct BoardLogTests {
    @Test func eachOperationLogsOneJSONLineWithIdGenerationDurationNodesAndMemory() throws {
        let sink = LogLines()
        let service = BoardService(repository: InMemoryBoardRepository(), log: sink.log(.json))
        let board = try service.create(bytes: try bytes("acorn.rle"), fileName: "acorn.rle")
        try service.step(board.id.text, by: 100)
        _ = try service.list()
        #expect(throws: BoardError.self) { try service.rename(board.id.text, to: "") }
        _ = try? service.step("ffff", by: 1)
        let lines = sink.all
        #expect(lines.count == 3, "create, step, list; failures before an operation starts are not logged: \(lines)")
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.map { $0["operation"] as? String } == ["create", "step", "list"])
        #expect(objects[0]["board"] as? String == board.id.text)
        #expect(objects[1]["board"] as? String == board.id.text)
        #expect(objects[1]["generation"] as? String == "100")
        #expect((objects[1]["nodes"] as? Int ?? 0) > 0)
        #expect((objects[1]["memory_bytes"] as? Int ?? 0) > 0)
        #expect(objects[1]["seconds"] is Double)
        #expect((objects[0]["time"] as? String)?.hasSuffix("Z") == true)
        #expect(lines.allSatisfy { $0.hasSuffix("\n") && $0.filter { $0 == "\n" }.count == 1 })
    }

    @Test func textLinesAreForPeople() throws {
        let sink = LogLines()
        let service = BoardService(repository: InMemoryBoardRepository(), log: sink.log(.text))
        let board = try service.create(bytes: try bytes("glider.rle"), fileName: "glider.rle")
        let line = try #require(sink.all.first)
        #expect(line.contains(" create board=\(board.id.short) generation=0 duration="))
        #expect(line.contains("ms nodes="))
    }

    @Test func theEnvironmentChoosesTheLevelAndSilenceIsTheDefault() throws {
        #expect(try BoardLog.fromEnvironment(environment: [:]) == nil)
        #expect(try BoardLog.fromEnvironment(environment: ["HASHLIFE_LOG": "off"]) == nil)
        #expect(try BoardLog.fromEnvironment(environment: ["HASHLIFE_LOG": "info"])?.level == .info)
        #expect(try BoardLog.fromEnvironment(environment: ["HASHLIFE_LOG": "DEBUG"])?.level == .debug)
        #expect(try BoardLog.fromEnvironment(verbose: true, environment: [:])?.level == .info)
        #expect(throws: BoardError.self) { try BoardLog.fromEnvironment(environment: ["HASHLIFE_LOG": "loud"]) }
    }

    @Test func timestampsAreUTCWithMilliseconds() {
        #expect(BoardLog.timestamp(0) == "1970-01-01T00:00:00.000Z")
        #expect(BoardLog.timestamp(1_795_000_000_007) == "2026-11-18T11:06:40.007Z")  // date -u -d @1795000000
    }
}
