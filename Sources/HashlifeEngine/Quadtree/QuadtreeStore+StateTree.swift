// QuadtreeStore+StateTree.swift — any family's quadtree written out as a Macrocell tree of
// states, node by node, whatever its leaf layout.

extension QuadtreeStore where Self: ~Copyable {
    /// The tree under `frame`'s root as a `StateTree`: each distinct node once (a leaf as its
    /// squares down to level 1), the root last, placed where Golly places a root of its level.
    /// Nil when the root holds no cell.
    /// - Precondition: the root lies in Golly's frame (`RootFrame`), as every family keeps it.
    /// - Complexity: O(distinct nodes under the root · leaf cells).
    func stateTree(_ frame: RootFrame) -> StateTree? {
        guard !isEmpty(frame.root, level: frame.level) else { return nil }
        precondition(frame.x == RootFrame.corner(level: frame.level).x && frame.y == RootFrame.corner(level: frame.level).y,
                     "the root is not in Golly's frame")
        var builder = StateTreeBuilder()
        var numbers: [NodeID: Int32] = [:]
        let side = 1 << Self.leafLevel
        var states = [Int32](repeating: 0, count: side * side)
        func visit(_ id: NodeID, level: Int) -> Int32 {
            if isEmpty(id, level: level) { return 0 }
            if let known = numbers[id] { return known }
            let number: Int32
            if level == Self.leafLevel {
                for i in states.indices { states[i] = 0 }
                forEachLeafState(id) { x, y, state in states[y * side + x] = Int32(state) }
                number = builder.square(level: level, x: 0, y: 0) { x, y in states[y * side + x] }
            } else {
                let (nw, ne, sw, se) = children(id)
                number = builder.node(level: level, SIMD4(visit(nw, level: level - 1), visit(ne, level: level - 1),
                                                          visit(sw, level: level - 1), visit(se, level: level - 1)))
            }
            numbers[id] = number
            return number
        }
        _ = visit(frame.root, level: frame.level)
        return StateTree(nodes: builder.nodes)
    }
}
