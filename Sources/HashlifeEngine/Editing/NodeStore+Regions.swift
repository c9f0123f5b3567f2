// Region operations on nodes: half-plane masks, set operations, shifted windows.
//
// Each is a recursion memoized per call (`RegionMemo`), so its cost is the number of distinct
// nodes (or pairs, or 2×2 blocks) it meets, never the number of cells:
//
// - A half-plane mask keeps the cells on one side of a vertical or horizontal line. Only nodes
//   the line crosses are opened; at level j every such node sees the line at the same offset
//   (the line's coordinate modulo 2^j), so the memo is keyed by the node alone and a line
//   through a hash-consed pattern costs the distinct nodes along it. Four masks crop to a
//   rectangle.
// - A set operation (union, intersection, difference, symmetric difference) of two trees of
//   the same frame stops at equal or empty nodes, so it costs the nodes where they differ.
// - A window re-aligns a tree to another grid: the square of level j whose top-left lies at
//   (x, y) inside a 2×2 block of level-j nodes. Its four quadrants are windows of level j-1 at
//   the same offset modulo 2^(j-1) in a 2×2 block of grandchildren, so within one shift the
//   memo is keyed by the block. This is what moves a pattern by any vector: O(distinct
//   blocks), about the distinct nodes of the pattern.

/// Which side of a line a half-plane mask keeps.
struct HalfPlane {
    /// True for a vertical line (a condition on x), false for a horizontal one.
    var vertical: Bool
    /// True keeps the cells at or after the line (x ≥ c), false the cells before it (x < c).
    var keepsHigh: Bool
    /// The line's coordinate relative to the top-left of the node the mask starts at.
    var line: BigUInt
    /// `line.trailingZeroBitCount`: the line runs between the children of a level-j node it
    /// crosses exactly when this is j - 1.
    var alignment: Int
    /// The cells of a leaf the mask keeps, when the line crosses it (at offset `line` mod 8).
    var leafMask: UInt64

    init(vertical: Bool, keepsHigh: Bool, line: BigUInt) {
        self.vertical = vertical
        self.keepsHigh = keepsHigh
        self.line = line
        alignment = line.isZero ? Int.max : line.trailingZeroBitCount
        let offset = UInt64((line.limbs.first ?? 0) & 7)
        let high: UInt64 = vertical ? (0xFF << offset & 0xFF) &* 0x0101_0101_0101_0101 : ~0 << (8 * offset)
        leafMask = keepsHigh ? high : ~high
    }
}

/// A set operation on two trees of the same frame.
enum SetOperation {
    case union, intersection, difference, symmetricDifference

    func leaf(_ a: UInt64, _ b: UInt64) -> UInt64 {
        switch self {
        case .union: a | b
        case .intersection: a & b
        case .difference: a & ~b
        case .symmetricDifference: a ^ b
        }
    }
}

extension NodeStore {
    /// `id` (of `level`) with the cells on one side of `plane`'s line removed. The line is at
    /// `plane.line` from the node's top-left and may lie anywhere in 0 ... 2^level.
    /// - Complexity: O(distinct nodes the line crosses).
    mutating func masked(_ id: NodeID, level: Int, _ plane: HalfPlane) -> NodeID {
        let side = BigUInt.powerOfTwo(level)
        if plane.line.isZero { return plane.keepsHigh ? id : emptyNode(level: level) }
        if plane.line >= side { return plane.keepsHigh ? emptyNode(level: level) : id }
        var memo = RegionMemo()
        return crossed(id, level: level, plane, &memo)
    }

