import HashlifeCLI
import Testing

// MARK: - Fixtures

/// A spec exercising every parsing rule: a required and an optional positional, value options
/// with short names, a repeatable option and flags.
private let parseSpec = CommandSpec(
    name: "run",
    abstract: "Compute a pattern's state at a generation.",
    arguments: [
        ArgumentSpec("FILE", help: "Pattern file to read."),
        ArgumentSpec("OUTPUT", help: "Where to write the result.", optional: true),
    ],
    options: [
        OptionSpec(["--gen", "-g"], value: "N", help: "Generation to compute."),
        OptionSpec(["--from"], value: "GEN", help: "Starting generation."),
        OptionSpec(["--rect"], value: "X0,Y0,X1,Y1", help: "Region to print."),
        OptionSpec(["--watch", "-w"], value: "CELL", help: "Cell to report.", repeatable: true),
        .flag(["--json"], help: "Print JSON."),
        .flag(["--verbose", "-v"], help: "Say more."),
    ]
)

/// A spec with a required option.
private let requiredSpec = CommandSpec(
    name: "run",
    abstract: "Compute a pattern's state at a generation.",
    arguments: [ArgumentSpec("FILE", help: "Pattern file to read.")],
    options: [
        OptionSpec(["--gen", "-g"], value: "N", help: "Generation to compute.", required: true),
        OptionSpec(["--rule"], value: "R", help: "Rule.", required: true),
    ]
)

private func parse(_ arguments: [String], _ spec: CommandSpec = parseSpec) throws(UsageError) -> ParsedArguments {
    try ArgumentParser.parse(arguments, for: spec, programName: "hashlife")
}

/// The message of the error parsing throws, or nil when it succeeds.
private func errorMessage(_ arguments: [String], _ spec: CommandSpec = parseSpec) -> String? {
    do {
        _ = try parse(arguments, spec)
        return nil
    } catch {
        return error.message
    }
}

/// The sample command of the help-text tests.
private let helpSpec = CommandSpec(
    name: "run",
    abstract: "Compute a pattern's state at a generation.",
    discussion: """
        Reads a pattern in RLE, plaintext or Macrocell format and advances it with the Hashlife algorithm, which makes generations such as 2^100 cheap for patterns with regular structure.

        The result is written in the same format as the input unless --out names a
        file with a different extension.
        """,
    arguments: [ArgumentSpec("FILE", help: "Pattern file to read ('-' for standard input).")],
    options: [
        OptionSpec(["--gen", "-g"], value: "N", help: "Generation to compute: digits or B^E such as 2^100.", required: true),
        OptionSpec(["--rule"], value: "R", help: "Rule to simulate, in B/S notation.", default: "the file's rule"),
        OptionSpec(["--out", "-o"], value: "FILE",
                   help: "Write the resulting pattern to FILE instead of printing a summary; the format follows the extension."),
        .flag(["--json"], help: "Print one JSON object instead of text."),
    ],
    examples: [
        "hashlife run patterns/gosper-glider-gun.rle --gen 2^100",
        "hashlife run - --gen 1000 --json < glider.rle",
    ]
)

@Suite struct ArgumentParserTests {
    // MARK: - Options and values

    @Test func longOptionTakesTheNextArgumentAsItsValue() throws {
        let parsed = try parse(["in.rle", "--gen", "100"])
        #expect(parsed.value("--gen") == "100")
        #expect(parsed.positionals == ["FILE": "in.rle"])
        #expect(parsed.helpRequested == false)
    }

    @Test func longOptionTakesAnInlineValueAfterEquals() throws {
        let parsed = try parse(["--gen=2^100", "in.rle"])
        #expect(parsed.value("--gen") == "2^100")
        #expect(parsed.positionals["FILE"] == "in.rle")
    }

    @Test func inlineValueKeepsEverythingAfterTheFirstEquals() throws {
        let parsed = try parse(["--rect=a=b", "--from=", "in.rle"])
        #expect(parsed.value("--rect") == "a=b")
        #expect(parsed.value("--from") == "")
    }

    @Test func shortNameIsAnAliasStoredUnderThePrimaryName() throws {
        let parsed = try parse(["-g", "7", "in.rle"])
        #expect(parsed.value("--gen") == "7")
        #expect(parsed.value("-g") == "7")
        #expect(parsed.values("--gen") == ["7"])
    }

