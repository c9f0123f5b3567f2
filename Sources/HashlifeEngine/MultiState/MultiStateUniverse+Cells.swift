// MultiStateUniverse+Cells.swift — reading and writing single cells, and loading many at once.
//
// Writes place whole aligned squares: a square of level k whose top-left cell has x ≡ 0 and
// y ≡ 1 modulo 2^k is one node of the tree (the root sits in Golly's frame, `RootFrame`, which
// is so aligned for every smaller k), so it is put in by rebuilding the path from the root down
// to it, O(level).

extension MultiStateUniverse {
    /// The state of the cell at (`x`, `y`), 0 when it is empty.
    /// - Complexity: O(level).
    public func state(atX x: BigInt, y: BigInt) -> UInt8 {
        guard let (rx, ry) = rootOffset(x: x, y: y) else { return 0 }
        var id = root
        var k = level
        while k > MultiStateRecord.leafLevel {
            let r = store.record(id)
            let east = rx.bit(k - 1), south = ry.bit(k - 1)
            id = south ? (east ? r.se : r.sw) : (east ? r.ne : r.nw)
            k -= 1
        }
        return MultiStateUniverse.cell(store.record(id), x: rx.bit(1) ? 2 + (rx.bit(0) ? 1 : 0) : (rx.bit(0) ? 1 : 0),
                                       y: ry.bit(1) ? 2 + (ry.bit(0) ? 1 : 0) : (ry.bit(0) ? 1 : 0))
    }

    public func state(atX x: Int, y: Int) -> UInt8 { state(atX: BigInt(x), y: BigInt(y)) }

    /// Puts the cell at (`x`, `y`) in `state` (0 empties it), growing the root if needed.
    /// - Precondition: `state` < `rule.stateCount`.
    /// - Complexity: O(level) node look-ups.
    public func setState(_ state: UInt8, atX x: BigInt, y: BigInt) {
        precondition(Int(state) < rule.stateCount, "state \(state) is out of range for rule \(rule) (\(rule.stateCount) states)")
        if state == 0 && rootOffset(x: x, y: y) == nil { return }
        collectIfNeeded()
        let alignment = BigInt(RootFrame.alignmentY)
        let (leafX, column) = x.floorDivided(by: BigUInt(4))
        let (leafY, row) = (y - alignment).floorDivided(by: BigUInt(4))
        let blockX = leafX << 2, blockY = leafY << 2 + alignment
        let old = store.record(square(atX: blockX, y: blockY, level: MultiStateRecord.leafLevel))
        var rows = (old.w0, old.w1, old.w2, old.w3)
        let shift = UInt32(column.uint64Value! * 8)
        withUnsafeMutableBytes(of: &rows) { raw in
            var word = raw.load(fromByteOffset: Int(row.uint64Value!) * 4, as: UInt32.self)
            word = word & ~(0xFF << shift) | UInt32(state) << shift
            raw.storeBytes(of: word, toByteOffset: Int(row.uint64Value!) * 4, as: UInt32.self)
        }
        place(store.leaf(rows.0, rows.1, rows.2, rows.3), level: MultiStateRecord.leafLevel, atX: blockX, y: blockY)
    }

    public func setState(_ state: UInt8, atX x: Int, y: Int) { setState(state, atX: BigInt(x), y: BigInt(y)) }

