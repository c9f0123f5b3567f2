// MultiStateUniverse+LifeUniverse.swift — the multi-state universe behind the engine's
// interface.

extension MultiStateUniverse: LifeUniverse {
    public var anyRule: AnyRule { AnyRule(rule) }

    public func load(stateTree tree: StateTree) {
        if let level = tree.level, level >= 3 {
            load(tree: tree)
        } else {
            var cells: [(x: Int, y: Int, state: UInt8)] = []
            tree.forEachCell { x, y, state in cells.append((x, y, state)) }
            load(cellStates: cells, originX: .zero, originY: .zero)
        }
    }

    public func stateTree() -> StateTree? { store.stateTree(frame) }

    public func adopt(_ rule: AnyRule) -> Bool {
        guard let rule = rule.as(MultiStateRule.self) else { return false }
        setRule(rule)
        return true
    }

    public var capabilities: UniverseCapabilities { [.powerOfTwoJumps] }

    public func fingerprint(cache: FingerprintCache) -> (fingerprint: StateFingerprint, x: BigInt, y: BigInt)? {
        guard let box = boundingBox else { return nil }
        return (store.fingerprint(of: frame, box: box, collections: store.collector.collections, cache: cache), box.x, box.y)
    }

    /// Kept for the interface; a multi-state step uses one thread.
    public var threads: Int {
        get { 1 }
        set { precondition(newValue >= 1, "a step needs at least one thread") }
    }

    public func blocks(of viewport: Viewport) -> BlockStateRows { BlockStateRows(highest: blockStateRows(of: viewport)) }
    public var blockAlignment: (x: Int, y: Int) { (0, RootFrame.alignmentY) }

    public func load(cellStates: [(x: Int, y: Int, state: UInt8)], originX: BigInt, originY: BigInt) {
        load(cells: cellStates, originX: originX, originY: originY)
    }

    public func cellClip(of rect: CellRect) throws(RegionError) -> CellClip {
        do { return CellClip(cells: try clip(of: rect)) } catch {
            switch error {
            case let .tooLarge(width, height, population): throw .tooLarge(width: width, height: height, population: population)
            }
        }
    }

    public func paste(_ clip: CellClip, x: BigInt, y: BigInt, mode: PasteMode) throws(RegionError) {
        let cells = try clip.cellClip()
        guard Int(cells.highestState) < rule.stateCount else { throw .stateOutOfRange(state: cells.highestState, rule: anyRule) }
        paste(cells, x: x, y: y, mode: mode)
    }

    public func adopting(_ clip: CellClip) -> CellClip {
        guard let cells = try? clip.cellClip(), Int(cells.highestState) < rule.stateCount else { return clip }
        return CellClip(cells: cells)
    }

    public func transformed(_ clip: CellClip, _ transform: PatternTransform) throws(RegionError) -> CellClip {
        try clip.transformedCells(transform)
    }

    /// See `LifeUniverse.fillRandomly`: the cells `Universe.fillRandomly` makes alive for the
    /// same seed, density and size, in `state`.
    public func fillRandomly(_ rect: CellRect, density: Double, seed: UInt64, state: UInt8, mode: PasteMode) throws(RegionError) {
        guard density >= 0 && density <= 1 else { throw .invalidDensity(density) }
        guard state >= 1, Int(state) < rule.stateCount else { throw .stateOutOfRange(state: state, rule: anyRule) }
        let count = rect.width * rect.height
        guard let w = rect.width.intValue, let h = rect.height.intValue, count <= BigUInt(Universe.maximumRandomFillCells) else {
            throw .tooManyCells(cells: count, maximum: Universe.maximumRandomFillCells)
        }
        if rect.isEmpty { return }
        let threshold = UInt64((density * 0x1p53).rounded(.up))
        var generator = SplitMix64(seed: seed)
        var cells: [MultiStateClip.Cell] = []
        for y in 0..<h {
            for x in 0..<w where generator.next() >> 11 < threshold { cells.append(.init(dx: x, dy: y, state: state)) }
        }
        paste(MultiStateClip(width: w, height: h, cells: cells), x: rect.x, y: rect.y, mode: mode)
    }

    public func keep() -> KeptUniverseState { KeptUniverseState(saveState(), of: self, rule: anyRule) }

    public func restore(_ state: KeptUniverseState) {
        guard let rule = state.rule.as(MultiStateRule.self) else { preconditionFailure("a state of another family's rule") }
        restore(MultiStateUniverseState(state, rule: rule, in: self))
    }
}
