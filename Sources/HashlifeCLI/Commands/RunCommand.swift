import Synchronization
import HashlifeEngine
import HashlifeInterface
import HashlifeFormats
import HashlifeTerminal

/// `hashlife run FILE --gen N`: the main job.
enum RunCommand: Subcommand {
    static let spec = CommandSpec(
        name: "run",
        abstract: "Compute a pattern's state at a generation and print its population.",
        discussion: """
            Reads the pattern, advances it to generation N with the Hashlife engine and prints \
            'N: POPULATION' as the last line, with exact (arbitrary-precision) numbers. N is the \
            absolute generation: a file that starts at a later generation (RLE '#CXRLE Gen=') is \
            advanced by the difference, and N before it is an error. Jumps cost about as much as \
            the distinct structure of the pattern, not the number of generations, so 2^1000 is \
            quick for a glider gun. Under a B0 rule the population counts the cells that differ \
            from the background, as Golly does; when the background is all alive (odd \
            generations, or every generation with S8) a note saying so goes to standard error, \
            so the result line stays 'N: POPULATION' for scripts. Multi-state rules (Generations \
            such as 345/2/4 or /2/3, LifeHistory, LifeSuper) run on the multi-state engine, on \
            one thread; their population counts every cell not in state 0, as Golly does.
            """,
        arguments: [ArgumentSpec("FILE", help: "Pattern file to read (RLE, Macrocell, .cells, Life 1.05/1.06, optionally .gz), or '-' for standard input.")],
        options: [
            OptionSpec(["--gen", "-g"], value: "N", help: "Generation to compute: decimal digits, or B^E such as 2^100 or 10^100.", required: true),
            OptionSpec(["--rule", "-r"], value: "R", help: "Rule to run under: B/S or Hensel notation (B36/S23, 23/3, B3_S23-a4ei6, B0 rules included), a name (HighLife), MAP and 86 base64 characters, a Wolfram rule Wn (W30), or a multi-state rule: Generations (345/2/4, B2/S345/4, /2/3) or History and Super (LifeHistory, B36/S23Super), or Larger than Life (R5,C0,S33-57,B34-45, in HROT, LtL or Kellie Evans form); a two-state pattern starts in state 1.", default: "the file's rule, else B3/S23"),
            OptionSpec(["--out", "-o"], value: "FILE", help: "Also write the resulting pattern to FILE, atomically; the format follows the extension (.rle, .mc, .cells, .lif, + .gz; multi-state patterns: .rle or .mc). FILE is checked before computing. '-' writes the pattern to standard output and the result line to standard error."),
            OptionSpec(["--format"], value: "F", help: "Format for --out (only with --out): rle, mc, cells or lif.", default: "from the --out extension"),
            MemoryOption.spec,
            RulesOption.spec,
            ThreadsOption.spec,
            .flag(["--json"], help: "Print one JSON object instead of 'N: POPULATION': generation, population, background (0, or 1 when a B0 rule's cells are counted relative to an all-alive plane, as Golly counts them), bounds, rule, states (2, or a multi-state rule's count), tree_nodes (distinct nodes of the result's quadtree), memory (the engine's statistics after the final count; memory.nodes counts every node in the store, memory.bytes leaves out the square memo, freed before the count), threads (as --threads) and seconds."),
        ],
        examples: [
            "hashlife run patterns/gosper-glider-gun.rle --gen 2^100",
            "hashlife run patterns/r-pentomino.rle --gen 1103 --out settled.rle",
            "hashlife run patterns/acorn.rle --gen 10^6 --json",
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        let command = "hashlife run"
        let clock = ContinuousClock()
        let start = clock.now
        let path = arguments.positionals["FILE"]!
        let target = try PatternFiles.count(arguments.value("--gen")!, option: "--gen", command: command)
        let rule = try PatternFiles.anyRule(arguments.value("--rule"), command: command)
        let memoryLimit = try MemoryOption.limit(arguments, command: command)
        let threads = try ThreadsOption.count(arguments, command: command)
        let out = arguments.value("--out")
        if out == nil && arguments.value("--format") != nil {
            throw .usage(UsageError(command: command, message: "--format applies to --out; give --out FILE (or --out - for standard output)"))
        }
        let outFormat = try out.map { (path) throws(CommandError) in
            try PatternFiles.outputFormat(for: path, format: arguments.value("--format"), command: command, option: "--out")
        }
        // Opened before the work: an output that cannot be written is reported at once.
        let output = try out.map { (path) throws(CommandError) in try OutputFile(path) }
        let file = try PatternFiles.open(path, rule: rule, memoryLimit: memoryLimit, threads: threads)
        let universe = file.universe
        if let outFormat, let output {
            try PatternFiles.checkFormat(outFormat, holds: universe.anyRule, output: output, command: command)
        }
        guard target >= universe.generation else {
            throw .failure("\(path): the pattern starts at generation \(Excerpt.number(universe.generation)); cannot compute the earlier generation \(Excerpt.number(target))")
        }
        try advance(universe, to: target, context: context)
        // No step follows: the count's caches take the square memo's place.
        universe.releaseStepMemo()
        let population = universe.population
        // The pattern is written first; the result line is printed whether or not that worked
        // (on standard error when the pattern goes to standard output), then a failure to
        // write is reported and the exit status is 1.
        var writeFailure: CommandError? = nil
        if let output, let outFormat {
            do throws(CommandError) {
                try PatternFiles.write(universe, to: output, format: outFormat, metadata: file.metadata, context: context)
            } catch {
                writeFailure = error
            }
        }
        let seconds = (clock.now - start) / .seconds(1)
        let json = arguments.flag("--json")
        let line = json
            ? report(universe, population: population, seconds: seconds).encoded + "\n"
            : "\(universe.generation): \(population)\n"
        if output?.isStandardOutput == true { context.standardError(line) } else { context.standardOutput(line) }
        // The line stays plain for scripts; what the count is relative to goes to standard
        // error (the JSON object has it as `background`).
        if !json, universe.currentBackground == 1 { context.standardError(backgroundNote) }
        if let writeFailure { throw writeFailure }
    }

    /// Said on standard error after the result line when a B0 rule's cells are counted
    /// against an all-alive plane.
    static let backgroundNote = "(background 1: cells that differ from an all-alive plane)\n"

    /// Steps `universe` to `target` with a progress bar on standard error (when it is a
    /// terminal) and Ctrl-C stopping cleanly: exit 130 after saying which generation was reached.
    static func advance(_ universe: any LifeUniverse, to target: BigUInt, context: CommandContext) throws(CommandError) {
        Interrupts.install()
        let control = context.interrupts
        control.reset()
        let targetText = target.description.count > 24 ? "\(target.description.prefix(12))…(\(target.description.count) digits)" : target.description
        // A universe without jumps of 2^k steps one generation at a time: far targets are
        // said at the start, and the bar shows the generation reached.
        let stepsOneByOne = !universe.has(.powerOfTwoJumps)
        let count = target - universe.generation
        if stepsOneByOne && count > BigUInt(100_000) {
            context.standardError("note: \(UniverseCapability.powerOfTwoJumps.refusal(rule: universe.anyRule)): generation \(targetText) is \(Excerpt.number(count)) generations away; Ctrl-C stops it at the generation reached\n")
        }
        let reached = Mutex<String?>(nil)
        let bar = ProgressBar(label: "computing", enabled: context.errorIsTerminal) {
            ProgressBar.Reading(reached: reached.withLock { $0 }, target: targetText, nodes: stepsOneByOne ? nil : control.nodeCount)
        }
        bar.start()
        defer { bar.stop() }
        do {
            let progress: ((BigUInt) -> Void)? = stepsOneByOne ? { generation in reached.withLock { $0 = generation.description } } : nil
            try universe.step(by: count, control: control, progress: progress)
        } catch {
            bar.stop()
            switch error {
            case .cancelled:
                throw .interrupted("interrupted at generation \(Excerpt.number(error.generation)) (population \(Excerpt.number(universe.population))); generation \(Excerpt.number(target)) was not reached")
            case .memoryExhausted:
                throw .failure("\(error); generation \(target) was not reached (raise --max-memory)")
            }
        }
    }

    /// The `--json` object: big numbers as decimal strings, bounds null when empty, `memory` the
    /// engine's statistics (`EngineStatistics.json`), `threads` the threads a step could use
    /// (1 for a rule that steps on one thread), `family` the rule's family (`FamilyRule.familyName`:
    /// "Life-like", "Generations", "History", "Super", "RuleLoader", "JvN"), `states` its number
    /// of cell states.
    static func report(_ universe: any LifeUniverse, population: BigUInt, seconds: Double) -> JSONValue {
        .fields([
            ("generation", .string(universe.generation.description)),
            ("population", .string(population.description)),
            ("background", .int(universe.currentBackground)),
            ("bounds", PatternFiles.bounds(universe.boundingBox)),
            ("rule", .string(universe.anyRule.description)),
            ("family", .string(universe.anyRule.familyName)),
            ("states", .int(universe.stateCount)),
            ("tree_nodes", .int(universe.treeNodeCount)),
            ("memory", universe.statistics.json),
            ("threads", .int(universe.threads)),
            ("seconds", .double(seconds)),
        ])
    }
}