    /// Replaces the contents with `cells`, given as offsets from (`originX`, `originY`), in any
    /// order (a cell listed twice takes its last state; state 0 leaves it empty). The
    /// generation counter and rule stay.
    /// - Precondition: every state is below `rule.stateCount`.
    /// - Complexity: O(n log n) for n cells, building the tree bottom-up.
    public func load(cells: some Sequence<(x: Int, y: Int, state: UInt8)>, originX: BigInt = .zero, originY: BigInt = .zero) {
        clear()
        collectIfNeeded()
        var leaves: [SIMD2<Int>: SIMD16<UInt8>] = [:]
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
        var list: [(x: Int, y: Int, state: UInt8)] = []
        for cell in cells {
            precondition(Int(cell.state) < rule.stateCount, "state \(cell.state) is out of range for rule \(rule) (\(rule.stateCount) states)")
            list.append(cell)
            minX = min(minX, cell.x); maxX = max(maxX, cell.x)
            minY = min(minY, cell.y); maxY = max(maxY, cell.y)
        }
        guard !list.isEmpty else { return }
        // Squares of 2^k cells, k the smallest with 2^k above both spans; the cells then lie in
        // the 2^(k+1) square made of the four aligned 2^k squares from the one holding the
        // top-left cell.
        let span = max(maxX - minX, maxY - minY)
        var k = MultiStateRecord.leafLevel
        while (1 << k) <= span { k += 1 }
        let (blockX, offsetX) = (originX + BigInt(minX)).floorDivided(by: BigUInt.powerOfTwo(k))
        let alignment = BigInt(RootFrame.alignmentY)
        let (blockY, offsetY) = (originY + BigInt(minY) - alignment).floorDivided(by: BigUInt.powerOfTwo(k))
        let dx = Int(offsetX.uint64Value!) - minX, dy = Int(offsetY.uint64Value!) - minY
        for cell in list {
            let (x, y) = (cell.x + dx, cell.y + dy)
            leaves[SIMD2(x >> 2, y >> 2), default: SIMD16()][(y & 3) * 4 + (x & 3)] = cell.state
        }
        var made: [(x: Int, y: Int, id: NodeID)] = []
        made.reserveCapacity(leaves.count)
        for (key, cells) in leaves where cells != SIMD16() {
            let words = unsafeBitCast(cells, to: SIMD4<UInt32>.self)
            made.append((key.x, key.y, store.leaf(words[0], words[1], words[2], words[3])))
        }
        place(leaves: &made, level: k, blockX: blockX, blockY: blockY)
    }

    /// Puts in the leaves `made` (positions in units of 4 cells from the top-left of the
    /// aligned square of `level` k at (`blockX`, `blockY`) in units of 2^k, y counted from
    /// `RootFrame.alignmentY`), which lie in the 2^(k+1) square from there; reorders them.
    func place(leaves made: inout [(x: Int, y: Int, id: NodeID)], level k: Int, blockX: BigInt, blockY: BigInt) {
        let square = MultiStateUniverse.withStack(forLevels: k + 1) {
            build(&made[...], level: k + 1, x: 0, y: 0)
        }
        place(square: square, level: k, blockX: blockX, blockY: blockY)
    }

    /// Puts in the nonempty quadrants of `square`, of level k + 1, whose top-left is the aligned
    /// square of `level` k at (`blockX`, `blockY`) in units of 2^k (y counted from
    /// `RootFrame.alignmentY`).
    func place(square: NodeID, level k: Int, blockX: BigInt, blockY: BigInt) {
        let quadrants = store.record(square)
        let side = BigInt(BigUInt.powerOfTwo(k))
        let left = blockX << k, top = blockY << k + BigInt(RootFrame.alignmentY)
        for (id, x, y) in [(quadrants.nw, left, top), (quadrants.ne, left + side, top),
                           (quadrants.sw, left, top + side), (quadrants.se, left + side, top + side)]
        where !store.isEmpty(id, level: k) {
            place(id, level: k, atX: x, y: y)
        }
    }

