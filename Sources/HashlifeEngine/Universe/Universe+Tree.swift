// Loading and exporting whole quadtrees, node by node (the Macrocell format's shape).

/// One node of a quadtree given bottom-up: the shape of a Macrocell file's lines.
public enum TreeDefinition: Hashable, Sendable {
    /// An 8×8 leaf (level 3): bit y*8+x is the cell at column x, row y (y downwards).
    case leaf(UInt64)
    /// A node of `level` ≥ 4 whose children are earlier definitions, by 1-based index; 0 is the
    /// empty node of level `level` - 1.
    case node(level: Int, nw: Int, ne: Int, sw: Int, se: Int)
}

/// Why a list of tree definitions cannot be loaded: which definition (1-based) and why.
public struct TreeDefinitionError: Error, Equatable, Sendable, CustomStringConvertible {
    public var index: Int
    public var message: String
    public var description: String { "definition \(index): \(message)" }
}

extension Universe {
    /// Replaces the contents with the tree whose last definition is the root, placed where Golly
    /// places a root of its level (see the type's discussion); a leaf root (level 3) is the 8×8
    /// square whose top-left cell is (-4, -3), the centre of Golly's level-4 frame. Nodes go straight into the
    /// canonical store, never cell by cell. Generation and rule stay.
    /// - Throws: `TreeDefinitionError` for a child index that is not an earlier definition, a
    ///   child of the wrong level, or a level below 4; the universe is then unchanged.
    /// - Complexity: O(definitions).
    public func load(tree definitions: [TreeDefinition]) throws(TreeDefinitionError) {
        guard !definitions.isEmpty else { clear(); return }
        // Validate first, so a bad list leaves the universe untouched.
        let levels = try Universe.validate(tree: definitions)
        collectIfNeeded()
        var ids = [NodeID](repeating: 0, count: definitions.count + 1)
        for (i, definition) in definitions.enumerated() {
            switch definition {
            case let .leaf(bits):
                ids[i + 1] = store.leaf(bits)
            case let .node(level, nw, ne, sw, se):
                let empty = store.emptyNode(level: level - 1)
                func id(_ child: Int) -> NodeID { child == 0 ? empty : ids[child] }
                ids[i + 1] = store.node(id(nw), id(ne), id(sw), id(se))
            }
        }
        root = ids[definitions.count]
        level = levels[definitions.count]
        if level == NodeStore.leafLevel {
            // A leaf root (an 8×8 file): centred in a level-4 node, as Golly's
            // make_internal_node pads one; leaves have no children for `expand` to move.
            let bits = store.leafBits(root)
            let nw = store.leaf((bits & 0x0F0F_0F0F) << 36), ne = store.leaf((bits & 0xF0F0_F0F0) << 28)
            let sw = store.leaf((bits & 0x0F0F_0F0F_0000_0000) >> 28), se = store.leaf((bits & 0xF0F0_F0F0_0000_0000) >> 36)
            root = store.node(nw, ne, sw, se)
            level = NodeStore.leafLevel + 1
        }
        (originX, originY) = RootFrame.corner(level: level)
        registerEmpties()
        while level < Universe.minimumLevel { expand() }
        shrink()
    }

    /// The level of each definition (index 0 unused) when `definitions` form a tree that
    /// `load(tree:)` takes.
    /// - Throws: `TreeDefinitionError` as `load(tree:)` does.
    public static func validate(tree definitions: [TreeDefinition]) throws(TreeDefinitionError) -> [Int] {
        var levels = [Int](repeating: 0, count: definitions.count + 1)
        for (i, definition) in definitions.enumerated() {
            let index = i + 1
            switch definition {
            case .leaf:
                levels[index] = NodeStore.leafLevel
            case let .node(level, nw, ne, sw, se):
                guard level >= 4 else { throw TreeDefinitionError(index: index, message: "level \(level) is below 4 (the 8×8 leaves are level 3)") }
                guard level <= Universe.maximumStepExponent else { throw TreeDefinitionError(index: index, message: "level \(level) is above the engine's limit of level \(Universe.maximumStepExponent) (a square 2^\(Universe.maximumStepExponent) cells on a side)") }
                for child in [nw, ne, sw, se] {
                    guard child >= 0, child < index else {
                        throw TreeDefinitionError(index: index, message: "child \(child) is not an earlier node (0 to \(index - 1))")
                    }
                    guard child == 0 || levels[child] == level - 1 else {
                        throw TreeDefinitionError(index: index, message: "child \(child) has level \(levels[child]), expected \(level - 1)")
                    }
                }
                levels[index] = level
            }
        }
        return levels
    }

    /// The tree of live cells as definitions, children before parents, each distinct non-empty
    /// node once (the last is the root, empty quadrants are 0), with the root placed as Golly
    /// places one of its level. Empty when no cell is alive.
    /// - Complexity: O(distinct nodes).
    public func treeDefinitions() -> [TreeDefinition] {
        if isEmpty { return [] }
        // The root in Golly's frame at its level, grown until it is (it always is: see `frame`).
        var definitions: [TreeDefinition] = []
        var numbers: [NodeID: Int] = [:]
        func visit(_ id: NodeID, level: Int) -> Int {
            if store.isEmpty(id, level: level) { return 0 }
            if let known = numbers[id] { return known }
            let definition: TreeDefinition
            if level == NodeStore.leafLevel {
                definition = .leaf(store.leafBits(id))
            } else {
                let r = store.record(id)
                definition = .node(level: level, nw: visit(r.nw, level: level - 1), ne: visit(r.ne, level: level - 1),
                                   sw: visit(r.sw, level: level - 1), se: visit(r.se, level: level - 1))
            }
            definitions.append(definition)
            numbers[id] = definitions.count
            return definitions.count
        }
        _ = visit(root, level: level)
        return definitions
    }
}
