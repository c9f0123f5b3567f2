#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Ctrl-C (SIGINT), installed in one place for every part of the program that stops work on
/// it: the one-shot commands and the REPL each pass their own handler.
public enum InterruptSignal {
    /// Makes `handler` SIGINT's handler with `sigaction(2)`, `SA_RESTART` set (a read or write
    /// the signal interrupts resumes by itself), and unblocks SIGINT with `pthread_sigmask(3)`:
    /// a parent may have left it blocked (the mask is inherited across exec), and Ctrl-C could
    /// then never stop a step. Installing again replaces the handler.
    ///
    /// `handler` runs as a signal handler: it may only do async-signal-safe work (atomic loads
    /// and stores, `tcsetattr`, `_exit`), and every global it touches must be initialised
    /// before this call.
    public static func install(_ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGINT, &action, nil)
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
