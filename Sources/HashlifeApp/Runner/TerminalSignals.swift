// Suspend and resume (SIGTSTP/SIGCONT): the terminal is given back in its own mode while the app
// is stopped, and the app redraws in raw mode when it continues. The handlers only use
// async-signal-safe calls (tcsetattr through HashlifeTerminal, write, signal, raise) and atomics.

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import HashlifeTerminal
import Synchronization

enum TerminalSignals {
    /// Set when the process continued after a stop: the runner re-enters raw mode and redraws.
    static let resumed = Atomic<Bool>(false)
    /// The bytes that leave the app's screen modes (bracketed paste and mouse off, cursor on,
    /// main screen), and those that enter them.
    static let leave = "\u{1B}[?2004l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?25h\u{1B}[?1049l"
    static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1003h\u{1B}[?1006h\u{1B}[?2004h"
    nonisolated(unsafe) static let leaveBytes: UnsafeMutableBufferPointer<UInt8> = {
        let bytes = Array(leave.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        return buffer
    }()

    static func install() {
        _ = leaveBytes.count
        _ = resumed.load(ordering: .relaxed)
        var stop = sigaction()
        stop.__sigaction_handler.sa_handler = { _ in
            _ = Glibc.write(STDOUT_FILENO, TerminalSignals.leaveBytes.baseAddress, TerminalSignals.leaveBytes.count)
            Terminal.restoreModeFromSignalHandler()
            signal(SIGTSTP, SIG_DFL)
            raise(SIGTSTP)
        }
        sigemptyset(&stop.sa_mask)
        stop.sa_flags = SA_RESTART
        sigaction(SIGTSTP, &stop, nil)
        var cont = sigaction()
        cont.__sigaction_handler.sa_handler = { _ in
            TerminalSignals.resumed.store(true, ordering: .relaxed)
        }
        sigemptyset(&cont.sa_mask)
        cont.sa_flags = SA_RESTART
        sigaction(SIGCONT, &cont, nil)
        // A resize only needs to interrupt the run loop's wait (poll(2) returns EINTR): the loop
        // reads the new size itself.
        var resize = sigaction()
        resize.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&resize.sa_mask)
        resize.sa_flags = 0
        sigaction(SIGWINCH, &resize, nil)
    }

    /// After a resume: raw mode again (the stop handler gave the terminal its own mode back),
    /// and the stop handler again (it reset itself to the default to stop).
    static func reenter(_ fd: Int32) {
        var mode = termios()
        if tcgetattr(fd, &mode) == 0 {
            cfmakeraw(&mode)
            mode.c_cc.6 = 1
            mode.c_cc.5 = 0
            tcsetattr(fd, TCSADRAIN, &mode)
        }
        install()
    }
}
