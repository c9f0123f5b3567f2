// The commands: a table (name, how it may change the universe, usage, one line of help,
// implementation) that later commands (undo/redo, snapshots, boards, classify, memory,
// settings) join by adding a row.

import HashlifeAnalysis
import HashlifeEngine
import HashlifeFormats
import HashlifeEditing
import HashlifeInterface
import HashlifeTerminal
import Synchronization

/// One command of the language.
struct InterpreterCommand: Sendable {
    let name: String
    let aliases: [String]
    /// "step [N]": the name and its arguments, as `help` and usage errors show them.
    let usage: String
    /// One line of help.
    let summary: String
    /// How the command may change the universe (one of `CommandEffects.universe`, or none):
    /// its answer, or its error, says so when the session's current state is another one after
    /// it (`CommandInterpreter.run`). Other effects its implementation adds itself.
    let changes: CommandEffects
    let run: @Sendable (CommandInterpreter, [String]) throws(CommandError) -> Answer

    init(_ name: String, aliases: [String] = [], changes: CommandEffects = [], usage: String, _ summary: String,
         _ run: @escaping @Sendable (CommandInterpreter, [String]) throws(CommandError) -> Answer) {
        self.name = name
        self.aliases = aliases
        self.changes = changes
        self.usage = usage
        self.summary = summary
        self.run = run
    }

