import HashlifeEngine
import HashlifeFormats
import Testing

/// The text formats' readers, for tests that run the same checks on each.
enum Format {
    case rle, plaintext, life105, life106

    func read(_ text: String) throws(PatternError) -> PatternDocument {
        switch self {
        case .rle: try RLEReader.read(text)
        case .plaintext: try PlaintextReader.read(text)
        case .life105: try Life105Reader.read(text)
        case .life106: try Life106Reader.read(text)
        }
    }
}

/// Reads `text` as `format`, expecting an error at `line`:`column` whose message contains `fragment`.
func expectError(
    _ format: Format, _ text: String, line: Int, column: Int, _ fragment: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        let document = try format.read(text)
        Issue.record("expected an error, read \(document.cells.count) cells", sourceLocation: sourceLocation)
    } catch {
        #expect(error.line == line, "line of \(error)", sourceLocation: sourceLocation)
        #expect(error.column == column, "column of \(error)", sourceLocation: sourceLocation)
        #expect(error.message.contains(fragment), "message of \(error)", sourceLocation: sourceLocation)
        #expect(error.file == nil, sourceLocation: sourceLocation)
        #expect(!error.message.contains("\n"), sourceLocation: sourceLocation)
    }
}

/// Absolute positions of a document's cells (origin added), as a set of decimal pairs.
func absolute(_ document: PatternDocument) -> Set<String> {
    Set(document.cells.map { "\(document.originX + BigInt($0.x)),\(document.originY + BigInt($0.y))" })
}
