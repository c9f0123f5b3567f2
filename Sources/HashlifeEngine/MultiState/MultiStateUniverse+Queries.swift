// MultiStateUniverse+Queries.swift — bounding box, the cells of a rectangle, and the states
// a zoomed-out view shows.
//
// Each walks the tree from the root, skipping empty nodes by identity. Offsets are machine
// integers inside squares of level ≤ `wordLevel`; above it (roots wider than 2^60 cells) the
// walk goes down with big-integer corners to the non-empty squares of that level first.

extension MultiStateUniverse {
    /// Level up to which offsets inside a square are `Int`s.
    static let wordLevel = 60

    /// The smallest rectangle holding every non-empty cell, or nil when the universe is empty.
    /// - Complexity: O(distinct nodes along the four edges).
    public var boundingBox: CellRect? {
        var extremes: (left: BigInt, top: BigInt, right: BigInt, bottom: BigInt)? = nil
        var memo: [Int: [NodeID: Int]] = [:]
        forEachTopSquare(intersecting: nil) { id, k, x, y in
            var edges = [Int]()
            for edge in 0..<4 { edges.append(store.extreme(id, level: k, edge: edge, memo: &memo[edge, default: [:]])) }
            let (l, t, r, b) = (x + BigInt(edges[0]), y + BigInt(edges[1]), x + BigInt(edges[2]), y + BigInt(edges[3]))
            if let e = extremes {
                extremes = (min(e.left, l), min(e.top, t), max(e.right, r), max(e.bottom, b))
            } else {
                extremes = (l, t, r, b)
            }
        }
        guard let e = extremes else { return nil }
        return CellRect(x: e.left, y: e.top, width: (e.right - e.left + BigInt(1)).magnitude,
                        height: (e.bottom - e.top + BigInt(1)).magnitude)
    }

    /// Calls `body` with every non-empty cell inside `rect` (everywhere when nil) and its state,
    /// in quadtree order.
    /// - Complexity: O(cells visited × level) at worst, skipping empty nodes.
    public func forEachCell(in rect: CellRect? = nil, _ body: (_ x: BigInt, _ y: BigInt, _ state: UInt8) -> Void) {
        forEachTopSquare(intersecting: rect) { id, k, x, y in
            let clip = MultiStateUniverse.clip(rect, toSquareAt: x, y, level: k)
            store.visitCells(id, level: k, x: 0, y: 0, clip: clip) { dx, dy, state in body(x + BigInt(dx), y + BigInt(dy), state) }
        }
    }

    /// Calls `body` with the offset from (`rect.x`, `rect.y`) and the state of every non-empty
    /// cell inside `rect`, whose sides must fit an `Int`: the form for saving a pattern and
    /// filling a view.
    public func forEachCellOffset(in rect: CellRect, _ body: (_ dx: Int, _ dy: Int, _ state: UInt8) -> Void) {
        precondition(rect.width.intValue != nil && rect.height.intValue != nil, "rectangle too large for Int offsets")
        forEachTopSquare(intersecting: rect) { id, k, x, y in
            let clip = MultiStateUniverse.clip(rect, toSquareAt: x, y, level: k)
            // The square meets the rectangle, so its corner is within 2^60 of the rectangle's.
            let (ox, oy) = ((x - rect.x).intValue!, (y - rect.y).intValue!)
            store.visitCells(id, level: k, x: 0, y: 0, clip: clip) { dx, dy, state in body(ox + dx, oy + dy, state) }
        }
    }

    /// The non-empty cells inside `rect` (everywhere when nil) as offsets from the rectangle's
    /// top-left (the bounding box's when nil), with their states, in quadtree order.
    public func cells(in rect: CellRect? = nil) -> [(x: Int, y: Int, state: UInt8)] {
        guard let area = rect ?? boundingBox else { return [] }
        var list: [(x: Int, y: Int, state: UInt8)] = []
        forEachCellOffset(in: area) { list.append(($0, $1, $2)) }
        return list
    }

