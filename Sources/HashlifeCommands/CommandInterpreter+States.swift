// CommandInterpreter+States.swift — what the language says about multi-state patterns: the
// view of states and the help lines about them.

import HashlifeEngine
import HashlifeEditing
import HashlifeFormats
import HashlifeInterface
import HashlifeRendering

extension CommandInterpreter {
    /// The lines `help` adds about multi-state patterns (Generations, LifeHistory, LifeSuper).
    static let multiStateHelp: [String] = [
        "Multi-state patterns (Generations such as 345/2/4 or /2/3, LifeHistory, LifeSuper) load from RLE or Macrocell and save to them;",
        "  'set X Y STATE' takes 0 to N-1, 'get X Y' and 'set' answer the state ('state' in JSON), and 'view' draws one character",
        "  per block: \(StateGlyphs.legend); a zoomed-out block shows its highest state.",
        "  Clips keep states. Paste modes with states: or writes the clip's non-zero cells over the target; copy writes every cell",
        "  of the clip's rectangle, state 0 too; xor empties non-zero target cells under the clip's non-zero cells and gives empty",
        "  ones the clip's state; and empties target cells where the clip is 0. A two-state clip or shape pastes as state 1;",
        "  a clip pastes only under a rule that has all its states.",
        "  'fill' takes a state (default 1); 'identify' names two-state objects only.",
    ]

    /// The text view of `universe` in `viewport`: one character per block (`StateGlyphs`), a
    /// block showing its highest state.
    func stateLines(of universe: any LifeUniverse, in viewport: Viewport) -> [String] {
        var blocks = universe.blocks(of: viewport)
        return (0..<viewport.rows).map { row in StateGlyphs.line(blocks.row(row)) }
    }
}
