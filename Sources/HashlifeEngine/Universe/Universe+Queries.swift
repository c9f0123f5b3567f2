// Questions about regions: bounding box, population of a rectangle, the live cells of a rectangle.
//
// Each walks the tree from the root, skipping empty nodes by identity. Offsets inside the root
// are `Int` while the root is at most 2^62 cells wide and `BigUInt` above (see `CellOffset`).

extension Universe {
    /// The smallest rectangle holding every live cell, or nil when the universe is empty.
    /// - Complexity: O(distinct nodes along the four edges).
    public var boundingBox: CellRect? {
        if isEmpty { return nil }
        if level <= 62 { return boundingBox(Int.self) }
        let left = deepExtreme(.left), right = deepExtreme(.right), top = deepExtreme(.top), bottom = deepExtreme(.bottom)
        return CellRect(x: originX + BigInt(left), y: originY + BigInt(top), width: right - left + 1, height: bottom - top + 1)
    }

    /// The extreme live column or row of the root, as an offset from its top-left, for roots
    /// above level 62: walks down level by level keeping the distinct nodes that touch the
    /// extreme (all at one offset along the axis), so its memory is one level's worth of ids
    /// and one number, not a big offset memoized for every node (which for a tree 65,000
    /// levels deep is quadratic in the depth).
    private func deepExtreme(_ edge: Edge) -> BigUInt {
        var frontier: Set<NodeID> = [root]
        var offset = BigUInt.zero
        var k = level
        while k > 62 {
            var near = Set<NodeID>(), far = Set<NodeID>()
            for id in frontier {
                let r = store.record(id)
                let (a, b, c, d): (NodeID, NodeID, NodeID, NodeID)
                switch edge {
                case .left: (a, b, c, d) = (r.nw, r.sw, r.ne, r.se)
                case .right: (a, b, c, d) = (r.ne, r.se, r.nw, r.sw)
                case .top: (a, b, c, d) = (r.nw, r.ne, r.sw, r.se)
                case .bottom: (a, b, c, d) = (r.sw, r.se, r.nw, r.ne)
                }
                for child in [a, b] where !store.isEmpty(child, level: k - 1) { near.insert(child) }
                for child in [c, d] where !store.isEmpty(child, level: k - 1) { far.insert(child) }
            }
            // The near children sit at +half for the right and bottom edges, the far ones for
            // the left and top edges.
            let nearIsSecondHalf = edge == .right || edge == .bottom
            if near.isEmpty {
                frontier = far
                if !nearIsSecondHalf { offset += BigUInt.powerOfTwo(k - 1) }
            } else {
                frontier = near
                if nearIsSecondHalf { offset += BigUInt.powerOfTwo(k - 1) }
            }
            k -= 1
        }
        var memo: [NodeID: Int] = [:]
        var best: Int? = nil
        for id in frontier {
            let v = store.extreme(id, level: k, edge: edge, memo: &memo)!
            best = best.map { edge == .left || edge == .top ? min($0, v) : max($0, v) } ?? v
        }
        return offset + BigUInt(best!)
    }

    private func boundingBox<T: CellOffset>(_: T.Type) -> CellRect {
        var memo: [NodeID: T] = [:]
        let left = store.extreme(root, level: level, edge: .left, memo: &memo); memo.removeAll()
        let right = store.extreme(root, level: level, edge: .right, memo: &memo); memo.removeAll()
        let top = store.extreme(root, level: level, edge: .top, memo: &memo); memo.removeAll()
        let bottom = store.extreme(root, level: level, edge: .bottom, memo: &memo)
        return CellRect(x: originX + BigInt(left!.bigUIntValue), y: originY + BigInt(top!.bigUIntValue),
                        width: (right! - left! + T(1)).bigUIntValue, height: (bottom! - top! + T(1)).bigUIntValue)
    }

