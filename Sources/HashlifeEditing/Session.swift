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
/// The universe is two-state (`Universe`, B3/S23 and its relatives) or multi-state
/// (`MultiStateUniverse`: Generations, LifeHistory, LifeSuper), as the loaded file or the last
/// rule says (Session+MultiState.swift); `plane` reads either, `universe` the two-state one.
/// Holds the universe, the file it came from, the current viewport (what `view` with no
/// arguments shows), the history of changes (undo, redo, and kept generations so `goto` can go
/// back without re-running), the selection, the clipboard and the snapshots.
public final class Session {
    /// The universe itself; only the session changes it (see `universe`).
    private(set) var live: Universe
    /// The two-state universe, to read. Every change goes through the session's methods, each
    /// one a history entry. While the session holds a multi-state pattern (`isMultiState`) it is
    /// empty: read `plane` or `multiState` then.
    public var universe: any UniverseReading { live }
    /// The multi-state universe of this pattern's history, made when a multi-state pattern is
    /// loaded or a multi-state rule set, and kept while states of the history or the clipboard
    /// may need it (Session+MultiState.swift).
    var multi: MultiStateUniverse?
    /// Is the current universe `multi` (true) or `live`?
    var holdsMultiState = false
    /// The comments of the multi-state file loaded, written back on save.
    var multiStateComments: [String] = []
    /// The file last loaded or saved, and its metadata (name, author, comments) kept on save.
    public internal(set) var path: String?
    public internal(set) var document: PatternDocument?
    /// What is odd about the file the last `load(path:anyRule:)` loaded (one cut short, say).
    public internal(set) var loadWarnings: [PatternWarning] = []
    /// The name the file last loaded gives (`#N`), two-state (`document`) or multi-state (its
    /// first `#N` line); nil when it gives none.
    public var patternName: String? {
        if let document { return document.name }
        guard let line = multiStateComments.first(where: { $0.hasPrefix("#N") }) else { return nil }
        return String(line.dropFirst(2).drop { $0 == " " || $0 == "\t" })
    }
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
    /// The last clip copied or cut from a two-state universe; it moves with the session to a
    /// newly loaded pattern. Nil when the last clip came from a multi-state one
    /// (`multiStateClipboard`): at most one of the two is set.
    public internal(set) var clipboard: PatternClip?
    /// The last clip copied or cut from a multi-state universe, with its states.
    public internal(set) var multiStateClipboard: MultiStateClip?

    /// An empty B3/S23 universe whose node store is limited to `memoryLimit` bytes and whose
    /// steps use `threads` threads (≥ 1; 1, the engine's default, is single-threaded), and a
    /// `columns`×`rows` view centred on (0, 0) at zoom 1.
    public init(columns: Int = 80, rows: Int = 24, memoryLimit: Int = MemoryLimit.defaultBytes, threads: Int = 1) {
        live = Universe(memoryLimit: memoryLimit)
        live.threads = threads
        viewport = Viewport(x: BigInt(-(columns / 2)), y: BigInt(-(rows / 2)), columns: columns, rows: rows)
        runStart = RunStart(state: .twoState(live.saveState()), number: 0, rule: .twoState(live.rule), origin: "as created")
        start = runStart
    }

    // MARK: Memory

    /// The node store's memory limit in bytes: the current universe's, and the one files are
    /// loaded with.
    public var memoryLimit: Int { live.memoryLimit }

    /// Sets the memory limit of the current universe and of files loaded later. Raising it takes
    /// effect at once; lowering it collects at once (memory the process has touched is reused,
    /// not returned to the system). A limit too small for the pattern shows at the next step,
    /// as a "memory" error. Limits below `MemoryLimit.minimumBytes` act as the minimum.
    public func setMemoryLimit(_ bytes: Int) {
        live.setMemoryLimit(bytes)
        multi?.setMemoryLimit(bytes)
    }

    /// Threads a step may use (`Universe.threads`): the current universe's, and the count files
    /// are loaded with. Setting it (≥ 1) takes effect at the next step; results do not change.
    public var threads: Int {
        get { live.threads }
        set { live.threads = newValue }
    }

    // MARK: Files

    /// Loads a pattern file (any format; "-" for standard input) and fits the view to it. The
    /// new universe keeps the session's memory limit and thread count.
    public func load(path: String, rule: Rule? = nil) throws(SessionError) {
        try load(path: path, anyRule: rule.map { .twoState($0) })
    }

