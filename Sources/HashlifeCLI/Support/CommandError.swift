import HashlifeEngine
import HashlifeFormats

/// Why a command failed, and the exit status that says so.
enum CommandError: Error, CustomStringConvertible {
    /// Bad command line: exit 64 (EX_USAGE).
    case usage(UsageError)
    /// Unreadable, unwritable or malformed input or output: exit 1.
    case failure(String)
    /// The command line names something ambiguous (an archive of several patterns): exit 64,
    /// as a usage error, with a message that lists the choices.
    case ambiguous(String)
    /// Stopped by Ctrl-C: exit 130, as shells report SIGINT.
    case interrupted(String)
    /// `hashlife classify` reached its generation limit without a verdict: exit 2 (the
    /// result is already on standard output; the message goes to standard error).
    case undetermined(String)

    var exitCode: Int32 {
        switch self {
        case .usage, .ambiguous: return 64
        case .failure: return 1
        case .interrupted: return 130
        case .undetermined: return 2
        }
    }

    var description: String {
        switch self {
        case .usage(let e): return e.description
        case .failure(let message), .ambiguous(let message), .interrupted(let message), .undetermined(let message):
            return "hashlife: " + message
        }
    }
}
