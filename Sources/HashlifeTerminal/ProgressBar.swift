// A one-line progress display on standard error for long computations.
//
//     let bar = ProgressBar(label: "step 2^1000") { ProgressBar.Reading(reached: …, target: …, nodes: …) }
//     bar.start(); defer { bar.stop() }
//
// A background thread asks the closure for the current values and redraws the line at most
// every 100 ms (the first time only after a short delay, so quick work shows nothing); `stop`
// wakes the thread at once, waits for it and erases the line. When the stream is not a terminal
// nothing is drawn and no thread is started.

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import HashlifeFormats
import Synchronization

public final class ProgressBar: Sendable {
    /// What the work has reached, as the caller knows it.
    public struct Reading: Sendable {
        /// The generation reached so far (decimal digits), if known.
        public var reached: String?
        /// The generation aimed at, as the user wrote it or in digits.
        public var target: String?
        /// Nodes in the engine's store.
        public var nodes: Int?
        /// What `reached` and `target` count, shown before them ("gen").
        public var unit: String

        public init(reached: String? = nil, target: String? = nil, nodes: Int? = nil, unit: String = "gen") {
            self.reached = reached
            self.target = target
            self.nodes = nodes
            self.unit = unit
        }
    }

    public let label: String
    public let fd: Int32
    public let isEnabled: Bool
    private let reading: @Sendable () -> Reading
    private let delayMilliseconds: Int32
    private let intervalMilliseconds: Int32
    /// The drawing thread and the pipe that wakes it, while running.
    private let running = Mutex<Running?>(nil)

    private struct Running: Sendable {
        var thread: pthread_t
        var wakeRead: Int32
        var wakeWrite: Int32
    }

    /// - Parameters:
    ///   - label: What is running, e.g. "step 2^1000".
    ///   - fd: Where to draw (standard error by default).
    ///   - enabled: Draw at all? Defaults to whether `fd` is a terminal.
    ///   - delay: Milliseconds before the first drawing.
    ///   - interval: Milliseconds between redraws (at least 100).
    ///   - reading: The current values; called on the drawing thread.
    public init(label: String, fd: Int32 = STDERR_FILENO, enabled: Bool? = nil, delay: Int32 = 250, interval: Int32 = 100,
                reading: @escaping @Sendable () -> Reading) {
        self.label = label
        self.fd = fd
        self.isEnabled = enabled ?? Terminal.isTerminal(fd)
        self.delayMilliseconds = max(delay, 0)
        self.intervalMilliseconds = max(interval, 100)
        self.reading = reading
    }

    /// Starts drawing (does nothing when disabled or already started).
    public func start() {
        guard isEnabled else { return }
        running.withLock { running in
            guard running == nil else { return }
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { return }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            let job = Unmanaged.passRetained(Job(bar: self, wakeFD: fds[0])).toOpaque()
            var thread = pthread_t()
            let created = pthread_create(&thread, nil, { context in
                let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
                job.bar.draw(until: job.wakeFD)
                return nil
            }, job)
            guard created == 0 else {
                Unmanaged<Job>.fromOpaque(job).release()
                close(fds[0])
                close(fds[1])
                return
            }
            running = Running(thread: thread, wakeRead: fds[0], wakeWrite: fds[1])
        }
    }

    /// Stops drawing and erases the line; returns once the thread has finished.
    public func stop() {
        guard let stopped = running.withLock({ running -> Running? in
            defer { running = nil }
            return running
        }) else { return }
        var byte: UInt8 = 1
        _ = retryingOnInterrupt { write(stopped.wakeWrite, &byte, 1) }
        pthread_join(stopped.thread, nil)
        close(stopped.wakeRead)
        close(stopped.wakeWrite)
    }

    private final class Job: Sendable {
        let bar: ProgressBar
        let wakeFD: Int32
        init(bar: ProgressBar, wakeFD: Int32) {
            self.bar = bar
            self.wakeFD = wakeFD
        }
    }

