import HashlifeAnalysis
import HashlifeEngine
import HashlifeInterface
import HashlifeRendering

/// `hashlife soup WxH` and `hashlife soup --hash ID`: a reproducible random soup, or one of
/// apgsearch's census soups, written as RLE.
enum SoupCommand: Subcommand {
    static let defaultDensity = "0.375"
    static let defaultSeed = "1"

    static let spec = CommandSpec(
        name: "soup",
        abstract: "Write a reproducible random soup as RLE.",
        discussion: """
            Makes a W×H rectangle of random cells, each alive with probability D, and writes it \
            as RLE: to standard output, or atomically to --out. The cells come from a SplitMix64 \
            generator seeded with N, one draw per cell row by row, so the same size, density \
            and seed give the same bytes on every machine (the tests and benchmarks use the same \
            soups). The soup streams row by row, in memory proportional to W; each side is at \
            most 16777216 (2^24). Ctrl-C stops it, and then nothing is written to --out.

            With --hash ID (and no size, density or seed) it writes instead the soup that \
            apgsearch, the program behind the Catagolue census, makes for the soup id ID and \
            the symmetry S: the 256 bits of the SHA-256 digest of the id's UTF-8 bytes, laid \
            out as apgsearch lays them out. C1 (the default) is a 16×16 soup, two bytes a row; \
            1x256, 2x128, 4x64 and 8x32 are strips of H rows of the same bits; the C2, C4, \
            D2, D4 and D8 symmetries repeat a 16×16 seed mirrored or rotated into a soup of up \
            to 32×32 cells. Soup ids are a census root followed by a decimal index, such as \
            k_visible00010.
            """,
        arguments: [ArgumentSpec("SIZE", help: "Width and height in cells, WxH, e.g. 1024x1024 (not with --hash).", optional: true)],
        options: [
            OptionSpec(["--density", "-d"], value: "D", help: "Probability that a cell is alive, a decimal from 0 to 1.", default: defaultDensity),
            OptionSpec(["--seed", "-s"], value: "N", help: "Seed of the generator, 0 to 2^64-1.", default: defaultSeed),
            OptionSpec(["--rule", "-r"], value: "R", help: "Rule written in the RLE header, e.g. B36/S23.", default: "B3/S23"),
            OptionSpec(["--hash"], value: "ID", help: "Write apgsearch's soup for the soup id ID instead of a random one."),
            OptionSpec(["--symmetry"], value: "S", help: "Symmetry of the --hash soup, as apgsearch names it: \(SoupSymmetry.names).", default: "C1"),
            OptionSpec(["--out", "-o"], value: "FILE", help: "Write to FILE (atomically) instead of standard output."),
        ],
        examples: [
            "hashlife soup 1024x1024 --out soup-1024x1024.rle",
            "hashlife soup 64x64 --density 0.5 --seed 7 --rule HighLife",
            "hashlife soup --hash k_visible00010",
            "hashlife soup --hash k_visiblesym010 --symmetry D8_1",
        ]
    )

    /// The largest side of a soup.
    static let maximumSide = OutputLimit.maximumBlocks

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        let command = "hashlife soup"
        func usage(_ message: String) -> CommandError { .usage(UsageError(command: command, message: message)) }
        if let id = arguments.value("--hash") {
            return try runHashed(id: id, arguments, context: context)
        }
        if arguments.value("--symmetry") != nil { throw usage("'--symmetry' goes with '--hash ID'") }
        guard let sizeText = arguments.positionals["SIZE"] else {
            throw usage("missing argument <SIZE> (such as 1024x1024), or '--hash ID' for a census soup")
        }
        let parts = sizeText.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 12 && $0.allSatisfy(\.isASCIIDigit) }),
              let width = Int(parts[0]), let height = Int(parts[1]),
              (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            throw usage("invalid size \(Excerpt.quote(sizeText)); expected WxH such as 1024x1024, each side from 1 to \(maximumSide) (2^24)")
        }
        let densityText = arguments.value("--density") ?? defaultDensity
        guard densityText.utf8.count <= 40, densityText.allSatisfy({ $0.isASCIIDigit || $0 == "." }),
              let density = Double(densityText), density >= 0, density <= 1 else {
            throw usage("invalid value for '--density': \(Excerpt.quote(densityText)); expected a decimal from 0 to 1, such as 0.375")
        }
        let seedText = arguments.value("--seed") ?? defaultSeed
        guard let seed = UInt64(seedText) else {
            throw usage("invalid value for '--seed': \(Excerpt.quote(seedText)); expected a whole number from 0 to 18446744073709551615")
        }
        let rule = try PatternFiles.rule(arguments.value("--rule"), command: command) ?? .life
        if let grid = rule.grid, (grid.width > 0 && width > grid.width) || (grid.height > 0 && height > grid.height) {
            // Golly's reader centres a soup that fits its grid; a bigger one would not load.
            throw usage("a \(width)×\(height) soup does not fit the grid of --rule \(rule) (\(grid.width == 0 ? "unbounded" : "\(grid.width)")×\(grid.height == 0 ? "unbounded" : "\(grid.height)"))")
        }
        let output = try arguments.value("--out").map { (path) throws(CommandError) in try OutputFile(path) }

        Interrupts.install()
        context.interrupts.reset()
        var failure: CommandError? = nil
        func emit(_ text: String) {
            guard failure == nil else { return }
            if let output {
                do { try output.write(Array(text.utf8), context: context) } catch { failure = error }
            } else {
                context.standardOutput(text)
            }
        }
        let header = "#N Random soup \(width)x\(height)\n"
            + "#C Density \(densityText), seed \(seed): made by 'hashlife soup \(width)x\(height) --density \(densityText) --seed \(seed)\(ruleOption(rule))'.\n"
            + "x = \(width), y = \(height), rule = \(rule)\n"
        emit(header)
        var soup = RandomSoup(width: width, height: height, density: density, seed: seed)
        var writer = RLERunWriter(emit: emit)
        while failure == nil, !context.interrupts.isCancelled, let row = soup.nextRow() {
            writer.row(row)
        }
        if context.interrupts.isCancelled {
            output?.abandon()
            throw .interrupted("interrupted after \(soup.row) of \(Plural.count(height, "row")); " + (output.map { "\($0.path) was left as it was" } ?? "the output stops there"))
        }
        writer.finish()
        if let failure {
            output?.abandon()
            throw failure
        }
        try output?.commit()
    }
}

