#if canImport(Glibc)
@preconcurrency import Glibc
#endif

// The write side of FileIO: where an output path really leads, and writing there so that a
// crash (or Ctrl-C) at any moment leaves either the old file or the new one.
//
// - A regular file, or a name that does not exist yet, is replaced atomically: the bytes go to
//   a temporary file beside it, which is synced, renamed over it, and the folder synced so the
//   rename itself is durable. The old file's permissions are kept. An existing file this
//   process may not write (`access(2)` with W_OK fails: a read-only file, for a user other than
//   root) is refused with "Permission denied", as `cp` and a shell's `>` refuse it, although
//   the rename alone would go around its permissions.
// - A symbolic link is followed to its target (up to 40 links, as the kernel does), and the
//   target is replaced there; the link stays a link. A dangling link creates its target.
// - FIFOs and character devices (`/dev/null`, a terminal) are written directly, never
//   replaced; `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N` write to that
//   descriptor of this process (so `--out /dev/stdout` keeps a shell's `>>` appending).
// - Directories, sockets and block devices are refused with an error naming what they are.

extension FileError {
    /// The failure of a system call on `path`: `errno`'s message and number.
    static func system(_ path: String, _ code: Int32 = errno) -> FileError {
        FileError(path: path, reason: String(cString: strerror(code)), errorNumber: code)
    }
}

/// Where an output path leads (see the notes at the top of this file).
enum OutputTarget: Equatable {
    /// Replace the regular file at `path` (the link's target when a link was followed), or
    /// create it; `mode` is the permissions of the file replaced.
    case replace(path: String, mode: mode_t?)
    /// Write to an existing FIFO or character device, opened by name.
    case direct(path: String)
    /// Write to a descriptor this process already has (standard output for "-").
    case descriptor(Int32)

    /// Resolves `path` for writing.
    /// - Throws: `FileError` for directories, sockets, block devices, link loops and paths
    ///   that cannot be examined.
    static func resolve(_ path: String) throws(FileError) -> OutputTarget {
        if path == "-" { return .descriptor(STDOUT_FILENO) }
        var current = path
        for _ in 0...40 {
            if let fd = descriptor(named: current) { return .descriptor(fd) }
            var info = stat()
            if lstat(current, &info) != 0 {
                if errno == ENOENT { return .replace(path: current, mode: nil) }
                throw .system(path)
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                current = try linkTarget(current, original: path)
            case S_IFREG:
                return .replace(path: current, mode: info.st_mode & 0o7777)
            case S_IFIFO, S_IFCHR:
                return .direct(path: current)
            case S_IFDIR:
                throw FileError(path: path, reason: "is a directory", errorNumber: EISDIR)
            case S_IFSOCK:
                throw FileError(path: path, reason: "is a socket; refusing to write to it")
            case S_IFBLK:
                throw FileError(path: path, reason: "is a block device; refusing to write to it")
            default:
                throw FileError(path: path, reason: "is not a regular file; refusing to write to it")
            }
        }
        throw FileError(path: path, reason: String(cString: strerror(ELOOP)), errorNumber: ELOOP)
    }

    /// The descriptor a name stands for: /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N.
    static func descriptor(named path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        case "/dev/stdin": return STDIN_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                if let n = Int32(path.dropFirst(prefix.count)), n >= 0 { return n }
            }
            return nil
        }
    }

    /// Where the link at `link` points, relative targets taken from the link's folder.
    private static func linkTarget(_ link: String, original: String) throws(FileError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(link, &buffer, buffer.count - 1)
        if n < 0 { throw .system(original) }
        let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        guard let slash = link.lastIndex(of: "/") else { return target }
        return String(link[...slash]) + target
    }
}

/// A file written in pieces and published atomically: for a regular file (or a new one) the
/// bytes go to a temporary file beside the target — the link's target when `path` is a
/// symbolic link — which `commit` syncs and renames over it, then syncs the folder; `abandon`
/// (or a failed write, or deinit without `commit`) removes it and leaves the old file as it
/// was. FIFOs and character devices are written directly; "-" and `/dev/stdout` go to
/// standard output. Creating the writer is the check that the output can be written at all,
/// so commands create it before long computations.
public final class AtomicFileWriter {
    /// The path as given (messages name it).
    public let path: String
    private let target: OutputTarget
    /// The temporary file, for `.replace`.
    private let temporary: String?
    private var fd: Int32
    private var finished = false