    /// `masked` for a node the line crosses (the line's offset modulo 2^level is not 0).
    private mutating func crossed(_ id: NodeID, level: Int, _ plane: HalfPlane, _ memo: inout RegionMemo) -> NodeID {
        let e = emptyNode(level: level)
        if id == e { return e }
        if level == NodeStore.leafLevel { return leaf(leafBits(id) & plane.leafMask) }
        let key = SIMD4(id, 0, 0, 0)
        if let known = memo[key] { return known }
        let r = arena[id]
        let child = emptyNode(level: level - 1)
        // Low and high children along the line's axis: (nw, sw) and (ne, se) for a vertical line.
        var (low1, low2, high1, high2) = plane.vertical ? (r.nw, r.sw, r.ne, r.se) : (r.nw, r.ne, r.sw, r.se)
        if plane.alignment == level - 1 {
            // The line runs between the children.
            if plane.keepsHigh { (low1, low2) = (child, child) } else { (high1, high2) = (child, child) }
        } else if plane.line.bit(level - 1) {
            // The line crosses the high children; the low ones are wholly before it.
            if plane.keepsHigh { (low1, low2) = (child, child) }
            high1 = crossed(high1, level: level - 1, plane, &memo)
            high2 = crossed(high2, level: level - 1, plane, &memo)
        } else {
            if !plane.keepsHigh { (high1, high2) = (child, child) }
            low1 = crossed(low1, level: level - 1, plane, &memo)
            low2 = crossed(low2, level: level - 1, plane, &memo)
        }
        let result = plane.vertical ? node(low1, high1, low2, high2) : node(low1, low2, high1, high2)
        memo.set(key, result)
        return result
    }

    /// `id` (of `level`) with only the cells in [x0, x1) × [y0, y1) (relative to its top-left,
    /// each bound in 0 ... 2^level) kept.
    /// - Complexity: O(distinct nodes the rectangle's edges cross).
    mutating func cropped(_ id: NodeID, level: Int, _ clip: ClipRect<BigUInt>) -> NodeID {
        var result = masked(id, level: level, HalfPlane(vertical: true, keepsHigh: true, line: clip.x0))
        result = masked(result, level: level, HalfPlane(vertical: true, keepsHigh: false, line: clip.x1))
        result = masked(result, level: level, HalfPlane(vertical: false, keepsHigh: true, line: clip.y0))
        return masked(result, level: level, HalfPlane(vertical: false, keepsHigh: false, line: clip.y1))
    }

    /// The set operation `operation` of two nodes of `level` in the same frame.
    /// - Complexity: O(distinct pairs of nodes where the two trees differ).
    mutating func combined(_ a: NodeID, _ b: NodeID, level: Int, _ operation: SetOperation) -> NodeID {
        var memo = RegionMemo()
        return combined(a, b, level: level, operation, &memo)
    }

    private mutating func combined(_ a: NodeID, _ b: NodeID, level: Int, _ operation: SetOperation,
                                   _ memo: inout RegionMemo) -> NodeID {
        let e = emptyNode(level: level)
        switch operation {
        case .union:
            if a == e { return b }
            if b == e || a == b { return a }
        case .intersection:
            if a == e || b == e { return e }
            if a == b { return a }
        case .difference:
            if a == e || b == e { return a }
            if a == b { return e }
        case .symmetricDifference:
            if a == e { return b }
            if b == e { return a }
            if a == b { return e }
        }
        if level == NodeStore.leafLevel { return leaf(operation.leaf(leafBits(a), leafBits(b))) }
        let key = SIMD4(a, b, 0, 0)
        if let known = memo[key] { return known }
        let x = arena[a], y = arena[b]
        let k = level - 1
        let nw = combined(x.nw, y.nw, level: k, operation, &memo)
        let ne = combined(x.ne, y.ne, level: k, operation, &memo)
        let sw = combined(x.sw, y.sw, level: k, operation, &memo)
        let se = combined(x.se, y.se, level: k, operation, &memo)
        let result = node(nw, ne, sw, se)
        memo.set(key, result)
        return result
    }

