import HashlifeEngine
import HashlifeFormats
import HashlifeRendering
import HashlifeInterface
import HashlifeTerminal

/// `hashlife plot FILE --to N`: population (and bounds) against generation.
enum PlotCommand: Subcommand {
    static let spec = CommandSpec(
        name: "plot",
        abstract: "Plot a pattern's population (and size) against generation.",
        discussion: """
            Samples generations M, M+K, … up to N (and N itself) and measures the population, \
            with --bounds also the bounding box's width and height. --log samples M and every \
            power of two up to N instead, each sample one jump (a glider gun to 2^100 in \
            milliseconds), and draws logarithmic axes. Without --step or --log the step is the \
            smallest giving at most 1000 samples. --csv prints a header line and one row per \
            sample (generation,population[,width,height], exact integers); --json the same as \
            an array of objects with decimal strings; --out FILE.svg or FILE.png draws a chart \
            (title, labelled axes, ticks, grid lines; an SVG follows the viewer's light or dark \
            preference unless --theme is given, a PNG is light unless --theme dark). The format \
            follows --out's extension (.svg, .png, .csv, .json); without --out, --csv is the \
            default. At most 1000000 samples. The population of a multi-state pattern \
            (Generations, LifeHistory, LifeSuper) counts its cells not in state 0, as Golly does.
            """,
        arguments: [ArgumentSpec("FILE", help: "Pattern file to read, or '-' for standard input.")],
        options: [
            OptionSpec(["--to"], value: "N", help: "Last generation (digits or B^E).", required: true),
            OptionSpec(["--from"], value: "M", help: "First generation (digits or B^E).", default: "the file's"),
            OptionSpec(["--step"], value: "K", help: "Generations between samples (digits or B^E, at least 1).", default: "the smallest giving at most 1000 samples"),
            .flag(["--log"], help: "Sample M and every power of two up to N; logarithmic axes."),
            .flag(["--bounds"], help: "Also the bounding box's width and height (0 when empty)."),
            .flag(["--csv"], help: "Print CSV: a header, then generation,population[,width,height] rows."),
            .flag(["--json"], help: "Print a JSON array of {generation, population[, width, height]} (decimal strings)."),
            OptionSpec(["--out", "-o"], value: "FILE", help: "Write to FILE (atomically): .svg or .png draw a chart, .csv or .json the data."),
            OptionSpec(["--size"], value: "WxH", help: "Chart size in pixels (each side 160-4096).", default: "800x500"),
            OptionSpec(["--theme"], value: "T", help: "light or dark colours for the chart.", default: "the viewer's preference in SVG, light in PNG"),
            OptionSpec(["--title"], value: "TEXT", help: "Chart title.", default: "the pattern's name, else the file name"),
            MemoryOption.spec,
            RulesOption.spec,
            ThreadsOption.spec,
        ],
        examples: [
            "hashlife plot patterns/gosper-glider-gun.rle --to 2^100 --log --out gun-growth.svg",
            "hashlife plot patterns/acorn.rle --to 5206 --step 10 --bounds --csv",
            "hashlife plot patterns/r-pentomino.rle --to 1103 --out r.png --size 1000x600 --theme dark",
        ]
    )

    static let maximumSamples = 1_000_000
    /// Samples the default step aims at.
    static let defaultSamples = 1000

    enum Format: String { case csv, json, svg, png }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        let command = "hashlife plot"
        func usage(_ message: String) -> CommandError { .usage(UsageError(command: command, message: message)) }
        let path = arguments.positionals["FILE"]!
        let out = arguments.value("--out")

        if arguments.flag("--csv") && arguments.flag("--json") { throw usage("--csv and --json exclude each other") }
        var format: Format = arguments.flag("--json") ? .json : .csv
        if let out, out != "-" {
            let lower = out.lowercased()
            guard let chosen = [Format.svg, .png, .csv, .json].first(where: { lower.hasSuffix("." + $0.rawValue) }) else {
                throw usage("cannot tell the output format from \(Excerpt.quote(out)) (--out); use .svg, .png, .csv or .json")
            }
            if (arguments.flag("--csv") && chosen != .csv) || (arguments.flag("--json") && chosen != .json) {
                throw usage("--out \(Excerpt.quote(out)) is \(chosen.rawValue), not \(arguments.flag("--csv") ? "csv" : "json")")
            }
            format = chosen
        }
        let isChart = format == .svg || format == .png
        if !isChart, let option = ["--size", "--theme", "--title"].first(where: { arguments.value($0) != nil }) {
            throw usage("\(option) applies to charts (--out FILE.svg or FILE.png)")
        }
        var size = (width: 800, height: 500)
        if let text = arguments.value("--size") {
            let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = parts[0].count <= 5 ? Int(parts[0]) : nil, let h = parts[1].count <= 5 ? Int(parts[1]) : nil,
                  PopulationPlot.sizeRange.contains(w), PopulationPlot.sizeRange.contains(h) else {
                throw usage("invalid value for '--size': \(Excerpt.quote(text)); expected WxH in pixels, each side 160 to 4096, such as 800x500")
            }
            size = (w, h)
        }
        var theme: PopulationPlot.Theme?
        if let text = arguments.value("--theme") {
            switch text.lowercased() {
            case "light": theme = .light
            case "dark": theme = .dark
            default: throw usage("invalid value for '--theme': \(Excerpt.quote(text)); expected light or dark")
            }
        }

