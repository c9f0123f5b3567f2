// MultiStateUniverse+Rows.swift — loading a rectangle of states given row by row, straight
// into leaves (no list of cells in between: a flat grid's stepper hands its result back so).

extension MultiStateUniverse {
    /// Replaces the contents with the `width` × `height` states of `rows`, row by row, the
    /// first at (`originX`, `originY`) (state 0 leaves a cell empty). The generation counter
    /// and rule stay. Memory beyond the tree: one row of leaves and one entry per non-empty
    /// leaf.
    /// - Precondition: `rows.count` ≥ `width` × `height`; every state is below
    ///   `rule.stateCount` (not checked cell by cell).
    /// - Complexity: O(width × height) to read, O(n log n) for n non-empty leaves.
    func load(rows: UnsafeBufferPointer<UInt8>, width: Int, height: Int, originX: BigInt, originY: BigInt) {
        clear()
        collectIfNeeded()
        guard width > 0, height > 0 else { return }
        precondition(rows.count >= width.multipliedReportingOverflow(by: height).partialValue, "rows shorter than the rectangle")
        // As `load(cells:)`: squares of 2^k cells, k the smallest with 2^k above both spans.
        let span = max(width - 1, height - 1)
        var k = MultiStateRecord.leafLevel
        while (1 << k) <= span { k += 1 }
        let (blockX, offsetX) = originX.floorDivided(by: BigUInt.powerOfTwo(k))
        let (blockY, offsetY) = (originY - BigInt(RootFrame.alignmentY)).floorDivided(by: BigUInt.powerOfTwo(k))
        let dx = Int(offsetX.uint64Value!), dy = Int(offsetY.uint64Value!)
        let columns = (width + dx + 3) >> 2
        var band = [SIMD16<UInt8>](repeating: SIMD16(), count: columns)
        // Two passes over the rows: the non-empty leaves counted, then made (the list is as
        // long as it needs to be, never grown by doubling).
        func eachBand(_ band: inout [SIMD16<UInt8>], _ body: (_ leafRow: Int, _ band: inout [SIMD16<UInt8>]) -> Void) {
            for leafRow in (dy >> 2)...((height - 1 + dy) >> 2) {
                var any = false
                for r in 0..<4 {
                    let y = leafRow * 4 + r - dy
                    guard y >= 0 && y < height else { continue }
                    let row = rows.baseAddress! + y * width
                    for i in 0..<width where row[i] != 0 {
                        band[(i + dx) >> 2][r * 4 + ((i + dx) & 3)] = row[i]
                        any = true
                    }
                }
                if any { body(leafRow, &band) }
            }
        }
        var leaves = 0
        eachBand(&band) { _, band in
            for column in 0..<columns where band[column] != SIMD16() {
                leaves += 1
                band[column] = SIMD16()
            }
        }
        var made: [(x: Int, y: Int, id: NodeID)] = []
        made.reserveCapacity(leaves)
        eachBand(&band) { leafRow, band in
            for column in 0..<columns where band[column] != SIMD16() {
                let words = unsafeBitCast(band[column], to: SIMD4<UInt32>.self)
                made.append((column, leafRow, store.leaf(words[0], words[1], words[2], words[3])))
                band[column] = SIMD16()
            }
        }
        guard !made.isEmpty else { return }
        place(leaves: &made, level: k, blockX: blockX, blockY: blockY)
    }
}
