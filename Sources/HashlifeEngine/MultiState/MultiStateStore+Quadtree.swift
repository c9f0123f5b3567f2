// MultiStateStore+Quadtree.swift — the multi-state store as the layout-independent tree
// operations read it (QuadtreeStore.swift); its `node`, `emptyNode` and `isEmpty` are its own.

extension MultiStateStore: QuadtreeStore {
    static var leafLevel: Int { MultiStateRecord.leafLevel }

    @inline(__always)
    func children(_ id: NodeID) -> (NodeID, NodeID, NodeID, NodeID) { arena[id].children }

    func forEachLeafState(_ id: NodeID, _ body: (_ x: Int, _ y: Int, _ state: UInt8) -> Void) {
        let r = arena[id]
        for (y, row) in [r.w0, r.w1, r.w2, r.w3].enumerated() where row != 0 {
            for x in 0..<4 {
                let state = UInt8(truncatingIfNeeded: row >> UInt32(x * 8))
                if state != 0 { body(x, y, state) }
            }
        }
    }
}
