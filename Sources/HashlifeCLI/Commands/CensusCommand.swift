import HashlifeAnalysis
import HashlifeEngine
import HashlifeFormats
import HashlifeInterface
import HashlifeTerminal
import Synchronization

/// `hashlife census --root ROOT --soups N …`: apgsearch's soup census of soups ROOT+K …
/// ROOT+(K+N−1): each soup run until it settles, its objects named by apgcode and counted.
enum CensusCommand: Subcommand {
    static let spec = CommandSpec(
        name: "census",
        abstract: "Count the objects that apgsearch's census soups settle into.",
        discussion: """
            Runs the soup census of Catagolue's apgsearch on soups ROOT+K … ROOT+(K+N−1) (soup \
            ids are the root followed by a decimal index, such as k_visible00010): each id is \
            hashed into a soup of the symmetry --symmetry (a 16×16 square for C1, as 'hashlife \
            soup --hash ID --symmetry S' writes it), which runs until it settles; its objects \
            are named by apgcode and counted. The census lists each apgcode with its count, most frequent \
            first (ties by apgcode in descending byte order, as apgsearch orders them), and \
            keeps as samples the first S soups, in soup order, that contain it.

            Standard output gets the census alone: one 'apgcode count' line per object, or one \
            JSON object (--json: rule, symmetry, root, first, soups, objects, census, seconds), \
            or apgsearch's haul text (--haul). A summary line (soups, objects, seconds, soups \
            per second) goes to standard error, with a progress bar when that is a terminal.

            --threads T runs T soups at a time, handed out in chunks; the result is the same \
            for every T, samples included. Ctrl-C stops at a soup boundary and still writes a \
            valid census of the soups done from K on without a gap (standard error says which, \
            and how to continue), then exits 130. Shards (different --first) merge into the \
            census of all their soups with 'hashlife census merge'.
            """,
        options: [
            OptionSpec(["--root"], value: "ROOT", help: "The census root, the soup ids' common start (e.g. k_visible0001).", required: true),
            OptionSpec(["--soups", "-n"], value: "N", help: "How many soups to run (1 or more).", required: true),
            OptionSpec(["--first"], value: "K", help: "The index of the first soup.", default: "0"),
            OptionSpec(["--rule", "-r"], value: "R", help: "The rule the soups run in.", default: "b3s23"),
            OptionSpec(["--symmetry"], value: "S", help: "The soups' symmetry, as apgsearch names it: \(SoupSymmetry.names).", default: "C1"),
            OptionSpec(["--threads"], value: "T", help: "Soups run at a time, each thread with its own searcher (1 to \(ThreadCount.range.upperBound)); the result is the same for every T.", default: "1"),
            OptionSpec(["--samples"], value: "S", help: "Sample soup ids kept per apgcode: the first S soups containing it (0 to \(CensusCommand.maximumSamples)).", default: "\(CensusResult.defaultSampleLimit)"),
            .flag(["--json"], help: "Print the census as one JSON object (what 'census merge' reads)."),
            .flag(["--haul"], help: "Print the census as apgsearch's haul text."),
            OptionSpec(["--out", "-o"], value: "FILE", help: "Write to FILE (atomically) instead of standard output."),
        ],
        examples: [
            "hashlife census --root k_visible0001 --soups 1000",
            "hashlife census --root k_visiblesym01 --soups 1000 --symmetry D8_1",
            "hashlife census --root k_visible0001 --soups 1000 --first 1000 --threads 2 --json --out shard-1.json",
            "hashlife census merge shard-*.json --haul",
        ]
    )

