// MultiStateUniverse+Viewport.swift — the state each block of a viewport shows, row by row.
//
// The walk is the two-state one (Universe+Viewport.swift) with a maximum in place of a sum:
// over one block row's band, empty nodes are skipped by identity, a node inside one block
// gives its highest state (memoized per node, for every row of the drawing), and only nodes
// crossing a block boundary are opened. A block shows the highest-numbered state among its
// cells, as `blockStates` does for aligned power-of-two blocks, and for any zoom and
// alignment.

extension MultiStateUniverse {
    /// The viewport of `columns`×`rows` blocks that shows every non-empty cell inside its
    /// inner 60 %, as `Universe.fit` does (`Viewport.fitting`). Nil when every cell is in state 0.
    public func fit(columns: Int, rows: Int) -> Viewport? {
        precondition(columns > 0 && rows > 0, "viewport needs at least one block")
        return boundingBox.map { Viewport.fitting($0, columns: columns, rows: rows) }
    }

    /// A producer of `viewport`'s rows of block states, asked for row by row. The universe
    /// must not change while the rows are read.
    public func blockStateRows(of viewport: Viewport) -> MultiStateViewportRows {
        MultiStateViewportRows(universe: self, viewport: viewport)
    }

    /// The state each block of row `j` of `viewport` shows: the highest state among its cells
    /// (0 when all are empty). `memo` holds nodes' highest states between calls.
    func blockStateRow(_ j: Int, of viewport: Viewport, memo: inout [NodeID: UInt8]) -> [UInt8] {
        var states = [UInt8](repeating: 0, count: viewport.columns)
        if isEmpty { return states }
        let band = viewport.band(j, rootLevel: level, originX: originX, originY: originY)
        if band.fitsInt {
            var walk = StateBandWalk<Int>(zoom: band.zoom.intValue!, top: band.top.intValue!, bottom: band.bottom.intValue!,
                                          width: band.width.intValue!)
            walk.visit(root, level: level, x: band.rootX.intValue!, y: band.rootY.intValue!, store: store, states: &states, memo: &memo)
        } else {
            var walk = StateBandWalk<BigInt>(zoom: band.zoom, top: band.top, bottom: band.bottom, width: band.width)
            walk.visit(root, level: level, x: band.rootX, y: band.rootY, store: store, states: &states, memo: &memo)
        }
        return states
    }
}

/// Rows of block states of a viewport onto a `MultiStateUniverse`, produced on demand; the
/// multi-state sibling of `ViewportRows`.
public struct MultiStateViewportRows {
    let universe: MultiStateUniverse
    public let viewport: Viewport
    /// Highest state per node, kept from row to row while the root stays the same.
    private var memo: [NodeID: UInt8] = [:]
    private var memoRoot: NodeID?

    init(universe: MultiStateUniverse, viewport: Viewport) {
        self.universe = universe
        self.viewport = viewport
    }

    public var columns: Int { viewport.columns }
    public var rows: Int { viewport.rows }
    /// The rule's number of states (every state in a row is below it).
    public var stateCount: Int { universe.rule.stateCount }

    /// The state each block of row `index` shows (the highest among its cells).
    public mutating func row(_ index: Int) -> [UInt8] {
        if memoRoot != universe.root {
            memo.removeAll()
            memoRoot = universe.root
        }
        return universe.blockStateRow(index, of: viewport, memo: &memo)
    }
}

/// One band's walk: the highest state of the band [top, bottom) × [0, width) (relative to the
/// viewport) in each block of `zoom` columns.
struct StateBandWalk<C: SignedCoordinate> {
    let zoom: C, top: C, bottom: C, width: C
    let zero = C(0)
    /// Highest states of nodes crossing the band's top or bottom edge, by node and top relative
    /// to the band's: the equal nodes of a long run along an edge are opened once.
    var edgeStates: [EdgeKey: UInt8] = [:]
    /// The smallest level whose edge states are remembered.
    static var memoLevel: Int { 6 }
    struct EdgeKey: Hashable {
        let id: NodeID
        let y: C
    }

