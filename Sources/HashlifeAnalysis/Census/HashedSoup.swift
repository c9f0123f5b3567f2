// The soups of apgsearch's census: each soup id names one soup through SHA-256, so a census is
// reproducible from its ids alone. The 32 bytes of the digest make a 16×16 seed: row y (0–15,
// top to bottom) takes cells x = 0–7 from byte 2y + 1 and x = 8–15 from byte 2y, the least
// significant bit leftmost. The C1 soup is that seed; the other symmetries rearrange the same
// bits and add mirrored or rotated copies, as lifelib's `hashsoup` does (see
// `HashedSoup+Symmetry.swift`).

/// The symmetry of a census soup, as apgsearch names it: the ones apgsearch searches for
/// B3/S23, in the order they are listed to users.
public enum SoupSymmetry: String, Sendable, CaseIterable {
    /// One 16×16 soup, no symmetry.
    case c1 = "C1"
    /// Strips of 256 cells of the digest, H rows of 256/H cells, no symmetry.
    case strip1x256 = "1x256", strip2x128 = "2x128", strip4x64 = "4x64", strip8x32 = "8x32"
    /// Two copies of the seed, the second turned by 180°: about a cell (`_1`), an edge's
    /// midpoint (`_2`) or a corner (`_4`).
    case c2_1 = "C2_1", c2_2 = "C2_2", c2_4 = "C2_4"
    /// Four copies turned by 90° each, about a cell (`_1`) or a corner (`_4`).
    case c4_1 = "C4_1", c4_4 = "C4_4"
    /// The seed and its mirror image across a row of cells (`+1`) or between rows (`+2`).
    case d2Plus1 = "D2_+1", d2Plus2 = "D2_+2"
    /// One 16×16 seed symmetric about its diagonal.
    case d2Diagonal = "D2_x"
    /// Four mirror images across a horizontal and a vertical axis, each through cells (`1`) or
    /// between them (`4`; `2`: one of each).
    case d4Plus1 = "D4_+1", d4Plus2 = "D4_+2", d4Plus4 = "D4_+4"
    /// Four copies with both diagonals as mirror axes, about a cell or a corner.
    case d4Diagonal1 = "D4_x1", d4Diagonal4 = "D4_x4"
    /// All eight symmetries of the square, about a cell or a corner.
    case d8_1 = "D8_1", d8_4 = "D8_4"

    /// Every name, comma-separated, for messages that list the valid ones.
    public static let names = allCases.map(\.rawValue).joined(separator: ", ")

    /// The width and height of the soup's rectangle: every cell of a soup of this symmetry is
    /// inside it.
    public var size: (width: Int, height: Int) {
        switch self {
        case .c1, .d2Diagonal: (16, 16)
        case .strip1x256: (256, 1)
        case .strip2x128: (128, 2)
        case .strip4x64: (64, 4)
        case .strip8x32: (32, 8)
        case .c2_1, .c4_1, .d4Plus1, .d4Diagonal1, .d8_1: (31, 31)
        case .c2_2, .d4Plus2: (32, 31)
        case .c2_4, .c4_4, .d4Plus4, .d4Diagonal4, .d8_4: (32, 32)
        case .d2Plus1: (16, 31)
        case .d2Plus2: (16, 32)
        }
    }
}

/// One soup of apgsearch's census.
public enum HashedSoup {
    /// The side of a C1 soup (and of the seed every symmetry starts from).
    public static let side = 16

    /// The live cells of the soup with id `id` under `symmetry`, as (x, y) with x = 0 …
    /// width − 1 left to right and y = 0 … height − 1 top to bottom (`symmetry.size`), row by
    /// row, each cell once.
    public static func cells(id: String, symmetry: SoupSymmetry = .c1) -> [(x: Int, y: Int)] {
        let canvas = layout(digest: SHA256.digest(id), symmetry: symmetry, id: id)
        let width = symmetry.size.width
        return canvas.indices.filter { canvas[$0] }.map { (x: $0 % width, y: $0 / width) }
    }

    /// The soup as rows of cells (`rows[y][x]`, alive or not; `symmetry.size`), for writers
    /// that stream rows.
    public static func rows(id: String, symmetry: SoupSymmetry = .c1) -> [[Bool]] {
        let (width, height) = symmetry.size
        var rows = [[Bool]](repeating: [Bool](repeating: false, count: width), count: height)
        for cell in cells(id: id, symmetry: symmetry) { rows[cell.y][cell.x] = true }
        return rows
    }
}
