import HashlifeApp
import HashlifeEngine
import HashlifeInterface
import HashlifeFormats
import HashlifeRendering
import HashlifeTerminal

/// What `view`, `animate` and `plot` need of either engine: the two-state `Universe` or the
/// `MultiStateUniverse` (whose population counts the cells not in state 0).
protocol SampledUniverse: AnyObject {
    associatedtype SavedState
    var generation: BigUInt { get }
    var boundingBox: CellRect? { get }
    var population: BigUInt { get }
    func saveState() -> SavedState
    func restore(_ state: SavedState)
    func step(by count: BigUInt, control: StepControl?, progress: ((BigUInt) -> Void)?) throws(StepError)
}

extension Universe: SampledUniverse {}
extension MultiStateUniverse: SampledUniverse {}

extension LoadedUniverse {
    /// The engine, for what either kind answers alike.
    var sampled: any SampledUniverse {
        switch self {
        case .twoState(let universe, _): universe
        case .multiState(let universe, _): universe
        }
    }

    /// The pattern's name: a two-state file's `#N`, or a multi-state file's `#N` comment.
    var name: String? {
        switch self {
        case .twoState(_, let decoded): return decoded.document.name
        case .multiState(_, let decoded):
            guard let line = decoded.pattern.comments.first(where: { $0.hasPrefix("#N") }) else { return nil }
            let name = line.dropFirst(2).drop { $0 == " " || $0 == "\t" }
            return name.isEmpty ? nil : String(name)
        }
    }
}

/// The pictures of multi-state patterns: their colours and the options that set them.
///
/// A multi-state pattern is drawn in Golly's default colour for each state (`StatePalette`);
/// `--dead` sets the background (state 0) and `--live`, which has no one meaning with many
/// live states, is refused, as is `--density` (a zoomed-out block shows its highest state,
/// not a shade).
enum MultiStatePictures {
    /// The palette for `rule`: Golly's colours, the background from `--dead` when given.
    /// `--live` and `--density` are usage errors naming the file `label`.
    static func palette(for rule: MultiStateRule, arguments: ParsedArguments, options: RenderOptions, label: String,
                        command: String) throws(CommandError) -> StatePalette {
        for option in ["--live", "--density"] where option == "--density" ? arguments.flag(option) : arguments.value(option) != nil {
            let why = option == "--live"
                ? "each state has its own colour (Golly's); --dead sets the background"
                : "a zoomed-out block shows its highest-numbered state, not a shade"
            throw .usage(UsageError(command: command, message: "\(option) applies to two-state patterns; \(label) has the \(rule.stateCount)-state rule \(rule): \(why)"))
        }
        var palette = StatePalette(rule: rule)
        if arguments.value("--dead") != nil { palette.background = options.dead }
        return palette
    }

    /// Colours for text written to standard output when it is a terminal: none under
    /// `NO_COLOR`, 24-bit when `COLORTERM` says so, else the xterm 256-colour palette (as
    /// `play` chooses them).
    static func terminalColours(_ context: CommandContext, toStandardOutput: Bool) -> TerminalColours? {
        guard toStandardOutput && context.standardOutputIsTerminal else { return nil }
        switch ColourMode.from(environment: context.environment) {
        case .trueColour: return .trueColour
        case .palette256: return .palette256
        case .none: return nil
        }
    }

    /// Steps `universe` to `target` (not before its generation) with a progress bar on a
    /// terminal; Ctrl-C and memory reported as `run` reports them.
    static func advance(_ universe: some SampledUniverse, to target: BigUInt, context: CommandContext) throws(CommandError) {
        Interrupts.install()
        let control = context.interrupts
        control.reset()
        let targetText = target.description.count > 24 ? "\(target.description.prefix(12))…(\(target.description.count) digits)" : target.description
        let bar = ProgressBar(label: "computing", enabled: context.errorIsTerminal) {
            ProgressBar.Reading(target: targetText, nodes: control.nodeCount)
        }
        bar.start()
        defer { bar.stop() }
        do {
            try universe.step(by: target - universe.generation, control: control, progress: nil)
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
}

/// State rows that stop when Ctrl-C cancels `control`, as `InterruptibleRows`.
struct InterruptibleStateRows<Base: StateRows>: StateRows {
    var base: Base
    let control: StepControl
    init(_ base: Base, control: StepControl) {
        self.base = base
        self.control = control
    }
    var columns: Int { base.columns }
    var rows: Int { base.rows }
    var isCancelled: Bool { control.isCancelled }
    mutating func row(_ index: Int) -> [UInt8] { base.row(index) }
}
