// The soups of apgsearch's census: each soup id names one 16×16 soup through SHA-256, so a
// census is reproducible from its ids alone. The C1 soup (no symmetry) takes its 256 cells
// from the 32 bytes of the digest: row y (0–15, top to bottom) takes cells x = 0–7 from byte
// 2y + 1 and x = 8–15 from byte 2y, the least significant bit leftmost. Symmetric soups (D2,
// D4, C4, …: several copies of a hashed seed) are not made yet.

/// The symmetry of a census soup, as apgsearch names it.
public enum SoupSymmetry: String, Sendable, CaseIterable {
    /// One 16×16 soup, no symmetry.
    case c1 = "C1"
}

/// One soup of apgsearch's census.
public enum HashedSoup {
    /// The side of a C1 soup.
    public static let side = 16

    /// The live cells of the soup with id `id` under `symmetry`, as (x, y) with x = 0…15 left
    /// to right and y = 0…15 top to bottom, row by row.
    public static func cells(id: String, symmetry: SoupSymmetry = .c1) -> [(x: Int, y: Int)] {
        let digest = SHA256.digest(id)
        var cells: [(x: Int, y: Int)] = []
        for y in 0..<side {
            let row = UInt16(digest[2 * y + 1]) | UInt16(digest[2 * y]) << 8
            for x in 0..<side where row >> UInt16(x) & 1 == 1 { cells.append((x: x, y: y)) }
        }
        return cells
    }

    /// The soup as rows of cells (`rows[y][x]`, alive or not), for writers that stream rows.
    public static func rows(id: String, symmetry: SoupSymmetry = .c1) -> [[Bool]] {
        var rows = [[Bool]](repeating: [Bool](repeating: false, count: side), count: side)
        for cell in cells(id: id, symmetry: symmetry) { rows[cell.y][cell.x] = true }
        return rows
    }
}
