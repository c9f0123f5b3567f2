// The service layer of the board store: boards as a user sees them (create, step, final state, list,
// rename, delete, export, import, history), composed of the engine, a `BoardRepository` and
// the classifier. No user interface and no SQL here: the CLI, the REPL and the terminal app
// call this, and it calls the repository.

import HashlifeAnalysis
import HashlifeEngine
import HashlifeFormats
import HashlifeInterface
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Boards: the operations, each one read or one atomic write of the repository.
public final class BoardService {
    public let repository: any BoardRepository
    /// Memory for the engine's node store while computing (bytes).
    public var memoryLimit: Int
    /// Threads a step of a board's universe may use (`Universe.threads`; 1 is single-threaded).
    public var threads: Int
    /// Where each operation is logged (nil: silent).
    public var log: BoardLog?
    /// The clock for `created`/`updated` (milliseconds since 1970), replaceable in tests.
    public var now: () -> Int64 = BoardService.wallClock

    /// Names longer than this (in characters) are refused.
    public static let nameLimit = 200

    public init(repository: any BoardRepository, memoryLimit: Int = MemoryLimit.defaultBytes, threads: Int = 1, log: BoardLog? = nil) {
        precondition(threads >= 1, "a step needs at least one thread")
        self.repository = repository
        self.memoryLimit = memoryLimit
        self.threads = threads
        self.log = log
    }

    // MARK: Create and import

    /// Creates a board from a pattern file's bytes (any format, gzip or not). The name is
    /// `name`, else the file's `#N` name, else `fallbackName`; the rule `rule`, else the file's.
    /// - Throws: `.invalidPattern` naming the file, line and column; `.invalidName`; store errors.
    @discardableResult
    public func create(bytes: [UInt8], fileName: String, name: String? = nil, fallbackName: String? = nil, rule: AnyRule? = nil) throws(BoardError) -> Board {
        let loaded: LoadedPattern
        do { loaded = try PatternCodec.decodeAny(bytes, fileName: fileName) } catch { throw .invalidPattern(error.description) }
        return try create(pattern: loaded, name: name ?? loaded.metadata.name ?? fallbackName, rule: rule, label: fileName)
    }

    /// Creates a board holding `pattern` at its generation, under `rule` (else its own).
    @discardableResult
    public func create(pattern: LoadedPattern, name: String?, rule: AnyRule? = nil, label: String = "pattern") throws(BoardError) -> Board {
        let universe: any LifeUniverse
        do { universe = try pattern.universe(rule: rule, memoryLimit: memoryLimit, threads: threads) } catch {
            throw .invalidPattern("\(label): \(error.description)")
        }
        let metadata = pattern.metadata
        return try create(universe: universe, name: name ?? "untitled", author: metadata.author, comments: metadata.comments)
    }

    /// Creates a board holding the two-state `document` at its generation.
    @discardableResult
    public func create(document: PatternDocument, name: String?, rule: AnyRule? = nil, label: String = "pattern") throws(BoardError) -> Board {
        try create(pattern: .twoState(DecodedPattern(document: document, format: .rle, compressed: false)), name: name ?? document.name,
                   rule: rule, label: label)
    }

    /// Creates a board holding `universe`'s current state (which is also its origin), with a
    /// saved session when `session` writes one.
    @discardableResult
    ///
    /// `history` is the board's first population samples (by default one, of the state stored).
    public func create(universe: any LifeUniverse, name: String, author: String? = nil, comments: [String] = [],
                       session: BoardSessionChange = .keep, history: [PopulationSample]? = nil) throws(BoardError) -> Board {
        let name = try Self.checkedName(name)
        return try logged("create", board: nil, universe: universe) { () throws(BoardError) -> Board in
            let state = try Self.encode(universe, name: name, author: author, comments: comments)
            let time = now()
            let population = universe.population
            let board = Board(id: BoardID.random(), name: name, rule: universe.anyRule.description, created: time, updated: time,
                              author: author, comments: comments, origin: state, state: state, generation: universe.generation,
                              population: population, bounds: universe.boundingBox, verdict: nil)
            try repository.insert(board, history: history ?? [PopulationSample(generation: universe.generation, population: population)], session: session)
            return board
        }
    }