    /// Every command, in the order `help` lists them.
    static let all: [InterpreterCommand] = [
        InterpreterCommand("load", changes: .loaded, usage: "load FILE [rule R]",
                    "Load a pattern file (RLE, Macrocell, .cells, Life 1.05/1.06, optionally .gz) and fit the view to it; a multi-state RLE or Macrocell file (Generations such as 345/2/4, LifeHistory, LifeSuper) loads with its states.") { r, a throws(CommandError) in try r.load(a) },
        InterpreterCommand("save", usage: "save FILE [format rle|mc|cells|lif]",
                    "Write the pattern atomically; the format follows the extension unless given (.gz compresses). A multi-state pattern is written as multi-state RLE or Macrocell only.") { r, a throws(CommandError) in try r.save(a) },
        InterpreterCommand("rule", changes: .edited, usage: "rule [R]",
                    "Show the rule, or set it (B3/S23 or Hensel notation, a name such as HighLife, MAP…, Wn such as W30, or a multi-state rule: Generations 345/2/4 or /2/3, LifeHistory, LifeSuper); the cells stay: live cells become state 1 under a multi-state rule, and a rule with fewer states is refused while a cell is in a state it lacks.") { r, a throws(CommandError) in try r.rule(a) },
        InterpreterCommand("step", changes: .evolved, usage: "step [N]",
                    "Advance N generations (default 1); N is digits or B^E such as 2^100. Ctrl-C stops it.") { r, a throws(CommandError) in try r.step(a) },
        InterpreterCommand("goto", changes: .evolved, usage: "goto GEN",
                    "Go to generation GEN: forward by stepping, back through kept generations or by re-running.") { r, a throws(CommandError) in try r.goto(a) },
        InterpreterCommand("gen", aliases: ["generation"], usage: "gen", "Show the generation.") { r, a throws(CommandError) in try r.generation(a) },
        InterpreterCommand("pop", aliases: ["population"], usage: "pop", "Show the population (live cells; with states, cells not in state 0).") { r, a throws(CommandError) in try r.population(a) },
        InterpreterCommand("bounds", usage: "bounds", "Show the bounding box of the live cells.") { r, a throws(CommandError) in try r.bounds(a) },
        InterpreterCommand("info", usage: "info", "Show the file, pattern name, rule, generation, population, bounds and view.") { r, a throws(CommandError) in try r.info(a) },
        InterpreterCommand("view", usage: "view [X Y W H] [zoom Z] [format text|unicode|braille]",
                    "Draw the current view, or the W×H cells from (X, Y) at zoom Z (the current view is unchanged). Multi-state patterns: text only, one character per state (see 'help').") { r, a throws(CommandError) in try r.view(a) },
        InterpreterCommand("pan", usage: "pan DX DY", "Move the view by DX, DY cells.") { r, a throws(CommandError) in try r.pan(a) },
        InterpreterCommand("zoom", usage: "zoom in|out|Z",
                    "Set the cells per character side (Z ≥ 1, digits or B^E), keeping the view's centre; in halves, out doubles.") { r, a throws(CommandError) in try r.zoom(a) },
        InterpreterCommand("fit", usage: "fit", "Fit the view to the whole pattern (20% margin), keeping its size.") { r, a throws(CommandError) in try r.fit(a) },
        InterpreterCommand("size", usage: "size COLS ROWS", "Set the view's size in characters (blocks), keeping its top-left corner.") { r, a throws(CommandError) in try r.size(a) },
        InterpreterCommand("set", changes: .edited, usage: "set X Y [STATE]",
                    "Put the cell at (X, Y) in STATE (default 1): 0 dead or 1 alive, or 0 to N-1 under a rule of N states.") { r, a throws(CommandError) in try r.setCell(a) },
        InterpreterCommand("get", usage: "get X Y", "Show the state of the cell at (X, Y) (0 dead or empty).") { r, a throws(CommandError) in try r.getCell(a) },
        InterpreterCommand("toggle", changes: .edited, usage: "toggle X Y", "Flip the cell at (X, Y) (with states: state 0 becomes 1, any other 0).") { r, a throws(CommandError) in try r.toggle(a) },
    ] + CommandInterpreter.editingCommands + [
        CommandInterpreter.gridCommand,
    ] + CommandInterpreter.historyCommands + CommandInterpreter.plotCommands + CommandInterpreter.boardCommands + [
        InterpreterCommand("classify", usage: "classify [MAXGEN]",
                    "Say where the pattern ends (extinct, still, oscillator, spaceship, settled, growing) within MAXGEN generations (default 100000); the universe is unchanged.") { r, a throws(CommandError) in try r.classify(a) },
        InterpreterCommand("identify", usage: "identify [MAXPERIOD]",
                    "Name the selection (or, without one, the whole pattern) by its apgcode once it is periodic, looking at most MAXPERIOD generations ahead (default 10000): kind, period, population, and an oscillator's rotor, stator, heat and volatility, and how many objects it is when more than one; the universe is unchanged.") { r, a throws(CommandError) in try r.identify(a) },
        InterpreterCommand("stats", usage: "stats",
                    "Show engine statistics: nodes, bytes in use and the limit, memo hits and misses, evictions, collections, pinned roots, root level.") { r, a throws(CommandError) in try r.stats(a) },
        InterpreterCommand("memory", usage: "memory [MB|collect]",
                    "Show memory in use, the limit, nodes, evictions and collections; set the limit to MB (2^20 bytes, 1 to 1048576; kept for later loads); or collect now.") { r, a throws(CommandError) in try r.memory(a) },
        CommandInterpreter.threadsCommand,
        InterpreterCommand("help", usage: "help [COMMAND]", "List the commands, or explain one.") { r, a throws(CommandError) in try r.help(a) },
        InterpreterCommand("quit", aliases: ["exit"], usage: "quit", "Leave the REPL.") { r, a throws(CommandError) in try r.quitCommand(a) },
    ]

    static func named(_ name: String) -> InterpreterCommand? {
        let key = name.lowercased()
        return all.first { $0.name == key || $0.aliases.contains(key) }
    }
}

// MARK: - Limits

extension CommandInterpreter {
    /// Zooms must be below 2^this (as generation counts). Views obey `OutputLimit`.
    static let zoomBitLimit = InputNumber.generationBitLimit
}

// MARK: - Files and rule

extension CommandInterpreter {
    func load(_ a: [String]) throws(CommandError) -> Answer {
        guard a.count == 1 || (a.count == 3 && a[1].lowercased() == "rule") else { throw .usage(command("load")) }
        let rule = a.count == 3 ? try parseAnyRule(a[2]) : nil
        do { try session.load(path: a[0], rule: rule) } catch { throw CommandError(error).quoting(a[0]) }
        let universe = session.universe
        let population = universe.population
        // A file cut short loads with its warnings: lines after the answer, or "warnings".
        let warnings = session.loadWarnings.map { Excerpt.escapingControls($0.description) }
        return Answer(lines: ["loaded \(CommandInterpreter.shown(a[0])): \(Plural.count(population, "cell")), rule \(session.rule), generation \(universe.generation)"] + warnings, fields: patternFields(path: a[0], population: population) + (warnings.isEmpty ? [] : [.init("warnings", .array(warnings.map { .string($0) }))]))
    }

