// How each symmetry lays out the digest's bits, as lifelib's `hashsoup` does.
//
// The seed S is the 16×16 square of the digest (see `HashedSoup.swift`), and T its mirror
// image across the anti-diagonal, T(x, y) = S(15 − y, 15 − x). Then:
// - C2_2 swaps the two (lifelib keeps this layout for ids that do not start with `l_`, as
//   apgsearch made them before apgluxe): the seed is T and its partner S.
// - The diagonal symmetries (D2_x, D4_x1, D4_x4, D8_1, D8_4) make the seed symmetric about the
//   anti-diagonal: S on and above it (x + y ≤ 15), T below. Their partner is the other half
//   of each: T on and above, S below.
// - The strips read the digest's bytes instead: row j of a strip of H rows and W = 256 / H
//   cells takes bytes W/8 · j … W/8 · (j + 1) − 1, the last of them leftmost, each byte's
//   least significant bit leftmost.
// - The other symmetries place copies of the seed around it. Its three images are the seed
//   upside down, V(x, y) = A(x, 15 − y), left to right, H(x, y) = A(15 − x, y), and turned by
//   180°, R(x, y) = seed(15 − x, 15 − y), where A is the partner for C4 and D4_x (which makes V
//   and H the seed turned by 90° either way for C4) and the seed otherwise. With the seed's
//   square at x, y = 0…15, V goes above it, H to its right and R above right, each overlapping
//   the seed's square by one row or column where the axis runs through cells (`_1`, `+1`) and
//   adjoining it otherwise.

extension HashedSoup {
    /// The cells of the soup of `symmetry` (`id`'s digest `digest`) on its rectangle, row by
    /// row (`symmetry.size`).
    static func layout(digest: [UInt8], symmetry: SoupSymmetry, id: String) -> [Bool] {
        let (width, height) = symmetry.size
        var canvas = [Bool](repeating: false, count: width * height)

        if let rows = symmetry.stripRows {
            let bytesPerRow = 32 / rows
            for row in 0..<rows {
                for byte in 0..<bytesPerRow {
                    let value = digest[bytesPerRow * row + byte]
                    let left = 8 * (bytesPerRow - 1 - byte)
                    for bit in 0..<8 where value >> UInt8(bit) & 1 == 1 { canvas[row * width + left + bit] = true }
                }
            }
            return canvas
        }

        var seed = Square(digest: digest)
        var partner = seed.antiTransposed
        if symmetry == .c2_2 && !id.hasPrefix("l_") { swap(&seed, &partner) }
        if symmetry.isDiagonal {
            let (upper, lower) = (seed, partner)
            seed = Square { x, y in x + y <= 15 ? upper[x, y] : lower[x, y] }
            partner = Square { x, y in x + y <= 15 ? lower[x, y] : upper[x, y] }
        }

        func place(_ square: Square, dx: Int, dy: Int) {
            for y in 0..<16 {
                for x in 0..<16 where square[x, y] { canvas[(y + dy) * width + x + dx] = true }
            }
        }
        let mirrored = symmetry.mirrorsPartner ? partner : seed
        let upsideDown = Square { x, y in mirrored[x, 15 - y] }
        let leftToRight = Square { x, y in mirrored[15 - x, y] }
        let turned = Square { x, y in seed[15 - x, 15 - y] }
        // The seed's square starts at `top`: the rows above it hold the copies that go there.
        let top = height - 16
        place(seed, dx: 0, dy: top)
        switch symmetry {
        case .c1, .d2Diagonal, .strip1x256, .strip2x128, .strip4x64, .strip8x32:
            break
        case .c2_1, .c2_2, .c2_4:
            place(turned, dx: width - 16, dy: 0)
        case .d2Plus1, .d2Plus2:
            place(upsideDown, dx: 0, dy: 0)
        case .c4_1, .c4_4, .d4Plus1, .d4Plus2, .d4Plus4, .d4Diagonal1, .d4Diagonal4, .d8_1, .d8_4:
            place(upsideDown, dx: 0, dy: 0)
            place(leftToRight, dx: width - 16, dy: top)
            place(turned, dx: width - 16, dy: 0)
        }
        return canvas
    }
}

extension SoupSymmetry {
    /// The number of rows of a strip, nil for the others.
    var stripRows: Int? {
        switch self {
        case .strip1x256: 1
        case .strip2x128: 2
        case .strip4x64: 4
        case .strip8x32: 8
        default: nil
        }
    }

    /// Symmetric about a diagonal: the seed is made symmetric about its anti-diagonal.
    var isDiagonal: Bool { [.d2Diagonal, .d4Diagonal1, .d4Diagonal4, .d8_1, .d8_4].contains(self) }

    /// The copies above and to the right of the seed are made from its partner.
    var mirrorsPartner: Bool { [.c4_1, .c4_4, .d4Diagonal1, .d4Diagonal4].contains(self) }
}

/// A 16×16 square of cells, `[x, y]` with y = 0 at the top.
struct Square {
    private var cells: [Bool]

    init(_ cell: (Int, Int) -> Bool) {
        cells = (0..<256).map { cell($0 % 16, $0 / 16) }
    }

    /// The seed of a digest: row y is bytes 2y + 1 (x = 0…7) and 2y (x = 8…15), least
    /// significant bit leftmost.
    init(digest: [UInt8]) {
        self.init { x, y in (UInt16(digest[2 * y + 1]) | UInt16(digest[2 * y]) << 8) >> UInt16(x) & 1 == 1 }
    }

    subscript(x: Int, y: Int) -> Bool { cells[y * 16 + x] }

    /// The mirror image across the anti-diagonal: (x, y) holds (15 − y, 15 − x).
    var antiTransposed: Square { Square { x, y in self[15 - y, 15 - x] } }
}
