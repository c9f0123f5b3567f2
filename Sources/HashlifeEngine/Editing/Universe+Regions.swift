// Copying, clearing, filling and pasting rectangles of the plane, as tree operations.
//
// Rectangles are in the universe's coordinates (see `Universe`); any of them may lie partly or
// wholly outside the root, be larger than the pattern, or sit at coordinates of any size. The
// root grows to hold what is pasted and is shrunk back after every operation.

extension Universe {
    /// The cells inside `rect` as a clip of `rect`'s size (its top-left is the clip's (0, 0)).
    /// The universe is unchanged.
    /// - Complexity: O(distinct nodes the rectangle's edges cross + levels); no cell is visited.
    public func clip(of rect: CellRect) -> PatternClip {
        collectIfNeeded()
        return NodeStore.withStack(forLevels: level) { makeClip(of: rect) }
    }

    /// The cells inside `rect` of another universe, as a clip of this one (for stamping a
    /// pattern loaded from a file: load it into its own universe, then clip its bounding box).
    /// - Complexity: O(distinct nodes of the clip), copied node by node between the stores.
    public func clip(of rect: CellRect, in source: Universe) -> PatternClip {
        if source === self { return clip(of: rect) }
        return importing(source.clip(of: rect), from: source)
    }

    /// A clip of `width` × `height` whose live cells are `cells`, given as offsets from its
    /// top-left, in any order (duplicates allowed; cells outside the rectangle are dropped).
    /// - Complexity: O(n log n) for n cells, building the tree bottom-up.
    public func clip(cells: some Sequence<(x: Int, y: Int)>, width: BigUInt, height: BigUInt) -> PatternClip {
        let scratch = Universe(rule: rule, memoryLimit: MemoryLimit.minimumBytes)
        scratch.load(cells: cells)
        return clip(of: CellRect(x: .zero, y: .zero, width: width, height: height), in: scratch)
    }

    /// Did this universe make `clip` (so it may be pasted, transformed or read here)? A clip of
    /// another universe must be imported first (`importing(_:from:)`).
    public func owns(_ clip: PatternClip) -> Bool { clip.pin.pins === store.collector.pinned }

    /// `clip`, made by `source`, as a clip of this universe (the same cells and size).
    /// - Complexity: O(distinct nodes of the clip).
    public func importing(_ clip: PatternClip, from source: Universe) -> PatternClip {
        if source === self { return clip }
        precondition(clip.pin.pins === source.store.collector.pinned, "a clip imported from a universe that did not make it")
        collectIfNeeded()
        var memo = RegionMemo()
        let id = NodeStore.withStack(forLevels: clip.level) { copyNode(clip.node, level: clip.level, from: source, &memo) }
        return PatternClip(pin: PinnedRoot(id, in: store.collector.pinned), level: clip.level, left: clip.left, top: clip.top,
                           width: clip.width, height: clip.height, population: clip.population)
    }

    /// Kills every cell inside `rect`; the rest stays.
    /// - Complexity: O(distinct nodes the rectangle's edges cross).
    public func clear(inside rect: CellRect) {
        guard let area = clipToRoot(rect) else { return }
        collectIfNeeded()
        NodeStore.withStack(forLevels: level) {
            root = store.combined(root, store.cropped(root, level: level, area), level: level, .difference)
        }
        shrink()
        checkInvariants(after: "clear(inside:)")
    }

    /// Kills every cell outside `rect` (all of them when `rect` is empty); the rest stays.
    /// - Complexity: O(distinct nodes the rectangle's edges cross).
    public func clear(outside rect: CellRect) {
        guard let area = clipToRoot(rect) else { clear(); return }
        collectIfNeeded()
        NodeStore.withStack(forLevels: level) { root = store.cropped(root, level: level, area) }
        shrink()
        checkInvariants(after: "clear(outside:)")
    }