    /// Loads a pattern file of either kind (any format; "-" for standard input) under `anyRule`
    /// (else its own rule) and fits the view to it. A multi-state file makes the session hold a
    /// multi-state universe; a rule of the other kind converts the cells as `setRule` does.
    /// - Throws: "file", "format", or "rule" (a rule that cannot hold the file's states).
    public func load(path: String, anyRule: AnyRule?) throws(SessionError) {
        let label = path == "-" ? "<stdin>" : path
        let loaded = try readAnyPattern(path: path, checkingRule: anyRule == nil)
        switch loaded {
        case .twoState(let decoded):
            switch anyRule {
            case nil, .twoState?:
                try load(document: decoded.document, rule: anyRule.flatMap { if case .twoState(let r) = $0 { r } else { nil } }, label: label)
            case .multiState(let rule)?:
                try load(document: decoded.document, rule: .life, label: label)
                try convertWithoutHistory(to: .multiState(rule), label: label)
            }
        case .multiState(let decoded):
            try load(multiState: decoded, rule: anyRule, label: label)
        }
        self.path = path
        loadWarnings = loaded.warnings
    }

    /// The pattern file at `path` of either kind (see `readPattern`).
    public func readAnyPattern(path: String, checkingRule: Bool = true) throws(SessionError) -> LoadedPattern {
        let label = path == "-" ? "<stdin>" : path
        do { return try PatternCodec.readAny(path: path, label: label, limit: memoryLimit, checkingRule: checkingRule) } catch {
            if case .file(let failure) = error { throw SessionError(.file, failure.description) }
            throw SessionError(.format, error.description)
        }
    }

    /// The pattern in the file at `path` (any format; "-" for standard input), read within the
    /// session's memory limit (see `PatternCodec.read`); its rule is checked unless
    /// `checkingRule` is false (a rule given by the caller replaces it).
    /// - Throws: "file" when it cannot be read, "format" when it is not a valid pattern.
    public func readPattern(path: String, checkingRule: Bool = true) throws(SessionError) -> PatternDocument {
        let label = path == "-" ? "<stdin>" : path
        do { return try PatternCodec.read(path: path, label: label, limit: memoryLimit, checkingRule: checkingRule).document } catch {
            if case .file(let failure) = error { throw SessionError(.file, failure.description) }
            throw SessionError(.format, error.description)
        }
    }