    func save(_ a: [String]) throws(CommandError) -> Answer {
        guard a.count == 1 || (a.count == 3 && a[1].lowercased() == "format") else { throw .usage(command("save")) }
        var format: PatternFormat? = nil
        if a.count == 3 {
            guard let named = PatternFormat(name: a[2]) else {
                throw .argument("unknown format \(Excerpt.quote(a[2])); expected \(PatternFormat.writableNames)")
            }
            format = named
        }
        do { try session.save(path: a[0], format: format) } catch { throw CommandError(error).quoting(a[0]) }
        let written = format ?? PatternFormat(fileName: a[0]) ?? .rle
        return Answer("saved \(CommandInterpreter.shown(a[0])) (\(written.displayName))", [
            .init("path", .string(a[0])), .init("format", .string(written.fileExtension)),
        ])
    }

    func rule(_ a: [String]) throws(CommandError) -> Answer {
        guard a.count <= 1 else { throw .usage(command("rule")) }
        if let text = a.first {
            let parsed = try parseAnyRule(text)
            do { try session.setRule(parsed) } catch { throw CommandError(error) }
        }
        let rule = session.rule.description
        return Answer("rule \(rule)", [.init("rule", .string(rule))] + statesField)
    }

    /// The fields `load` and `info` answer with: the file, its name, the rule (with `states`),
    /// the generation, the population (`population`, computed once by the caller) and the
    /// background.
    func patternFields(path: String?, population: BigUInt) -> [JSONValue.Field] {
        [
            .init("path", path.map { .string($0) } ?? .null),
            .init("name", session.patternName.map { .string($0) } ?? .null),
            .init("rule", .string(session.rule.description)),
        ] + statesField + [
            .init("generation", .string(session.universe.generation.description)),
            .init("population", .string(population.description)),
            .init("background", .int(CommandInterpreter.background(session))),
        ]
    }

    /// `"states": N` for a rule of more than two states (answers about two-state rules stay
    /// as they were).
    var statesField: [JSONValue.Field] {
        session.universe.stateCount > 2 ? [.init("states", .int(session.rule.stateCount))] : []
    }

    /// A rule of either kind (`AnyRule.parse`, or a rule file's name looked up in
    /// `RuleFolders.current`); the error quotes the rule (shortened and escaped) once, as
    /// `RuleError` does.
    func parseAnyRule(_ text: String) throws(CommandError) -> AnyRule {
        do { return try RuleFolders.anyRule(text) } catch { throw CommandError(SessionError.Kind.rule, error.description) }
    }

    func parseRule(_ text: String) throws(CommandError) -> Rule {
        do { return try Rule(text) } catch { throw CommandError(SessionError.Kind.rule, error.description) }
    }
}

// MARK: - Evolution

/// The generation a running step has reached, shared with the progress display's thread.
final class GenerationTracker: Sendable {
    private let value: Mutex<BigUInt>
    init(_ generation: BigUInt) { value = Mutex(generation) }
    func set(_ generation: BigUInt) { value.withLock { $0 = generation } }
    var current: BigUInt { value.withLock { $0 } }
}

extension CommandInterpreter {
    func step(_ a: [String]) throws(CommandError) -> Answer {
        guard a.count <= 1 else { throw .usage(command("step")) }
        let count = try a.first.map { (text) throws(CommandError) in try parseGenerations(text, name: "N") } ?? .one
        let target = session.universe.generation + count
        return try advance(label: "step \(a.first ?? "1")", target: target) { control, progress throws(SessionError) in
            try session.step(count, control: control, progress: progress)
        }
    }

