// What a step's threads share at fixed addresses: sleeping places and atomic words.

#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A mutex and a condition variable where threads sleep until something changes, at a fixed
/// address (pthread objects must not move once initialized). Non-copyable: it destroys and
/// frees them when it goes away, after every thread has stopped waiting on them.
struct SleepingPlace: ~Copyable {
    let mutex: UnsafeMutablePointer<pthread_mutex_t>
    let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }
}

/// An atomic word at a fixed address, which views look at through `pointer` on hot paths
/// without holding a reference to its owner (whose lifetime covers theirs). Non-copyable: it
/// frees the word when it goes away.
struct AtomicCell: ~Copyable {
    let pointer: UnsafeMutablePointer<Atomic<Int>>

    init(_ value: Int) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: Atomic(value))
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
