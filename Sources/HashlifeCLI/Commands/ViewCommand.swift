import HashlifeEngine
import HashlifeInterface
import HashlifeFormats
import HashlifeRendering

/// `hashlife view FILE`: a picture of the pattern at any zoom.
enum ViewCommand: Subcommand {
    static let spec = CommandSpec(
        name: "view",
        abstract: "Draw a pattern, or any window onto it, at any zoom.",
        discussion: """
            Shows a rectangle of the plane (--rect, in cells) or the whole pattern (--fit, the \
            default), each output block standing for Z×Z cells (--zoom; alive when any of its \
            cells is, or shaded by how many with --density). --fit draws the pattern's bounding \
            box with a margin of a third of it (at least one block) on every side, so the \
            pattern fills the inner 60%: at zoom 1 when that picture is within the default \
            size, else at the smallest power of two whose picture is, cut to that size. --size \
            fixes the picture's size instead, the pattern centred in its inner 60% at the \
            smallest power-of-two zoom that fits. Power-of-two zooms are answered \
            straight from the quadtree, so a glider gun 2^100 generations on can be viewed \
            whole. text prints '#' and '.' (two-state) one line per block row and nothing else; unicode \
            packs 1×2 blocks per character, braille 2×4; png and svg write images (one pixel \
            per block, --scale for more). Output streams: large windows never build one huge \
            string. Every picture is at most 16777216 (2^24) blocks, e.g. 4096x4096, and every \
            image at most 2^24 pixels; larger ones are refused before any work (zoom out). \
            --density, --grid, --scale, --live and --dead apply to png and svg only. \
            Hexagonal rules (B2/S34H, 345/2/4H) are drawn on the square grid, as Golly draws \
            them; --hex shears the rows into a hexagonal grid instead, each row half a block \
            right of the row below, so a cell's six neighbours sit around it. Ctrl-C \
            stops the drawing; with --out nothing is written then. \
            Multi-state patterns (Generations, LifeHistory, LifeSuper rules) are drawn in \
            Golly's colour for each state on its dark grey background (--dead sets the \
            background, state 0; --live and --density are refused), and a zoomed-out block \
            shows the highest-numbered state among its cells; a rule file's icons (@ICONS) \
            are drawn in png where a block is 7 pixels or more (--scale 8 as Golly's 1:8). Their text is '.' for state 0, \
            the RLE letters A-X for states 1-24, a-z for 25-50 and '*' above 50; on a terminal \
            each character is in its state's colour (24-bit when COLORTERM says so) unless \
            NO_COLOR is set, and files and pipes get the characters alone. unicode and braille \
            show which blocks are not empty, in colour on a terminal.
            """,
        arguments: [ArgumentSpec("FILE", help: "Pattern file to read, or '-' for standard input.")],
        options: [
            OptionSpec(["--gen", "-g"], value: "N", help: "Generation to show (digits or B^E).", default: "the file's"),
            OptionSpec(["--rect"], value: "X,Y,W,H", help: "Window in cells: top-left X,Y and size W×H."),
            .flag(["--fit"], help: "Fit the whole pattern, with a 20% margin (the default without --rect)."),
            OptionSpec(["--size"], value: "COLSxROWS", help: "Output size in blocks for --fit (at most 2^24 blocks in all, or 2^24 pixels for images).", default: "the pattern with its margin, at most the terminal for text (else 80x24) or 512x512 for images (fewer above --scale 8)"),
            OptionSpec(["--zoom", "-z"], value: "Z", help: "Cells per block side (digits or B^E).", default: "1 with --rect; with --fit 1, or the smallest power of two that fits"),
            OptionSpec(["--format", "-f"], value: "F", help: "text, unicode, braille, png or svg.", default: "from --out's extension, else text"),
            .flag(["--density"], help: "Shade blocks by their live fraction (png, svg)."),
            .flag(["--grid"], help: "Draw grid lines on block boundaries (png, svg; png needs --scale 3 or more)."),
            .flag(["--hex"], help: "Shear the rows into a hexagonal grid, each half a block right of the row below, for hexagonal rules (text, png, svg; each block drawn two wide, and two tall in images)."),
            OptionSpec(["--scale"], value: "P", help: "Pixels per block in png and svg (1-64).", default: "1"),
            OptionSpec(["--live"], value: "RGB", help: "Colour of live cells, e.g. #000000 (two-state patterns).", default: "#000000"),
            OptionSpec(["--dead"], value: "RGB", help: "Background colour (state 0 of a multi-state pattern).", default: "#FFFFFF; Golly's #303030 for multi-state"),
            OptionSpec(["--out", "-o"], value: "PATH", help: "Write to PATH (atomically) instead of standard output."),
            MemoryOption.spec,
            RulesOption.spec,
            ThreadsOption.spec,
        ],
        examples: [
            "hashlife view patterns/gosper-glider-gun.rle --gen 300 --format unicode",
            "hashlife view patterns/gosper-glider-gun.rle --gen 2^100 --fit --size 100x40",
            "hashlife view patterns/acorn.rle --gen 5206 --format png --scale 2 --out acorn.png",
            "hashlife view patterns/glider.rle --rect -2,-2,8,8",
            "hashlife view brain.rle --gen 100 --format png --scale 4 --out brain.png",
            "hashlife view hex-pattern.rle --hex --format png --scale 3 --out hex.png",
        ]
    )

