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

/// A pattern as read from or written to a file: live cells relative to `origin`, plus metadata.
///
/// The absolute position of a cell is `(originX + cell.x, originY + cell.y)`. Readers leave the
/// cells exactly where the file put them; writers normalize (see `RLEWriter.write`).
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
