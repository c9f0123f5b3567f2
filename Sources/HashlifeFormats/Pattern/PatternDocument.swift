import HashlifeEngine

/// One live cell of a pattern file, relative to the document's origin: x grows to the right,
/// y grows downward (the RLE convention).
public struct PatternCell: Hashable, Sendable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A horizontal run of `length` live cells whose leftmost cell is at (`x`, `y`), relative to
/// the origin of the document or block holding it: how readers keep long runs (an RLE `1000000o`)
/// without a cell each.
public struct PatternRun: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var length: BigUInt

    public init(x: Int, y: Int, length: BigUInt) {
        self.x = x
        self.y = y
        self.length = length
    }
}

/// Live cells and runs relative to (`x`, `y`), itself relative to the document's origin: how
/// readers keep cells too far from the origin for `PatternCell`'s machine integers (past a gap
/// of 10^30 dead cells, say). The common file needs none.
public struct PatternBlock: Equatable, Sendable {
    public var x: BigInt
    public var y: BigInt
    public var cells: [PatternCell]
    public var runs: [PatternRun]

    public init(x: BigInt, y: BigInt, cells: [PatternCell] = [], runs: [PatternRun] = []) {
        self.x = x
        self.y = y
        self.cells = cells
        self.runs = runs
    }

    /// True when the block holds no live cell.
    public var isEmpty: Bool { cells.isEmpty && runs.allSatisfy { $0.length.isZero } }
}

/// A pattern as read from or written to a file: live cells relative to `origin`, plus metadata.
///
/// The absolute position of a cell is `(originX + cell.x, originY + cell.y)`; a run's cells and a
/// block's cells and runs are placed the same way (a block's offset added). The live cells are
/// the union of `cells`, `runs` and `blocks` (or the `tree`). Readers leave the cells exactly
/// where the file put them; writers normalize (see `RLEWriter.write`) and write `cells` only.
public struct PatternDocument: Sendable, Equatable {
    /// `#N` line.
    public var name: String?
    /// `#O` line.
    public var author: String?
    /// `#C` / `#c` lines, in file order, without the `#C ` prefix (never the `#CXRLE` lines).
    public var comments: [String]
    /// From the header's `rule = …` or a `#r` line; raw text, not validated here.
    public var rule: String?
    /// From `#CXRLE Pos=x,y`; 0 when absent.
    public var originX: BigInt
    public var originY: BigInt
    /// From `#CXRLE Gen=N`; 0 when absent.
    public var generation: BigUInt
    /// From the header when read (a hint; cells may lie outside it). Writers ignore these and
    /// use the cells' bounding box.
    public var width: Int
    public var height: Int
    /// Live cells relative to (originX, originY). The reader emits them in row-major order.
    public var cells: [PatternCell]
    /// Where the file names `rule` (for errors), when a reader set it.
    public var ruleAt: PatternPosition? = nil
    /// Long runs of live cells relative to (originX, originY), besides `cells`.
    public var runs: [PatternRun] = []
    /// True when the file gives no position and a bounded grid places it as Golly's RLE reader
    /// does: centred on the grid when the header's size fits it, else at the grid's top-left
    /// (`Universe(document:rule:memoryLimit:)`). Set by the RLE reader when there is no `Pos=`.
    public var placedOnGrid = false
    /// Groups of cells far from the origin, besides `cells` and `runs`.
    public var blocks: [PatternBlock] = []
    /// For Macrocell: the pattern as a quadtree, children before parents, the root last, placed
    /// where Golly places a root of its level. When set, `cells` is empty and origin, width and
    /// height only describe the root's square.
    public var tree: [TreeDefinition]? = nil

    /// A document holding `cells`; width and height are set to the cells' bounding-box extents
    /// (0 × 0 when there are none), everything else to its default.
    public init(cells: [PatternCell] = [], rule: String? = nil) {
        self.name = nil
        self.author = nil
        self.comments = []
        self.rule = rule
        self.originX = .zero
        self.originY = .zero
        self.generation = .zero
        self.cells = cells
        if let first = cells.first {
            var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
            for c in cells {
                minX = min(minX, c.x); maxX = max(maxX, c.x)
                minY = min(minY, c.y); maxY = max(maxY, c.y)
            }
            // Extents saturate rather than trap for cells spread over the whole Int range.
            let (w, ow) = maxX.subtractingReportingOverflow(minX)
            let (h, oh) = maxY.subtractingReportingOverflow(minY)
            self.width = ow || w == Int.max ? Int.max : w + 1
            self.height = oh || h == Int.max ? Int.max : h + 1
        } else {
            self.width = 0
            self.height = 0
        }
    }
}

/// A place in a pattern file: 1-based line and column (columns count Unicode scalars).
public struct PatternPosition: Hashable, Sendable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

extension PatternDocument {
    /// Checks that `rule`, when the file names one, is a rule the engine runs (of any family
    /// whose patterns are two-state cells, as this document's are).
    /// - Throws: `PatternError` at the rule in the file (`ruleAt`; the offending character's
    ///   column when the rule error names one), whose message is the rule error's.
    public func checkRule() throws(PatternError) {
        guard let text = rule, !text.isEmpty else { return }
        do {
            // A two-state rule of any family reads two-state cells; a rule of more states is
            // refused here with the Life-like family's word on it.
            let rule = try AnyRule.parse(text)
            if rule.stateCount > 2 || AnyRule.isMultiStateSyntax(text) { _ = try Rule(text) }
        } catch {
            let at = ruleAt ?? PatternPosition(line: 1, column: 1)
            var column = at.column
            if case .unexpectedCharacter(_, let offset) = error.reason, text.unicodeScalars.count == text.count {
                column += offset
            }
            throw PatternError(line: at.line, column: column, message: error.description)
        }
    }
}
