// MultiStateUniverse.swift — the multi-state engine's public face: a plane of cells in states
// 0 … stateCount − 1 under a Generations, History or Super rule, stepped by Hashlife.

/// An infinite plane of cells, each in a state from 0 (empty) to `rule.stateCount` − 1, under
/// one `MultiStateRule`, with its generation counter. The multi-state sibling of `Universe`,
/// with the same names where the two have the same operation.
///
/// Coordinates are arbitrary-precision integers; x grows to the right and y downwards, as in
/// RLE. Internally the universe is one root node of level `rootLevel` (a 2^level square) whose
/// top-left cell is in Golly's frame (`RootFrame`), so that every square of level k < level
/// whose corner has x ≡ 0 and y ≡ 1 modulo 2^k is one node of the tree (writes place such
/// squares); the
/// root grows when cells are set outside it or a step could carry cells past its edge, and shrinks
/// back when its border is empty.
///
/// Nodes are canonical (hash-consed) squares in a `NodeArena` of `MultiStateRecord`s: leaves
/// of 4×4 cells of one byte each; every node memoizes its centre after 2^(level−2)
/// generations, or after a smaller power of two for steps that are not (see
/// `MultiStateStore.successor`). Steps of any number of generations are exact
/// (`step(by:)`); generations and populations are `BigUInt`s.
///
/// Bounded grids (`rule.grid`) are stepped one generation at a time on a flat array with
/// Golly's edge joins (MultiStateUniverse+Grid.swift); tubes and strips (one side unbounded) on
/// a window of the cells' extent along that side.
///
/// Memory: the store stays within `memoryLimit` bytes by evicting least-recently-used nodes
/// that the root and the step in progress do not need (the generic `Collector`). Results are
/// exact whatever the limit; a tight limit costs recomputation.
///
/// Not thread-safe: one caller at a time.
public final class MultiStateUniverse {
    /// Smallest root: 16×16 cells.
    static let minimumLevel = 4

    #if HASHLIFE_INVARIANTS
    var store: MultiStateStore
    #else
    @exclusivity(unchecked) var store: MultiStateStore
    #endif
    /// The root node; the store keeps it (and what it reaches) through every collection.
    var root: NodeID {
        get { store.collector.liveRoot }
        set { store.collector.liveRoot = newValue }
    }
    var level: Int
    var originX: BigInt
    var originY: BigInt

    /// Generations advanced since generation 0 (settable: a file may say where it starts).
    public var generation: BigUInt
    /// The rule the universe evolves under.
    public private(set) var rule: MultiStateRule

    /// An empty universe at generation 0 whose node store stays within `memoryLimit` bytes (at
    /// least `MemoryLimit.minimumBytes`).
    public init(rule: MultiStateRule, memoryLimit: Int = MemoryLimit.defaultBytes) {
        self.rule = rule
        store = MultiStateStore(rule: rule, memoryLimit: memoryLimit)
        level = MultiStateUniverse.minimumLevel
        (originX, originY) = RootFrame.corner(level: MultiStateUniverse.minimumLevel)
        generation = .zero
        root = store.emptyNode(level: level)
        registerEmpties()
    }

    /// Changes the rule. Memoized results are forgotten; cells stay (states at or above the new
    /// rule's `stateCount` give unspecified, in-range results when stepped).
    /// - Complexity: O(nodes).
    public func setRule(_ rule: MultiStateRule) {
        guard rule != self.rule else { return }
        self.rule = rule
        store.setRule(rule)
    }

    /// Removes every cell; the generation counter and the rule stay.
    public func clear() {
        level = MultiStateUniverse.minimumLevel
        root = store.emptyNode(level: level)
        (originX, originY) = RootFrame.corner(level: level)
    }

    /// The root and where it lies, as the layout-independent tree operations take it
    /// (`RootFrame`, in Golly's frame).
    var frame: RootFrame {
        get { RootFrame(root: root, level: level, x: originX, y: originY) }
        set { (root, level, originX, originY) = (newValue.root, newValue.level, newValue.x, newValue.y) }
    }

    /// Cells not in state 0, as Golly counts a multi-state population.
    /// - Complexity: O(distinct nodes not counted before; counts of nodes below level 16 are
    ///   kept in their records).
    public var population: BigUInt {
        var big: [NodeID: BigUInt] = [:]
        return MultiStateUniverse.withStack(forLevels: level) { store.population(root, level: level, big: &big) }
    }

    /// True when every cell is in state 0.
    public var isEmpty: Bool { store.isEmpty(root, level: level) }

    /// Size of the root square as a power of two.
    public var rootLevel: Int { level }

    /// Runs `body`, a recursion `levels` deep, on a thread whose stack holds it.
    static func withStack<R>(forLevels levels: Int, _ body: () -> R) -> R {
        NodeStore.withStack(forLevels: levels, body)
    }
}

extension MultiStateStore {
    /// Cells not in state 0 under `id` (of `level`); counts below level 16 are kept in the
    /// records, larger ones in `big` for the length of one query.
    mutating func population(_ id: NodeID, level: Int, big: inout [NodeID: BigUInt]) -> BigUInt {
        if level < 16 { return BigUInt(UInt64(smallPopulation(id, level: level))) }
        if isEmpty(id, level: level) { return .zero }
        if let known = big[id] { return known }
        let r = arena[id]
        let total = population(r.nw, level: level - 1, big: &big) + population(r.ne, level: level - 1, big: &big)
            + population(r.sw, level: level - 1, big: &big) + population(r.se, level: level - 1, big: &big)
        big[id] = total
        return total
    }

    /// The population of a node below level 16 (at most 4^15 cells), cached in its record.
    mutating func smallPopulation(_ id: NodeID, level: Int) -> UInt32 {
        let r = arena[id]
        if r.population != MultiStateRecord.unknownPopulation { return r.population }
        let count: UInt32
        if r.isLeaf {
            count = MultiStateStore.nonzeroBytes(r.w0) + MultiStateStore.nonzeroBytes(r.w1)
                + MultiStateStore.nonzeroBytes(r.w2) + MultiStateStore.nonzeroBytes(r.w3)
        } else {
            count = smallPopulation(r.nw, level: level - 1) + smallPopulation(r.ne, level: level - 1)
                + smallPopulation(r.sw, level: level - 1) + smallPopulation(r.se, level: level - 1)
        }
        arena[id].population = count
        return count
    }

    /// Non-zero bytes of a leaf row: the high bit of each byte of
    /// ((row & 0x7F…) + 0x7F…) | row is set exactly when the byte is non-zero.
    @inline(__always)
    static func nonzeroBytes(_ row: UInt32) -> UInt32 {
        let low: UInt32 = 0x7F7F_7F7F
        return UInt32(((((row & low) &+ low) | row) & ~low).nonzeroBitCount)
    }
}
