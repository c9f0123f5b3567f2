// `stats` and `memory`: the engine's counters and its memory limit.

import HashlifeEngine
import HashlifeEditing
import HashlifeInterface

extension CommandInterpreter {
    /// Every engine counter. JSON: `EngineStatistics.jsonFields`, then `pinned_roots` and
    /// `root_level`.
    func stats(_ a: [String]) throws(CommandError) -> Answer {
        guard a.isEmpty else { throw .usage(command("stats")) }
        let s = session.universe.statistics
        let line = "nodes \(s.nodes), bytes \(s.bytes) of limit \(s.limitBytes), memo hits \(s.memoHits), "
            + "memo misses \(s.memoMisses), evictions \(s.evictions), collections \(s.collections) (\(s.collectionSecondsText) s), "
            + "pinned roots \(s.pinnedRoots), root level \(s.rootLevel)"
        let fields = s.jsonFields + [("pinned_roots", .int(s.pinnedRoots)), ("root_level", .int(s.rootLevel))]
        return Answer(line, fields.map { JSONValue.Field($0.0, $0.1) })
    }

    /// `memory` shows the memory in use and the limit; `memory MB` sets the limit (for the
    /// current universe and later loads); `memory collect` runs a collection now and says how
    /// many nodes it freed. Each answers with `EngineStatistics.jsonFields` as they are after
    /// it (plus `freed_nodes` for `collect`); in text, one line.
    func memory(_ a: [String]) throws(CommandError) -> Answer {
        guard a.count <= 1 else { throw .usage(command("memory")) }
        var prefix = "memory "
        var extra: [JSONValue.Field] = []
        if let word = a.first {
            if word.lowercased() == "collect" {
                let freed = session.collect()
                prefix = "collected \(Plural.count(freed, "node")); memory "
                extra = [.init("freed_nodes", .int(freed))]
            } else {
                let bytes: Int
                do { bytes = try Megabytes.parse(word) } catch { throw .argument("invalid MB: \(Excerpt.shortening(word, in: error.description, plainLimit: Excerpt.defaultLimit))") }
                session.setMemoryLimit(bytes)
            }
        }
        let s = session.universe.statistics
        return Answer(prefix + s.memorySummary, extra + s.jsonFields.map { JSONValue.Field($0.0, $0.1) })
    }
}
