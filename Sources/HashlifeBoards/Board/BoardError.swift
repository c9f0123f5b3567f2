import HashlifeEngine
import HashlifeInterface

/// Why a board operation failed. Every case reads as one line naming what and why.
public enum BoardError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The store cannot be opened or created at `path`.
    case unavailable(path: String, reason: String)
    /// The file at `path` is not a board store (another database, or not a database at all);
    /// it is left untouched.
    case notABoardStore(path: String, reason: String)
    /// The store was written by a newer hashlife (schema `version`); it is left untouched.
    case newerSchema(path: String, version: Int, supported: Int)
    /// A read or write of the store failed (disk full, read-only, …); nothing was changed.
    case storeFailed(path: String, reason: String)
    /// No board's identifier starts with this text.
    case notFound(String)
    /// Several boards' identifiers start with this text.
    case ambiguous(String, [BoardID])
    /// A name that is empty, too long or holds control characters.
    case invalidName(String)
    /// The pattern given cannot be made into a board (parse error, unknown rule, …).
    case invalidPattern(String)
    /// A setting (an environment variable) with a value we do not know.
    case invalidSetting(String)
    /// The board's stored state cannot be read back (a damaged row).
    case damaged(BoardID, String)
    /// The engine ran out of its memory limit; the board is as it was.
    case memory(String)
    /// Stopped by the caller (Ctrl-C) at `generation`; the board is as it was.
    case cancelled(generation: BigUInt)
    /// A generation before the board's own.
    case generationBefore(target: BigUInt, current: BigUInt)
    /// A session write named states the store no longer holds (another process replaced the
    /// board's saved session meanwhile); nothing was written.
    case sessionStale(BoardID)

    public var description: String {
        switch self {
        case .unavailable(let path, let reason): return "cannot open the board store \(BoardError.quoted(path)): \(reason)"
        case .notABoardStore(let path, let reason): return "\(BoardError.quoted(path)) is not a hashlife board store (\(reason)); it was left untouched"
        case .newerSchema(let path, let version, let supported):
            return "the board store \(BoardError.quoted(path)) has schema version \(version), newer than this hashlife understands (\(supported)); it was left untouched (upgrade hashlife)"
        case .storeFailed(let path, let reason): return "board store \(BoardError.quoted(path)): \(reason); nothing was changed"
        case .notFound(let prefix): return "no board with id \(Excerpt.quote(prefix)) (see 'hashlife board list')"
        case .ambiguous(let prefix, let ids):
            let shown = ids.prefix(4).map(\.short).joined(separator: ", ")
            return "board id \(Excerpt.quote(prefix)) is ambiguous: \(ids.count) boards match (\(shown)\(ids.count > 4 ? ", …" : "")); give more digits"
        case .invalidName(let reason): return "invalid board name: \(reason)"
        case .invalidPattern(let reason), .invalidSetting(let reason): return reason
        case .damaged(let id, let reason): return "board \(id) is damaged: \(reason)"
        case .memory(let reason): return "\(reason); the board was left as it was (raise --max-memory)"
        case .cancelled(let generation): return "interrupted at generation \(generation); the board was left as it was"
        case .generationBefore(let target, let current):
            return "the board is at generation \(current); cannot go back to generation \(target)"
        case .sessionStale(let id): return "the saved history of board \(id.short) was replaced by another process; nothing was changed"
        }
    }

    /// A store's path for a message: quoted and escaped (`Excerpt.quote`), and whole, however
    /// long, so the message names the file.
    static func quoted(_ path: String) -> String { Excerpt.quote(path, limit: Int.max) }
}