    init(zoom: C, top: C, bottom: C, width: C) {
        self.zoom = zoom
        self.top = top
        self.bottom = bottom
        self.width = width
    }

    mutating func visit(_ id: NodeID, level: Int, x: C, y: C, store: borrowing MultiStateStore,
                        states: inout [UInt8], memo: inout [NodeID: UInt8]) {
        if store.isEmpty(id, level: level) { return }
        let side = C.powerOfTwo(level)
        if y >= bottom || y + side <= top || x >= width || x + side <= zero { return }
        if x >= zero && x + side <= width {
            let first = x.floorDivided(by: zoom), last = (x + side - C(1)).floorDivided(by: zoom)
            if first == last {
                let highest = y >= top && y + side <= bottom
                    ? store.highestState(id, level: level, memo: &memo)
                    : bandHighest(id, level: level, y: y, store: store, memo: &memo)
                let i = first.blockIndex
                if highest > states[i] { states[i] = highest }
                return
            }
        }
        let r = store.record(id)
        if level == MultiStateRecord.leafLevel {
            for (dy, row) in [r.w0, r.w1, r.w2, r.w3].enumerated() where row != 0 {
                let cy = y + C(dy)
                guard cy >= top && cy < bottom else { continue }
                for dx in 0..<4 {
                    let state = UInt8(truncatingIfNeeded: row >> UInt32(dx * 8))
                    let cx = x + C(dx)
                    guard state != 0, cx >= zero, cx < width else { continue }
                    let i = cx.floorDivided(by: zoom).blockIndex
                    if state > states[i] { states[i] = state }
                }
            }
            return
        }
        let half = C.powerOfTwo(level - 1)
        visit(r.nw, level: level - 1, x: x, y: y, store: store, states: &states, memo: &memo)
        visit(r.ne, level: level - 1, x: x + half, y: y, store: store, states: &states, memo: &memo)
        visit(r.sw, level: level - 1, x: x, y: y + half, store: store, states: &states, memo: &memo)
        visit(r.se, level: level - 1, x: x + half, y: y + half, store: store, states: &states, memo: &memo)
    }

    /// The highest state of `id` (of `level`, its top at `y`) in the band's rows [top, bottom).
    mutating func bandHighest(_ id: NodeID, level: Int, y: C, store: borrowing MultiStateStore,
                              memo: inout [NodeID: UInt8]) -> UInt8 {
        let side = C.powerOfTwo(level)
        if y >= bottom || y + side <= top || store.isEmpty(id, level: level) { return 0 }
        if y >= top && y + side <= bottom { return store.highestState(id, level: level, memo: &memo) }
        let r = store.record(id)
        if level == MultiStateRecord.leafLevel {
            var highest: UInt8 = 0
            for (dy, row) in [r.w0, r.w1, r.w2, r.w3].enumerated() where row != 0 {
                let cy = y + C(dy)
                guard cy >= top && cy < bottom else { continue }
                for dx in 0..<4 { highest = max(highest, UInt8(truncatingIfNeeded: row >> UInt32(dx * 8))) }
            }
            return highest
        }
        let key = level >= StateBandWalk.memoLevel ? EdgeKey(id: id, y: y - top) : nil
        if let key, let known = edgeStates[key] { return known }
        let half = C.powerOfTwo(level - 1)
        let highest = max(
            bandHighest(r.nw, level: level - 1, y: y, store: store, memo: &memo),
            bandHighest(r.ne, level: level - 1, y: y, store: store, memo: &memo),
            bandHighest(r.sw, level: level - 1, y: y + half, store: store, memo: &memo),
            bandHighest(r.se, level: level - 1, y: y + half, store: store, memo: &memo))
        if let key { edgeStates[key] = highest }
        return highest
    }
}
