import HashlifeEngine
import HashlifeFormats

/// Why a command failed, and the exit status that says so.
enum CommandError: Error, CustomStringConvertible {
    /// Bad command line: exit 64 (EX_USAGE).
    case usage(UsageError)
    /// Unreadable, unwritable or malformed input or output: exit 1.
    case failure(String)
    /// Stopped by Ctrl-C: exit 130, as shells report SIGINT.
    case interrupted(String)

    var exitCode: Int32 {
        switch self {
        case .usage: return 64
        case .failure: return 1
        case .interrupted: return 130
        }
    }

    var description: String {
        switch self {
        case .usage(let e): return e.description
        case .failure(let message), .interrupted(let message): return "hashlife: " + message
        }
    }
}
