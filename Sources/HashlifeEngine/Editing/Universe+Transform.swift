// Rotating and flipping clips and rectangles of the plane.

extension Universe {
    /// `clip` rotated or flipped (a quarter turn swaps its width and height). `clip` must come
    /// from this universe.
    /// - Complexity: O(distinct nodes of the clip), memoized per node: a 10^8-cell Metacell
    ///   pattern of a few hundred thousand distinct nodes takes milliseconds.
    public func transformed(_ clip: PatternClip, _ transform: PatternTransform) -> PatternClip {
        precondition(clip.pin.pins === store.collector.pinned, "a clip transformed by a universe that did not make it")
        collectIfNeeded()
        let symmetry = transform.symmetry
        let id = NodeStore.withStack(forLevels: clip.level) { store.transformed(clip.node, level: clip.level, symmetry) }
        let moved = symmetry.apply(x: clip.left, y: clip.top, width: clip.width, height: clip.height, side: .powerOfTwo(clip.level))
        return PatternClip(pin: PinnedRoot(id, in: store.collector.pinned), level: clip.level, left: moved.x, top: moved.y,
                           width: moved.width, height: moved.height, population: clip.population)
    }

    /// Rotates or flips the cells of `rect` in place: the rectangle's top-left stays, and a
    /// quarter turn swaps its width and height. Afterwards the old rectangle holds no cell
    /// outside the new one, and the new rectangle holds exactly the transformed cells (cells
    /// that were there outside the old rectangle are replaced, as Golly does).
    /// - Returns: the rectangle the cells now occupy (`rect` with its sides swapped by a turn).
    /// - Complexity: O(distinct nodes of the rectangle's contents) (crop, transform, move).
    @discardableResult
    public func transform(_ rect: CellRect, _ transform: PatternTransform) -> CellRect {
        let turned = transformed(clip(of: rect), transform)
        clear(inside: rect)
        paste(turned, x: rect.x, y: rect.y, mode: .copy)
        return CellRect(x: rect.x, y: rect.y, width: turned.width, height: turned.height)
    }
}
