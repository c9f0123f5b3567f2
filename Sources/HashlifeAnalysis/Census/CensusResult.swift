// The result of a soup census, apgsearch's way: how many soups, how many objects, and for each
// object (by apgcode) its count and a few sample soups. Sharded runs are merged exactly
// (`CensusResult+Merging`); the result prints as apgsearch's haul (`CensusResult+Haul`) or, in
// HashlifeInterface, as JSON.
//
// Samples: for each apgcode, the first `sampleLimit` soups, in soup order, that contain it (each
// soup once). apgsearch keeps at most 10 in soup order, and only while the code's running count
// is at most 1000; the two rules differ only for a code counted 1000 times in fewer than 10
// soups. Taking the first soups (no running-count cut) makes a merge of shards equal one run.

import HashlifeEngine

/// One soup of a census: a root and a decimal index; its id is `root + String(index)`.
public struct SoupReference: Hashable, Sendable, Comparable {
    public var root: String
    public var index: UInt64

    public init(root: String, index: UInt64) {
        self.root = root
        self.index = index
    }

    /// The soup id, e.g. `k_visible00010`.
    public var id: String { root + String(index) }

    /// Soup order: by root (byte order), then by index.
    public static func < (a: SoupReference, b: SoupReference) -> Bool {
        if a.root != b.root { return a.root.utf8.lexicographicallyPrecedes(b.root.utf8) }
        return a.index < b.index
    }
}

/// A contiguous run of soups of one root: indices `first ..< first + soups`.
public struct SoupRange: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var root: String
    public var first: UInt64
    public var soups: UInt64

    public init(root: String, first: UInt64, soups: UInt64) {
        self.root = root
        self.first = first
        self.soups = soups
    }

    /// One past the last index.
    public var end: UInt64 { first + soups }

    public func contains(_ soup: SoupReference) -> Bool { soup.root == root && soup.index >= first && soup.index < end }

    public static func < (a: SoupRange, b: SoupRange) -> Bool {
        SoupReference(root: a.root, index: a.first) < SoupReference(root: b.root, index: b.first)
            || (a.root == b.root && a.first == b.first && a.soups < b.soups)
    }

    /// "k_visible0001 0…9999 (10000 soups)".
    public var description: String {
        soups == 0 ? "\(root) (no soups, from \(first))" : "\(root) \(first)…\(end - 1) (\(Plural.count(soups, "soup")))"
    }
}

/// The census of some soups.
public struct CensusResult: Equatable, Sendable {
    /// One apgcode's line.
    public struct Entry: Equatable, Sendable {
        public var apgcode: String
        public var count: Int
        /// The first soups containing the code, in soup order.
        public var samples: [SoupReference]

        public init(apgcode: String, count: Int, samples: [SoupReference]) {
            self.apgcode = apgcode
            self.count = count
            self.samples = samples
        }
    }

    /// The rule as apgsearch names it (`b3s23`).
    public var rule: String
    /// The symmetry as apgsearch names it (`C1`).
    public var symmetry: String
    /// The soups covered, in soup order, disjoint and not adjacent (adjacent ranges are joined).
    public private(set) var ranges: [SoupRange]
    /// Object counts and samples by apgcode.
    public private(set) var counts: [String: Int]
    public private(set) var samples: [String: [SoupReference]]
    /// How many samples are kept per code.
    public var sampleLimit: Int
    /// Time spent (summed over the shards of a merge).
    public var seconds: Double

    /// The default number of samples per apgcode, as apgsearch keeps.
    public static let defaultSampleLimit = 10

    public init(rule: String, symmetry: String, range: SoupRange, sampleLimit: Int = CensusResult.defaultSampleLimit, seconds: Double = 0) {
        self.init(rule: rule, symmetry: symmetry, ranges: [range], sampleLimit: sampleLimit, seconds: seconds)
    }

    public init(rule: String, symmetry: String, ranges: [SoupRange], entries: [Entry] = [], sampleLimit: Int = CensusResult.defaultSampleLimit, seconds: Double = 0) {
        self.rule = rule
        self.symmetry = symmetry
        self.ranges = CensusResult.joined(ranges)
        self.counts = [:]
        self.samples = [:]
        self.sampleLimit = max(sampleLimit, 0)
        self.seconds = seconds
        for entry in entries {
            counts[entry.apgcode, default: 0] += entry.count
            samples[entry.apgcode, default: []] += entry.samples
        }
        for code in samples.keys { samples[code] = Array(Set(samples[code]!).sorted().prefix(self.sampleLimit)) }
    }

    /// The root: the single root of the ranges, or the distinct roots in byte order joined by ",".
    public var root: String {
        var roots: [String] = []
        for range in ranges where roots.last != range.root { roots.append(range.root) }
        return roots.joined(separator: ",")
    }

    /// The first index of the first range (0 when empty).
    public var first: UInt64 { ranges.first?.first ?? 0 }

    /// True when the soups are one contiguous run `root + first …`: then root, first and soups
    /// say everything, and `ranges` is just that run.
    public var isContiguous: Bool { ranges.count <= 1 }

    /// The number of soups.
    public var soups: UInt64 { ranges.reduce(0) { $0 + $1.soups } }

    /// The number of objects.
    public var objects: Int { counts.values.reduce(0, +) }

    /// The codes, most frequent first, ties by apgcode in descending byte order (apgsearch's).
    public var entries: [Entry] {
        counts.map { Entry(apgcode: $0.key, count: $0.value, samples: samples[$0.key] ?? []) }.sorted(by: CensusResult.precedes)
    }

    /// apgsearch's order: count descending, then apgcode in descending byte order.
    public static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        if a.count != b.count { return a.count > b.count }
        return b.apgcode.utf8.lexicographicallyPrecedes(a.apgcode.utf8)
    }

    /// Adds one soup's census. Soups may come in any order; samples stay the first in soup order.
    public mutating func add(soup: SoupReference, census: [String: Int]) {
        for (code, count) in census where count > 0 {
            counts[code, default: 0] += count
            var list = samples[code, default: []]
            if list.count < sampleLimit || (list.last.map { soup < $0 } ?? false) {
                let position = list.firstIndex { soup < $0 } ?? list.count
                if position < sampleLimit, !list.contains(soup) {
                    list.insert(soup, at: position)
                    if list.count > sampleLimit { list.removeLast() }
                }
            }
            samples[code] = list
        }
    }

    /// Adds the counts and samples of `other` (disjoint soups), keeping the ranges as they are.
    public mutating func addCounts(of other: CensusResult) {
        for (code, count) in other.counts {
            counts[code, default: 0] += count
            let union = Set(samples[code, default: []] + (other.samples[code] ?? []))
            samples[code] = Array(union.sorted().prefix(sampleLimit))
        }
    }

    /// Sets the soups covered (the runner's contiguous prefix when interrupted).
    public mutating func setRanges(_ ranges: [SoupRange]) { self.ranges = CensusResult.joined(ranges) }

    /// Sorts `ranges`, drops empty ones (unless all are) and joins adjacent ones of one root.
    static func joined(_ ranges: [SoupRange]) -> [SoupRange] {
        let sorted = ranges.sorted()
        let nonEmpty = sorted.filter { $0.soups > 0 }
        if nonEmpty.isEmpty { return sorted.isEmpty ? [] : [sorted[0]] }
        var out: [SoupRange] = []
        for range in nonEmpty {
            if let last = out.last, last.root == range.root, last.end == range.first {
                out[out.count - 1].soups += range.soups
            } else {
                out.append(range)
            }
        }
        return out
    }
}
