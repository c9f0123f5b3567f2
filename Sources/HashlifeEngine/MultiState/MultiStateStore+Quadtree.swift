// MultiStateStore+Quadtree.swift — the multi-state store as the layout-independent tree
// operations read it (QuadtreeStore.swift); its `node`, `emptyNode` and `isEmpty` are its own.

extension MultiStateStore: QuadtreeStore {
    static var leafLevel: Int { MultiStateRecord.leafLevel }

    @inline(__always)
    func children(_ id: NodeID) -> (NodeID, NodeID, NodeID, NodeID) { arena[id].children }
}