    func goto(_ a: [String]) throws(CommandError) -> Answer {
        guard a.count == 1 else { throw .usage(command("goto")) }
        let target = try parseGenerations(a[0], name: "GEN")
        return try advance(label: "goto \(a[0])", target: target) { control, progress throws(SessionError) in
            try session.goto(target, control: control, progress: progress)
        }
    }

    /// Runs a step or goto with the cancellation control (reset first) and, when enabled, the
    /// progress display; answers the generation and population reached.
    private func advance(label: String, target: BigUInt,
                         _ work: (StepControl, @escaping (BigUInt) -> Void) throws(SessionError) -> Void) throws(CommandError) -> Answer {
        control.reset()
        let clock = ContinuousClock()
        let start = clock.now
        let tracker = GenerationTracker(session.universe.generation)
        var bar: ProgressBar? = nil
        if showsProgress {
            let control = control
            bar = ProgressBar(label: label) {
                let nodes = control.nodeCount
                return ProgressBar.Reading(reached: tracker.current.description, target: target.description, nodes: nodes > 0 ? nodes : nil)
            }
            bar?.start()
        }
        defer { bar?.stop() }
        let hear = progress
        progressStarted?(tracker.current, target)
        do { try work(control) { tracker.set($0); hear?($0) } } catch {
            wasCancelled = error.kind == .cancelled
            throw stepFailure(error.kind, message: error.message)
        }
        let seconds = (clock.now - start) / .seconds(1)
        let universe = session.universe
        let population = universe.population
        return Answer("generation \(universe.generation), population \(population)\(CommandInterpreter.backgroundNote(session))", [
            .init("generation", .string(universe.generation.description)),
            .init("population", .string(population.description)),
            .init("background", .int(CommandInterpreter.background(session))),
            .init("seconds", .double(seconds)),
        ])
    }

    /// A failed step as the interpreter reports it: a "memory" error also says how to raise the limit.
    func stepFailure(_ kind: SessionError.Kind, message: String) -> CommandError {
        CommandError(kind, kind == .memory ? message + " (raise the limit with 'memory MB')" : message)
    }

    /// A generation count: digits or B^E, below 2^65001 (`InputNumber.generationBitLimit`),
    /// refused by its length before any arithmetic when it is longer than that allows.
    func parseGenerations(_ text: String, name: String) throws(CommandError) -> BigUInt {
        do { return try InputNumber.count(text, belowBits: InputNumber.generationBitLimit) } catch {
            throw .argument("invalid \(name): \(error.description)")
        }
    }
}

// MARK: - Queries

extension CommandInterpreter {
    func generation(_ a: [String]) throws(CommandError) -> Answer {
        guard a.isEmpty else { throw .usage(command("gen")) }
        let generation = session.universe.generation.description
        return Answer("generation \(generation)", [.init("generation", .string(generation))])
    }

    func population(_ a: [String]) throws(CommandError) -> Answer {
        guard a.isEmpty else { throw .usage(command("pop")) }
        let population = session.universe.population.description
        return Answer("population \(population)\(CommandInterpreter.backgroundNote(session))",
                      [.init("population", .string(population)), .init("background", .int(CommandInterpreter.background(session)))])
    }

    /// " (background 1: …)" when the universe's cells are relative to an all-alive plane (a B0
    /// rule, as Golly counts them); "" otherwise.
    static func backgroundNote(_ session: Session) -> String {
        background(session) == 1 ? " (background 1: cells that differ from an all-alive plane)" : ""
    }

    /// The background (0 or 1) the universe's cells are relative to (`AnyRule.background(atGeneration:)`).
    static func background(_ session: Session) -> Int {
        session.rule.background(atGeneration: session.universe.generation)
    }

    func bounds(_ a: [String]) throws(CommandError) -> Answer {
        guard a.isEmpty else { throw .usage(command("bounds")) }
        let box = session.universe.boundingBox
        return Answer("bounds " + boundsText(box), [.init("bounds", boundsJSON(box))])
    }

