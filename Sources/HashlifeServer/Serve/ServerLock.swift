// A mutex with a condition, for the state the connection threads share.

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A pthread mutex and condition variable.
final class ServerLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Wakes every waiter (call with the lock held).
    func broadcast() { pthread_cond_broadcast(condition) }

    /// Waits (with the lock held) until woken or `seconds` pass.
    func wait(seconds: Double) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let total = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 + seconds
        var deadline = timespec(tv_sec: Int(total), tv_nsec: Int((total - Double(Int(total))) * 1e9))
        pthread_cond_timedwait(condition, mutex, &deadline)
    }
}
