// Reading and writing single cells, and loading many at once.

extension Universe {
    /// Is the cell at (`x`, `y`) alive?
    /// - Complexity: O(level).
    public func cell(x: BigInt, y: BigInt) -> Bool {
        guard let (rx, ry) = rootOffset(x: x, y: y) else { return false }
        return store.leafBits(leaf(atRootOffset: rx, ry)) >> UInt64(Universe.leafBitIndex(x: rx, y: ry)) & 1 == 1
    }

    /// The leaf holding the cell at root-relative offset (`x`, `y`).
    /// - Complexity: O(level).
    func leaf(atRootOffset x: BigUInt, _ y: BigUInt) -> NodeID {
        var id = root
        var k = level
        while k > NodeStore.leafLevel {
            let r = store.record(id)
            let east = x.bit(k - 1), south = y.bit(k - 1)
            id = south ? (east ? r.se : r.sw) : (east ? r.ne : r.nw)
            k -= 1
        }
        return id
    }

    public func cell(x: Int, y: Int) -> Bool { cell(x: BigInt(x), y: BigInt(y)) }

    /// Makes the cell at (`x`, `y`) alive or dead, growing the root if needed.
    /// - Complexity: O(level) node look-ups.
    public func setCell(x: BigInt, y: BigInt, alive: Bool = true) {
        collectIfNeeded()
        var offset = rootOffset(x: x, y: y)
        while offset == nil {
            if !alive { return }
            expand()
            offset = rootOffset(x: x, y: y)
        }
        let (rx, ry) = offset!
        root = replacingCell(root, level: level, x: rx, y: ry, alive: alive)
    }

    public func setCell(x: Int, y: Int, alive: Bool = true) { setCell(x: BigInt(x), y: BigInt(y), alive: alive) }

    /// Flips the cell at (`x`, `y`).
    public func toggleCell(x: BigInt, y: BigInt) { setCell(x: x, y: y, alive: !cell(x: x, y: y)) }

    public func toggleCell(x: Int, y: Int) { toggleCell(x: BigInt(x), y: BigInt(y)) }

    /// Replaces the contents with `cells`, given as offsets from (`originX`, `originY`), in any
    /// order (duplicates allowed). The generation counter and rule stay.
    /// - Complexity: O(n log n) for n cells, building the tree bottom-up (not cell by cell). The
    ///   loop over `cells` is inlined into the caller, so it is specialized for its sequence.
    @inlinable
    public func load(cells: some Sequence<(x: Int, y: Int)>, originX: BigInt = .zero, originY: BigInt = .zero) {
        var leaves = LeafAccumulator(originX: originX, originY: originY)
        for (x, y) in cells { leaves.add(x: x, y: y) }
        load(consume leaves)
    }

    /// Replaces the contents with `cells` and the horizontal `runs` of live cells (each from
    /// (x, y) to (x + length - 1, y); lengths ≥ 0, and the last cell must fit Int), all given as
    /// offsets from (`originX`, `originY`). A run costs one look-up per 8 cells, not one per cell;
    /// for runs of millions of cells `setRun` costs less.
    /// - Complexity: O(n log n) for n cells and 8-cell run pieces.
    @inlinable
    public func load(cells: some Sequence<(x: Int, y: Int)>, runs: some Sequence<(x: Int, y: Int, length: Int)>,
                     originX: BigInt = .zero, originY: BigInt = .zero) {
        var leaves = LeafAccumulator(originX: originX, originY: originY)
        for (x, y) in cells { leaves.add(x: x, y: y) }
        for (x, y, length) in runs { leaves.add(x: x, y: y, length: length) }
        load(consume leaves)
    }

    /// Replaces the contents with the accumulated cells (taken, so that finishing them copies
    /// nothing).
    @usableFromInline
    func load(_ accumulated: consuming LeafAccumulator) {
        accumulated.finish()
        guard accumulated.minX <= accumulated.maxX else { clear(); return }
        collectIfNeeded()
        let originX = accumulated.originX, originY = accumulated.originY
        // The smallest Golly-framed root holding the bounding box.
        let left = originX + BigInt(accumulated.minX), right = originX + BigInt(accumulated.maxX)
        let top = originY + BigInt(accumulated.minY), bottom = originY + BigInt(accumulated.maxY)
        // Start just below the level the coordinates' sizes call for (never above the smallest
        // fitting one), so far-away cells cost a few big-integer steps, not one per level.
        let widest = [left, right, top, bottom].map { $0.magnitude.bitWidth }.max()!
        var k = max(Universe.minimumLevel, widest - 1)
        while true {
            let (fx, fy) = RootFrame.corner(level: k)
            let side = BigInt(BigUInt.powerOfTwo(k))
            if fx <= left && right < fx + side && fy <= top && bottom < fy + side { break }
            k += 1
        }
        // Leaf keys count leaves from the anchor: the leaf corner at or before the document
        // origin (every frame corner has x ≡ 0 and y ≡ 1 modulo 8, the accumulator's alignment).
        let (frameX, frameY) = RootFrame.corner(level: k)
        let anchorLeafX = (originX - frameX - BigInt(accumulated.shiftX)).floorDivided(by: 8).quotient
        let anchorLeafY = (originY - frameY - BigInt(accumulated.shiftY)).floorDivided(by: 8).quotient
        var sorted = accumulated.leaves
        // The root's top-left in leaf units from the anchor.
        // Cells far from the origin make a root of thousands of levels: recurse on a stack to match.
        root = NodeStore.withStack(forLevels: 2 * k) { build(&sorted[...], level: k, x: -anchorLeafX, y: -anchorLeafY) }
        level = k
        (self.originX, self.originY) = (frameX, frameY)
        registerEmpties()
        shrink()
    }

