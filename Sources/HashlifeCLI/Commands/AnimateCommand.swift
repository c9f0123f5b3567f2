import HashlifeEngine
import HashlifeInterface
import HashlifeFormats
import HashlifeRendering
import HashlifeTerminal
import Synchronization

/// `hashlife animate FILE --to N --out FILE.gif`: an animated GIF of the evolution.
enum AnimateCommand: Subcommand {
    static let spec = CommandSpec(
        name: "animate",
        abstract: "Write an animated GIF of a pattern's evolution.",
        discussion: """
            Draws generations M, M+K, M+2K, … up to N (and N itself when the steps miss it) as \
            the frames of a GIF: each frame is exactly what 'view' draws for that generation, \
            window and zoom, one live/dead block per --scale pixels. --log draws M and every \
            power of two up to N instead, each frame one jump (a glider gun to 2^100 is a \
            hundred quick frames). The window is --rect, or --fit (the default): the union of \
            every frame's pattern, computed in a first pass, so the frame stays still, drawn \
            as view --fit draws one pattern (the union's box and its margin, at zoom 1 when \
            that is within 512x512 blocks); --fit-each refits every frame, in frames of that \
            size. --size fixes the frame's size instead. --zoom with --fit keeps that zoom, \
            centred on the union. The GIF is written as it goes (one frame held at a time), each frame after \
            the first stored as the rectangle that changed (--full-frames stores them whole). \
            Each frame is at most 2^24 pixels and 65535 on a side; at most 100000 frames. \
            A progress bar shows on a terminal; Ctrl-C stops and writes nothing (an existing \
            FILE.gif is left as it was). A multi-state pattern (Generations, LifeHistory, \
            LifeSuper) is drawn in Golly's colour for each state, one palette entry per state, \
            a zoomed-out block in the colour of its highest-numbered state; --dead sets the \
            background (state 0, Golly's dark grey by default) and --live is refused. \
            Hexagonal rules (B2/S34H, 345/2/4H) are drawn on the square grid, as Golly draws \
            them; --hex shears the rows into a hexagonal grid, as view --hex does (each block \
            two wide and two tall, each row half a block right of the row below).
            """,
        arguments: [ArgumentSpec("FILE", help: "Pattern file to read, or '-' for standard input.")],
        options: [
            OptionSpec(["--to"], value: "N", help: "Last generation (digits or B^E).", required: true),
            OptionSpec(["--from"], value: "M", help: "First generation (digits or B^E).", default: "the file's"),
            OptionSpec(["--step"], value: "K", help: "Generations between frames (digits or B^E, at least 1).", default: "1"),
            .flag(["--log"], help: "Frames at M and every power of two up to N (and N)."),
            OptionSpec(["--rect"], value: "X,Y,W,H", help: "Window in cells: top-left X,Y and size W×H."),
            .flag(["--fit"], help: "Fit the union of all frames' patterns, 20% margin (the default)."),
            .flag(["--fit-each"], help: "Fit every frame's own pattern."),
            OptionSpec(["--size"], value: "COLSxROWS", help: "Frame size in blocks for --fit and --fit-each.", default: "the union of the frames with its margin, at most 512x512 (fewer above --scale 8)"),
            OptionSpec(["--zoom", "-z"], value: "Z", help: "Cells per block side (digits or B^E).", default: "1 with --rect; else 1, or the smallest power of two that fits"),
            OptionSpec(["--scale"], value: "P", help: "Pixels per block (1-64).", default: "1"),
            OptionSpec(["--delay"], value: "MS", help: "Milliseconds per frame, a multiple of 10 (GIF counts hundredths), at most 655350.", default: "100"),
            OptionSpec(["--loop"], value: "N", help: "Times to play in all; 0 loops forever.", default: "0"),
            .flag(["--grid"], help: "Draw grid lines on block boundaries (needs --scale 3 or more)."),
            .flag(["--hex"], help: "Shear the rows into a hexagonal grid, as view --hex draws them, for hexagonal rules."),
            OptionSpec(["--live"], value: "RGB", help: "Colour of live cells, e.g. #000000 (two-state patterns).", default: "#000000"),
            OptionSpec(["--dead"], value: "RGB", help: "Background colour (state 0 of a multi-state pattern).", default: "#FFFFFF; Golly's #303030 for multi-state"),
            .flag(["--full-frames"], help: "Store every frame whole rather than the changed rectangle."),
            OptionSpec(["--out", "-o"], value: "FILE.gif", help: "Where to write the GIF (atomically).", required: true),
            MemoryOption.spec,
            RulesOption.spec,
            ThreadsOption.spec,
        ],
        examples: [
            "hashlife animate patterns/gosper-glider-gun.rle --to 240 --step 2 --scale 4 --out gun.gif",
            "hashlife animate patterns/acorn.rle --to 5206 --step 20 --fit-each --size 200x200 --out acorn.gif",
            "hashlife animate patterns/gosper-glider-gun.rle --to 2^60 --log --fit-each --size 160x160 --out gun-log.gif",
        ]
    )