    /// The drawing thread's loop: wait (woken early by a byte on `wakeFD`), draw, repeat.
    private func draw(until wakeFD: Int32) {
        let started = Clock.now()
        var drew = false
        var rate = RateMeter()
        var wait = delayMilliseconds
        while !Terminal.waitForInput(wakeFD, milliseconds: wait) {
            wait = intervalMilliseconds
            let now = Clock.now()
            let values = reading()
            let nodesPerSecond = values.nodes.flatMap { rate.update(value: $0, time: now) }
            let columns = Terminal.size(of: fd)?.columns ?? 80
            let line = ProgressBar.line(label: label, reading: values, nodesPerSecond: nodesPerSecond,
                                        residentBytes: ProgressBar.residentBytes(), seconds: now - started, columns: columns)
            Terminal.write(fd, "\r" + line + "\u{1B}[K")
            drew = true
        }
        if drew { Terminal.write(fd, "\r\u{1B}[K") }
    }

    // MARK: Formatting

    /// The text of one redraw, cut to `columns` − 1 characters.
    static func line(label: String, reading: Reading, nodesPerSecond: Double?, residentBytes: Int?, seconds: Double, columns: Int) -> String {
        var parts = [label]
        switch (reading.reached, reading.target) {
        case let (reached?, target?): parts.append("\(reading.unit) \(abbreviated(reached)) / \(abbreviated(target))")
        case let (reached?, nil): parts.append("\(reading.unit) \(abbreviated(reached))")
        case let (nil, target?): parts.append("target \(abbreviated(target))")
        case (nil, nil): break
        }
        if let nodes = reading.nodes {
            var text = "\(count(Double(nodes))) nodes"
            if let rate = nodesPerSecond, rate >= 1 { text += " (+\(count(rate))/s)" }
            parts.append(text)
        }
        if let residentBytes { parts.append(bytes(residentBytes)) }
        parts.append(duration(seconds))
        parts.append("Ctrl-C stops")
        let text = parts.joined(separator: " · ")
        let room = max(columns - 1, 1)
        return text.count <= room ? text : String(text.prefix(room))
    }

    /// Decimal digits as they are when short, else like "1.27e30"; other text unchanged.
    static func abbreviated(_ text: String) -> String {
        guard text.count > 12, text.allSatisfy(\.isASCII), text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return text }
        let digits = Array(text.utf8)
        let mantissa = String(decoding: [digits[0], UInt8(ascii: ".")] + digits[1...2], as: UTF8.self)
        return "\(mantissa)e\(digits.count - 1)"
    }

    /// 950, 12.3k, 4.5M, 1.2G.
    static func count(_ value: Double) -> String {
        let units: [(Double, String)] = [(1e9, "G"), (1e6, "M"), (1e3, "k")]
        for (size, suffix) in units where value >= size {
            return oneDecimal(value / size) + suffix
        }
        return String(Int(value))
    }

    /// 512 KiB, 3.4 MiB, 1.2 GiB.
    static func bytes(_ value: Int) -> String {
        let units: [(Double, String)] = [(1_073_741_824, "GiB"), (1_048_576, "MiB")]
        for (size, suffix) in units where Double(value) >= size {
            return oneDecimal(Double(value) / size) + " " + suffix
        }
        return "\(value >> 10) KiB"
    }

    /// 4.2s, 3m07s, 2h05m.
    static func duration(_ seconds: Double) -> String {
        if seconds < 60 { return oneDecimal(seconds) + "s" }
        let whole = Int(seconds)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        if whole < 3600 { return "\(whole / 60)m\(two(whole % 60))s" }
        return "\(whole / 3600)h\(two(whole / 60 % 60))m"
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// The process's resident memory, from the second field of /proc/self/statm (pages).
    public static func residentBytes() -> Int? {
        let fd = retryingOnInterrupt { open("/proc/self/statm", O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let n = buffer.withUnsafeMutableBytes { Terminal.read(fd, into: $0) } ?? 0
        let fields = String(decoding: buffer[0..<n], as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, let pages = Int(fields[1]) else { return nil }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }
}

/// Monotonic seconds (`clock_gettime(CLOCK_MONOTONIC)`).
enum Clock {
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// A smoothed rate of change of a counter.
struct RateMeter {
    private var last: (value: Int, time: Double)?
    private var smoothed: Double?

    /// Records `value` at `time`; the rate per second so far (nil until two readings).
    mutating func update(value: Int, time: Double) -> Double? {
        defer { last = (value, time) }
        guard let last, time > last.time else { return smoothed }
        let instant = max(0, Double(value - last.value) / (time - last.time))
        smoothed = smoothed.map { 0.7 * $0 + 0.3 * instant } ?? instant
        return smoothed
    }
}
