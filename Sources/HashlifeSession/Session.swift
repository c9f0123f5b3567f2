import HashlifeEngine
import HashlifeFormats

/// Why a session command failed, for people and for programs (`code` is stable).
public struct SessionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// "file", "format", "rule", "argument", "cancelled", …
    public var code: String
    public var message: String
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
    public var description: String { message }
}

/// One universe being explored: the state the REPL (and later the terminal app) works on.
///
/// Holds the universe, the file it came from, the current viewport (what `view` with no
/// arguments shows), and kept generations so `goto` can go back without re-running. Editing,
/// undo, snapshots and boards will live here too.
public final class Session {
    public private(set) var universe: Universe
    /// The file last loaded or saved, and its metadata (name, author, comments) kept on save.
    public private(set) var path: String?
    public private(set) var document: PatternDocument?
    /// The current view, in blocks of `viewport.zoom` cells.
    public var viewport: Viewport
    /// Kept generations, oldest first, for going back (bounded; the oldest are dropped).
    private var timeline: [UniverseState] = []
    /// The state as loaded (generation 0 of the session), to re-run from when going back past
    /// the timeline.
    private var start: UniverseState
    /// Most generations kept for going back.
    public static let timelineLimit = 1024

    /// An empty B3/S23 universe whose node store is limited to `memoryLimit` bytes, and a
    /// `columns`×`rows` view centred on (0, 0) at zoom 1.
    public init(columns: Int = 80, rows: Int = 24, memoryLimit: Int = MemoryLimit.defaultBytes) {
        universe = Universe(memoryLimit: memoryLimit)
        viewport = Viewport(x: BigInt(-(columns / 2)), y: BigInt(-(rows / 2)), columns: columns, rows: rows)
        start = universe.saveState()
    }

    // MARK: Memory

    /// The node store's memory limit in bytes: the current universe's, and the one files are
    /// loaded with.
    public var memoryLimit: Int { universe.memoryLimit }

    /// Sets the memory limit of the current universe and of files loaded later. Raising it takes
    /// effect at once; lowering it collects at once (memory the process has touched is reused,
    /// not returned to the system). A limit too small for the pattern shows at the next step,
    /// as a "memory" error. Limits below `MemoryLimit.minimumBytes` act as the minimum.
    public func setMemoryLimit(_ bytes: Int) { universe.setMemoryLimit(bytes) }

    // MARK: Files

    /// Loads a pattern file (any format; "-" for standard input) and fits the view to it. The
    /// new universe keeps the session's memory limit.
    public func load(path: String, rule: Rule? = nil) throws(SessionError) {
        let label = path == "-" ? "<stdin>" : path
        let decoded: DecodedPattern
        do { decoded = try PatternCodec.read(path: path, label: label, limit: memoryLimit, checkingRule: rule == nil) } catch {
            if case .file(let failure) = error { throw SessionError(code: "file", message: failure.description) }
            throw SessionError(code: "format", message: error.description)
        }
        let loaded: Universe
        do { loaded = try Universe(document: decoded.document, rule: rule, memoryLimit: memoryLimit) } catch {
            throw SessionError(code: "rule", message: "\(label): \(error.description)")
        }
        universe = loaded
        self.path = path
        document = decoded.document
        timeline = []
        start = universe.saveState()
        fit()
    }

    /// Writes the universe to `path` in `format` (or the one its extension names), atomically.
    public func save(path: String, format: PatternFormat? = nil) throws(SessionError) {
        guard let chosen = format ?? PatternFormat(fileName: path), chosen.isWritable else {
            throw SessionError(code: "argument", message: "cannot tell the format from '\(path)'; use .rle, .mc, .cells or .lif (optionally .gz)")
        }
        let bytes: [UInt8]
        do {
            bytes = try PatternCodec.encode(universe, as: chosen, compressed: PatternFormat.isCompressedName(path),
                                            name: document?.name, author: document?.author, comments: document?.comments ?? [])
        } catch {
            throw SessionError(code: "format", message: "\(path): \(error)")
        }
        do { try FileIO.writeAtomically(bytes, to: path) } catch { throw SessionError(code: "file", message: error.description) }
        self.path = path
    }

    // MARK: Evolution

    /// Changes the rule (cells stay; the timeline is kept, each state has its own rule).
    public func setRule(_ rule: Rule) { universe.setRule(rule) }

    /// Advances `count` generations, keeping the current generation in the timeline first;
    /// `progress` hears the generation reached after each power-of-two step (for displays).
    /// Kept generations are pinned in memory: when the memory limit cannot hold the step, the
    /// older half of the timeline is dropped and the step goes on, until only the newest kept
    /// generation is left.
    /// - Throws: `SessionError` with code "cancelled" when `control` stops it, "memory" when the
    ///   memory limit cannot hold the pattern; the universe is then at a consistent generation
    ///   (the error says which).
    public func step(_ count: BigUInt, control: StepControl? = nil, progress: ((BigUInt) -> Void)? = nil) throws(SessionError) {
        keep()
        let target = universe.generation + count
        while true {
            do {
                try universe.step(by: target - universe.generation, control: control, progress: progress)
                return
            } catch {
                switch error {
                case .cancelled:
                    throw SessionError(code: "cancelled", message: error.description)
                case .memoryExhausted:
                    guard timeline.count > 1 else { throw SessionError(code: "memory", message: error.description) }
                    timeline.removeFirst(timeline.count / 2)
                    universe.collect()
                }
            }
        }
    }

    /// Generations kept for going back (at most `timelineLimit`).
    public var keptGenerations: Int { timeline.count }

    /// Goes to `generation`: forward by stepping, back to a kept generation at or before it
    /// (then forward), or else by re-running from the loaded state.
    public func goto(_ generation: BigUInt, control: StepControl? = nil, progress: ((BigUInt) -> Void)? = nil) throws(SessionError) {
        if generation < universe.generation {
            if let kept = timeline.last(where: { $0.generation <= generation }) {
                universe.restore(kept)
            } else {
                guard start.generation <= generation else {
                    throw SessionError(code: "argument", message: "generation \(generation) is before the pattern's start (\(start.generation))")
                }
                universe.restore(start)
            }
        }
        if generation > universe.generation { try step(generation - universe.generation, control: control, progress: progress) }
    }

    private func keep() {
        if timeline.last?.generation == universe.generation { return }
        timeline.append(universe.saveState())
        if timeline.count > Session.timelineLimit { timeline.removeFirst(timeline.count - Session.timelineLimit) }
    }

    // MARK: Editing

    public func setCell(x: BigInt, y: BigInt, alive: Bool) { universe.setCell(x: x, y: y, alive: alive) }
    public func toggleCell(x: BigInt, y: BigInt) { universe.toggleCell(x: x, y: y) }
    public func clear() { universe.clear() }

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

    /// Fits the view to the whole pattern with the 20 % margin of SPEC §9.6, keeping its size in
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
