import HashlifeEngine

/// What the session lets its callers do with its universe: read it. Every change goes through
/// `Session`'s methods, so each one is a history entry (see Session+History.swift); callers
/// hold this view, not the `Universe` itself.
public protocol UniverseReading: AnyObject {
    var generation: BigUInt { get }
    var population: BigUInt { get }
    var rule: Rule { get }
    var isEmpty: Bool { get }
    var boundingBox: CellRect? { get }
    var statistics: EngineStatistics { get }
    var memoryLimit: Int { get }
    var threads: Int { get }
    var rootLevel: Int { get }
    func cell(x: BigInt, y: BigInt) -> Bool
    func population(in rect: CellRect) -> BigUInt
    func blockRows(of viewport: Viewport) -> ViewportRows
    func fit(columns: Int, rows: Int) -> Viewport?
    func forEachLiveCellOffset(in rect: CellRect, _ body: (_ dx: Int, _ dy: Int) -> Void)
}

extension Universe: UniverseReading {}
