// Stepping on a worker thread, so input and redraw stay responsive during a long jump: the app
// thread hands the worker one job at a time and does not touch the session until it finishes.

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import HashlifeEngine
import HashlifeEditing
import HashlifeFormats
import Synchronization

/// Runs one job at a time on its own thread; `control` cancels it, `reached` tells its progress.
final class StepWorker: @unchecked Sendable {
    let control: StepControl
    private let finished = Atomic<Bool>(false)
    private let progress = Mutex<BigUInt?>(nil)
    /// Written by the worker before `finished` is set, read by the app thread after it sees it.
    private var failure: SessionError?
    private var thread: pthread_t?
    /// A pipe the worker writes a byte to when a job finishes, so the app's loop, waiting for
    /// input, wakes at once (`wakeDescriptor` is its read end).
    private let wake: (read: Int32, write: Int32)

    /// A worker whose jobs stop through `control`.
    init(control: StepControl = StepControl()) {
        self.control = control
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        }
        wake = (fds[0], fds[1])
    }

    deinit {
        if wake.read >= 0 { close(wake.read); close(wake.write) }
    }

    /// Readable when a job has finished since the last `poll`.
    var wakeDescriptor: Int32 { wake.read }

    /// The job's result once it has finished: `.some(nil)` for success, `.some(error)`; nil while
    /// it runs or when there is no job.
    func poll() -> SessionError?? {
        drainWake()
        if let inline = inlineResult { inlineResult = nil; return inline }
        guard let thread, finished.load(ordering: .acquiring) else { return nil }
        pthread_join(thread, nil)
        self.thread = nil
        return .some(failure)
    }

    /// Empties the wake pipe, so waiting on it blocks until the next job finishes (a byte left
    /// there would wake the app's loop at once, for ever).
    private func drainWake() {
        guard wake.read >= 0 else { return }
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wake.read, &bytes, bytes.count) > 0 {}
    }


    /// The generation the running job last reported.
    var reached: BigUInt? { progress.withLock { $0 } }

    /// Blocks until the running job (if any) finishes; returns its result.
    func wait() -> SessionError?? {
        if let inline = inlineResult { inlineResult = nil; return inline }
        guard let thread else { return nil }
        pthread_join(thread, nil)
        self.thread = nil
        drainWake()
        return .some(failure)
    }

    /// Starts `job` (which must leave the session to the worker until `poll` reports it).
    func start(_ job: @escaping (StepControl, @escaping (BigUInt) -> Void) throws(SessionError) -> Void) {
        precondition(thread == nil, "one job at a time")
        control.reset()
        finished.store(false, ordering: .relaxed)
        progress.withLock { $0 = nil }
        failure = nil
        // The job looks rule names up in the folders of the command that started it.
        let folders = RuleFolders.current
        let box = JobBox { [self] in
            RuleFolders.$current.withValue(folders) {
                do throws(SessionError) { try job(control) { g in self.progress.withLock { $0 = g } } } catch { failure = error }
            }
            finished.store(true, ordering: .releasing)
            var byte: UInt8 = 1
            if wake.write >= 0 { _ = write(wake.write, &byte, 1) }
        }
        var handle = pthread_t()
        let raw = Unmanaged.passRetained(box).toOpaque()
        let result = pthread_create(&handle, nil, { pointer in
            let box = Unmanaged<JobBox>.fromOpaque(pointer!).takeRetainedValue()
            box.body()
            return nil
        }, raw)
        if result != 0 {
            // No thread: run here (the UI waits, but nothing is lost).
            Unmanaged<JobBox>.fromOpaque(raw).release()
            box.body()
            inlineResult = .some(failure)
            return
        }
        thread = handle
    }

    /// The result of a job that had to run on the calling thread (no thread could be made).
    private var inlineResult: SessionError?? = nil
}

/// A job handed to another thread. The session it reaches is used by that thread alone until
/// the job finishes (the app's `busy` flag), which is what makes this unchecked box sound.
private final class JobBox: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}
