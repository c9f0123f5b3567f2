/// An infinite plane of cells under one rule, with its generation counter: the engine's public
/// face. The CLI, formats and analysis talk to this type, never to nodes.
///
/// Coordinates are arbitrary-precision integers; x grows to the right and y grows downwards, as
/// in RLE. Internally the universe is one root node of level `level` (a 2^level square) whose
/// top-left cell is at (`originX`, `originY`); the root grows when cells are set outside it or
/// when a step could carry cells past its edge, and shrinks back when its border is empty.
///
/// The root always sits where Golly's HashLife puts a root of its level: x in
/// [-2^(level-1), 2^(level-1)), y in [1-2^(level-1), 2^(level-1)] (Golly keeps y upwards
/// internally and flips it). Growing and shrinking about the centre keep this frame, so a tree
/// exported as Macrocell lands exactly where Golly would put it, and vice versa.
///
/// A `Universe` is a reference type owning its node store; it is not thread-safe (one caller
/// at a time), though its steps may use several threads of their own (`threads`).
///
/// Memory: the store stays within `memoryLimit` bytes by evicting least-recently-used nodes
/// that neither the current root nor any kept `UniverseState` or `CellSetKey` needs (see
/// NodeStore.swift). Results are exact whatever the limit; a tight limit costs recomputation.
public final class Universe {
    /// Smallest root: 32×32 cells, so the root always has leaf grandchildren.
    static let minimumLevel = 5

    /// The node store. Every method of the universe reaches the store through this one stored
    /// property of a class, which Swift guards with a dynamic exclusivity check per access (the
    /// store's own methods, the stepping recursion among them, take it `inout` and pay none).
    /// Release builds skip the check: the universe is not thread-safe and no method holds an
    /// access to the store across a call that makes another; debug builds keep it.
    #if HASHLIFE_INVARIANTS
    var store: NodeStore
    #else
    @exclusivity(unchecked) var store: NodeStore
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
    public private(set) var rule: Rule
    /// The threads of multi-threaded steps (see `threads`, Universe+Threads.swift).
    let parallel = ParallelStepper()

    /// An empty universe at generation 0 whose node store stays within `memoryLimit` bytes
    /// (at least 1 MiB; `MemoryLimit.defaultBytes` unless given).
    public init(rule: Rule = .life, memoryLimit: Int = MemoryLimit.defaultBytes) {
        self.rule = rule
        store = NodeStore(rule: rule, memoryLimit: memoryLimit)
        level = Universe.minimumLevel
        (originX, originY) = RootFrame.corner(level: Universe.minimumLevel)
        generation = .zero
        root = store.emptyNode(level: Universe.minimumLevel)
        registerEmpties()
    }

    /// Changes the rule. Memoized results are forgotten (they belong to the old rule); cells stay.
    /// - Complexity: O(nodes).
    public func setRule(_ rule: Rule) {
        guard rule != self.rule else { return }
        self.rule = rule
        store.setRule(rule)
    }

    /// Removes every live cell; the generation counter and the rule stay.
    public func clear() {
        level = Universe.minimumLevel
        root = store.emptyNode(level: level)
        (originX, originY) = RootFrame.corner(level: level)
    }

    /// The root and where it lies, as the layout-independent tree operations take it
    /// (`RootFrame`, in Golly's frame).
    var frame: RootFrame {
        get { RootFrame(root: root, level: level, x: originX, y: originY) }
        set { (root, level, originX, originY) = (newValue.root, newValue.level, newValue.x, newValue.y) }
    }

    /// Live cells in the universe.
    /// - Complexity: O(distinct nodes not yet counted in the population cache).
    public var population: BigUInt {
        NodeStore.withStack(forLevels: level) { store.population(root, level: level) }
    }

    /// True when no cell is alive.
    public var isEmpty: Bool { store.isEmpty(root, level: level) }

    /// Size of the root square as a power of two (useful for statistics and tests).
    public var rootLevel: Int { level }
}

/// A kept state of a universe (`Universe`, or `MultiStateUniverse`: `R` is its rule's type): its
/// root, position, generation and rule. Restoring it is O(1) plus the rule change, if any.
/// While a state exists its root is pinned: collections never evict what it reaches, so keep
/// only the states you need (each one's distinct nodes count against the memory limit).
/// Valid for the universe that made it; states of different universes are never equal.
public struct SavedUniverseState<R: Equatable>: Equatable {
    let pin: PinnedRoot
    var root: NodeID { pin.id }
    let level: Int
    let originX: BigInt
    let originY: BigInt
    public let generation: BigUInt
    public let rule: R

    public static func == (a: SavedUniverseState, b: SavedUniverseState) -> Bool {
        a.pin.pins === b.pin.pins && a.root == b.root && a.level == b.level && a.originX == b.originX
            && a.originY == b.originY && a.generation == b.generation && a.rule == b.rule
    }
}

/// A kept state of a two-state `Universe`.
public typealias UniverseState = SavedUniverseState<Rule>

extension Universe {
    /// The current state, to restore later.
    public func saveState() -> UniverseState {
        UniverseState(pin: PinnedRoot(root, in: store.collector.pinned), level: level, originX: originX, originY: originY,
                      generation: generation, rule: rule)
    }

    /// Returns to a state saved from this universe.
    public func restore(_ state: UniverseState) {
        precondition(state.pin.pins === store.collector.pinned, "a state restored into a universe that did not make it")
        setRule(state.rule)
        root = state.root
        level = state.level
        originX = state.originX
        originY = state.originY
        generation = state.generation
        registerEmpties()
    }
}

/// Identifies the exact set of live cells (position included) in O(1): the root's id and
/// level. Every root sits in Golly's frame and is shrunk to the smallest level holding the
/// cells, so two universes sharing a store, or one universe at two generations, have equal
/// keys exactly when their cells are equal. Keys from different universes are unrelated.
/// A key pins its root like a `UniverseState`, so an id cannot be reused while a key names it.
public struct CellSetKey: Hashable {
    let pin: PinnedRoot
    var root: UInt32 { pin.id }
    let level: Int

    public static func == (a: CellSetKey, b: CellSetKey) -> Bool { a.root == b.root && a.level == b.level }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(root)
        hasher.combine(level)
    }
}

extension Universe {
    /// The current cell set's identity (see `CellSetKey`). Shrinks the root first (edits can
    /// leave it larger than needed), which changes nothing observable.
    /// - Complexity: O(1) after a step; O(level) after edits.
    public var cellSetKey: CellSetKey {
        shrink()
        return CellSetKey(pin: PinnedRoot(root, in: store.collector.pinned), level: level)
    }
}