    /// Live cells inside `rect`.
    /// - Complexity: O(level + nodes crossing the rectangle's border); whole nodes inside it
    ///   count from their cached population.
    public func population(in rect: CellRect) -> BigUInt {
        guard let clip = clipToRoot(rect) else { return .zero }
        // Machine integers while every count fits (a level-31 root holds at most 4^31 cells).
        if level <= PopulationCache.wordLevel {
            return BigUInt(UInt64(store.population(root, level: level, x: 0, y: 0, clip: Universe.ints(clip))))
        }
        return store.populationBig(root, level: level, x: .zero, y: .zero, clip: clip)
    }

    /// Calls `body` with every live cell inside `rect` (everywhere when nil), in quadtree order.
    /// - Complexity: O(live cells visited × level) at worst, skipping empty nodes.
    public func forEachLiveCell(in rect: CellRect? = nil, _ body: (_ x: BigInt, _ y: BigInt) -> Void) {
        guard let clip = clipToRoot(rect ?? CellRect(x: originX, y: originY, width: .powerOfTwo(level), height: .powerOfTwo(level))) else { return }
        if level <= 62 {
            let ox = originX, oy = originY
            store.visitLiveCells(root, level: level, x: 0, y: 0, clip: Universe.ints(clip)) { x, y in
                body(ox + BigInt(x), oy + BigInt(y))
            }
        } else {
            store.visitLiveCells(root, level: level, x: BigUInt.zero, y: BigUInt.zero, clip: clip) { x, y in
                body(originX + BigInt(x), originY + BigInt(y))
            }
        }
    }

    /// Calls `body` with the offset from (`rect.x`, `rect.y`) of every live cell inside `rect`,
    /// whose sides must fit an Int. Faster than `forEachLiveCell` for exporting patterns.
    public func forEachLiveCellOffset(in rect: CellRect, _ body: (_ dx: Int, _ dy: Int) -> Void) {
        precondition(rect.width.intValue != nil && rect.height.intValue != nil, "rectangle too large for Int offsets")
        guard let clip = clipToRoot(rect) else { return }
        if level <= 62 {
            // Offsets of the rect's corner from the root's, which fit an Int when level ≤ 62
            // (possibly negative when the rect starts left of or above the root).
            let cx = (rect.x - originX).intValue!, cy = (rect.y - originY).intValue!
            store.visitLiveCells(root, level: level, x: 0, y: 0, clip: Universe.ints(clip)) { x, y in
                body(x - cx, y - cy)
            }
        } else {
            let cx = rect.x - originX, cy = rect.y - originY
            store.visitLiveCells(root, level: level, x: BigUInt.zero, y: BigUInt.zero, clip: clip) { x, y in
                body((BigInt(x) - cx).intValue!, (BigInt(y) - cy).intValue!)
            }
        }
    }

    /// `rect` relative to the root's top-left and cut to the root's square, as half-open
    /// bounds (x0, y0, x1, y1); nil when they do not meet.
    func clipToRoot(_ rect: CellRect) -> ClipRect<BigUInt>? {
        if rect.isEmpty { return nil }
        let side = BigInt(BigUInt.powerOfTwo(level))
        let x0 = max(rect.x - originX, .zero), y0 = max(rect.y - originY, .zero)
        let x1 = min(rect.maxX - originX, side), y1 = min(rect.maxY - originY, side)
        guard x0 < x1, y0 < y1 else { return nil }
        return ClipRect(x0: x0.magnitude, y0: y0.magnitude, x1: x1.magnitude, y1: y1.magnitude)
    }

    static func ints(_ c: ClipRect<BigUInt>) -> ClipRect<Int> {
        ClipRect(x0: c.x0.intValue!, y0: c.y0.intValue!, x1: c.x1.intValue!, y1: c.y1.intValue!)
    }
}

/// Half-open bounds [x0, x1) × [y0, y1) relative to a node's top-left.
struct ClipRect<T: CellOffset> {
    var x0: T, y0: T, x1: T, y1: T
}

/// Which extreme of the live cells `NodeStore.extreme` finds.
enum Edge { case left, right, top, bottom }

