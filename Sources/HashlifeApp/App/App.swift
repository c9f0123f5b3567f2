// The app as a state machine: events in (keys, mouse, ticks, resizes, finished
// steps), state and effects out. No terminal here: the runner (Runner/) owns the terminal and
// the worker thread, and tests drive `App` directly.

import HashlifeAnalysis
import HashlifeCommands
import HashlifeEngine
import HashlifeEditing
import HashlifeTerminal

/// What the app asks its runner to do.
public enum AppEffect: Equatable, Sendable {
    /// Advance `count` generations on the worker, then call `stepFinished`.
    case step(BigUInt)
    /// Go to `generation` (reset) on the worker, then call `stepFinished`.
    case goto(BigUInt)
    /// Run command `name` of the command language (as `CommandInterpreter.parse` names it) on
    /// the worker, then call `commandFinished` with its answer.
    case command(name: String, arguments: [String])
    /// Stop the running step or command (Esc, Ctrl-C); `stepFinished` or `commandFinished`
    /// follows as usual.
    case cancelStep
    /// Put `text` on the system clipboard (OSC 52).
    case clipboard(String)
    /// Leave: restore the terminal and exit (everything is saved already).
    case quit
}

/// The interaction mode of the canvas.
public enum CanvasMode: Equatable, Sendable {
    /// Clicks toggle cells, drags paint or pan.
    case normal
    /// A pattern follows the pointer; a click stamps it (a toolbar pattern, or the clipboard).
    case stamp(Stamp)
    /// Drags select a rectangle.
    case select
}

/// A pattern being placed: its name, live cells (after the rotations and flips so far), and
/// the paste mode.
public struct Stamp: Equatable, Sendable {
    public var name: String
    public var cells: [StampPreview.PatternPoint]
    public var width: Int
    public var height: Int
    public var replace: Bool = false
    /// The state of each of `cells`, in the same order, for a clip of a multi-state pattern;
    /// nil for a two-state pattern (its cells are alive).
    public var states: [UInt8]? = nil
}

/// A popup over the canvas.
public enum Panel: Equatable, Sendable {
    case help
    case settings(selected: Int)
    case snapshots(selected: Int)
    case boards(selected: Int)
    /// A command's answer of several lines, scrolled to line `top`.
    case output(title: String, lines: [String], top: Int)
}

