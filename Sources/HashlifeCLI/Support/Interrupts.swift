import HashlifeEngine
import HashlifeTerminal

/// Ctrl-C for one-shot commands: SIGINT cancels the running step, or the drawing of `view` and
/// `soup` between rows, through `control`, so the command can report where it stopped, leave
/// any `--out` file as it was, and exit 130 instead of dying mid-write. The handler
/// only does an atomic store (async-signal-safe).
enum Interrupts {
    static let control = StepControl()

    /// Installs the handler (once per process is enough; installing again is harmless).
    static func install() {
        _ = control.isCancelled  // initialise the global before the handler can run
        InterruptSignal.install { _ in Interrupts.control.cancel() }
    }
}
