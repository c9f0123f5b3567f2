// BlockStateRows.swift — the state each block of a viewport shows, whatever the family.

/// Rows of a viewport's blocks, produced on demand, row by row: each block's state, the
/// family's reduction of its cells (a two-state universe shows 1 where a block holds a live
/// cell; a multi-state one the highest state among the block's cells, so rare high states stay
/// visible at any zoom). Families that count their cells also give each block's count of
/// cells not in state 0 (`counts`), for density shading. The universe must not change while
/// the rows are read.
public struct BlockStateRows {
    /// One of the two is set: the rows of a family that counts its blocks' cells, or of one
    /// that shows each block's highest state (kept in place: its memo grows row by row).
    var counted: ViewportRows?
    var highest: MultiStateViewportRows?
    public let viewport: Viewport
    /// The rule's number of states: every state in a row is below it.
    public let stateCount: Int

    init(counted rows: ViewportRows) {
        counted = rows
        viewport = rows.viewport
        stateCount = 2
    }

    init(highest rows: MultiStateViewportRows) {
        highest = rows
        viewport = rows.viewport
        stateCount = rows.stateCount
    }

    public var columns: Int { viewport.columns }
    public var rows: Int { viewport.rows }
    /// Cells per block (zoom²).
    public var blockArea: BigUInt { viewport.blockArea }
    /// True when `counts(_:)` gives figures (the family counts its blocks' cells).
    public var hasCounts: Bool { counted != nil }

    /// The state each block of row `index` shows, `columns` of them.
    public mutating func row(_ index: Int) -> [UInt8] {
        if let counted { return counted.row(index).map { $0.isZero ? 0 : 1 } }
        return highest!.row(index)
    }

    /// Cells not in state 0 in each block of row `index`; nil when the family does not count
    /// them (`hasCounts`).
    public mutating func counts(_ index: Int) -> [BigUInt]? {
        counted?.row(index)
    }
}
