import HashlifeEngine

// Separating a pattern into objects, as apgsearch's census does (lifelib's classifier, read
// for the method; written anew here):
//
// 1. Envelope: every cell alive at some generation of a window (the pattern's period, say)
//    from now. Clusters: live cells joined through the envelope, a step being a move to a
//    cell of the envelope within the zone of influence: the 5×5 square without its corners,
//    or the whole 5×5 square for rules with births on two diagonally opposite neighbours.
// 2. Each cluster is run on its own: when it is a still life, oscillator or spaceship from
//    now on (within the look-ahead), it is an object, and one that is made of several
//    objects (a pseudo still life, blinkers that touch) is split by space-time separation
//    (`ObjectSeparation+Splitting.swift`). A cluster that is not periodic stays whole and
//    has no apgcode.
//
// apgsearch removes common objects by a fast path before this and counts a few cases
// differently (a boat next to a blinker's leftovers counted as a glider); those are not
// reproduced.

/// One object (or a cluster of cells that is not periodic) of a pattern.
public struct SeparatedObject: Sendable {
    /// Its live cells at the separated generation, relative to the pattern's bounding-box
    /// corner.
    public var cells: [CellPosition]
    /// The object, when periodic.
    public var object: PeriodicObject?

    /// The top-left corner of the cells' bounding box, relative to the pattern's.
    public var corner: CellPosition {
        CellPosition(x: cells.map(\.x).min() ?? 0, y: cells.map(\.y).min() ?? 0)
    }
}

/// The objects of a pattern (see the file's comment).
public enum ObjectSeparation {
    /// The largest population separated.
    public static let maximumPopulation = 1_000_000
    /// Objects of longer periods are not split further (lifelib's bound).
    static let maximumSplitPeriod = 30_000

    /// The objects of `universe` at its current generation, ordered by their top-left corners
    /// (row, then column), with cells relative to the universe's bounding-box corner. The
    /// envelope covers generations now to now + `window`; each cluster is looked at for at
    /// most `maxGeneration` generations. Nil when the population is above
    /// `maximumPopulation` or the cells lie too far apart for Int offsets. The universe is left
    /// as it was.
    /// - Throws: `StepError` when `control` cancels a step or the memory runs out.
    public static func separate(_ universe: Universe, window: Int, maxGeneration: BigUInt, control: StepControl? = nil) throws(StepError) -> [SeparatedObject]? {
        guard let box = universe.boundingBox else { return [] }
        guard let population = universe.population.intValue, population <= maximumPopulation,
              box.width.intValue != nil, box.height.intValue != nil else { return nil }
        let start = universe.saveState()
        defer { universe.restore(start) }
        var live: [CellPosition] = []
        live.reserveCapacity(population)
        var envelope = Set<CellPosition>()
        var ok = true
        for t in 0...max(window, 0) {
            if t > 0 { try universe.step(by: .one, control: control) }
            guard let population = universe.population.intValue, population <= maximumPopulation else { return nil }
            universe.forEachLiveCell { x, y in
                guard let x = (x - box.x).intValue, let y = (y - box.y).intValue, x.magnitude < 1 << 60, y.magnitude < 1 << 60 else { ok = false; return }
                let cell = CellPosition(x: x, y: y)
                envelope.insert(cell)
                if t == 0 { live.append(cell) }
            }
            guard ok else { return nil }
        }
        universe.restore(start)

        let influence = zoneOfInfluence(universe.rule)
        var results: [SeparatedObject] = []
        for cluster in clusters(live, envelope: envelope, zone: influence) {
            results += try objects(ofCluster: cluster, rule: universe.rule, maxGeneration: maxGeneration, control: control)
        }
        return results.sorted { $0.corner < $1.corner }
    }

