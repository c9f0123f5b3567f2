// GridTiling.swift — a torus or Klein bottle's periodic tiling of the plane as a hash-consed tree.
//
// The tiling repeats over a lattice of translations: a torus's is spanned by (w, 0) and (−s, h)
// (s its horizontal shift; (w, −v) and (0, h) for a vertical one), a Klein bottle's by (w, 2h)
// or (2w, h) (the other copy mirrored). A node of level j whose top-left is p has the same
// cells as any node at p + a lattice vector, so the tree is built by a memo keyed by level and
// p reduced into one lattice cell: at most (lattice cell area) nodes a level however large the
// tree. Coordinates are relative to the grid's top-left cell.

struct GridTiling {
    let grid: Grid
    /// The grid's cells (its top-left is relative (0, 0)).
    let cells: GridBitmap

    private struct Key: Hashable {
        let level: Int, x: Int, y: Int
    }

    /// `p` reduced into the lattice cell [0, Pw) × [0, Ph) (Pw = w, 2w; Ph = h, 2h).
    func reduce(_ x: Int, _ y: Int) -> (Int, Int) {
        let w = grid.width, h = grid.height
        switch grid.topology {
        case .kleinBottle:
            let pw = grid.twist == .vertical ? 2 * w : w, ph = grid.twist == .horizontal ? 2 * h : h
            return (Grid.modulo(x, pw), Grid.modulo(y, ph))
        default:
            if grid.horizontalShift != 0 {
                let n = Grid.floorDivide(y, h)
                return (Grid.modulo(x + n * grid.horizontalShift, w), y - n * h)
            }
            if grid.verticalShift != 0 {
                let m = Grid.floorDivide(x, w)
                return (x - m * w, Grid.modulo(y + m * grid.verticalShift, h))
            }
            return (Grid.modulo(x, w), Grid.modulo(y, h))
        }
    }

    /// The tree of `level` whose top-left is Golly's frame corner for that level,
    /// (−2^(level−1), 1 − 2^(level−1)) absolute, filled with the tiling.
    func tree(level: Int, in store: inout NodeStore) -> NodeID {
        // halves[j] = the vectors (2^(j-1), 0) and (0, 2^(j-1)), reduced; j ≥ 4.
        var halves = [(x: (Int, Int), y: (Int, Int))](repeating: ((0, 0), (0, 0)), count: level + 2)
        halves[4] = (reduce(8, 0), reduce(0, 8))
        if level + 1 >= 5 {
            for j in 5...(level + 1) {
                let (a, b) = halves[j - 1]
                halves[j] = (reduce(2 * a.0, 2 * a.1), reduce(2 * b.0, 2 * b.1))
            }
        }
        // Top-left: −(2^(level-1), 0) − (0, 2^(level-1)) + (0, 1) − the grid's corner.
        let (a, b) = halves[level]
        let start = reduce(-a.0 - b.0 - grid.left, -a.1 - b.1 + 1 - grid.top)
        var memo: [Key: NodeID] = [:]
        func build(_ j: Int, _ x: Int, _ y: Int) -> NodeID {
            let key = Key(level: j, x: x, y: y)
            if let id = memo[key] { return id }
            let id: NodeID
            if j == NodeStore.leafLevel {
                var bits: UInt64 = 0
                for dy in 0..<8 {
                    for dx in 0..<8 where isAlive(x + dx, y + dy) { bits |= 1 << UInt64(dy * 8 + dx) }
                }
                id = store.leaf(bits)
            } else {
                let (hx, hy) = halves[j]
                let east = reduce(x + hx.0, y + hx.1), south = reduce(x + hy.0, y + hy.1)
                let southEast = reduce(east.0 + hy.0, east.1 + hy.1)
                let nw = build(j - 1, x, y), ne = build(j - 1, east.0, east.1)
                let sw = build(j - 1, south.0, south.1), se = build(j - 1, southEast.0, southEast.1)
                id = store.node(nw, ne, sw, se)
            }
            memo[key] = id
            return id
        }
        return build(level, start.0, start.1)
    }

    /// The cell at relative (`x`, `y`) of the tiled plane.
    private func isAlive(_ x: Int, _ y: Int) -> Bool {
        guard let (i, j) = grid.source(i: x, j: y) else { return false }
        return cells[i, j]
    }
}
