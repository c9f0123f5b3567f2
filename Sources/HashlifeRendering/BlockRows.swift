import HashlifeEngine

/// Rows of block counts, asked for in increasing order 0..<rows, each exactly once.
///
/// The renderers in this module read a viewport through this protocol, one block row at a
/// time, so that an image of any height is drawn in memory proportional to its width. A
/// producer may therefore compute each row lazily when it is asked for.
public protocol BlockRows {
    /// Blocks across.
    var columns: Int { get }
    /// Blocks down.
    var rows: Int { get }
    /// Cells per block (zoom²), for density shading.
    var blockArea: BigUInt { get }
    /// Live-cell counts of block row `index`, `columns` of them.
    mutating func row(_ index: Int) -> [BigUInt]
    /// True once the drawing should stop (Ctrl-C): renderers check it before each row and end
    /// early, leaving incomplete output that the caller discards. False by default.
    var isCancelled: Bool { get }
}

extension BlockRows {
    public var isCancelled: Bool { false }
}

/// Block rows held in memory: for tests and small callers.
public struct StoredBlockRows: BlockRows, Sendable {
    public let columns: Int
    public let rows: Int
    public let blockArea: BigUInt
    /// The counts, `rows` arrays of `columns` each.
    public let counts: [[BigUInt]]

    /// Rows of counts, every row `columns` long; `columns` defaults to the first row's length
    /// (0 when there are no rows). `blockArea` is the cells per block (zoom²), at least 1.
    public init(_ counts: [[BigUInt]], columns: Int? = nil, blockArea: BigUInt = .one) {
        let columns = columns ?? counts.first?.count ?? 0
        precondition(columns >= 0, "columns must not be negative")
        precondition(counts.allSatisfy { $0.count == columns }, "every row must have \(columns) counts")
        precondition(!blockArea.isZero, "blockArea must be at least 1")
        self.columns = columns
        self.rows = counts.count
        self.blockArea = blockArea
        self.counts = counts
    }

    public mutating func row(_ index: Int) -> [BigUInt] { counts[index] }
}

extension BlockRows {
    /// Row `index`, checked to hold `columns` counts.
    mutating func checkedRow(_ index: Int) -> [BigUInt] {
        let counts = row(index)
        precondition(counts.count == columns, "block row \(index) has \(counts.count) counts, expected \(columns)")
        return counts
    }

    /// Row `index` as live (count > 0) flags.
    mutating func liveRow(_ index: Int) -> [Bool] {
        checkedRow(index).map { !$0.isZero }
    }
}

/// The engine's viewport rows are block rows as they are.
extension ViewportRows: BlockRows {}

/// A viewport's blocks of any universe as block counts: the family's counts where it counts
/// its cells, else 1 for every block not in state 0 (each block then shows as full).
public struct BlockCounts: BlockRows {
    public var blocks: BlockStateRows

    public init(_ blocks: BlockStateRows) { self.blocks = blocks }

    public var columns: Int { blocks.columns }
    public var rows: Int { blocks.rows }
    public var blockArea: BigUInt { blocks.hasCounts ? blocks.blockArea : .one }

    public mutating func row(_ index: Int) -> [BigUInt] {
        blocks.counts(index) ?? blocks.row(index).map { $0 == 0 ? .zero : .one }
    }
}