    @Test func absentOptionHasNoValue() throws {
        let parsed = try parse(["in.rle"])
        #expect(parsed.value("--gen") == nil)
        #expect(parsed.values("--watch") == [])
        #expect(parsed.flag("--json") == false)
    }

    @Test func flagsAreSetByAnyOfTheirNames() throws {
        let parsed = try parse(["in.rle", "--json", "-v"])
        #expect(parsed.flag("--json"))
        #expect(parsed.flag("--verbose"))
        #expect(parsed.value("--json") == nil)
    }

    @Test func flagDoesNotConsumeTheNextArgument() throws {
        let parsed = try parse(["--json", "in.rle"])
        #expect(parsed.flag("--json"))
        #expect(parsed.positionals["FILE"] == "in.rle")
    }

    @Test func flagGivenAValueIsAnError() {
        #expect(errorMessage(["in.rle", "--json=x"]) == "option '--json' does not take a value")
        #expect(errorMessage(["in.rle", "-v=1"]) == "option '-v' does not take a value")
    }

    @Test func valueMayStartWithADash() throws {
        let parsed = try parse(["--rect", "-5,-5,10,10", "in.rle", "--from", "--json"])
        #expect(parsed.value("--rect") == "-5,-5,10,10")
        #expect(parsed.value("--from") == "--json")
        #expect(parsed.flag("--json") == false)
    }

    @Test func valueOptionConsumesHelpAndDoubleDashToo() throws {
        let parsed = try parse(["in.rle", "--gen", "-h", "--from", "--"])
        #expect(parsed.value("--gen") == "-h")
        #expect(parsed.value("--from") == "--")
        #expect(parsed.helpRequested == false)
    }

    @Test func missingValueAtTheEndIsAnError() {
        #expect(errorMessage(["in.rle", "--gen"]) == "missing value for option '--gen'")
        #expect(errorMessage(["in.rle", "-g"]) == "missing value for option '-g'")
    }

    @Test func repeatableOptionCollectsEveryValueInOrder() throws {
        let parsed = try parse(["-w", "1,2", "in.rle", "--watch", "3,4", "--watch=5,6"])
        #expect(parsed.values("--watch") == ["1,2", "3,4", "5,6"])
        #expect(parsed.value("--watch") == "5,6")
    }

    @Test func nonRepeatableOptionGivenTwiceIsAnError() {
        #expect(errorMessage(["in.rle", "--gen", "1", "--gen", "2"]) == "option '--gen' given more than once")
        #expect(errorMessage(["in.rle", "-g", "1", "--gen=2"]) == "option '--gen' given more than once")
        #expect(errorMessage(["in.rle", "--json", "--json"]) == "option '--json' given more than once")
        #expect(errorMessage(["in.rle", "-v", "--verbose"]) == "option '--verbose' given more than once")
    }

    // MARK: - Positionals

    @Test func positionalsAreFilledInDeclaredOrder() throws {
        let parsed = try parse(["in.rle", "--json", "out.rle"])
        #expect(parsed.positionals == ["FILE": "in.rle", "OUTPUT": "out.rle"])
    }

    @Test func loneDashIsAPositional() throws {
        let parsed = try parse(["-", "--gen", "3"])
        #expect(parsed.positionals == ["FILE": "-"])
        #expect(parsed.value("--gen") == "3")
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try parse(["--gen", "1", "--", "--json", "-v"])
        #expect(parsed.positionals == ["FILE": "--json", "OUTPUT": "-v"])
        #expect(parsed.flag("--json") == false)
        #expect(parsed.flag("--verbose") == false)
    }

    @Test func secondDoubleDashIsAPositional() throws {
        let parsed = try parse(["--", "--", "-"])
        #expect(parsed.positionals == ["FILE": "--", "OUTPUT": "-"])
    }

    @Test func tooManyPositionalsIsAnError() {
        #expect(errorMessage(["a", "b", "c"]) == "unexpected argument 'c'")
        #expect(errorMessage(["a", "b", "--", "-x", "d"]) == "unexpected argument '-x'")
    }

