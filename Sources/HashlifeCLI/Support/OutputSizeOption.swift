import HashlifeEngine
import HashlifeInterface
import HashlifeRendering

/// `--size COLSxROWS` (`view`, `repl`) and the picture-size checks, under the one output rule
/// of `OutputLimit` (at most 2^24 blocks, and 2^24 pixels for images).
enum OutputSizeOption {
    /// "COLSxROWS", each a positive whole number, within `OutputLimit`.
    /// - Throws: a usage error quoting (an excerpt of) the text, or stating the limit.
    static func parse(_ text: String, option: String, command: String, pixelsPerBlock: Int? = nil) throws(CommandError) -> (columns: Int, rows: Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let limit = OutputLimit.maximumBlocks
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else {
            throw .usage(UsageError(command: command, message: "invalid value for '\(option)': \(Excerpt.quote(text)); expected COLSxROWS such as 100x40, at most \(limit) (2^24) blocks in all"))
        }
        // A side of more digits than the limit has is refused by its length, as numbers are.
        guard let columns = parts[0].count <= 12 ? Int(parts[0]) : nil, let rows = parts[1].count <= 12 ? Int(parts[1]) : nil else {
            throw .usage(UsageError(command: command, message: "invalid value for '\(option)': \(Excerpt.quote(text)) is over the limit of \(limit) (2^24) blocks"))
        }
        guard columns >= 1, rows >= 1 else {
            throw .usage(UsageError(command: command, message: "invalid value for '\(option)': \(Excerpt.quote(text)); each side must be at least 1"))
        }
        do { try OutputLimit.check(columns: BigUInt(columns), rows: BigUInt(rows), pixelsPerBlock: pixelsPerBlock) } catch {
            throw .usage(UsageError(command: command, message: "invalid value for '\(option)': \(error.description)"))
        }
        return (columns, rows)
    }

    /// `OutputLimit.check` as a usage error ("zoom out or draw a smaller rectangle").
    static func check(_ viewport: Viewport, command: String, pixelsPerBlock: Int?) throws(CommandError) {
        do { try OutputLimit.check(viewport, pixelsPerBlock: pixelsPerBlock) } catch {
            throw .usage(UsageError(command: command, message: "\(error.description); zoom out (--zoom) or draw a smaller rectangle"))
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { asciiValue.map { $0 >= 48 && $0 <= 57 } ?? false }
}