        let asked = try SampleOptions(arguments, command: command)
        let (target, from, step) = (asked.target, asked.from, asked.step)
        let bounds = arguments.flag("--bounds")

        let memoryLimit = try MemoryOption.limit(arguments, command: command)
        let threads = try ThreadsOption.count(arguments, command: command)
        let output = try out.map { (path) throws(CommandError) in try OutputFile(path) }
        if format == .png && (output == nil || output!.isStandardOutput) && context.standardOutputIsTerminal {
            output?.abandon()
            throw usage("refusing to write PNG data to a terminal; use --out FILE.png or a pipe")
        }
        Interrupts.install()
        context.interrupts.reset()
        let file: PatternFile
        do throws(CommandError) { file = try PatternFiles.open(path, rule: nil, memoryLimit: memoryLimit, threads: threads) } catch {
            output?.abandon()
            throw error
        }
        let universe = file.universe
        let first = from ?? universe.generation
        do throws(CommandError) {
            guard first >= universe.generation else {
                throw .failure("\(PatternFiles.label(path)): the pattern starts at generation \(Excerpt.number(universe.generation)); cannot plot from the earlier generation \(Excerpt.number(first))")
            }
            guard target >= first else { throw usage("--to \(Excerpt.number(target)) is before the first generation \(Excerpt.number(first))") }
        } catch {
            output?.abandon()
            throw error
        }
        let spacing: GenerationSamples.Spacing
        if arguments.flag("--log") {
            spacing = .powersOfTwo
        } else if let step {
            spacing = .every(step)
        } else {
            let (q, r) = (target - first).quotientAndRemainder(dividingBy: BigUInt(defaultSamples))
            spacing = .every(q.isZero ? .one : (r.isZero ? q : q + 1))
        }
        let samples = GenerationSamples(from: first, to: target, spacing: spacing)
        guard samples.count <= BigUInt(maximumSamples) else {
            output?.abandon()
            throw usage("\(Excerpt.number(samples.count)) samples is over the limit of \(maximumSamples); use a larger --step, or --log")
        }

        // Text goes out row by row (to standard output, or to the file).
        var failure: CommandError?
        func emit(_ text: String) {
            guard failure == nil else { return }
            if let output {
                do throws(CommandError) { try output.write(Array(text.utf8), context: context) } catch { failure = error }
            } else {
                context.standardOutput(text)
            }
        }
        let progress = SamplingProgress(target: target, control: context.interrupts)
        let bar = ProgressBar(label: "plot", enabled: context.errorIsTerminal) { progress.reading() }
        bar.start()
        defer { bar.stop() }

        var collected: [PopulationPlot.Sample] = []
        var index = 0
        do throws(CommandError) {
            switch format {
            case .csv: emit(bounds ? "generation,population,width,height\n" : "generation,population\n")
            case .json: emit("[")
            case .svg, .png: break
            }
            for generation in samples {
                try AnimateCommand.advance(universe, to: generation, context: context)
                let box = universe.boundingBox
                let sample = PopulationPlot.Sample(generation: generation, population: universe.population,
                                                   width: bounds ? box?.width ?? .zero : nil, height: bounds ? box?.height ?? .zero : nil)
                switch format {
                case .csv:
                    var row = "\(sample.generation),\(sample.population)"
                    if let w = sample.width, let h = sample.height { row += ",\(w),\(h)" }
                    emit(row + "\n")
                case .json:
                    var fields: [(String, JSONValue)] = [("generation", .string(sample.generation.description)), ("population", .string(sample.population.description))]
                    if let w = sample.width, let h = sample.height { fields += [("width", .string(w.description)), ("height", .string(h.description))] }
                    emit((index == 0 ? "\n" : ",\n") + JSONValue.fields(fields).encoded)
                case .svg, .png:
                    collected.append(sample)
                }
                index += 1
                progress.reached(generation)
                if let failure { throw failure }
            }
            if format == .json { emit("\n]\n") }
            if isChart {
                let title = arguments.value("--title") ?? file.name ?? Self.fileTitle(path)
                let plot = PopulationPlot(title: title, samples: collected, logarithmic: arguments.flag("--log"), width: size.width, height: size.height)
                if format == .svg {
                    emit(plot.svg(theme: theme))
                } else if let output {
                    try output.write(plot.png(theme: theme ?? .light), context: context)
                } else {
                    context.standardOutputBytes(plot.png(theme: theme ?? .light))
                }
            }
            if let failure { throw failure }
            try output?.commit()
        } catch {
            output?.abandon()
            bar.stop()
            throw error.leaving(output)
        }
    }

    /// "gosper-glider-gun" for ".../gosper-glider-gun.rle".
    static func fileTitle(_ path: String) -> String {
        if path == "-" { return "standard input" }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.split(separator: ".").first.map(String.init) ?? name
    }
}
