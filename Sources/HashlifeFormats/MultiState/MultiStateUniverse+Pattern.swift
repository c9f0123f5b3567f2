// MultiStateUniverse+Pattern.swift — multi-state patterns in and out of the engine.

import HashlifeEngine

extension MultiStateUniverse {
    /// A universe holding `pattern`'s cells at their positions, under its rule, at the
    /// pattern's generation, whose node store is limited to `memoryLimit` bytes.
    public convenience init(pattern: MultiStatePattern, memoryLimit: Int = MemoryLimit.defaultBytes) {
        self.init(rule: pattern.rule, memoryLimit: memoryLimit)
        load(pattern)
        generation = pattern.generation
    }

    /// Replaces the cells with `pattern`'s, at their positions; the rule becomes the pattern's
    /// (forgetting memoized results when it changes), the generation counter stays.
    public func load(_ pattern: MultiStatePattern) {
        setRule(pattern.rule)
        load(cells: pattern.cells.lazy.map { (x: $0.x, y: $0.y, state: $0.state) })
    }

    /// The whole pattern as a `MultiStatePattern` (rule, generation, no comments, cells in
    /// reading order), for the formats to save.
    /// - Precondition: every cell's coordinates fit an `Int`.
    public var pattern: MultiStatePattern {
        var cells: [MultiStateCell] = []
        if let box = boundingBox {
            guard let left = box.x.intValue, let top = box.y.intValue, (box.maxX - BigInt(1)).intValue != nil,
                  (box.maxY - BigInt(1)).intValue != nil else {
                preconditionFailure("the pattern's coordinates do not fit Int: \(box)")
            }
            forEachCellOffset(in: box) { dx, dy, state in cells.append(MultiStateCell(x: left + dx, y: top + dy, state: state)) }
        }
        return MultiStatePattern(rule: rule, cells: cells.sorted(), generation: generation)
    }
}