    /// Makes every cell inside `rect` alive.
    /// - Complexity: O(levels + distinct nodes the rectangle's edges cross), whatever its area.
    public func fill(_ rect: CellRect) {
        if rect.isEmpty { return }
        collectIfNeeded()
        grow(toHold: rect, level: Universe.minimumLevel)
        NodeStore.withStack(forLevels: level) {
            let full = store.cropped(store.fullNode(level: level), level: level, clipToRoot(rect)!)
            root = store.combined(root, full, level: level, .union)
        }
        shrink()
        checkInvariants(after: "fill")
    }

    /// Pastes `clip` with its top-left at (`x`, `y`), combining it with the cells of the pasted
    /// rectangle (the clip's size) as `mode` says (see `PasteMode`); cells outside that
    /// rectangle never change. `clip` must come from this universe (see `importing`).
    /// - Complexity: O(distinct nodes of the clip) to move it to its place, plus the nodes
    ///   where it and the universe differ; no cell is visited.
    public func paste(_ clip: PatternClip, x: BigInt, y: BigInt, mode: PasteMode = .or) {
        precondition(clip.pin.pins === store.collector.pinned, "a clip pasted into a universe that did not make it")
        if clip.width.isZero || clip.height.isZero { return }
        if clip.isEmpty && (mode == .or || mode == .xor) { return }
        collectIfNeeded()
        let rect = CellRect(x: x, y: y, width: clip.width, height: clip.height)
        grow(toHold: rect, level: clip.level + 1)
        NodeStore.withStack(forLevels: level) {
            let placed = placing(clip.node, level: clip.level,
                                 x: x - BigInt(clip.left) - originX, y: y - BigInt(clip.top) - originY)
            let area = clipToRoot(rect)!
            switch mode {
            case .or: root = store.combined(root, placed, level: level, .union)
            case .xor: root = store.combined(root, placed, level: level, .symmetricDifference)
            case .copy: root = store.combined(clearing(root, area), placed, level: level, .union)
            case .and:
                let kept = store.combined(root, placed, level: level, .intersection)
                root = store.combined(clearing(root, area), kept, level: level, .union)
            }
        }
        shrink()
        checkInvariants(after: "paste")
    }

    /// Calls `body` with the offset from the clip's top-left of each of its live cells, in
    /// quadtree order. The clip's sides must fit an Int. `clip` must come from this universe.
    /// - Complexity: O(live cells × levels) at worst, skipping empty nodes.
    public func forEachLiveCell(of clip: PatternClip, _ body: (_ dx: Int, _ dy: Int) -> Void) {
        precondition(clip.pin.pins === store.collector.pinned, "a clip read through a universe that did not make it")
        guard let w = clip.width.intValue, let h = clip.height.intValue else { preconditionFailure("clip too large for Int offsets") }
        if clip.isEmpty { return }
        _ = store.emptyNode(level: clip.level)
        if clip.level <= 62 {
            let l = clip.left.intValue!, t = clip.top.intValue!
            store.visitLiveCells(clip.node, level: clip.level, x: 0, y: 0, clip: ClipRect(x0: l, y0: t, x1: l + w, y1: t + h)) { x, y in
                body(x - l, y - t)
            }
        } else {
            let bounds = ClipRect(x0: clip.left, y0: clip.top, x1: clip.left + clip.width, y1: clip.top + clip.height)
            store.visitLiveCells(clip.node, level: clip.level, x: BigUInt.zero, y: BigUInt.zero, clip: bounds) { x, y in
                body((x - clip.left).intValue!, (y - clip.top).intValue!)
            }
        }
    }
}

// MARK: - Internals

extension Universe {
    /// Expands the root until it holds `rect` and is at least of `level`.
    func grow(toHold rect: CellRect, level minimum: Int) {
        while level < minimum || !rootHolds(rect) { expand() }
    }

    /// Does the root's square hold all of `rect`?
    func rootHolds(_ rect: CellRect) -> Bool {
        let side = BigInt(BigUInt.powerOfTwo(level))
        return originX <= rect.x && originY <= rect.y && rect.maxX <= originX + side && rect.maxY <= originY + side
    }

