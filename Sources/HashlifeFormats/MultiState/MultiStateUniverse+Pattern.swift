// MultiStateUniverse+Pattern.swift — patterns with states in and out of a universe of any
// family.

import HashlifeEngine

extension MultiStatePattern {
    /// A universe of the rule's family holding the pattern's cells at their positions, under
    /// its rule, at the pattern's generation, whose memory is limited to `memoryLimit` bytes.
    public func universe(memoryLimit: Int = MemoryLimit.defaultBytes) -> any LifeUniverse {
        let universe = rule.makeUniverse(memoryLimit: memoryLimit)
        universe.loadCells(of: self)
        universe.generation = generation
        return universe
    }
}

extension MultiStateUniverse {
    /// A universe holding `pattern`'s cells at their positions, under its rule, at the
    /// pattern's generation, whose node store is limited to `memoryLimit` bytes.
    /// - Precondition: the pattern's rule is a multi-state one (`MultiStateRule`).
    public convenience init(pattern: MultiStatePattern, memoryLimit: Int = MemoryLimit.defaultBytes) {
        guard let rule = pattern.rule.as(MultiStateRule.self) else { preconditionFailure("rule \(pattern.rule) is not a multi-state rule") }
        self.init(rule: rule, memoryLimit: memoryLimit)
        loadCells(of: pattern)
        generation = pattern.generation
    }
}

extension LifeUniverse {
    /// Replaces the cells with `pattern`'s, at their positions, when the universe's family
    /// takes the pattern's rule (`adopt`: memoized results are forgotten when it changes), and
    /// returns true; returns false, changing nothing, for a rule of another family. The
    /// generation counter stays.
    @discardableResult
    public func load(_ pattern: MultiStatePattern) -> Bool {
        guard adopt(pattern.rule) else { return false }
        loadCells(of: pattern)
        return true
    }

    /// Replaces the cells with `pattern`'s: its tree node by node, or its list of cells.
    func loadCells(of pattern: MultiStatePattern) {
        if let tree = pattern.tree {
            load(stateTree: tree)
        } else {
            load(cellStates: pattern.cells.map { (x: $0.x, y: $0.y, state: $0.state) }, originX: .zero, originY: .zero)
        }
    }

    /// The whole pattern as a `MultiStatePattern` (rule, generation, no comments, cells in
    /// reading order), for the formats to save.
    /// - Precondition: every cell's coordinates fit an `Int`.
    public var statePattern: MultiStatePattern {
        var cells: [MultiStateCell] = []
        if let box = boundingBox {
            guard let left = box.x.intValue, let top = box.y.intValue, (box.maxX - BigInt(1)).intValue != nil,
                  (box.maxY - BigInt(1)).intValue != nil else {
                preconditionFailure("the pattern's coordinates do not fit Int: \(box)")
            }
            forEachCellOffset(in: box) { dx, dy, state in cells.append(MultiStateCell(x: left + dx, y: top + dy, state: state)) }
        }
        return MultiStatePattern(rule: anyRule, cells: cells.sorted(), generation: generation)
    }
}
