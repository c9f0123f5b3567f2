/// A malformed pattern file: where (1-based line and column, columns counted in Unicode
/// scalars) and what was expected or went wrong.
public struct PatternError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Set by callers that know the file name; readers leave it nil.
    public var file: String?
    /// 1-based line number.
    public var line: Int
    /// 1-based column number.
    public var column: Int
    /// What was expected or what went wrong, on one line.
    public var message: String

    public init(file: String? = nil, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COLUMN: MESSAGE`, or `LINE:COLUMN: MESSAGE` when the file is unknown.
    public var description: String {
        let position = "\(line):\(column): \(message)"
        if let file { return "\(file):\(position)" }
        return position
    }
}