    enum Format: String { case text, unicode, braille, png, svg }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        let command = "hashlife view"
        func usage(_ message: String) -> CommandError { .usage(UsageError(command: command, message: message)) }
        let path = arguments.positionals["FILE"]!
        let out = arguments.value("--out")

        let format: Format
        if let text = arguments.value("--format") {
            guard let chosen = Format(rawValue: text.lowercased()) else { throw usage("invalid value for '--format': \(Excerpt.quote(text)); expected text, unicode, braille, png or svg") }
            format = chosen
        } else if let out, out.lowercased().hasSuffix(".png") {
            format = .png
        } else if let out, out.lowercased().hasSuffix(".svg") {
            format = .svg
        } else {
            format = .text
        }
        let isImage = format == .png || format == .svg
        // Image options do nothing for text: say so rather than ignore them.
        if !isImage, let option = ["--density", "--grid"].first(where: { arguments.flag($0) }) ?? ["--scale", "--live", "--dead"].first(where: { arguments.value($0) != nil }) {
            throw usage("\(option) applies to png and svg output, not \(format.rawValue)")
        }

        let hex = arguments.flag("--hex")
        if hex && (format == .unicode || format == .braille) {
            throw usage("--hex draws text, png and svg, not \(format.rawValue)")
        }
        if hex && arguments.flag("--grid") {
            throw usage("--grid and --hex exclude each other (the grid lines would cut the sheared blocks in half)")
        }
        // Sheared rows: each block two half blocks wide, and two rows tall in images (square).
        let hexRowRepeat = isImage ? 2 : 1