    /// The most frames one animation may have.
    static let maximumFrames = 100_000

    enum Window {
        case rect(CellRect)
        case fit
        case fitEach
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        let command = "hashlife animate"
        func usage(_ message: String) -> CommandError { .usage(UsageError(command: command, message: message)) }
        let path = arguments.positionals["FILE"]!
        let out = arguments.value("--out")!
        if out == "-" { throw usage("--out needs a file name: a GIF is not written to standard output") }

        var options = RenderOptions()
        options.grid = arguments.flag("--grid")
        if let scale = arguments.value("--scale") {
            guard let p = Int(scale), RenderOptions.pixelsPerBlockRange.contains(p) else { throw usage("invalid value for '--scale': \(Excerpt.quote(scale)); expected 1 to 64") }
            options.pixelsPerBlock = p
        }
        let hex = arguments.flag("--hex")
        if hex && options.grid {
            throw usage("--grid and --hex exclude each other (the grid lines would cut the sheared blocks in half)")
        }
        if options.grid && options.pixelsPerBlock < 3 {
            throw usage("--grid needs --scale 3 or more (smaller blocks would be covered by the lines)")
        }
        try options.readColours(arguments, command: command)
        var delay = 10
        if let text = arguments.value("--delay") {
            guard text.count <= 7, let ms = Int(text), ms >= 0, ms % 10 == 0, ms / 10 <= GIFWriter.maxDelay else {
                throw usage("invalid value for '--delay': \(Excerpt.quote(text)); expected milliseconds, a multiple of 10 from 0 to 655350 (GIF counts hundredths of a second)")
            }
            delay = ms / 10
        }
        var loopCount: Int? = 0
        if let text = arguments.value("--loop") {
            guard text.count <= 6, let n = Int(text), (0...65_536).contains(n) else {
                throw usage("invalid value for '--loop': \(Excerpt.quote(text)); expected how many times to play, 1 to 65536, or 0 for forever")
            }
            // The NETSCAPE count is the repeats after the first play; once needs no extension.
            loopCount = n == 0 ? 0 : n == 1 ? nil : n - 1
        }

        let asked = try SampleOptions(arguments, command: command)
        let (target, from, step) = (asked.target, asked.from, asked.step ?? .one)
        let zoom = try arguments.value("--zoom").map { (text) throws(CommandError) -> BigUInt in
            let z = try PatternFiles.count(text, option: "--zoom", command: command)
            guard !z.isZero else { throw usage("invalid value for '--zoom': zoom must be at least 1") }
            return z
        }

