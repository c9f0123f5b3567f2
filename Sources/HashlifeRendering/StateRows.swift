import HashlifeEngine

/// Rows of block states of a multi-state pattern, asked for in increasing order 0..<rows,
/// each exactly once: the multi-state counterpart of `BlockRows`.
///
/// Each block holds one state, 0 (empty) to 255; a zoomed-out block holds the highest-numbered
/// state among its cells (`MultiStateUniverse.blockStateRows`), so rare high states (History
/// and Super markers, Generations' dying trails) stay visible at any zoom.
public protocol StateRows {
    /// Blocks across.
    var columns: Int { get }
    /// Blocks down.
    var rows: Int { get }
    /// The states of block row `index`, `columns` of them.
    mutating func row(_ index: Int) -> [UInt8]
    /// True once the drawing should stop (Ctrl-C), as `BlockRows.isCancelled`. False by default.
    var isCancelled: Bool { get }
}

extension StateRows {
    public var isCancelled: Bool { false }

    /// Row `index`, checked to hold `columns` states.
    mutating func checkedRow(_ index: Int) -> [UInt8] {
        let states = row(index)
        precondition(states.count == columns, "state row \(index) has \(states.count) states, expected \(columns)")
        return states
    }
}

/// State rows held in memory: for tests and small callers.
public struct StoredStateRows: StateRows, Sendable {
    public let columns: Int
    public let rows: Int
    /// The states, `rows` arrays of `columns` each.
    public let states: [[UInt8]]

    /// Rows of states, every row `columns` long; `columns` defaults to the first row's length.
    public init(_ states: [[UInt8]], columns: Int? = nil) {
        let columns = columns ?? states.first?.count ?? 0
        precondition(states.allSatisfy { $0.count == columns }, "every row must have \(columns) states")
        self.columns = columns
        self.rows = states.count
        self.states = states
    }

    public mutating func row(_ index: Int) -> [UInt8] { states[index] }
}

/// The engine's multi-state viewport rows are state rows as they are.
extension MultiStateViewportRows: StateRows {}

/// So are any universe's viewport blocks.
extension BlockStateRows: StateRows {}

/// The character `view --format text` prints for each state of a multi-state pattern:
/// `.` for state 0, the RLE letters `A`–`X` for states 1–24, `a`–`z` for states 25–50, and `*`
/// for every state above 50 (Golly's RLE writes those with two letters, which would not keep
/// one character per block).
public enum StateCharacters {
    /// The ASCII byte for `state`.
    public static func byte(_ state: UInt8) -> UInt8 {
        switch state {
        case 0: UInt8(ascii: ".")
        case 1...24: UInt8(ascii: "A") + state - 1
        case 25...50: UInt8(ascii: "a") + state - 25
        default: UInt8(ascii: "*")
        }
    }

    /// The highest state with a character of its own.
    public static let distinctStates = 50
}
