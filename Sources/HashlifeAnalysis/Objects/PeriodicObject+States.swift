import HashlifeEngine

// Object separation in a universe of more than two states (Generations, History, Super, rule
// tables, …), through the engine's interface. Separation groups every cell not in state 0 (a
// dying cell or a history trail belongs to the object beside it) and does not split a periodic
// group further; each group's object is its live cells (`PeriodicObject.capture`).

extension ObjectSeparation {
    /// The objects of `universe` at its current generation, as the two-state
    /// `separate` finds them except that every cell not in state 0 joins the envelope and the
    /// clusters (a dying cell or a trail belongs with the live cells beside it), each cluster
    /// runs on its own with its states, and a periodic cluster is one object (not split
    /// further). `cells` are the cluster's cells in every state but 0. Nil when the population
    /// is above `maximumPopulation` or the cells lie too far apart for Int offsets. The
    /// universe is left as it was.
    /// - Throws: `StepError` when `control` cancels a step or the memory runs out.
    public static func separate(_ universe: any LifeUniverse, window: Int, maxGeneration: BigUInt,
                                control: StepControl? = nil) throws(StepError) -> [SeparatedObject]? {
        guard let box = universe.boundingBox else { return [] }
        guard let population = universe.population.intValue, population <= maximumPopulation,
              box.width.intValue != nil, box.height.intValue != nil else { return nil }
        let start = universe.keep()
        defer { universe.restore(start) }
        var present: [CellPosition: UInt8] = [:]
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
        let zone = zoneOfInfluence(universe.anyRule.apgcodeRule ?? .life)
        var results: [SeparatedObject] = []
        for cluster in clusters(Array(present.keys), envelope: envelope, zone: zone) {
            let single = universe.anyRule.makeUniverse(memoryLimit: universe.memoryLimit)
            single.load(cellStates: cluster.map { (x: $0.x, y: $0.y, state: present[$0]!) }, originX: .zero, originY: .zero)
            let (classification, found) = try PeriodicObject.find(in: single, maxGeneration: maxGeneration, control: control)
            // An object only when periodic from now on (the cluster's universe starts at 0).
            let periodic = found != nil && classification.verdict.generation.isZero
            results.append(SeparatedObject(cells: cluster, object: periodic ? found : nil))
        }
        return results.sorted { $0.corner < $1.corner }
    }

    /// How many objects `universe` is made of at absolute generation
    /// `generation` (at or after its current one), separated as `separate` does with
    /// `window`; 1 when it cannot be separated. The universe is left as it was.
    /// - Throws: `StepError` when `control` cancels a step or the memory runs out.
    public static func count(_ universe: any LifeUniverse, at generation: BigUInt, window: Int, maxGeneration: BigUInt,
                             control: StepControl? = nil) throws(StepError) -> Int {
        let start = universe.keep()
        defer { universe.restore(start) }
        if generation > universe.generation { try universe.step(by: generation - universe.generation, control: control, progress: nil) }
        let separated = try separate(universe, window: window, maxGeneration: maxGeneration, control: control)
        return max(separated?.count ?? 1, 1)
    }
}