extension SoupCommand {
    /// The longest soup id accepted (apgsearch's are a root of a few dozen characters and an
    /// index).
    static let maximumIdLength = 1000

    /// `soup --hash ID`: apgsearch's soup for `id`.
    static func runHashed(id: String, _ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        let command = "hashlife soup"
        func usage(_ message: String) -> CommandError { .usage(UsageError(command: command, message: message)) }
        if let size = arguments.positionals["SIZE"] { throw usage("a size (\(Excerpt.quote(size))) cannot go with '--hash': the symmetry sets the soup's size") }
        for option in ["--density", "--seed"] where arguments.value(option) != nil {
            throw usage("'\(option)' cannot go with '--hash': the id alone makes the soup")
        }
        // The id goes into a comment line of the file: no line breaks or other controls there.
        guard !id.isEmpty, id.utf8.count <= maximumIdLength, !id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw usage("invalid soup id \(Excerpt.quote(id)); expected up to \(maximumIdLength) bytes of text without control characters, such as k_visible00010")
        }
        let symmetry = try CensusCommand.symmetry(arguments, command: command)
        let rule = try PatternFiles.rule(arguments.value("--rule"), command: command) ?? .life
        let (width, height) = symmetry.size
        if let grid = rule.grid, (grid.width > 0 && grid.width < width) || (grid.height > 0 && grid.height < height) {
            throw usage("a \(width)×\(height) soup (symmetry \(symmetry.rawValue)) does not fit the grid of --rule \(rule)")
        }
        let output = try arguments.value("--out").map { (path) throws(CommandError) in try OutputFile(path) }
        var text = "#N Soup \(id)\n"
            + "#C apgsearch's \(symmetry.rawValue) soup for this id: made by 'hashlife soup --hash \(shellWord(id))\(symmetryOption(symmetry))\(ruleOption(rule))'.\n"
            + "x = \(width), y = \(height), rule = \(rule)\n"
        var writer = RLERunWriter { text += $0 }
        for row in HashedSoup.rows(id: id, symmetry: symmetry) { writer.row(row) }
        writer.finish()
        if let output {
            do { try output.write(Array(text.utf8), context: context) } catch {
                output.abandon()
                throw error
            }
            try output.commit()
        } else {
            context.standardOutput(text)
        }
    }
}

extension SoupCommand {
    /// The `--symmetry` part of the command a soup's comment gives to make it again: empty for
    /// C1, the default.
    static func symmetryOption(_ symmetry: SoupSymmetry) -> String {
        symmetry == .c1 ? "" : " --symmetry " + shellWord(symmetry.rawValue)
    }

    /// The `--rule` part of the command a soup's comment gives to make it again: empty for
    /// Life, the default; else " --rule" and the rule's canonical text as one shell word.
    static func ruleOption(_ rule: Rule) -> String {
        rule == .life ? "" : " --rule " + shellWord(rule.description)
    }
}

/// `word` as one shell word: as it is when it holds only letters, digits and `_.+-`, else in
/// single quotes.
func shellWord(_ word: String) -> String {
    if !word.isEmpty && word.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_.+-/".unicodeScalars.contains($0)) }) {
        return word
    }
    return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}

/// Encodes rows of cells as RLE body text, streamed: runs of `b` and `o`, `$` between rows
/// (blank rows merged as `N$`), `!` at the end, lines of at most 70 characters, and dead cells
/// at the end of a row left out. Holds one output line.
struct RLERunWriter {
    static let lineWidth = 70
    let emit: (String) -> Void
    private var line = ""
    /// Row ends not yet written (blank rows accumulate here).
    private var pendingRowEnds = 0
    private var started = false

    init(emit: @escaping (String) -> Void) { self.emit = emit }

    mutating func row(_ cells: [Bool]) {
        if started { pendingRowEnds += 1 }
        started = true
        var x = 0
        while x < cells.count {
            let alive = cells[x]
            var end = x + 1
            while end < cells.count && cells[end] == alive { end += 1 }
            if alive || end < cells.count {
                flushRowEnds()
                append(item(end - x, alive ? "o" : "b"))
            }
            x = end
        }
    }

    mutating func finish() {
        append("!")
        emit(line + "\n")
        line = ""
    }

    private mutating func flushRowEnds() {
        guard pendingRowEnds > 0 else { return }
        append(item(pendingRowEnds, "$"))
        pendingRowEnds = 0
    }

    private func item(_ count: Int, _ tag: Character) -> String { count == 1 ? String(tag) : "\(count)\(tag)" }

    private mutating func append(_ item: String) {
        if line.utf8.count + item.utf8.count > Self.lineWidth {
            emit(line + "\n")
            line = ""
        }
        line += item
    }
}
