#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Why a file could not be read or written: the path and the system's reason.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    public var description: String { "\(path): \(reason)" }
}

/// Whole-file reads and crash-safe writes, through POSIX calls (EINTR retried here, once).
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
            fd = retrying { open(path, O_RDONLY | O_CLOEXEC) }
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
        let n = chunk.withUnsafeMutableBytes { buffer in retrying { Glibc.read(fd, buffer.baseAddress, buffer.count) } }
        if n < 0 { throw FileError(path: path, reason: lastError()) }
        chunk.removeLast(maximum - n)
        return chunk
    }

    /// Writes `bytes` to `path` so that a crash at any moment leaves either the old file or the
    /// new one: a temporary file in the same folder, fsynced, then renamed over `path`.
    /// "-" writes to standard output.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileError) {
        if path == "-" {
            try writeAll(bytes, to: STDOUT_FILENO, path: path)
            return
        }
        let temporary = path + ".tmp-\(getpid())"
        let fd = retrying { open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        if fd < 0 { throw FileError(path: path, reason: lastError()) }
        do throws(FileError) {
            try writeAll(bytes, to: fd, path: path)
            if fsync(fd) != 0 { throw FileError(path: path, reason: lastError()) }
            if close(fd) != 0 { throw FileError(path: path, reason: lastError()) }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        if rename(temporary, path) != 0 {
            let reason = lastError()
            unlink(temporary)
            throw FileError(path: path, reason: reason)
        }
        // Make the rename itself durable.
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let dirFD = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirFD >= 0 {
            _ = fsync(dirFD)
            close(dirFD)
        }
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                retrying { Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset) }
            }
            if n < 0 { throw FileError(path: path, reason: lastError()) }
            offset += n
        }
    }

    private static func retrying<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}

/// A file written in pieces and published atomically: the bytes go to a temporary file in the
/// same folder, which `commit` syncs and renames over the target; `abandon` (or a failed
/// write) removes it. "-" streams to standard output instead.
public final class AtomicFileWriter {
    public let path: String
    private let temporary: String
    private var fd: Int32
    private var finished = false

    public init(path: String) throws(FileError) {
        self.path = path
        if path == "-" {
            temporary = ""
            fd = STDOUT_FILENO
            return
        }
        temporary = path + ".tmp-\(getpid())"
        fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 { throw FileError(path: path, reason: String(cString: strerror(errno))) }
    }

    deinit { if !finished { abandon() } }

    public func write(_ bytes: [UInt8]) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                abandon()
                throw FileError(path: path, reason: reason)
            }
            offset += n
        }
    }

    public func write(_ text: String) throws(FileError) { try write(Array(text.utf8)) }

    /// Syncs and renames the temporary file over `path`.
    public func commit() throws(FileError) {
        guard !finished else { return }
        finished = true
        if path == "-" { return }
        if fsync(fd) != 0 || close(fd) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileError(path: path, reason: reason)
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileError(path: path, reason: reason)
        }
    }

    /// Drops what was written; the target is untouched.
    public func abandon() {
        guard !finished else { return }
        finished = true
        if path != "-" {
            close(fd)
            unlink(temporary)
        }
    }
}
