import HashlifeEngine

/// A viewport's blocks, asked for in increasing order 0..<rows, each row exactly once: the one
/// input of every renderer in this module, whatever the rule.
///
/// Each block shows a state, 0 (empty) to 255 (`states`); rows whose producer counts its
/// blocks' cells (`hasCounts`) can give each block's count of cells not in state 0 instead
/// (`counts`), for density shading. A renderer asks for each row once, by one of the two. The
/// renderers read a viewport one block row at a time, so that an image of any height is
/// drawn in memory proportional to its width; a producer may compute each row lazily.
public protocol BlockRows {
    /// Blocks across.
    var columns: Int { get }
    /// Blocks down.
    var rows: Int { get }
    /// Cells per block (zoom²), for density shading.
    var blockArea: BigUInt { get }
    /// True when `counts(_:)` gives figures.
    var hasCounts: Bool { get }
    /// The state each block of row `index` shows, `columns` of them.
    mutating func states(_ index: Int) -> [UInt8]
    /// Cells not in state 0 in each block of row `index`, `columns` of them; nil without
    /// `hasCounts`.
    mutating func counts(_ index: Int) -> [BigUInt]?
    /// True once the drawing should stop (Ctrl-C): renderers check it before each row and end
    /// early, leaving incomplete output that the caller discards. False by default.
    var isCancelled: Bool { get }
}

extension BlockRows {
    public var isCancelled: Bool { false }

    /// Row `index`'s states, checked to hold `columns` of them.
    mutating func checkedStates(_ index: Int) -> [UInt8] {
        let states = states(index)
        precondition(states.count == columns, "block row \(index) has \(states.count) states, expected \(columns)")
        return states
    }

    /// Row `index`'s counts (precondition: `hasCounts`), checked to hold `columns` of them.
    mutating func checkedCounts(_ index: Int) -> [BigUInt] {
        guard let counts = counts(index) else { preconditionFailure("block row \(index) has no counts") }
        precondition(counts.count == columns, "block row \(index) has \(counts.count) counts, expected \(columns)")
        return counts
    }
}

/// Block rows held in memory: for tests and small callers.
public struct StoredBlockRows: BlockRows, Sendable {
    public let columns: Int
    public let rows: Int
    public let blockArea: BigUInt
    public let hasCounts: Bool
    /// The counts, `rows` arrays of `columns` each (without `hasCounts`: 1 for every block not
    /// in state 0).
    public let counts: [[BigUInt]]
    /// The states, `rows` arrays of `columns` each.
    public let stateRows: [[UInt8]]

    /// Rows of counts, every row `columns` long; `columns` defaults to the first row's length
    /// (0 when there are no rows). `blockArea` is the cells per block (zoom²), at least 1. A
    /// block shows state 1 when its count is not 0.
    public init(_ counts: [[BigUInt]], columns: Int? = nil, blockArea: BigUInt = .one) {
        let columns = columns ?? counts.first?.count ?? 0
        precondition(columns >= 0, "columns must not be negative")
        precondition(counts.allSatisfy { $0.count == columns }, "every row must have \(columns) counts")
        precondition(!blockArea.isZero, "blockArea must be at least 1")
        self.columns = columns
        self.rows = counts.count
        self.blockArea = blockArea
        self.hasCounts = true
        self.counts = counts
        self.stateRows = counts.map { $0.map { $0.isZero ? 0 : 1 } }
    }

    /// Rows of states without counts, every row `columns` long; `columns` defaults to the first
    /// row's length.
    public init(states: [[UInt8]], columns: Int? = nil) {
        let columns = columns ?? states.first?.count ?? 0
        precondition(columns >= 0, "columns must not be negative")
        precondition(states.allSatisfy { $0.count == columns }, "every row must have \(columns) states")
        self.columns = columns
        self.rows = states.count
        self.blockArea = .one
        self.hasCounts = false
        self.stateRows = states
        self.counts = states.map { $0.map { $0 == 0 ? .zero : .one } }
    }

    /// Row `index`'s counts.
    public mutating func row(_ index: Int) -> [BigUInt] { counts[index] }
    public mutating func states(_ index: Int) -> [UInt8] { stateRows[index] }
    public mutating func counts(_ index: Int) -> [BigUInt]? { hasCounts ? counts[index] : nil }
}

/// Any universe's viewport blocks (`LifeUniverse.blocks(of:)`) are block rows as they are.
extension BlockStateRows: BlockRows {
    public mutating func states(_ index: Int) -> [UInt8] { row(index) }
}

/// So are a two-state universe's counted viewport rows: state 1 where a block has a live cell.
extension ViewportRows: BlockRows {
    public var hasCounts: Bool { true }
    public mutating func states(_ index: Int) -> [UInt8] { row(index).map { $0.isZero ? 0 : 1 } }
    public mutating func counts(_ index: Int) -> [BigUInt]? { row(index) }
}

/// A viewport's blocks of any universe as shapes: state 1 for every block not in state 0,
/// with the family's counts where it counts its cells, else a count of 1 for every such block
/// (each block then shows as full).
public struct BlockCounts: BlockRows {
    public var blocks: BlockStateRows

    public init(_ blocks: BlockStateRows) { self.blocks = blocks }

    public var columns: Int { blocks.columns }
    public var rows: Int { blocks.rows }
    public var blockArea: BigUInt { blocks.hasCounts ? blocks.blockArea : .one }
    public var hasCounts: Bool { true }

    public mutating func states(_ index: Int) -> [UInt8] { blocks.row(index).map { $0 == 0 ? 0 : 1 } }

    public mutating func counts(_ index: Int) -> [BigUInt]? {
        blocks.counts(index) ?? blocks.row(index).map { $0 == 0 ? .zero : .one }
    }
}