/// The app: the session it edits, what the screen shows, and how input changes both.
public final class App {
    public let session: Session
    public internal(set) var settings: Settings
    public internal(set) var canvas: Canvas
    public internal(set) var columns: Int
    public internal(set) var rows: Int
    /// The edit toolbar is shown (edit mode; on at launch).
    public internal(set) var editMode = true
    public internal(set) var mode: CanvasMode = .normal
    public internal(set) var panel: Panel?
    /// The one-line prompt at the bottom, when open (App+CommandLine.swift).
    public internal(set) var prompt: Prompt?
    /// The command language over the session (the `:` line). Its steps stop through `control`.
    public let commands: CommandInterpreter
    /// Stops the running step or command; the runner's worker uses it.
    public let control = StepControl()
    /// The command-line history shared with `hashlife repl` (nil: kept in `typedCommands` only).
    public var historyEditor: LineEditor?
    var typedCommands: [String] = []
    /// The prompt the running command's value was typed at, opened again when it fails.
    var reopenOnError: Prompt?
    public internal(set) var playing = false
    /// A step is running on the worker: the universe must not be touched until it finishes.
    public internal(set) var busy = false
    /// The generation the worker has reached (progress display), set by the runner.
    public var progressGeneration: BigUInt?
    /// The one-line message in the header ("still life at generation 1103", errors, …).
    public internal(set) var status: String?
    /// The first-run hint was dismissed while the universe was empty.
    public internal(set) var hintDismissed = false
    /// Auto-zoom stopped because the user panned or zoomed by hand.
    public internal(set) var autoZoomSuspended = false
    /// The pointer's last position on the screen.
    public internal(set) var pointer: (column: Int, row: Int)?
    /// Population figures of the run since the last edit or reset (the header's Max, Min and
    /// sparkline).
    public internal(set) var statistics = PopulationStatistics()
    /// The figures of states the history or the snapshots keep, by state number (see
    /// `Session.currentStateNumber`): undo, redo and reset bring back those of the state they
    /// return to.
    var statisticsByState: [Int: PopulationStatistics] = [:]
    /// Samples observed since the last save, written with the board's population history.
    var unsavedSamples: [(generation: BigUInt, population: BigUInt)] = []
    /// The last sample written to the board's history.
    var lastSavedSample: (generation: BigUInt, population: BigUInt)?
    /// The group of the step the worker is running (a frame of the play run), if any.
    var runningGroup: HistoryGroup?
    /// The play run in progress: its frames make one history entry.
    var runGroup: HistoryGroup?
    /// `.` presses waiting for the running step to finish: one step of that many follows.
    public internal(set) var pendingSteps = 0
    /// Set after an edit or a step; the runner's autosave clears it.
    public internal(set) var unsaved = false
    /// When the app was last changed (milliseconds, the runner's clock), for autosave.
    public internal(set) var lastChange: Int64 = 0
    var nextFrame: Int64 = 0
    /// When the running step started (the header shows progress once it has run a while).
    var busySince: Int64 = 0
    var wantsSave = false
    /// Generation, population and rule as they were when the running step started: the header
    /// shows these while the worker owns the universe.
    var frozenHeader: (generation: BigUInt, population: BigUInt, rule: AnyRule)?
    /// The state clicks and drags draw under a multi-state rule (1 … N−1; `t` cycles it); a
    /// two-state rule draws 1, alive (App+States.swift).
    public internal(set) var drawingState: UInt8 = 1
    /// Draw states as letters (`StateGlyphs`) instead of colours: set when the terminal shows
    /// no colours (`NO_COLOR`).
    public var drawsStateLetters = false
    var lastSave: Int64 = 0
    var drag: Drag = .none
    let watcher = ConvergenceWatcher()
    /// The toolbar's patterns: ten classics, then the user's shapes.
    public internal(set) var toolbar: [ToolbarItem]
    /// The user's shapes (nil: built-in shapes only).
    let library: ShapeLibrary?
    /// The cells of a bounded grid (a 24×24 torus, say), drawn with its edges and fitted
    /// to the screen; nil on the unbounded plane and on tubes and strips. Set from `Rule.grid`
    /// (`Grid.rect`) at launch and when a board is opened.
    public var gridBounds: CellRect? {
        didSet { canvas = fittedCanvas() }
    }
    /// The board store link (nil: no persistence, as in most tests).
    public var store: AppStore?
    /// Snapshot previews, by name.
    var previewCache: [String: [String]] = [:]
    public var now: Int64 = 0
    /// Where the settings are saved (nil: not saved, as in tests).
    public var settingsPath: String?

    enum Drag: Equatable {
        case none
        case paint(alive: Bool, lastX: BigInt, lastY: BigInt, group: HistoryGroup)
        case pan(column: Int, row: Int)
        case select(x: BigInt, y: BigInt)
    }

    /// An app of `columns`×`rows` characters over `session`, with `settings` and the toolbar's
    /// shapes from `library`. The canvas fits the pattern (or centres on (0, 0) when empty).
    public init(session: Session, columns: Int, rows: Int, settings: Settings = Settings(), library: ShapeLibrary? = ShapeLibrary()) {
        self.session = session
        self.settings = settings
        self.columns = max(columns, 20)
        self.rows = max(rows, 8)
        self.library = library
        commands = CommandInterpreter(session: session, control: control)
        if let library { commands.shapes = library }
        toolbar = ToolbarItem.load(library: library)
        canvas = Canvas(columns: 1, rows: 1)
        canvas = fittedCanvas()
        let universe = session.universe
        statistics.observe(universe.population, generation: universe.generation)
        lastSavedSample = (universe.generation, universe.population)
        keepStatistics()
    }

    // MARK: Layout

    /// Rows the header takes.
    public static let headerRows = 2
    /// Columns the toolbar takes when shown.
    public static let toolbarColumns = 14

