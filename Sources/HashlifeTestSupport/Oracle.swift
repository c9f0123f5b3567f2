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

    /// Absolute path of a corpus file.
    public static func path(_ file: String) -> String? { Fixtures.shared.map { $0 + "/corpus/golly/" + file } }
}