    /// The node of `level` whose top-left lies at (`shift.x` mod 2^level, `shift.y` mod
    /// 2^level) inside the 2×2 block [[a, b], [c, d]] of nodes of `level` (the block's own
    /// top-left is (0, 0)). `memo` must serve only windows of one shift.
    /// - Complexity: O(distinct 2×2 blocks met), about the distinct nodes of the block.
    mutating func window(_ a: NodeID, _ b: NodeID, _ c: NodeID, _ d: NodeID, level: Int, _ shift: WindowShift,
                         _ memo: inout RegionMemo) -> NodeID {
        let e = emptyNode(level: level)
        if a == e && b == e && c == e && d == e { return e }
        if shift.alignmentX >= level && shift.alignmentY >= level { return a }
        if level == NodeStore.leafLevel {
            return leaf(NodeStore.shiftedLeaf(leafBits(a), leafBits(b), leafBits(c), leafBits(d), x: shift.lowX, y: shift.lowY))
        }
        let key = SIMD4(a, b, c, d)
        if let known = memo[key] { return known }
        // The 4×4 grid of grandchildren: row r, column c is child (r & 1, c & 1) of block node
        // (r >> 1, c >> 1).
        let records = (arena[a], arena[b], arena[c], arena[d])
        func grandchild(_ row: Int, _ col: Int) -> NodeID {
            let r: NodeRecord
            switch (row >> 1, col >> 1) {
            case (0, 0): r = records.0
            case (0, _): r = records.1
            case (_, 0): r = records.2
            default: r = records.3
            }
            switch (row & 1, col & 1) {
            case (0, 0): return r.nw
            case (0, _): return r.ne
            case (_, 0): return r.sw
            default: return r.se
            }
        }
        let ix = shift.x.bit(level - 1) ? 1 : 0, iy = shift.y.bit(level - 1) ? 1 : 0
        func quadrant(_ qx: Int, _ qy: Int) -> NodeID {
            let col = ix + qx, row = iy + qy
            return window(grandchild(row, col), grandchild(row, col + 1), grandchild(row + 1, col), grandchild(row + 1, col + 1),
                          level: level - 1, shift, &memo)
        }
        let result = node(quadrant(0, 0), quadrant(1, 0), quadrant(0, 1), quadrant(1, 1))
        memo.set(key, result)
        return result
    }

    /// The 8×8 square at (`x`, `y`) (each 0 ... 7) of the 16×16 block of leaves [[a, b], [c, d]].
    static func shiftedLeaf(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64, x: Int, y: Int) -> UInt64 {
        var result: UInt64 = 0
        for row in 0..<8 {
            let source = row + y
            let (left, right) = source < 8 ? (a, b) : (c, d)
            let shift = UInt64(8 * (source & 7))
            let wide = (left >> shift) & 0xFF | ((right >> shift) & 0xFF) << 8
            result |= ((wide >> UInt64(x)) & 0xFF) << UInt64(8 * row)
        }
        return result
    }

    /// The node of `level` with every cell alive.
    /// - Complexity: O(level).
    mutating func fullNode(level: Int) -> NodeID {
        var id = leaf(~0)
        if level > NodeStore.leafLevel {
            for _ in (NodeStore.leafLevel + 1)...level { id = node(id, id, id, id) }
        }
        return id
    }
}

/// The offset of a window (see `NodeStore.window`): the same modulo 2^j at every level j of
/// one recursion.
struct WindowShift {
    let x: BigUInt
    let y: BigUInt
    /// Trailing zero bits of x and y (`Int.max` for 0): the shift is 0 modulo 2^j when both are ≥ j.
    let alignmentX: Int
    let alignmentY: Int
    /// x and y modulo 8.
    let lowX: Int
    let lowY: Int

    init(x: BigUInt, y: BigUInt) {
        self.x = x
        self.y = y
        alignmentX = x.isZero ? Int.max : x.trailingZeroBitCount
        alignmentY = y.isZero ? Int.max : y.trailingZeroBitCount
        lowX = Int((x.limbs.first ?? 0) & 7)
        lowY = Int((y.limbs.first ?? 0) & 7)
    }
}
