import HashlifeEngine

/// Writes Life RLE that Golly and `RLEReader` read back to the same cells and metadata.
public enum RLEWriter {
    /// Longest body line written.
    static let maxLineLength = 70

    /// Writes RLE: #N, #O, #C lines kept; `#CXRLE Pos=x,y Gen=N` when origin is not (0,0) or generation is not 0 (omit the Gen= part when generation is 0, and Pos= when origin is 0,0);
    /// header `x = W, y = H, rule = R` (rule defaults to B3/S23 when nil); body lines at most 70 characters;
    /// runs merged, count 1 omitted, trailing dead cells of a row dropped, blank rows folded into `N$`; ends with `!` and a newline.
    /// The writer normalizes: cells may come in any order and may contain duplicates; it shifts so the bounding box's top-left
    /// is at (0,0) and adds that shift to originX/originY so absolute positions are preserved.
    ///
    /// The `#CXRLE` line comes first, where Golly looks for it. Line breaks inside metadata become
    /// spaces, the name and author are trimmed, and whitespace is removed from the rule, so that
    /// every value reads back as written. Runs longer than the reader's limit of 10⁹ are split.
    public static func write(_ document: PatternDocument) -> String {
        let cells = PatternCell.rowMajor(document.cells)

        var originX = document.originX, originY = document.originY
        var minX = 0, minY = 0
        var width: UInt = 0, height: UInt = 0
        if let first = cells.first, let last = cells.last {
            minX = first.x
            var maxX = first.x
            for cell in cells {
                minX = min(minX, cell.x)
                maxX = max(maxX, cell.x)
            }
            minY = first.y
            // Offsets are unsigned so that even a pattern spanning the whole Int range is exact.
            width = UInt(bitPattern: maxX &- minX) &+ 1
            height = UInt(bitPattern: last.y &- minY) &+ 1
            originX = originX + BigInt(minX)
            originY = originY + BigInt(minY)
        }

        var out = ""
        let hasPos = !originX.isZero || !originY.isZero
        let hasGen = !document.generation.isZero
        if hasPos || hasGen {
            out += "#CXRLE"
            if hasPos { out += " Pos=\(originX),\(originY)" }
            if hasGen { out += " Gen=\(document.generation)" }
            out += "\n"
        }
        if let name = document.name { out += "#N \(MetadataText.trim(MetadataText.oneLine(name)))\n" }
        if let author = document.author { out += "#O \(MetadataText.trim(MetadataText.oneLine(author)))\n" }
        for comment in document.comments { out += "#C \(MetadataText.oneLine(comment))\n" }
        var rule = ""
        for scalar in (document.rule ?? "").unicodeScalars where !scalar.properties.isWhitespace {
            rule.unicodeScalars.append(scalar)
        }
        if rule.isEmpty { rule = "B3/S23" }
        out += "x = \(width), y = \(height), rule = \(rule)\n"

        var body = BodyLines()
        var row = minY
        var cursor: UInt = 0  // next unwritten column of the current row, relative to minX
        for (index, cell) in cells.enumerated() {
            if cell.y != row {
                body.run(UInt(bitPattern: cell.y &- row), "$")
                row = cell.y
                cursor = 0
            }
            let offset = UInt(bitPattern: cell.x &- minX)
            if index > 0, cells[index - 1].y == cell.y, cells[index - 1].x &+ 1 == cell.x {
                continue  // inside a run, counted when the run started
            }
            if offset > cursor { body.run(offset - cursor, "b") }
            var length: UInt = 1
            while index + Int(length) < cells.count,
                  cells[index + Int(length)].y == cell.y,
                  cells[index + Int(length)].x == cell.x &+ Int(bitPattern: length) {
                length += 1
            }
            body.run(length, "o")
            cursor = offset &+ length
        }
        body.token(count: 1, symbol: UInt8(ascii: "!"))
        out += body.finish()
        return out
    }

    /// Accumulates body tokens into lines of at most `maxLineLength` characters.
    private struct BodyLines {
        var bytes: [UInt8] = []
        var lineLength = 0

        /// `n` copies of `symbol` (an ASCII character), as tokens of at most 10^9 (readers
        /// with 32-bit counts, as Golly's, read them; ours reads counts of any size).
        mutating func run(_ n: UInt, _ symbol: Unicode.Scalar) {
            let limit = UInt(1_000_000_000)
            var left = n
            while left > 0 {
                let chunk = min(left, limit)
                token(count: chunk, symbol: UInt8(ascii: symbol))
                left -= chunk
            }
        }

        mutating func token(count: UInt, symbol: UInt8) {
            var digitCount = 0
            if count > 1 {
                var rest = count
                while rest > 0 { digitCount += 1; rest /= 10 }
            }
            if lineLength > 0 && lineLength + digitCount + 1 > RLEWriter.maxLineLength {
                bytes.append(UInt8(ascii: "\n"))
                lineLength = 0
            }
            let start = bytes.count
            var rest = count
            for _ in 0..<digitCount {
                bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            }
            bytes[start...].reverse()
            bytes.append(symbol)
            lineLength += digitCount + 1
        }

        mutating func finish() -> String {
            bytes.append(UInt8(ascii: "\n"))
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