    static let maximumSamples = 1000
    static let maximumRootLength = 1000

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        let command = "hashlife census"
        func usage(_ message: String) -> CommandError { .usage(UsageError(command: command, message: message)) }
        let root = arguments.value("--root")!
        guard !root.isEmpty, root.utf8.count <= maximumRootLength,
              !root.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.isWhitespace || $0 == "," }) else {
            throw usage("invalid value for '--root': \(Excerpt.quote(root)); expected up to \(maximumRootLength) bytes of text without spaces, commas or control characters, such as k_visible0001")
        }
        func whole(_ option: String, _ fallback: String) throws(CommandError) -> UInt64 {
            let text = arguments.value(option) ?? fallback
            guard text.utf8.count <= 20, text.allSatisfy(\.isASCIIDigit), let value = UInt64(text) else {
                throw usage("invalid value for '\(option)': \(Excerpt.quote(text)); expected a whole number from 0 to 18446744073709551615")
            }
            return value
        }
        let soups = try whole("--soups", "")
        guard soups > 0 else { throw usage("invalid value for '--soups': 0; expected at least 1") }
        let first = try whole("--first", "0")
        guard first <= UInt64.max - soups else { throw usage("'--first' \(first) plus '--soups' \(soups) runs past the last index, 18446744073709551615") }
        let (rule, symmetry) = try ruleAndSymmetry(arguments, command: command)
        let threadsText = arguments.value("--threads") ?? "1"
        let threads: Int
        do { threads = try ThreadCount.parse(threadsText) } catch { throw usage("invalid value for '--threads': \(error.description)") }
        let sampleLimit = try samples(arguments, command: command)
        let format = try Format(arguments, command: command)
        let searchers: [SoupSearcher]
        do { searchers = try (0..<threads).map { _ throws(SoupSearcherError) in try SoupSearcher(rule: rule, symmetry: symmetry) } } catch {
            throw .failure("cannot run a census of \(rule): \(error.description)")
        }
        let output = try arguments.value("--out").map { (path) throws(CommandError) in try OutputFile(path) }

        Interrupts.install()
        let control = context.interrupts
        control.reset()
        let done = Counter()
        let hook = context.censusProgress
        let bar = ProgressBar(label: "census", enabled: context.errorIsTerminal) {
            ProgressBar.Reading(reached: "\(done.value)", target: "\(soups)", unit: "soups")
        }
        let clock = ContinuousClock()
        let start = clock.now
        bar.start()
        var (result, complete) = CensusRunner.run(
            rule: apgsearchName(rule), symmetry: symmetry.rawValue, range: SoupRange(root: root, first: first, soups: soups),
            sampleLimit: sampleLimit, censuses: searchers.map { searcher in { searcher.census(soupID: $0) } },
            isCancelled: { control.isCancelled }, progress: { count in
                done.set(count)
                hook?(count)
            })
        bar.stop()
        let elapsed = start.duration(to: clock.now)
        result.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        try write(format.text(of: result), to: output, context: context)
        let rate = result.seconds > 0 ? Double(result.soups) / result.seconds : 0
        context.standardError("census: \(result.summary) in \(ObjectDescription.decimal(result.seconds, places: 2)) s (\(ObjectDescription.decimal(rate, places: 0)) soups/s)\n")
        if !complete {
            let next = first + result.soups
            throw .interrupted("interrupted after \(result.soups) of \(Plural.count(soups, "soup")); the census written covers soups \(result.ranges.first?.description ?? "none"); continue with --first \(next) --soups \(soups - result.soups)")
        }
    }

    /// The rule as apgsearch names it: lowercase, no slash (`b3s23`).
    static func apgsearchName(_ rule: Rule) -> String {
        String(rule.description.lowercased().filter { $0 != "/" })
    }

    static func ruleAndSymmetry(_ arguments: ParsedArguments, command: String) throws(CommandError) -> (Rule, SoupSymmetry) {
        let rule = try PatternFiles.rule(arguments.value("--rule") ?? "b3s23", command: command) ?? .life
        return (rule, try symmetry(arguments, command: command))
    }

    /// The value of `--symmetry` (C1 without one).
    static func symmetry(_ arguments: ParsedArguments, command: String) throws(CommandError) -> SoupSymmetry {
        let text = arguments.value("--symmetry") ?? SoupSymmetry.c1.rawValue
        guard let symmetry = SoupSymmetry(rawValue: text) else {
            throw .usage(UsageError(command: command, message: "invalid value for '--symmetry': \(Excerpt.quote(text)); expected one of apgsearch's symmetries: \(SoupSymmetry.names)"))
        }
        return symmetry
    }

    static func samples(_ arguments: ParsedArguments, command: String) throws(CommandError) -> Int {
        let text = arguments.value("--samples") ?? "\(CensusResult.defaultSampleLimit)"
        guard text.utf8.count <= 6, text.allSatisfy(\.isASCIIDigit), let value = Int(text), value <= maximumSamples else {
            throw .usage(UsageError(command: command, message: "invalid value for '--samples': \(Excerpt.quote(text)); expected a whole number from 0 to \(maximumSamples)"))
        }
        return value
    }

    /// Plain table, JSON or haul.
    enum Format {
        case plain, json, haul

        init(_ arguments: ParsedArguments, command: String) throws(CommandError) {
            switch (arguments.flag("--json"), arguments.flag("--haul")) {
            case (true, true): throw .usage(UsageError(command: command, message: "'--json' and '--haul' cannot go together: choose one form"))
            case (true, false): self = .json
            case (false, true): self = .haul
            case (false, false): self = .plain
            }
        }

        func text(of result: CensusResult) -> String {
            switch self {
            case .plain: return result.table
            case .json: return result.json.encoded + "\n"
            case .haul: return result.haul(version: "hashlife-\(HashlifeVersion.string)")
            }
        }
    }

    static func write(_ text: String, to output: OutputFile?, context: CommandContext) throws(CommandError) {
        guard let output else {
            context.standardOutput(text)
            return
        }
        do { try output.write(Array(text.utf8), context: context) } catch {
            output.abandon()
            throw error
        }
        try output.commit()
    }
}

