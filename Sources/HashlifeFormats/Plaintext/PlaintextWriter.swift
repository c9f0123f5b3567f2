import HashlifeEngine

/// Writes plaintext `.cells` that `PlaintextReader` reads back to the same cells and metadata
/// (and that other programs read to the same shape).
public enum PlaintextWriter {
    /// Writes, in this order: `!Name: X` and `!Author: X` when present; `!Position: x,y` when the
    /// normalized origin is not (0,0); `!Generation: N` when it is not 0; `!Rule: R` when the
    /// rule is given and is not `B3/S23`; each comment as `! text` (a bare `!` when empty); then
    /// the rows, `.` dead and `O` alive, trailing dots dropped, a blank line for an empty row.
    /// Every line ends with a newline.
    ///
    /// The writer normalizes like `RLEWriter`: cells may come in any order and may contain
    /// duplicates; it shifts them so the bounding box's top-left is at (0,0) and adds that shift
    /// to the origin, so absolute positions are preserved. Line breaks inside metadata become
    /// spaces, the name, author and rule are trimmed (whitespace is removed from the rule), so
    /// that every value reads back as written.
    ///
    /// - Complexity: the text holds one character per cell of each row up to its last live cell,
    ///   and one line per row of the bounding box, so it suits small, dense patterns; write
    ///   sparse or huge ones as RLE.
    public static func write(_ document: PatternDocument) -> String {
        let cells = PatternCell.rowMajor(document.cells)
        var originX = document.originX, originY = document.originY
        var minX = 0, minY = 0
        if let first = cells.first {
            minX = first.x
            for cell in cells { minX = min(minX, cell.x) }
            minY = first.y
            originX = originX + BigInt(minX)
            originY = originY + BigInt(minY)
        }

        var out = ""
        if let name = document.name { out += line("!Name:", MetadataText.trim(MetadataText.oneLine(name))) }
        if let author = document.author { out += line("!Author:", MetadataText.trim(MetadataText.oneLine(author))) }
        if !originX.isZero || !originY.isZero { out += "!Position: \(originX),\(originY)\n" }
        if !document.generation.isZero { out += "!Generation: \(document.generation)\n" }
        var rule = ""
        for scalar in (document.rule ?? "").unicodeScalars where !scalar.properties.isWhitespace {
            rule.unicodeScalars.append(scalar)
        }
        if !rule.isEmpty && rule != "B3/S23" { out += "!Rule: \(rule)\n" }
        for comment in document.comments { out += line("!", MetadataText.oneLine(comment)) }

        // Rows, built as bytes. Offsets are unsigned so even a pattern spanning the whole Int
        // range is exact (if impractically large).
        var bytes: [UInt8] = []
        var row: UInt = 0     // the current row, relative to minY
        var cursor: UInt = 0  // next unwritten column of the current row, relative to minX
        for cell in cells {  // in row order without repeats (`PatternCell.rowMajor`)
            let y = UInt(bitPattern: cell.y &- minY)
            while row < y {
                bytes.append(UInt8(ascii: "\n"))
                row += 1
                cursor = 0
            }
            let x = UInt(bitPattern: cell.x &- minX)
            while cursor < x {
                bytes.append(UInt8(ascii: "."))
                cursor += 1
            }
            bytes.append(UInt8(ascii: "O"))
            cursor += 1
        }
        if !cells.isEmpty { bytes.append(UInt8(ascii: "\n")) }
        out += String(decoding: bytes, as: UTF8.self)
        return out
    }

    /// `key value` and a newline, or just `key` when the value is empty.
    private static func line(_ key: String, _ value: String) -> String {
        value.isEmpty ? key + "\n" : key + " " + value + "\n"
    }
}
