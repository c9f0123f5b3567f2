// MultiStatePattern.swift — a pattern under a multi-state rule, as files hold it.
//
// A sibling of `PatternDocument` rather than a field added to it: the two-state readers,
// writers and `Universe(document:)` stay exactly as they are (and as fast), and a multi-state
// pattern cannot reach the two-state engine by mistake. Cells are listed one per non-empty
// cell with its state; soups and the files Golly users bring are small enough for that, and
// a Hashlife engine builds its tree from the list.

import HashlifeEngine

/// One cell in a state from 1 to 255 (state 0, empty, is never listed).
public struct MultiStateCell: Hashable, Sendable, Comparable {
    public var x: Int
    public var y: Int
    public var state: UInt8

    public init(x: Int, y: Int, state: UInt8) {
        self.x = x
        self.y = y
        self.state = state
    }

    /// Reading order: by row, then by column.
    public static func < (lhs: MultiStateCell, rhs: MultiStateCell) -> Bool {
        (lhs.y, lhs.x, lhs.state) < (rhs.y, rhs.x, rhs.state)
    }
}

/// A multi-state pattern: its rule, comments and cells (y grows downwards; a file's cells
/// start at (0, 0) unless it gives a position).
public struct MultiStatePattern: Sendable, Equatable {
    public var rule: AnyRule
    /// Metadata as whole lines, as the file has them ("#N name", "#O author", "#C text"); a line
    /// without "#" is written as a "#C" comment.
    public var comments: [String]
    /// The quadtree a Macrocell file gives, which universes load node by node; nil for a
    /// pattern listed cell by cell.
    public private(set) var tree: StateTree?
    /// The cells listed one by one (empty when `tree` holds them).
    private var listedCells: [MultiStateCell]
    /// The generation the file gives (RLE's "#CXRLE Gen="), 0 when none.
    public var generation: BigUInt

    /// Every cell not in state 0 (a tree's listed in reading order: the time and memory grow
    /// with the cells, not the nodes). Setting them drops the tree.
    public var cells: [MultiStateCell] {
        get {
            guard let tree else { return listedCells }
            var cells: [MultiStateCell] = []
            tree.forEachCell { x, y, state in cells.append(MultiStateCell(x: x, y: y, state: state)) }
            return cells.sorted()
        }
        set {
            listedCells = newValue
            tree = nil
        }
    }

    public init(rule: AnyRule, comments: [String] = [], cells: [MultiStateCell] = [], generation: BigUInt = .zero) {
        self.rule = rule
        self.comments = comments
        self.listedCells = cells
        self.generation = generation
    }

    /// A pattern whose cells a quadtree holds.
    public init(rule: AnyRule, comments: [String] = [], tree: StateTree, generation: BigUInt = .zero) {
        self.init(rule: rule, comments: comments, generation: generation)
        self.tree = tree
    }

    /// A pattern under a rule of one family.
    public init(rule: some FamilyRule, comments: [String] = [], cells: [MultiStateCell] = [], generation: BigUInt = .zero) {
        self.init(rule: AnyRule(rule), comments: comments, cells: cells, generation: generation)
    }

    /// The metadata lines split as two-state files hold them: the first "#N" line's text as the
    /// name, the first "#O" as the author, the "#C" lines without their prefix as comments
    /// (other lines whole).
    public var metadata: (name: String?, author: String?, comments: [String]) {
        var (name, author, texts): (String?, String?, [String]) = (nil, nil, [])
        for line in comments {
            let text = String(line.dropFirst(2).drop { $0 == " " || $0 == "\t" })
            if line.hasPrefix("#N") && name == nil { name = text }
            else if line.hasPrefix("#O") && author == nil { author = text }
            else if line.hasPrefix("#C") || line.hasPrefix("#c") { texts.append(text) }
            else { texts.append(line) }
        }
        return (name, author, texts)
    }

    /// Golly's population: every cell not in state 0.
    public var population: Int { cells.count }

    /// The smallest rectangle holding every cell, or nil when there is none.
    public var bounds: (left: Int, top: Int, width: Int, height: Int)? {
        guard let first = cells.first else { return nil }
        var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
        for cell in cells {
            minX = min(minX, cell.x); maxX = max(maxX, cell.x)
            minY = min(minY, cell.y); maxY = max(maxY, cell.y)
        }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// The cells moved so that the bounding box starts at (0, 0), in reading order: the form
    /// in which two patterns written "relative to their bounding box" compare.
    public var normalised: [MultiStateCell] {
        guard let box = bounds else { return [] }
        return cells.map { MultiStateCell(x: $0.x - box.left, y: $0.y - box.top, state: $0.state) }.sorted()
    }
}
