// How many threads one step may use.

#if canImport(Glibc)
import Glibc
#endif

extension Universe {
    /// Threads a step may run on (≥ 1; 1 is the single-threaded engine). Results are identical
    /// for every value: nodes are canonical, so the same cells come out whichever thread
    /// computed them first.
    public var threads: Int {
        get { parallel.threads }
        set {
            precondition(newValue >= 1, "a step needs at least one thread")
            parallel.threads = min(newValue, Universe.maximumThreads)
            store.plan.headroom = parallel.threads > 1 ? ParallelStepper.margin(workers: parallel.threads) : 0
        }
    }

    /// The most threads a step will use, whatever is asked.
    public static let maximumThreads = 256

    /// The processors this process may run on (at least 1), which help texts and the REPL's
    /// `threads` answer show beside the count in use.
    public static var availableProcessors: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}
