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
            let thread = Threads.start(stackBytes: needed, work)
            waiting()
            pthread_join(thread, nil)
        }
        return result!
    }
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