        let chosen = [arguments.value("--rect") != nil, arguments.flag("--fit"), arguments.flag("--fit-each")].filter { $0 }.count
        if chosen > 1 { throw usage("--rect, --fit and --fit-each exclude each other") }
        let window: Window
        if let text = arguments.value("--rect") {
            window = .rect(try parseRect(text, command: command))
            if arguments.value("--size") != nil { throw usage("--size goes with --fit or --fit-each, not --rect") }
        } else {
            window = arguments.flag("--fit-each") ? .fitEach : .fit
        }
        let side = min(512, 4096 / options.pixelsPerBlock)
        // Sheared, the default frame stays within the same size (each block drawn 2×2).
        var size = hex ? (columns: max(side / 4, 1), rows: max(side / 2, 1)) : (columns: side, rows: side)
        if let text = arguments.value("--size") {
            size = try OutputSizeOption.parse(text, option: "--size", command: command, pixelsPerBlock: options.pixelsPerBlock)
        }
        if case .rect(let rect) = window {
            let viewport = Viewport(x: rect.x, y: rect.y, width: rect.width, height: rect.height, zoom: zoom ?? .one)
            try checkFrame(viewport, hex: hex, options: options, command: command)
        } else {
            try checkFrame(Viewport(x: .zero, y: .zero, columns: size.columns, rows: size.rows), hex: hex, options: options, command: command)
        }

        let memoryLimit = try MemoryOption.limit(arguments, command: command)
        let threads = try ThreadsOption.count(arguments, command: command)
        let output = try OutputFile(out)
        Interrupts.install()
        context.interrupts.reset()
        let file = try PatternFiles.open(path, rule: nil, memoryLimit: memoryLimit, threads: threads)
        let universe = file.universe
        let plan = Plan(path: path, from: from, target: target, step: step, log: arguments.flag("--log"), window: window, size: size,
                        sizeGiven: arguments.value("--size") != nil, zoom: zoom, hex: hex, options: options, delay: delay, loopCount: loopCount,
                        fullFrames: arguments.flag("--full-frames"))
        let palette: StatePalette
        do throws(CommandError) {
            palette = try Pictures.palette(for: universe, arguments: arguments, options: options, label: PatternFiles.label(path),
                                           command: command)
        } catch {
            output.abandon()
            throw error
        }
        let style = GIFRenderer.FrameStyle(palette, options: options)
        try animate(universe, plan: plan, palette: style.colours, output: output, context: context, command: command) { viewport in
            let rows = InterruptibleRows(universe.blocks(of: viewport), control: context.interrupts)
            if hex {
                var sheared = HexagonalRows(rows, rowRepeat: 2)
                return GIFRenderer.frame(&sheared, style: style)
            }
            var plain = rows
            return GIFRenderer.frame(&plain, style: style)
        }
    }

    /// What to draw, from the command line.
    struct Plan {
        let path: String
        let from: BigUInt?
        let target: BigUInt
        let step: BigUInt
        let log: Bool
        let window: Window
        /// The frame's size with `sizeGiven`, else the largest frame (`Viewport.cropped`).
        let size: (columns: Int, rows: Int)
        let sizeGiven: Bool
        let zoom: BigUInt?
        /// Frames sheared into a hexagonal grid (`HexagonalRows`, each block 2×2).
        let hex: Bool
        let options: RenderOptions
        let delay: Int
        let loopCount: Int?
        let fullFrames: Bool
    }