extension NodeStore {
    /// The extreme live column (left/right) or row (top/bottom) inside a node of `level`, as an
    /// offset from its top-left; nil when the node is empty. Memoized per call in `memo`.
    mutating func extreme<T: CellOffset>(_ id: NodeID, level: Int, edge: Edge, memo: inout [NodeID: T]) -> T? {
        if isEmpty(id, level: level) { return nil }
        if level == NodeStore.leafLevel {
            let b = leafBits(id)
            var columns = b | b &>> 32
            columns |= columns &>> 16
            columns |= columns &>> 8
            columns &= 0xFF
            switch edge {
            case .left: return T(columns.trailingZeroBitCount)
            case .right: return T(63 - columns.leadingZeroBitCount)
            case .top: return T(b.trailingZeroBitCount / 8)
            case .bottom: return T((63 - b.leadingZeroBitCount) / 8)
            }
        }
        if let known = memo[id] { return known }
        let r = arena[id]
        let half = T.powerOfTwo(level - 1)
        let k = level - 1
        let value: T
        switch edge {
        case .left:
            if let v = Self.pick(extreme(r.nw, level: k, edge: edge, memo: &memo), extreme(r.sw, level: k, edge: edge, memo: &memo), min) {
                value = v
            } else {
                value = Self.pick(extreme(r.ne, level: k, edge: edge, memo: &memo), extreme(r.se, level: k, edge: edge, memo: &memo), min)! + half
            }
        case .right:
            if let v = Self.pick(extreme(r.ne, level: k, edge: edge, memo: &memo), extreme(r.se, level: k, edge: edge, memo: &memo), max) {
                value = v + half
            } else {
                value = Self.pick(extreme(r.nw, level: k, edge: edge, memo: &memo), extreme(r.sw, level: k, edge: edge, memo: &memo), max)!
            }
        case .top:
            if let v = Self.pick(extreme(r.nw, level: k, edge: edge, memo: &memo), extreme(r.ne, level: k, edge: edge, memo: &memo), min) {
                value = v
            } else {
                value = Self.pick(extreme(r.sw, level: k, edge: edge, memo: &memo), extreme(r.se, level: k, edge: edge, memo: &memo), min)! + half
            }
        case .bottom:
            if let v = Self.pick(extreme(r.sw, level: k, edge: edge, memo: &memo), extreme(r.se, level: k, edge: edge, memo: &memo), max) {
                value = v + half
            } else {
                value = Self.pick(extreme(r.nw, level: k, edge: edge, memo: &memo), extreme(r.ne, level: k, edge: edge, memo: &memo), max)!
            }
        }
        memo[id] = value
        return value
    }

    private static func pick<T>(_ a: T?, _ b: T?, _ choose: (T, T) -> T) -> T? {
        switch (a, b) {
        case let (a?, b?): return choose(a, b)
        case let (a?, nil): return a
        case let (nil, b?): return b
        case (nil, nil): return nil
        }
    }

    /// Live cells of a node of `level` ≤ 31 at offset (`x`, `y`) inside `clip` (root-relative);
    /// every count fits an Int there.
    mutating func population(_ id: NodeID, level: Int, x: Int, y: Int, clip: ClipRect<Int>) -> Int {
        if isEmpty(id, level: level) { return 0 }
        let side = 1 << level
        if clip.x1 <= x || clip.y1 <= y || x + side <= clip.x0 || y + side <= clip.y0 { return 0 }
        if clip.x0 <= x && clip.y0 <= y && x + side <= clip.x1 && y + side <= clip.y1 {
            return Int(smallPopulation(id, level: level))
        }
        if level == NodeStore.leafLevel {
            return NodeStore.leafMask(x: x, y: y, clip: clip).map { (leafBits(id) & $0).nonzeroBitCount } ?? 0
        }
        let r = arena[id], h = side >> 1
        return population(r.nw, level: level - 1, x: x, y: y, clip: clip)
            + population(r.ne, level: level - 1, x: x + h, y: y, clip: clip)
            + population(r.sw, level: level - 1, x: x, y: y + h, clip: clip)
            + population(r.se, level: level - 1, x: x + h, y: y + h, clip: clip)
    }

