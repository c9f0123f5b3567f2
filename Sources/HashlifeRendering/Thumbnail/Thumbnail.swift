import HashlifeEngine

/// The one small picture of a whole pattern, so previews look the same everywhere: the REPL's
/// `snapshot list`, `library list` and `board list`, `hashlife board show`/`list`, and the
/// terminal app's panels.
///
/// The pattern is fitted by the rule of `view --fit` (`Universe.fit`): a 20 % margin on every
/// side, the smallest power-of-two zoom that fits, centred. A block is lit when any of its
/// cells is not in state 0.
public enum Thumbnail {
    /// The blank braille character (no dots): what an empty box is drawn with, so a preview
    /// keeps its width in every font that draws braille.
    public static let blank: Character = "\u{2800}"

    /// Exactly `rows` strings of exactly `columns` braille characters, each character 2×4
    /// blocks (the universe fitted into `2·columns`×`4·rows` blocks); an empty universe gives
    /// a box of `blank`. Precondition: `columns` and `rows` at least 1.
    /// - Complexity: the fit's bounding box, then O(columns × rows × tree depth).
    public static func text(_ universe: any LifeUniverse, columns: Int, rows: Int) -> [String] {
        precondition(columns >= 1 && rows >= 1, "a thumbnail is at least 1×1")
        guard let viewport = universe.fit(columns: columns * 2, rows: rows * 4) else {
            return Array(repeating: String(repeating: blank, count: columns), count: rows)
        }
        var blocks = BlockCounts(universe.blocks(of: viewport))
        var lines: [String] = []
        lines.reserveCapacity(rows)
        TextRenderer.render(&blocks, style: .braille) { line in
            lines.append(line.hasSuffix("\n") ? String(line.dropLast()) : line)
        }
        return lines
    }

    /// A `width`×`height`-pixel PNG of the universe, one pixel per block (fitted as `text`
    /// fits), drawn with `options` (density shading by default, so sparse patterns far out
    /// stay visible); an empty universe gives an image of `options.dead`. Precondition: sides
    /// 1...4096.
    public static func png(_ universe: any LifeUniverse, width: Int, height: Int, options: RenderOptions = RenderOptions(density: true)) -> [UInt8] {
        precondition((1...4096).contains(width) && (1...4096).contains(height), "a thumbnail is 1...4096 pixels a side")
        var options = options
        options.pixelsPerBlock = 1
        let viewport = universe.fit(columns: width, rows: height)
            ?? Viewport(x: .zero, y: .zero, columns: width, rows: height)
        var file: [UInt8] = []
        if universe.isEmpty {
            var rows = StoredBlockRows(Array(repeating: Array(repeating: BigUInt.zero, count: width), count: height))
            PNGRenderer.render(&rows, options: options) { file += $0 }
        } else {
            var rows = BlockCounts(universe.blocks(of: viewport))
            PNGRenderer.render(&rows, options: options) { file += $0 }
        }
        return file
    }
}
