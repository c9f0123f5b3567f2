// LifeUniverse.swift — the engine's one interface: what every rule family's universe offers.
//
// Upper layers (editing, commands, the app, the CLI, boards) hold `any LifeUniverse` and never
// ask which family it is. A rule family makes its universe from its rule (`AnyRule.makeUniverse`)
// and says what it cannot do through `capabilities`; `UniverseCapability.refusal` words the
// one message for each. States are 0 (empty) to `stateCount` − 1; a two-state universe's live
// cells are state 1.

/// What a universe can do beyond the operations every universe has.
public struct UniverseCapabilities: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Steps of 2^k generations in one jump, for any k (Hashlife). Without it a universe steps
    /// one generation at a time, whatever the count asked.
    public static let powerOfTwoJumps = UniverseCapabilities(rawValue: 1 << 0)
    /// Steps on several threads (`threads` > 1 changes the speed, never the result).
    public static let threads = UniverseCapabilities(rawValue: 1 << 1)
}

/// One capability, to ask about and to word its absence.
public enum UniverseCapability: Sendable {
    case powerOfTwoJumps
    case threads

    /// The capability's flag.
    public var flag: UniverseCapabilities {
        switch self {
        case .powerOfTwoJumps: .powerOfTwoJumps
        case .threads: .threads
        }
    }

    /// The one sentence that says a universe under `rule` lacks this capability.
    public func refusal(rule: AnyRule) -> String {
        switch self {
        case .powerOfTwoJumps: "rule \(rule) steps one generation at a time (no jumps of 2^k generations)"
        case .threads: "rule \(rule) steps on one thread"
        }
    }
}

/// A plane of cells in states 0 … `stateCount` − 1 under one rule, with its generation: the
/// engine's interface, whatever the rule family (`Universe` for two-state rules,
/// `MultiStateUniverse` for Generations, History and Super rules).
///
/// Coordinates are arbitrary-precision integers; x grows to the right and y downwards.
/// Generations and populations are exact. Not thread-safe: one caller at a time.
public protocol LifeUniverse: AnyObject {
    // MARK: Rule and states

    /// The rule the universe evolves under.
    var anyRule: AnyRule { get }
    /// Puts the cells under `rule` when it belongs to this universe's family (cells stay;
    /// memoized results are forgotten) and returns true; returns false, changing nothing, for
    /// a rule of another family (`AnyRule.convert` moves the cells to a new universe then).
    /// - Precondition: the cells' states are below `rule.stateCount`.
    func adopt(_ rule: AnyRule) -> Bool
    /// What the universe can do beyond the common operations.
    var capabilities: UniverseCapabilities { get }

    // MARK: Reading

    /// Generations advanced since generation 0 (settable: a file may say where it starts).
    var generation: BigUInt { get set }
    /// Cells not in state 0.
    var population: BigUInt { get }
    /// True when every cell is in state 0.
    var isEmpty: Bool { get }
    /// The smallest rectangle holding every cell not in state 0; nil when empty.
    var boundingBox: CellRect? { get }
    /// The size of the root square, as a power of two.
    var rootLevel: Int { get }
    /// The highest state of any cell (0 when empty).
    var highestState: UInt8 { get }
    /// The state of the cell at (`x`, `y`).
    func state(atX x: BigInt, y: BigInt) -> UInt8
    /// Cells not in state 0 inside `rect`.
    func population(in rect: CellRect) -> BigUInt
    /// Calls `body` for every cell not in state 0 inside `rect` (everywhere when nil), row by
    /// row, left to right.
    func forEachCell(in rect: CellRect?, _ body: (_ x: BigInt, _ y: BigInt, _ state: UInt8) -> Void)
    /// Calls `body` for every cell not in state 0 inside `rect` with its offset from `rect`'s
    /// top-left (for rectangles whose sides fit an `Int`).
    func forEachCellOffset(in rect: CellRect, _ body: (_ dx: Int, _ dy: Int, _ state: UInt8) -> Void)
    /// The viewport of `columns`×`rows` blocks showing every cell inside its inner 60 %; nil
    /// when empty.
    func fit(columns: Int, rows: Int) -> Viewport?
    /// The state each block of `viewport` shows, row by row: the family's reduction of the
    /// block's cells (`BlockStateRows`).
    func blocks(of viewport: Viewport) -> BlockStateRows
    /// Where the family's own blocks start: blocks of side 2^k whose top-left cell has
    /// x ≡ `blockAlignment.x` and y ≡ `blockAlignment.y` modulo 2^k are whole nodes of its tree
    /// (Golly's frame, `RootFrame`), so views on that grid are the fastest; (0, 0) for a family
    /// without a tree.
    var blockAlignment: (x: Int, y: Int) { get }
    /// Writes into `states` (`columns`×`rows` zeros on entry, row by row) the state each block
    /// of 2^`level` cells a side from (`x`, `y`) shows, as `blocks(of:)` gives it, in one walk
    /// of the family's tree, and returns true; returns false, writing nothing, when it cannot:
    /// (`x`, `y`) off the grid of the tree's nodes of the blocks' side (`blockAlignment`),
    /// blocks as large as the root, a side of 2^31 blocks or more, a family without a tree.
    /// The caller asks `blocks(of:)` then.
    /// - Precondition: `states.count == columns × rows`, every state 0.
    /// - Complexity: O(non-empty nodes meeting the rectangle, down to the blocks' level).
    func gridBlockStates(x: BigInt, y: BigInt, columns: Int, rows: Int, level: Int, into states: inout [UInt8]) -> Bool

