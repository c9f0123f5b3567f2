// One board as the server holds it: a session, the one command interpreter over it, and
// whether it is playing. Every tab on the board shares it, so an edit or step in one shows in
// the others at their next frame; `version` counts the changes and wakes their event streams.

import HashlifeBoards
import HashlifeCommands
import HashlifeEditing
import HashlifeEngine
import HashlifeFormats
import HashlifeInterface
import HashlifeRendering

/// A board's session, shared by every tab on it. Everything is read and changed under `lock`.
public final class ServedBoard: @unchecked Sendable {
    let lock = ServerLock()
    public let session: Session
    /// The command language over the session (JSON answers, as `repl --json`).
    let interpreter: CommandInterpreter
    /// Counts changes of what the page shows (cells, generation, rule, playing).
    public internal(set) var version: UInt64 = 0
    /// The board in the store; nil until first saved (or without a store).
    var boardID: BoardID?
    var name: String
    /// Changed since the last save.
    var dirty = false
    /// The session's history and snapshots as saved with the board (as `play` saves them).
    let archive: BoardSessionArchive
    /// Tells the hub the board's id in the store once it has one (a first save, `board save`,
    /// `board open`), so that tabs naming it find this board.
    var registers: ((BoardID, ServedBoard) -> Void)?
    /// Playing: the player thread steps 2^`stepExponent` generations, `speed` times a second.
    var playing = false
    var stepExponent = 0
    var speed = 60.0
    var playGroup: HistoryGroup?
    /// Counts play runs: a player thread steps only while its run is the current one (a pause
    /// and a play in quick succession never leave two players stepping).
    var playRun = 0
    /// Why playing stopped by itself, for the header; nil after a start.
    var stopReason: String?
    /// The generation a running command (a step or goto) has reached, nil when none runs;
    /// under `progressLock`, not `lock`, so that it can be read while the command runs.
    private var progress: BigUInt?
    /// Where the running command started and the generation it goes to (under `progressLock`).
    private var span: (from: BigUInt, target: BigUInt)?
    private var commandRunning = false
    let progressLock = ServerLock()
    /// Stops a running step or goto (`cancel`).
    let control = StepControl()
    /// Pages open this board with their rows sheared into a hexagonal grid (`serve --hex`).
    var hexagonal = false
    /// The last frames sent, at the current version (tabs on one view share them).
    var frames: [(key: String, version: UInt64, bytes: [UInt8])] = []
    static let frameCacheSize = 8

    init(session: Session, name: String, boardID: BoardID?, shapes: ShapeLibrary, service: BoardService?,
         archive: BoardSessionArchive = BoardSessionArchive()) {
        self.session = session
        self.archive = archive
        self.name = name
        self.boardID = boardID
        interpreter = CommandInterpreter(session: session, json: true, control: control)
        interpreter.shapes = shapes
        interpreter.hostBoardService = service
        interpreter.boardArchive = archive
        interpreter.progress = { [unowned self] generation in
            progressLock.withLock { progress = generation }
        }
        interpreter.progressStarted = { [unowned self] from, target in
            progressLock.withLock { span = (from, target) }
        }
    }

    /// A running command's progress, read without waiting for it.
    struct Progress {
        var running: Bool
        /// The generation reached, once the first jump is done.
        var generation: BigUInt?
        /// Where a step or goto started and where it goes.
        var from: BigUInt?
        var target: BigUInt?

        /// How far a step or goto forward is, 0 … 100: the share of the count's binary digits
        /// done. A count is stepped in jumps of 2^k, low k first, each costing Hashlife about
        /// the same, so this follows the time far better than the share of generations (which
        /// stays near 0 until the last, largest jump). Nil before the first jump, and for a goto
        /// backwards.
        var percent: Int? {
            guard let generation, let from, let target, target > from, generation >= from else { return nil }
            let done = (generation - from).bitWidth, total = (target - from).bitWidth
            return generation >= target ? 100 : min(99, done * 100 / total)
        }
    }

    var running: Progress {
        progressLock.withLock { Progress(running: commandRunning, generation: progress, from: span?.from, target: span?.target) }
    }

