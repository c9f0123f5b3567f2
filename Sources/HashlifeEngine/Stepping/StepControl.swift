import Synchronization

/// Lets another thread, or a signal handler, stop a long step and watch its progress.
///
/// The stepping recursion polls `isCancelled` once every 1,024 computed results (a relaxed atomic
/// load: far below the cost of the node look-ups around it) and publishes the store's node count
/// at the same moments. A cancelled step unwinds without touching the universe's root, so the
/// universe stays at the last whole power-of-two step it finished; memoized results computed
/// before the stop stay valid and speed up the next attempt. Cancelling is async-signal-safe.
public final class StepControl: Sendable {
    private let cancelled = Atomic<Bool>(false)
    private let nodes = Atomic<Int>(0)

    public init() {}

    /// Asks the running (or next) step to stop. Safe from a signal handler.
    public func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// Clears a previous cancellation, before starting new work.
    public func reset() { cancelled.store(false, ordering: .relaxed) }

    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Nodes in the store, as of the last poll (for progress displays).
    public var nodeCount: Int { nodes.load(ordering: .relaxed) }

    func publish(nodes count: Int) { nodes.store(count, ordering: .relaxed) }
}

/// Why a step did not finish. Either way the universe is consistent and at `generation`.
public enum StepError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `StepControl.cancel()` stopped it.
    case cancelled(generation: BigUInt)
    /// The memory limit cannot hold the pattern even for a one-generation step. The universe
    /// is as it was before the step; `neededBytes` is a limit that would hold it.
    case memoryExhausted(generation: BigUInt, neededBytes: Int, limitBytes: Int)

    public var generation: BigUInt {
        switch self {
        case let .cancelled(generation), let .memoryExhausted(generation, _, _): generation
        }
    }

    public var description: String {
        switch self {
        case let .cancelled(generation):
            "interrupted at generation \(generation)"
        case let .memoryExhausted(generation, needed, limit):
            "the memory limit of \(StepError.megabytes(limit)) MB is too small for this pattern at generation \(generation): it needs about \(StepError.megabytes(needed)) MB"
        }
    }

    /// The same error, reported at `generation` (a split step restores where it started).
    func at(_ generation: BigUInt) -> StepError {
        switch self {
        case .cancelled: .cancelled(generation: generation)
        case let .memoryExhausted(_, needed, limit): .memoryExhausted(generation: generation, neededBytes: needed, limitBytes: limit)
        }
    }

    /// Whole megabytes (2^20 bytes, as `--max-memory` and Golly count them), rounded up.
    static func megabytes(_ bytes: Int) -> Int { bytes >> 20 + (bytes & ((1 << 20) - 1) != 0 ? 1 : 0) }
}