    /// The state a zoomed-out view shows for each block of 2^`blockLevel` × 2^`blockLevel`
    /// cells: the **highest-numbered state present** in the block (0 when it is empty). The
    /// highest state is chosen over the most common one because it is exact and cheap (a
    /// maximum memoized per node, where a histogram per node would be 256 counters) and
    /// because it keeps rare high states visible: History and Super markers, Generations'
    /// dying trails. Block (i, j) of the result, row by row, covers the cells from
    /// ((`blockX` + i)·2^`blockLevel`, (`blockY` + j)·2^`blockLevel`) on.
    /// - Returns: `columns` × `rows` states, row by row.
    /// - Complexity: that of the viewport walk (`blockStateRows(of:)`).
    public func blockStates(blockX: BigInt, blockY: BigInt, columns: Int, rows: Int, blockLevel k: Int) -> [UInt8] {
        precondition(k >= 0 && columns >= 0 && rows >= 0, "block level and sizes must be non-negative")
        guard columns > 0 && rows > 0 else { return [] }
        return blockStates(of: Viewport(x: blockX << k, y: blockY << k, columns: columns, rows: rows, zoom: BigUInt.powerOfTwo(k)))
    }

    /// Calls `body` with each non-empty square of level min(`level`, `wordLevel`) that meets
    /// `rect` (every one when nil), with its level and its top-left cell.
    func forEachTopSquare(intersecting rect: CellRect?, _ body: (NodeID, Int, BigInt, BigInt) -> Void) {
        func walk(_ id: NodeID, _ k: Int, _ x: BigInt, _ y: BigInt) {
            if store.isEmpty(id, level: k) { return }
            let side = BigInt(BigUInt.powerOfTwo(k))
            if let rect, x >= rect.maxX || y >= rect.maxY || x + side <= rect.x || y + side <= rect.y || rect.isEmpty { return }
            if k <= MultiStateUniverse.wordLevel { return body(id, k, x, y) }
            let r = store.record(id), half = BigInt(BigUInt.powerOfTwo(k - 1))
            walk(r.nw, k - 1, x, y)
            walk(r.ne, k - 1, x + half, y)
            walk(r.sw, k - 1, x, y + half)
            walk(r.se, k - 1, x + half, y + half)
        }
        walk(root, level, originX, originY)
    }

    /// `rect` as a half-open Int clip relative to the square of `level` at (`x`, `y`), the
    /// whole square when nil.
    static func clip(_ rect: CellRect?, toSquareAt x: BigInt, _ y: BigInt, level k: Int) -> (Int, Int, Int, Int) {
        let side = 1 << k
        guard let rect else { return (0, 0, side, side) }
        func clamp(_ v: BigInt) -> Int { v.isNegative ? 0 : min(v.intValue ?? side, side) }
        return (clamp(rect.x - x), clamp(rect.y - y), clamp(rect.maxX - x), clamp(rect.maxY - y))
    }
}

extension MultiStateStore {
    /// Calls `body` with the offset (from the square's top-left, plus (`x`, `y`)) and state of
    /// every non-empty cell of `id` (of `level`) inside `clip` (x0, y0, x1, y1, half-open, in
    /// the same offsets).
    func visitCells(_ id: NodeID, level: Int, x: Int, y: Int, clip: (Int, Int, Int, Int),
                    _ body: (Int, Int, UInt8) -> Void) {
        if isEmpty(id, level: level) { return }
        let side = 1 << level
        if x >= clip.2 || y >= clip.3 || x + side <= clip.0 || y + side <= clip.1 { return }
        let r = arena[id]
        if level == MultiStateRecord.leafLevel {
            for dy in 0..<4 where y + dy >= clip.1 && y + dy < clip.3 {
                let row = dy == 0 ? r.w0 : dy == 1 ? r.w1 : dy == 2 ? r.w2 : r.w3
                if row == 0 { continue }
                for dx in 0..<4 where x + dx >= clip.0 && x + dx < clip.2 {
                    let state = UInt8(truncatingIfNeeded: row >> UInt32(dx * 8))
                    if state != 0 { body(x + dx, y + dy, state) }
                }
            }
            return
        }
        let half = side / 2
        visitCells(r.nw, level: level - 1, x: x, y: y, clip: clip, body)
        visitCells(r.ne, level: level - 1, x: x + half, y: y, clip: clip, body)
        visitCells(r.sw, level: level - 1, x: x, y: y + half, clip: clip, body)
        visitCells(r.se, level: level - 1, x: x + half, y: y + half, clip: clip, body)
    }