    @Test func missingRequiredPositionalIsAnError() {
        #expect(errorMessage([]) == "missing argument FILE")
        #expect(errorMessage(["--gen", "5"]) == "missing argument FILE")
    }

    @Test func optionalPositionalMayBeLeftOut() throws {
        let parsed = try parse(["in.rle"])
        #expect(parsed.positionals["OUTPUT"] == nil)
    }

    @Test func argumentThatLooksLikeANegativeNumberIsAnOption() {
        #expect(errorMessage(["in.rle", "-5"]) == "unknown option '-5'")
    }

    // MARK: - Unknown options

    @Test func unknownOptionWithoutACloseNameHasNoSuggestion() {
        #expect(errorMessage(["in.rle", "--xyzzy"]) == "unknown option '--xyzzy'")
        #expect(errorMessage(["in.rle", "-x"]) == "unknown option '-x'")
    }

    @Test func unknownOptionSuggestsALongNameWithinEditDistanceTwo() {
        #expect(errorMessage(["in.rle", "--frob"]) == "unknown option '--frob'; did you mean '--from'?")
        #expect(errorMessage(["in.rle", "--jsno"]) == "unknown option '--jsno'; did you mean '--json'?")
        #expect(errorMessage(["in.rle", "--hlep"]) == "unknown option '--hlep'; did you mean '--help'?")
        #expect(errorMessage(["in.rle", "-gen"]) == "unknown option '-gen'; did you mean '--gen'?")
    }

    @Test func unknownOptionAtEditDistanceThreeHasNoSuggestion() {
        #expect(errorMessage(["in.rle", "--jxyz"]) == "unknown option '--jxyz'")
    }

    @Test func unknownOptionIsReportedWithoutItsInlineValue() {
        #expect(errorMessage(["in.rle", "--frob=3"]) == "unknown option '--frob'; did you mean '--from'?")
    }

    @Test func suggestionPrefersTheClosestNameThenTheFirstDeclared() {
        let spec = CommandSpec(name: "x", abstract: "Do x.", options: [
            .flag(["--ruler"], help: "r"),
            .flag(["--rule"], help: "r"),
            .flag(["--cat"], help: "c"),
            .flag(["--car"], help: "c"),
        ])
        #expect(errorMessage(["--rul"], spec) == "unknown option '--rul'; did you mean '--rule'?")
        #expect(errorMessage(["--cax"], spec) == "unknown option '--cax'; did you mean '--cat'?")
    }

    @Test func firstMistakeFromTheLeftIsReported() {
        #expect(errorMessage(["--frob", "a", "b", "c"]) == "unknown option '--frob'; did you mean '--from'?")
        #expect(errorMessage(["a", "b", "c", "--frob"]) == "unexpected argument 'c'")
        #expect(errorMessage(["--json=1", "--gen"]) == "option '--json' does not take a value")
    }

    // MARK: - Required options

    @Test func missingRequiredOptionIsAnError() {
        #expect(errorMessage(["in.rle"], requiredSpec) == "missing option '--gen'")
        #expect(errorMessage(["in.rle", "-g", "1"], requiredSpec) == "missing option '--rule'")
    }

    @Test func requiredOptionGivenByAnyNameSatisfiesTheRequirement() throws {
        let parsed = try parse(["in.rle", "-g", "1", "--rule=B3/S23"], requiredSpec)
        #expect(parsed.value("--gen") == "1")
        #expect(parsed.value("--rule") == "B3/S23")
    }

    @Test func missingPositionalIsReportedBeforeMissingOption() {
        #expect(errorMessage([], requiredSpec) == "missing argument FILE")
    }

    @Test func parseMistakeIsReportedBeforeMissingArguments() {
        #expect(errorMessage(["--gen"], requiredSpec) == "missing value for option '--gen'")
    }

    // MARK: - Help

    @Test func helpSkipsMissingArgumentAndOptionChecks() throws {
        let short = try parse(["-h"], requiredSpec)
        #expect(short.helpRequested)
        let long = try parse(["--help"], requiredSpec)
        #expect(long.helpRequested)
        #expect(long.flag("--help"))
    }

