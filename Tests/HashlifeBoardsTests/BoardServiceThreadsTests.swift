import Testing
@testable import HashlifeBoards
import HashlifeEngine
import HashlifeTestSupport

/// `BoardService.threads`: every universe the service makes steps with it, and the
/// stored results do not depend on it.
@Suite struct BoardServiceThreadsTests {
    @Test func everyUniverseOfTheServiceGetsTheCount() throws {
        #expect(BoardService(repository: InMemoryBoardRepository()).threads == 1)
        let service = BoardService(repository: InMemoryBoardRepository(), threads: 3)
        let board = try service.create(bytes: try bytes("acorn.rle"), fileName: "acorn.rle")
        #expect(try service.universe(of: board).threads == 3)
        #expect(try service.origin(of: board).threads == 3)
        #expect(try service.state(board.id.text, atGeneration: BigUInt(10)).threads == 3)
        service.threads = 2
        #expect(try service.universe(of: board).threads == 2)
    }

    @Test func storedStepsAndVerdictsAreTheSameForOneAndFourThreads() throws {
        var boards: [Board] = []
        var verdicts: [String] = []
        for threads in [1, 4] {
            let service = BoardService(repository: InMemoryBoardRepository(), threads: threads)
            let board = try service.create(bytes: try bytes("acorn.rle"), fileName: "acorn.rle")
            try service.step(board.id.text, toGeneration: BigUInt(5206))
            verdicts.append(try service.final(board.id.text, maxGeneration: BigUInt(100_000)).json.encoded)
            boards.append(try service.board(board.id.text))
        }
        #expect(boards[0].state == boards[1].state)
        #expect(boards[0].population == BigUInt(633) && boards[1].population == BigUInt(633))
        #expect(boards[0].bounds == boards[1].bounds)
        #expect(verdicts[0] == verdicts[1])
    }
}
