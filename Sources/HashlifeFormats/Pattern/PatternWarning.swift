/// Something odd about a pattern file that still loads: where (1-based line) and what, on one
/// line. A file cut short (an RLE without its closing `!`) loads as far as it goes, as Golly
/// loads it, and says so with a warning.
public struct PatternWarning: Equatable, Sendable, CustomStringConvertible {
    /// Set by callers that know the file name; readers leave it nil.
    public var file: String?
    /// 1-based line number.
    public var line: Int
    /// What is odd, on one line.
    public var message: String

    public init(file: String? = nil, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `warning: FILE:LINE: MESSAGE`, or `warning: line LINE: MESSAGE` when the file is unknown.
    public var description: String {
        "warning: " + (file.map { "\($0):\(line)" } ?? "line \(line)") + ": " + message
    }
}
