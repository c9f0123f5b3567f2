// What the stepping recursion runs on.

/// The stepping recursion's view of a store: the universe's own (`NodeStore`, one thread) or a
/// worker's (`WorkerView`, several threads at once). They hash-cons differently (a worker
/// publishes with atomics and takes ids from a shared supply) and handle a memo miss
/// differently (pins and collections on one thread; claims, pauses and forks on several); what
/// the two recursions share (the leaf step, the direct 32×32 and 64×64 squares, centres, the
/// look-ups a frame shares) is written once here against this protocol. Each conforming type
/// gets its own compiled copy, so the single-threaded step carries no test of the mode.
protocol Stepper: ~Copyable {
    /// The arena the recursion reads (a worker's is a copy of the universe's handle).
    var arena: TwoStateArena { get }
    /// The leaf stepper, kernel choice and counters.
    var stepping: StepState { get set }

    /// The canonical node with these children (all of one level ≥ 3).
    mutating func node(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID) -> NodeID
    /// `node(_:_:_:_:)` with its bucket computed ahead (`NodeArena.slotHint`).
    mutating func node(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID, hint: SlotHint) -> NodeID
    /// The canonical leaf holding `bits`.
    mutating func leaf(_ bits: UInt64) -> NodeID
    /// `leaf(_:)` with its bucket computed ahead (`NodeArena.leafSlotHint`).
    mutating func leaf(_ bits: UInt64, hint: SlotHint) -> NodeID
    /// Asks the processor to fetch the first record of the chain `hint` names.
    func prefetchHead(_ hint: SlotHint)
}

extension Stepper where Self: ~Copyable {
    /// What the look-ups of one level and step share (see `SubSteps`).
    @inline(__always)
    func subSteps(level: Int, step: Int) -> SubSteps {
        subSteps(level: level, step: step, tag: level - 2 - step)
    }

    /// `subSteps(level:step:)` given the tag (level - 2 - step), which a full step knows is 0.
    @inline(__always)
    func subSteps(level: Int, step: Int, tag: Int) -> SubSteps {
        SubSteps(level: level, step: step, tag: tag, tagBits: NodeRecord.topBits(UInt32(truncatingIfNeeded: tag)),
                 tagWords: NodeRecord.tagWords(UInt32(truncatingIfNeeded: tag)),
                 empty: level < arena.emptyCount ? arena.empty(level) : SubSteps.noEmpty)
    }

    /// The result of a memo miss at levels 4 to 7 when it is stepped directly rather than by
    /// recursion, else nil: a level-4 node's leaves by the leaf rule; a level-5 node's 32×32
    /// cells when the rule has a square kernel, unless its four children already know their
    /// full steps (then the recursion is mostly memo hits and cheaper); a level-6 node's 64×64
    /// cells, and a level-7 node's 128×128 cells on the vector kernels, when the hit rate says
    /// so (`StepState.measureReuse`) or a test forces it, with the same exception.
    ///
    /// The two-state store's `HashlifeStore.directStep`. `@_transparent`, as are `centre` and
    /// `square32`: the compiler inlines an `@inline(__always)` function of more than 64 blocks
    /// only into a caller of fewer, and the specialised recursion is larger, so these stayed
    /// calls, which cost the two-state step up to 2 % of its instructions (callgrind, acorn).
    @_transparent
    mutating func directStep(_ record: NodeRecord, level: Int, step: Int) -> NodeID? {
        let isFullStep = level - 2 == step
        if level == 4 {
            return leaf(stepping.leafRule.step(nw: arena.cells(record.nw), ne: arena.cells(record.ne),
                                               sw: arena.cells(record.sw), se: arena.cells(record.se),
                                               generations: step < 0 ? 1 : 1 << step, oddStart: step < 0))
        }
        // Squares start at even generations (`VectorMasks`); the one generation from an odd
        // one (step -1, B0 rules without S8) goes through the leaves.
        guard step >= 0 else { return nil }
        if level == 5 && stepping.leafRule.stepsSquare32 && !(isFullStep && childrenAreMemoized(record)) {
            return square32(record, generations: 1 << step)
        }
        if level == 6 && stepping.stepsSquare64 && stepping.leafRule.stepsSquare32 && !(isFullStep && childrenAreMemoized(record)) {
            return square64(record, generations: 1 << step)
        }
        if level == 7 && stepping.stepsSquare64 && stepping.usesSquare128 && stepping.vectorKernels != .none,
           let masks = stepping.leafRule.vectorMasks,
           !(isFullStep && childrenAreMemoized(record)) {
            return square128(record, masks: masks, generations: 1 << step)
        }
        return nil
    }

    /// Do all four children of a node already know their full-step results?
    @inline(__always)
    func childrenAreMemoized(_ r: NodeRecord) -> Bool {
        arena[r.nw].hasFullResult && arena[r.ne].hasFullResult && arena[r.sw].hasFullResult && arena[r.se].hasFullResult
    }

    /// The centre level-`level` square of the level-(`level`+1) square made of four level-`level`
    /// nodes. Leaves (level 3) are cut out of their bits; above, the four inner grandchildren
    /// are joined.
    @_transparent
    mutating func centre(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID, level: Int) -> NodeID {
        if level == TwoStateArena.leafLevel {
            return leaf(LeafRule.centreOfLeaves(arena.cells(nw), arena.cells(ne), arena.cells(sw), arena.cells(se)))
        }
        return node(arena[nw].se, arena[ne].sw, arena[sw].ne, arena[se].nw)
    }
}

/// What the thirteen look-ups of one `successor` frame share: the level and step of the
/// squares it advances, their memo tag (level - 2 - step) and that tag's bits as a record holds
/// them (`NodeRecord.topBits`), and the empty node of their level (`noEmpty` when none is
/// registered), so each look-up compares instead of computing them again.
struct SubSteps {
    let level: Int
    let step: Int
    let tag: Int
    let tagBits: (UInt32, UInt32, UInt32)
    /// The tag's bits as a record's first and last 64-bit words hold them (`NodeRecord.tagWords`).
    let tagWords: FieldWords
    let empty: NodeID
    /// Never an id (ids stay below `NodeRecord.idMask`).
    static let noEmpty = NodeID.max
}

/// The buckets of the four squares a frame's second half advances (see `NodeArena.slotHint`).
struct CombineHints {
    var nw: SlotHint
    var ne = SlotHint(slot: 0, buckets: 0)
    var sw = SlotHint(slot: 0, buckets: 0)
    var se = SlotHint(slot: 0, buckets: 0)
}
