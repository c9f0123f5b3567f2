import HashlifeApp
import HashlifeEngine
import HashlifeInterface
import HashlifeFormats
import HashlifeRendering
import HashlifeTerminal

/// What `view`, `animate` and `plot` need of either engine: the two-state `Universe` or the
/// `MultiStateUniverse` (whose population counts the cells not in state 0).
protocol SampledUniverse: SteppingUniverse {
    associatedtype SavedState
    func saveState() -> SavedState
    func restore(_ state: SavedState)
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
            let name = decoded.pattern.metadata.name
            return name?.isEmpty == true ? nil : name
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
}

