// Threads started for a deep recursion, for upkeep shared by a step's idle threads, and for a
// pool's helpers.

#if canImport(Glibc)
import Glibc
#endif

enum Threads {
    /// Runs `body(part)` for every part in 0 ..< `parts`: part 0 on the calling thread, the
    /// others on threads started for them; returns once all have finished. (Upkeep between
    /// the phases of a multi-threaded step, when its other threads are idle.)
    static func inParallel(parts: Int, _ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            var started: [pthread_t] = []
            for part in 1..<max(parts, 1) { started.append(start(stackBytes: 0) { body(part) }) }
            body(0)
            for thread in started { pthread_join(thread, nil) }
        }
    }

    /// Starts a thread with a stack of at least `stackBytes` (plus 8 MiB for what is not
    /// recursion) that runs `work`; the caller joins it.
    static func start(stackBytes needed: Int, _ work: @escaping () -> Void) -> pthread_t {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        let page = 1 << 16
        pthread_attr_setstacksize(&attributes, (needed + (8 << 20) + page - 1) / page * page)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(StackJob(work)).toOpaque()
        let created = pthread_create(&thread, &attributes, { context in
            Unmanaged<StackJob>.fromOpaque(context!).takeRetainedValue().work()
            return nil
        }, context)
        precondition(created == 0, "cannot start a thread with a stack of \(needed) bytes (error \(created))")
        return thread
    }
}

/// The work of a thread `Threads.start` started.
private final class StackJob {
    let work: () -> Void
    init(_ work: @escaping () -> Void) { self.work = work }
}
