import HashlifeEngine

/// Classifies `universe`, of any family, by looking at most `maxGeneration` generations past
/// its current one; the universe ends as it began. Two-state universes take the Hashlife
/// classifier (jumps, settled verdicts); multi-state ones the multi-state classifier (every
/// state counted, the same dense look and jumps, no settled verdict).
/// - Throws: `StepError` when `control` cancels or the memory limit cannot hold a generation.
public func classify(_ universe: any LifeUniverse, maxGeneration: BigUInt, control: StepControl?) throws(StepError) -> Classification {
    if let universe = universe as? Universe { return try classify(universe, maxGeneration: maxGeneration, control: control) }
    guard let multi = universe as? MultiStateUniverse else { preconditionFailure("a universe of no known family") }
    return try classify(multi, maxGeneration: maxGeneration, control: control)
}
