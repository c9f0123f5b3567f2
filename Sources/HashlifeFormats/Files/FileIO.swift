#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Why a file could not be read or written: the path and the system's reason.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    /// The system's error number (`errno`) when a system call failed, else nil.
    public var errorNumber: Int32?
    public init(path: String, reason: String, errorNumber: Int32? = nil) {
        self.path = path
        self.reason = reason
        self.errorNumber = errorNumber
    }
    public var description: String { "\(path): \(reason)" }
}

/// Whole-file reads and crash-safe writes, through POSIX calls (EINTR retried by
/// `retryingOnInterrupt`, the package's one helper for it).
public enum FileIO {
    /// The bytes of the file at `path`, or of standard input when `path` is "-". Reads all of
    /// it, however long: for pattern files use `PatternCodec.read(path:label:limit:)`, which
    /// decides the format from the first bytes and stops at a limit.
    public static func read(_ path: String) throws(FileError) -> [UInt8] {
        let fd = try openForReading(path)
        defer { closeReading(fd) }
        var bytes: [UInt8] = []
        while true {
            let chunk = try readChunk(fd, path: path)
            if chunk.isEmpty { break }
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }

    /// A descriptor open for reading `path` (standard input for "-"); not a directory.
    /// Close it with `closeReading`.
    static func openForReading(_ path: String) throws(FileError) -> Int32 {
        let fd: Int32
        if path == "-" {
            fd = STDIN_FILENO
        } else {
            fd = retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC) }
            if fd < 0 { throw FileError(path: path, reason: lastError()) }
        }
        var info = stat()
        if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            closeReading(fd)
            throw FileError(path: path, reason: "is a directory")
        }
        return fd
    }

    static func closeReading(_ fd: Int32) {
        if fd != STDIN_FILENO { close(fd) }
    }

    /// The next bytes from `fd` (at most `maximum`, as one read(2) returns them); empty at the end.
    static func readChunk(_ fd: Int32, path: String, maximum: Int = 1 << 16) throws(FileError) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: maximum)
        let n = chunk.withUnsafeMutableBytes { buffer in retryingOnInterrupt { Glibc.read(fd, buffer.baseAddress, buffer.count) } }
        if n < 0 { throw FileError(path: path, reason: lastError()) }
        chunk.removeLast(maximum - n)
        return chunk
    }

    /// The bytes of the file at `path`, at most `limit` of them.
    /// - Throws: `FileError` when it cannot be read, or holds more than `limit` bytes.
    static func read(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
        let fd = try openForReading(path)
        defer { closeReading(fd) }
        var bytes: [UInt8] = []
        while true {
            let chunk = try readChunk(fd, path: path)
            if chunk.isEmpty { return bytes }
            bytes.append(contentsOf: chunk)
            if bytes.count > limit {
                throw FileError(path: path, reason: "larger than the \(MemorySize.text(limit)) the memory limit allows for it")
            }
        }
    }

    /// The first `count` bytes of the file at `path` (fewer when it is shorter).
    static func readPrefix(_ path: String, count: Int) throws(FileError) -> [UInt8] {
        let fd = try openForReading(path)
        defer { closeReading(fd) }
        return try readChunk(fd, path: path, maximum: count)
    }

    /// Is there a regular file (or a link to one) at `path`?
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
