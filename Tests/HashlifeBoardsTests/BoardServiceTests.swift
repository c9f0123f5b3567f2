import Foundation
import Testing
@testable import HashlifeBoards
import HashlifeAnalysis
import HashlifeEngine
import HashlifeFormats
import HashlifeInterface
import HashlifeTestSupport

/// A fresh folder, removed with the test process's scratch folder when the tests end.
func temporaryFolder() throws -> String {
    ScratchFolder.make("boards")
}

func bytes(_ pattern: String) throws -> [UInt8] { try FileIO.read(Fixtures.pattern(pattern)) }

/// Both repositories, each fresh: the service must behave the same over either.
enum RepositoryKind: String, CaseIterable, CustomTestStringConvertible {
    case memory, sqlite
    var testDescription: String { rawValue }

    func make() throws -> any BoardRepository {
        switch self {
        case .memory: return InMemoryBoardRepository()
        case .sqlite: return try SQLiteBoardRepository(path: try temporaryFolder() + "/boards.sqlite")
        }
    }
}

@Suite struct BoardServiceTests {
    @Test(arguments: RepositoryKind.allCases)
    func aBoardSteppedTo2Pow100HoldsTheEnginesExactResult(kind: RepositoryKind) throws {
        let service = BoardService(repository: try kind.make())
        let created = try service.create(bytes: try bytes("gosper-glider-gun.rle"), fileName: "gun.rle")
        #expect(created.name == "Gosper glider gun")
        #expect(created.author == "Bill Gosper (1970)")
        #expect(created.population == 36)
        let target = BigUInt(1) << 100
        let stepped = try service.step(created.id.short, toGeneration: target)
        let reference = Fixtures.universe("gosper-glider-gun.rle")
        reference.step(by: target)
        #expect(stepped.generation == target)
        #expect(stepped.population == reference.population)
        #expect(stepped.bounds == reference.boundingBox)
        // Read back, the stored tree is the same cells at the same place.
        let reloaded = try service.universe(of: try service.board(created.id.text))
        #expect(reloaded.generation == target)
        #expect(reloaded.population == reference.population)
        #expect(reloaded.boundingBox == reference.boundingBox)
        #expect(try service.history(created.id.text) == [PopulationSample(generation: 0, population: 36),
                                                          PopulationSample(generation: target, population: reference.population)])
    }

    @Test(arguments: RepositoryKind.allCases)
    func nextAndStepByMatchTheReferenceEngine(kind: RepositoryKind) throws {
        let service = BoardService(repository: try kind.make())
        let board = try service.create(bytes: try bytes("acorn.rle"), fileName: "acorn.rle")
        var reference = ReferenceEngine(cells: Fixtures.referenceCells("acorn.rle"))
        try service.next(board.id.text)
        reference.step()
        #expect(try service.board(board.id.text).population == BigUInt(reference.population))
        try service.step(board.id.text, by: 99)
        for _ in 0..<99 { reference.step() }
        let after = try service.board(board.id.text)
        #expect(after.generation == 100)
        #expect(after.population == BigUInt(reference.population))
        #expect(try service.history(board.id.text).map(\.generation) == [0, 1, 100])
    }

    @Test func stateAtAGenerationIsAQueryAndStoresNothing() throws {
        let service = BoardService(repository: InMemoryBoardRepository())
        let board = try service.create(bytes: try bytes("acorn.rle"), fileName: "acorn.rle")
        let universe = try service.state(board.id.text, atGeneration: 5206)
        #expect(universe.population == 633)
        #expect(try service.board(board.id.text).generation == 0)
        #expect(try service.history(board.id.text).count == 1)
        #expect(throws: BoardError.generationBefore(target: 3, current: 5206)) {
            try service.step(board.id.text, toGeneration: 5206)
            try service.step(board.id.text, toGeneration: 3)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func finalStoresTheClassifiersVerdict(kind: RepositoryKind) throws {
        let service = BoardService(repository: try kind.make())
        let board = try service.create(bytes: try bytes("r-pentomino.rle"), fileName: "r.rle")
        let result = try service.final(board.id.text, maxGeneration: 100_000)
        let expected = classify(Fixtures.universe("r-pentomino.rle"), maxGeneration: 100_000)
        #expect(result == expected)
        let stored = try #require(try service.board(board.id.text).verdict)
        #expect(stored.name == "settled")
        #expect(stored.summary == expected.verdict.summary)
        #expect(stored.json == expected.json.encoded)
        #expect(try service.board(board.id.text).generation == 0, "final does not move the board")
    }

    @Test func finalWithTooSmallALimitIsUndeterminedAndSaysHowFarItLooked() throws {
        let service = BoardService(repository: InMemoryBoardRepository())
        let board = try service.create(bytes: try bytes("acorn.rle"), fileName: "acorn.rle")
        let result = try service.final(board.id.text, maxGeneration: 100)
        #expect(result.verdict.name == "undetermined")
        #expect(try service.board(board.id.text).verdict?.maxGeneration == 100)
    }

    @Test(arguments: RepositoryKind.allCases)
    func renameDeleteAndListKeepEveryOtherBoard(kind: RepositoryKind) throws {
        let service = BoardService(repository: try kind.make())
        let a = try service.create(bytes: try bytes("glider.rle"), fileName: "glider.rle")
        let b = try service.create(bytes: try bytes("blinker.rle"), fileName: "blinker.rle", name: "  mine  ")
        #expect(b.name == "mine")
        try service.rename(a.id.text, to: "first")
        #expect(try service.list().map(\.name) == ["first", "mine"])
        try service.delete(b.id.text)
        #expect(try service.list().map(\.id) == [a.id])
        #expect(try service.history(a.id.text).count == 1)
        #expect(throws: BoardError.notFound(b.id.text)) { try service.delete(b.id.text) }
    }

    @Test func badInputIsRefusedAndNothingIsWritten() throws {
        let repository = InMemoryBoardRepository()
        let service = BoardService(repository: repository)
        #expect(throws: BoardError.invalidName("the name is empty")) {
            try service.create(bytes: try bytes("glider.rle"), fileName: "glider.rle", name: "   ")
        }
        do {
            try service.create(bytes: Array("x = 3, y = 1\nbo$q!\n".utf8), fileName: "bad.rle")
            Issue.record("a malformed file was accepted")
        } catch {
            guard case .invalidPattern(let message) = error else { throw error }
            #expect(message.hasPrefix("bad.rle:2:"), "the message names file, line and column: \(message)")
        }
        #expect(throws: BoardError.self) { try service.create(bytes: Array("a\u{7}b".utf8), fileName: "x.rle") }
        let refused = #expect(throws: BoardError.self) {
            try service.create(bytes: try bytes("glider.rle"), fileName: "glider.rle", name: "a\u{7}b")
        }
        #expect(refused?.description.hasSuffix("holds control characters") == true)
        #expect(try repository.summaries().isEmpty)
    }

    @Test func idsResolveByUniquePrefixAsGitDoes() throws {
        let repository = InMemoryBoardRepository()
        let service = BoardService(repository: repository)
        var ids: [BoardID] = []
        for _ in 0..<40 { ids.append(try service.create(bytes: try bytes("glider.rle"), fileName: "g.rle").id) }
        for id in ids { #expect(try service.resolve(id.text.uppercased()) == id) }
        // Some one-digit prefix is shared by two of 40 random ids (16 digits: pigeonhole).
        let shared = Dictionary(grouping: ids, by: { $0.text.prefix(1) }).first { $0.value.count > 1 }!
        #expect(throws: BoardError.ambiguous(String(shared.key), shared.value.sorted())) { try service.resolve(String(shared.key)) }
        #expect(throws: BoardError.notFound("xyz")) { try service.resolve("xyz") }
        #expect(throws: BoardError.notFound("")) { try service.resolve("") }
    }

    @Test func aCancelledStepLeavesTheBoardAsItWas() throws {
        let service = BoardService(repository: InMemoryBoardRepository())
        let board = try service.create(bytes: try bytes("acorn.rle"), fileName: "acorn.rle")
        let control = StepControl()
        control.cancel()
        #expect(throws: BoardError.self) { try service.step(board.id.text, by: 5000, control: control) }
        #expect(try service.board(board.id.text) == board)
        #expect(try service.history(board.id.text).count == 1)
    }

    @Test func exportWritesTheCurrentStateWithItsNameInAnyFormat() throws {
        let service = BoardService(repository: InMemoryBoardRepository())
        let board = try service.create(bytes: try bytes("glider.rle"), fileName: "glider.rle")
        try service.step(board.id.text, by: 8)
        for format in [PatternFormat.rle, .macrocell, .plaintext, .life106] {
            let decoded = try PatternCodec.decode(try service.export(board.id.text, as: format, compressed: format == .macrocell))
            let universe = try Universe(document: decoded.document)
            #expect(universe.population == 5)
            let reference = Fixtures.universe("glider.rle")
            reference.step(by: 8)
            if format != .plaintext && format != .life106 { #expect(universe.boundingBox == reference.boundingBox) }
            if format == .rle || format == .macrocell { #expect(decoded.document.name == "Glider") }
        }
    }
}

@Suite struct BoardIDTests {
    @Test func randomIdsAreVersion4InLowercaseCanonicalForm() {
        var seen = Set<BoardID>()
        for _ in 0..<1000 {
            let id = BoardID.random()
            let text = Array(id.text)
            #expect(text.count == 36)
            #expect(text[14] == "4")
            #expect("89ab".contains(text[19]))
            #expect(id.text == id.text.lowercased())
            #expect(BoardID(id.text) == id)
            seen.insert(id)
        }
        #expect(seen.count == 1000)
    }

    @Test func parsingRefusesWhatIsNotAUUID() {
        #expect(BoardID("0123") == nil)
        #expect(BoardID("0123456789abcdef0123456789abcdef0123") == nil)
        #expect(BoardID("g1234567-89ab-4def-8123-456789abcdef") == nil)
        #expect(BoardID("01234567-89AB-4DEF-8123-456789ABCDEF")?.text == "01234567-89ab-4def-8123-456789abcdef")
    }
}
