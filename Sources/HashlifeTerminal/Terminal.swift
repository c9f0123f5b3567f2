// Thin wrappers over the terminal system calls, in the swift-system style: each names the C
// function it wraps, takes plain file descriptors, and reports failure as nil or false rather
// than errno. EINTR is retried in one place for the whole package, HashlifeFormats'
// `retryingOnInterrupt` (with `writeAll`, the only thing this module takes from formats).

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import HashlifeFormats
import Synchronization

public enum Terminal {
    /// Is `fd` a terminal? Wraps `isatty(3)`.
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// The terminal's size in character cells, or nil when `fd` is not a terminal (or reports
    /// zero). Wraps `ioctl(2)` with `TIOCGWINSZ`.
    public static func size(of fd: Int32) -> (columns: Int, rows: Int)? {
        var size = winsize()
        let result = retryingOnInterrupt { ioctl(fd, UInt(TIOCGWINSZ), &size) }
        guard result == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Reads up to `buffer.count` bytes. Returns how many (0 at end of input), or nil on an
    /// error. Wraps `read(2)`.
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        let n = retryingOnInterrupt { Glibc.read(fd, buffer.baseAddress, buffer.count) }
        return n < 0 ? nil : n
    }

    /// Writes all of `bytes`, or as much as the reader takes (stops on EPIPE and the like).
    /// Wraps `write(2)`.
    public static func write(_ fd: Int32, bytes: UnsafeRawBufferPointer) {
        _ = writeAll(fd, bytes)
    }

    /// Writes `text` as UTF-8 (see `write(_:bytes:)`).
    public static func write(_ fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { write(fd, bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Waits until `fd` has input or `milliseconds` pass (negative: forever). True when input
    /// (or end of input, or an error to report) is ready. Wraps `poll(2)`.
    public static func waitForInput(_ fd: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let n = retryingOnInterrupt { poll(&entry, 1, milliseconds) }
        return n > 0
    }

    // MARK: Raw mode

    /// Runs `body` with the terminal on `fd` in raw mode (`cfmakeraw(3)`: bytes as typed, no
    /// echo, no signals from Ctrl-C, no output processing, so write "\r\n"), then restores the
    /// saved mode on every exit path. If `fd` is not a terminal, `body` runs unchanged. While raw
    /// mode is on, SIGTERM, SIGHUP and SIGQUIT restore the saved mode before ending the process.
    /// Wraps `tcgetattr(3)`, `cfmakeraw(3)` and `tcsetattr(3)`.
    public static func withRawMode<R>(_ fd: Int32, _ body: () throws -> R) rethrows -> R {
        var saved = termios()
        guard retryingOnInterrupt({ tcgetattr(fd, &saved) }) == 0 else { return try body() }
        var raw = saved
        cfmakeraw(&raw)
        // Keep reads blocking for one byte at a time.
        raw.c_cc.6 = 1  // VMIN
        raw.c_cc.5 = 0  // VTIME
        SavedMode.install(saved, fd: fd)
        guard retryingOnInterrupt({ tcsetattr(fd, TCSADRAIN, &raw) }) == 0 else {
            SavedMode.clear()
            return try body()
        }
        defer {
            _ = retryingOnInterrupt { tcsetattr(fd, TCSADRAIN, &saved) }
            SavedMode.clear()
        }
        return try body()
    }

    /// Restores the mode saved by a `withRawMode` in progress, if any. Async-signal-safe (only
    /// an atomic load and `tcsetattr`): for signal handlers that end the process.
    public static func restoreModeFromSignalHandler() {
        SavedMode.restoreFromSignalHandler()
    }
}

/// The mode to put back when a signal ends the process during raw mode.
///
/// The termios lives in memory allocated once and never freed; `fd` ≥ 0 says it is valid. Only
/// `withRawMode` (one thread at a time: the one editing a line) writes it, before publishing
/// the fd, so a handler that sees the fd sees the whole termios.
enum SavedMode {
    nonisolated(unsafe) static let storage: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        pointer.initialize(to: termios())
        return pointer
    }()
    static let fd = Atomic<Int32>(-1)
    static let handlersInstalled = Atomic<Bool>(false)

    static func install(_ mode: termios, fd: Int32) {
        storage.pointee = mode
        self.fd.store(fd, ordering: .releasing)
        if !handlersInstalled.exchange(true, ordering: .relaxed) { installHandlers() }
    }

    static func clear() { fd.store(-1, ordering: .releasing) }

    static func restoreFromSignalHandler() {
        let fd = fd.load(ordering: .acquiring)
        if fd >= 0 { _ = tcsetattr(fd, TCSANOW, storage) }
    }

    /// For signals whose default action ends the process: restore the terminal, then die of the
    /// signal as if we had not caught it. Signals someone else already handles are left alone.
    private static func installHandlers() {
        for signal in [SIGTERM, SIGHUP, SIGQUIT] {
            var previous = sigaction()
            guard sigaction(signal, nil, &previous) == 0, previous.__sigaction_handler.sa_handler == nil else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                SavedMode.restoreFromSignalHandler()
                Glibc.signal(number, SIG_DFL)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }
}
