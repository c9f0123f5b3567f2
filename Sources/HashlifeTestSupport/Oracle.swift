import HashlifeEngine
import HashlifeFormats

/// The populations Golly's bgolly computed for the corpus files (`../shared/oracle/*.tsv`).
public enum Oracle {
    /// One corpus file and its expected populations, by generation, in file order.
    public struct Entry: Sendable, CustomStringConvertible {
        /// Path relative to `../shared/corpus/golly`.
        public var file: String
        public var populations: [(generation: BigUInt, population: BigUInt)]
        public var description: String { file }
    }

    /// Entries of `table` (e.g. "life-folder.tsv"); empty when `../shared` is absent.
    public static func entries(_ table: String) -> [Entry] {
        guard let shared = Fixtures.shared, let bytes = try? FileIO.read(shared + "/oracle/" + table) else { return [] }
        var entries: [Entry] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            guard fields.count == 3, let generation = BigUInt(decimal: fields[1]), let population = BigUInt(decimal: fields[2]) else { continue }
            let file = String(fields[0])
            if entries.last?.file == file {
                entries[entries.count - 1].populations.append((generation, population))
            } else {
                entries.append(Entry(file: file, populations: [(generation, population)]))
            }
        }
        return entries
    }

    /// One file of golly-all-visible.tsv (bgolly's populations for the files that need Golly's
    /// other algorithms): its rule and populations by the steps taken after loading.
    public struct VisibleRow: Sendable, CustomStringConvertible {
        public var file: String
        public var rule: String
        public var populations: [(steps: Int, population: BigUInt)]
        public var description: String { file }
    }

    /// The rows of golly-all-visible.tsv run with bgolly's `algorithm` ("RuleLoader", "JvN",
    /// …); empty when `../shared` is absent.
    public static func visibleRows(algorithm: String) -> [VisibleRow] {
        guard let shared = Fixtures.shared, let bytes = try? FileIO.read(shared + "/oracle/golly-all-visible.tsv") else { return [] }
        var rows: [VisibleRow] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 5, fields[1] == algorithm, let steps = Int(fields[3]),
                  let population = BigUInt(decimal: fields[4]) else { continue }
            if rows.last?.file == String(fields[0]) {
                rows[rows.count - 1].populations.append((steps, population))
            } else {
                rows.append(VisibleRow(file: String(fields[0]), rule: String(fields[2]), populations: [(steps, population)]))
            }
        }
        return rows
    }

    /// Absolute path of a corpus file.
    public static func path(_ file: String) -> String? { Fixtures.shared.map { $0 + "/corpus/golly/" + file } }
}