    // MARK: Writing

    /// Puts the cell at (`x`, `y`) in `state`.
    /// - Precondition: `state` < `stateCount`.
    func setState(_ state: UInt8, atX x: BigInt, y: BigInt)
    /// Replaces the contents with `cellStates` (offsets from (`originX`, `originY`), in any
    /// order; a cell listed twice takes its last state); generation and rule stay.
    /// - Precondition: every state < `stateCount`.
    func load(cellStates: [(x: Int, y: Int, state: UInt8)], originX: BigInt, originY: BigInt)
    /// Replaces the contents with `tree`'s cells, where Golly places a Macrocell root
    /// (`StateTree`); generation and rule stay. A family with a quadtree of states takes it node
    /// by node; the default lists its cells.
    /// - Precondition: every state of the tree is below `stateCount`.
    func load(stateTree tree: StateTree)
    /// The contents as a Macrocell quadtree (`StateTree`, in Golly's frame), node by node,
    /// whatever their extent; nil when the universe is empty or its family keeps no quadtree
    /// (its cells are listed instead).
    func stateTree() -> StateTree?
    /// Removes every cell; generation and rule stay.
    func clear()
    /// Removes the cells inside, or outside, `rect`.
    func clear(inside rect: CellRect)
    func clear(outside rect: CellRect)

    // MARK: Clips

    /// The cells inside `rect` as a clip of `rect`'s size.
    /// - Throws: `RegionError.tooLarge` when this family keeps clips cell by cell and the
    ///   rectangle holds too many cells.
    func cellClip(of rect: CellRect) throws(RegionError) -> CellClip
    /// Pastes `clip` (of any universe) with its top-left at (`x`, `y`) as `mode` says.
    /// - Throws: `RegionError.statesOutOfRange` when the clip holds a state the rule lacks,
    ///   `.tooLarge` when it must be copied cell by cell and is too large; nothing changes then.
    func paste(_ clip: CellClip, x: BigInt, y: BigInt, mode: PasteMode) throws(RegionError)
    /// `clip` as this universe keeps clips (a subtree of its own store, or a list of cells),
    /// so that it no longer holds on to the universe that made it; `clip` itself when it
    /// cannot be converted (too large, or states this rule lacks).
    func adopting(_ clip: CellClip) -> CellClip
    /// `clip` turned or flipped.
    func transformed(_ clip: CellClip, _ transform: PatternTransform) throws(RegionError) -> CellClip
    /// Fills `rect` at random with cells in `state`, each with probability `density`,
    /// combined with the rectangle's cells as `mode` says; the same seed gives the same cells
    /// in every family (see `Universe.fillRandomly`).
    func fillRandomly(_ rect: CellRect, density: Double, seed: UInt64, state: UInt8, mode: PasteMode) throws(RegionError)

    // MARK: Stepping

    /// Advances `count` generations exactly; `progress` hears the generation reached after
    /// each jump. On an error the universe is at a consistent generation the error names.
    func step(by count: BigUInt, control: StepControl?, progress: ((BigUInt) -> Void)?) throws(StepError)
    /// Advances 2^`exponent` generations (one jump with `.powerOfTwoJumps`).
    func step(byPowerOfTwo exponent: Int, control: StepControl?) throws(StepError)
    /// Threads a step may use (≥ 1); ignored without `.threads`.
    var threads: Int { get set }

    // MARK: Memory

