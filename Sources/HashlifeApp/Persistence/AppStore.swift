// The app's universe is a board of the store: autosaved after edits and on pause,
// crash-safe through the store's transactions, with the undo history and snapshots saved in the
// same transaction (AppStore+Session.swift); the last session (which board, and the view) is
// remembered in $XDG_STATE_HOME/hashlife/play-session.json so `hashlife play` reopens it.

import HashlifeBoards
import HashlifeCommands
import HashlifeEngine
import HashlifeRendering
import HashlifeFormats
import HashlifeEditing

/// Where the app keeps its universe: one board of a `BoardService`, and the last-session file.
public final class AppStore {
    public let service: BoardService
    /// The board the universe is saved to; nil until the first save creates one.
    public internal(set) var boardID: BoardID?
    /// The name a new board gets.
    public var boardName: String
    /// The last-session file (nil: not remembered).
    public let sessionPath: String?
    /// The boards, as the boards panel lists them.
    public internal(set) var boards: [BoardSummary] = []
    /// The selected board's preview (id and lines), loaded on demand.
    var preview: (id: BoardID, lines: [String])?
    /// The session's states written with the board (AppStore+Session.swift).
    let archive = BoardSessionArchive()
    /// How long a save while playing may spend encoding new history states
    /// (AppStore+Session.swift).
    public var playingEncodingBudget = AppStore.defaultPlayingEncodingBudget

    public init(service: BoardService, boardName: String = "untitled", sessionPath: String?) {
        self.service = service
        self.boardName = boardName
        self.sessionPath = sessionPath
    }

    /// Saves the app's universe to its board (creating the board the first time) with its
    /// history and snapshots (AppStore+Session.swift), in one transaction; then the
    /// last-session file.
    public func save(_ app: App) throws(BoardError) {
        let session = app.session
        let deadline = app.playing ? ContinuousClock.now + playingEncodingBudget : nil
        let samples = app.unsavedSamples.map { PopulationSample(generation: $0.generation, population: $0.population) }
        if let id = boardID {
            try archive.save(session, to: id, service: service, deadline: deadline, history: samples)
        } else {
            boardID = try archive.create(session, name: boardName, service: service, deadline: deadline,
                                         history: samples.isEmpty ? nil : samples).id
        }
        app.samplesSaved()
        writeSessionFile(app)
    }

    /// The next save creates a new board named `name` (the current board keeps its last save).
    public func startNewBoard(named name: String) {
        boardID = nil
        boardName = name
        archive.forget()
    }

    /// The current board's population history (empty without a board or when unreadable).
    func populationHistory() -> [(generation: BigUInt, population: BigUInt)] {
        guard let id = boardID, let samples = try? service.history(id.text) else { return [] }
        return samples.map { ($0.generation, $0.population) }
    }

    /// Opens board `prefix` into `session` (a new history); returns the board.
    public func open(_ prefix: String, into session: Session) throws(BoardError) -> Board {
        let board = try service.board(prefix)
        let pattern = try service.pattern(of: board)
        do { try session.load(pattern, label: board.name) } catch {
            throw BoardError.invalidPattern(error.message)
        }
        boardID = board.id
        boardName = board.name
        archive.forget()
        return board
    }

    func refreshList() {
        boards = (try? service.list()) ?? []
        preview = nil
    }

    /// Braille lines of board `id`'s current state (cached for the last one asked).
    func previewLines(_ id: BoardID, columns: Int, rows: Int) -> [String] {
        if let preview, preview.id == id { return preview.lines }
        var lines: [String] = []
        if let board = try? service.board(id.text), let universe = try? service.universe(of: board) {
            lines = Thumbnail.text(universe, columns: columns, rows: rows)
        }
        preview = (id, lines)
        return lines
    }

    // MARK: The last session

    /// What the last-session file remembers: the board, and the view exactly (the cell at the
    /// canvas's centre, the scale, edit mode, whether auto-zoom was paused by hand, and whether
    /// the rows are sheared into a hexagonal grid).
    public struct LastSession: Equatable, Sendable {
        public var board: String
        public var centreX: BigInt
        public var centreY: BigInt
        public var scale: CanvasScale
        public var editMode: Bool
        public var autoZoomSuspended: Bool
        public var hexagonal: Bool
    }

    /// Writes the last-session file: the board and the view. Nothing without a board.
    func writeSessionFile(_ app: App) {
        guard let path = sessionPath, let id = boardID else { return }
        let scale: String = switch app.canvas.scale {
        case .magnified(let k): "m\(k)"
        case .halfBlocks: "h"
        case .braille(let z): "b\(z)"
        }
        let centre = app.canvas.centreCell
        let text = "{\"board\": \"\(id.text)\", \"centreX\": \"\(centre.x)\", \"centreY\": \"\(centre.y)\", \"scale\": \"\(scale)\", "
            + "\"editMode\": \(app.editMode), \"autoZoomSuspended\": \(app.autoZoomSuspended), \"hexagonal\": \(app.canvas.hexagonal)}\n"
        if let slash = path.lastIndex(of: "/") { try? DataFolders.makeFolders(String(path[..<slash])) }
        try? FileIO.writeAtomically(Array(text.utf8), to: path)
    }

    /// The last session, or nil when there is none (or the file is unreadable).
    public static func lastSession(path: String) -> LastSession? {
        guard let bytes = try? FileIO.read(path), let pairs = try? FlatJSON.parse(String(decoding: bytes, as: UTF8.self)) else { return nil }
        var fields: [String: String] = [:]
        var flags: [String: Bool] = [:]
        for (key, value) in pairs {
            if case .string(let s) = value { fields[key] = s }
            if case .bool(let b) = value { flags[key] = b }
        }
        guard let board = fields["board"], let xs = fields["centreX"], let ys = fields["centreY"],
              let x = BigInt(decimal: Substring(xs)), let y = BigInt(decimal: Substring(ys)), let s = fields["scale"] else { return nil }
        let scale: CanvasScale
        if s == "h" { scale = .halfBlocks }
        else if s.hasPrefix("m"), let k = Int(s.dropFirst()), (1...8).contains(k) { scale = .magnified(k) }
        else if s.hasPrefix("b"), let z = BigUInt(decimal: s.dropFirst()), !z.isZero { scale = .braille(z) }
        else { return nil }
        return LastSession(board: board, centreX: x, centreY: y, scale: scale, editMode: flags["editMode"] ?? true,
                           autoZoomSuspended: flags["autoZoomSuspended"] ?? false, hexagonal: flags["hexagonal"] ?? false)
    }
}
