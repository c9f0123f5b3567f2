import HashlifeEngine

/// What any universe of the session shows, whatever its kind (two-state `Universe` or
/// `MultiStateUniverse`): the generation, the cells not in state 0, where they are, the rule
/// and each cell's state. `Session.plane` gives the current one.
public protocol PlaneReading: LifeUniverse {}

/// What the session lets its callers do with its two-state universe: read it. Every change goes
/// through `Session`'s methods, so each one is a history entry (see Session+History.swift);
/// callers hold this view, not the `Universe` itself.
public protocol UniverseReading: PlaneReading {
    var rule: Rule { get }
    func cell(x: BigInt, y: BigInt) -> Bool
    func population(in rect: CellRect) -> BigUInt
    func blockRows(of viewport: Viewport) -> ViewportRows
    func forEachLiveCellOffset(in rect: CellRect, _ body: (_ dx: Int, _ dy: Int) -> Void)
}

extension Universe: UniverseReading {}

/// The session's multi-state universe, to read (`Session.multiState`).
public protocol MultiStateReading: PlaneReading {
    var rule: MultiStateRule { get }
    func blockStates(of viewport: Viewport) -> [UInt8]
    func forEachCell(in rect: CellRect?, _ body: (_ x: BigInt, _ y: BigInt, _ state: UInt8) -> Void)
    func cells(in rect: CellRect?) -> [(x: Int, y: Int, state: UInt8)]
    func population(in rect: CellRect) -> BigUInt
}

extension MultiStateUniverse: MultiStateReading {}