    /// Commands the page may not run: they read or write files of the machine (the page brings
    /// patterns in by upload or paste and keeps boards in the store), or end the session.
    static func refusal(_ line: String, shapes: ShapeLibrary) -> String? {
        guard let parsed = try? CommandInterpreter.parse(line) else { return nil }
        let arguments = parsed.arguments.map { $0.lowercased() }
        switch parsed.name {
        case "load", "save": return "'\(parsed.name)' reads or writes files; drop a file on the page, paste RLE, or use the download buttons"
        case "quit": return "'quit' is not available from the page"
        case "paste" where arguments.contains("file"): return "'paste … file' reads files; paste the clipboard instead"
        case "plot" where arguments.contains("out"): return "'plot out' writes files; use 'plot' without it"
        case "stamp":
            // Only a shape of the library: any other word would be read as a file ('-' as
            // standard input).
            guard let name = parsed.arguments.first else { return nil }
            let isShape = (try? shapes.list().contains { $0.name.lowercased() == name.lowercased() && !$0.isShadowed }) ?? false
            return isShape ? nil : "'stamp' takes a shape of the library here (see 'library list'), not a file"
        case "board" where arguments.first == "export" || arguments.first == "import":
            return "'board \(arguments[0])' reads or writes files"
        default: return nil
        }
    }

    /// Runs one command line (under the lock) and returns its one-line JSON answer.
    func execute(_ line: String) -> String {
        if let reason = ServedBoard.refusal(line, shapes: interpreter.shapes) {
            return "{\"ok\":false,\"error\":{\"code\":\"refused\",\"message\":\(jsonString(reason))}}"
        }
        control.reset()
        progressLock.withLock { commandRunning = true; progress = nil; span = nil }
        defer { progressLock.withLock { commandRunning = false; progress = nil; span = nil } }
        var output = ""
        let before = session.currentStateNumber
        let boardBefore = interpreter.currentBoardID
        interpreter.execute(line, emit: { output += $0 })
        if session.currentStateNumber != before { changed() }
        if let id = interpreter.currentBoardID, id != boardBefore {
            boardID = id
            registers?(id, self)
            changed()
            dirty = false
        }
        return output.hasSuffix("\n") ? String(output.dropLast()) : output
    }

    /// Notes a change: a new version, dirty, and every event stream woken (under the lock).
    func changed() {
        version &+= 1
        dirty = true
        lock.broadcast()
    }

    /// The board's state as JSON (under the lock); `full` adds the pattern's comments (where
    /// LifeViewer's script commands live), which the event stream leaves out.
    func stateJSON(full: Bool = false) -> String {
        let universe = session.universe
        var fields: [JSONValue.Field] = [
            .init("ok", true),
            .init("version", .string(String(version))),
            .init("board", boardID.map { .string($0.text) } ?? .null),
            .init("name", .string(name)),
            .init("generation", .string(universe.generation.description)),
            .init("population", .string(universe.population.description)),
            .init("rule", .string(universe.anyRule.description)),
            .init("states", .int(universe.stateCount)),
            .init("step", .int(stepExponent)),
            .init("playing", .bool(playing)),
            .init("speed", .double(speed)),
        ]
        if let box = universe.boundingBox {
            fields.append(.init("bounds", .object([.init("x", .string(box.x.description)), .init("y", .string(box.y.description)),
                                                   .init("width", .string(box.width.description)), .init("height", .string(box.height.description))])))
        } else {
            fields.append(.init("bounds", .null))
        }
        let phase = Frame.gridPhase(of: universe)
        fields.append(.init("phase", .object([.init("x", .string(phase.x.description)), .init("y", .string(phase.y.description))])))
        if let rect = universe.anyRule.grid?.rect {
            fields.append(.init("grid", .object([.init("x", .string(rect.x.description)), .init("y", .string(rect.y.description)),
                                                 .init("width", .string(rect.width.description)), .init("height", .string(rect.height.description))])))
        }
        let view = session.viewport
        fields.append(.init("view", .object([.init("x", .string(view.x.description)), .init("y", .string(view.y.description)),
                                             .init("width", .string(view.width.description)), .init("height", .string(view.height.description)),
                                             .init("zoom", .string(view.zoom.description)), .init("hexagonal", .bool(hexagonal))])))
        fields.append(.init("stopped", stopReason.map { .string($0) } ?? .null))
        if full { fields.append(.init("comments", .array(session.metadata.comments.map { .string($0) }))) }
        if universe.stateCount > 2 {
            // Each state's colour, as `view --png` draws it (Golly's colours).
            let palette = StatePalette(rule: universe.anyRule)
            func hex(_ c: RGB) -> String { "#" + [c.r, c.g, c.b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }
            fields.append(.init("palette", .array((0..<universe.stateCount).map { .string(hex(palette.color(UInt8($0)))) })))
        }
        return JSONValue.object(fields).encoded
    }
}
