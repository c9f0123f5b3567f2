import HashlifeEngine

/// An incremental detector for a universe being played (the terminal app's auto-stop): feed it
/// the universe every few generations; it answers when the pattern has died out, stopped,
/// started repeating, or become a lone spaceship. Under History and Super, whose other states
/// are trails and marks that follow the live cells, a pattern whose live cells are gone has
/// died out, as `classify` says, though its trails stay.
///
/// Each call costs O(1) amortised for the state key (a bounded history of `CellSetKey`s) plus,
/// while the population is at most `shapePopulationLimit`, O(population) for the shape. When a
/// repeat is seen, the period (a multiple of the true one, since observations are spaced) is
/// refined by a few jumps on the universe, which is then put back as it was. The generation in
/// the verdict is the earliest observation known to be in the cycle, so it is exact only when
/// every generation is observed; `classify` gives exact first generations.
///
/// Keys belong to one universe: the watcher starts afresh when given another universe, or one
/// whose generation went backwards (a reset or an undo).
public final class ConvergenceWatcher {
    /// Observations remembered.
    public let capacity: Int
    /// Shapes are compared (spaceships) while the population is at most this.
    public let shapePopulationLimit: Int

    private var universeID: ObjectIdentifier?
    private var lastGeneration: BigUInt?
    private var keys: [CellSetKey: BigUInt] = [:]
    private var keyOrder: [CellSetKey] = []
    private var keyHead = 0
    private var shapes: [[Int]: (generation: BigUInt, shape: Shape)] = [:]
    private var shapeOrder: [[Int]] = []
    private var shapeHead = 0
    private var emptySince: BigUInt?

    public init(capacity: Int = 4096, shapePopulationLimit: Int = 1024) {
        self.capacity = max(2, capacity)
        self.shapePopulationLimit = shapePopulationLimit
    }

    /// Forgets everything seen.
    public func reset() {
        universeID = nil
        lastGeneration = nil
        keys.removeAll(keepingCapacity: true)
        keyOrder.removeAll(keepingCapacity: true)
        keyHead = 0
        shapes.removeAll(keepingCapacity: true)
        shapeOrder.removeAll(keepingCapacity: true)
        shapeHead = 0
        emptySince = nil
    }

    /// Records the current state of `universe`, of any family; returns a verdict once the
    /// pattern is known to be extinct, still, oscillating or a spaceship, else nil.
    public func observe(_ universe: any LifeUniverse) -> Verdict? {
        let generation = universe.generation
        if universeID != ObjectIdentifier(universe) || (lastGeneration.map { generation < $0 } ?? false) {
            reset()
            universeID = ObjectIdentifier(universe)
        }
        if lastGeneration == generation { return nil }
        lastGeneration = generation

        if universe.isEmpty {
            if emptySince == nil { emptySince = generation }
            return .extinct(generation: emptySince!)
        }
        emptySince = nil

        let key = universe.cellSetKey
        if let first = keys[key] {
            guard let multiple = (generation - first).intValue else { return nil }
            let period = leastPeriodOrStop(universe, multiple: multiple, dx: 0, dy: 0).period
            if period == 1, universe.liveCellUniverse()?.isEmpty == true {
                // History and Super: only trails and marks are left, which `classify` (looking
                // at the live cells) calls dying out. They stand still from the generation the
                // last live cell died, so the first observation of them is that generation's
                // estimate, as `emptySince` is for a universe that empties.
                return .extinct(generation: first)
            }
            return period == 1 ? .still(generation: first) : .oscillator(generation: first, period: period)
        }
        remember(key, generation)

        if universe.population <= BigUInt(shapePopulationLimit), let shape = Shape(universe) {
            if let old = shapes[shape.normalised], let multiple = (generation - old.generation).intValue,
               let (mx, my) = shape.displacement(from: old.shape) {
                let (p, dx, dy) = leastPeriodOrStop(universe, multiple: multiple, dx: mx, dy: my)
                if dx != 0 || dy != 0 {
                    return .spaceship(generation: old.generation, period: p, dx: dx, dy: dy, speed: spaceshipSpeed(dx: dx, dy: dy, period: p))
                }
            } else {
                rememberShape(shape, generation)
            }
        }
        return nil
    }

    /// `leastPeriod` from the current state. The jumps stay within generations the universe has
    /// already been through, so the memory limit that held them is expected to hold these.
    private func leastPeriodOrStop(_ universe: any LifeUniverse, multiple: Int, dx: Int, dy: Int) -> (period: Int, dx: Int, dy: Int) {
        do { return try leastPeriod(universe, of: universe.keep(), multiple: multiple, dx: dx, dy: dy, control: nil) } catch {
            preconditionFailure("\(error)")
        }
    }

    private func remember(_ key: CellSetKey, _ generation: BigUInt) {
        keys[key] = generation
        if keyOrder.count < capacity {
            keyOrder.append(key)
        } else {
            keys[keyOrder[keyHead]] = nil
            keyOrder[keyHead] = key
            keyHead = (keyHead + 1) % capacity
        }
    }

    private func rememberShape(_ shape: Shape, _ generation: BigUInt) {
        shapes[shape.normalised] = (generation, shape)
        if shapeOrder.count < capacity {
            shapeOrder.append(shape.normalised)
        } else {
            shapes[shapeOrder[shapeHead]] = nil
            shapeOrder[shapeHead] = shape.normalised
            shapeHead = (shapeHead + 1) % capacity
        }
    }
}
