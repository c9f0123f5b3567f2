import HashlifeEngine
import HashlifeInterface
import HashlifeFormats

/// Why a session command failed: its kind, for programs, and a message for people.
public struct SessionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong. The raw values are the stable codes programs read (the REPL's JSON).
    public enum Kind: String, Sendable, CaseIterable {
        /// A file cannot be read or written.
        case file
        /// A file is not a valid pattern, or a state cannot be written in a format.
        case format
        /// A rule that does not parse, or a pattern the rule cannot run.
        case rule
        /// A bad value (a number, a name, a density, a generation before the history).
        case argument
        /// Stopped by the caller; the universe is at a consistent generation.
        case cancelled
        /// The memory limit cannot hold the pattern.
        case memory
        /// Nothing to undo or redo, or a saved history that cannot be read back.
        case history
        /// An operation that needs a selection, without one.
        case selection
        /// A paste with an empty clipboard.
        case clipboard
        /// A shape of the library that cannot be found, read or written.
        case shape
        /// No snapshot of that name.
        case snapshot
    }

    public var kind: Kind
    public var message: String
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
    /// The kind's stable code ("file", "cancelled", …).
    public var code: String { kind.rawValue }
    public var description: String { message }
}

/// One universe being explored: the state the REPL and the terminal app work on.
///
/// Holds the universe (of whatever family its rule says: Session+Universe.swift), the file it
/// came from, the current viewport (what `view` with no arguments shows), the history of
/// changes (undo, redo, and kept generations so `goto` can go back without re-running), the
/// selection, the clipboard and the snapshots.
public final class Session {
    /// The universe, to read. Every change goes through the session's methods, each one a
    /// history entry (Session+History.swift); callers must not change it themselves.
    public internal(set) var universe: any LifeUniverse
    /// The file last loaded or saved.
    public internal(set) var path: String?
    /// The name, author and comments of the pattern last loaded, kept on save.
    public internal(set) var metadata = PatternMetadata()
    /// What is odd about the file the last `load(path:rule:)` loaded (one cut short, say).
    public internal(set) var loadWarnings: [PatternWarning] = []
    /// The name the file last loaded gives (`#N`); nil when it gives none.
    public var patternName: String? { metadata.name }
    /// The current view, in blocks of `viewport.zoom` cells.
    public var viewport: Viewport
    /// Undo entries, oldest first, and redo entries, the next to redo last (Session+History.swift).
    var undoEntries: [HistoryEntry] = []
    var redoEntries: [HistoryEntry] = []
    /// Most undo entries kept (the oldest go first); at least 1,000 by default.
    public var historyLimit = Session.defaultHistoryLimit
    public static let defaultHistoryLimit = 1000
    /// The state as loaded, to re-run from when going back past the history; nil once an edit
    /// has been dropped from the history (re-running would no longer reproduce it).
    var start: RunStart?
    /// Saved snapshots, in the order saved (Session+Snapshots.swift).
    var snapshotList: [Snapshot] = []
    /// The number of the current state. Every state the session keeps (undo and redo entries,
    /// snapshots) carries the number the universe had when it was taken; a change gives the
    /// universe a new number, undo and redo give it back the entry's. Numbers are never reused
    /// in a session, so equal numbers are equal states (Session+Saving.swift writes each once).
    public internal(set) var currentStateNumber = 0
    /// The last number given.
    var lastStateNumber = 0
    /// The group whose last change made the current state, and that state's number
    /// (Session+History.swift).
    var openGroup: (group: HistoryGroup, stateNumber: Int)?
    var lastGroup = 0
    /// Cells the open stroke has changed before its last one.
    var strokeCells = 0
    /// Where the current state's run started: the state `reset` returns to
    /// (Session+History.swift).
    var runStart: RunStart
    /// The selected rectangle, if any (Session+Editing.swift).
    public internal(set) var selection: CellRect?
    /// The last clip copied or cut, with its states; it moves with the session to a newly
    /// loaded pattern.
    public internal(set) var clipboard: CellClip?
    /// The memory limit of the current universe and of those loaded later.
    public private(set) var memoryLimit: Int
    /// Threads a step may use (≥ 1; 1 is single-threaded), for the current universe and those
    /// loaded later. Setting it takes effect at the next step; results do not change. A family
    /// without threads (`UniverseCapability.threads`) steps on one.
    public var threads: Int {
        didSet { universe.threads = threads }
    }