    /// The extreme non-empty column (edges 0: left, 2: right) or row (1: top, 3: bottom) of the
    /// non-empty node `id` of `level` ≤ 60, as an offset from its top-left; memoized by node.
    func extreme(_ id: NodeID, level: Int, edge: Int, memo: inout [NodeID: Int]) -> Int {
        if let known = memo[id] { return known }
        let r = arena[id]
        var result: Int
        if level == MultiStateRecord.leafLevel {
            result = edge < 2 ? 3 : 0
            let rows = [r.w0, r.w1, r.w2, r.w3]
            for dy in 0..<4 {
                for dx in 0..<4 where UInt8(truncatingIfNeeded: rows[dy] >> UInt32(dx * 8)) != 0 {
                    let v = edge == 0 || edge == 2 ? dx : dy
                    result = edge < 2 ? min(result, v) : max(result, v)
                }
            }
        } else {
            let half = 1 << (level - 1)
            // Children with their offsets along the edge's axis, nearest the edge first.
            let near: [(NodeID, Int)], far: [(NodeID, Int)]
            switch edge {
            case 0: (near, far) = ([(r.nw, 0), (r.sw, 0)], [(r.ne, half), (r.se, half)])
            case 1: (near, far) = ([(r.nw, 0), (r.ne, 0)], [(r.sw, half), (r.se, half)])
            case 2: (near, far) = ([(r.ne, half), (r.se, half)], [(r.nw, 0), (r.sw, 0)])
            default: (near, far) = ([(r.sw, half), (r.se, half)], [(r.nw, 0), (r.ne, 0)])
            }
            let candidates = near.filter { !isEmpty($0.0, level: level - 1) }
            let chosen = candidates.isEmpty ? far.filter { !isEmpty($0.0, level: level - 1) } : candidates
            let values = chosen.map { $0.1 + extreme($0.0, level: level - 1, edge: edge, memo: &memo) }
            result = edge < 2 ? values.min()! : values.max()!
        }
        memo[id] = result
        return result
    }

    /// The highest state under `id` (of `level` ≥ 2), memoized by node.
    func highestState(_ id: NodeID, level: Int, memo: inout [NodeID: UInt8]) -> UInt8 {
        if isEmpty(id, level: level) { return 0 }
        if let known = memo[id] { return known }
        let r = arena[id]
        var highest: UInt8 = 0
        if r.isLeaf {
            for row in [r.w0, r.w1, r.w2, r.w3] {
                for dx in 0..<4 { highest = max(highest, UInt8(truncatingIfNeeded: row >> UInt32(dx * 8))) }
            }
        } else {
            for child in [r.nw, r.ne, r.sw, r.se] { highest = max(highest, highestState(child, level: level - 1, memo: &memo)) }
        }
        memo[id] = highest
        return highest
    }
}

extension MultiStateUniverse {
    /// Distinct non-empty nodes under the root (the tree's own size, unlike `statistics.nodes`,
    /// which counts everything the store holds, memoized results included).
    /// - Complexity: O(distinct nodes under the root).
    public var treeNodeCount: Int { store.distinctNodeCount(frame) }
}
