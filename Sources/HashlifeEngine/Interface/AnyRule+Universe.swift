// AnyRule+Universe.swift — a rule makes its family's universe, and moves cells between
// families.

/// Why cells cannot be put under another rule.
public enum RuleChangeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A cell is in `state`, which `rule` lacks.
    case stateOutOfRange(state: UInt8, rule: AnyRule)
    /// The cells must move cell by cell to another family's universe, and their bounding box's
    /// sides do not fit an `Int`.
    case tooLarge(width: BigUInt, height: BigUInt, rule: AnyRule)

    public var description: String {
        switch self {
        case let .stateOutOfRange(state, rule):
            "rule \(rule) has \(rule.stateCount) states (0 to \(rule.stateCount - 1)) but a cell is in state \(state); clear those cells first"
        case let .tooLarge(width, height, rule):
            "the pattern is too large to convert to rule \(rule) cell by cell (\(width)×\(height) cells)"
        }
    }
}

extension AnyRule {
    /// An empty universe of this rule's family under this rule, at generation 0, whose store
    /// stays within `memoryLimit` bytes and whose steps use `threads` threads where the family
    /// has them.
    public func makeUniverse(memoryLimit: Int = MemoryLimit.defaultBytes, threads: Int = 1) -> any LifeUniverse {
        let universe = base.makeUniverse(memoryLimit: memoryLimit)
        universe.threads = threads
        return universe
    }

    /// `universe`'s cells and generation under this rule: `universe` itself when its family
    /// takes the rule (`adopt`), else a new universe of this rule's family holding the same
    /// cells, with `universe`'s memory limit and threads (`universe` is then unchanged).
    /// - Throws: when a cell is in a state this rule lacks, or the cells must move cell by cell
    ///   and do not fit `Int` offsets; nothing changes then.
    public func holding(_ universe: any LifeUniverse) throws(RuleChangeError) -> any LifeUniverse {
        let highest = universe.highestState
        guard Int(highest) < stateCount else { throw .stateOutOfRange(state: highest, rule: self) }
        if universe.adopt(self) { return universe }
        guard let (cells, x, y) = universe.cellList() else {
            let box = universe.boundingBox!
            throw .tooLarge(width: box.width, height: box.height, rule: self)
        }
        let converted = makeUniverse(memoryLimit: universe.memoryLimit, threads: universe.threads)
        converted.load(cellStates: cells, originX: x, originY: y)
        converted.generation = universe.generation
        return converted
    }
}

extension LifeUniverse {
    /// Empties every cell off `grid` (outside its rectangle, or its band for a tube or strip)
    /// and returns how many there were.
    @discardableResult
    public func dropCells(outside grid: Grid) -> BigUInt {
        guard let box = boundingBox else { return .zero }
        let before = population
        let x = grid.width == 0 ? box.x : BigInt(grid.left), y = grid.height == 0 ? box.y : BigInt(grid.top)
        let width = grid.width == 0 ? box.width : BigUInt(UInt64(grid.width))
        let height = grid.height == 0 ? box.height : BigUInt(UInt64(grid.height))
        clear(outside: CellRect(x: x, y: y, width: width, height: height))
        return before - population
    }
}
