/// A mistake in the command line, reported to the user as one line on standard error.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The command as typed, e.g. "hashlife run".
    public var command: String
    /// One line without a trailing period, e.g. "missing value for option '--gen'".
    public var message: String

    public init(command: String, message: String) {
        self.command = command
        self.message = message
    }

    /// "hashlife run: missing value for option '--gen' (see 'hashlife run --help')"
    public var description: String {
        "\(command): \(message) (see '\(command) --help')"
    }
}
