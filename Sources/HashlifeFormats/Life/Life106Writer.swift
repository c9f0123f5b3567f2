import HashlifeEngine

/// Writes Life 1.06 that `Life106Reader` (and Golly) read back to the same absolute cells.
public enum Life106Writer {
    /// Writes `#Life 1.06`; `#N name`, `#O author` when present; each comment as `#C text`
    /// (a bare `#C` when empty); `#R rule` when the rule is given and is not `B3/S23`; then one
    /// `x y` line per live cell at its absolute position (origin + offset: the format has no
    /// origin, so it is folded into the coordinates), in row-major order, without duplicates.
    /// Every line ends with a newline. The generation is not recorded: the format has no place
    /// for it. Line breaks inside metadata become spaces; the name and author are trimmed and
    /// whitespace is removed from the rule, so every value reads back as written.
    ///
    /// - Throws: `PatternError` when a cell's absolute coordinates do not fit Int (the reader
    ///   would reject them): `line` is the line the cell would have had in the output, `column`
    ///   is 1 for the x coordinate and the y coordinate's column otherwise.
    public static func write(_ document: PatternDocument) throws(PatternError) -> String {
        var cells = document.cells
        cells.sort { $0.y != $1.y ? $0.y < $1.y : $0.x < $1.x }

        var out = "#Life 1.06\n"
        var lineNumber = 1
        func add(_ line: String) {
            out += line + "\n"
            lineNumber += 1
        }
        if let name = document.name { add(tagged("#N", MetadataText.trim(MetadataText.oneLine(name)))) }
        if let author = document.author { add(tagged("#O", MetadataText.trim(MetadataText.oneLine(author)))) }
        for comment in document.comments { add(tagged("#C", MetadataText.oneLine(comment))) }
        var rule = ""
        for scalar in (document.rule ?? "").unicodeScalars where !scalar.properties.isWhitespace {
            rule.unicodeScalars.append(scalar)
        }
        if !rule.isEmpty && rule != "B3/S23" { add("#R " + rule) }

        let fastX = document.originX.intValue, fastY = document.originY.intValue
        var previous: PatternCell?
        for cell in cells {
            if cell == previous { continue }  // a duplicate
            previous = cell
            let x = try coordinate(document.originX, fastX, cell.x, line: lineNumber + 1, column: 1, "x")
            let xText = String(x)
            let y = try coordinate(document.originY, fastY, cell.y, line: lineNumber + 1,
                                   column: xText.utf8.count + 2, "y")
            add(xText + " " + String(y))
        }
        return out
    }

    /// `origin + offset`, or an error when it does not fit Int.
    private static func coordinate(
        _ origin: BigInt, _ fastOrigin: Int?, _ offset: Int, line: Int, column: Int, _ axis: String
    ) throws(PatternError) -> Int {
        if let fastOrigin {
            let (sum, overflow) = fastOrigin.addingReportingOverflow(offset)
            if !overflow { return sum }
        }
        let sum = origin + BigInt(offset)
        guard let value = sum.intValue else {
            throw PatternError(line: line, column: column,
                               message: "the \(axis) coordinate \(sum) does not fit a 64-bit integer, "
                               + "which Life 1.06 files written here require; write RLE or Macrocell instead")
        }
        return value
    }

    /// `tag text`, or just `tag` when the text is empty.
    private static func tagged(_ tag: String, _ text: String) -> String {
        text.isEmpty ? tag : tag + " " + text
    }
}
