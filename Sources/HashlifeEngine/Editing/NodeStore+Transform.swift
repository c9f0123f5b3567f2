// Rotating and flipping nodes: a permutation of the children at every level and bit tricks on
// the 8×8 leaves, memoized per node, so the cost is the number of distinct nodes.

/// A symmetry of the square as three steps applied in order: transpose ((x, y) → (y, x)), then
/// mirror x (x → side-1-x), then mirror y (y → side-1-y). The eight combinations are the eight
/// symmetries of the square.
struct SquareSymmetry: Hashable {
    var transposes: Bool
    var mirrorsX: Bool
    var mirrorsY: Bool

    /// Where the cell at (`x`, `y`) of a square of side `side` goes (for rectangles and tests).
    func apply(x: BigUInt, y: BigUInt, width: BigUInt, height: BigUInt, side: BigUInt)
        -> (x: BigUInt, y: BigUInt, width: BigUInt, height: BigUInt) {
        var (x, y, width, height) = (x, y, width, height)
        if transposes { (x, y, width, height) = (y, x, height, width) }
        if mirrorsX { x = side - x - width }
        if mirrorsY { y = side - y - height }
        return (x, y, width, height)
    }

    /// The leaf's 64 cells moved by the symmetry (bit y*8+x is the cell at (x, y)).
    func leaf(_ bits: UInt64) -> UInt64 {
        var b = bits
        if transposes { b = SquareSymmetry.transposed(b) }
        if mirrorsX { b = SquareSymmetry.mirroredX(b) }
        if mirrorsY { b = b.byteSwapped }
        return b
    }

    /// (x, y) → (y, x) on an 8×8 board: three delta swaps (the "flipDiagA1H8" of the chess
    /// programming wiki).
    static func transposed(_ bits: UInt64) -> UInt64 {
        var x = bits, t: UInt64
        t = 0x0F0F_0F0F_0000_0000 & (x ^ (x << 28)); x ^= t ^ (t >> 28)
        t = 0x3333_0000_3333_0000 & (x ^ (x << 14)); x ^= t ^ (t >> 14)
        t = 0x5500_5500_5500_5500 & (x ^ (x << 7)); x ^= t ^ (t >> 7)
        return x
    }

    /// x → 7-x in every row: the bits of each byte reversed.
    static func mirroredX(_ bits: UInt64) -> UInt64 {
        var x = bits
        x = (x >> 1) & 0x5555_5555_5555_5555 | (x & 0x5555_5555_5555_5555) << 1
        x = (x >> 2) & 0x3333_3333_3333_3333 | (x & 0x3333_3333_3333_3333) << 2
        x = (x >> 4) & 0x0F0F_0F0F_0F0F_0F0F | (x & 0x0F0F_0F0F_0F0F_0F0F) << 4
        return x
    }
}

extension NodeStore {
    /// `id` (of `level`) moved by `symmetry` about its own centre.
    /// - Complexity: O(distinct nodes under `id`).
    mutating func transformed(_ id: NodeID, level: Int, _ symmetry: SquareSymmetry) -> NodeID {
        var memo = RegionMemo()
        return transformed(id, level: level, symmetry, &memo)
    }

    private mutating func transformed(_ id: NodeID, level: Int, _ symmetry: SquareSymmetry, _ memo: inout RegionMemo) -> NodeID {
        if level == NodeStore.leafLevel { return leaf(symmetry.leaf(leafBits(id))) }
        let e = emptyNode(level: level)
        if id == e { return e }
        let key = SIMD4(id, 0, 0, 0)
        if let known = memo[key] { return known }
        let r = arena[id]
        // The result's quadrant (qx, qy) is the image of the source quadrant the inverse maps it
        // back to: undo the mirrors, then the transpose.
        func source(_ qx: Int, _ qy: Int) -> NodeID {
            var (x, y) = (symmetry.mirrorsX ? 1 - qx : qx, symmetry.mirrorsY ? 1 - qy : qy)
            if symmetry.transposes { (x, y) = (y, x) }
            switch (x, y) {
            case (0, 0): return r.nw
            case (1, 0): return r.ne
            case (0, 1): return r.sw
            default: return r.se
            }
        }
        let k = level - 1
        let nw = transformed(source(0, 0), level: k, symmetry, &memo)
        let ne = transformed(source(1, 0), level: k, symmetry, &memo)
        let sw = transformed(source(0, 1), level: k, symmetry, &memo)
        let se = transformed(source(1, 1), level: k, symmetry, &memo)
        let result = node(nw, ne, sw, se)
        memo.set(key, result)
        return result
    }
}
