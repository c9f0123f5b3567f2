// StateTree+Bits.swift — the two-state Macrocell tree (8×8 bit leaves) as a tree of states and
// back, so one interface carries the quadtree of every family.

extension StateTree {
    /// The two-state tree `definitions` (`TreeDefinition`, children before parents, the last
    /// the root) as a tree of states. The definitions are kept as they are (`bitTree` gives
    /// them back at once); as nodes, each 8×8 leaf becomes its level-1 and level-2 squares and
    /// one level-3 node, each distinct square listed once. The root stays where it was.
    /// - Precondition: the definitions are valid (as `Universe.validate(tree:)` checks them).
    /// - Complexity: O(1).
    public init(bitTree definitions: [TreeDefinition]) { storage = .bits(definitions) }

    /// The nodes of the two-state tree `definitions`, as `init(bitTree:)` describes them.
    static func nodes(ofBitTree definitions: [TreeDefinition]) -> [Node] {
        var builder = StateTreeBuilder()
        var numbers = [Int32](repeating: 0, count: definitions.count + 1)
        for (index, definition) in definitions.enumerated() {
            switch definition {
            case .leaf(let bits):
                numbers[index + 1] = builder.square(level: 3, x: 0, y: 0) { x, y in Int32(bits >> UInt64(y * 8 + x) & 1) }
            case let .node(level, nw, ne, sw, se):
                numbers[index + 1] = builder.node(level: level, SIMD4(numbers[nw], numbers[ne], numbers[sw], numbers[se]))
            }
        }
        return builder.nodes
    }

    /// The tree as two-state definitions (8×8 leaves at level 3, nodes above), each distinct
    /// subtree once, the root last (O(1) for a tree made of definitions); nil when a cell is in a state above 1 or the root is below
    /// level 3 (such a tree is written cell by cell). Empty for a tree without cells.
    /// - Complexity: O(nodes).
    public var bitTree: [TreeDefinition]? {
        if case .bits(let definitions) = storage { return definitions }
        let nodes = self.nodes
        guard let level else { return [] }
        guard level >= 3, nodes.allSatisfy({ $0.level > 1 || $0.parts.max() <= 1 }) else { return nil }
        var definitions: [TreeDefinition] = []
        var numbers = [Int](repeating: -1, count: nodes.count + 1)
        numbers[0] = 0
        /// The 8×8 bits of node `number` of level ≤ 3, placed at (`x`, `y`) in the leaf.
        func bits(_ number: Int32, level: Int, x: Int, y: Int) -> UInt64 {
            guard number != 0 else { return 0 }
            let node = nodes[Int(number) - 1]
            if level == 1 {
                var result: UInt64 = 0
                for quadrant in 0..<4 where node.parts[quadrant] != 0 {
                    result |= 1 << UInt64((y + quadrant / 2) * 8 + x + quadrant % 2)
                }
                return result
            }
            let half = 1 << (level - 1)
            var result: UInt64 = 0
            for quadrant in 0..<4 {
                result |= bits(node.parts[quadrant], level: level - 1, x: x + half * (quadrant % 2), y: y + half * (quadrant / 2))
            }
            return result
        }
        for (index, node) in nodes.enumerated() where node.level >= 3 {
            let definition: TreeDefinition
            if node.level == 3 {
                let leaf = bits(Int32(index + 1), level: 3, x: 0, y: 0)
                guard leaf != 0 else { numbers[index + 1] = 0; continue }
                definition = .leaf(leaf)
            } else {
                let children = (0..<4).map { numbers[Int(node.parts[$0])] }
                guard children.contains(where: { $0 != 0 }) else { numbers[index + 1] = 0; continue }
                definition = .node(level: node.level, nw: children[0], ne: children[1], sw: children[2], se: children[3])
            }
            definitions.append(definition)
            numbers[index + 1] = definitions.count
        }
        return definitions
    }
}

/// Builds a `StateTree` bottom-up, listing each distinct node once.
struct StateTreeBuilder {
    private(set) var nodes: [StateTree.Node] = []
    private var numbers: [StateTree.Node: Int32] = [:]

    /// The number of the node of `level` with `parts` (0 for an all-empty one), listed if new.
    mutating func node(level: Int, _ parts: SIMD4<Int32>) -> Int32 {
        guard parts != .zero else { return 0 }
        let node = StateTree.Node(level: level, parts: parts)
        if let known = numbers[node] { return known }
        nodes.append(node)
        let number = Int32(nodes.count)
        numbers[node] = number
        return number
    }

    /// The number of the square of `level` whose top-left is (`x`, `y`), with its states from
    /// `state(x, y)`.
    mutating func square(level: Int, x: Int, y: Int, _ state: (_ x: Int, _ y: Int) -> Int32) -> Int32 {
        if level == 1 {
            return node(level: 1, SIMD4(state(x, y), state(x + 1, y), state(x, y + 1), state(x + 1, y + 1)))
        }
        let half = 1 << (level - 1)
        return node(level: level, SIMD4(square(level: level - 1, x: x, y: y, state),
                                        square(level: level - 1, x: x + half, y: y, state),
                                        square(level: level - 1, x: x, y: y + half, state),
                                        square(level: level - 1, x: x + half, y: y + half, state)))
    }
}
