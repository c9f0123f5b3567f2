import HashlifeEngine
import HashlifeFormats

/// Why a command failed, and the exit status that says so.
enum CommandError: Error, CustomStringConvertible {
    /// Bad command line: exit 64 (EX_USAGE).
    case usage(UsageError)
    /// Unreadable, unwritable or malformed input or output: exit 1.
    case failure(String)

    var exitCode: Int32 {
        switch self {
        case .usage: return 64
        case .failure: return 1
        }
    }

    var description: String {
        switch self {
        case .usage(let e): return e.description
        case .failure(let message): return "hashlife: " + message
        }
    }
}