    func info(_ a: [String]) throws(CommandError) -> Answer {
        guard a.isEmpty else { throw .usage(command("info")) }
        let universe = session.universe
        let box = universe.boundingBox
        let population = universe.population
        var lines = ["file " + (session.path ?? "none")]
        if let name = session.patternName { lines.append("name " + name) }
        lines += [
            "rule \(session.rule)" + (universe.stateCount > 2 ? " (\(universe.stateCount) states)" : ""),
            "generation \(universe.generation)",
            "population \(population)\(CommandInterpreter.backgroundNote(session))",
            "bounds " + boundsText(box),
            "viewport " + viewportText(session.viewport),
        ]
        return Answer(lines: lines, fields: patternFields(path: session.path, population: population) + [
            .init("bounds", boundsJSON(box)),
            .init("viewport", viewportJSON(session.viewport)),
        ])
    }

    func classify(_ a: [String]) throws(CommandError) -> Answer {
        guard a.count <= 1 else { throw .usage(command("classify")) }
        let limit = try a.first.map { (text) throws(CommandError) in try parseGenerations(text, name: "MAXGEN") } ?? BigUInt(100_000)
        control.reset()
        let result: Classification
        do {
            result = try session.analyse { (universe) throws(StepError) in
                try HashlifeAnalysis.classify(universe, maxGeneration: limit, control: control)
            }
        } catch {
            if case .cancelled = error { wasCancelled = true }
            throw stepFailure(wasCancelled ? .cancelled : .memory, message: error.description)
        }
        return Answer(result.verdict.summary, [
            .init("verdict", .string(result.verdict.name)),
            .init("generation", .string(result.verdict.generation.description)),
            .init("summary", .string(result.verdict.summary)),
            .init("population", .string(result.population.description)),
        ])
    }

    func identify(_ a: [String]) throws(CommandError) -> Answer {
        guard a.count <= 1 else { throw .usage(command("identify")) }
        let limit = try a.first.map { (text) throws(CommandError) in try parseGenerations(text, name: "MAXPERIOD") } ?? BigUInt(10_000)
        guard !limit.isZero else { throw .argument("MAXPERIOD must be at least 1") }
        let selection = session.selection
        control.reset()
        let found: Identification
        do {
            found = try session.analyse { (universe) throws(IdentifyError) in
                try HashlifeAnalysis.identify(universe, selection: selection, maxPeriod: limit, control: control)
            }
        } catch {
            switch error {
            case .unsupported(let reason): throw .argument(reason)
            case .step(let failure):
                if case .cancelled = failure { wasCancelled = true }
                throw stepFailure(wasCancelled ? .cancelled : .memory, message: failure.description)
            }
        }
        let subject = selection == nil ? "the pattern" : "the selection"
        var fields: [JSONValue.Field] = [.init("subject", .string(selection == nil ? "pattern" : "selection"))]
        guard let object = found.object else {
            let verdict = found.classification.verdict
            fields += [.init("apgcode", .null), .init("kind", .string(verdict.name)), .init("summary", .string(verdict.summary))]
            switch verdict {
            case .still, .oscillator, .spaceship:
                return Answer("\(subject) is too large to identify (\(verdict.summary))", fields)
            default:
                return Answer("\(subject) is not one object: \(verdict.summary)", fields)
            }
        }
        let description = ObjectDescription(object, classification: found.classification, rule: session.rule)
        fields += description.fields.map { JSONValue.Field($0.0, $0.1) }
        guard found.objects > 1 else { return Answer(description.summary, fields) }
        fields.append(.init("objects", .int(found.objects)))
        return Answer("\(description.summary); not one object: \(found.objects) objects", fields)
    }


    func boundsText(_ box: CellRect?) -> String {
        guard let box else { return "empty" }
        return "x=\(box.x) y=\(box.y) width=\(box.width) height=\(box.height)"
    }

    func boundsJSON(_ box: CellRect?) -> JSONValue {
        guard let box else { return .null }
        return .object([.init("x", .string(box.x.description)), .init("y", .string(box.y.description)),
                        .init("width", .string(box.width.description)), .init("height", .string(box.height.description))])
    }
}

// MARK: - Editing

