import HashlifeEngine

/// Classifies `universe`, of any family, by looking at most `maxGeneration` generations past
/// its current one; the universe ends as it began. The two-state Hashlife universe takes its
/// own classifier (jumps, settled verdicts, the object library); every other family the state
/// classifier (`StateClassifier`: every state counted, the same dense look and jumps, no
/// settled verdict).
/// - Throws: `StepError` when `control` cancels or the memory limit cannot hold a generation.
public func classify(_ universe: any LifeUniverse, maxGeneration: BigUInt, control: StepControl?) throws(StepError) -> Classification {
    if let universe = universe as? Universe { return try classify(universe, maxGeneration: maxGeneration, control: control) }
    return try StateClassifier(universe: universe, limit: maxGeneration, control: control).run()
}