    /// Resolves `path` and opens it, or a temporary file beside its target.
    /// - Throws: `FileError` (with `errorNumber`) when the folder is missing or not writable,
    ///   the target is an existing file this process may not write (`access(2)`, W_OK), or
    ///   `path` is a directory, socket or block device.
    public init(path: String) throws(FileError) {
        self.path = path
        target = try OutputTarget.resolve(path)
        switch target {
        case .descriptor(let descriptor):
            temporary = nil
            fd = descriptor
        case .direct(let device):
            temporary = nil
            fd = retryingOnInterrupt { open(device, O_WRONLY | O_CLOEXEC | O_NOCTTY) }
            if fd < 0 { throw .system(path) }
        case .replace(let file, let mode):
            // Replacing needs only the folder's permission; writing the file needs the file's.
            if mode != nil && access(file, W_OK) != 0 { throw .system(path) }
            let temporaryPath = file + ".tmp-\(getpid())"
            temporary = temporaryPath
            fd = retryingOnInterrupt { open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
            if fd < 0 { throw .system(path) }
            if let mode { _ = fchmod(fd, mode) }
        }
    }

    deinit { if !finished { abandon() } }

    /// True when the bytes go to this process's standard output ("-", `/dev/stdout`, `/dev/fd/1`).
    public var writesToStandardOutput: Bool { target == .descriptor(STDOUT_FILENO) }

    /// Appends `bytes`. A failure abandons the file (the target is untouched) and throws.
    public func write(_ bytes: [UInt8]) throws(FileError) {
        guard !finished else { throw FileError(path: path, reason: "already closed") }
        if let code = bytes.withUnsafeBytes({ writeAll(fd, $0) }) {
            let error = FileError.system(path, code)
            abandon()
            throw error
        }
    }

    public func write(_ text: String) throws(FileError) { try write(Array(text.utf8)) }

    /// Publishes what was written: syncs the temporary file, renames it over the target and
    /// syncs the folder (for a FIFO or device: closes it).
    public func commit() throws(FileError) {
        guard !finished else { return }
        finished = true
        switch target {
        case .descriptor:
            return
        case .direct:
            if close(fd) != 0 && errno != EINTR { throw .system(path) }
        case .replace(let file, _):
            let temporary = temporary!
            if retryingOnInterrupt({ fsync(fd) }) != 0 {
                let error = FileError.system(path)
                close(fd)
                unlink(temporary)
                throw error
            }
            if close(fd) != 0 && errno != EINTR {
                let error = FileError.system(path)
                unlink(temporary)
                throw error
            }
            if rename(temporary, file) != 0 {
                let error = FileError.system(path)
                unlink(temporary)
                throw error
            }
            AtomicFileWriter.syncFolder(of: file)
        }
    }

    /// Drops what was written: the target is untouched (a FIFO or device has had it already).
    public func abandon() {
        guard !finished else { return }
        finished = true
        switch target {
        case .descriptor: return
        case .direct: close(fd)
        case .replace:
            close(fd)
            unlink(temporary!)
        }
    }

    /// Makes a rename in the folder of `file` durable (best effort: some file systems refuse
    /// to sync a folder, and the data itself is already synced).
    static func syncFolder(of file: String) {
        let folder: String
        if let slash = file.lastIndex(of: "/") {
            folder = slash == file.startIndex ? "/" : String(file[..<slash])
        } else {
            folder = "."
        }
        let dirFD = retryingOnInterrupt { open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if dirFD >= 0 {
            _ = retryingOnInterrupt { fsync(dirFD) }
            close(dirFD)
        }
    }
}

extension FileIO {
    /// Writes `bytes` to `path` so that a crash at any moment leaves either the old file or the
    /// new one (through `AtomicFileWriter`: links followed, FIFOs and character devices written
    /// directly, sockets, block devices and directories refused). "-" writes to standard output.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileError) {
        let writer = try AtomicFileWriter(path: path)
        try writer.write(bytes)
        try writer.commit()
    }
}
