// StateTree.swift — a quadtree of cells in states, as a Macrocell file holds it.

/// A quadtree of cells in states 0 … 255 as Golly's Macrocell format gives it: nodes numbered
/// from 1 in file order, children before parents, the last node the root. A node of level 1 is
/// a 2×2 square of four states; a node of level d ≥ 2 names four earlier nodes of level d − 1
/// (0: an empty square). Shared subtrees are listed once, so a tree may stand for far more
/// cells than it has nodes.
///
/// The root sits where Golly places a Macrocell root of its level d (ghashbase keeps y upwards,
/// as hlifealgo does): x from −2^(d−1) to 2^(d−1) − 1 and y from 1 − 2^(d−1) to 2^(d−1).
public struct StateTree: Sendable, Equatable {
    /// One node: its level and its four parts (nw, ne, sw, se): states at level 1, earlier node
    /// numbers above.
    public struct Node: Sendable, Hashable {
        public var level: Int
        public var parts: SIMD4<Int32>

        public init(level: Int, parts: SIMD4<Int32>) {
            self.level = level
            self.parts = parts
        }
    }

    /// How the tree is held: as its nodes, or as two-state definitions with 8×8 leaves (a
    /// two-state universe's own, converted only when asked for nodes).
    enum Storage: Sendable {
        case states([Node])
        case bits([TreeDefinition])
    }

    let storage: Storage

    /// The nodes, numbered from 1: `nodes[0]` is node 1.
    /// - Invariant: every part of a node above level 1 is 0 or the number of an earlier node
    ///   one level lower; the levels are 1 … `Universe.maximumStepExponent`.
    /// - Complexity: O(1) for a tree made of nodes; O(definitions) for one made of two-state
    ///   definitions (`init(bitTree:)`), which are converted.
    public var nodes: [Node] {
        switch storage {
        case .states(let nodes): nodes
        case .bits(let definitions): StateTree.nodes(ofBitTree: definitions)
        }
    }

    public init(nodes: [Node]) { storage = .states(nodes) }

    /// The root's level; nil for a tree without nodes.
    public var level: Int? {
        switch storage {
        case .states(let nodes): nodes.last?.level
        case .bits(let definitions):
            switch definitions.last {
            case nil: nil
            case .leaf: 3
            case .node(let level, _, _, _, _): level
            }
        }
    }

    /// Two trees are equal when they list the same nodes.
    public static func == (lhs: StateTree, rhs: StateTree) -> Bool { lhs.nodes == rhs.nodes }

    /// Calls `body` for every cell not in state 0, at its position in Golly's frame (each
    /// shared subtree is visited once per place it appears: the time grows with the cells).
    /// - Precondition: the cells' coordinates fit an `Int` (the root's level is 62 or less).
    public func forEachCell(_ body: (_ x: Int, _ y: Int, _ state: UInt8) -> Void) {
        guard let level else { return }
        precondition(level <= 62, "a tree of level \(level) has cells beyond Int's coordinates")
        let nodes = self.nodes
        let half = 1 << (level - 1)
        func visit(_ number: Int32, _ x: Int, _ y: Int) {
            guard number != 0 else { return }
            let node = nodes[Int(number) - 1]
            if node.level == 1 {
                for quadrant in 0..<4 where node.parts[quadrant] != 0 {
                    body(x + quadrant % 2, y + quadrant / 2, UInt8(node.parts[quadrant]))
                }
                return
            }
            let side = 1 << (node.level - 1)
            for quadrant in 0..<4 { visit(node.parts[quadrant], x + side * (quadrant % 2), y + side * (quadrant / 2)) }
        }
        visit(Int32(nodes.count), -half, 1 - half)
    }

    /// The tree with each state s replaced by `map(s)` (0 stays 0), at the same place: shared
    /// squares stay shared, squares left empty become 0, the root keeps its level (a tree whose
    /// cells all map to 0 has no nodes). Nil as soon as `map` answers nil for a state in the tree.
    /// - Complexity: O(nodes).
    public func mappingStates(_ map: (UInt8) -> UInt8?) -> StateTree? {
        let old = nodes
        guard let rootLevel = old.last?.level else { return self }
        var numbers = [Int32](repeating: 0, count: old.count + 1)
        var mapped: [Node] = []
        var known: [Node: Int32] = [:]
        for (index, node) in old.enumerated() {
            var parts = SIMD4<Int32>(repeating: 0)
            for quadrant in 0..<4 {
                let part = node.parts[quadrant]
                if node.level == 1 {
                    guard part != 0 else { continue }
                    guard let result = map(UInt8(truncatingIfNeeded: part)) else { return nil }
                    parts[quadrant] = Int32(result)
                } else {
                    parts[quadrant] = numbers[Int(part)]
                }
            }
            if parts == SIMD4(repeating: 0) {
                if index == old.count - 1 { return StateTree(nodes: []) }
                continue
            }
            let made = Node(level: node.level, parts: parts)
            if let number = known[made] {
                numbers[index + 1] = number
            } else {
                mapped.append(made)
                numbers[index + 1] = Int32(mapped.count)
                known[made] = Int32(mapped.count)
            }
        }
        precondition(mapped.last?.level == rootLevel, "the root is the last node")
        return StateTree(nodes: mapped)
    }
}
