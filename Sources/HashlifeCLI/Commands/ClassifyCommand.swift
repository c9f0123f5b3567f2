import HashlifeAnalysis
import HashlifeEngine
import HashlifeSupport
import HashlifeFormats

/// `hashlife classify FILE [--max-gen N] [--json]`: what the pattern becomes (SPEC §4.1).
enum ClassifyCommand: Subcommand {
    static let defaultMaxGeneration = "100000"

    static let spec = CommandSpec(
        name: "classify",
        abstract: "Say what a pattern becomes: extinct, still, oscillator, spaceship, settled, growing or undetermined.",
        discussion: """
            Runs the pattern for at most N generations past the file's generation and prints one \
            line such as 'settled at generation 1103: period-2 ash, 6 gliders escaping'. Settled \
            means periodic ash plus gliders, LWSS, MWSS and HWSS that have left for good; \
            growing means the population rises by the same amount every period (a gun or a \
            puffer). Generations in the answer are absolute. Exit status 0 for a verdict, 2 when \
            undetermined within N generations.
            """,
        arguments: [ArgumentSpec("FILE", help: "Pattern file to read (RLE, Macrocell, .cells, Life 1.05/1.06, optionally .gz), or '-' for standard input.")],
        options: [
            OptionSpec(["--max-gen", "-m"], value: "N", help: "Generations to look at before giving up: decimal digits, or B^E such as 2^20.", default: defaultMaxGeneration),
            OptionSpec(["--rule", "-r"], value: "R", help: "Rule to run under, e.g. B36/S23 (spaceships are recognised in B3/S23 only).", default: "the file's rule, else B3/S23"),
            MemoryOption.spec,
            .flag(["--json"], help: "Print one JSON object (big numbers as strings; fields that do not apply are left out)."),
        ],
        examples: [
            "hashlife classify patterns/r-pentomino.rle",
            "hashlife classify patterns/acorn.rle --json",
            "hashlife classify patterns/gosper-glider-gun.rle --max-gen 5000",
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        let command = "hashlife classify"
        let path = arguments.positionals["FILE"]!
        let limit = try PatternFiles.count(arguments.value("--max-gen") ?? defaultMaxGeneration, option: "--max-gen", command: command)
        let rule = try PatternFiles.rule(arguments.value("--rule"), command: command)
        let memoryLimit = try MemoryOption.limit(arguments, command: command)
        let (universe, _) = try PatternFiles.universe(path, rule: rule, memoryLimit: memoryLimit)
        Interrupts.install()
        Interrupts.control.reset()
        let result: Classification
        do { result = try classify(universe, maxGeneration: limit, control: Interrupts.control) } catch {
            switch error {
            case .cancelled:
                throw .interrupted("interrupted at generation \(error.generation), before a verdict")
            case .memoryExhausted:
                throw .failure("\(PatternFiles.label(path)): \(error); no verdict (raise --max-memory)")
            }
        }
        if arguments.flag("--json") {
            context.standardOutput(report(result).encoded + "\n")
        } else {
            context.standardOutput(result.verdict.summary + "\n")
        }
        if case .undetermined = result.verdict {
            throw .undetermined("\(PatternFiles.label(path)): no verdict within \(limit) generations (try a larger --max-gen)")
        }
    }

    /// `{"verdict":…,"generation":"g","period":p,"dx":…,"dy":…,"speed":…,"escaping":{…},"population":"…"}`.
    static func report(_ result: Classification) -> JSONValue {
        let verdict = result.verdict
        var fields: [(String, JSONValue)] = [("verdict", .string(verdict.name)), ("generation", .string(verdict.generation.description))]
        switch verdict {
        case .extinct, .undetermined:
            break
        case .still:
            fields.append(("period", .int(1)))
        case .oscillator(_, let p):
            fields.append(("period", .int(p)))
        case .spaceship(_, let p, let dx, let dy, let speed):
            fields += [("period", .int(p)), ("dx", .int(dx)), ("dy", .int(dy)), ("speed", .string(speed))]
        case .settled(_, let p, let ships):
            fields.append(("period", .int(p)))
            fields.append(("escaping", .fields([("glider", .int(ships.gliders)), ("lwss", .int(ships.lwss)),
                                                ("mwss", .int(ships.mwss)), ("hwss", .int(ships.hwss))])))
        case .growing(_, let p, let increment, let evidence):
            fields += [("period", .int(p)), ("increment", .int(increment)), ("evidence", .string(evidence))]
        }
        fields.append(("population", .string(result.population.description)))
        return .fields(fields)
    }
}
