// Results kept beside the records.

/// The memoized results that do not fit a record's own slot: the full-step results of squares
/// that are not nodes (`SquareMemo`, one thread's), and partial steps whose tag is too deep for
/// a record (`deepResults`: the tops of trees much taller than their step). Both are caches:
/// what they drop is computed again, exactly. A collection drops what names a freed node; a
/// change of rule empties them. Keyed by node ids (a square by its four children's, hashed as a
/// record's key is, `NodeRecord.keyHash`), never by a record's layout: another engine's store
/// with quadtree nodes uses them as they are. Non-copyable: it owns the square memo.
struct MemoCaches: ~Copyable {
    var squares: SquareMemo
    /// Results of partial steps too deep for a record's tag (`NodeRecord.tagLimit`), by
    /// `deepKey`. Emptied by every collection.
    var deepResults = SideTable()

    /// Empty caches at their smallest, sized for `memoryLimit`.
    init(memoryLimit: Int) {
        squares = MemoCaches.emptySquareMemo(memoryLimit: memoryLimit)
        deepResults.maximumBytes = MemoryPlan.sideTableBytes(memoryLimit: memoryLimit)
    }

    /// An empty square memo at its smallest size, its maximum set by `memoryLimit`.
    static func emptySquareMemo(memoryLimit: Int) -> SquareMemo {
        SquareMemo(maximumSets: MemoryPlan.squareMemoSets(memoryLimit: memoryLimit))
    }

    /// The key of a deep partial result in `deepResults`.
    @inline(__always)
    static func deepKey(_ id: NodeID, _ step: Int) -> UInt64 { UInt64(id) &<< 32 | UInt64(truncatingIfNeeded: step) }

    /// Applies a new memory limit: the deep results' share, and the square memo's largest size
    /// (it shrinks to it when larger).
    mutating func setLimit(memoryLimit: Int) {
        deepResults.maximumBytes = MemoryPlan.sideTableBytes(memoryLimit: memoryLimit)
        if deepResults.bytes > deepResults.maximumBytes { deepResults.removeAll() }
        squares.setMaximum(MemoryPlan.squareMemoSets(memoryLimit: memoryLimit))
    }

    /// Replaces the square memo by an empty one of its smallest size (the old one's sets are
    /// unmapped).
    mutating func releaseSquares(memoryLimit: Int) {
        squares = MemoCaches.emptySquareMemo(memoryLimit: memoryLimit)
    }

    /// Forgets every result (a change of rule); the square memo keeps its size.
    mutating func removeAll() {
        squares.removeAll()
        deepResults.removeAll()
    }

    /// Drops every result that names a node `marks` does not keep (after a collection).
    mutating func sweep(keeping marks: MarkBits) {
        deepResults.removeAll()
        marks.withWords { words in squares.sweep { MarkBits.isSet($0, in: words) } }
    }
}
