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

    /// What `VisibleRow.run` throws without ../shared.
    public struct Absent: Error, CustomStringConvertible {
        public var description: String { "../shared is absent: it holds Golly's patterns and bgolly's populations" }
    }

    /// Absolute path of a corpus file.
    public static func path(_ file: String) -> String? { Fixtures.shared.map { $0 + "/corpus/golly/" + file } }
}

extension Oracle.VisibleRow {
    /// The row's file read from ../shared as `hashlife` reads it, with Golly's own rule files
    /// (../shared/corpus/golly-rules) on the search path, and the population it has after each
    /// of the row's step counts, counted from the file's own generation (a `#G` may start it
    /// far on). Compare `populations` with the row's.
    /// - Throws: when ../shared is absent, or the file does not load or step.
    public func run(memoryLimit: Int = 1 << 30) throws -> (universe: any LifeUniverse, populations: [BigUInt]) {
        guard let shared = Fixtures.shared else { throw Oracle.Absent() }
        let folders = RuleFolders(explicit: [shared + "/corpus/golly-rules"])
        let universe = try RuleFolders.$current.withValue(folders) { () throws -> any LifeUniverse in
            let loaded = try PatternCodec.readAny(path: shared + "/corpus/golly/" + file, label: file, limit: memoryLimit)
            return try loaded.universe(memoryLimit: memoryLimit)
        }
        let start = universe.generation
        var reached: [BigUInt] = []
        for (steps, _) in populations {
            try universe.step(by: start + BigUInt(steps) - universe.generation)
            reached.append(universe.population)
        }
        return (universe, reached)
    }
}
