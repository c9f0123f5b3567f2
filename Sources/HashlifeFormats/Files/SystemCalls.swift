#if canImport(Glibc)
@preconcurrency import Glibc
#endif

// Retrying interrupted system calls, for every module of the package that reads or writes files,
// pipes or the terminal (formats, boards, the terminal layer, the command line). A signal the
// program handles (Ctrl-C's SIGINT, a terminal resize's SIGWINCH) can make a call fail with
// EINTR before it did anything; the call is then simply made again. These are `package`: part
// of no library's public interface.

/// Calls `call` again while it fails with EINTR (returns a negative value with `errno` EINTR).
/// The one place the package retries interrupted calls: wrap `open`, `read`, `write`, `poll`,
/// `ioctl`, `fsync`, `tcsetattr` and the like in it; never `close`, which must not be retried.
@inline(__always)
package func retryingOnInterrupt<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
        let result = call()
        if result >= 0 || errno != EINTR { return result }
    }
}

/// Writes all of `bytes` to `fd` with `write(2)`, going on after partial writes and retrying
/// interrupted ones. Returns nil once every byte is written, else the error number of the write
/// that failed (EPIPE when a reader went away; EIO if a write made no progress).
package func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        let n = retryingOnInterrupt { write(fd, bytes.baseAddress! + offset, bytes.count - offset) }
        if n <= 0 { return n < 0 ? errno : EIO }
        offset += n
    }
    return nil
}
