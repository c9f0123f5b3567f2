// Grid+Joins.swift — how a grid's edges join: which cell of the grid a cell beyond an edge
// stands for. Golly's lifealgo.cpp copies edge cells into a one-cell border before each
// generation (JoinEdges, JoinShiftedEdges, JoinTwistedEdges, JoinTwistedAndShiftedEdges,
// JoinAdjacentEdges); this is the same map as a function, read from there (not copied).
//
// Coordinates here are relative to the grid's top-left cell: i in 0..<width, j in 0..<height.

extension Grid {
    /// The grid cell (relative) that the cell at relative (`i`, `j`) stands for, or nil when it is
    /// dead (a plane's outside, or beyond an edge where no join reaches).
    ///
    /// - Tori, tubes and Klein bottles tile the whole plane, so any (i, j) has a source: a torus
    ///   with horizontal shift s repeats as cell(i, j + h) = cell(i + s, j); a Klein bottle with
    ///   twisted horizontal edges (`:Kw*,h`) reverses x in every other row of tiles,
    ///   x ↦ w−1−x (or, shifted, x ↦ −2−x mod w), and likewise for y with `:Kw,h*`. At the
    ///   border ring these agree cell for cell (corners included) with Golly's border copies.
    /// - A plane, sphere and cross-surface join only across the one-cell border ring around the
    ///   grid (corners included, as Golly sets them); further out is dead.
    func source(i: Int, j: Int) -> (i: Int, j: Int)? {
        let w = width, h = height
        let inX = w == 0 || (0..<w).contains(i), inY = h == 0 || (0..<h).contains(j)
        if inX && inY { return (i, j) }
        switch topology {
        case .plane:
            return nil
        case .torus:
            if w == 0 { return (i, Grid.modulo(j, h)) }
            if h == 0 { return (Grid.modulo(i, w), j) }
            let m = Grid.floorDivide(i, w), n = Grid.floorDivide(j, h)
            return (Grid.modulo(i + horizontalShift * n, w), Grid.modulo(j + verticalShift * m, h))
        case .kleinBottle:
            let m = Grid.floorDivide(i, w), n = Grid.floorDivide(j, h)
            var x = Grid.modulo(i, w), y = Grid.modulo(j, h)
            if twist == .horizontal && n & 1 != 0 { x = twistShifted ? Grid.modulo(-2 - x, w) : w - 1 - x }
            if twist == .vertical && m & 1 != 0 { y = twistShifted ? Grid.modulo(-2 - y, h) : h - 1 - y }
            return (x, y)
        case .crossSurface, .sphere:
            guard (-1...w).contains(i) && (-1...h).contains(j) else { return nil }
            let cornerX = i < 0 ? 0 : w - 1, cornerY = j < 0 ? 0 : h - 1
            if !inX && !inY { return (cornerX, cornerY) }  // a corner copies the same corner
            if topology == .crossSurface {
                return inX ? (w - 1 - i, cornerY == 0 ? h - 1 : 0) : (cornerX == 0 ? w - 1 : 0, h - 1 - j)
            }
            // Sphere: the top edge meets the left edge, the bottom edge the right edge.
            if inX { return j < 0 ? (0, i) : (w - 1, i) }
            return i < 0 ? (j, 0) : (j, h - 1)
        }
    }

    static func floorDivide(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    static func modulo(_ a: Int, _ b: Int) -> Int {
        let r = a % b
        return r < 0 ? r + b : r
    }
}