    /// Builds the node of `level` whose top-left leaf is at (`x`, `y`) in leaf units from the
    /// anchor, from the leaves in `leaves` (all inside it), reordering them. A leaf may come
    /// more than once (`LeafAccumulator.leaves`): its cells are the union.
    private func build(_ leaves: inout ArraySlice<(x: Int, y: Int, bits: UInt64)>, level: Int, x: BigInt, y: BigInt) -> NodeID {
        if leaves.isEmpty { return store.emptyNode(level: level) }
        if level == NodeStore.leafLevel { return store.leaf(leaves.reduce(0) { $0 | $1.bits }) }
        let half = BigInt(BigUInt.powerOfTwo(level - 1 - NodeStore.leafLevel))
        let midX = x + half, midY = y + half
        // Leaf keys are Ints: a midpoint beyond Int's range has every leaf on one side.
        func atOrAfter(_ key: Int, _ mid: BigInt) -> Bool {
            if let m = mid.intValue { return key >= m }
            return !mid.isNegative ? false : true
        }
        let southStart = leaves.partition { atOrAfter($0.y, midY) }
        var north = leaves[..<southStart], south = leaves[southStart...]
        let northEast = north.partition { atOrAfter($0.x, midX) }
        let southEast = south.partition { atOrAfter($0.x, midX) }
        var nw = north[..<northEast], ne = north[northEast...]
        var sw = south[..<southEast], se = south[southEast...]
        let a = build(&nw, level: level - 1, x: x, y: y)
        let b = build(&ne, level: level - 1, x: midX, y: y)
        let c = build(&sw, level: level - 1, x: x, y: midY)
        let d = build(&se, level: level - 1, x: midX, y: midY)
        return store.node(a, b, c, d)
    }

    /// Bit of a leaf holding the cell whose root-relative offset is (`x`, `y`): y*8+x of the low three bits.
    static func leafBitIndex(x: BigUInt, y: BigUInt) -> Int {
        var index = 0
        for b in 0..<3 {
            if x.bit(b) { index |= 1 << b }
            if y.bit(b) { index |= 8 << b }
        }
        return index
    }

    /// (`x`, `y`) relative to the root's top-left, or nil when outside the root.
    func rootOffset(x: BigInt, y: BigInt) -> (BigUInt, BigUInt)? {
        let rx = x - originX, ry = y - originY
        guard !rx.isNegative, !ry.isNegative else { return nil }
        let side = BigUInt.powerOfTwo(level)
        guard rx.magnitude < side, ry.magnitude < side else { return nil }
        return (rx.magnitude, ry.magnitude)
    }

    /// `id` (of `level`) with the cell at offset (`x`, `y`) set to `alive`.
    private func replacingCell(_ id: NodeID, level: Int, x: BigUInt, y: BigUInt, alive: Bool) -> NodeID {
        if level == NodeStore.leafLevel {
            let bit = UInt64(Universe.leafBitIndex(x: x, y: y))
            let bits = store.leafBits(id)
            return store.leaf(alive ? bits | 1 << bit : bits & ~(1 << bit))
        }
        var r = store.record(id)
        let east = x.bit(level - 1), south = y.bit(level - 1)
        switch (south, east) {
        case (false, false): r.nw = replacingCell(r.nw, level: level - 1, x: x, y: y, alive: alive)
        case (false, true): r.ne = replacingCell(r.ne, level: level - 1, x: x, y: y, alive: alive)
        case (true, false): r.sw = replacingCell(r.sw, level: level - 1, x: x, y: y, alive: alive)
        case (true, true): r.se = replacingCell(r.se, level: level - 1, x: x, y: y, alive: alive)
        }
        return store.node(r.nw, r.ne, r.sw, r.se)
    }
}

