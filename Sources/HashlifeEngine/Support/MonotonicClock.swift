// A cheap monotonic clock for the recursion's polls.

#if canImport(Glibc)
import Glibc
#endif

/// `CLOCK_MONOTONIC` in nanoseconds: what the single-threaded step reads every 1024 misses to
/// know when to fork, and what a phase reads to judge how fast it forks.
enum MonotonicClock {
    static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }
}
