// The strip encoding of one phase in one orientation (lifelib's `canonise_orientation`).
//
// Read with rows r and columns u of the oriented bounding box: strip v holds rows 5v…5v+4;
// column u of a strip is the digit whose bit k is the cell at row 5v + k, written with
// `0123456789abcdefghijklmnopqrstuv`. Blank columns are not written one by one: a run of n
// before a non-blank column is `0` (n = 1), `w` (2), `x` (3) or `y` and the digit of n − 4
// (4 to 39, `y0`…`yz`, with the alphabet extended to `z`), longer runs taking `yz` (39) as
// often as needed first; blank columns at the end of a strip are left out. Strips are joined
// by `z` (a blank strip leaves two `z` side by side), and trailing `z`s are dropped.
//
// Cells are sorted by (strip, column) rather than read from a grid, so the work is
// proportional to the population whatever the bounding box.

extension Apgcode {
    /// The eight ways to read a bounding box: the columns and rows of the reading, in terms of
    /// the box's own x and y.
    enum Orientation: CaseIterable {
        case identity, flipX, flipY, rotate180, transpose, transposeFlipX, transposeFlipY, antiTranspose

        /// Column u and row r of the reading for the cell (x, y) of a `width` × `height` box.
        func reading(_ c: CellPosition, width: Int, height: Int) -> (u: Int, r: Int) {
            switch self {
            case .identity: return (c.x, c.y)
            case .flipX: return (width - 1 - c.x, c.y)
            case .flipY: return (c.x, height - 1 - c.y)
            case .rotate180: return (width - 1 - c.x, height - 1 - c.y)
            case .transpose: return (c.y, c.x)
            case .transposeFlipX: return (c.y, width - 1 - c.x)
            case .transposeFlipY: return (height - 1 - c.y, c.x)
            case .antiTranspose: return (height - 1 - c.y, width - 1 - c.x)
            }
        }

        /// Columns per strip in this reading.
        func length(width: Int, height: Int) -> Int {
            switch self {
            case .identity, .flipX, .flipY, .rotate180: return width
            default: return height
            }
        }
    }

    /// The digits, base 32 and the extension to `z` that blank runs use.
    static let digits = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)

    /// The code of `cells` (a box at (0, 0) of `width` × `height`, the box tight) read in
    /// `orientation`, or nil as soon as it grows longer than `bound` characters.
    static func stripCode(_ cells: [CellPosition], width: Int, height: Int, orientation: Orientation, bound: Int) -> [UInt8]? {
        let length = orientation.length(width: width, height: height)
        // One entry per live cell: its (strip, column) as one number, and its bit in the digit.
        var entries: [(key: Int, bit: UInt8)] = cells.map { cell in
            let (u, r) = orientation.reading(cell, width: width, height: height)
            return ((r / 5) * length + u, UInt8(1) << UInt8(r % 5))
        }
        entries.sort { $0.key < $1.key }
        var code: [UInt8] = []
        var strip = 0, lastColumn = -1
        var i = 0
        while i < entries.count {
            let key = entries[i].key
            var digit: UInt8 = 0
            while i < entries.count && entries[i].key == key {
                digit |= entries[i].bit
                i += 1
            }
            let (v, u) = key.quotientAndRemainder(dividingBy: length)
            while strip < v {
                code.append(UInt8(ascii: "z"))
                strip += 1
                lastColumn = -1
            }
            appendBlankRun(u - lastColumn - 1, to: &code)
            code.append(digits[Int(digit)])
            lastColumn = u
            if code.count > bound { return nil }
        }
        return code.isEmpty ? [UInt8(ascii: "0")] : code
    }

    /// Appends the shortening of `count` blank columns (nothing for none).
    static func appendBlankRun(_ count: Int, to code: inout [UInt8]) {
        var n = count
        while n >= 40 {
            code.append(UInt8(ascii: "y"))
            code.append(UInt8(ascii: "z"))
            n -= 39
        }
        switch n {
        case 0: break
        case 1: code.append(UInt8(ascii: "0"))
        case 2: code.append(UInt8(ascii: "w"))
        case 3: code.append(UInt8(ascii: "x"))
        default:
            code.append(UInt8(ascii: "y"))
            code.append(digits[n - 4])
        }
    }
}
