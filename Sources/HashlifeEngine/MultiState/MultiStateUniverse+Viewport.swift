// MultiStateUniverse+Viewport.swift — the state each block of a viewport shows, row by row.
//
// The walk is the one viewport walk (BandWalk.swift) with a maximum in place of a sum: a node
// inside one block gives its highest state (memoized per node, for every row of the drawing).
// A block shows the highest-numbered state among its cells, for any zoom and alignment.

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
        store.blockRow(j, of: viewport, frame: frame, memo: &memo)
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

/// The multi-state store's blocks for the viewport walk: the highest state, memoized per node
/// for the rows of one drawing.
extension MultiStateStore: BlockTree {
    static var emptyBlock: UInt8 { 0 }

    @inline(__always)
    static func merge(_ block: inout UInt8, _ other: UInt8) { block = max(block, other) }

    mutating func block(of id: NodeID, level: Int, memo: inout [NodeID: UInt8]) -> UInt8 {
        highestState(id, level: level, memo: &memo)
    }

    func forEachLeafCell(_ id: NodeID, _ body: (_ dx: Int, _ dy: Int, _ cell: UInt8) -> Void) { forEachLeafState(id, body) }
}
