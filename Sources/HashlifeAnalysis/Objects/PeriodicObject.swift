import HashlifeEngine

// A still life, oscillator or spaceship as a list of its phases over one period, in one frame:
// what apgcodes and oscillator statistics are computed from. The phases are taken from a
// universe by stepping it one generation at a time, so the cost is the period times the
// population; `maximumCells` bounds the cells kept.

/// A periodic object: its phases over one period and how it moves.
public struct PeriodicObject: Sendable {
    /// What kind of periodic object.
    public enum Kind: String, Sendable {
        case still, oscillator, spaceship
    }

    /// The live cells of each phase, in generation order, relative to the top-left corner of
    /// the first phase's bounding box (so an oscillator's phases share one frame, and a
    /// spaceship's drift by (`dx`, `dy`) over the period).
    public let phases: [[CellPosition]]
    /// The displacement after one period (0, 0 for still lifes and oscillators).
    public let dx: Int
    public let dy: Int

    /// Phases over one period (at least one), displaced by (`dx`, `dy`) after it.
    public init(phases: [[CellPosition]], dx: Int = 0, dy: Int = 0) {
        precondition(!phases.isEmpty, "an object has at least one phase")
        self.phases = phases
        self.dx = dx
        self.dy = dy
    }

    /// The largest number of cells, summed over the phases, that `capture` collects.
    public static let maximumCells = 20_000_000

    /// The offset of a phase's bounding box `box` from the first phase's, `origin`, when it and
    /// the box's sides are small enough for the phases' Int coordinates (below Int.max / 4).
    static func phaseOffset(of box: CellRect, from origin: CellRect) -> (x: Int, y: Int)? {
        guard let ox = (box.x - origin.x).intValue, let oy = (box.y - origin.y).intValue,
              let width = box.width.intValue, let height = box.height.intValue,
              ox.magnitude < UInt(Int.max / 4), oy.magnitude < UInt(Int.max / 4),
              width < Int.max / 4, height < Int.max / 4 else { return nil }
        return (ox, oy)
    }

    /// The object in `universe`, of any family, from its current generation, of period
    /// `period` and displacement (`dx`, `dy`) (as the classifier found them, every state
    /// counted): the live cells of each phase (`FamilyRule.isLive`: every cell of a two-state
    /// rule, state 1 of a Generations rule, the odd states of History and Super, the cells
    /// Catagolue's codes for those families describe), in the frame of the first phase's
    /// bounding box (of every state). Nil when its phases hold more than `maximumCells` cells
    /// in all or lie too far apart for Int coordinates. The universe ends as it began.
    /// - Throws: `StepError` when `control` cancels a step or the memory limit cannot hold one.
    public static func capture(_ universe: any LifeUniverse, period: Int, dx: Int = 0, dy: Int = 0, control: StepControl? = nil) throws(StepError) -> PeriodicObject? {
        precondition(period >= 1, "a period is at least 1")
        let start = universe.keep()
        defer { universe.restore(start) }
        guard let origin = universe.boundingBox else { return PeriodicObject(phases: [[]]) }
        let rule = universe.anyRule
        var phases: [[CellPosition]] = []
        var total = 0
        for t in 0..<period {
            if t > 0 { try universe.step(byPowerOfTwo: 0, control: control) }
            guard let box = universe.boundingBox else { return nil }
            guard let (ox, oy) = phaseOffset(of: box, from: origin) else { return nil }
            guard let population = universe.population.intValue, population <= maximumCells - total else { return nil }
            var cells: [CellPosition] = []
            universe.forEachCellOffset(in: box) { x, y, state in
                if rule.isLive(state) { cells.append(CellPosition(x: ox + x, y: oy + y)) }
            }
            total += cells.count
            phases.append(cells)
        }
        return PeriodicObject(phases: phases, dx: dx, dy: dy)
    }

    /// The period: the number of phases.
    public var period: Int { phases.count }

    public var kind: Kind {
        if dx != 0 || dy != 0 { return .spaceship }
        return period == 1 ? .still : .oscillator
    }

    /// The apgcode (python-lifelib's `Pattern.apgcode` with the default limits).
    public func apgcode(limits: ApgcodeLimits = .lifelibPattern) -> String {
        Apgcode.code(phases: phases, dx: dx, dy: dy, limits: limits)
    }

    /// The smallest and largest population over the period.
    public var populationRange: ClosedRange<Int> {
        let counts = phases.map(\.count)
        return counts.min()!...counts.max()!
    }

    /// The speed of a spaceship, as `classify` writes it ("c/4 diagonal"); nil otherwise.
    public var speed: String? {
        kind == .spaceship ? spaceshipSpeed(dx: dx, dy: dy, period: period) : nil
    }

    /// The bounding box of all the phases together in the object's frame (for a spaceship,
    /// of the path it covers in one period); nil when the object is empty.
    public var boundingBox: (x: Int, y: Int, width: Int, height: Int)? {
        var bounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)? = nil
        for phase in phases {
            for c in phase {
                if let b = bounds {
                    bounds = (min(b.minX, c.x), min(b.minY, c.y), max(b.maxX, c.x), max(b.maxY, c.y))
                } else {
                    bounds = (c.x, c.y, c.x, c.y)
                }
            }
        }
        return bounds.map { ($0.minX, $0.minY, $0.maxX - $0.minX + 1, $0.maxY - $0.minY + 1) }
    }
}
