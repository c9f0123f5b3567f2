import HashlifeEngine

/// What the commands that advance a pattern need of either engine.
protocol SteppingUniverse: AnyObject {
    var generation: BigUInt { get }
    var population: BigUInt { get }
    var boundingBox: CellRect? { get }
    var statistics: EngineStatistics { get }
    var treeNodeCount: Int { get }
    func step(by count: BigUInt, control: StepControl?, progress: ((BigUInt) -> Void)?) throws(StepError)
}

extension Universe: SteppingUniverse {}
extension MultiStateUniverse: SteppingUniverse {}

extension LoadedUniverse {
    /// The universe, to advance.
    var stepping: any SteppingUniverse {
        switch self {
        case .twoState(let universe, _): universe
        case .multiState(let universe, _): universe
        }
    }
}
