// Memory limits as people type and read them, and the engine's statistics as JSON: shared by
// the CLI (`--max-memory`, `run --json`, `info --json`) and the REPL (`memory`, `stats`).

import HashlifeEngine

/// A memory size given in megabytes on a command line or in the REPL is not acceptable.
public struct MegabytesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text as given.
    public var text: String
    public init(text: String) { self.text = text }
    /// "'abc'; expected a whole number of megabytes (2^20 bytes) from 1 to 1048576": what
    /// follows "invalid value for '--max-memory': " or "invalid MB: ".
    public var description: String {
        "'\(text)'; expected a whole number of megabytes (2^20 bytes) from 1 to \(Megabytes.range.upperBound)"
    }
}

/// Memory sizes in megabytes of 2^20 bytes (as Golly's `-M`), the unit of `--max-memory` and
/// the REPL's `memory` command.
public enum Megabytes {
    /// Bytes in one megabyte: 2^20.
    public static let bytes = 1 << 20
    /// Accepted limits: 1 MB (the engine's minimum) to 1048576 MB (1 TiB).
    public static let range: ClosedRange<Int> = 1...(1 << 20)

    /// The limit in bytes for `text`: ASCII decimal digits only (leading zeros allowed; no sign,
    /// fraction, unit or blank) naming a number in `range`.
    /// - Throws: `MegabytesError` for anything else.
    public static func parse(_ text: String) throws(MegabytesError) -> Int {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw MegabytesError(text: text)
        }
        // Too many digits for Int means far above the range.
        guard let value = Int(text), range.contains(value) else { throw MegabytesError(text: text) }
        return value * bytes
    }

    /// `bytes` for people, in MB (2^20 bytes): a whole number when exact ("2048 MB"), else
    /// rounded to one decimal ("1.5 MB", "12052.5 MB"); below 1 MB in KB of 2^10 bytes, rounded
    /// ("391 KB").
    public static func format(_ bytes: Int) -> String {
        if bytes % Megabytes.bytes == 0 { return "\(bytes / Megabytes.bytes) MB" }
        if bytes < Megabytes.bytes { return "\((bytes + 512) / 1024) KB" }
        let tenths = (bytes * 10 + Megabytes.bytes / 2) / Megabytes.bytes
        return "\(tenths / 10).\(tenths % 10) MB"
    }

    /// How the default limit (`MemoryLimit.defaultBytes`) is chosen, with its value on this
    /// machine, for help texts: "half of physical memory, at most 4096 (here: 2048)".
    public static var defaultDescription: String {
        let here = format(MemoryLimit.defaultBytes).dropLast(3)
        if MemoryLimit.physicalBytes == nil { return "\(here) (the physical memory is unknown)" }
        return "half of physical memory, at most 4096 (here: \(here))"
    }
}

extension EngineStatistics {
    /// The memory and work counters as JSON fields, in this order: `nodes`, `bytes`,
    /// `limit_bytes`, `memo_hits`, `memo_misses`, `evictions`, `collections`,
    /// `collection_seconds` (numbers; sizes in bytes), then `over_limit` and `needed_bytes` only
    /// when the store holds more than its limit.
    public var jsonFields: [(String, JSONValue)] {
        [
            ("nodes", .int(nodes)),
            ("bytes", .int(bytes)),
            ("cache_bytes", .int(cacheBytes)),
            ("limit_bytes", .int(limitBytes)),
            ("memo_hits", .uint(memoHits)),
            ("memo_misses", .uint(memoMisses)),
            ("evictions", .uint(evictions)),
            ("collections", .int(collections)),
            ("collection_seconds", .double(collectionTime / .seconds(1))),
        ] + overLimitFields
    }

    /// Present only when the store holds more than its limit (`isOverLimit`): `over_limit`
    /// true, and `needed_bytes` when known.
    var overLimitFields: [(String, JSONValue)] {
        guard isOverLimit else { return [] }
        return [("over_limit", .bool(true))] + (neededBytes.map { [("needed_bytes", .int($0))] } ?? [])
    }

    /// `jsonFields` as one object (the `"memory"` of `run --json` and `info --json`).
    public var json: JSONValue { .fields(jsonFields) }

    /// One line for people: "1.5 MB in use of a 2048 MB limit, 20131 nodes, 0 evictions in 1
    /// collection (0.004 s)".
    public var memorySummary: String {
        return "\(Megabytes.format(bytes)) in use of a \(Megabytes.format(limitBytes)) limit, \(Plural.count(nodes, "node")), "
            + "\(Plural.count(evictions, "eviction")) in \(Plural.count(collections, "collection")) (\(collectionSecondsText) s)"
            + overLimitNote
    }

    /// Why `bytes` is above the limit, when it is: the pattern and kept states do not fit
    /// (`neededBytes`), or memory touched earlier (under a higher limit, or by a file bigger
    /// than the limit) is kept for reuse rather than returned to the system.
    var overLimitNote: String {
        if let neededBytes {
            return "; over the limit: the pattern and the states kept need about \(Megabytes.format(neededBytes)) (the next step that needs room fails)"
        }
        guard isOverLimit else { return "" }
        return "; above the limit: memory touched earlier (under a higher limit or by a bigger file) is kept for reuse, not returned to the system"
    }

    /// The time spent in collections in seconds, to the millisecond: "0.051".
    public var collectionSecondsText: String {
        let millis = Int((collectionTime / .milliseconds(1)).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
