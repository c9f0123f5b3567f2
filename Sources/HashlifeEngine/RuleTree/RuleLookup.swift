// RuleLookup.swift — a rule tree flattened for stepping, as Golly's ruletreealgo keeps it: one
// array of offsets for the nodes above level 1 and one of new states for the level-1 nodes,
// so a cell's next state is 5 or 9 dependent loads with no branch:
//   8 neighbours: leaves[nodes[nodes[… nodes[root + nw] + ne] … + s] + c]
//   4 neighbours: leaves[nodes[nodes[nodes[nodes[root + n] + w] + e] + s] + c]
// or, for a compiled table (`RuleTree.centreFirst`), in the order c, n, ne, e, se, s, sw, w, nw
// (c, n, e, s, w).
// Each entry of a node above level 2 is the offset of its child in `nodes`; each entry of a
// level-2 node is the offset of its child in `leaves`.

/// The flattened tree of a table or tree rule. Immutable; owns its arrays.
public final class RuleLookup: @unchecked Sendable {
    let nodes: UnsafeMutablePointer<UInt32>
    let leaves: UnsafeMutablePointer<UInt8>
    /// The root's offset in `nodes`.
    let root: UInt32
    /// 4 or 8.
    let neighbours: Int
    /// Whether the cells are asked centre first (`RuleTree.centreFirst`).
    let centreFirst: Bool
    let stateCount: Int
    /// Whether a cell of state 0 among neighbours of state 0 stays 0 (then the kernel skips
    /// the cells far from any non-zero cell).
    let quiescent: Bool

    public init(_ tree: RuleTree) {
        let n = tree.stateCount
        var nodeOffset = [Int](repeating: 0, count: tree.values.count)
        var upper = 0, lower = 0
        for (index, level) in tree.levels.enumerated() {
            if level == 1 { nodeOffset[index] = lower; lower += n } else { nodeOffset[index] = upper; upper += n }
        }
        nodes = .allocate(capacity: max(upper, 1))
        leaves = .allocate(capacity: max(lower, 1))
        for (index, level) in tree.levels.enumerated() {
            let base = nodeOffset[index]
            for (s, value) in tree.values[index].enumerated() {
                if level == 1 {
                    leaves[base + s] = UInt8(value)
                } else {
                    nodes[base + s] = UInt32(nodeOffset[Int(value)])
                }
            }
        }
        root = UInt32(nodeOffset[tree.values.count - 1])
        neighbours = tree.neighbours
        centreFirst = tree.centreFirst
        stateCount = n
        quiescent = tree.next { _, _ in 0 } == 0
    }

    deinit {
        nodes.deallocate()
        leaves.deallocate()
    }

    /// The next state of the cell at `centre`, in a buffer of rows `stride` bytes apart.
    /// - Precondition: every state read is below `stateCount`.
    @inline(__always)
    func next(_ centre: UnsafePointer<UInt8>, stride: Int) -> UInt8 {
        let nodes = self.nodes
        var i = Int(root)
        if centreFirst {
            i = Int(nodes[i &+ Int(centre[0])])
            i = Int(nodes[i &+ Int(centre[-stride])])
            if neighbours == 8 { i = Int(nodes[i &+ Int(centre[-stride + 1])]) }
            i = Int(nodes[i &+ Int(centre[1])])
            if neighbours == 8 { i = Int(nodes[i &+ Int(centre[stride + 1])]) }
            i = Int(nodes[i &+ Int(centre[stride])])
            if neighbours == 8 {
                i = Int(nodes[i &+ Int(centre[stride - 1])])
                i = Int(nodes[i &+ Int(centre[-1])])
                return leaves[i &+ Int(centre[-stride - 1])]
            }
            return leaves[i &+ Int(centre[-1])]
        }
        if neighbours == 8 {
            i = Int(nodes[i &+ Int(centre[-stride - 1])])
            i = Int(nodes[i &+ Int(centre[-stride + 1])])
            i = Int(nodes[i &+ Int(centre[stride - 1])])
            i = Int(nodes[i &+ Int(centre[stride + 1])])
        }
        i = Int(nodes[i &+ Int(centre[-stride])])
        i = Int(nodes[i &+ Int(centre[-1])])
        i = Int(nodes[i &+ Int(centre[1])])
        i = Int(nodes[i &+ Int(centre[stride])])
        return leaves[i &+ Int(centre[0])]
    }

    /// The next state of the centre of `block` (reading order, north-west first).
    func next(_ block: MultiStateRule.Block) -> UInt8 {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 9) { buffer in
            buffer[0] = block.0; buffer[1] = block.1; buffer[2] = block.2
            buffer[3] = block.3; buffer[4] = block.4; buffer[5] = block.5
            buffer[6] = block.6; buffer[7] = block.7; buffer[8] = block.8
            return next(UnsafePointer(buffer.baseAddress! + 4), stride: 3)
        }
    }
}
