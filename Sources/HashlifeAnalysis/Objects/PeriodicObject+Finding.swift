import HashlifeEngine

extension PeriodicObject {
    /// What `universe` becomes (the classifier's verdict, looking at most `maxGeneration`
    /// generations ahead) and, when that is a still life, oscillator or spaceship, the object
    /// from the verdict's generation on (nil when it holds more cells than `capture` keeps).
    /// An empty universe is the empty object (apgcode `xs0_0`). The universe, of any family
    /// (the two-state one's live cells, every other's `isLive` cells), ends as it began.
    /// - Throws: `StepError` when `control` cancels a step or the memory limit cannot hold one.
    public static func find(in universe: any LifeUniverse, maxGeneration: BigUInt, control: StepControl? = nil) throws(StepError)
        -> (classification: Classification, object: PeriodicObject?)
    {
        let classification = try classify(universe, maxGeneration: maxGeneration, control: control)
        if case .extinct = classification.verdict { return (classification, PeriodicObject(phases: [[]])) }
        guard let (period, dx, dy) = classification.verdict.motion else { return (classification, nil) }
        let start = universe.keep()
        defer { universe.restore(start) }
        try universe.step(by: classification.verdict.generation - universe.generation, control: control, progress: nil)
        return (classification, try capture(universe, period: period, dx: dx, dy: dy, control: control))
    }
}

extension Verdict {
    /// The period and the displacement per period of a still life, oscillator or spaceship;
    /// nil for every other verdict.
    var motion: (period: Int, dx: Int, dy: Int)? {
        switch self {
        case .still: (1, 0, 0)
        case .oscillator(_, let p): (p, 0, 0)
        case .spaceship(_, let p, let x, let y, _): (p, x, y)
        case .extinct, .settled, .growing, .undetermined: nil
        }
    }
}