    /// An empty B3/S23 universe whose node store is limited to `memoryLimit` bytes and whose
    /// steps use `threads` threads (≥ 1; 1, the engine's default, is single-threaded), and a
    /// `columns`×`rows` view centred on (0, 0) at zoom 1.
    public init(columns: Int = 80, rows: Int = 24, memoryLimit: Int = MemoryLimit.defaultBytes, threads: Int = 1) {
        universe = AnyRule(Rule.life).makeUniverse(memoryLimit: memoryLimit, threads: threads)
        self.memoryLimit = universe.memoryLimit
        self.threads = threads
        viewport = Viewport(x: BigInt(-(columns / 2)), y: BigInt(-(rows / 2)), columns: columns, rows: rows)
        runStart = RunStart(state: universe.keep(), number: 0, rule: universe.anyRule, origin: "as created")
        start = runStart
    }

    // MARK: Memory

    /// Sets the memory limit of the current universe and of files loaded later. Raising it takes
    /// effect at once; lowering it collects at once (memory the process has touched is reused,
    /// not returned to the system). A limit too small for the pattern shows at the next step,
    /// as a "memory" error. Limits below `MemoryLimit.minimumBytes` act as the minimum.
    public func setMemoryLimit(_ bytes: Int) {
        universe.setMemoryLimit(bytes)
        memoryLimit = universe.memoryLimit
    }

    // MARK: Files

    /// Loads a pattern file (any format and family; "-" for standard input) under `rule` (else
    /// its own rule) and fits the view to it. The new universe keeps the session's memory limit
    /// and thread count; a rule of another family than the file's moves its cells as `setRule`
    /// does.
    /// - Throws: "file", "format", or "rule" (a rule that cannot hold the file's states).
    public func load(path: String, rule: AnyRule? = nil) throws(SessionError) {
        let label = path == "-" ? "<stdin>" : path
        let loaded = try readAnyPattern(path: path, checkingRule: rule == nil)
        try load(loaded, rule: rule, label: label)
        self.path = path
        loadWarnings = loaded.warnings
    }

    /// The pattern file at `path` (any format and family; "-" for standard input), read within
    /// the session's memory limit; its rule is checked unless `checkingRule` is false (a rule
    /// given by the caller replaces it).
    /// - Throws: "file" when it cannot be read, "format" when it is not a valid pattern.
    public func readAnyPattern(path: String, checkingRule: Bool = true) throws(SessionError) -> LoadedPattern {
        let label = path == "-" ? "<stdin>" : path
        do { return try PatternCodec.readAny(path: path, label: label, limit: memoryLimit, checkingRule: checkingRule) } catch {
            if case .file(let failure) = error { throw SessionError(.file, failure.description) }
            throw SessionError(.format, error.description)
        }
    }

    /// The two-state pattern in the file at `path` (a shape for the library or a stamp).
    /// - Throws: "file" when it cannot be read, "format" when it is not a valid two-state
    ///   pattern.
    public func readPattern(path: String, checkingRule: Bool = true) throws(SessionError) -> PatternDocument {
        let label = path == "-" ? "<stdin>" : path
        do { return try PatternCodec.read(path: path, label: label, limit: memoryLimit, checkingRule: checkingRule).document } catch {
            if case .file(let failure) = error { throw SessionError(.file, failure.description) }
            throw SessionError(.format, error.description)
        }
    }

    /// Replaces the pattern with `loaded` (under `rule`, else its own), starting a new history
    /// (snapshots too belong to the universe they were taken of), and fits the view. `label`
    /// names the source in errors.
    /// - Throws: "rule" when the file's rule does not parse or `rule` cannot hold its states.
    public func load(_ loaded: LoadedPattern, rule: AnyRule? = nil, label: String = "pattern") throws(SessionError) {
        let made: any LifeUniverse
        do { made = try loaded.universe(rule: rule, memoryLimit: memoryLimit, threads: threads) } catch {
            throw SessionError(.rule, "\(label): \(error.description)")
        }
        adopt(made)
        path = nil
        metadata = loaded.metadata
        loadWarnings = loaded.warnings
        startHistory()
    }