    @Test func helpAnywhereSuppressesEveryError() throws {
        let parsed = try parse(["--frob", "a", "b", "c", "--json=1", "--gen", "1", "--gen", "2", "--help"])
        #expect(parsed.helpRequested)
        let early = try parse(["-h", "--frob", "--gen"], requiredSpec)
        #expect(early.helpRequested)
    }

    @Test func helpStillRecordsWhatWasParsed() throws {
        let parsed = try parse(["in.rle", "--help", "--gen", "4"])
        #expect(parsed.helpRequested)
        #expect(parsed.positionals["FILE"] == "in.rle")
        #expect(parsed.value("--gen") == "4")
    }

    @Test func helpAfterDoubleDashIsAPositional() throws {
        let parsed = try parse(["--", "--help"])
        #expect(parsed.helpRequested == false)
        #expect(parsed.positionals["FILE"] == "--help")
    }

    @Test func helpGivenTwiceIsNotAnError() throws {
        let parsed = try parse(["-h", "--help"])
        #expect(parsed.helpRequested)
    }

    @Test func helpWithAValueIsAnError() {
        #expect(errorMessage(["in.rle", "--help=yes"]) == "option '--help' does not take a value")
    }

    // MARK: - UsageError

    @Test func usageErrorNamesTheCommandAndPointsAtHelp() {
        let error = UsageError(command: "hashlife run", message: "missing value for option '--gen'")
        #expect(error.description == "hashlife run: missing value for option '--gen' (see 'hashlife run --help')")
        #expect("\(error)" == error.description)
    }