    // MARK: Reading

    /// The board whose id starts with `prefix` (any case; a whole id works too).
    /// - Throws: `.notFound`, `.ambiguous`.
    public func board(_ prefix: String) throws(BoardError) -> Board {
        let id = try resolve(prefix)
        guard let board = try repository.board(id) else { throw .notFound(prefix) }
        return board
    }

    /// The one id that starts with `prefix`, as git resolves abbreviated hashes.
    public func resolve(_ prefix: String) throws(BoardError) -> BoardID {
        let key = prefix.lowercased()
        guard !key.isEmpty, key.utf8.count <= 36, key.utf8.allSatisfy({ BoardID.hexDigits.contains($0) || $0 == UInt8(ascii: "-") }) else {
            throw .notFound(prefix)
        }
        let ids = try repository.ids(withPrefix: key, limit: 100)
        guard let first = ids.first else { throw .notFound(prefix) }
        guard ids.count == 1 else { throw .ambiguous(prefix, ids) }
        return first
    }

    /// Every board, oldest first, without states.
    public func list() throws(BoardError) -> [BoardSummary] {
        try logged("list", board: nil, universe: nil) { () throws(BoardError) in try repository.summaries() }
    }

    /// The board's current state as a universe (with the service's memory limit and threads).
    public func universe(of board: Board) throws(BoardError) -> any LifeUniverse {
        let universe = try Self.decode(board.state, board: board, memoryLimit: memoryLimit)
        universe.threads = threads
        return universe
    }

    /// The board's origin (the pattern it was created from) as a universe (with the service's
    /// memory limit and threads).
    public func origin(of board: Board) throws(BoardError) -> any LifeUniverse {
        let universe = try Self.decode(board.origin, board: board, memoryLimit: memoryLimit)
        universe.threads = threads
        return universe
    }

    /// The population history: one sample at creation and one per stored step.
    public func history(_ prefix: String) throws(BoardError) -> [PopulationSample] {
        let id = try resolve(prefix)
        return try repository.history(id)
    }

    // MARK: Stepping

    /// The next state (generation + 1), stored.
    @discardableResult
    public func next(_ prefix: String, control: StepControl? = nil) throws(BoardError) -> Board {
        try step(prefix, by: 1, control: control)
    }

    /// Advances the board by `count` generations and stores the result with a history sample,
    /// in one transaction. Cancelled or out of memory, nothing is stored.
    @discardableResult
    public func step(_ prefix: String, by count: BigUInt, control: StepControl? = nil,
                     progress: ((BigUInt) -> Void)? = nil) throws(BoardError) -> Board {
        let board = try board(prefix)
        return try advance(board, to: board.generation + count, control: control, progress: progress)
    }

    /// Advances the board to the absolute generation `target` (not before its own) and stores it.
    @discardableResult
    public func step(_ prefix: String, toGeneration target: BigUInt, control: StepControl? = nil,
                     progress: ((BigUInt) -> Void)? = nil) throws(BoardError) -> Board {
        let board = try board(prefix)
        guard target >= board.generation else { throw .generationBefore(target: target, current: board.generation) }
        return try advance(board, to: target, control: control, progress: progress)
    }

    /// The board's state at generation `target` without storing it ("the state N generations
    /// ahead" as a query).
    public func state(_ prefix: String, atGeneration target: BigUInt, control: StepControl? = nil) throws(BoardError) -> any LifeUniverse {
        let board = try board(prefix)
        guard target >= board.generation else { throw .generationBefore(target: target, current: board.generation) }
        let universe = try universe(of: board)
        try Self.run(universe, by: target - board.generation, control: control, progress: nil)
        return universe
    }

