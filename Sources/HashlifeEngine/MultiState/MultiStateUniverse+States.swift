// MultiStateUniverse+States.swift — saved states and cell-set keys, as `Universe` has them:
// the undo history, snapshots and reset points of an editor keep a universe's earlier states
// for O(1) each, safe across collections.

/// A saved state of a `MultiStateUniverse`: its root (pinned, so collections keep the nodes it
/// reaches for as long as the value lives), the root's place, the generation and the rule.
/// Restoring it is O(1) plus the rule change, if any (see `MultiStateUniverse.setRule`).
/// A state may only be restored into the universe that saved it.
public struct MultiStateUniverseState: Equatable {
    let pin: PinnedRoot
    var root: NodeID { pin.id }
    let level: Int
    let originX: BigInt
    let originY: BigInt
    public let generation: BigUInt
    public let rule: MultiStateRule

    public static func == (a: MultiStateUniverseState, b: MultiStateUniverseState) -> Bool {
        a.pin.pins === b.pin.pins && a.root == b.root && a.level == b.level && a.originX == b.originX
            && a.originY == b.originY && a.generation == b.generation && a.rule == b.rule
    }
}

extension MultiStateUniverse {
    /// The current state, to restore later (O(1); pins the root).
    public func saveState() -> MultiStateUniverseState {
        MultiStateUniverseState(pin: PinnedRoot(root, in: store.collector.pinned), level: level, originX: originX,
                                originY: originY, generation: generation, rule: rule)
    }

    /// Returns to a state saved from this universe: its cells, generation and rule.
    /// - Precondition: `state` was saved by this universe.
    public func restore(_ state: MultiStateUniverseState) {
        precondition(state.pin.pins === store.collector.pinned, "a state restored into a universe that did not make it")
        setRule(state.rule)
        root = state.root
        level = state.level
        originX = state.originX
        originY = state.originY
        generation = state.generation
        registerEmpties()
    }

    /// The current cell set's identity (see `CellSetKey`): equal keys of this universe mean
    /// equal cells, states and positions. Shrinks the root first (edits can leave it larger than
    /// needed), which changes nothing observable. Keys of different universes are unrelated.
    /// - Complexity: O(level).
    public var cellSetKey: CellSetKey {
        shrink()
        return CellSetKey(pin: PinnedRoot(root, in: store.collector.pinned), level: level)
    }

    /// The viewport of `columns`×`rows` blocks that frames the non-empty cells with a 20 %
    /// margin (see `Viewport.fitting`), nil when every cell is in state 0.
    public func fit(columns: Int, rows: Int) -> Viewport? {
        precondition(columns > 0 && rows > 0, "viewport needs at least one block")
        return boundingBox.map { Viewport.fitting($0, columns: columns, rows: rows) }
    }

    /// The highest state present in each block of `viewport` (0 for an empty block), row by
    /// row: what a view shows, whatever the zoom (not only powers of two) and wherever the
    /// view's corner is. A block at the view's right or bottom edge covers only the cells
    /// inside the view.
    /// - Returns: `viewport.columns` × `viewport.rows` states.
    /// - Complexity: at zoom 1, O(non-empty cells in view × level); otherwise O(blocks that
    ///   meet the bounding box × level), plus each distinct node under them once.
    public func blockStates(of viewport: Viewport) -> [UInt8] {
        let columns = viewport.columns, rows = viewport.rows
        var states = [UInt8](repeating: 0, count: columns * rows)
        guard let box = boundingBox, columns > 0, rows > 0 else { return states }
        if viewport.zoom == .one {
            forEachCellOffset(in: CellRect(x: viewport.x, y: viewport.y, width: BigUInt(columns), height: BigUInt(rows))) { dx, dy, state in
                states[dy * columns + dx] = state
            }
            return states
        }
        var memo: [NodeID: UInt8] = [:]
        let zoom = BigInt(viewport.zoom)
        let right = viewport.x + BigInt(viewport.width), bottom = viewport.y + BigInt(viewport.height)
        for j in 0..<rows {
            let top = viewport.y + zoom * BigInt(j)
            let height = min(top + zoom, bottom) - top
            if top >= box.maxY || top + height <= box.y { continue }
            for i in 0..<columns {
                let left = viewport.x + zoom * BigInt(i)
                let width = min(left + zoom, right) - left
                if left >= box.maxX || left + width <= box.x { continue }
                let block = CellRect(x: left, y: top, width: width.magnitude, height: height.magnitude)
                states[j * columns + i] = highestState(in: block, memo: &memo)
            }
        }
        return states
    }

    /// The highest state of the cells inside `rect` (0 when they are all empty).
    func highestState(in rect: CellRect, memo: inout [NodeID: UInt8]) -> UInt8 {
        let top = UInt8(truncatingIfNeeded: rule.stateCount - 1)
        func walk(_ id: NodeID, _ k: Int, _ x: BigInt, _ y: BigInt, _ memo: inout [NodeID: UInt8]) -> UInt8 {
            if store.isEmpty(id, level: k) { return 0 }
            let side = BigInt(BigUInt.powerOfTwo(k))
            if x >= rect.maxX || y >= rect.maxY || x + side <= rect.x || y + side <= rect.y { return 0 }
            if x >= rect.x && y >= rect.y && x + side <= rect.maxX && y + side <= rect.maxY {
                return store.highestState(id, level: k, memo: &memo)
            }
            let r = store.record(id)
            var highest: UInt8 = 0
            if k == MultiStateRecord.leafLevel {
                for dy in 0..<4 {
                    let cy = y + BigInt(dy)
                    guard cy >= rect.y && cy < rect.maxY else { continue }
                    for dx in 0..<4 {
                        let cx = x + BigInt(dx)
                        if cx >= rect.x && cx < rect.maxX { highest = max(highest, MultiStateUniverse.cell(r, x: dx, y: dy)) }
                    }
                }
                return highest
            }
            let half = BigInt(BigUInt.powerOfTwo(k - 1))
            for (child, cx, cy) in [(r.nw, x, y), (r.ne, x + half, y), (r.sw, x, y + half), (r.se, x + half, y + half)] {
                highest = max(highest, walk(child, k - 1, cx, cy, &memo))
                if highest >= top { break }
            }
            return highest
        }
        return walk(root, level, originX, originY, &memo)
    }
}

extension MultiStateUniverse {
    /// The highest state of any cell (0 when the universe is empty): the rule's state count
    /// must exceed it for the cells to be valid under another rule.
    /// - Complexity: O(distinct nodes).
    public var highestState: UInt8 {
        MultiStateUniverse.withStack(forLevels: level) {
            var memo: [NodeID: UInt8] = [:]
            return store.highestState(root, level: level, memo: &memo)
        }
    }
}