    /// Writes the animation of `universe` to `output`: `frame` draws one viewport's palette
    /// indices into `palette` (nil when Ctrl-C stopped it).
    static func animate(_ universe: any LifeUniverse, plan: Plan, palette: [RGB], output: OutputFile, context: CommandContext,
                                            command: String, frame: (Viewport) -> [UInt8]?) throws(CommandError) {
        let (target, step, options) = (plan.target, plan.step, plan.options)
        func usage(_ message: String) -> CommandError { .usage(UsageError(command: command, message: message)) }
        let first = plan.from ?? universe.generation
        guard first >= universe.generation else {
            output.abandon()
            throw .failure("\(PatternFiles.label(plan.path)): the pattern starts at generation \(Excerpt.number(universe.generation)); cannot animate from the earlier generation \(Excerpt.number(first))")
        }
        guard target >= first else {
            output.abandon()
            throw usage("--to \(Excerpt.number(target)) is before the first frame's generation \(Excerpt.number(first))")
        }
        let samples = GenerationSamples(from: first, to: target, spacing: plan.log ? .powersOfTwo : .every(step))
        let frameCount = samples.count
        guard frameCount <= BigUInt(maximumFrames) else {
            output.abandon()
            throw usage("\(Excerpt.number(frameCount)) frames is over the limit of \(maximumFrames); use a larger --step, or --log")
        }

        let progress = SamplingProgress(target: target, control: context.interrupts)
        let bar = ProgressBar(label: "animate", enabled: context.errorIsTerminal) { progress.reading() }
        bar.start()
        defer { bar.stop() }
        do throws(CommandError) {
            try advance(universe, to: first, context: context)
            // --fit, and --fit-each without --size: a first pass for the union of every frame's
            // bounds, then back to the start.
            func unionOfFrames() throws(CommandError) -> CellRect? {
                let start = universe.keep()
                var union: CellRect?
                for generation in samples {
                    try advance(universe, to: generation, context: context)
                    progress.reached(generation)
                    if let box = universe.boundingBox { union = union.map { $0.union(box) } ?? box }
                }
                universe.restore(start)
                return union
            }
            var fixed: Viewport?
            var size = plan.size
            switch plan.window {
            case .rect(let rect):
                fixed = Viewport(x: rect.x, y: rect.y, width: rect.width, height: rect.height, zoom: plan.zoom ?? .one)
            case .fit:
                fixed = frameWindow(for: try unionOfFrames(), size: size, zoom: plan.zoom, cropped: !plan.sizeGiven)
            case .fitEach:
                if !plan.sizeGiven, let union = try unionOfFrames() {
                    let largest = Viewport.cropped(to: union, columns: size.columns, rows: size.rows, zoom: plan.zoom)
                    size = (largest.columns, largest.rows)
                }
            }

            var writer: GIFWriter?
            var failure: CommandError?
            for generation in samples {
                try advance(universe, to: generation, context: context)
                let viewport = fixed ?? frameWindow(for: universe.boundingBox, size: size, zoom: plan.zoom, cropped: false)
                try checkFrame(viewport, hex: plan.hex, options: options, command: command)
                guard let pixels = frame(viewport) else { break }
                if writer == nil {
                    let drawn = drawnSize(viewport, hex: plan.hex)!
                    writer = GIFWriter(width: drawn.columns * options.pixelsPerBlock, height: drawn.rows * options.pixelsPerBlock,
                                       palette: palette, loopCount: plan.loopCount,
                                       changedRectangleOnly: !plan.fullFrames) { bytes in
                        guard failure == nil else { return }
                        do throws(CommandError) { try output.write(bytes, context: context) } catch { failure = error }
                    }
                }
                writer!.addFrame(pixels, delay: plan.delay)
                if let failure { throw failure }
                progress.reached(generation)
            }
            if context.interrupts.isCancelled {
                throw .interrupted("interrupted while drawing; \(output.path) was left as it was")
            }
            writer?.finish()
            if let failure { throw failure }
            try output.commit()
        } catch {
            output.abandon()
            bar.stop()
            throw error.leaving(output)
        }
    }

    /// The fitted (or, with `zoom`, centred) window on `box` at `size`; with `cropped`, at most
    /// `size`: the box and its margin (`Viewport.cropped`). An empty box: `size` round the origin.
    static func frameWindow(for box: CellRect?, size: (columns: Int, rows: Int), zoom: BigUInt?, cropped: Bool) -> Viewport {
        guard let box else { return .centred(on: nil, columns: size.columns, rows: size.rows, zoom: zoom ?? .one) }
        if cropped { return .cropped(to: box, columns: size.columns, rows: size.rows, zoom: zoom) }
        if let zoom { return .centred(on: box, columns: size.columns, rows: size.rows, zoom: zoom) }
        return .fitting(box, columns: size.columns, rows: size.rows)
    }

    /// The blocks a frame of `viewport` is drawn in: its own, or sheared with `hex`
    /// (`HexagonalRows`, rows drawn twice); nil when they do not fit an `Int`.
    static func drawnSize(_ viewport: Viewport, hex: Bool) -> (columns: Int, rows: Int)? {
        hex ? HexagonalRows<BlockStateRows>.size(columns: viewport.columns, rows: viewport.rows, rowRepeat: 2) : (viewport.columns, viewport.rows)
    }

