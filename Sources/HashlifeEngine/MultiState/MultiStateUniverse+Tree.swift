// MultiStateUniverse+Tree.swift — a Macrocell tree loaded node by node, without listing cells.
//
// The tree's nodes become the store's nodes bottom-up (level-1 squares join into the store's
// 4×4 leaves), so a tree of n nodes loads in O(n) however many cells it stands for. The
// root goes where Golly places a Macrocell root, which is the universe's own frame
// (`RootFrame`).

extension MultiStateUniverse {
    /// Replaces the contents with `tree`'s cells, where Golly places them (`StateTree`); the
    /// generation counter and rule stay.
    /// - Precondition: the tree's states are below `rule.stateCount`, and its root is of level
    ///   3 or more (a smaller tree, 16 cells at most, is loaded cell by cell by the caller).
    public func load(tree: StateTree) {
        guard let treeLevel = tree.level, treeLevel >= 3 else { preconditionFailure("a tree of level 3 or more") }
        clear()
        collectIfNeeded()
        // Store ids of the file's nodes of level ≥ 2; the 2×2 squares of level 1 as four states.
        let nodes = tree.nodes
        var ids = [NodeID](repeating: 0, count: nodes.count + 1)
        var empties: [NodeID] = []
        func empty(_ level: Int) -> NodeID {
            while empties.count <= level { empties.append(empties.count < 2 ? 0 : store.emptyNode(level: empties.count)) }
            return empties[level]
        }
        for (index, node) in nodes.enumerated() {
            let number = index + 1
            switch node.level {
            case 1:
                continue
            case 2:
                // Four 2×2 squares into one 4×4 leaf: row y is word y, column x its byte x.
                func square(_ part: Int32) -> SIMD4<Int32> { part == 0 ? .zero : nodes[Int(part) - 1].parts }
                let (a, b, c, d) = (square(node.parts[0]), square(node.parts[1]), square(node.parts[2]), square(node.parts[3]))
                func row(_ w: SIMD4<Int32>, _ e: SIMD4<Int32>, _ top: Bool) -> UInt32 {
                    let i = top ? 0 : 2
                    return UInt32(w[i]) | UInt32(w[i + 1]) << 8 | UInt32(e[i]) << 16 | UInt32(e[i + 1]) << 24
                }
                ids[number] = store.leaf(row(a, b, true), row(a, b, false), row(c, d, true), row(c, d, false))
            default:
                let child = { (part: Int32) -> NodeID in part == 0 ? empty(node.level - 1) : ids[Int(part)] }
                ids[number] = store.node(child(node.parts[0]), child(node.parts[1]), child(node.parts[2]), child(node.parts[3]))
            }
        }
        // The root where Golly places a Macrocell root of its level: the universe's own frame.
        root = ids[nodes.count]
        level = treeLevel
        (originX, originY) = RootFrame.corner(level: level)
        registerEmpties()
        while level < MultiStateUniverse.minimumLevel { expand() }
    }
}
