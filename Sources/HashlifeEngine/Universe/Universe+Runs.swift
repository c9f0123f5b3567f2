// Loading what cell lists cannot hold cheaply: long runs of live cells and groups of cells far
// from each other, built as trees in O(levels) node look-ups instead of cell by cell.

extension Universe {
    /// Makes the `length` cells from (`x`, `y`) to (`x` + `length` - 1, `y`) alive, growing the
    /// root as needed; the other cells stay. A run of 10^9 or 2^1000 cells costs about as much
    /// as a short one: fully covered squares are shared nodes, built once per level.
    /// - Complexity: O(level) node look-ups where the run crosses empty space, plus the nodes of
    ///   existing content it overlaps.
    public func setRun(x: BigInt, y: BigInt, length: BigUInt) {
        if length.isZero { return }
        collectIfNeeded()
        let last = x + BigInt(length) - BigInt(1)
        while rootOffset(x: x, y: y) == nil || rootOffset(x: last, y: y) == nil { expand() }
        let (rx, ry) = rootOffset(x: x, y: y)!
        var painter = RunPainter()
        let level = level, start = root
        // The recursion keeps big integers per level: give it room for twice the levels.
        root = NodeStore.withStack(forLevels: 2 * level) {
            painter.paint(start, level: level, row: ry, from: rx, to: rx + length, in: self)
        }
    }

    /// Adds `cells` and `runs` (as in `load(cells:runs:)`), given as offsets from (`originX`, `originY`), to the live cells already
    /// there (a union; `load(cells:)` replaces instead). Cells far from the current ones cost
    /// no more than near ones: the new cells become a tree of their own, merged node by node.
    /// - Complexity: O(n log n) for n cells, plus O(level) and the nodes where both overlap.
    public func add(cells: some Sequence<(x: Int, y: Int)>, runs: some Sequence<(x: Int, y: Int, length: Int)> = EmptyCollection(),
                    originX: BigInt = .zero, originY: BigInt = .zero) {
        if isEmpty {
            load(cells: cells, runs: runs, originX: originX, originY: originY)
            return
        }
        let kept = saveState()  // pins the current tree while the new one is built
        load(cells: cells, runs: runs, originX: originX, originY: originY)
        let addedRoot = root, addedLevel = level
        restore(kept)
        merge(addedRoot, level: addedLevel)
    }

    /// Unions the tree `other` (of `otherLevel`, in Golly's frame for its level) into the root.
    func merge(_ other: NodeID, level otherLevel: Int) {
        var other = other, otherLevel = otherLevel
        while level < otherLevel { expand() }
        registerEmpties()
        while otherLevel < level {
            other = padded(other, level: otherLevel)
            otherLevel += 1
        }
        let level = level, start = root
        root = NodeStore.withStack(forLevels: level) { store.combined(start, other, level: level, .union) }
        shrink()
    }
}

/// Paints one horizontal run into a tree. Squares the run crosses from edge to edge depend only
/// on (node, row), so they are memoized: a run through empty space meets one such pair per level.
private struct RunPainter {
    struct Key: Hashable {
        let id: NodeID
        let row: BigUInt
    }
    var fullWidth: [Key: NodeID] = [:]

    /// `id` (of `level`) with the cells of row `row`, columns [`from`, `to`) made alive; all
    /// offsets are relative to the node's top-left, and the range is inside the node.
    mutating func paint(_ id: NodeID, level: Int, row: BigUInt, from: BigUInt, to: BigUInt, in universe: Universe) -> NodeID {
        if level == NodeStore.leafLevel {
            let lo = from.intValue!, hi = to.intValue!, y = row.intValue!
            let mask = (hi == 8 ? UInt64(0xFF) : (UInt64(1) << UInt64(hi)) - 1) & ~((UInt64(1) << UInt64(lo)) - 1)
            return universe.store.leaf(universe.store.leafBits(id) | mask << UInt64(y * 8))
        }
        let side = BigUInt.powerOfTwo(level)
        let isFull = from.isZero && to == side
        if isFull, let known = fullWidth[Key(id: id, row: row)] { return known }
        let half = BigUInt.powerOfTwo(level - 1)
        var r = universe.store.record(id)
        let south = row >= half
        let childRow = south ? row - half : row
        if from < half {
            let end = to < half ? to : half
            let child = south ? r.sw : r.nw
            let painted = paint(child, level: level - 1, row: childRow, from: from, to: end, in: universe)
            if south { r.sw = painted } else { r.nw = painted }
        }
        if to > half {
            let start = from > half ? from - half : BigUInt.zero
            let child = south ? r.se : r.ne
            let painted = paint(child, level: level - 1, row: childRow, from: start, to: to - half, in: universe)
            if south { r.se = painted } else { r.ne = painted }
        }
        let result = universe.store.node(r.nw, r.ne, r.sw, r.se)
        if isFull { fullWidth[Key(id: id, row: row)] = result }
        return result
    }
}
