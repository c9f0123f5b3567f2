// Universe+LifeUniverse.swift — the two-state universe behind the engine's interface.

extension Universe: LifeUniverse {
    public var anyRule: AnyRule { AnyRule(rule) }

    public func adopt(_ rule: AnyRule) -> Bool {
        guard let rule = rule.as(Rule.self) else { return false }
        setRule(rule)
        return true
    }

    public var capabilities: UniverseCapabilities { [.powerOfTwoJumps, .threads] }

    /// The tree's own 8×8-leaf definitions, kept as they are (`StateTree(bitTree:)`).
    public func stateTree() -> StateTree? { isEmpty ? nil : StateTree(bitTree: treeDefinitions()) }

    /// Loads `tree` node by node when its cells are two-state and its root is of level 3 or
    /// more (8×8 leaves), cell by cell otherwise.
    public func load(stateTree tree: StateTree) {
        guard let definitions = tree.bitTree else {
            var cells: [(x: Int, y: Int, state: UInt8)] = []
            tree.forEachCell { x, y, state in cells.append((x, y, state)) }
            load(cellStates: cells, originX: .zero, originY: .zero)
            return
        }
        do { try load(tree: definitions) } catch { preconditionFailure("invalid state tree: \(error)") }
    }

    public func fingerprint(cache: FingerprintCache) -> (fingerprint: StateFingerprint, x: BigInt, y: BigInt)? {
        guard let box = boundingBox else { return nil }
        return (store.fingerprint(of: frame, box: box, collections: store.collector.collections, cache: cache), box.x, box.y)
    }

    public var highestState: UInt8 { isEmpty ? 0 : 1 }

    public func state(atX x: BigInt, y: BigInt) -> UInt8 { cell(x: x, y: y) ? 1 : 0 }

    public func forEachCell(in rect: CellRect?, _ body: (_ x: BigInt, _ y: BigInt, _ state: UInt8) -> Void) {
        forEachLiveCell(in: rect) { x, y in body(x, y, 1) }
    }

    public func forEachCellOffset(in rect: CellRect, _ body: (_ dx: Int, _ dy: Int, _ state: UInt8) -> Void) {
        forEachLiveCellOffset(in: rect) { dx, dy in body(dx, dy, 1) }
    }

    public func blocks(of viewport: Viewport) -> BlockStateRows { BlockStateRows(counted: blockRows(of: viewport)) }
    public var blockAlignment: (x: Int, y: Int) { (0, RootFrame.alignmentY) }

    public func setState(_ state: UInt8, atX x: BigInt, y: BigInt) {
        precondition(state < 2, "state \(state) in a two-state universe")
        setCell(x: x, y: y, alive: state == 1)
    }

    public func load(cellStates: [(x: Int, y: Int, state: UInt8)], originX: BigInt, originY: BigInt) {
        precondition(cellStates.allSatisfy { $0.state < 2 }, "a state above 1 in a two-state universe")
        load(cells: cellStates.lazy.filter { $0.state == 1 }.map { (x: $0.x, y: $0.y) }, originX: originX, originY: originY)
    }

    public func cellClip(of rect: CellRect) throws(RegionError) -> CellClip { CellClip(tree: clip(of: rect), owner: self) }

    /// This universe's own clip of `clip`'s cells.
    /// - Throws: `.stateOutOfRange` for a clip holding states above 1.
    func treeClip(_ clip: CellClip) throws(RegionError) -> PatternClip {
        switch clip.content {
        case .tree(let tree, let owner): return importing(tree, from: owner)
        case .cells(let cells):
            guard cells.highestState < 2 else { throw .stateOutOfRange(state: cells.highestState, rule: anyRule) }
            return self.clip(cells: cells.cells.lazy.map { (x: $0.dx, y: $0.dy) }, width: BigUInt(cells.width), height: BigUInt(cells.height))
        }
    }

    public func paste(_ clip: CellClip, x: BigInt, y: BigInt, mode: PasteMode) throws(RegionError) {
        paste(try treeClip(clip), x: x, y: y, mode: mode)
    }

    public func adopting(_ clip: CellClip) -> CellClip {
        guard let tree = try? treeClip(clip) else { return clip }
        return CellClip(tree: tree, owner: self)
    }

    public func transformed(_ clip: CellClip, _ transform: PatternTransform) throws(RegionError) -> CellClip {
        CellClip(tree: transformed(try treeClip(clip), transform), owner: self)
    }

    public func fillRandomly(_ rect: CellRect, density: Double, seed: UInt64, state: UInt8, mode: PasteMode) throws(RegionError) {
        guard state == 1 else { throw .stateOutOfRange(state: state, rule: anyRule) }
        try fillRandomly(rect, density: density, seed: seed, mode: mode)
    }

    public func keep() -> KeptUniverseState { KeptUniverseState(saveState(), of: self, rule: anyRule) }

    public func restore(_ state: KeptUniverseState) {
        guard let rule = state.rule.as(Rule.self) else { preconditionFailure("a state of another family's rule") }
        restore(UniverseState(state, rule: rule, in: self))
    }
}