    @Test func thrownUsageErrorCarriesProgramAndCommandName() {
        #expect(throws: UsageError(command: "hashlife run", message: "missing argument FILE")) {
            try ArgumentParser.parse([], for: parseSpec, programName: "hashlife")
        }
        #expect(throws: UsageError(command: "life run", message: "unexpected argument 'c'")) {
            try ArgumentParser.parse(["a", "b", "c"], for: parseSpec, programName: "life")
        }
    }

    @Test func usageErrorsCompareByCommandAndMessage() {
        #expect(UsageError(command: "a", message: "m") == UsageError(command: "a", message: "m"))
        #expect(UsageError(command: "a", message: "m") != UsageError(command: "b", message: "m"))
        #expect(UsageError(command: "a", message: "m") != UsageError(command: "a", message: "n"))
    }

    // MARK: - Spec

    @Test func optionSpecDefaults() {
        let option = OptionSpec(["--gen", "-g"], value: "N", help: "Generation.")
        #expect(option.names == ["--gen", "-g"])
        #expect(option.valueName == "N")
        #expect(option.defaultDescription == nil)
        #expect(option.isRepeatable == false)
        #expect(option.isRequired == false)
        let flag = OptionSpec.flag(["--json"], help: "JSON.")
        #expect(flag.valueName == nil)
        #expect(flag.help == "JSON.")
        #expect(flag.isRequired == false)
    }

    // MARK: - Help text

    @Test func commandHelpMatchesTheExpectedTextExactly() {
        let expected = """
            OVERVIEW: Compute a pattern's state at a generation.

            Reads a pattern in RLE, plaintext or Macrocell format and advances it with the
            Hashlife algorithm, which makes generations such as 2^100 cheap for patterns
            with regular structure.

            The result is written in the same format as the input unless --out names a
            file with a different extension.

            USAGE: hashlife run <FILE> --gen <N> [--rule <R>] [--out <FILE>] [--json]

            ARGUMENTS:
              <FILE>                  Pattern file to read ('-' for standard input).

            OPTIONS:
              -g, --gen <N>           Generation to compute: digits or B^E such as 2^100.
              --rule <R>              Rule to simulate, in B/S notation. (default: the
                                      file's rule)
              -o, --out <FILE>        Write the resulting pattern to FILE instead of
                                      printing a summary; the format follows the extension.
              --json                  Print one JSON object instead of text.
              -h, --help              Show help information.

            EXAMPLES:
              hashlife run patterns/gosper-glider-gun.rle --gen 2^100
              hashlife run - --gen 1000 --json < glider.rle
            """
        #expect(HelpFormatter.help(for: helpSpec, programName: "hashlife") == expected + "\n")
    }

    @Test func helpTextEndsWithExactlyOneNewline() {
        let help = HelpFormatter.help(for: helpSpec, programName: "hashlife")
        #expect(help.hasSuffix("--gen 1000 --json < glider.rle\n"))
        #expect(!help.hasSuffix("\n\n"))
        let root = HelpFormatter.rootHelp(programName: "hashlife", overview: "Simulate Life.", subcommands: [helpSpec])
        #expect(root.hasSuffix("for detailed help.\n"))
        #expect(!root.hasSuffix("\n\n"))
    }

    @Test func helpLinesNeverExceedEightyColumns() {
        let text = HelpFormatter.help(for: helpSpec, programName: "hashlife")
        for line in text.split(separator: "\n") {
            #expect(line.count <= 80, "\(line)")
        }
    }

    @Test func minimalHelpHasOnlyOverviewUsageAndOptions() {
        let spec = CommandSpec(name: "version", abstract: "Print the version.")
        let expected = """
            OVERVIEW: Print the version.

            USAGE: hashlife version

            OPTIONS:
              -h, --help              Show help information.
            """
        #expect(HelpFormatter.help(for: spec, programName: "hashlife") == expected + "\n")
    }

    @Test func usageShowsOptionalPositionalsAndRepeatableOptions() {
        let spec = CommandSpec(
            name: "diff", abstract: "Compare two patterns.",
            arguments: [ArgumentSpec("A", help: "First."), ArgumentSpec("B", help: "Second.", optional: true)],
            options: [
                OptionSpec(["--watch", "-w"], value: "CELL", help: "Cell.", repeatable: true),
                OptionSpec(["--tag"], value: "T", help: "Tag.", repeatable: true, required: true),
                .flag(["-q"], help: "Quiet."),
            ])
        let help = HelpFormatter.help(for: spec, programName: "hashlife")
        #expect(help.contains("\nUSAGE: hashlife diff <A> [<B>] [--watch <CELL> ...] --tag <T> ... [-q]\n"))
        #expect(help.contains("\n  <B>                     Second.\n"))
        #expect(help.contains("\n  -w, --watch <CELL>      Cell.\n"))
        #expect(help.contains("\n  -q                      Quiet.\n"))
    }

    @Test func longUsageWrapsUnderTheFirstElement() {
        let spec = CommandSpec(
            name: "render", abstract: "Render a pattern.",
            arguments: [ArgumentSpec("FILE", help: "In."), ArgumentSpec("OUTPUT", help: "Out.", optional: true)],
            options: [
                OptionSpec(["--from"], value: "GEN", help: "From.", required: true),
                OptionSpec(["--to"], value: "GEN", help: "To."),
                OptionSpec(["--rect"], value: "X0,Y0,X1,Y1", help: "Rect."),
                OptionSpec(["--scale"], value: "S", help: "Scale."),
                OptionSpec(["--threads"], value: "N", help: "Threads."),
                OptionSpec(["--watch"], value: "CELL", help: "Watch.", repeatable: true),
                .flag(["--quiet"], help: "Quiet."),
            ])
        let expected = """
            USAGE: hashlife render <FILE> [<OUTPUT>] --from <GEN> [--to <GEN>]
                                   [--rect <X0,Y0,X1,Y1>] [--scale <S>] [--threads <N>]
                                   [--watch <CELL> ...] [--quiet]
            """
        #expect(HelpFormatter.help(for: spec, programName: "hashlife").contains("\n\n" + expected + "\n\n"))
    }

    @Test func labelTooWideForTheColumnGetsItsOwnLine() {
        let spec = CommandSpec(name: "x", abstract: "Do x.", options: [
            OptionSpec(["--population-threshold"], value: "COUNT", help: "Stop once the population exceeds COUNT."),
            OptionSpec(["--abcdefghijklmnop"], value: "N", help: "Twenty-two wide."),
            OptionSpec(["--abcdefghijklmnopq"], value: "N", help: "Twenty-three wide."),
        ])
        let expected = """
            OPTIONS:
              --population-threshold <COUNT>
                                      Stop once the population exceeds COUNT.
              --abcdefghijklmnop <N>  Twenty-two wide.
              --abcdefghijklmnopq <N>
                                      Twenty-three wide.
              -h, --help              Show help information.
            """
        #expect(HelpFormatter.help(for: spec, programName: "hashlife").hasSuffix("\n\n" + expected + "\n"))
    }

    @Test func helpWrapsAtEightyColumnsWithAHangingIndent() {
        // 54 columns remain after the label column; a word exactly filling them stays on the line.
        let exact = String(repeating: "a", count: 50) + " bbb"
        let long = String(repeating: "c", count: 60)
        let spec = CommandSpec(name: "x", abstract: "Do x.", options: [
            .flag(["--exact"], help: exact + " next"),
            .flag(["--long"], help: "short " + long + " tail"),
        ])
        let pad = String(repeating: " ", count: 26)
        let expected = """
            OPTIONS:
              --exact                 \(exact)
            \(pad)next
              --long                  short
            \(pad)\(long)
            \(pad)tail
              -h, --help              Show help information.
            """
        #expect(HelpFormatter.help(for: spec, programName: "hashlife").hasSuffix("\n\n" + expected + "\n"))
    }

    @Test func discussionLongLinesAreWrappedAndShortLinesKept() {
        let longWord = String(repeating: "x", count: 90)
        let spec = CommandSpec(name: "x", abstract: "Do x.", discussion: """
            A line that is far too long to fit in eighty columns and so must be wrapped by the formatter here.
              - an indented bullet item that is also much too long to fit within the eighty column limit, twice over, so it needs three lines.
            Kept
            as is.\u{20}\u{20}\t

            \(longWord) after
            """)
        let expected = """
            OVERVIEW: Do x.

            A line that is far too long to fit in eighty columns and so must be wrapped by
            the formatter here.
              - an indented bullet item that is also much too long to fit within the eighty
                column limit, twice over, so it needs three lines.
            Kept
            as is.

            \(longWord)
            after

            USAGE: hashlife x
            """
        #expect(HelpFormatter.help(for: spec, programName: "hashlife").hasPrefix(expected + "\n\n"))
    }

    @Test func emptyDiscussionIsLeftOut() {
        let spec = CommandSpec(name: "x", abstract: "Do x.", discussion: "  \n")
        #expect(HelpFormatter.help(for: spec, programName: "hashlife").hasPrefix("OVERVIEW: Do x.\n\nUSAGE: hashlife x\n\n"))
    }

    @Test func longAbstractWrapsAfterTheOverviewLabel() {
        let spec = CommandSpec(
            name: "x",
            abstract: "Simulate Conway's Game of Life and other Life-like cellular automata with the Hashlife algorithm.")
        let expected = """
            OVERVIEW: Simulate Conway's Game of Life and other Life-like cellular automata
            with the Hashlife algorithm.

            USAGE: hashlife x
            """
        #expect(HelpFormatter.help(for: spec, programName: "hashlife").hasPrefix(expected))
    }

    // MARK: - Root help

    @Test func rootHelpMatchesTheExpectedTextExactly() {
        let subcommands = [
            helpSpec,
            CommandSpec(name: "info", abstract: "Describe a pattern file without simulating it."),
            CommandSpec(name: "benchmark-everything", abstract: "Time every engine on every pattern in the patterns directory, one row per pattern."),
        ]
        let expected = """
            OVERVIEW: Simulate Life-like cellular automata with the Hashlife algorithm.

            USAGE: hashlife <subcommand>

            SUBCOMMANDS:
              run                     Compute a pattern's state at a generation.
              info                    Describe a pattern file without simulating it.
              benchmark-everything    Time every engine on every pattern in the patterns
                                      directory, one row per pattern.

            See 'hashlife help <subcommand>' for detailed help.
            """
        let help = HelpFormatter.rootHelp(
            programName: "hashlife",
            overview: "Simulate Life-like cellular automata with the Hashlife algorithm.",
            subcommands: subcommands)
        #expect(help == expected + "\n")
    }

    @Test func rootHelpUsesTheProgramName() {
        let help = HelpFormatter.rootHelp(programName: "life", overview: "Simulate Life.", subcommands: [])
        #expect(help == """
            OVERVIEW: Simulate Life.

            USAGE: life <subcommand>

            SUBCOMMANDS:

            See 'life help <subcommand>' for detailed help.

            """)
    }
}
