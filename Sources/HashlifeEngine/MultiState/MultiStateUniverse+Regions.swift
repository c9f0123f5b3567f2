// MultiStateUniverse+Regions.swift — rectangles of cells with their states: clips, pastes and
// clearing inside or outside a rectangle, for an editor's selection and clipboard.
//
// A clip is a list of its non-empty cells (offsets and states), not a pinned node as the
// two-state `PatternClip` is: editing regions of multi-state patterns is done on patterns of
// modest size, and a list is independent of the universe that made it (a clip pastes into any
// multi-state universe). Clips are limited to `MultiStateClip.maximumCells` cells.

/// A rectangle of cells with their states, copied from a universe: `width`×`height` cells
/// whose non-empty ones are `cells` (offsets from the top-left, in any order).
public struct MultiStateClip: Sendable, Equatable {
    /// One non-empty cell of the clip.
    public struct Cell: Hashable, Sendable {
        public var dx: Int
        public var dy: Int
        public var state: UInt8
        public init(dx: Int, dy: Int, state: UInt8) {
            self.dx = dx
            self.dy = dy
            self.state = state
        }
    }

    /// The most non-empty cells a clip holds (2^22): larger selections are refused.
    public static let maximumCells = 1 << 22

    public let width: Int
    public let height: Int
    /// The non-empty cells, each inside the rectangle, with a state ≥ 1.
    public let cells: [Cell]

    /// A clip of `width`×`height` holding `cells` (offsets inside the rectangle; cells in
    /// state 0 are dropped).
    public init(width: Int, height: Int, cells: [Cell]) {
        precondition(width >= 0 && height >= 0, "a clip has non-negative sides")
        precondition(cells.allSatisfy { $0.dx >= 0 && $0.dy >= 0 && $0.dx < width && $0.dy < height }, "a clip's cell is outside it")
        self.width = width
        self.height = height
        self.cells = cells.filter { $0.state != 0 }
    }

    /// Cells not in state 0.
    public var population: Int { cells.count }

    /// The highest state the clip holds (0 when it is empty): it pastes into a universe whose
    /// rule has more states than this.
    public var highestState: UInt8 { cells.map(\.state).max() ?? 0 }
}

/// Why a region cannot be copied.
public enum MultiStateRegionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The rectangle's sides do not fit an `Int`, or it holds more than
    /// `MultiStateClip.maximumCells` non-empty cells.
    case tooLarge(width: BigUInt, height: BigUInt, population: BigUInt)

    public var description: String {
        switch self {
        case let .tooLarge(width, height, population):
            "the region is too large to copy cell by cell (\(width)×\(height) cells, population \(population); at most \(MultiStateClip.maximumCells) non-empty cells)"
        }
    }
}

extension MultiStateUniverse {
    /// The cells inside `rect` with their states, as a clip of `rect`'s size.
    /// - Throws: `.tooLarge` when `rect`'s sides do not fit an `Int` (below 2^62) or it holds
    ///   more than `MultiStateClip.maximumCells` non-empty cells.
    public func clip(of rect: CellRect) throws(MultiStateRegionError) -> MultiStateClip {
        guard let width = rect.width.intValue, let height = rect.height.intValue, width < 1 << 62, height < 1 << 62 else {
            throw .tooLarge(width: rect.width, height: rect.height, population: population(in: rect))
        }
        var cells: [MultiStateClip.Cell] = []
        var overflow = false
        forEachCellOffset(in: rect) { dx, dy, state in
            if cells.count < MultiStateClip.maximumCells { cells.append(.init(dx: dx, dy: dy, state: state)) } else { overflow = true }
        }
        if overflow { throw .tooLarge(width: rect.width, height: rect.height, population: population(in: rect)) }
        return MultiStateClip(width: width, height: height, cells: cells)
    }

    /// Cells not in state 0 inside `rect`.
    /// - Complexity: O(non-empty cells inside × level).
    public func population(in rect: CellRect) -> BigUInt {
        var count: UInt64 = 0
        forEachCell(in: rect) { _, _, _ in count += 1 }
        return BigUInt(count)
    }

    /// Puts `clip` with its top-left at (`x`, `y`), as `mode` says for each cell of the clip's
    /// rectangle:
    /// - `.or`: the clip's non-empty cells are written over the universe's; its empty cells
    ///   leave the universe's as they are.
    /// - `.copy`: every cell of the rectangle becomes the clip's, state 0 included.
    /// - `.xor`: where the clip's cell is non-empty, an empty cell takes the clip's state and a
    ///   non-empty one becomes empty; elsewhere nothing changes.
    /// - `.and`: a cell keeps its state where the clip's cell is non-empty and becomes empty
    ///   where it is empty.
    /// With states 0 and 1 only, these are the two-state modes.
    /// - Precondition: `clip.highestState` < `rule.stateCount`.
    /// - Complexity: O((clip cells + cells changed) × level).
    public func paste(_ clip: MultiStateClip, x: BigInt, y: BigInt, mode: PasteMode = .or) {
        precondition(Int(clip.highestState) < rule.stateCount,
                     "a clip with state \(clip.highestState) pasted under rule \(rule) (\(rule.stateCount) states)")
        let rect = CellRect(x: x, y: y, width: BigUInt(clip.width), height: BigUInt(clip.height))
        switch mode {
        case .or:
            for c in clip.cells { setState(c.state, atX: x + BigInt(c.dx), y: y + BigInt(c.dy)) }
        case .copy:
            clear(inside: rect)
            for c in clip.cells { setState(c.state, atX: x + BigInt(c.dx), y: y + BigInt(c.dy)) }
        case .xor:
            for c in clip.cells {
                let (cx, cy) = (x + BigInt(c.dx), y + BigInt(c.dy))
                setState(state(atX: cx, y: cy) == 0 ? c.state : 0, atX: cx, y: cy)
            }
        case .and:
            let kept = Set(clip.cells.map { SIMD2(Int($0.dx), Int($0.dy)) })
            var emptied: [SIMD2<Int>] = []
            forEachCellOffset(in: rect) { dx, dy, _ in if !kept.contains(SIMD2(dx, dy)) { emptied.append(SIMD2(dx, dy)) } }
            for p in emptied { setState(0, atX: x + BigInt(p.x), y: y + BigInt(p.y)) }
        }
    }

    /// Empties every cell inside `rect`.
    /// - Complexity: O(non-empty cells inside × level).
    public func clear(inside rect: CellRect) {
        var cells: [(BigInt, BigInt)] = []
        forEachCell(in: rect) { cx, cy, _ in cells.append((cx, cy)) }
        for (cx, cy) in cells { setState(0, atX: cx, y: cy) }
    }

    /// Empties every cell outside `rect`.
    /// - Complexity: O(non-empty cells inside × log) to rebuild from them.
    public func clear(outside rect: CellRect) {
        guard let box = boundingBox else { return }
        // Only the part of `rect` that meets the cells matters (and it fits Int offsets).
        let left = max(rect.x, box.x), top = max(rect.y, box.y)
        let right = min(rect.maxX, box.maxX), bottom = min(rect.maxY, box.maxY)
        guard left < right && top < bottom else { return clear() }
        let inside = CellRect(x: left, y: top, width: (right - left).magnitude, height: (bottom - top).magnitude)
        load(cells: cells(in: inside), originX: left, originY: top)
    }
}