    /// Replaces the pattern with the two-state `document` (under `rule`, else its own); see
    /// `load(_:rule:label:)`.
    public func load(document: PatternDocument, rule: AnyRule? = nil, label: String = "pattern") throws(SessionError) {
        try load(.twoState(DecodedPattern(document: document, format: .rle, compressed: false)), rule: rule, label: label)
    }

    /// Starts a new history at the current state (after a load): no entries or snapshots; a new
    /// state number, which is also where the run starts (`reset` returns here); the view fitted.
    func startHistory() {
        undoEntries = []
        redoEntries = []
        snapshotList = []
        openGroup = nil
        currentStateNumber = newStateNumber()
        runStart = RunStart(state: saveKept(), number: currentStateNumber, rule: rule, origin: "as loaded")
        start = runStart
        fit()
    }

    /// Writes the universe to `path` in `format` (or the one its extension names), atomically,
    /// with the metadata of the pattern loaded.
    /// - Throws: "argument" when the format cannot be told; "format" when it cannot hold the
    ///   universe (its states, or cells too far out); "file" when it cannot be written.
    public func save(path: String, format: PatternFormat? = nil) throws(SessionError) {
        guard let chosen = format ?? PatternFormat(fileName: path), chosen.isWritable else {
            throw SessionError(.argument, "cannot tell the format from '\(path)'; use .rle, .mc, .cells or .lif (optionally .gz)")
        }
        let bytes: [UInt8]
        do { bytes = try PatternCodec.encode(universe, as: chosen, compressed: PatternFormat.isCompressedName(path), metadata: metadata) } catch {
            throw SessionError(.format, "\(path): \(error)")
        }
        do { try FileIO.writeAtomically(bytes, to: path) } catch { throw SessionError(.file, error.description) }
        self.path = path
    }

    // MARK: Evolution

    /// Advances `count` generations, as one history entry; `progress` hears the generation
    /// reached after each power-of-two step (for displays). The history's kept states are
    /// pinned in memory: when the memory limit cannot hold the step, the redo list and then the
    /// older half of the history are dropped and the step goes on, until only the state the
    /// step started from is left.
    /// - Throws: `SessionError` with code "cancelled" when `control` stops it, "memory" when the
    ///   memory limit cannot hold the pattern; the universe is then at a consistent generation
    ///   (the error says which), recorded in the history like a finished step.
    ///
    /// Steps in `group` (a play run) make one entry together, which undo takes back whole.
    public func step(_ count: BigUInt, group: HistoryGroup? = nil, control: StepControl? = nil,
                     progress: ((BigUInt) -> Void)? = nil) throws(SessionError) {
        let target = universe.generation + count
        let description: String
        if let group {
            let from = continuing(group)?.generation ?? universe.generation
            description = "play from generation \(Excerpt.number(from)) to \(Excerpt.number(target))"
        } else {
            description = "step of " + Plural.count(Excerpt.number(count), "generation", for: count)
        }
        try record(description, isStep: true, group: group) { () throws(SessionError) in
            try advance(to: target, control: control, progress: progress)
        }
    }

    /// The state before `group`'s first change, when a change in `group` now would join its
    /// entry (see `record`).
    func continuing(_ group: HistoryGroup) -> KeptState? {
        guard let open = openGroup, open.group == group, open.stateNumber == currentStateNumber,
              let last = undoEntries.last, last.group == group, redoEntries.isEmpty else { return nil }
        return last.state
    }

    /// Goes to `generation`, as one history entry: forward by stepping; back to the newest
    /// state at or before it on the current line of changes (then forward), or else by
    /// re-running from the loaded pattern.
    /// - Throws: "argument" when the generation is before every state the history can reach.
    ///
    /// Going back makes the state's run the one of the kept state it starts from, so `reset`
    /// then returns to where that state's run started.
    public func goto(_ generation: BigUInt, control: StepControl? = nil, progress: ((BigUInt) -> Void)? = nil) throws(SessionError) {
        var from: (state: KeptState, run: RunStart)? = nil
        if generation < universe.generation {
            guard let kept = keptState(atOrBefore: generation) else {
                let earliest = undoEntries.first?.state.generation ?? universe.generation
                throw SessionError(.argument, "generation \(Excerpt.number(generation)) is before the earliest kept state (generation \(Excerpt.number(earliest)))")
            }
            from = kept
        }
        try record("go to generation \(Excerpt.number(generation))", isStep: true, run: from?.run) { () throws(SessionError) in
            if let from { restoreKept(from.state) }
            if generation > universe.generation { try advance(to: generation, control: control, progress: progress) }
        }
    }

