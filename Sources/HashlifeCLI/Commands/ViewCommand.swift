import HashlifeEngine
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
            cells is, or shaded by how many with --density). Power-of-two zooms are answered \
            straight from the quadtree, so a glider gun 2^100 generations on can be viewed \
            whole. text prints '#' and '.' one line per block row and nothing else; unicode \
            packs 1×2 blocks per character, braille 2×4; png and svg write images (one pixel \
            per block, --scale for more). Output streams: large windows never build one huge \
            string.
            """,
        arguments: [ArgumentSpec("FILE", help: "Pattern file to read, or '-' for standard input.")],
        options: [
            OptionSpec(["--gen", "-g"], value: "N", help: "Generation to show (digits or B^E).", default: "the file's"),
            OptionSpec(["--rect"], value: "X,Y,W,H", help: "Window in cells: top-left X,Y and size W×H."),
            .flag(["--fit"], help: "Fit the whole pattern, with a 20% margin (the default without --rect)."),
            OptionSpec(["--size"], value: "COLSxROWS", help: "Output size in blocks for --fit.", default: "the terminal for text, else 80x24 (512x512 for images)"),
            OptionSpec(["--zoom", "-z"], value: "Z", help: "Cells per block side (digits or B^E).", default: "1 with --rect; the smallest power of two that fits with --fit"),
            OptionSpec(["--format", "-f"], value: "F", help: "text, unicode, braille, png or svg.", default: "from --out's extension, else text"),
            .flag(["--density"], help: "Shade blocks by their live fraction (png, svg)."),
            .flag(["--grid"], help: "Draw grid lines on block boundaries (png, svg; png needs --scale 3 or more)."),
            OptionSpec(["--scale"], value: "P", help: "Pixels per block in png and svg (1-64).", default: "1"),
            OptionSpec(["--live"], value: "RGB", help: "Colour of live cells, e.g. #000000.", default: "#000000"),
            OptionSpec(["--dead"], value: "RGB", help: "Background colour.", default: "#FFFFFF"),
            OptionSpec(["--out", "-o"], value: "PATH", help: "Write to PATH (atomically) instead of standard output."),
            MemoryOption.spec,
        ],
        examples: [
            "hashlife view patterns/gosper-glider-gun.rle --gen 300 --format unicode",
            "hashlife view patterns/gosper-glider-gun.rle --gen 2^100 --fit --size 100x40",
            "hashlife view patterns/acorn.rle --gen 5206 --format png --scale 2 --out acorn.png",
            "hashlife view patterns/glider.rle --rect -2,-2,8,8",
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
            guard let chosen = Format(rawValue: text.lowercased()) else { throw usage("invalid value for '--format': '\(text)'; expected text, unicode, braille, png or svg") }
            format = chosen
        } else if let out, out.lowercased().hasSuffix(".png") {
            format = .png
        } else if let out, out.lowercased().hasSuffix(".svg") {
            format = .svg
        } else {
            format = .text
        }
        let isImage = format == .png || format == .svg

        var options = RenderOptions()
        options.density = arguments.flag("--density")
        options.grid = arguments.flag("--grid")
        if let scale = arguments.value("--scale") {
            guard let p = Int(scale), (1...64).contains(p) else { throw usage("invalid value for '--scale': '\(scale)'; expected 1 to 64") }
            options.pixelsPerBlock = p
        }
        if let live = arguments.value("--live") {
            guard let colour = RGB(hex: live) else { throw usage("invalid value for '--live': '\(live)'; expected a colour like #1E90FF") }
            options.live = colour
        }
        if let dead = arguments.value("--dead") {
            guard let colour = RGB(hex: dead) else { throw usage("invalid value for '--dead': '\(dead)'; expected a colour like #FFFFFF") }
            options.dead = colour
        }
        let zoom = try arguments.value("--zoom").map { (text) throws(CommandError) -> BigUInt in
            let z = try PatternFiles.count(text, option: "--zoom", command: command)
            guard !z.isZero else { throw usage("invalid value for '--zoom': zoom must be at least 1") }
            return z
        }
        let rect = try arguments.value("--rect").map { (text) throws(CommandError) -> CellRect in
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 4, let x = BigInt(decimal: parts[0]), let y = BigInt(decimal: parts[1]),
                  let w = BigUInt(decimal: parts[2]), let h = BigUInt(decimal: parts[3]), !w.isZero, !h.isZero else {
                throw usage("invalid value for '--rect': '\(text)'; expected X,Y,W,H (integers, W and H positive)")
            }
            return CellRect(x: x, y: y, width: w, height: h)
        }
        if rect != nil && arguments.flag("--fit") { throw usage("--rect and --fit exclude each other") }
        if rect != nil && arguments.value("--size") != nil { throw usage("--size goes with --fit, not --rect") }
        var size = (columns: 80, rows: 24)
        if isImage { size = (512, 512) } else if let terminal = Output.terminalSize(), context.errorIsTerminal { size = (terminal.columns, max(terminal.rows - 2, 1)) }
        if let text = arguments.value("--size") {
            let parts = text.lowercased().split(separator: "x")
            guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), (1...1_000_000).contains(c), (1...1_000_000).contains(r) else {
                throw usage("invalid value for '--size': '\(text)'; expected COLSxROWS such as 100x40")
            }
            size = (c, r)
        }

        let memoryLimit = try MemoryOption.limit(arguments, command: command)
        let (universe, _) = try PatternFiles.universe(path, rule: nil, memoryLimit: memoryLimit)
        if let gen = arguments.value("--gen") {
            let target = try PatternFiles.count(gen, option: "--gen", command: command)
            guard target >= universe.generation else {
                throw .failure("\(PatternFiles.label(path)): the pattern starts at generation \(universe.generation); cannot show the earlier generation \(target)")
            }
            try RunCommand.advance(universe, to: target, context: context)
        }

        let viewport: Viewport
        if let rect {
            viewport = Viewport(x: rect.x, y: rect.y, width: rect.width, height: rect.height, zoom: zoom ?? .one)
        } else if let zoom {
            // Fixed zoom, centred on the pattern (or on the origin when empty).
            let box = universe.boundingBox
            let width = BigUInt(size.columns) * zoom, height = BigUInt(size.rows) * zoom
            let centreX = box.map { $0.x + BigInt($0.width >> 1) } ?? .zero
            let centreY = box.map { $0.y + BigInt($0.height >> 1) } ?? .zero
            viewport = Viewport(x: centreX - BigInt(width >> 1), y: centreY - BigInt(height >> 1), width: width, height: height, zoom: zoom)
        } else {
            viewport = universe.fit(columns: size.columns, rows: size.rows)
                ?? Viewport(x: BigInt(-(size.columns / 2)), y: BigInt(-(size.rows / 2)), columns: size.columns, rows: size.rows)
        }
        guard viewport.columns <= 1_000_000, viewport.rows <= 1_000_000 else {
            throw usage("the window is \(viewport.columns)×\(viewport.rows) blocks; at most 1000000 per side (raise --zoom)")
        }

        if format == .png && !PNGRenderer.canRender(columns: viewport.columns, rows: viewport.rows, options: options) {
            throw usage("a \(viewport.columns)×\(viewport.rows)-block image at scale \(options.pixelsPerBlock) is too large for PNG (each side must be below 2^31 pixels)")
        }
        // Stream to the destination.
        let writer: AtomicFileWriter?
        do { writer = try out.map { (p) throws(FileError) in try AtomicFileWriter(path: p) } } catch { throw .failure(error.description) }
        var failure: FileError?
        func emit(_ bytes: [UInt8]) {
            guard failure == nil else { return }
            if let writer {
                do { try writer.write(bytes) } catch { failure = error }
            } else {
                context.standardOutput(String(decoding: bytes, as: UTF8.self))
            }
        }
        func emitText(_ text: String) {
            if writer == nil { context.standardOutput(text) } else { emit(Array(text.utf8)) }
        }
        var rows = universe.blockRows(of: viewport)
        switch format {
        case .text: TextRenderer.render(&rows, style: .text, emit: emitText)
        case .unicode: TextRenderer.render(&rows, style: .unicode, emit: emitText)
        case .braille: TextRenderer.render(&rows, style: .braille, emit: emitText)
        case .svg: SVGRenderer.render(&rows, options: options, emit: emitText)
        case .png:
            if writer == nil && context.standardOutputIsTerminal {
                throw usage("refusing to write PNG data to a terminal; use --out FILE.png or a pipe")
            }
            PNGRenderer.render(&rows, options: options) { bytes in
                if writer == nil { context.standardOutputBytes(bytes) } else { emit(bytes) }
            }
        }
        if let failure { throw .failure(failure.description) }
        do { try writer?.commit() } catch { throw .failure(error.description) }
    }
}