    /// How many objects `universe` is made of at absolute generation `generation` (at or after
    /// its current one; a periodic pattern's first periodic generation), separated as
    /// `separate` does with `window`: more than one means an apgcode of the whole pattern is of
    /// them together. 1 when the pattern cannot be separated (see `separate`). The universe is
    /// left as it was.
    /// - Throws: `StepError` when `control` cancels a step or the memory runs out.
    public static func count(_ universe: Universe, at generation: BigUInt, window: Int, maxGeneration: BigUInt,
                             control: StepControl? = nil) throws(StepError) -> Int {
        let start = universe.saveState()
        defer { universe.restore(start) }
        if generation > universe.generation { try universe.step(by: generation - universe.generation, control: control) }
        let separated = try separate(universe, window: window, maxGeneration: maxGeneration, control: control)
        return max(separated?.count ?? 1, 1)
    }

    /// The objects one cluster (its live cells, as `clusters` made it) is made of: the cluster
    /// run on its own is classified, and when it is a still life, oscillator or spaceship from
    /// now on, split into the objects it is made of; otherwise it is one `SeparatedObject`
    /// without an object. Cells stay in the cluster's frame. Depends on nothing but the cells,
    /// the rule and `maxGeneration` (so callers may remember answers by the cluster's shape).
    /// - Throws: `StepError` when `control` cancels a step or the memory runs out.
    public static func objects(ofCluster cluster: [CellPosition], rule: Rule, maxGeneration: BigUInt,
                               control: StepControl? = nil) throws(StepError) -> [SeparatedObject] {
        let single = Universe(rule: rule)
        single.load(cells: cluster.lazy.map { (x: $0.x, y: $0.y) })
        let (classification, found) = try PeriodicObject.find(in: single, maxGeneration: maxGeneration, control: control)
        // An object only when periodic from now on (the cluster's universe starts at 0).
        guard let object = found, classification.verdict.generation.isZero else {
            return [SeparatedObject(cells: cluster, object: nil)]
        }
        // Phases in the pattern's frame: the object's are relative to its first corner.
        let corner = CellPosition(x: cluster.map(\.x).min()!, y: cluster.map(\.y).min()!)
        let phases = object.phases.map { $0.map { CellPosition(x: $0.x + corner.x, y: $0.y + corner.y) } }
        return split(Piece(phases: phases, dx: object.dx, dy: object.dy), rule: rule).map {
            SeparatedObject(cells: $0.phases[0], object: $0.object)
        }
    }

    /// The offsets within which cells influence each other in one step of clustering: the
    /// 5×5 square without corners, or with them when `rule` gives birth on two diagonally
    /// opposite neighbours alone.
    static func zoneOfInfluence(_ rule: Rule) -> [CellPosition] {
        let corners = rule.nextState(neighbourhood: 1 << 0 | 1 << 8) || rule.nextState(neighbourhood: 1 << 2 | 1 << 6)
        var zone: [CellPosition] = []
        for dy in -2...2 {
            for dx in -2...2 where (dx != 0 || dy != 0) && (corners || abs(dx) + abs(dy) < 4) {
                zone.append(CellPosition(x: dx, y: dy))
            }
        }
        return zone
    }

    /// The live cells of each part of `envelope` linked by steps within `zone`, for the parts
    /// holding live cells, in order of their first live cell.
    static func clusters(_ live: [CellPosition], envelope: Set<CellPosition>, zone: [CellPosition]) -> [[CellPosition]] {
        var seen = Set<CellPosition>()
        var result: [[CellPosition]] = []
        let alive = Set(live)
        for seed in live.sorted() where !seen.contains(seed) {
            var cluster: [CellPosition] = []
            var stack = [seed]
            seen.insert(seed)
            while let cell = stack.popLast() {
                if alive.contains(cell) { cluster.append(cell) }
                for offset in zone {
                    let next = CellPosition(x: cell.x + offset.x, y: cell.y + offset.y)
                    if envelope.contains(next) && seen.insert(next).inserted { stack.append(next) }
                }
            }
            result.append(cluster.sorted())
        }
        return result
    }
}
