import HashlifeEngine

/// Writes Golly's Macrocell format from a tree document (see `MacrocellReader` for the format).
public enum MacrocellWriter {
    /// `[M2] (hashlife VERSION)`, `#R`, `#G` when not 0, `#N`/`#O`/`#C` lines, then the leaf and
    /// node lines. The document must carry a tree (`PatternDocument(treeOf:)`).
    /// - Complexity: O(nodes); cells are never expanded.
    public static func write(_ document: PatternDocument) -> String {
        precondition(document.tree != nil, "MacrocellWriter needs a tree document")
        var out = "[M2] (hashlife \(HashlifeVersion.string))\n"
        out += "#R \(document.rule.map { $0.filter { !$0.isWhitespace } } ?? "B3/S23")\n"
        if !document.generation.isZero { out += "#G \(document.generation)\n" }
        if let name = document.name { out += "#N \(MetadataText.trim(MetadataText.oneLine(name)))\n" }
        if let author = document.author { out += "#O \(MetadataText.trim(MetadataText.oneLine(author)))\n" }
        for comment in document.comments { out += "#C \(MetadataText.oneLine(comment))\n" }
        for definition in document.tree! {
            switch definition {
            case let .leaf(bits):
                var rows = bits
                var row = 0
                while rows != 0 {
                    var cells = (bits >> UInt64(8 * row)) & 0xFF
                    while cells != 0 {
                        out += cells & 1 == 1 ? "*" : "."
                        cells >>= 1
                    }
                    out += "$"
                    row += 1
                    rows = row < 8 ? bits >> UInt64(8 * row) : 0
                }
                out += "\n"
            case let .node(level, nw, ne, sw, se):
                out += "\(level) \(nw) \(ne) \(sw) \(se)\n"
            }
        }
        return out
    }
}

/// The version written into files and printed by `hashlife --version`.
public enum HashlifeVersion {
    public static let string = "0.1.0"
}