    /// Where the canvas sits on the screen.
    public var canvasFrame: (left: Int, top: Int, columns: Int, rows: Int) {
        let left = showsToolbar ? App.toolbarColumns : 0
        return (left, App.headerRows, columns - left, rows - App.headerRows - 1)
    }

    var showsToolbar: Bool { editMode && columns >= 40 }

    /// The terminal's size changed: the canvas keeps its centre.
    public func resize(columns: Int, rows: Int) {
        self.columns = max(columns, 20)
        self.rows = max(rows, 8)
        layoutCanvas()
    }

    /// Gives the canvas the frame's size, keeping the cell at its centre.
    func layoutCanvas() {
        let frame = canvasFrame
        guard frame.columns != canvas.columns || frame.rows != canvas.rows else { return }
        let centre = canvas.cells(atColumn: canvas.columns / 2, row: canvas.rows / 2)
        canvas.columns = max(frame.columns, 1)
        canvas.rows = max(frame.rows, 1)
        canvas.centre(on: centre.x, centre.y)
    }

    /// A canvas of the frame's size framing the live cells with the 20 % buffer (the origin at
    /// 2× when empty).
    func fittedCanvas() -> Canvas {
        let frame = canvasFrame
        let base = Canvas.centred(on: .zero, .zero, columns: max(frame.columns, 1), rows: max(frame.rows, 1), scale: .magnified(1),
                                  hexagonal: canvas.hexagonal)
        if let gridBounds { return base.framing(grid: gridBounds) }
        guard let box = session.universe.boundingBox else { return base }
        return base.fitting(box)
    }

    /// The canvas-relative position of a screen position, when it is on the canvas.
    func canvasPosition(column: Int, row: Int) -> (column: Int, row: Int)? {
        let frame = canvasFrame
        let (c, r) = (column - frame.left, row - frame.top)
        guard c >= 0, r >= 0, c < frame.columns, r < frame.rows else { return nil }
        return (c, r)
    }

    /// Is the first-run hint showing?
    public var showsHint: Bool {
        !busy && !hintDismissed && panel == nil && mode == .normal && session.universe.isEmpty
    }

    func changed() {
        unsaved = true
        lastChange = now
        if !session.universe.isEmpty { hintDismissed = false }
    }
}

/// Population figures for the header: max, min, growth per generation and recent samples.
public struct PopulationStatistics: Equatable, Sendable {
    public private(set) var maximum: BigUInt?
    public private(set) var minimum: BigUInt?
    /// Change of population over the last step, per generation (a whole-number average).
    public private(set) var growth: BigInt?
    public private(set) var samples: [BigUInt] = []
    private var lastPopulation: BigUInt?
    private var lastGeneration: BigUInt?
    public static let sampleLimit = 64

    public mutating func observe(_ population: BigUInt, generation: BigUInt) {
        maximum = maximum.map { max($0, population) } ?? population
        minimum = minimum.map { min($0, population) } ?? population
        if let lastPopulation, let lastGeneration, generation > lastGeneration {
            let change = BigInt(population) - BigInt(lastPopulation)
            let span = generation - lastGeneration
            let (q, _) = change.magnitude.quotientAndRemainder(dividingBy: span)
            growth = change.isNegative ? -BigInt(q) : BigInt(q)
        }
        if lastGeneration != generation || samples.isEmpty {
            samples.append(population)
            if samples.count > Self.sampleLimit { samples.removeFirst(samples.count - Self.sampleLimit) }
        }
        (lastPopulation, lastGeneration) = (population, generation)
    }

    /// `▁▂▃▄▅▆▇█` of the last `width` samples, scaled between their min and max.
    public func sparkline(width: Int) -> String {
        let recent = samples.suffix(max(width, 0))
        guard let low = recent.min(), let high = recent.max() else { return "" }
        let bars = Array("▁▂▃▄▅▆▇█")
        let range = high - low
        return String(recent.map { value -> Character in
            if range.isZero { return bars[3] }
            let (q, _) = ((value - low) * BigUInt(7)).quotientAndRemainder(dividingBy: range)
            return bars[q.intValue ?? 7]
        })
    }
}
