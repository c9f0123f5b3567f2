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
    /// Coordinates are exact at any size (the reader takes them up to the engine's limit); the
    /// cells of `blocks` follow the document's own, block by block (runs are not written: a
    /// document made from a universe has none).
    /// - Throws: never; kept for source compatibility.
    public static func write(_ document: PatternDocument) throws(PatternError) -> String {
        let cells = PatternCell.rowMajor(document.cells)

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

        func addCells(_ cells: [PatternCell], originX: BigInt, originY: BigInt) {
            let fastX = originX.intValue, fastY = originY.intValue
            for cell in cells {  // in row order without repeats (`PatternCell.rowMajor`)
                add(coordinate(originX, fastX, cell.x) + " " + coordinate(originY, fastY, cell.y))
            }
        }
        addCells(cells, originX: document.originX, originY: document.originY)
        for block in document.blocks {
            addCells(PatternCell.rowMajor(block.cells),
                     originX: document.originX + block.x, originY: document.originY + block.y)
        }
        return out
    }

    /// `origin + offset` in decimal.
    private static func coordinate(_ origin: BigInt, _ fastOrigin: Int?, _ offset: Int) -> String {
        if let fastOrigin {
            let (sum, overflow) = fastOrigin.addingReportingOverflow(offset)
            if !overflow { return String(sum) }
        }
        return (origin + BigInt(offset)).description
    }

    /// `tag text`, or just `tag` when the text is empty.
    private static func tagged(_ tag: String, _ text: String) -> String {
        text.isEmpty ? tag : tag + " " + text
    }
}