    /// `id` (of the root's level, in its frame) with the cells inside `area` killed.
    func clearing(_ id: NodeID, _ area: ClipRect<BigUInt>) -> NodeID {
        store.combined(id, store.cropped(id, level: level, area), level: level, .difference)
    }

    /// The clip of `rect`: the root cropped to it, in a frame grown to hold all of it, then
    /// narrowed to a node less than four times the rectangle's larger side.
    func makeClip(of rect: CellRect) -> PatternClip {
        guard !rect.isEmpty, let area = clipToRoot(rect) else { return emptyClip(width: rect.width, height: rect.height) }
        let cropped = store.cropped(root, level: level, area)
        return makeClip(cropped, level: level, x: originX, y: originY, rect: rect)
    }

    /// A clip of `rect`, whose cells are those of node `id` (of `level`, top-left at (`x`, `y`),
    /// no live cell outside `rect`).
    func makeClip(_ id: NodeID, level: Int, x: BigInt, y: BigInt, rect: CellRect) -> PatternClip {
        var (id, k, x, y) = (id, level, x, y)
        // Grow around the centre (as `expand` does) until the node holds the rectangle.
        while true {
            let side = BigInt(BigUInt.powerOfTwo(k))
            if x <= rect.x && y <= rect.y && rect.maxX <= x + side && rect.maxY <= y + side { break }
            id = padded(id, level: k)
            x -= BigInt(BigUInt.powerOfTwo(k - 1))
            y -= BigInt(BigUInt.powerOfTwo(k - 1))
            k += 1
        }
        // Narrow: while the rectangle's larger side is at most a quarter of the node's, one of
        // the nine half-size squares at multiples of a quarter holds it.
        let larger = max(rect.width, rect.height)
        while k > Universe.minimumClipLevel && larger <= BigUInt.powerOfTwo(k - 2) {
            let quarter = BigUInt.powerOfTwo(k - 2)
            let ix = min((rect.x - x).magnitude.quotientAndRemainder(dividingBy: quarter).quotient.intValue ?? 2, 2)
            let iy = min((rect.y - y).magnitude.quotientAndRemainder(dividingBy: quarter).quotient.intValue ?? 2, 2)
            id = subSquare(id, column: ix, row: iy)
            x += BigInt(quarter * BigUInt(ix))
            y += BigInt(quarter * BigUInt(iy))
            k -= 1
        }
        _ = store.emptyNode(level: k)
        let population = store.population(id, level: k)
        return PatternClip(pin: PinnedRoot(id, in: store.collector.pinned), level: k, left: (rect.x - x).magnitude, top: (rect.y - y).magnitude,
                           width: rect.width, height: rect.height, population: population)
    }

    /// A clip of `width` × `height` with no live cell.
    func emptyClip(width: BigUInt, height: BigUInt) -> PatternClip {
        var k = Universe.minimumClipLevel
        while BigUInt.powerOfTwo(k) < max(width, height) { k += 1 }
        return PatternClip(pin: PinnedRoot(store.emptyNode(level: k), in: store.collector.pinned), level: k, left: .zero, top: .zero,
                           width: width, height: height, population: .zero)
    }

    /// Smallest level of a clip's node (16×16: narrowing needs grandchildren above the leaves).
    static let minimumClipLevel = 4

    /// `id` (of `level`) in the centre of an empty node one level up.
    func padded(_ id: NodeID, level: Int) -> NodeID {
        let r = store.record(id)
        let e = store.emptyNode(level: level - 1)
        return store.node(store.node(e, e, e, r.nw), store.node(e, e, r.ne, e),
                          store.node(e, r.sw, e, e), store.node(r.se, e, e, e))
    }

    /// The half-size square of `id` whose top-left is (`column`, `row`) quarters of `id`'s side
    /// from its own (each 0, 1 or 2).
    func subSquare(_ id: NodeID, column: Int, row: Int) -> NodeID {
        let r = store.record(id)
        let quadrants = [store.record(r.nw), store.record(r.ne), store.record(r.sw), store.record(r.se)]
        func grandchild(_ row: Int, _ col: Int) -> NodeID {
            let q = quadrants[(row >> 1) * 2 + (col >> 1)]
            switch (row & 1, col & 1) {
            case (0, 0): return q.nw
            case (0, _): return q.ne
            case (_, 0): return q.sw
            default: return q.se
            }
        }
        return store.node(grandchild(row, column), grandchild(row, column + 1),
                          grandchild(row + 1, column), grandchild(row + 1, column + 1))
    }

