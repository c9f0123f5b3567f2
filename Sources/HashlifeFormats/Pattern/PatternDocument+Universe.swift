import HashlifeEngine

extension Universe {
    /// A universe holding `document`'s cells, runs and blocks (or its tree) at their absolute
    /// positions, at its generation,
    /// under `rule` or else the document's own rule (B3/S23 when it names none), whose node store
    /// is limited to `memoryLimit` bytes (a document bigger than that still loads: the store
    /// grows past the limit for the load, and steps then report what they need).
    /// - Throws: `RuleError` when the document's rule does not parse.
    public convenience init(document: PatternDocument, rule: Rule? = nil,
                            memoryLimit: Int = MemoryLimit.defaultBytes) throws(RuleError) {
        let chosen: Rule
        if let rule {
            chosen = rule
        } else if let text = document.rule, !text.isEmpty {
            chosen = try Rule(text)
        } else {
            chosen = .life
        }
        self.init(rule: chosen, memoryLimit: memoryLimit)
        var document = document
        if let grid = chosen.grid, document.placedOnGrid, document.tree == nil {
            // Golly's RLE reader: centred when the header's size fits the grid, else the grid's corner.
            let fits = document.width > 0 && document.height > 0
                && (grid.width == 0 || document.width <= grid.width) && (grid.height == 0 || document.height <= grid.height)
            document.originX += BigInt(fits ? -(document.width / 2) : grid.left)
            document.originY += BigInt(fits ? -(document.height / 2) : grid.top)
        }
        if let tree = document.tree {
            // Readers validate trees (with line numbers); a document built by hand that is wrong
            // is a programming error.
            do { try load(tree: tree) } catch { preconditionFailure("invalid tree in document: \(error)") }
        } else {
            load(cells: document.cells.lazy.map { (x: $0.x, y: $0.y) }, runs: Universe.shortRuns(document.runs),
                 originX: document.originX, originY: document.originY)
            place(document.runs, originX: document.originX, originY: document.originY)
            for block in document.blocks where !block.isEmpty {
                let x = document.originX + block.x, y = document.originY + block.y
                add(cells: block.cells.lazy.map { (x: $0.x, y: $0.y) }, runs: Universe.shortRuns(block.runs), originX: x, originY: y)
                place(block.runs, originX: x, originY: y)
            }
        }
        generation = document.generation
        if let grid = chosen.grid, let outside = cellOutside(grid) {
            throw RuleError(text: chosen.description, reason: .invalidGrid(outside))
        }
    }
}

extension Universe {
    /// Runs up to this long go into the bottom-up load (a look-up per 8 cells); longer ones are
    /// built as trees (`setRun`: O(levels), whatever the length).
    fileprivate static let shortRunLength = 1 << 12

    /// The short runs among `runs`, for `load(cells:runs:)`.
    fileprivate static func shortRuns(_ runs: [PatternRun]) -> some Sequence<(x: Int, y: Int, length: Int)> {
        runs.lazy.compactMap { run -> (x: Int, y: Int, length: Int)? in
            guard let length = isShort(run) else { return nil }
            return (run.x, run.y, length)
        }
    }

    /// The run's length when it is short and its last cell fits Int.
    private static func isShort(_ run: PatternRun) -> Int? {
        guard let length = run.length.intValue, length <= shortRunLength,
              !run.x.addingReportingOverflow(length).overflow else { return nil }
        return length
    }

    /// Makes the cells of the long runs among `runs` (relative to (`originX`, `originY`)) alive.
    fileprivate func place(_ runs: [PatternRun], originX: BigInt, originY: BigInt) {
        for run in runs where Universe.isShort(run) == nil {
            setRun(x: originX + BigInt(run.x), y: originY + BigInt(run.y), length: run.length)
        }
    }
}

/// Why the universe cannot be written as a cell list.
public struct PatternTooLargeError: Error, Equatable, Sendable, CustomStringConvertible {
    public var width: BigUInt
    public var height: BigUInt
    public var population: BigUInt
    public var description: String {
        "the pattern is too large to write cell by cell (\(width)×\(height) cells, population \(population)); write Macrocell instead"
    }
}

extension PatternDocument {
    /// The live cells of the two-state `universe`, of any family, as a document whose origin is
    /// the top-left of the bounding box, with the universe's rule and generation.
    /// - Throws: `PatternTooLargeError` when the bounding box does not fit machine integers or
    ///   the population exceeds what a cell list can hold.
    public init(universe: any LifeUniverse, name: String? = nil, author: String? = nil,
                comments: [String] = []) throws(PatternTooLargeError) {
        self.init(cells: [], rule: universe.anyRule.description)
        self.name = name
        self.author = author
        self.comments = comments
        generation = universe.generation
        guard let box = universe.boundingBox else {
            width = 0
            height = 0
            return
        }
        let population = universe.population
        guard let w = box.width.intValue, let h = box.height.intValue, w < 1 << 31, h < 1 << 31,
              let count = population.intValue, count < 1 << 31 else {
            throw PatternTooLargeError(width: box.width, height: box.height, population: population)
        }
        originX = box.x
        originY = box.y
        width = w
        height = h
        var cells: [PatternCell] = []
        cells.reserveCapacity(count)
        universe.forEachCellOffset(in: box) { dx, dy, state in
            if state != 0 { cells.append(PatternCell(x: dx, y: dy)) }
        }
        self.cells = cells
    }
}

extension PatternDocument {
    /// The two-state `universe`, of any family, as a quadtree document (for Macrocell), with its
    /// rule and generation; never expands cells, so any universe fits (a family that keeps no
    /// quadtree has its cells put in one).
    public init(treeOf universe: any LifeUniverse, name: String? = nil, author: String? = nil, comments: [String] = []) {
        self.init(cells: [], rule: universe.anyRule.description)
        self.name = name
        self.author = author
        self.comments = comments
        generation = universe.generation
        if universe.isEmpty {
            tree = []
        } else if let definitions = universe.stateTree()?.bitTree {
            tree = definitions
        } else {
            let cells = Universe(rule: .life, memoryLimit: universe.memoryLimit)
            if let (list, x, y) = universe.cellList() { cells.load(cellStates: list, originX: x, originY: y) }
            tree = cells.treeDefinitions()
        }
    }
}
