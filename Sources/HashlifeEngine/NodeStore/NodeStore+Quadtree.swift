// NodeStore+Quadtree.swift — the two-state store as the layout-independent tree operations
// read it (QuadtreeStore.swift); its `node`, `emptyNode` and `isEmpty` are its own.

extension NodeStore: QuadtreeStore {
    @inline(__always)
    func children(_ id: NodeID) -> (NodeID, NodeID, NodeID, NodeID) {
        let r = arena.record(id)
        return (r.nw, r.ne, r.sw, r.se)
    }

    func forEachLeafState(_ id: NodeID, _ body: (_ x: Int, _ y: Int, _ state: UInt8) -> Void) {
        var bits = arena.cells(id)
        while bits != 0 {
            let bit = bits.trailingZeroBitCount
            body(bit & 7, bit >> 3, 1)
            bits &= bits &- 1
        }
    }
}
