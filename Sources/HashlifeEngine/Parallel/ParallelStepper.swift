// Several threads for one step: the one seam between the single-threaded step and the workers.
//
// A universe with `threads` > 1 starts each big step on one thread all the same, and moves it to
// all of them once it has run `serialNanoseconds` (and made `missesBeforeForking` misses): a
// small step never pays for starting the others, and a big one keeps what it memoized so far.
// The serial recursion unwinds (`.paused`) at that point (`ForkSchedule`), and the universe
// calls `successor(ofPadded:level:step:store:control:)`, which runs the step's top levels as
// tasks on a pool of workers, each through a `WorkerView`, in phases: a phase that runs out of
// room unwinds, the store collects between phases (the idle threads sharing the work) and the
// phase reruns; what it memoized stays. A phase whose work is too narrow for threads, or a store
// that must collect with the recursion pinned, hands the step back to one thread, which forks
// again later, after twice as long on one thread each time: a phase judged narrow by mistake
// (a rerun forking quickly through what earlier phases memoized) costs a short wait, not the
// rest of the step.

/// The threads of a universe's steps: the pool of workers, the settings that decide when a step
/// forks, and the counters of its phases. Owned by one universe; the single-threaded step calls
/// it in one place (`Universe.successor(ofPadded:level:step:control:)`).
final class ParallelStepper {
    /// Threads a step may use (see `Universe.threads`).
    var threads = 1
    /// The workers, made by the first step that forks (with `threads` - 1 helpers).
    private var pool: WorkerPool?
    /// Misses a step makes on one thread before it forks (`serialMissBudget`; 0 forks every step
    /// that can, for tests).
    var missesBeforeForking = ParallelStepper.serialMissBudget
    /// See `ParallelStepper.narrowForkNanoseconds`; 0 never stops a phase as narrow (for tests).
    var narrowForkNanoseconds = ParallelStepper.narrowForkNanoseconds
    /// How long a step runs on one thread before it forks, and after a phase hands it back,
    /// before it forks again (doubled at each hand-back); 0 forks again at once (for tests).
    var serialNanoseconds = ParallelStepper.serialNanoseconds
    /// What the phases did so far; tests check that threads were used.
    var phases = PhaseCounters()

    deinit { pool?.stop() }

    /// Can a step of `step` (-1: one generation from an odd one) from a root of `level` fork?
    /// Not when it is too small, too deep for the workers' stacks, or has tags too deep for a
    /// record (the shared memo keeps no side table).
    func isEligible(level rootLevel: Int, step: Int) -> Bool {
        step >= 0 && rootLevel - 2 - step < NodeRecord.tagLimit
            && rootLevel > ParallelStepper.smallestForkLevel + 1 && rootLevel <= ParallelStepper.parallelLevelLimit
    }

    /// When a step from a root of `level` moves to the threads (never with one thread, or when
    /// the step cannot fork).
    func schedule(level rootLevel: Int, step: Int) -> ForkSchedule {
        ForkSchedule(budgeted: threads > 1 && isEligible(level: rootLevel, step: step),
                     misses: missesBeforeForking, nanoseconds: serialNanoseconds)
    }