/// Cells gathered into 8×8 leaves for `Universe.load(cells:)`, with their bounding box. Leaves
/// are keyed by position in leaf units after shifting by the origin's offset within a leaf of
/// the Golly frame, whose corners at every level ≥ 4 have x ≡ 0 and y ≡ 1 (modulo 8).
public struct LeafAccumulator {
    @usableFromInline let originX: BigInt
    @usableFromInline let originY: BigInt
    @usableFromInline let shiftX: Int
    @usableFromInline let shiftY: Int
    /// The leaves gathered so far, keyed by position: a key may come more than once (a row of
    /// leaves that the cells left and came back to), and the tree's building takes the union.
    /// An array, not a dictionary keyed by position: hashing every leaf, and the dictionary's
    /// growth, would be a third of turning a big soup's cells into a tree. `finish` merges
    /// repeated keys whenever the array has doubled since it last did, so cells in any order
    /// cost at most about twice the distinct leaves.
    @usableFromInline var leaves: [(x: Int, y: Int, bits: UInt64)] = []
    /// `leaves.count` after the last merge (`merge`).
    var mergedCount = 0
    /// Entries `leaves` may gain past twice `mergedCount` before `finish` merges.
    static let mergeSlack = 1 << 12
    @usableFromInline var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min

    @usableFromInline
    init(originX: BigInt, originY: BigInt) {
        self.originX = originX
        self.originY = originY
        shiftX = originX.floorDivided(by: 8).remainder.intValue!
        shiftY = (originY - BigInt(1)).floorDivided(by: 8).remainder.intValue!
    }

    /// The leaves of the row of leaves the last cells went to (`stripY`), from `stripBase`
    /// rightwards, not yet in `leaves`: cells come mostly row by row, and a dictionary
    /// look-up (its hashing) a cell would be a third of loading a big soup. `finish` moves them
    /// in.
    @usableFromInline var strip: [UInt64] = []
    @usableFromInline var stripY = Int.min
    @usableFromInline var stripBase = 0
    /// The widest strip kept (in leaves); cells beyond it start a new one.
    @usableFromInline static let stripLimit = 1 << 12

    /// Adds the cell at offset (`x`, `y`) from the origin.
    @usableFromInline
    mutating func add(x: Int, y: Int) {
        minX = Swift.min(minX, x); minY = Swift.min(minY, y)
        maxX = Swift.max(maxX, x); maxY = Swift.max(maxY, y)
        // (x + shift) / 8 without forming x + shift, which overflows next to Int.max.
        let cx = (x & 7) + shiftX, cy = (y & 7) + shiftY
        add(SIMD2((x >> 3) + (cx >> 3), (y >> 3) + (cy >> 3)), 1 << UInt64((cy & 7) * 8 + (cx & 7)))
    }

    /// Ors `bits` into the leaf at `key`.
    @usableFromInline @inline(__always)
    mutating func add(_ key: SIMD2<Int>, _ bits: UInt64) {
        if key.y == stripY {
            // Leaf keys are within Int / 8 of 0: the difference cannot overflow.
            let i = key.x - stripBase
            if i >= 0 && i < strip.count {
                strip[i] |= bits
                return
            }
            if i >= 0 && i < LeafAccumulator.stripLimit {
                strip.append(contentsOf: repeatElement(0, count: i + 1 - strip.count))
                strip[i] = bits
                return
            }
        }
        finish()
        (stripY, stripBase) = (key.y, key.x)
        strip.append(bits)
    }

    /// Moves the strip's leaves into `leaves` (`load` does it before reading them).
    @usableFromInline
    mutating func finish() {
        for i in strip.indices where strip[i] != 0 { leaves.append((x: stripBase + i, y: stripY, bits: strip[i])) }
        strip.removeAll(keepingCapacity: true)
        stripY = Int.min
        if leaves.count > 2 * mergedCount + LeafAccumulator.mergeSlack { merge() }
    }

    /// Sorts `leaves` by position and merges the entries of each key into one.
    /// - Complexity: O(n log n) for n entries.
    mutating func merge() {
        leaves.sort { $0.y != $1.y ? $0.y < $1.y : $0.x < $1.x }
        var kept = 0
        for i in leaves.indices {
            if kept > 0 && leaves[kept - 1].x == leaves[i].x && leaves[kept - 1].y == leaves[i].y {
                leaves[kept - 1].bits |= leaves[i].bits
            } else {
                leaves[kept] = leaves[i]
                kept += 1
            }
        }
        leaves.removeLast(leaves.count - kept)
        mergedCount = kept
    }

    /// Adds the `length` cells from offset (`x`, `y`) rightwards, a leaf row at a time.
    /// Precondition: `length` ≥ 0 and `x + length - 1` fits Int.
    @usableFromInline
    mutating func add(x: Int, y: Int, length: Int) {
        guard length > 0 else { return }
        minX = Swift.min(minX, x); minY = Swift.min(minY, y)
        maxX = Swift.max(maxX, x + (length - 1)); maxY = Swift.max(maxY, y)
        let cy = (y & 7) + shiftY
        let keyY = (y >> 3) + (cy >> 3), row = UInt64((cy & 7) * 8)
        var leafX = (x >> 3) + (((x & 7) + shiftX) >> 3), column = ((x & 7) + shiftX) & 7
        var remaining = length
        while remaining > 0 {
            let m = Swift.min(remaining, 8 - column)
            let mask = ((UInt64(1) << UInt64(m)) - 1) << UInt64(column)
            add(SIMD2(leafX, keyY), mask << row)
            remaining -= m
            leafX &+= 1
            column = 0
        }
    }
}
