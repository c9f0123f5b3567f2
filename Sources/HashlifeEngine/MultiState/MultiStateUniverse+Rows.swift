// MultiStateUniverse+Rows.swift — loading a rectangle of states given row by row, straight
// into leaves (no list of cells in between: a flat grid's stepper hands its result back so).

extension MultiStateUniverse {
    /// Replaces the contents with the `width` × `height` states of `rows`, row by row, the
    /// first at (`originX`, `originY`) (state 0 leaves a cell empty). The generation counter
    /// and rule stay. Memory beyond the tree: one row of leaves and one row of nodes a level
    /// (the tree is built bottom up as the rows go by: no list of leaves).
    /// - Precondition: `rows.count` ≥ `width` × `height`; every state is below
    ///   `rule.stateCount` (not checked cell by cell).
    /// - Complexity: O(width × height) to read, O(n) nodes made for n non-empty leaves.
    func load(rows: UnsafeBufferPointer<UInt8>, width: Int, height: Int, originX: BigInt, originY: BigInt) {
        clear()
        collectIfNeeded()
        guard width > 0, height > 0 else { return }
        precondition(rows.count >= width.multipliedReportingOverflow(by: height).partialValue, "rows shorter than the rectangle")
        // As `load(cells:)`: squares of 2^k cells, k the smallest with 2^k above both spans;
        // the rectangle lies in the 2^(k+1) square of the four aligned 2^k squares from the
        // one holding its top-left cell, 2^(k-1) leaves a side.
        let span = max(width - 1, height - 1)
        var k = MultiStateRecord.leafLevel
        while (1 << k) <= span { k += 1 }
        let (blockX, offsetX) = originX.floorDivided(by: BigUInt.powerOfTwo(k))
        let (blockY, offsetY) = (originY - BigInt(RootFrame.alignmentY)).floorDivided(by: BigUInt.powerOfTwo(k))
        let dx = Int(offsetX.uint64Value!), dy = Int(offsetY.uint64Value!)
        let side = 1 << (k - 1)
        let columns = (width + dx + 3) >> 2
        var band = [SIMD16<UInt8>](repeating: SIMD16(), count: columns)
        var builder = RowBuilder(side: side)
        for leafRow in 0..<side {
            let top = leafRow * 4 - dy
            guard top + 3 >= 0 && top < height else { builder.add(nil, store: &store); continue }
            var any = false
            for r in 0..<4 {
                let y = top + r
                guard y >= 0 && y < height else { continue }
                let row = rows.baseAddress! + y * width
                for i in 0..<width where row[i] != 0 {
                    band[(i + dx) >> 2][r * 4 + ((i + dx) & 3)] = row[i]
                    any = true
                }
            }
            guard any else { builder.add(nil, store: &store); continue }
            let empty = store.emptyNode(level: MultiStateRecord.leafLevel)
            var ids = [NodeID](repeating: empty, count: side)
            for column in 0..<columns where band[column] != SIMD16() {
                let words = unsafeBitCast(band[column], to: SIMD4<UInt32>.self)
                ids[column] = store.leaf(words[0], words[1], words[2], words[3])
                band[column] = SIMD16()
            }
            builder.add(ids, store: &store)
        }
        guard let square = builder.square else { return }
        place(square: square, level: k, blockX: blockX, blockY: blockY)
    }

    /// A square's nodes made from its rows of leaves, top to bottom: each level keeps the row
    /// waiting for its southern partner; two rows make a row of the level above. A row that is
    /// all empty is nil, and two of them make nil without a node.
    private struct RowBuilder {
        /// Leaves a side of the square.
        let side: Int
        /// By level above the leaves: the northern row waiting, if one is.
        private var waiting: [[NodeID]??] = []
        /// The square, once its last row is in (nil: it is empty).
        private(set) var square: NodeID?

        init(side: Int) { self.side = side }

        mutating func add(_ row: [NodeID]?, store: inout MultiStateStore) {
            var row = row, level = MultiStateRecord.leafLevel, index = 0, width = side
            while true {
                if width == 1 {
                    square = row?[0]
                    return
                }
                if index == waiting.count { waiting.append(.none) }
                guard let north = waiting[index] else {
                    waiting[index] = .some(row)
                    return
                }
                waiting[index] = .none
                if north == nil && row == nil {
                    row = nil
                } else {
                    let empty = store.emptyNode(level: level)
                    let n = north ?? [NodeID](repeating: empty, count: width)
                    let s = row ?? [NodeID](repeating: empty, count: width)
                    var up: [NodeID] = []
                    up.reserveCapacity(width / 2)
                    for i in stride(from: 0, to: width, by: 2) { up.append(store.node(n[i], n[i + 1], s[i], s[i + 1])) }
                    row = up
                }
                level += 1
                index += 1
                width /= 2
            }
        }
    }
}
