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

/// Absolute positions of a document's live cells (origin added; runs and blocks expanded, so
/// only for documents of a few cells), as a set of decimal pairs.
func absolute(_ document: PatternDocument) -> Set<String> {
    var groups = [(document.originX, document.originY, document.cells, document.runs)]
    for b in document.blocks { groups.append((document.originX + b.x, document.originY + b.y, b.cells, b.runs)) }
    var result: Set<String> = []
    for (x, y, cells, runs) in groups {
        for c in cells { result.insert("\(x + BigInt(c.x)),\(y + BigInt(c.y))") }
        for r in runs {
            for dx in 0..<r.length.intValue! { result.insert("\(x + BigInt(r.x) + BigInt(dx)),\(y + BigInt(r.y))") }
        }
    }
    return result
}

/// `absolute` for a list of (x, y) pairs.
func positions(_ pairs: [(BigInt, BigInt)]) -> Set<String> { Set(pairs.map { "\($0.0),\($0.1)" }) }