/// Soups done, for the progress bar.
private final class Counter: @unchecked Sendable {
    private let lock = Mutex<UInt64>(0)
    var value: UInt64 { lock.withLock { $0 } }
    func set(_ value: UInt64) { lock.withLock { $0 = max($0, value) } }
}

/// `hashlife census merge FILE… | -`: one census from the JSON censuses of disjoint soups.
enum CensusMergeCommand: Subcommand {
    static let spec = CommandSpec(
        name: "census merge",
        abstract: "Merge censuses of disjoint soups (shards) into one.",
        discussion: """
            Reads censuses written by 'hashlife census --json' and prints their merge: counts \
            added up, and per apgcode the first S samples in soup order, so the merge of shards \
            is the census one run over all their soups would give, samples included (if each \
            shard kept at least S samples). The censuses must share rule and symmetry and must \
            not cover a soup twice; they may have different roots. FILE '-' is standard input, \
            which may hold several JSON objects, one after another or one per line.

            A merged census whose soups are one contiguous run of one root records that root, \
            its first index and the count; otherwise it lists its 'ranges' (root, first, soups) \
            in soup order, and its root is the roots joined by ',' (order: root in byte order, \
            then index). seconds is the sum of the inputs'.
            """,
        arguments: [ArgumentSpec("FILE", help: "A JSON census file, or - for standard input (one or more).", variadic: true)],
        options: [
            OptionSpec(["--samples"], value: "S", help: "Sample soup ids kept per apgcode (0 to \(CensusCommand.maximumSamples)).", default: "\(CensusResult.defaultSampleLimit)"),
            .flag(["--json"], help: "Print the merged census as one JSON object."),
            .flag(["--haul"], help: "Print the merged census as apgsearch's haul text."),
            OptionSpec(["--out", "-o"], value: "FILE", help: "Write to FILE (atomically) instead of standard output."),
        ],
        examples: [
            "hashlife census merge shard-0.json shard-1.json --json --out all.json",
            "cat shard-*.json | hashlife census merge - --haul",
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        let command = "hashlife census merge"
        let files = arguments.variadicValues["FILE"] ?? []
        let sampleLimit = try CensusCommand.samples(arguments, command: command)
        let format = try CensusCommand.Format(arguments, command: command)
        let output = try arguments.value("--out").map { (path) throws(CommandError) in try OutputFile(path) }
        if files.filter({ $0 == "-" }).count > 1 {
            throw .usage(UsageError(command: command, message: "standard input ('-') can be read only once"))
        }
        var inputs: [(label: String, result: CensusResult)] = []
        for path in files {
            let name = path == "-" ? "standard input" : path
            let bytes: [UInt8]
            do { bytes = try FileIO.read(path) } catch { throw .failure("cannot read \(error.description)") }
            guard let text = String(validating: bytes, as: UTF8.self) else { throw .failure("\(name): not UTF-8 text (expected JSON from 'hashlife census --json')") }
            let values: [JSONValue]
            do { values = try JSONValue.parseStream(text) } catch {
                // Text that does not even start as JSON is most likely a census's text table.
                let start = text.unicodeScalars.first { !$0.properties.isWhitespace }
                let hint = start == "{" || start == "[" ? "" : "; it looks like the text table, and merge reads JSON: write each census with 'hashlife census --json'"
                throw .failure("\(name): not valid JSON: \(error.description)\(hint)")
            }
            if values.isEmpty { throw .failure("\(name): no census in it (expected JSON from 'hashlife census --json')") }
            for (i, value) in values.enumerated() {
                let label = values.count == 1 ? name : "\(name) (census \(i + 1))"
                do { inputs.append((label, try CensusResult(json: value, sampleLimit: sampleLimit))) } catch {
                    throw .failure("\(label): \(error.description)")
                }
            }
        }
        let merged: CensusResult
        do { merged = try CensusResult.merge(inputs, sampleLimit: sampleLimit) } catch { throw .failure(error.description) }
        try CensusCommand.write(format.text(of: merged), to: output, context: context)
    }
}
