// A stack deep enough for the recursion.

#if canImport(Glibc)
import Glibc
#endif

extension NodeStore {
    /// Stack bytes one level of the successor recursion may take (its frames in a debug build
    /// are many times bigger than in a release build).
    #if DEBUG
    static let stackBytesPerLevel = 48 << 10
    #else
    static let stackBytesPerLevel = 2 << 10
    #endif
    /// Recursions needing more than this run on a thread of their own (a thread's default stack
    /// is 8 MiB on Linux, and test runners' threads may have less).
    static let stackBytesInPlace = 1 << 20

    /// Runs `body`, a recursion `levels` deep, on the calling thread when it fits easily in a
    /// default stack, else on a new thread whose stack is big enough (virtual memory: only the
    /// pages the recursion touches become resident), waiting for it. A 2^20000-generation step
    /// recurses 20,000 levels.
    static func withStack<R>(forLevels levels: Int, _ body: () -> R) -> R {
        let needed = (levels + 16) * stackBytesPerLevel
        if needed <= stackBytesInPlace { return body() }
        return onThread(stackBytes: needed, body)
    }

    /// Runs `body` on a new thread with a stack of at least `stackBytes` (plus 8 MiB for what
    /// is not recursion), waiting for it; `waiting` runs on the calling thread once the new
    /// one has started.
    static func onThread<R>(stackBytes needed: Int, _ body: () -> R, waiting: () -> Void = {}) -> R {
        var result: R?
        withoutActuallyEscaping({ result = body() }) { work in
            let thread = startThread(stackBytes: needed, work)
            waiting()
            pthread_join(thread, nil)
        }
        return result!
    }

    /// Runs `body(part)` for every part in 0 ..< `parts`: part 0 on the calling thread, the
    /// others on threads started for them; returns once all have finished. (Upkeep between
    /// the phases of a multi-threaded step, when its other threads are idle.)
    static func inParallel(parts: Int, _ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            var started: [pthread_t] = []
            for part in 1..<max(parts, 1) { started.append(startThread(stackBytes: 0) { body(part) }) }
            body(0)
            for thread in started { pthread_join(thread, nil) }
        }
    }

    /// Starts a thread with a stack of at least `stackBytes` (plus 8 MiB for what is not
    /// recursion) that runs `work`; the caller joins it.
    static func startThread(stackBytes needed: Int, _ work: @escaping () -> Void) -> pthread_t {
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

/// The work of a thread `NodeStore.startThread` started.
private final class StackJob {
    let work: () -> Void
    init(_ work: @escaping () -> Void) { self.work = work }
}

extension Universe {
    /// Runs `body` on a thread whose stack holds the engine's deepest recursions (trees of
    /// level `Universe.maximumStepExponent`: stepping, counting, bounds, drawing and writing
    /// them all recurse once a level), waiting for it. The command-line program runs in it;
    /// a library user whose trees stay below a few hundred levels does not need it (steps and
    /// populations of deeper trees move to such a thread by themselves). `waiting` runs on the
    /// calling thread once the new one has started (to block signals there, say).
    public static func withDeepStack<R>(_ body: () -> R, waiting: () -> Void = {}) -> R {
        NodeStore.onThread(stackBytes: (maximumStepExponent + 16) * NodeStore.stackBytesPerLevel, body, waiting: waiting)
    }
}
