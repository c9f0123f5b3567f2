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
        "  Not available with states: classify, identify, fill, grid (write the grid in the rule: 345/2/4:T100,100), boards,",
        "  library add, and view formats other than text.",
    ]

    /// The text view of the multi-state universe in `viewport`: one character per block
    /// (`StateGlyphs`), a block showing its highest state.
    func stateLines(of universe: any MultiStateReading, in viewport: Viewport) -> [String] {
        let states = universe.blockStates(of: viewport)
        let columns = viewport.columns
        return (0..<viewport.rows).map { row in StateGlyphs.line(states[row * columns..<(row + 1) * columns]) }
    }
}

// MARK: - The clipboard with states

extension CommandInterpreter {
    /// `copy` of a multi-state selection; with `rle`, the clip as multi-state RLE too.
    func copyWithStates(rle: Bool) throws(CommandError) -> Answer {
        let clip: MultiStateClip
        do { clip = try session.copyMultiStateSelection() } catch { throw CommandError(error) }
        var answer = Answer("copied \(clip.width)x\(clip.height), population \(clip.population)", [.init("clipboard", multiStateClipJSON(clip))])
        if rle {
            let text: String
            do { text = MultiStateRLE.write(try session.pattern(of: clip)) } catch { throw CommandError(error) }
            answer.lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if answer.lines.last == "" { answer.lines.removeLast() }
            answer.fields.append(.init("rle", .string(text)))
        }
        return answer
    }

    func multiStateClipJSON(_ clip: MultiStateClip) -> JSONValue {
        clipJSON(width: BigUInt(clip.width), height: BigUInt(clip.height), population: BigUInt(clip.population))
    }
}
