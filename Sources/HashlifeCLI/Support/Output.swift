#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import HashlifeTerminal

/// Writing to the standard streams with plain write(2) (`Terminal.write`, EINTR and partial
/// writes handled there): safe in Swift 6 without global mutable state, and unbuffered so
/// progress and errors appear in order. A reader gone away (EPIPE and the like) ends the write
/// quietly: there is nothing useful to do about it.
enum Output {
    static func standardOutput(_ text: String) { write(text, to: STDOUT_FILENO) }
    static func standardError(_ text: String) { write(text, to: STDERR_FILENO) }

    static func write(_ text: String, to fd: Int32) { Terminal.write(fd, text) }

    static func write(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { Terminal.write(fd, bytes: $0) }
    }

    /// The terminal's size in character cells (of standard output, else standard error), or nil.
    static func terminalSize() -> (columns: Int, rows: Int)? {
        var size = winsize()
        for fd in [STDOUT_FILENO, STDERR_FILENO] where ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        return nil
    }

    /// Is `fd` a terminal?
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }
}