    /// Live cells of a node of any `level` at offset (`x`, `y`) inside `clip`, exactly.
    mutating func populationBig(_ id: NodeID, level: Int, x: BigUInt, y: BigUInt, clip: ClipRect<BigUInt>) -> BigUInt {
        if isEmpty(id, level: level) { return .zero }
        let side = BigUInt.powerOfTwo(level)
        if clip.x1 <= x || clip.y1 <= y || x + side <= clip.x0 || y + side <= clip.y0 { return .zero }
        if clip.x0 <= x && clip.y0 <= y && x + side <= clip.x1 && y + side <= clip.y1 {
            return population(id, level: level)
        }
        if level == NodeStore.leafLevel {
            let c = ClipRect(x0: Self.relative(clip.x0, x), y0: Self.relative(clip.y0, y),
                             x1: Self.relative(clip.x1, x), y1: Self.relative(clip.y1, y))
            return BigUInt(NodeStore.leafMask(x: 0, y: 0, clip: c).map { (leafBits(id) & $0).nonzeroBitCount } ?? 0)
        }
        let r = arena[id], h = BigUInt.powerOfTwo(level - 1)
        var total = populationBig(r.nw, level: level - 1, x: x, y: y, clip: clip)
        total += populationBig(r.ne, level: level - 1, x: x + h, y: y, clip: clip)
        total += populationBig(r.sw, level: level - 1, x: x, y: y + h, clip: clip)
        total += populationBig(r.se, level: level - 1, x: x + h, y: y + h, clip: clip)
        return total
    }

    /// `bound - origin` clamped to 0...8, for cutting a leaf.
    private static func relative(_ bound: BigUInt, _ origin: BigUInt) -> Int {
        if bound <= origin { return 0 }
        let d = bound - origin
        return min(d.intValue ?? 8, 8)
    }

    /// The bits of a leaf at (`x`, `y`) that lie inside `clip`, or nil if none.
    static func leafMask(x: Int, y: Int, clip: ClipRect<Int>) -> UInt64? {
        let cx0 = max(clip.x0 - x, 0), cx1 = min(clip.x1 - x, 8)
        let cy0 = max(clip.y0 - y, 0), cy1 = min(clip.y1 - y, 8)
        guard cx0 < cx1, cy0 < cy1 else { return nil }
        let rowMask = UInt64((1 << cx1) - (1 << cx0))
        var mask: UInt64 = 0
        for row in cy0..<cy1 { mask |= rowMask << UInt64(8 * row) }
        return mask
    }

    /// Calls `body` with the root-relative offset of every live cell of a node inside `clip`.
    mutating func visitLiveCells<T: CellOffset>(_ id: NodeID, level: Int, x: T, y: T, clip: ClipRect<T>,
                                                _ body: (T, T) -> Void) {
        if isEmpty(id, level: level) { return }
        let side = T.powerOfTwo(level)
        if clip.x1 <= x || clip.y1 <= y || x + side <= clip.x0 || y + side <= clip.y0 { return }
        if level == NodeStore.leafLevel {
            var bits = leafBits(id)
            while bits != 0 {
                let b = bits.trailingZeroBitCount
                bits &= bits - 1
                let cx = x + T(b & 7), cy = y + T(b >> 3)
                if clip.x0 <= cx && cx < clip.x1 && clip.y0 <= cy && cy < clip.y1 { body(cx, cy) }
            }
            return
        }
        let r = arena[id], h = T.powerOfTwo(level - 1)
        visitLiveCells(r.nw, level: level - 1, x: x, y: y, clip: clip, body)
        visitLiveCells(r.ne, level: level - 1, x: x + h, y: y, clip: clip, body)
        visitLiveCells(r.sw, level: level - 1, x: x, y: y + h, clip: clip, body)
        visitLiveCells(r.se, level: level - 1, x: x + h, y: y + h, clip: clip, body)
    }
}