    /// A node of the root's level whose cells are those of `id` (of `level` ≤ the root's)
    /// placed with its top-left at (`x`, `y`) from the root's (any integers: the parts of `id`
    /// outside the root must be empty).
    /// - Complexity: O(distinct nodes of `id`): a window of each of the (up to four) aligned
    ///   squares of `level` it overlaps.
    func placing(_ id: NodeID, level k: Int, x: BigInt, y: BigInt) -> NodeID {
        let side = BigUInt.powerOfTwo(k)
        let (qx, rx) = x.floorDivided(by: side), (qy, ry) = y.floorDivided(by: side)
        let e = store.emptyNode(level: k)
        // The node sits in the middle of a 3×3 block of empty squares; the aligned square at
        // (qx + i, qy + j) is the window at offset (side - rx, side - ry) of the 2×2 sub-block
        // whose top-left is block column i (1 when rx = 0), row j.
        let shift = WindowShift(x: rx.isZero ? .zero : side - rx, y: ry.isZero ? .zero : side - ry)
        func block(_ column: Int, _ row: Int) -> NodeID { column == 1 && row == 1 ? id : e }
        let grid = BigInt(BigUInt.powerOfTwo(level - k))
        var memo = RegionMemo()
        var squares: [(x: BigUInt, y: BigUInt, id: NodeID)] = []
        for j in 0..<(ry.isZero ? 1 : 2) {
            for i in 0..<(rx.isZero ? 1 : 2) {
                let gx = qx + BigInt(i), gy = qy + BigInt(j)
                guard !gx.isNegative, !gy.isNegative, gx < grid, gy < grid else { continue }
                let c = i + (rx.isZero ? 1 : 0), r = j + (ry.isZero ? 1 : 0)
                let square = store.window(block(c, r), block(c + 1, r), block(c, r + 1), block(c + 1, r + 1),
                                          level: k, shift, &memo)
                squares.append((gx.magnitude, gy.magnitude, square))
            }
        }
        return assembling(squares[...], squareLevel: k, level: level)
    }

    /// The node of `level` holding `squares` (of `squareLevel`, at their grid positions in
    /// units of their side), empty elsewhere.
    func assembling(_ squares: ArraySlice<(x: BigUInt, y: BigUInt, id: NodeID)>, squareLevel k: Int, level: Int) -> NodeID {
        if squares.isEmpty { return store.emptyNode(level: level) }
        if level == k { return squares.first!.id }
        let bit = level - 1 - k
        func part(_ east: Bool, _ south: Bool) -> NodeID {
            assembling(squares.filter { $0.x.bit(bit) == east && $0.y.bit(bit) == south }[...], squareLevel: k, level: level - 1)
        }
        return store.node(part(false, false), part(true, false), part(false, true), part(true, true))
    }

    /// `id` (of `level`, a node of `source`'s store) copied into this universe's store.
    func copyNode(_ id: NodeID, level: Int, from source: Universe, _ memo: inout RegionMemo) -> NodeID {
        if level == NodeStore.leafLevel { return store.leaf(source.store.leafBits(id)) }
        if id == source.store.emptyNode(level: level) { return store.emptyNode(level: level) }
        let key = SIMD4(id, 0, 0, 0)
        if let known = memo[key] { return known }
        let r = source.store.record(id)
        let nw = copyNode(r.nw, level: level - 1, from: source, &memo)
        let ne = copyNode(r.ne, level: level - 1, from: source, &memo)
        let sw = copyNode(r.sw, level: level - 1, from: source, &memo)
        let se = copyNode(r.se, level: level - 1, from: source, &memo)
        let result = store.node(nw, ne, sw, se)
        memo.set(key, result)
        return result
    }
}