    /// The successor of `padded` (a level-`rootLevel` root) computed by the workers, or nil when
    /// the step should go on on one thread: a store that needs a collection first (the
    /// single-threaded step collects, with its pins), a collection between phases that failed or
    /// left too little room, or a phase too narrow for threads. A phase that runs out of room is
    /// rerun after a collection; what it memoized stays. The index grows within a phase
    /// (ParallelPhase+Index.swift).
    /// - Throws: `.cancelled`, or an interruption a worker met other than a pause.
    func successor(ofPadded padded: NodeID, level rootLevel: Int, step: Int, store: inout NodeStore,
                   control: StepControl?) throws(StepInterruption) -> NodeID? {
        let pool = workerPool()
        let workers = pool.helpers + 1
        while true {
            let margin = ParallelStepper.margin(workers: workers)
            let softBound = min(store.arena.capacity, store.plan.nodeCapacity - MemoryPlan.reserve) - margin
            // The index grows where one thread would grow it, before a phase and within one.
            while store.arena.count > ParallelPhase.indexBound(buckets: store.arena.bucketCount, planned: store.plan.plannedBuckets) {
                let grown = ParallelPhase.grownIndex(from: store.arena.bucketCount, planned: store.plan.plannedBuckets)
                store.arena.growIndex(to: grown, threads: workers)
            }
            // A store at its limit collects first, with one thread (and its pins).
            if store.arena.freeCount < margin && store.arena.count >= softBound { return nil }
            guard let reserved = IDSupply.reserveEmergencyIDs(workers: workers, from: &store.arena) else { return nil }
            let phase = ParallelPhase(arena: store.arena, clock: store.collector.clock, plannedBuckets: store.plan.plannedBuckets,
                                      softBound: softBound, threads: workers, narrowForkNanoseconds: narrowForkNanoseconds)
            let views = WorkerViews(count: workers) { i in
                WorkerView(of: store, phase: phase, pool: pool, ids: IDSupply(emergency: reserved, block: i))
            }
            let depth = ParallelStepper.forkDepth(workers: workers)
            let outcome = NodeStore.withStack(forLevels: rootLevel) { () -> Result<NodeID, StepInterruption> in
                pool.run(views: views.base) { view in
                    do throws(StepInterruption) {
                        return .success(try view.forkedSuccessor(padded, level: rootLevel, step: step, depth: depth))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            phases.run += 1
            phases.indexGrowths += phase.indexGrowths
            phase.end(into: &store.arena)
            store.collector.workersStamped = true
            for i in 0..<workers {
                views.base[i].giveBack(to: &store)
                phases.demandForks += views.base[i].demandForks
            }
            store.collector.clock.count(phase.idsHandedOut)
            switch outcome {
            case let .success(result):
                return result
            case .failure(.paused):
                if control?.isCancelled == true { throw .cancelled }
                // Out of room: collect here, where no recursion holds an id (the step's root is
                // pinned), keeping what the stopped step memoized on its way down and the
                // phase's late work (the clock ran during the phase), and rerun. The
                // single-threaded step takes over when that fails or thrashes.
                if phase.needs & ParallelPhase.needsRoom != 0 {
                    phases.outOfRoom += 1
                    if !collectBetweenPhases(&store, UnfinishedStep(root: padded, level: rootLevel, step: step)) { return nil }
                    continue
                }
                // Too narrow for threads: one thread finishes the step.
                if phase.needs & ParallelPhase.needsOneThread != 0 {
                    phases.narrow += 1
                    return nil
                }
            case let .failure(error):
                throw error
            }
        }
    }

    /// Collects between two phases of a step that ran out of room; false when the step should go
    /// on on one thread instead: the collection counts against the step's allowance (a thrashing
    /// step is split by the single-threaded path), and it must leave room for a phase worth
    /// forking (a quarter of the limit), else the step finishes on one thread, which collects
    /// with its recursion pinned.
    private func collectBetweenPhases(_ store: inout NodeStore, _ unfinished: UnfinishedStep) -> Bool {
        guard store.collector.collectionsThisStep < store.collector.collectionsAllowed,
              store.collect(unfinished: unfinished, threads: threads) == nil else { return false }
        store.collector.collectionsThisStep += 1
        phases.collectedBetween += 1
        return store.arena.freeCount >= store.plan.nodeCapacity / 4
    }

    /// The pool, with `threads` - 1 helpers (made or remade as needed).
    private func workerPool() -> WorkerPool {
        if let pool, pool.helpers == threads - 1 { return pool }
        pool?.stop()
        let made = WorkerPool(helpers: threads - 1,
                              stackBytes: (ParallelStepper.parallelLevelLimit + 16) * NodeStore.stackBytesPerLevel)
        pool = made
        return made
    }
}

extension ParallelStepper {
    /// Nodes at or below this level are stepped by one worker alone: a 256×256 square advanced
    /// 64 generations is worth a task; smaller ones are not.
    static let smallestForkLevel = 8

    /// The deepest root a step forks at: helpers' stacks are made for recursions this deep.
    /// Deeper trees step on one thread (their tops are mostly empty anyway).
    static let parallelLevelLimit = 2048

    /// How long a step with several threads runs on one before it forks, and the memo misses it
    /// makes at least: smaller steps are not worth forking. A count of misses alone misjudges,
    /// since a soup's misses (64×64 squares stepped directly) cost several times a Golly demo's.
    static let serialNanoseconds: UInt64 = 30_000_000
    static let serialMissBudget: UInt64 = 1 << 12
    /// The wait before a step forks again after its phases handed it back doubles at most this
    /// many times (30 ms << 16: half an hour).
    static let maximumHandBackDoublings = 16

    /// A phase whose forks (of two tasks or more) come faster than one every this many
    /// nanoseconds stops, and one thread finishes the step (`ParallelPhase.countFork`): its tasks
    /// are too small to pay for forking them and for the shared store (the Gosper gun to 2^2000
    /// forks every few microseconds; the Golly demos and soups to their benchmark generations
    /// every 0.1 to 1.5 ms).
    static let narrowForkNanoseconds: UInt64 = 20_000

    /// Ids kept for the workers' emergency ids (see `MemoryPlan.headroom`).
    static func margin(workers: Int) -> Int { workers * IDSupply.emergencyIDs }

    /// How many levels of the recursion fork: enough for a few tasks a worker at the bottom (each
    /// fork with work makes two to nine).
    static func forkDepth(workers: Int) -> Int {
        2 + (Int.bitWidth - (workers - 1).leadingZeroBitCount)
    }
}

/// When a step that may use several threads moves to them: after `nanoseconds` and `misses` on
/// one thread (at once when `misses` is 0), and after each hand-back twice as long again.
struct ForkSchedule {
    /// May the step fork at all?
    let budgeted: Bool
    let misses: UInt64
    let nanoseconds: UInt64
    /// When the single-threaded recursion should unwind to fork (`MonotonicClock`).
    private(set) var forkTime: UInt64
    private(set) var handBacks = 0
    /// Should the step fork before it runs (again) on one thread?
    var forksNow: Bool

    init(budgeted: Bool, misses: UInt64, nanoseconds: UInt64) {
        self.budgeted = budgeted
        self.misses = misses
        self.nanoseconds = nanoseconds
        forkTime = budgeted ? MonotonicClock.nanoseconds() &+ nanoseconds : 0
        forksNow = budgeted && misses == 0
    }

    /// The phases handed the step back to one thread: it forks again after twice as long as
    /// last time (`maximumHandBackDoublings` at most).
    mutating func handBack() {
        handBacks += 1
        forkTime = MonotonicClock.nanoseconds() &+ nanoseconds &<< min(handBacks, ParallelStepper.maximumHandBackDoublings)
        forksNow = false
    }

    /// Sets the point where the single-threaded recursion of `stepping` unwinds to fork: after
    /// `misses` more misses, once `forkTime` has passed (never when the step cannot fork).
    func setHandOff(_ stepping: inout StepState) {
        stepping.handOffMisses = budgeted ? stepping.memoMisses &+ misses : .max
        stepping.handOffTime = forkTime
    }
}

/// What the phases of a universe's multi-threaded steps did: phases run, those that ran out of
/// room or found their work too narrow, the collections made between two phases, the index's
/// growths within phases, and the misses workers forked for idle ones.
struct PhaseCounters {
    var run = 0
    var outOfRoom = 0
    var narrow = 0
    var collectedBetween = 0
    var indexGrowths = 0
    var demandForks = 0
}
