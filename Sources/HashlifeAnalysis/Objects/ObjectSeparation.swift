import HashlifeEngine

// Separating a pattern into objects, as apgsearch's census does (lifelib's classifier, read
// for the method; written anew here):
//
// 1. Envelope: every cell alive at some generation of a window (the pattern's period, say)
//    from now. Clusters: live cells joined through the envelope, a step being a move to a
//    cell of the envelope within the zone of influence: the 5×5 square without its corners,
//    or the whole 5×5 square for rules with births on two diagonally opposite neighbours.
// 2. Each cluster is run on its own, with its states: when it is a still life, oscillator or
//    spaceship from now on (within the look-ahead), it is an object, and where the family's
//    live cells evolve by its two-state rule, one that is made of several objects (a pseudo
//    still life, blinkers that touch) is split by space-time separation
//    (`ObjectSeparation+Splitting.swift`). A cluster that is not periodic stays whole and
//    has no apgcode.
//
// Any family goes through the engine's interface: the envelope and the clusters take every
// cell not in state 0, so a Generations rule's dying cells and History's trails stay with
// the live cells beside them.
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

    /// The objects of `universe`, of any family, at its current generation, ordered by their
    /// top-left corners (row, then column), with cells relative to the universe's bounding-box
    /// corner. Every cell not in state 0 joins the envelope and the clusters (a dying cell or a
    /// history trail belongs with the live cells beside it). The envelope covers generations
    /// now to now + `window`; each cluster runs on its own with its states for at most
    /// `maxGeneration` generations (`objects(ofCluster:states:rule:memoryLimit:maxGeneration:control:)`).
    /// Nil when the population is above `maximumPopulation` or the cells lie too far apart for
    /// Int offsets. The universe is left as it was.
    /// - Throws: `StepError` when `control` cancels a step or the memory runs out.
    public static func separate(_ universe: any LifeUniverse, window: Int, maxGeneration: BigUInt,
                                control: StepControl? = nil) throws(StepError) -> [SeparatedObject]? {
        guard let box = universe.boundingBox else { return [] }
        guard let population = universe.population.intValue, population <= maximumPopulation,
              box.width.intValue != nil, box.height.intValue != nil else { return nil }
        let start = universe.keep()
        defer { universe.restore(start) }
        var present: [CellPosition: UInt8] = [:]
        present.reserveCapacity(population)
        var envelope = Set<CellPosition>()
        var ok = true
        for t in 0...max(window, 0) {
            if t > 0 { try universe.step(byPowerOfTwo: 0, control: control) }
            guard let population = universe.population.intValue, population <= maximumPopulation else { return nil }
            universe.forEachCell(in: nil) { x, y, state in
                guard let x = (x - box.x).intValue, let y = (y - box.y).intValue, x.magnitude < 1 << 60, y.magnitude < 1 << 60 else { ok = false; return }
                let cell = CellPosition(x: x, y: y)
                envelope.insert(cell)
                if t == 0 { present[cell] = state }
            }
            guard ok else { return nil }
        }
        universe.restore(start)

        let rule = universe.anyRule
        let zone = zoneOfInfluence(rule.apgcodeRule ?? .life)
        var results: [SeparatedObject] = []
        for cluster in clusters(Array(present.keys), envelope: envelope, zone: zone) {
            results += try objects(ofCluster: cluster, states: cluster.map { present[$0]! }, rule: rule,
                                   memoryLimit: universe.memoryLimit, maxGeneration: maxGeneration, control: control)
        }
        return results.sorted { $0.corner < $1.corner }
    }

    /// How many objects `universe`, of any family, is made of at absolute generation
    /// `generation` (at or after its current one; a periodic pattern's first periodic
    /// generation), separated as `separate` does with `window`: more than one means an apgcode
    /// of the whole pattern is of them together. 1 when the pattern cannot be separated (see
    /// `separate`). The universe is left as it was.
    /// - Throws: `StepError` when `control` cancels a step or the memory runs out.
    public static func count(_ universe: any LifeUniverse, at generation: BigUInt, window: Int, maxGeneration: BigUInt,
                             control: StepControl? = nil) throws(StepError) -> Int {
        let start = universe.keep()
        defer { universe.restore(start) }
        if generation > universe.generation { try universe.step(by: generation - universe.generation, control: control, progress: nil) }
        let separated = try separate(universe, window: window, maxGeneration: maxGeneration, control: control)
        return max(separated?.count ?? 1, 1)
    }

    /// The objects one two-state cluster (its live cells, as `clusters` made it) is made of
    /// under `rule`, as `objects(ofCluster:states:rule:memoryLimit:maxGeneration:control:)`
    /// finds them. Depends on nothing but the cells, the rule and `maxGeneration` (so callers
    /// may remember answers by the cluster's shape).
    /// - Throws: `StepError` when `control` cancels a step or the memory runs out.
    public static func objects(ofCluster cluster: [CellPosition], rule: Rule, maxGeneration: BigUInt,
                               control: StepControl? = nil) throws(StepError) -> [SeparatedObject] {
        try objects(ofCluster: cluster, states: [UInt8](repeating: 1, count: cluster.count), rule: AnyRule(rule),
                    memoryLimit: MemoryLimit.defaultBytes, maxGeneration: maxGeneration, control: control)
    }

    /// The objects one cluster (its cells not in state 0 and their `states`, as `clusters`
    /// made it) is made of: the cluster run on its own under `rule` is classified; when it is a
    /// still life, oscillator or spaceship from now on it is an object, and when the family's
    /// live cells evolve by its two-state rule (`FamilyRule.liveCellsFollowApgcodeRule`: the
    /// Life-like rules, History and Super) its live cells are split into the objects they are
    /// made of (a pseudo still life into its still lifes; `ObjectSeparation+Splitting.swift`).
    /// A cluster that is not periodic is one `SeparatedObject` without an object. Cells stay in
    /// the cluster's frame: an object split into several has its live cells alone, one left
    /// whole keeps the cluster's cells of every state.
    /// - Throws: `StepError` when `control` cancels a step or the memory runs out.
    public static func objects(ofCluster cluster: [CellPosition], states: [UInt8], rule: AnyRule, memoryLimit: Int,
                               maxGeneration: BigUInt, control: StepControl? = nil) throws(StepError) -> [SeparatedObject] {
        precondition(states.count == cluster.count, "a state for each cell of the cluster")
        let single = rule.makeUniverse(memoryLimit: memoryLimit)
        single.load(cellStates: zip(cluster, states).map { (x: $0.0.x, y: $0.0.y, state: $0.1) }, originX: .zero, originY: .zero)
        let (classification, found) = try PeriodicObject.find(in: single, maxGeneration: maxGeneration, control: control)
        // An object only when periodic from now on (the cluster's universe starts at 0).
        guard let object = found, classification.verdict.generation.isZero else {
            return [SeparatedObject(cells: cluster, object: nil)]
        }
        guard rule.liveCellsFollowApgcodeRule, let life = rule.apgcodeRule else {
            return [SeparatedObject(cells: cluster, object: object)]
        }
        // Phases in the pattern's frame: the object's are relative to the cluster's corner.
        let corner = CellPosition(x: cluster.map(\.x).min()!, y: cluster.map(\.y).min()!)
        let phases = object.phases.map { $0.map { CellPosition(x: $0.x + corner.x, y: $0.y + corner.y) } }
        let pieces = split(Piece(phases: phases, dx: object.dx, dy: object.dy), rule: life)
        guard pieces.count > 1 else { return [SeparatedObject(cells: cluster, object: object)] }
        return pieces.map { SeparatedObject(cells: $0.phases[0], object: $0.object) }
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