    /// The output rule for one frame (as drawn: sheared with `hex`), and GIF's 65535-pixel sides.
    static func checkFrame(_ viewport: Viewport, hex: Bool, options: RenderOptions, command: String) throws(CommandError) {
        func usage(_ message: String) -> CommandError { .usage(UsageError(command: command, message: message)) }
        try OutputSizeOption.check(viewport, command: command, pixelsPerBlock: options.pixelsPerBlock)
        guard let drawn = drawnSize(viewport, hex: hex) else {
            throw usage("the sheared frame is too large; zoom out (--zoom) or draw a smaller rectangle")
        }
        if hex {
            do {
                try OutputLimit.check(columns: BigUInt(drawn.columns), rows: BigUInt(drawn.rows), pixelsPerBlock: options.pixelsPerBlock)
            } catch {
                throw usage("with --hex, \(error.description); zoom out (--zoom) or draw a smaller rectangle")
            }
        }
        guard GIFRenderer.canRender(columns: drawn.columns, rows: drawn.rows, options: options) else {
            throw usage("a \(drawn.columns)×\(drawn.rows)-block frame at scale \(options.pixelsPerBlock) is too large for a GIF (each side at most 65535 pixels)")
        }
    }

    /// Steps to `generation` (not before the current one), Ctrl-C and memory as `run` reports them.
    static func advance(_ universe: any LifeUniverse, to generation: BigUInt, context: CommandContext) throws(CommandError) {
        guard generation > universe.generation else { return }
        do { try universe.step(by: generation - universe.generation, control: context.interrupts, progress: nil) } catch {
            switch error {
            case .cancelled:
                throw .interrupted("interrupted at generation \(Excerpt.number(error.generation)); generation \(Excerpt.number(generation)) was not reached")
            case .memoryExhausted:
                throw .failure("\(error); generation \(Excerpt.number(generation)) was not reached (raise --max-memory)")
            }
        }
    }

    /// "X,Y,W,H" in cells, W and H positive.
    static func parseRect(_ text: String, command: String) throws(CommandError) -> CellRect {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4 else {
            throw .usage(UsageError(command: command, message: "invalid value for '--rect': \(Excerpt.quote(text)); expected X,Y,W,H (integers, W and H positive)"))
        }
        let x = try PatternFiles.integer(String(parts[0]), part: "X", option: "--rect", command: command)
        let y = try PatternFiles.integer(String(parts[1]), part: "Y", option: "--rect", command: command)
        let w = try PatternFiles.integer(String(parts[2]), part: "W", option: "--rect", command: command)
        let h = try PatternFiles.integer(String(parts[3]), part: "H", option: "--rect", command: command)
        guard !w.isNegative, !w.isZero, !h.isNegative, !h.isZero else {
            throw .usage(UsageError(command: command, message: "invalid value for '--rect': \(Excerpt.quote(text)); W and H must be positive"))
        }
        return CellRect(x: x, y: y, width: w.magnitude, height: h.magnitude)
    }
}

extension CommandError {
    /// An interruption's message naming the output file that was left as it was.
    func leaving(_ output: OutputFile?) -> CommandError {
        guard case .interrupted(let message) = self, let output, !output.isStandardOutput, !message.contains(output.path) else { return self }
        return .interrupted("\(message); \(output.path) was left as it was")
    }
}

/// What the progress bar shows: the generation of the last frame or sample against the last
/// one, and the engine's nodes ("animate · gen 1200 / 2000 · 3.4k nodes · …").
final class SamplingProgress: Sendable {
    private let generation = Mutex<String?>(nil)
    let target: String
    let control: StepControl

    init(target: BigUInt, control: StepControl) {
        self.target = target.description
        self.control = control
    }

    func reached(_ value: BigUInt) {
        let text = value.description
        generation.withLock { $0 = text }
    }

    func reading() -> ProgressBar.Reading {
        ProgressBar.Reading(reached: generation.withLock { $0 }, target: target, nodes: control.nodeCount)
    }
}