    private func advance(_ original: Board, to target: BigUInt, control: StepControl?, progress: ((BigUInt) -> Void)?) throws(BoardError) -> Board {
        let universe = try universe(of: original)
        return try logged("step", board: original.id, universe: universe) { () throws(BoardError) -> Board in
            try Self.run(universe, by: target - original.generation, control: control, progress: progress)
            var board = original
            board.state = try Self.encode(universe, name: board.name, author: board.author, comments: board.comments)
            board.generation = universe.generation
            board.population = universe.population
            board.bounds = universe.boundingBox
            board.updated = now()
            try repository.update(board, appending: [PopulationSample(generation: board.generation, population: board.population)], session: .clear)
            return board
        }
    }

    static func run(_ universe: any LifeUniverse, by count: BigUInt, control: StepControl?, progress: ((BigUInt) -> Void)?) throws(BoardError) {
        do throws(StepError) { try universe.step(by: count, control: control, progress: progress) } catch {
            switch error {
            case .cancelled(let generation): throw .cancelled(generation: generation)
            case .memoryExhausted: throw .memory(error.description)
            }
        }
    }

    // MARK: Final state

    /// Classifies the board's current state, looking at most `maxGeneration` generations past
    /// it, and stores the verdict on the board (an undetermined one too: it says how far was
    /// looked). The board's state is unchanged.
    public func final(_ prefix: String, maxGeneration: BigUInt, control: StepControl? = nil) throws(BoardError) -> Classification {
        var board = try board(prefix)
        let universe = try universe(of: board)
        return try logged("final", board: board.id, universe: universe) { () throws(BoardError) -> Classification in
            let result: Classification
            do throws(StepError) { result = try classify(universe, maxGeneration: maxGeneration, control: control) } catch {
                switch error {
                case .cancelled(let generation): throw .cancelled(generation: generation)
                case .memoryExhausted: throw .memory(error.description)
                }
            }
            board.verdict = StoredVerdict(name: result.verdict.name, summary: result.verdict.summary,
                                          json: result.json.encoded, maxGeneration: maxGeneration)
            board.updated = now()
            try repository.update(board, appending: [], session: .keep)
            return result
        }
    }

    /// Stores `universe` as the board's current state (renaming it too when `name` is given),
    /// with a history sample, in one transaction: how an editor saves a board it opened. The
    /// last verdict is dropped, since the cells may have been edited since. The saved session
    /// changes as `session` says (by default it is dropped: it belonged to the state replaced).
    /// `history` is the population samples to append (by default one, of the state stored; an
    /// editor passes those it observed since its last save).
    @discardableResult
    public func save(_ universe: any LifeUniverse, to prefix: String, name: String? = nil, session: BoardSessionChange = .clear,
                     history: [PopulationSample]? = nil) throws(BoardError) -> Board {
        var board = try board(prefix)
        if let name { board.name = try Self.checkedName(name) }
        return try logged("save", board: board.id, universe: universe) { () throws(BoardError) -> Board in
            board.rule = universe.anyRule.description
            board.state = try Self.encode(universe, name: board.name, author: board.author, comments: board.comments)
            board.generation = universe.generation
            board.population = universe.population
            board.bounds = universe.boundingBox
            board.verdict = nil
            board.updated = now()
            try repository.update(board, appending: history ?? [PopulationSample(generation: board.generation, population: board.population)],
                                  session: session)
            return board
        }
    }

    /// The board's current state as a pattern (with name, author, comments,
    /// rule and generation), for loading into an editor.
    public func pattern(of board: Board) throws(BoardError) -> LoadedPattern {
        do { return try PatternCodec.decodeAny(board.state, fileName: "board \(board.id.short)") } catch {
            throw .damaged(board.id, error.description)
        }
    }

    // MARK: Saved sessions

