import HashlifeFormats

/// A command's output file, opened before the work so that an unwritable `--out` is reported
/// at once rather than after a long computation: "-" is the command's standard output, any
/// other path an `AtomicFileWriter` (a temporary file beside the target, published by
/// `commit`; dropped, leaving the old file as it was, by `abandon` or when the command fails or
/// is interrupted).
final class OutputFile {
    let path: String
    private let writer: AtomicFileWriter?

    /// Opens `path` for writing.
    /// - Throws: `.failure` naming the path and the reason (a missing or read-only folder, a
    ///   directory, a socket …).
    init(_ path: String) throws(CommandError) {
        self.path = path
        if path == "-" {
            writer = nil
        } else {
            do { writer = try AtomicFileWriter(path: path) } catch { throw .failure("cannot write \(error.description)") }
        }
    }

    /// True for "-" and for names of standard output such as /dev/stdout.
    var isStandardOutput: Bool { writer?.writesToStandardOutput ?? true }

    func write(_ bytes: [UInt8], context: CommandContext) throws(CommandError) {
        guard let writer else {
            context.standardOutputBytes(bytes)
            return
        }
        do { try writer.write(bytes) } catch { throw .failure(error.description) }
    }

    func commit() throws(CommandError) {
        do { try writer?.commit() } catch { throw .failure(error.description) }
    }

    func abandon() { writer?.abandon() }
}