    /// The node of `level` holding `leaves` (leaf positions in units of 4 cells, relative to
    /// the square's top-left at (`x`, `y`) in the same units), which it reorders.
    private func build(_ leaves: inout ArraySlice<(x: Int, y: Int, id: NodeID)>, level: Int, x: Int, y: Int) -> NodeID {
        if leaves.isEmpty { return store.emptyNode(level: level) }
        if level == MultiStateRecord.leafLevel { return leaves.first!.id }
        let half = 1 << (level - 3)
        let east = x + half, south = y + half
        let splitY = leaves.partition { $0.y >= south }
        var north = leaves[..<splitY], southern = leaves[splitY...]
        let splitNorth = north.partition { $0.x >= east }
        let splitSouth = southern.partition { $0.x >= east }
        var nw = north[..<splitNorth], ne = north[splitNorth...]
        var sw = southern[..<splitSouth], se = southern[splitSouth...]
        let a = build(&nw, level: level - 1, x: x, y: y)
        let b = build(&ne, level: level - 1, x: east, y: y)
        let c = build(&sw, level: level - 1, x: x, y: south)
        let d = build(&se, level: level - 1, x: east, y: south)
        return store.node(a, b, c, d)
    }

    /// The cell (`x`, `y`) of a leaf record (0 ≤ x, y < 4).
    @inline(__always)
    static func cell(_ leaf: MultiStateRecord, x: Int, y: Int) -> UInt8 {
        let row = y == 0 ? leaf.w0 : y == 1 ? leaf.w1 : y == 2 ? leaf.w2 : leaf.w3
        return UInt8(truncatingIfNeeded: row >> UInt32(x * 8))
    }

    /// The offset of (`x`, `y`) from the root's top-left, or nil outside the root.
    func rootOffset(x: BigInt, y: BigInt) -> (BigUInt, BigUInt)? {
        let rx = x - originX, ry = y - originY
        guard !rx.isNegative, !ry.isNegative else { return nil }
        let side = BigUInt.powerOfTwo(level)
        guard rx.magnitude < side, ry.magnitude < side else { return nil }
        return (rx.magnitude, ry.magnitude)
    }

    /// The aligned square of `level` whose top-left cell is (`x`, `y`) (x ≡ 0 and y ≡ 1
    /// modulo 2^level, `RootFrame`), the empty node when it lies outside the root.
    func square(atX x: BigInt, y: BigInt, level k: Int) -> NodeID {
        guard let (rx, ry) = rootOffset(x: x, y: y) else { return store.emptyNode(level: k) }
        var id = root
        var l = level
        while l > k {
            let r = store.record(id)
            let east = rx.bit(l - 1), south = ry.bit(l - 1)
            id = south ? (east ? r.se : r.sw) : (east ? r.ne : r.nw)
            l -= 1
        }
        return id
    }

    /// Puts `node` (of level `k`) in place of the aligned square whose top-left cell is
    /// (`x`, `y`) (x ≡ 0 and y ≡ 1 modulo 2^k), growing the root until it holds that square.
    func place(_ node: NodeID, level k: Int, atX x: BigInt, y: BigInt) {
        let side = BigInt(BigUInt.powerOfTwo(k))
        while level <= k || rootOffset(x: x, y: y) == nil || rootOffset(x: x + side - 1, y: y + side - 1) == nil { expand() }
        let (rx, ry) = rootOffset(x: x, y: y)!
        root = replacing(root, level: level, with: node, at: k, rx, ry)
        registerEmpties()
    }

    private func replacing(_ id: NodeID, level l: Int, with node: NodeID, at k: Int, _ rx: BigUInt, _ ry: BigUInt) -> NodeID {
        if l == k { return node }
        let r = store.record(id)
        var (nw, ne, sw, se) = (r.nw, r.ne, r.sw, r.se)
        switch (rx.bit(l - 1), ry.bit(l - 1)) {
        case (false, false): nw = replacing(nw, level: l - 1, with: node, at: k, rx, ry)
        case (true, false): ne = replacing(ne, level: l - 1, with: node, at: k, rx, ry)
        case (false, true): sw = replacing(sw, level: l - 1, with: node, at: k, rx, ry)
        case (true, true): se = replacing(se, level: l - 1, with: node, at: k, rx, ry)
        }
        return store.node(nw, ne, sw, se)
    }
}
