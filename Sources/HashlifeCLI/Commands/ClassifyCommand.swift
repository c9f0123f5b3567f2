import HashlifeAnalysis
import HashlifeEngine
import HashlifeInterface
import HashlifeFormats

/// `hashlife classify FILE [--max-gen N] [--json]`: what the pattern becomes.
enum ClassifyCommand: Subcommand {
    static let defaultMaxGeneration = "100000"

    static let spec = CommandSpec(
        name: "classify",
        abstract: "Say what a pattern becomes: extinct, still, oscillator, spaceship, settled, growing or undetermined.",
        discussion: """
            Runs the pattern for at most N generations past the file's generation and prints one \
            line such as 'settled at generation 1103: period-2 ash, 6 gliders escaping'. Under any \
            rule it recognises extinction, still lifes, oscillators, spaceships of any shape that \
            are the whole pattern (up to 512 cells), and growth by the same amount every period \
            (a gun or a puffer). Settled (periodic ash, of period up to 1024, plus gliders, LWSS, \
            MWSS and HWSS that have left for good, counted) is recognised in B3/S23 only, for \
            patterns of up to 100,000 cells; under other rules such a pattern is undetermined. \
            Generations, positions and populations may be any size (a file saved at generation \
            10^100 classifies as well as one at 0). Generations in the answer are absolute. \
            Under a Generations rule every state counts: a pattern repeats when all its cells \
            are back in the same states (the same shape displaced: a spaceship), found by a \
            fingerprint of every cell's state, one generation at a time and then by jumps of \
            2^k generations as under a two-state rule; guns and puffers show as growth, and \
            there is no settled verdict. Under History and Super the live cells alone are \
            classified under the two-state rule (their trails and marks left out: a LifeHistory \
            glider is a spaceship), unless a killer (state 6) is there. Exit status 0 for \
            a verdict, 2 when undetermined within N generations.
            """,
        arguments: [ArgumentSpec("FILE", help: "Pattern file to read (RLE, Macrocell, .cells, Life 1.05/1.06, optionally .gz), or '-' for standard input.")],
        options: [
            OptionSpec(["--max-gen", "-m"], value: "N", help: "Generations to look at before giving up: decimal digits, or B^E such as 2^20.", default: defaultMaxGeneration),
            OptionSpec(["--rule", "-r"], value: "R", help: "Rule to run under, e.g. B36/S23, or a multi-state rule such as /2/3 or LifeHistory (escaping spaceships of settled patterns are recognised in B3/S23 only).", default: "the file's rule, else B3/S23"),
            MemoryOption.spec,
            RulesOption.spec,
            ThreadsOption.spec,
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
        let rule = try PatternFiles.anyRule(arguments.value("--rule"), command: command)
        let memoryLimit = try MemoryOption.limit(arguments, command: command)
        let threads = try ThreadsOption.count(arguments, command: command)
        let universe = try PatternFiles.open(path, rule: rule, memoryLimit: memoryLimit, threads: threads).universe
        Interrupts.install()
        Interrupts.control.reset()
        let result: Classification
        do throws(StepError) {
            result = try classify(universe, maxGeneration: limit, control: Interrupts.control)
        } catch {
            switch error {
            case .cancelled:
                throw .interrupted("interrupted at generation \(Excerpt.number(error.generation)), before a verdict")
            case .memoryExhausted:
                throw .failure("\(PatternFiles.label(path)): \(error); no verdict (raise --max-memory)")
            }
        }
        if arguments.flag("--json") {
            context.standardOutput(result.json.encoded + "\n")
        } else {
            context.standardOutput(result.verdict.summary + "\n")
            if universe.anyRule.hasBirthOnZero {
                // The verdict is about the stored cells, which Golly shows: relative to an
                // all-alive plane at odd generations (at every one with S8).
                context.standardOutput("note: rule \(universe.anyRule) has B0: the cells are counted as Golly shows them, "
                    + (universe.anyRule.alternatesBackground ? "relative to an all-alive plane at odd generations\n"
                        : "relative to an all-alive plane (the dead cells)\n"))
            }
        }
        if case .undetermined = result.verdict {
            throw .undetermined("\(PatternFiles.label(path)): no verdict within \(Plural.count(limit, "generation")) (try a larger --max-gen)")
        }
    }
}
