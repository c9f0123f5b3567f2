import HashlifeApp
import HashlifeEngine
import HashlifeInterface
import HashlifeRendering
import HashlifeTerminal

/// The colours of the pictures `view` and `animate` draw, and the options that set them.
///
/// A rule with one live state is drawn in `--live` on `--dead` (black on white by default),
/// shaded by density with `--density`. A rule with more states is drawn in Golly's default
/// colour for each state (`StatePalette`); `--dead` sets the background (state 0) and
/// `--live`, which has no one meaning with many live states, is refused, as is `--density`
/// where the universe's blocks do not count their cells (a zoomed-out block shows its
/// highest state, not a shade).
enum Pictures {
    /// The palette for `universe`'s rule. `--live` and `--density` where they do not apply are
    /// usage errors naming the file `label`.
    static func palette(for universe: any LifeUniverse, arguments: ParsedArguments, options: RenderOptions, label: String,
                        command: String) throws(CommandError) -> StatePalette {
        let rule = universe.anyRule
        let palette = StatePalette(rule: rule, options: options, background: arguments.value("--dead") != nil ? options.dead : nil)
        let countsCells = universe.blocks(of: Viewport(x: .zero, y: .zero, columns: 1, rows: 1)).hasCounts
        let refused: (option: String, why: String)? =
            if !palette.hasOneLiveState && arguments.value("--live") != nil {
                ("--live", "each state has its own colour (Golly's); --dead sets the background")
            } else if !countsCells && arguments.flag("--density") {
                ("--density", "a zoomed-out block shows its highest-numbered state, not a shade")
            } else {
                nil
            }
        if let refused {
            throw .usage(UsageError(command: command, message: "\(refused.option) applies to two-state patterns; \(label) has the \(rule.stateCount)-state rule \(rule): \(refused.why)"))
        }
        return palette
    }

    /// Colours for text written to standard output when it is a terminal and `palette` has
    /// several live states to tell apart: none under `NO_COLOR`, 24-bit when `COLORTERM` says
    /// so, else the xterm 256-colour palette (as `play` chooses them). A palette of one live
    /// state is drawn in the terminal's own colours.
    static func terminalColours(_ context: CommandContext, palette: StatePalette, toStandardOutput: Bool) -> TerminalColours? {
        guard !palette.hasOneLiveState, toStandardOutput && context.standardOutputIsTerminal else { return nil }
        switch ColourMode.from(environment: context.environment) {
        case .trueColour: return .trueColour
        case .palette256: return .palette256
        case .none: return nil
        }
    }
}
