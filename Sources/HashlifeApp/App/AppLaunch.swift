// Starting the app: `play FILE` starts a new board from the file, `play --rule R` a new empty
// board under R, `play --board ID` opens that board, and `play` alone reopens the last board
// exactly as it was saved (pattern, generation, view, population history, and the history and
// snapshots saved with the board: AppStore+Session.swift); all but the last start a new
// history. Settings come from $XDG_CONFIG_HOME/hashlife.

import HashlifeBoards
import HashlifeCommands
import HashlifeEngine
import HashlifeInterface
import HashlifeFormats
import HashlifeEditing
import HashlifeTerminal

/// What `hashlife play` was asked for, and where things live.
public struct AppLaunch {
    public var file: String?
    public var rule: AnyRule?
    public var board: String?
    public var memoryLimit: Int
    /// Threads a step may use (`Universe.threads`; 1 is single-threaded).
    public var threads: Int
    public var columns: Int
    public var rows: Int
    /// The environment (XDG folders, HASHLIFE_STORE, NO_COLOR, COLORTERM).
    public var environment: [String: String]
    /// The canvas's rows sheared into a hexagonal grid (`Canvas.hexagonal`); nil keeps the
    /// last session's view (square for a new board).
    public var hexagonal: Bool?

    public init(file: String? = nil, rule: AnyRule? = nil, board: String? = nil, memoryLimit: Int = MemoryLimit.defaultBytes,
                threads: Int = 1, columns: Int, rows: Int, environment: [String: String], hexagonal: Bool? = nil) {
        self.file = file
        self.rule = rule
        self.board = board
        self.memoryLimit = memoryLimit
        self.threads = threads
        self.columns = columns
        self.rows = rows
        self.environment = environment
        self.hexagonal = hexagonal
    }

    public var settingsPath: String? { DataFolders.config(environment).map { $0 + "/settings.json" } }
    public var sessionPath: String? { DataFolders.state(environment).map { $0 + "/play-session.json" } }
    public var storePath: String? {
        if let store = environment["HASHLIFE_STORE"], !store.isEmpty { return store }
        return DataFolders.data(environment).map { $0 + "/boards.sqlite" }
    }

    /// Why the app cannot start.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The app, with its universe loaded and its board store attached (a store that cannot be
    /// opened leaves the app without persistence and says so in the header).
    public func makeApp() throws(Failure) -> App {
        let (settings, warnings) = settingsPath.map { Settings.load(path: $0) } ?? (Settings(), [])
        let session = Session(columns: columns, rows: rows, memoryLimit: memoryLimit, threads: threads)
        var store: AppStore? = nil
        var notes = warnings
        if let storePath {
            do throws(BoardError) {
                if let slash = storePath.lastIndex(of: "/") { try? DataFolders.makeFolders(String(storePath[..<slash])) }
                let service = BoardService(repository: try SQLiteBoardRepository(path: storePath), memoryLimit: memoryLimit, threads: threads)
                store = AppStore(service: service, sessionPath: sessionPath)
            } catch {
                notes.append("boards are not saved: \(error.description)")
            }
        }
        var view: AppStore.LastSession? = nil
        if let file {
            do { try session.load(path: file, rule: rule) } catch { throw Failure(description: error.message) }
            // A file cut short loads as far as it goes; the header says so (`hashlife run` warns
            // on standard error).
            notes += session.loadWarnings.map(\.description)
            store?.boardName = session.patternName ?? AppLaunch.baseName(file)
        } else if let board {
            guard let store else { throw Failure(description: "cannot open board \(Excerpt.quote(board)): \(notes.last ?? "no board store")") }
            do { _ = try store.open(board, into: session) } catch { throw Failure(description: error.description) }
        } else if let rule {
            // A rule without a file: a new, empty board under that rule (the last board stays
            // as it was).
            do throws(SessionError) { try session.load(document: PatternDocument(cells: []), rule: rule, label: "rule") } catch {
                throw Failure(description: error.message)
            }
            store?.boardName = "untitled"
        } else if let store, let path = sessionPath, let last = AppStore.lastSession(path: path) {
            do {
                _ = try store.open(last.board, into: session)
                view = last
                if let note = store.restoreSession(into: session) { notes.append(note) }
            } catch {
                notes.append("could not reopen the last board: \(error.description)")
            }
        }
        if board != nil, let rule, rule != session.rule { try? session.setRule(rule) }
        let app = App(session: session, columns: columns, rows: rows, settings: settings,
                      library: ShapeLibrary(folder: DataFolders.data(environment).map { $0 + "/shapes" }))
        app.settingsPath = settingsPath
        app.store = store
        app.historyEditor = CommandInterpreter.historyPath(environment: environment).map { LineEditor(prompt: ":", historyPath: $0) }
        app.gridBounds = session.rule.grid?.rect
        if let view {
            app.restoreView(centreX: view.centreX, centreY: view.centreY, scale: view.scale, editMode: view.editMode,
                            autoZoomSuspended: view.autoZoomSuspended, hexagonal: hexagonal ?? view.hexagonal)
        } else if hexagonal == true {
            app.setHexagonal(true)
            app.canvas = app.fittedCanvas()
        }
        if let store, store.boardID != nil, file == nil { app.restoreStatistics(from: store.populationHistory()) }
        if !notes.isEmpty { app.status = notes.joined(separator: "; ") }
        if file != nil || rule != nil && board == nil || (board == nil && view == nil && store != nil) {
            // A new board from the file (or, for a first launch, an empty one), saved at once so
            // the next `hashlife play` comes back to it.
            app.unsaved = true
            app.autosave(now: 0)
        }
        return app
    }

    static func baseName(_ path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".gz", ".rle", ".mc", ".cells", ".lif", ".life"] where name.lowercased().hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
        }
        return name.isEmpty ? "untitled" : name
    }
}

extension App {
    /// Puts back a saved view (the last session's): the cell at the canvas's centre, the scale,
    /// edit mode, whether auto-zoom was paused by hand and whether the rows are sheared.
    public func restoreView(centreX: BigInt, centreY: BigInt, scale: CanvasScale, editMode: Bool, autoZoomSuspended: Bool,
                            hexagonal: Bool = false) {
        self.editMode = editMode
        self.autoZoomSuspended = autoZoomSuspended
        let frame = canvasFrame
        canvas = Canvas.centred(on: centreX, centreY, columns: frame.columns, rows: frame.rows, scale: scale, hexagonal: hexagonal)
    }
}