    /// The node store's memory limit in bytes.
    var memoryLimit: Int { get }
    /// Sets the memory limit (lowering it collects at once).
    func setMemoryLimit(_ bytes: Int)
    /// Frees what the current state does not need.
    func collect()
    /// The store's figures.
    var statistics: EngineStatistics { get }
    /// The distinct nodes of the pattern's quadtree (0 for a family without one).
    var treeNodeCount: Int { get }
    /// Frees the step memo where the universe keeps one apart from what counting needs, once
    /// no step follows (a no-op for a family that keeps none).
    func releaseStepMemo()

    // MARK: States

    /// The current state, to restore later (O(1); pins what it needs).
    func keep() -> KeptUniverseState
    /// Returns to a state this universe kept (`state.universe === self`).
    func restore(_ state: KeptUniverseState)
    /// The current cell set's identity: equal keys of one universe mean equal cells.
    var cellSetKey: CellSetKey { get }
    /// A fingerprint of every cell not in state 0 and its state, relative to the bounding box,
    /// and the box's top-left corner; nil when empty. Equal fingerprints mean the same cells
    /// in the same states up to a translation (to about 2^−120), the corners' difference.
    /// `cache` keeps, between calls on one universe, what the universe may reuse (a tree's
    /// node sums). A family without a tree takes the default, which reads every cell.
    func fingerprint(cache: FingerprintCache) -> (fingerprint: StateFingerprint, x: BigInt, y: BigInt)?
}

extension LifeUniverse {
    /// The rule's number of states.
    public var stateCount: Int { anyRule.stateCount }

    /// True when the universe has `capability`.
    public func has(_ capability: UniverseCapability) -> Bool { capabilities.contains(capability.flag) }

    /// Advances `count` generations (no control, no progress).
    public func step(by count: BigUInt) throws(StepError) { try step(by: count, control: nil, progress: nil) }

    /// The cells not in state 0 inside `rect` (everywhere when nil) as offsets from the
    /// rectangle's (or the bounding box's) top-left, with that corner; nil when a side does not
    /// fit an `Int`.
    public func cellList(in rect: CellRect? = nil) -> (cells: [(x: Int, y: Int, state: UInt8)], x: BigInt, y: BigInt)? {
        guard let box = rect ?? boundingBox else { return ([], .zero, .zero) }
        guard box.width.intValue != nil, box.height.intValue != nil else { return nil }
        var cells: [(x: Int, y: Int, state: UInt8)] = []
        forEachCellOffset(in: box) { dx, dy, state in cells.append((dx, dy, state)) }
        return (cells, box.x, box.y)
    }
}

extension LifeUniverse {
    public var blockAlignment: (x: Int, y: Int) { (0, 0) }
    public func gridBlockStates(x: BigInt, y: BigInt, columns: Int, rows: Int, level: Int, into states: inout [UInt8]) -> Bool { false }
    public var treeNodeCount: Int { 0 }
    public func releaseStepMemo() {}

    public func stateTree() -> StateTree? { nil }

    public func load(stateTree tree: StateTree) {
        var cells: [(x: Int, y: Int, state: UInt8)] = []
        tree.forEachCell { x, y, state in cells.append((x, y, state)) }
        load(cellStates: cells, originX: .zero, originY: .zero)
    }
}

extension LifeUniverse {
    /// The fingerprint from the cells one by one (see the requirement): Σ a^dx · b^dy · g(state)
    /// over the cells at offsets (dx, dy) from the bounding box's corner.
    /// - Complexity: O(population · log(box side)).
    public func fingerprint(cache: FingerprintCache) -> (fingerprint: StateFingerprint, x: BigInt, y: BigInt)? {
        guard let box = boundingBox else { return nil }
        var sum = SIMD2<UInt64>.zero
        if box.width.intValue != nil && box.height.intValue != nil {
            forEachCellOffset(in: box) { dx, dy, state in
                let term = Fingerprint.multiply(Fingerprint.multiply(Fingerprint.stateValues[Int(state)], Fingerprint.power(Fingerprint.baseA, BigInt(dx))),
                                                Fingerprint.power(Fingerprint.baseB, BigInt(dy)))
                sum = Fingerprint.add(sum, term)
            }
        } else {
            forEachCell(in: nil) { x, y, state in
                let term = Fingerprint.multiply(Fingerprint.multiply(Fingerprint.stateValues[Int(state)], Fingerprint.power(Fingerprint.baseA, x - box.x)),
                                                Fingerprint.power(Fingerprint.baseB, y - box.y))
                sum = Fingerprint.add(sum, term)
            }
        }
        return (StateFingerprint(first: sum[0], second: sum[1]), box.x, box.y)
    }
}
