// QuadtreeStore.swift — what every family's store offers the tree operations written once:
// canonical nodes, their children, and the empty node of each level.
//
// A universe is a root node and where its top-left cell lies (`RootFrame`). Growing the root
// around the pattern, shrinking it to the cells, padding it for a step and the viewport walk
// (BandWalk.swift) read a store only through this protocol, so they are written once for every
// cell layout: the two-state store's 8×8 bit leaves, the multi-state store's 4×4 byte leaves.
// Release builds compile the engine as one module and specialise them for each store.

/// A store of canonical quadtree nodes, as the layout-independent tree operations use it.
///
/// Contracts: `node` returns the one id of the square made of its four children (all of one
/// level ≥ `leafLevel`); `emptyNode(level:)` registers the empty node of every level up to
/// `level` and returns the one of `level`; `isEmpty` is exact for every registered level.
protocol QuadtreeStore: ~Copyable {
    /// The level of a leaf: a leaf holds 2^leafLevel × 2^leafLevel cells.
    static var leafLevel: Int { get }
    /// The four children (nw, ne, sw, se) of a node above the leaf level.
    func children(_ id: NodeID) -> (NodeID, NodeID, NodeID, NodeID)
    mutating func node(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID) -> NodeID
    mutating func emptyNode(level: Int) -> NodeID
    func isEmpty(_ id: NodeID, level: Int) -> Bool
    /// Calls `body` with the column, row (from the leaf's top-left) and state of every cell
    /// of the leaf `id` not in state 0.
    func forEachLeafState(_ id: NodeID, _ body: (_ x: Int, _ y: Int, _ state: UInt8) -> Void)
}

/// A universe's root and where it lies: the root node, its level, and its top-left cell.
///
/// Every family keeps its root in Golly's frame: a root of level L has its top-left cell at
/// (−2^(L−1), 1 − 2^(L−1)) when it is made (`corner(level:)`), and growing or shrinking it
/// keeps every cell in place, so every square of level k < L inside it has its top-left at
/// x ≡ 0 and y ≡ 1 modulo 2^k. Macrocell files place their roots there.
struct RootFrame: Equatable {
    var root: NodeID
    var level: Int
    var x: BigInt
    var y: BigInt

    /// The top-left cell of a root of `level` in Golly's frame: (−2^(level−1), 1 − 2^(level−1)).
    static func corner(level: Int) -> (x: BigInt, y: BigInt) {
        let half = BigInt(BigUInt.powerOfTwo(level - 1))
        return (-half, BigInt(1) - half)
    }

    /// The row of the frame's alignment: the top row of every square of the tree lies at
    /// y ≡ `alignmentY` modulo its side.
    static let alignmentY = 1
}

extension QuadtreeStore where Self: ~Copyable {
    /// The root of `frame` surrounded by empty space: one level higher, the same cells in the
    /// same place (its top-left moves up and left by half the old side).
    mutating func padded(_ frame: RootFrame) -> NodeID {
        let (nw, ne, sw, se) = children(frame.root)
        let e = emptyNode(level: frame.level - 1)
        return node(node(e, e, e, nw), node(e, e, ne, e), node(e, sw, e, e), node(se, e, e, e))
    }

    /// Doubles the root's side, keeping every cell in place, and registers the empty nodes up
    /// to the level above the new root's (which a step's padding makes).
    mutating func expand(_ frame: inout RootFrame) {
        let grown = padded(frame)
        let half = BigInt(BigUInt.powerOfTwo(frame.level - 1))
        frame = RootFrame(root: grown, level: frame.level + 1, x: frame.x - half, y: frame.y - half)
        _ = emptyNode(level: frame.level + 1)
    }

    /// Does the root's centre half (the square of its four inner grandchildren) hold every
    /// cell not in state 0?
    func centreHalfHoldsEverything(_ frame: RootFrame) -> Bool {
        let (nw, ne, sw, se) = children(frame.root)
        let below = frame.level - 2
        let (a, b, c, _) = children(nw), (d, e, _, f) = children(ne)
        let (g, _, h, i) = children(sw), (_, j, k, l) = children(se)
        return isEmpty(a, level: below) && isEmpty(b, level: below) && isEmpty(c, level: below)
            && isEmpty(d, level: below) && isEmpty(e, level: below) && isEmpty(f, level: below)
            && isEmpty(g, level: below) && isEmpty(h, level: below) && isEmpty(i, level: below)
            && isEmpty(j, level: below) && isEmpty(k, level: below) && isEmpty(l, level: below)
    }

    /// Halves the root's side while its outer ring is empty and it is above `minimumLevel`,
    /// keeping every cell in place.
    mutating func shrink(_ frame: inout RootFrame, minimumLevel: Int) {
        while frame.level > minimumLevel && centreHalfHoldsEverything(frame) {
            let (nw, ne, sw, se) = children(frame.root)
            let quarter = BigInt(BigUInt.powerOfTwo(frame.level - 2))
            frame = RootFrame(root: node(children(nw).3, children(ne).2, children(sw).1, children(se).0),
                              level: frame.level - 1, x: frame.x + quarter, y: frame.y + quarter)
        }
    }
}

extension QuadtreeStore where Self: ~Copyable {
    /// Distinct non-empty nodes under the root of `frame`, leaves included (the tree's own size,
    /// unlike the store's count, which holds memoized results too).
    /// - Complexity: O(distinct nodes under the root).
    func distinctNodeCount(_ frame: RootFrame) -> Int {
        var seen = Set<NodeID>()
        var pending = [(frame.root, frame.level)]
        while let (id, level) = pending.popLast() {
            if isEmpty(id, level: level) || !seen.insert(id).inserted || level == Self.leafLevel { continue }
            let (nw, ne, sw, se) = children(id)
            pending += [(nw, level - 1), (ne, level - 1), (sw, level - 1), (se, level - 1)]
        }
        return seen.count
    }
}
