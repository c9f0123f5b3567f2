import HashlifeAnalysis
import HashlifeEngine
import HashlifeInterface
import HashlifeFormats

/// `hashlife identify FILE [--gen N] [--max-period P] [--objects] [--json]`: the apgcode of
/// what a pattern is, or of each of its objects.
enum IdentifyCommand: Subcommand {
    static let defaultMaxPeriod = "10000"

    static let spec = CommandSpec(
        name: "identify",
        abstract: "Name a still life, oscillator or spaceship by its apgcode, or list the objects of a pattern.",
        discussion: """
            Without --objects, runs the pattern (from the file's generation, or generation N) \
            until it repeats and describes what it is then: its apgcode (the name Catagolue and \
            apgsearch give it, such as xs4_33 for a block, xp2_7 for a blinker, xq4_153 for a \
            glider), its kind, period, displacement and speed, its population over the period, \
            its usual name when it is a well-known one, and for an oscillator its bounding box \
            over the period, rotor and stator (cells alive in some phases, in all phases), heat \
            (cells changing per generation, averaged over the period) and volatility (rotor over \
            rotor and stator; strict: only cells whose own period is the full period). A pattern \
            that only becomes periodic later is described from the generation it does; one that \
            settles into several objects is described as classify does, and --objects lists \
            them; a periodic pattern made of several objects (a block and a blinker far apart) \
            gets the apgcode of them together and a line saying how many objects it is, with \
            'objects' in the JSON. apgcodes are computed as python-lifelib's Pattern.apgcode \
            computes them; a phase whose bounding box with a margin of one cell covers more than 999,999,999 \
            cells is not coded, and an object none of whose phases is coded gets an 'ov_' code \
            (ov_s16, ov_p2). Exit status 2 when nothing repeats within P generations (a period \
            longer than P included).

            With --objects, lists the objects the pattern is made of, each with the top-left \
            corner of its bounding box and its apgcode: at the generation the pattern becomes \
            periodic or settles, a gun or a puffer at its starting generation, a pattern \
            without a verdict after P generations. Objects are told apart as apgsearch's census \
            does: live cells are grouped when a chain of cells alive at some generation of one \
            period joins them, each link within the 5×5 square around a cell less its corners \
            (with them under rules with births on two opposite corners); each group that is \
            periodic on its own is then split into the objects it is made of by space-time \
            separation (a bi-block gives two blocks, a traffic light four blinkers). A group \
            that does not repeat within P generations on its own is listed as not periodic. \
            apgsearch's census differs now and then, in about one soup in 400 (it sometimes \
            counts a boat as a glider).

            Under a Generations rule the period and displacement are those of the whole \
            pattern, every state counted, as classify finds them; the apgcode, population, \
            bounding box, rotor and stator are those of its live cells (state 1), as Catagolue \
            codes such rules. With --objects, cells in every state join the groups (a dying cell \
            belongs to the object beside it), and a periodic group is not split further. Under \
            History and Super the live cells alone (the odd states) are identified under the \
            two-state rule, their trails and marks left out, so a glider under LifeHistory is a \
            glider; a pattern holding a killer (state 6) is looked at whole, every state \
            counted. Names are given under B3/S23 and History and Super rules over B3/S23.

            apgcodes are made for rules that treat rotated and reflected patterns alike, \
            without B0, on the unbounded plane.
            """,
        arguments: [ArgumentSpec("FILE", help: "Pattern file to read (RLE, Macrocell, .cells, Life 1.05/1.06, optionally .gz), or '-' for standard input.")],
        options: [
            OptionSpec(["--gen", "-g"], value: "N", help: "Generation to identify from (digits or B^E).", default: "the file's"),
            OptionSpec(["--max-period", "-p"], value: "P", help: "Generations to look ahead for a repeat (the longest period found, and how long the pattern may take to become periodic).", default: defaultMaxPeriod),
            .flag(["--objects"], help: "List the pattern's separate objects, each with its position and apgcode."),
            OptionSpec(["--rule", "-r"], value: "R", help: "Rule to run under, e.g. B36/S23, or a multi-state rule such as 23/3/3 or LifeHistory.", default: "the file's rule, else B3/S23"),
            MemoryOption.spec,
            RulesOption.spec,
            .flag(["--json"], help: "Print one JSON object (positions and generations as strings; fields that do not apply are left out)."),
        ],
        examples: [
            "hashlife identify patterns/pulsar.rle",
            "hashlife identify patterns/glider.rle --json",
            "hashlife identify patterns/r-pentomino.rle --objects",
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        let command = "hashlife identify"
        let path = arguments.positionals["FILE"]!
        let maxPeriod = try PatternFiles.count(arguments.value("--max-period") ?? defaultMaxPeriod, option: "--max-period", command: command)
        guard !maxPeriod.isZero else {
            throw .usage(UsageError(command: command, message: "invalid value for '--max-period': 0; expected at least 1"))
        }
        let rule = try PatternFiles.anyRule(arguments.value("--rule"), command: command)
        let memoryLimit = try MemoryOption.limit(arguments, command: command)
        let target = try arguments.value("--gen").map { (text) throws(CommandError) in try PatternFiles.count(text, option: "--gen", command: command) }
        let universe = try PatternFiles.open(path, rule: rule, memoryLimit: memoryLimit, threads: 1).universe
        if let reason = Apgcode.unsupportedReason(universe.anyRule) {
            throw .failure("\(PatternFiles.label(path)): \(reason)")
        }
        if let target {
            guard target >= universe.generation else {
                throw .failure("\(PatternFiles.label(path)): the pattern starts at generation \(Excerpt.number(universe.generation)); cannot identify the earlier generation \(Excerpt.number(target))")
            }
            try RunCommand.advance(universe, to: target, context: context)
        }
        Interrupts.install()
        context.interrupts.reset()
        let json = arguments.flag("--json")
        if arguments.flag("--objects") {
            try listObjects(universe, path: path, maxPeriod: maxPeriod, json: json, context: context)
        } else {
            try describe(universe, path: path, maxPeriod: maxPeriod, json: json, context: context)
        }
    }

    /// Runs `body`, turning a rule without apgcodes, an interrupt or a full memory into the
    /// command's error.
    static func answering<T>(_ path: String, _ body: () throws(IdentifyError) -> T) throws(CommandError) -> T {
        do { return try body() } catch {
            switch error {
            case .unsupported(let reason):
                throw .failure("\(PatternFiles.label(path)): \(reason)")
            case .step(let failure):
                switch failure {
                case .cancelled:
                    throw .interrupted("interrupted at generation \(Excerpt.number(failure.generation)), before an answer")
                case .memoryExhausted:
                    throw .failure("\(PatternFiles.label(path)): \(failure); no answer (raise --max-memory)")
                }
            }
        }
    }

    /// The whole pattern: its object, or its verdict when it is not one object.
    static func describe(_ universe: any LifeUniverse, path: String, maxPeriod: BigUInt, json: Bool, context: CommandContext) throws(CommandError) {
        let found = try answering(path) { () throws(IdentifyError) in
            try identify(universe, selection: nil, maxPeriod: maxPeriod, control: context.interrupts)
        }
        let classification = found.classification
        let verdict = classification.verdict
        guard let object = found.object else {
            switch verdict {
            case .still, .oscillator, .spaceship:
                throw .failure("\(PatternFiles.label(path)): \(verdict.summary), but too large to identify (more than \(PeriodicObject.maximumCells) cells over its period)")
            default:
                break
            }
            if json {
                var fields: [(String, JSONValue)] = [("apgcode", .null), ("kind", .string(verdict.name))]
                if case .object(let more) = classification.json { fields += more.filter { $0.key != "verdict" }.map { ($0.key, $0.value) } }
                context.standardOutput(JSONValue.fields(fields).encoded + "\n")
            } else {
                context.standardOutput(verdict.summary + "\n")
                if case .settled = verdict { context.standardOutput("not one object: --objects lists its objects\n") }
            }
            if case .undetermined = verdict {
                throw .undetermined("\(PatternFiles.label(path)): no repeat within \(Plural.count(maxPeriod, "generation")) (try a larger --max-period)")
            }
            return
        }
        let description = ObjectDescription(object, classification: classification, rule: universe.anyRule)
        let objects = found.objects
        if json {
            var fields = description.fields
            if objects > 1 { fields.append(("objects", .int(objects))) }
            context.standardOutput(JSONValue.fields(fields).encoded + "\n")
        } else {
            context.standardOutput(description.text(start: universe.generation) + "\n")
            if objects > 1 { context.standardOutput("not one object: \(objects) objects, which --objects lists\n") }
        }
    }

    /// `--objects`: the objects at the generation the pattern becomes periodic or settles
    /// (`listObjects`).
    static func listObjects(_ universe: any LifeUniverse, path: String, maxPeriod: BigUInt, json: Bool, context: CommandContext) throws(CommandError) {
        let listing = try answering(path) { () throws(IdentifyError) in
            try HashlifeAnalysis.listObjects(universe, maxPeriod: maxPeriod, control: context.interrupts)
        }
        let classification = listing.classification
        let generation = listing.generation
        let origin = (listing.originX, listing.originY)
        guard let separated = listing.objects else {
            throw .failure("\(PatternFiles.label(path)): too large to separate into objects (more than \(ObjectSeparation.maximumPopulation) cells, or cells too far apart)")
        }
        let life = Apgcode.namesObjects(under: universe.anyRule)
        struct Row {
            var x: BigInt, y: BigInt
            var code: String?
            var name: String?
            var separated: SeparatedObject
        }
        let rows = separated.map { item in
            let code = item.object?.apgcode()
            return Row(x: origin.0 + BigInt(item.corner.x), y: origin.1 + BigInt(item.corner.y), code: code,
                       name: life ? code.flatMap(Apgcode.name(of:)) : nil, separated: item)
        }
        if json {
            let objects: [JSONValue] = rows.map { row in
                var fields: [(String, JSONValue)] = [("x", .string(row.x.description)), ("y", .string(row.y.description)),
                                                     ("apgcode", row.code.map { .string($0) } ?? .null)]
                if let name = row.name { fields.append(("name", .string(name))) }
                if let object = row.separated.object {
                    fields += [("kind", .string(object.kind.rawValue)), ("period", .int(object.period)), ("dx", .int(object.dx)), ("dy", .int(object.dy))]
                } else {
                    fields.append(("kind", .string("not_periodic")))
                }
                fields.append(("population", .int(row.separated.cells.count)))
                return .fields(fields)
            }
            let fields: [(String, JSONValue)] = [("generation", .string(generation.description)), ("verdict", .string(classification.verdict.name)),
                                                 ("objects", .array(objects))]
            context.standardOutput(JSONValue.fields(fields).encoded + "\n")
            return
        }
        var text = "\(classification.verdict.summary)\n"
        text += "\(Plural.count(rows.count, "object")) at generation \(generation)\(rows.isEmpty ? "" : ":")\n"
        let positions = rows.map { "\($0.x),\($0.y)" }
        let positionWidth = positions.map(\.count).max() ?? 0
        let codeWidth = rows.compactMap { $0.code?.count }.max() ?? 0
        for (row, position) in zip(rows, positions) {
            var line = "  " + position + String(repeating: " ", count: positionWidth - position.count + 2)
            if let code = row.code {
                line += code
                if let name = row.name { line += String(repeating: " ", count: codeWidth - code.count + 2) + name }
            } else {
                line += "not periodic within \(Plural.count(maxPeriod, "generation")) (\(ObjectDescription.cells(row.separated.cells.count)))"
            }
            text += line + "\n"
        }
        context.standardOutput(text)
    }
}