    /// Steps to `target`, dropping history for memory as `step` describes.
    private func advance(to target: BigUInt, control: StepControl?, progress: ((BigUInt) -> Void)?) throws(SessionError) {
        while true {
            do {
                try universe.step(by: target - universe.generation, control: control, progress: progress)
                return
            } catch {
                switch error {
                case .cancelled:
                    throw SessionError(.cancelled, error.description)
                case .memoryExhausted:
                    guard dropHistoryForMemory() else { throw SessionError(.memory, error.description) }
                    universe.collect()
                }
            }
        }
    }

    // MARK: Editing

    /// Makes the cell at (`x`, `y`) alive (state 1) or empty; one history entry. Cells set
    /// in `group` (a painted stroke) make one entry together.
    public func setCell(x: BigInt, y: BigInt, alive: Bool, group: HistoryGroup? = nil) {
        try? setState(alive ? 1 : 0, x: x, y: y, group: group)
    }

    /// Flips the cell at (`x`, `y`); one history entry: a cell in state 0 goes to state 1 and
    /// any other to 0.
    public func toggleCell(x: BigInt, y: BigInt) { setCell(x: x, y: y, alive: universe.state(atX: x, y: y) == 0) }

    /// Kills every cell (rule and generation stay); one history entry.
    public func clear() {
        record("clear all cells") { universe.clear() }
    }

    // MARK: Memory upkeep

    /// Runs `body` on the universe itself, for analysis that needs the engine (the classifier
    /// steps the universe), and puts the universe back as it was (cells, generation and rule)
    /// afterwards, whatever `body` did to it.
    public func analyse<T, E: Error>(_ body: (any LifeUniverse) throws(E) -> T) throws(E) -> T {
        let saved = universe.keep()
        defer { universe.restore(saved) }
        return try body(universe)
    }

    /// Runs a collection now (nothing observable changes); returns the nodes freed.
    public func collect() -> Int {
        let before = universe.statistics.nodes
        universe.collect()
        return max(before - universe.statistics.nodes, 0)
    }

    // MARK: Viewing

    /// Moves the view by (`dx`, `dy`) cells.
    public func pan(dx: BigInt, dy: BigInt) {
        viewport.x = viewport.x + dx
        viewport.y = viewport.y + dy
    }

    /// Sets the zoom (cells per block), keeping the view's centre where it is.
    public func setZoom(_ zoom: BigUInt) { viewport = viewport(zoom: zoom) }

    /// The current view's centre and size in blocks at `zoom`: what `setZoom` makes, without
    /// changing the current view.
    public func viewport(zoom: BigUInt) -> Viewport {
        precondition(!zoom.isZero)
        let (columns, rows) = (viewport.columns, viewport.rows)
        let centreX = viewport.x + BigInt(viewport.width >> 1), centreY = viewport.y + BigInt(viewport.height >> 1)
        let width = BigUInt(columns) * zoom, height = BigUInt(rows) * zoom
        return Viewport(x: centreX - BigInt(width >> 1), y: centreY - BigInt(height >> 1), width: width, height: height, zoom: zoom)
    }

    /// Halves the zoom (shows more detail), down to 1.
    public func zoomIn() { setZoom(viewport.zoom > .one ? viewport.zoom >> 1 : .one) }
    /// Doubles the zoom (shows more of the plane).
    public func zoomOut() { setZoom(viewport.zoom << 1) }

    /// Fits the view to the whole pattern with a 20 % margin on every side, keeping its size in
    /// blocks. An empty universe gets a zoom-1 view centred on (0, 0).
    public func fit() {
        let (columns, rows) = (viewport.columns, viewport.rows)
        viewport = universe.fit(columns: columns, rows: rows)
            ?? Viewport(x: BigInt(-(columns / 2)), y: BigInt(-(rows / 2)), columns: columns, rows: rows)
    }

    /// Changes the view's size in blocks, keeping its top-left corner and zoom.
    public func resize(columns: Int, rows: Int) {
        viewport = Viewport(x: viewport.x, y: viewport.y, columns: columns, rows: rows, zoom: viewport.zoom)
    }
}
