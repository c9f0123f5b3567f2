// LargerThanLifeUniverse.swift — the Larger than Life universe behind the engine's interface.
//
// Between steps the cells live in a multi-state quadtree (a `MultiStateUniverse` used as a
// store only: it is never stepped), so reading, editing, clips, kept states, cell-set keys,
// fingerprints and views are the quadtree's. A step copies the cells into a flat grid, runs
// the generations there (+Stepping, `LargerThanLifeStepper`) and puts the result back.

/// A plane (or a bounded torus or plane) of cells under a Larger than Life rule. It steps one
/// generation at a time on one thread: no `.powerOfTwoJumps`, no `.threads`.
public final class LargerThanLifeUniverse {
    public private(set) var rule: LargerThanLifeRule
    /// The cells, in a quadtree whose own rule is never used.
    let cells: MultiStateUniverse

    public init(rule: LargerThanLifeRule, memoryLimit: Int = MemoryLimit.defaultBytes) {
        self.rule = rule
        cells = MultiStateUniverse(rule: Self.storeRule(states: rule.stateCount), memoryLimit: memoryLimit)
    }

    /// A multi-state rule of `states` states for the store (its transitions are never run).
    static func storeRule(states: Int) -> MultiStateRule {
        MultiStateRule(family: .generations, stateCount: states, neighbourhood: .moore, lifeRule: .life,
                       canonicalBody: "B3/S23/\(states)", grid: nil)
    }

    /// Drops the cells outside the rule's bounded grid (Golly's grid holds none there).
    func clipToGrid() {
        guard let rect = rule.grid?.rect else { return }
        cells.clear(outside: rect)
    }

    func renamed(_ error: RegionError) -> RegionError {
        if case let .stateOutOfRange(state, _) = error { return .stateOutOfRange(state: state, rule: anyRule) }
        return error
    }
}

extension LargerThanLifeUniverse: LifeUniverse {
    public var anyRule: AnyRule { AnyRule(rule) }

    public func adopt(_ rule: AnyRule) -> Bool {
        guard let rule = rule.as(LargerThanLifeRule.self) else { return false }
        self.rule = rule
        _ = cells.adopt(AnyRule(Self.storeRule(states: rule.stateCount)))
        clipToGrid()
        return true
    }

    public var capabilities: UniverseCapabilities { [] }

    public var generation: BigUInt {
        get { cells.generation }
        set { cells.generation = newValue }
    }

    public var population: BigUInt { cells.population }
    public var isEmpty: Bool { cells.isEmpty }
    public var boundingBox: CellRect? { cells.boundingBox }
    public var rootLevel: Int { cells.rootLevel }
    public var highestState: UInt8 { cells.highestState }
    public func state(atX x: BigInt, y: BigInt) -> UInt8 { cells.state(atX: x, y: y) }
    public func population(in rect: CellRect) -> BigUInt { cells.population(in: rect) }

    public func forEachCell(in rect: CellRect?, _ body: (_ x: BigInt, _ y: BigInt, _ state: UInt8) -> Void) {
        cells.forEachCell(in: rect, body)
    }

    public func forEachCellOffset(in rect: CellRect, _ body: (_ dx: Int, _ dy: Int, _ state: UInt8) -> Void) {
        cells.forEachCellOffset(in: rect, body)
    }

    public func fit(columns: Int, rows: Int) -> Viewport? { cells.fit(columns: columns, rows: rows) }
    public func blocks(of viewport: Viewport) -> BlockStateRows { cells.blocks(of: viewport) }
    public var blockAlignment: (x: Int, y: Int) { cells.blockAlignment }
    public func gridBlockStates(x: BigInt, y: BigInt, columns: Int, rows: Int, level: Int, into states: inout [UInt8]) -> Bool {
        cells.gridBlockStates(x: x, y: y, columns: columns, rows: rows, level: level, into: &states)
    }

    /// Outside a bounded grid the cell stays empty (as in Golly).
    public func setState(_ state: UInt8, atX x: BigInt, y: BigInt) {
        if let grid = rule.grid, !grid.contains(x: x, y: y) { return }
        cells.setState(state, atX: x, y: y)
    }

    public func load(cellStates: [(x: Int, y: Int, state: UInt8)], originX: BigInt, originY: BigInt) {
        cells.load(cellStates: cellStates, originX: originX, originY: originY)
        clipToGrid()
    }

    public func load(stateTree tree: StateTree) {
        cells.load(stateTree: tree)
        clipToGrid()
    }

    public func stateTree() -> StateTree? { cells.stateTree() }

    public func clear() { cells.clear() }
    public func clear(inside rect: CellRect) { cells.clear(inside: rect) }
    public func clear(outside rect: CellRect) { cells.clear(outside: rect) }

    public func cellClip(of rect: CellRect) throws(RegionError) -> CellClip { try cells.cellClip(of: rect) }

    public func paste(_ clip: CellClip, x: BigInt, y: BigInt, mode: PasteMode) throws(RegionError) {
        do { try cells.paste(clip, x: x, y: y, mode: mode) } catch { throw renamed(error) }
        clipToGrid()
    }

    public func adopting(_ clip: CellClip) -> CellClip { cells.adopting(clip) }

    public func transformed(_ clip: CellClip, _ transform: PatternTransform) throws(RegionError) -> CellClip {
        try cells.transformed(clip, transform)
    }

    public func fillRandomly(_ rect: CellRect, density: Double, seed: UInt64, state: UInt8, mode: PasteMode) throws(RegionError) {
        do { try cells.fillRandomly(rect, density: density, seed: seed, state: state, mode: mode) } catch { throw renamed(error) }
        clipToGrid()
    }

    /// Kept for the interface; a Larger than Life step uses one thread.
    public var threads: Int {
        get { 1 }
        set { precondition(newValue >= 1, "a step needs at least one thread") }
    }

    public func step(byPowerOfTwo exponent: Int, control: StepControl?) throws(StepError) {
        try step(by: BigUInt.powerOfTwo(exponent), control: control, progress: nil)
    }

    public var memoryLimit: Int { cells.memoryLimit }
    public func setMemoryLimit(_ bytes: Int) { cells.setMemoryLimit(bytes) }
    public func collect() { cells.collect() }
    public var statistics: EngineStatistics { cells.statistics }
    public var treeNodeCount: Int { cells.treeNodeCount }

    public func keep() -> KeptUniverseState { KeptUniverseState(cells.saveState(), of: self, rule: anyRule) }

    public func restore(_ state: KeptUniverseState) {
        guard let rule = state.rule.as(LargerThanLifeRule.self) else { preconditionFailure("a state of another family's rule") }
        self.rule = rule
        cells.restore(MultiStateUniverseState(state, rule: Self.storeRule(states: rule.stateCount), in: self))
    }

    public var cellSetKey: CellSetKey { cells.cellSetKey }

    public func fingerprint(cache: FingerprintCache) -> (fingerprint: StateFingerprint, x: BigInt, y: BigInt)? {
        cells.fingerprint(cache: cache)
    }
}