extension CommandInterpreter {
    func setCell(_ a: [String]) throws(CommandError) -> Answer {
        guard a.count == 2 || a.count == 3 else { throw .usage(command("set")) }
        let x = try parseCoordinate(a[0], name: "X"), y = try parseCoordinate(a[1], name: "Y")
        let count = session.universe.stateCount
        var state: UInt8 = 1
        if a.count == 3 {
            guard a[2].utf8.count <= 3, a[2].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(a[2]), n < count else {
                throw .argument("invalid state \(Excerpt.quote(a[2])); expected " + (count == 2 ? "0 or 1" : "0 to \(count - 1) (rule \(session.rule) has \(count) states)"))
            }
            state = UInt8(n)
        }
        do { try session.setState(state, x: x, y: y) } catch { throw CommandError(error) }
        return cellAnswer(x, y)
    }

    func getCell(_ a: [String]) throws(CommandError) -> Answer {
        guard a.count == 2 else { throw .usage(command("get")) }
        return cellAnswer(try parseCoordinate(a[0], name: "X"), try parseCoordinate(a[1], name: "Y"))
    }

    func toggle(_ a: [String]) throws(CommandError) -> Answer {
        guard a.count == 2 else { throw .usage(command("toggle")) }
        let x = try parseCoordinate(a[0], name: "X"), y = try parseCoordinate(a[1], name: "Y")
        session.toggleCell(x: x, y: y)
        return cellAnswer(x, y)
    }

    /// "cell X Y alive|dead" (two states) or "cell X Y state S" (more); in JSON whether it is
    /// not in state 0 ("alive") and, with more than two states, its "state".
    func cellAnswer(_ x: BigInt, _ y: BigInt) -> Answer {
        let state = session.state(x: x, y: y)
        let named = session.universe.stateCount > 2
        let text = named ? "state \(state)" : state != 0 ? "alive" : "dead"
        var fields: [JSONValue.Field] = [
            .init("x", .string(x.description)), .init("y", .string(y.description)), .init("alive", .bool(state != 0)),
        ]
        if named { fields.append(.init("state", .int(Int(state)))) }
        return Answer("cell \(x) \(y) \(text)", fields)
    }
}

// MARK: - Help and quitting

extension CommandInterpreter {
    func help(_ a: [String]) throws(CommandError) -> Answer {
        guard a.count <= 1 else { throw .usage(command("help")) }
        if let name = a.first {
            guard let found = InterpreterCommand.named(name) else {
                throw CommandError(.unknownCommand, "unknown command \(Excerpt.quote(name)) (try 'help')")
            }
            var lines = ["usage: \(found.usage)", "  \(found.summary)"]
            if !found.aliases.isEmpty { lines.append("  also: " + found.aliases.joined(separator: ", ")) }
            return Answer(lines: lines, fields: [
                .init("name", .string(found.name)), .init("usage", .string(found.usage)), .init("help", .string(found.summary)),
            ])
        }
        let width = InterpreterCommand.all.map(\.usage.count).max() ?? 0
        var lines = ["commands:"]
        for c in InterpreterCommand.all {
            lines.append("  " + c.usage + String(repeating: " ", count: width - c.usage.count + 2) + c.summary)
        }
        lines += CommandInterpreter.helpNotes
        return Answer(lines: lines, fields: [
            .init("commands", .array(InterpreterCommand.all.map { c in
                .object([.init("name", .string(c.name)), .init("usage", .string(c.usage)), .init("help", .string(c.summary))])
            })),
        ])
    }

    /// Every command's usage and one line of help, in the order `help` lists them.
    public static var commandSummaries: [(usage: String, summary: String)] { InterpreterCommand.all.map { ($0.usage, $0.summary) } }

    /// The lines `help` shows after the commands: numbers, multi-state patterns, comments.
    public static var helpNotes: [String] {
        ["Coordinates are whole numbers, possibly negative; counts and zooms also take B^E (2^100, 10^6)."]
            + CommandInterpreter.multiStateHelp
            + ["Lines starting with # are comments. 'help COMMAND' explains one command."]
    }

    func quitCommand(_ a: [String]) throws(CommandError) -> Answer {
        guard a.isEmpty else { throw .usage(command("quit")) }
        quit()
        return Answer()
    }

    /// The table row for `name` (for usage errors).
    func command(_ name: String) -> InterpreterCommand { InterpreterCommand.named(name)! }
}