    /// Replaces the pattern with `document` (under `rule`, else its own), starting a new
    /// history (snapshots too belong to the universe they were taken of), and fits the view.
    /// `label` names the source in errors.
    public func load(document: PatternDocument, rule: Rule? = nil, label: String = "pattern") throws(SessionError) {
        let loaded: Universe
        do { loaded = try Universe(document: document, rule: rule, memoryLimit: memoryLimit) } catch {
            throw SessionError(.rule, "\(label): \(error.description)")
        }
        loaded.threads = threads
        clipboard = clipboard.map { loaded.importing($0, from: live) }
        live = loaded
        holdsMultiState = false
        if multiStateClipboard == nil { multi = nil } else { multi?.clear() }
        path = nil
        self.document = document
        startHistory()
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

    /// Writes the universe to `path` in `format` (or the one its extension names), atomically.
    /// A multi-state universe is written as multi-state RLE or Macrocell (other formats hold
    /// two states only: "format" error).
    public func save(path: String, format: PatternFormat? = nil) throws(SessionError) {
        guard let chosen = format ?? PatternFormat(fileName: path), chosen.isWritable else {
            throw SessionError(.argument, "cannot tell the format from '\(path)'; use .rle, .mc, .cells or .lif (optionally .gz)")
        }
        if holdsMultiState { return try saveMultiState(path: path, format: chosen) }
        let bytes: [UInt8]
        do {
            bytes = try PatternCodec.encode(live, as: chosen, compressed: PatternFormat.isCompressedName(path),
                                            name: document?.name, author: document?.author, comments: document?.comments ?? [])
        } catch {
            throw SessionError(.format, "\(path): \(error)")
        }
        do { try FileIO.writeAtomically(bytes, to: path) } catch { throw SessionError(.file, error.description) }
        self.path = path
    }

    // MARK: Evolution

    /// Changes the rule to a two-state one (cells stay); one history entry. See
    /// `setRule(_: AnyRule)` for a multi-state universe.
    public func setRule(_ rule: Rule) throws(SessionError) { try setRule(.twoState(rule)) }

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
        let target = plane.generation + count
        let description: String
        if let group {
            let from = continuing(group)?.generation ?? plane.generation
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
        if generation < plane.generation {
            guard let kept = keptState(atOrBefore: generation) else {
                let earliest = undoEntries.first?.state.generation ?? plane.generation
                throw SessionError(.argument, "generation \(Excerpt.number(generation)) is before the earliest kept state (generation \(Excerpt.number(earliest)))")
            }
            from = kept
        }
        try record("go to generation \(Excerpt.number(generation))", isStep: true, run: from?.run) { () throws(SessionError) in
            if let from { restoreKept(from.state) }
            if generation > plane.generation { try advance(to: generation, control: control, progress: progress) }
        }
    }

    /// Steps to `target`, dropping history for memory as `step` describes.
    private func advance(to target: BigUInt, control: StepControl?, progress: ((BigUInt) -> Void)?) throws(SessionError) {
        while true {
            do {
                if holdsMultiState, let multi {
                    try multi.step(by: target - multi.generation, control: control, progress: progress)
                } else {
                    try live.step(by: target - live.generation, control: control, progress: progress)
                }
                return
            } catch {
                switch error {
                case .cancelled:
                    throw SessionError(.cancelled, error.description)
                case .memoryExhausted:
                    guard dropHistoryForMemory() else { throw SessionError(.memory, error.description) }
                    if holdsMultiState { multi?.collect() } else { live.collect() }
                }
            }
        }
    }

    // MARK: Editing

    /// Makes the cell at (`x`, `y`) alive or dead; one history entry. Cells set in `group` (a
    /// painted stroke) make one entry together. In a multi-state universe alive is state 1.
    public func setCell(x: BigInt, y: BigInt, alive: Bool, group: HistoryGroup? = nil) {
        if holdsMultiState {
            try? setState(alive ? 1 : 0, x: x, y: y, group: group)
            return
        }
        guard live.cell(x: x, y: y) != alive else { return }
        var description = "cell (\(x), \(y)) \(alive ? "born" : "killed")"
        if let group, continuing(group) != nil {
            strokeCells += 1
            description = "\(alive ? "drew" : "erased") \(strokeCells + 1) cells"
        } else {
            strokeCells = 0
        }
        record(description, group: group) { live.setCell(x: x, y: y, alive: alive) }
    }

    /// Flips the cell at (`x`, `y`); one history entry. In a multi-state universe a cell in
    /// state 0 goes to state 1 and any other to 0.
    public func toggleCell(x: BigInt, y: BigInt) { setCell(x: x, y: y, alive: plane.state(atX: x, y: y) == 0) }

    /// Kills every cell (rule and generation stay); one history entry.
    public func clear() {
        record("clear all cells") { if holdsMultiState { multi?.clear() } else { live.clear() } }
    }

    // MARK: Memory upkeep

    /// Runs `body` on the universe itself, for analysis that needs the engine (the classifier
    /// steps the universe and puts it back where it found it). `body` must leave the cells,
    /// generation and rule as they were: debug builds check it. Two-state only: while the
    /// session holds a multi-state pattern, `body` sees the empty two-state universe, so
    /// callers check `isMultiState` first.
    public func analyse<T, E: Error>(_ body: (Universe) throws(E) -> T) throws(E) -> T {
        #if DEBUG
        let before = (live.cellSetKey, live.generation, live.rule)
        let result = try body(live)
        precondition(live.cellSetKey == before.0 && live.generation == before.1 && live.rule == before.2,
                     "analysis changed the universe; changes go through Session's methods")
        return result
        #else
        return try body(live)
        #endif
    }

    /// Runs `body` on the multi-state universe, when the session holds one (else nil), and puts
    /// the universe back as it was (cells, generation and rule) afterwards, whatever `body` did
    /// to it: for analysis that advances it, as the multi-state classifier does.
    public func analyseMultiState<T, E: Error>(_ body: (MultiStateUniverse) throws(E) -> T) throws(E) -> T? {
        guard holdsMultiState, let multi else { return nil }
        let saved = multi.saveState()
        defer { multi.restore(saved) }
        return try body(multi)
    }

    /// Runs a collection now (nothing observable changes); returns the nodes freed.
    public func collect() -> Int {
        let before = live.statistics.nodes + (multi?.statistics.nodes ?? 0)
        live.collect()
        multi?.collect()
        return max(before - live.statistics.nodes - (multi?.statistics.nodes ?? 0), 0)
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
        viewport = plane.fit(columns: columns, rows: rows)
            ?? Viewport(x: BigInt(-(columns / 2)), y: BigInt(-(rows / 2)), columns: columns, rows: rows)
    }

    /// Changes the view's size in blocks, keeping its top-left corner and zoom.
    public func resize(columns: Int, rows: Int) {
        viewport = Viewport(x: viewport.x, y: viewport.y, columns: columns, rows: rows, zoom: viewport.zoom)
    }
}
