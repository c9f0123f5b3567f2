#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import HashlifeFormats
import Testing

/// The package's one helper for interrupted system calls, and the write loop built on it.
@Suite struct SystemCallsTests {
    @Test func interruptedCallsAreMadeAgainAndOtherFailuresReturned() {
        var calls = 0
        let result = retryingOnInterrupt { () -> Int in
            calls += 1
            if calls < 3 { errno = EINTR; return -1 }
            return 7
        }
        #expect(result == 7 && calls == 3)
        calls = 0
        let failure = retryingOnInterrupt { () -> Int32 in
            calls += 1
            errno = EBADF
            return -1
        }
        #expect(failure == -1 && calls == 1 && errno == EBADF)
    }

    @Test func writeAllDeliversEveryByteThroughAPipe() throws {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        // More than a pipe holds, so the writer blocks and some writes are partial.
        let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        nonisolated(unsafe) var received: [UInt8] = []
        let done = DispatchSemaphore(value: 0)
        let reader = fds[0]
        DispatchQueue.global().async {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                received += chunk[0..<n]
            }
            done.signal()
        }
        let failure = bytes.withUnsafeBytes { writeAll(fds[1], $0) }
        close(fds[1])
        #expect(done.wait(timeout: .now() + 20) == .success)
        close(fds[0])
        #expect(failure == nil)
        #expect(received == bytes)
    }

    @Test func writeAllReturnsTheErrorWhenTheReaderIsGone() throws {
        signal(SIGPIPE, SIG_IGN)  // the failed write is then EPIPE, not the end of the tests
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        close(fds[0])
        let failure = Array("no one reads this\n".utf8).withUnsafeBytes { writeAll(fds[1], $0) }
        close(fds[1])
        #expect(failure == EPIPE)
    }
}
