import HashlifeEngine

/// Block rows drawn on a hexagonal grid, as LifeViewer draws a hexagonal rule and Golly's
/// hexgrid script shows one: the rows sheared so that each lies half a block to the right of
/// the row below it. A hexagonal rule's six neighbours of a cell — (±1, 0), (0, −1), (−1, −1),
/// (0, +1) and (+1, +1) — then sit around it at equal steps.
///
/// Half a block cannot be drawn within one block, so each block becomes two blocks side by
/// side (and, with `rowRepeat` 2, two rows: square in images; text keeps one line a row, its
/// characters being about half as wide as tall). Block row r of n is shifted right by n − 1 − r
/// of these half blocks, so the picture is 2·columns + rows − 1 half blocks wide; the corners
/// left free are state 0. Counts follow the states (a half block shows its whole block's count).
public struct HexagonalRows<Base: BlockRows>: BlockRows {
    private var base: Base
    private let rowRepeat: Int
    private var cached: (row: Int, states: [UInt8]?, counts: [BigUInt]?) = (-1, nil, nil)

    /// `base`'s blocks sheared, each base row drawn `rowRepeat` (1 or 2) times.
    public init(_ base: Base, rowRepeat: Int) {
        precondition(rowRepeat == 1 || rowRepeat == 2, "a hexagonal row is drawn once or twice")
        self.base = base
        self.rowRepeat = rowRepeat
    }

    /// The sheared picture's size for `columns`×`rows` base blocks, drawn `rowRepeat` times
    /// down; nil when it does not fit an `Int`.
    public static func size(columns: Int, rows: Int, rowRepeat: Int) -> (columns: Int, rows: Int)? {
        let (doubled, o1) = columns.multipliedReportingOverflow(by: 2)
        let (wide, o2) = doubled.addingReportingOverflow(max(rows - 1, 0))
        let (tall, o3) = rows.multipliedReportingOverflow(by: rowRepeat)
        return o1 || o2 || o3 ? nil : (wide, tall)
    }

    public var columns: Int { 2 * base.columns + max(base.rows - 1, 0) }
    public var rows: Int { base.rows * rowRepeat }
    public var blockArea: BigUInt { base.blockArea }
    public var hasCounts: Bool { base.hasCounts }
    public var isCancelled: Bool { base.isCancelled }

    /// The shift of base row `row`, in half blocks.
    private func shift(_ row: Int) -> Int { base.rows - 1 - row }

    private func sheared<T>(_ values: [T], row: Int, empty: T) -> [T] {
        var result = [T](repeating: empty, count: columns)
        var at = shift(row)
        for value in values {
            result[at] = value
            result[at + 1] = value
            at += 2
        }
        return result
    }

    public mutating func states(_ index: Int) -> [UInt8] {
        let row = index / rowRepeat
        if cached.row != row || cached.states == nil {
            cached = (row, base.states(row), nil)
        }
        return sheared(cached.states!, row: row, empty: 0)
    }

    public mutating func counts(_ index: Int) -> [BigUInt]? {
        let row = index / rowRepeat
        if cached.row != row || cached.counts == nil {
            guard let counts = base.counts(row) else { return nil }
            cached = (row, nil, counts)
        }
        return sheared(cached.counts!, row: row, empty: .zero)
    }
}
