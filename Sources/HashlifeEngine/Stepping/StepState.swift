// What the stepping recursion carries beside the nodes.

/// The stepping recursion's state beside the nodes: how it steps small squares (the rule's leaf
/// stepper, the vector kernels, whether level-6 and level-7 misses are stepped as squares), the hit
/// rate that chooses that, its counters, and when it stops early (cancellation, and the point
/// where a single-threaded step goes on with threads). A worker's view of a multi-threaded step
/// starts from a copy and gives its counters back.
struct StepState {
    /// The leaf step for the current rule.
    var leafRule: LeafRule
    /// The kernels the direct squares of outer-totalistic rules are stepped with
    /// (`VectorKernels.swift`): the best the processor runs; tests choose others to
    /// compare them.
    var vectorKernels = VectorKernels.available
    /// Are level-6 misses stepped as 64×64 squares, and level-7 ones as 128×128 squares where
    /// the processor has vector kernels (`measureReuse`)?
    var stepsSquare64 = false
    /// True steps every level-6 and level-7 miss as a square whatever the hit rate (for tests).
    var forcesSquare64 = false {
        didSet { stepsSquare64 = forcesSquare64 }
    }
    /// False leaves level-7 misses to the recursion, so that level-6 ones are stepped as 64×64
    /// squares (for tests of those, and of what depends on how many nodes a step makes).
    var usesSquare128 = true
    /// Counters for `statistics`: memo look-ups answered and computed, and 64×64 and 128×128
    /// squares stepped.
    var memoHits: UInt64 = 0
    var memoMisses: UInt64 = 0
    var square64Steps = 0
    var square128Steps = 0
    /// The counters when the hit rate was last measured, and whether it has been yet.
    var reuseMark: (hits: UInt64, misses: UInt64) = (0, 0)
    var reuseMeasured = false
    /// Polled by the recursion for cancellation; nil when the step cannot be cancelled.
    var control: StepControl? = nil
    /// A single-threaded step that has made `handOffMisses` misses and is still running at
    /// `handOffTime` (`MonotonicClock`, looked at every 1024 misses) unwinds
    /// (`.paused`) to go on with several threads (`ForkSchedule`).
    var handOffMisses: UInt64 = .max
    var handOffTime: UInt64 = 0

    init(rule: Rule) { leafRule = LeafRule(rule) }

    /// Memo misses between two looks at the hit rate (`measureReuse`); a worker's first look
    /// comes after `firstSharedReuseWindow` when the store has not measured yet (a step that
    /// forks early would otherwise run its workers on the default choice). One thread keeps the
    /// full window: an early look at a Golly demo sees a low hit rate.
    static let reuseWindow: UInt64 = 1 << 16
    static let firstSharedReuseWindow: UInt64 = 1 << 13

    /// Chooses how level-6 and level-7 misses are computed from the hit rate of the last window
    /// of misses (`reuseWindow`, or `firstSharedReuseWindow` for a worker's first look when
    /// `shared`): below 60% (soups, about 50%: the squares a level-6 or level-7 step would look
    /// up are mostly new too), stepping the 64×64 or 128×128 square directly is cheaper and
    /// makes none of the nodes in between; above it (Golly's demos, 83–89%), those look-ups are
    /// hits and the recursion is cheaper. Looked at every 1024 misses; measures once a window's
    /// misses have been made.
    mutating func measureReuse(shared: Bool) {
        let hits = memoHits &- reuseMark.hits, misses = memoMisses &- reuseMark.misses
        let window = reuseMeasured || !shared ? StepState.reuseWindow : StepState.firstSharedReuseWindow
        guard misses >= window else { return }
        stepsSquare64 = forcesSquare64 || hits * 10 < (hits + misses) * 6
        reuseMark = (memoHits, memoMisses)
        reuseMeasured = true
    }
}