    /// The board's saved session (the app's undo and redo entries and snapshots), or nil.
    public func session(of board: Board) throws(BoardError) -> BoardSession? {
        try logged("session", board: board.id, universe: nil) { () throws(BoardError) in try repository.session(board.id) }
    }

    /// `universe`'s current state as a saved session's state: compressed Macrocell, with its
    /// generation and rule (no name or comments: those are the board's).
    public static func sessionState(of universe: any LifeUniverse) -> [UInt8] {
        do { return try PatternCodec.encode(universe, as: .macrocell, compressed: true, metadata: PatternMetadata()) } catch {
            preconditionFailure("Macrocell holds any universe: \(error)")
        }
    }

    /// A saved session's state as a pattern (with its generation and rule).
    /// - Throws: `.damaged` naming the board and what is wrong with the state.
    public static func pattern(ofSessionState bytes: [UInt8], board: BoardID) throws(BoardError) -> LoadedPattern {
        do { return try PatternCodec.decodeAny(bytes, fileName: "saved history of board \(board.short)") } catch {
            throw .damaged(board, error.description)
        }
    }

    // MARK: Changes

    /// Renames the board. - Throws: `.invalidName`, `.notFound`, `.ambiguous`.
    public func rename(_ prefix: String, to name: String) throws(BoardError) {
        let name = try Self.checkedName(name)
        let id = try resolve(prefix)
        try logged("rename", board: id, universe: nil) { () throws(BoardError) in try repository.rename(id, to: name, updated: now()) }
    }

    /// Deletes the board and its history; returns its id.
    @discardableResult
    public func delete(_ prefix: String) throws(BoardError) -> BoardID {
        let id = try resolve(prefix)
        try logged("delete", board: id, universe: nil) { () throws(BoardError) in try repository.delete(id) }
        return id
    }

    /// The board's current state as a file in `format` (gzip-compressed when `compressed`),
    /// with its name, author and comments.
    public func export(_ prefix: String, as format: PatternFormat, compressed: Bool) throws(BoardError) -> [UInt8] {
        let board = try board(prefix)
        let universe = try universe(of: board)
        return try logged("export", board: board.id, universe: universe) { () throws(BoardError) -> [UInt8] in
            do {
                return try PatternCodec.encode(universe, as: format, compressed: compressed,
                                              metadata: PatternMetadata(name: board.name, author: board.author, comments: board.comments))
            } catch {
                throw .invalidPattern("board \(board.id.short): \(error)")
            }
        }
    }

    // MARK: Helpers

    /// `name` without surrounding blanks; refused when empty, too long or holding control characters.
    public static func checkedName(_ name: String) throws(BoardError) -> String {
        var trimmed = Substring(name)
        while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        guard !trimmed.isEmpty else { throw .invalidName("the name is empty") }
        guard trimmed.count <= nameLimit else { throw .invalidName("the name is \(trimmed.count) characters long (at most \(nameLimit))") }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidName("\(Excerpt.quote(name)) holds control characters")
        }
        return String(trimmed)
    }

    static func encode(_ universe: any LifeUniverse, name: String, author: String?, comments: [String]) throws(BoardError) -> [UInt8] {
        let metadata = PatternMetadata(name: name, author: author, comments: comments)
        do { return try PatternCodec.encode(universe, as: .macrocell, compressed: true, metadata: metadata) } catch {
            throw .invalidPattern("the pattern cannot be stored: \(error)")
        }
    }

    static func decode(_ bytes: [UInt8], board: Board, memoryLimit: Int) throws(BoardError) -> any LifeUniverse {
        do {
            let pattern = try PatternCodec.decodeAny(bytes, fileName: "board \(board.id.short)")
            return try pattern.universe(rule: try RuleFolders.anyRule(board.rule), memoryLimit: memoryLimit)
        } catch {
            throw .damaged(board.id, "\(error)")
        }
    }

    /// Milliseconds since 1970-01-01 UTC from the system's real-time clock.
    public static func wallClock() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
