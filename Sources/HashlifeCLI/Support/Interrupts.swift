#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import HashlifeEngine

/// Ctrl-C for one-shot commands: SIGINT cancels the running step, or the drawing of `view` and
/// `soup` between rows, through `control`, so the command can report where it stopped, leave
/// any `--out` file as it was, and exit 130 instead of dying mid-write. The handler
/// only does an atomic store (async-signal-safe).
enum Interrupts {
    static let control = StepControl()

    /// Installs the handler (once per process is enough; installing again is harmless).
    static func install() {
        _ = control.isCancelled  // initialise the global before the handler can run
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in Interrupts.control.cancel() }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGINT, &action, nil)
        // A program started with SIGINT blocked (the mask is inherited) would never see it.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
