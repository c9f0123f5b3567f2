// Merging censuses of disjoint soups (the shards of one run, or runs of different roots):
// counts add up, samples are the first `sampleLimit` in soup order of all the inputs' samples,
// so a merge of shards equals one run over their soups, samples included, as long as each shard
// kept at least `sampleLimit` samples per code. Overlapping soups would be counted twice: such
// a merge is refused.

/// Why censuses cannot be merged.
public struct CensusMergeError: Error, CustomStringConvertible, Equatable {
    public var description: String
}

extension CensusResult {
    /// Merges `inputs` (each named by a label, such as its file, for errors).
    /// - Parameter sampleLimit: Samples kept per code; by default the smallest of the inputs'.
    /// - Throws: when there are no inputs, when rules or symmetries differ, or when two inputs
    ///   cover a soup in common (the error names both inputs and their ranges).
    public static func merge(_ inputs: [(label: String, result: CensusResult)], sampleLimit: Int? = nil) throws(CensusMergeError) -> CensusResult {
        guard let head = inputs.first else { throw CensusMergeError(description: "nothing to merge") }
        for input in inputs.dropFirst() {
            if input.result.rule != head.result.rule {
                throw CensusMergeError(description: "\(input.label) is a census of rule \(input.result.rule), \(head.label) of rule \(head.result.rule); only censuses of one rule merge")
            }
            if input.result.symmetry != head.result.symmetry {
                throw CensusMergeError(description: "\(input.label) is a census of symmetry \(input.result.symmetry), \(head.label) of symmetry \(head.result.symmetry); only censuses of one symmetry merge")
            }
        }
        // Overlaps: every range with its input, in soup order; a range overlaps an earlier one
        // of the same root exactly when it starts before the furthest end seen so far.
        let labelled = inputs.flatMap { input in input.result.ranges.filter { $0.soups > 0 }.map { (label: input.label, range: $0) } }.sorted { $0.range < $1.range }
        var furthest: (label: String, range: SoupRange)? = nil
        for item in labelled {
            if let previous = furthest, previous.range.root == item.range.root, item.range.first < previous.range.end {
                throw CensusMergeError(description: "\(previous.label) (soups \(previous.range)) and \(item.label) (soups \(item.range)) overlap: their common soups would be counted twice")
            }
            if furthest == nil || furthest!.range.root != item.range.root || item.range.end > furthest!.range.end { furthest = item }
        }
        let limit = sampleLimit ?? inputs.map(\.result.sampleLimit).min()!
        var entries: [Entry] = []
        for input in inputs { entries += input.result.entries }
        return CensusResult(rule: head.result.rule, symmetry: head.result.symmetry, ranges: inputs.flatMap(\.result.ranges),
                            entries: entries, sampleLimit: limit, seconds: inputs.reduce(0) { $0 + $1.result.seconds })
    }
}