        var options = RenderOptions()
        options.density = arguments.flag("--density")
        options.grid = arguments.flag("--grid")
        if let scale = arguments.value("--scale") {
            guard let p = Int(scale), (1...64).contains(p) else { throw usage("invalid value for '--scale': \(Excerpt.quote(scale)); expected 1 to 64") }
            options.pixelsPerBlock = p
        }
        if options.grid && format == .png && options.pixelsPerBlock < 3 {
            throw usage("--grid needs --scale 3 or more in png (smaller blocks would be covered by the lines)")
        }
        try options.readColours(arguments, command: command)
        let zoom = try arguments.value("--zoom").map { (text) throws(CommandError) -> BigUInt in
            let z = try PatternFiles.count(text, option: "--zoom", command: command)
            guard !z.isZero else { throw usage("invalid value for '--zoom': zoom must be at least 1") }
            return z
        }
        let rect = try arguments.value("--rect").map { (text) throws(CommandError) -> CellRect in
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 4 else {
                throw usage("invalid value for '--rect': \(Excerpt.quote(text)); expected X,Y,W,H (integers, W and H positive)")
            }
            let x = try PatternFiles.integer(String(parts[0]), part: "X", option: "--rect", command: command)
            let y = try PatternFiles.integer(String(parts[1]), part: "Y", option: "--rect", command: command)
            let w = try PatternFiles.integer(String(parts[2]), part: "W", option: "--rect", command: command)
            let h = try PatternFiles.integer(String(parts[3]), part: "H", option: "--rect", command: command)
            guard !w.isNegative, !w.isZero, !h.isNegative, !h.isZero else {
                throw usage("invalid value for '--rect': \(Excerpt.quote(text)); W and H must be positive")
            }
            return CellRect(x: x, y: y, width: w.magnitude, height: h.magnitude)
        }
        if rect != nil && arguments.flag("--fit") { throw usage("--rect and --fit exclude each other") }
        if rect != nil && arguments.value("--size") != nil { throw usage("--size goes with --fit, not --rect") }
        // Without --size, the largest fitted picture (a smaller pattern gets a smaller one).
        var size = (columns: 80, rows: 24)
        // Images: 512x512 blocks, fewer at large scales so that the default stays within the
        // output rule (4096x4096 pixels at most by default).
        if isImage { let side = min(512, 4096 / options.pixelsPerBlock); size = (side, side) } else if let terminal = Output.terminalSize(), context.errorIsTerminal { size = (terminal.columns, max(terminal.rows - 2, 1)) }
        if hex {
            // The default picture, sheared, stays within the default size.
            size = isImage ? (max(size.columns / 4, 1), max(size.rows / 2, 1))
                : (max((size.columns - size.rows + 1) / 2, 1), size.rows)
        }
        let sizeGiven = arguments.value("--size") != nil
        if let text = arguments.value("--size") {
            size = try OutputSizeOption.parse(text, option: "--size", command: command, pixelsPerBlock: isImage ? options.pixelsPerBlock : nil)
        }
        // Checked before the file is read: a picture over the limit is refused at once.
        if let rect {
            let viewport = Viewport(x: rect.x, y: rect.y, width: rect.width, height: rect.height, zoom: zoom ?? .one)
            try OutputSizeOption.check(viewport, command: command, pixelsPerBlock: isImage ? options.pixelsPerBlock : nil)
        }

        let memoryLimit = try MemoryOption.limit(arguments, command: command)
        let threads = try ThreadsOption.count(arguments, command: command)
        // Opened before the work: an output that cannot be written is reported at once.
        let output = try out.map { (path) throws(CommandError) in try OutputFile(path) }
        if format == .png && output == nil && context.standardOutputIsTerminal {
            throw usage("refusing to write PNG data to a terminal; use --out FILE.png or a pipe")
        }
        Interrupts.install()
        context.interrupts.reset()
        let file = try PatternFiles.open(path, rule: nil, memoryLimit: memoryLimit, threads: threads)
        let universe = file.universe
        let palette = try Pictures.palette(for: universe, arguments: arguments, options: options, label: PatternFiles.label(path),
                                           command: command)
        if let gen = arguments.value("--gen") {
            let target = try PatternFiles.count(gen, option: "--gen", command: command)
            guard target >= universe.generation else {
                throw .failure("\(PatternFiles.label(path)): the pattern starts at generation \(Excerpt.number(universe.generation)); cannot show the earlier generation \(Excerpt.number(target))")
            }
            try RunCommand.advance(universe, to: target, context: context)
        }

        let viewport: Viewport
        if let rect {
            viewport = Viewport(x: rect.x, y: rect.y, width: rect.width, height: rect.height, zoom: zoom ?? .one)
        } else if let box = universe.boundingBox, !sizeGiven {
            // The pattern and its margin, cropped: the default size is only the largest picture.
            viewport = .cropped(to: box, columns: size.columns, rows: size.rows, zoom: zoom)
        } else if let box = universe.boundingBox, zoom == nil {
            viewport = .fitting(box, columns: size.columns, rows: size.rows)
        } else {
            // A fixed zoom, or an empty pattern: centred on the pattern (or the origin).
            viewport = .centred(on: universe.boundingBox, columns: size.columns, rows: size.rows, zoom: zoom ?? .one)
        }
        try OutputSizeOption.check(viewport, command: command, pixelsPerBlock: isImage ? options.pixelsPerBlock : nil)
        if hex {
            guard let sheared = HexagonalRows<BlockStateRows>.size(columns: viewport.columns, rows: viewport.rows, rowRepeat: hexRowRepeat) else {
                throw usage("the sheared picture is too large; zoom out (--zoom) or draw a smaller rectangle")
            }
            do {
                try OutputLimit.check(columns: BigUInt(sheared.columns), rows: BigUInt(sheared.rows),
                                      pixelsPerBlock: isImage ? options.pixelsPerBlock : nil)
            } catch {
                throw usage("with --hex, \(error.description); zoom out (--zoom) or draw a smaller rectangle")
            }
            if format == .png && !PNGRenderer.canRender(columns: sheared.columns, rows: sheared.rows, options: options) {
                throw usage("a \(sheared.columns)×\(sheared.rows)-block sheared image at scale \(options.pixelsPerBlock) is too large for PNG (each side must be below 2^31 pixels)")
            }
        } else if format == .png && !PNGRenderer.canRender(columns: viewport.columns, rows: viewport.rows, options: options) {
            throw usage("a \(viewport.columns)×\(viewport.rows)-block image at scale \(options.pixelsPerBlock) is too large for PNG (each side must be below 2^31 pixels)")
        }

        // Stream to the destination, row by row; Ctrl-C stops between rows, and then nothing
        // is published (the old file stays as it was).
        var failure: CommandError?
        func emit(_ bytes: [UInt8]) {
            guard failure == nil else { return }
            if let output {
                do { try output.write(bytes, context: context) } catch { failure = error }
            } else {
                context.standardOutputBytes(bytes)
            }
        }
        func emitText(_ text: String) {
            guard failure == nil else { return }
            if output == nil { context.standardOutput(text) } else { emit(Array(text.utf8)) }
        }
        let colours = Pictures.terminalColours(context, palette: palette, toStandardOutput: output?.isStandardOutput ?? true)
        func draw(_ rows: inout some BlockRows) {
            switch format {
            case .text: TextRenderer.render(&rows, style: .text, palette: palette, colours: colours, emit: emitText)
            case .unicode: TextRenderer.render(&rows, style: .unicode, palette: palette, colours: colours, emit: emitText)
            case .braille: TextRenderer.render(&rows, style: .braille, palette: palette, colours: colours, emit: emitText)
            case .svg: SVGRenderer.render(&rows, palette: palette, options: options, emit: emitText)
            case .png: PNGRenderer.render(&rows, palette: palette, options: options, emit: emit)
            }
        }
        let rows = InterruptibleRows(universe.blocks(of: viewport), control: context.interrupts)
        if hex {
            var sheared = HexagonalRows(rows, rowRepeat: hexRowRepeat)
            draw(&sheared)
        } else {
            var plain = rows
            draw(&plain)
        }
        if context.interrupts.isCancelled {
            output?.abandon()
            throw .interrupted("interrupted while drawing; " + (output.map { "\($0.path) was left as it was" } ?? "the output stops there"))
        }
        if let failure {
            output?.abandon()
            throw failure
        }
        try output?.commit()
    }
}

/// Block rows that stop when Ctrl-C cancels `control`: the renderers check `isCancelled`
/// between rows and end early.
struct InterruptibleRows<Base: BlockRows>: BlockRows {
    var base: Base
    let control: StepControl
    init(_ base: Base, control: StepControl) {
        self.base = base
        self.control = control
    }
    var isCancelled: Bool { control.isCancelled }
    var columns: Int { base.columns }
    var rows: Int { base.rows }
    var blockArea: BigUInt { base.blockArea }
    var hasCounts: Bool { base.hasCounts }
    mutating func states(_ index: Int) -> [UInt8] { base.states(index) }
    mutating func counts(_ index: Int) -> [BigUInt]? { base.counts(index) }
}
