import HashlifeEngine

// The census of one soup on a `SoupPlane`: the fast path of `SoupSearcher`, with the same
// answers as its Hashlife path (which it falls back to for anything it does not handle).
//
// 1. The soup runs on the plane until it repeats. A step that changes no block since two
//    generations before means period 1 or 2; otherwise a generation whose hash equals an
//    earlier one's suggests a period. A suggested period W is checked exactly: the plane is
//    run W more generations, collecting the envelope (every cell alive in one of them), and
//    must come back to where it was. Until then, the soup runs on.
// 2. Ships leaving: a ship flying away keeps the plane from repeating. When the blocks that
//    change hold few cells, and as many as a while before, they are split into clusters: when
//    each is periodic, each ship is beyond the rest of the pattern on every side it moves
//    towards and no two ships' paths can meet, the ships are counted and removed and the rest
//    is checked as in 1 (the plane goes back when it does not repeat). A live cell within the
//    margin of the border must likewise be part of a ship moving out across that border (a
//    ship the sweeps missed); anything else there (ash too wide for the plane, a puffer)
//    sends the soup to the Hashlife path.
// 3. Objects: the clusters of the periodic pattern, made from its envelope as
//    `ObjectSeparation` makes them, and each cluster's objects as `ObjectSeparation` finds
//    them. A cluster's objects depend on its cells alone, so answers are remembered by the
//    cluster's shape (and a lone object's under each of its phases): a census meets the same
//    few dozen shapes (blocks, blinkers, beehives, gliders …) over and over, and works each out
//    once.
//
// A soup that does not repeat within `maximumGeneration` generations, or whose period is above
// `SoupSearcher.maximumWindow`, goes to the Hashlife path too.

/// Runs soups on a plane. Not thread-safe: one per thread.
final class PlaneCensus {
    /// Past this generation a soup goes to the Hashlife path.
    static let maximumGeneration = 30_000
    /// Generations that change at most this many blocks are looked up for repeats.
    static let quietBlocks = 12
    /// Generations that change at most this many blocks (but some) may hold ships flying
    /// away from a pattern that has settled: `sweep` looks, at most every `sweepInterval`.
    static let sweepBlocks = 6
    static let sweepInterval = 32
    /// A sweep looks at most at this many cells in changing blocks.
    static let sweepCells = 48
    /// How far beyond the rest of the pattern (cells) a ship must be to leave early.
    static let clearance = 8
    /// Remembered cluster shapes: past this many, the memory starts afresh.
    static let maximumAnswers = 200_000

    /// What a cluster of cells is made of.
    struct Answer {
        /// The apgcodes of its objects (`PATHOLOGICAL` for one that is not periodic), without
        /// the empty object's.
        var codes: [String]
        /// Its displacement per period, when it is one spaceship.
        var ship: (dx: Int, dy: Int)?
        /// The period of the whole cluster (the least common multiple of its objects'), nil
        /// when one is not periodic.
        var period: Int?
    }

    let rule: Rule
    private let plane: SoupPlane
    private let zone: [(dx: Int, dy: Int)]
    private let start = SoupPlane.Cells()
    private let saved = SoupPlane.Saved()
    private let envelope = SoupPlane.Cells()
    private var answers: [[UInt32]: Answer] = [:]
    /// The population of the last soup once it settled, the ships it sent out included (valid
    /// after `census(of:)` gave a census).
    private(set) var settledPopulation = 0
    /// The generation the last soup reached on the plane.
    var generation: Int { plane.generation }
    /// Cells of the ships removed so far from the soup on the plane.
    private var shipPopulation = 0
    /// Cells of the square already put in a cluster, a bit each.
    private var visited = [UInt64](repeating: 0, count: SoupPlane.side * SoupPlane.side / 64)

    /// A plane census for `rule`; nil unless the rule is outer totalistic (and without B0, as
    /// every census rule is) and the processor has the plane's kernels.
    init?(rule: Rule) {
        guard rule.isTotalistic, !rule.hasBirthOnZero, rule.grid == nil,
              let plane = SoupPlane(birth: rule.birthCounts, survival: rule.survivalCounts) else { return nil }
        self.rule = rule
        self.plane = plane
        zone = ObjectSeparation.zoneOfInfluence(rule).map { (dx: $0.x, dy: $0.y) }
    }

    /// The census of the pattern `cells` (apgcode → count, as `SoupSearcher.census(of:)` gives
    /// it), or nil when the pattern is one for the Hashlife path.
    func census(of cells: [(x: Int, y: Int)]) -> [String: Int]? {
        guard let minX = cells.map(\.x).min(), let maxX = cells.map(\.x).max(),
              let minY = cells.map(\.y).min(), let maxY = cells.map(\.y).max() else {
            settledPopulation = 0
            return [:]
        }
        let side = SoupPlane.side
        guard maxX - minX < side / 4, maxY - minY < side / 4 else { return nil }
        let (ox, oy) = ((side - (maxX - minX + 1)) / 2 - minX, (side - (maxY - minY + 1)) / 2 - minY)
        shipPopulation = 0
        plane.clear()
        plane.load(cells.map { (x: $0.x + ox, y: $0.y + oy) })

        var counts: [String: Int] = [:]
        var nextAttempt = 0, nextSweep = 0, lastActive = -1
        while plane.generation < PlaneCensus.maximumGeneration {
            // Generations in turmoil, and quiet ones without news, run without coming back here.
            let (report, period) = plane.run(limit: PlaneCensus.maximumGeneration - plane.generation, quiet: PlaneCensus.quietBlocks,
                                             few: PlaneCensus.sweepBlocks, look: nextSweep)
            if report.nearEdge {
                guard removeShips(into: &counts) else { return nil }
                continue
            }
            let generation = plane.generation
            if period == 0, report.changedBlocks <= PlaneCensus.sweepBlocks, generation >= nextSweep {
                // A sweep is worth trying when the cells near change are few and as many as
                // at the last look (ships keep their population; turmoil does not).
                nextSweep = generation + PlaneCensus.sweepInterval
                let active = plane.activePopulation
                if active <= PlaneCensus.sweepCells && active == lastActive {
                    switch sweep(into: &counts) {
                    case .settled: return counts
                    case .handOver: return nil
                    case .notYet: break
                    }
                }
                lastActive = active
            }
            guard period > 0, generation >= nextAttempt else { continue }
            guard period <= SoupSearcher.maximumWindow else { return nil }
            switch settle(window: period, into: &counts) {
            case .settled: return counts
            case .notYet: nextAttempt = plane.generation + period
            case .handOver: return nil
            }
        }
        return nil
    }

    private enum Outcome { case settled, notYet, handOver }

    /// Checks that the plane repeats after `window` generations (it is then `window` further
    /// on) and, when it does, adds its objects to `counts`.
    private func settle(window: Int, into counts: inout [String: Int]) -> Outcome {
        // Both copies start clear and are cleared after use.
        defer {
            plane.clearCopy(start)
            plane.clearEnvelope(envelope)
        }
        plane.copy(into: start)
        plane.accumulate(into: envelope)
        for _ in 0..<window {
            let report = plane.step()
            if report.nearEdge { return removeShips(into: &counts) ? .notYet : .handOver }
            plane.accumulate(into: envelope)
        }
        guard plane.equals(start) else { return .notYet }
        settledPopulation = shipPopulation
        for cluster in clusters() {
            settledPopulation += cluster.count
            guard let answer = answer(cluster), answer.ship == nil else { return .handOver }
            for code in answer.codes { counts[code, default: 0] += 1 }
        }
        return .settled
    }

    /// The live cells of each part of the envelope linked through the zone of influence.
    private func clusters() -> [[UInt32]] {
        var parts: [[UInt32]] = []
        defer { for part in parts { unmark(part) } }
        for seed in plane.liveCells() where !isMarked(seed) {
            // No limit: a flood cannot fail.
            parts.append(flood(from: seed, limit: .max) { envelope.contains($0, $1) }!)
        }
        return parts.map { $0.filter { plane.isAlive(Int($0 & 0xFFFF), Int($0 >> 16)) } }
    }

    /// The live cells linked to `seed` through the zone of influence; nil when there are more
    /// than `limit`.
    private func component(from seed: UInt32, limit: Int) -> [UInt32]? {
        let cells = flood(from: seed, limit: limit) { plane.isAlive($0, $1) }
        if let cells { unmark(cells) }
        return cells
    }

    /// The cells (x | y << 16) linked to `seed` through the zone of influence, a step at a time
    /// to a cell `member` accepts, each marked in `visited` (the caller unmarks them); nil, with
    /// nothing left marked, when there are more than `limit`.
    private func flood(from seed: UInt32, limit: Int, member: (Int, Int) -> Bool) -> [UInt32]? {
        var cells: [UInt32] = [seed]
        _ = mark(seed)
        var index = 0
        while index < cells.count {
            let (x, y) = (Int(cells[index] & 0xFFFF), Int(cells[index] >> 16))
            index += 1
            for (dx, dy) in zone where member(x + dx, y + dy) {
                let cell = UInt32(x + dx) | UInt32(y + dy) << 16
                if mark(cell) { cells.append(cell) }
            }
            if cells.count > limit {
                unmark(cells)
                return nil
            }
        }
        return cells
    }

    /// The bit of cell x | y << 16 in `visited`.
    @inline(__always)
    private func bit(_ cell: UInt32) -> Int { Int(cell >> 16) * SoupPlane.side + Int(cell & 0xFFFF) }

    @inline(__always)
    private func isMarked(_ cell: UInt32) -> Bool { visited[bit(cell) >> 6] >> UInt64(bit(cell) & 63) & 1 == 1 }

    /// Marks `cell` visited; false when it already was.
    @inline(__always)
    private func mark(_ cell: UInt32) -> Bool {
        let bit = bit(cell)
        let word = visited[bit >> 6], mask = UInt64(1) << UInt64(bit & 63)
        guard word & mask == 0 else { return false }
        visited[bit >> 6] = word | mask
        return true
    }

    /// Clears the words of `visited` holding `cells` (`visited` is clear between uses, so the
    /// other bits of those words are clear too).
    private func unmark(_ cells: [UInt32]) {
        for cell in cells { visited[bit(cell) >> 6] = 0 }
    }

    /// Ships flying away from a settled pattern, counted before they reach the border. The
    /// cells in the blocks that changed lately (every ship, and every object of period above
    /// 2) are split into clusters; when each is periodic, every ship is beyond the rest of the
    /// pattern (by `clearance`) on each side it moves towards, and no two ships' paths can
    /// meet, the ships are removed and the rest is checked for a repeat over the periods found
    /// (`settle`). If the rest does not repeat, the plane goes back to before the sweep.
    private func sweep(into counts: inout [String: Int]) -> Outcome {
        var ships: [(cells: [UInt32], box: (minX: Int, minY: Int, maxX: Int, maxY: Int), dx: Int, dy: Int, period: Int, codes: [String])] = []
        var window = 2
        let active = plane.activeCells()
        var taken = Set<UInt32>()
        for seed in active where !taken.contains(seed) {
            // Only shapes met before: working out a new one costs far more than a sweep saves,
            // and turmoil makes new shapes all the time.
            guard let cells = component(from: seed, limit: PlaneCensus.sweepCells) else { return .notYet }
            taken.formUnion(cells)
            guard let answer = answer(cells, computing: false), let period = answer.period else { return .notYet }
            window = window / gcd(window, period) * period
            guard window <= SoupSearcher.maximumWindow else { return .notYet }
            if let ship = answer.ship {
                let xs = cells.map { Int($0 & 0xFFFF) }, ys = cells.map { Int($0 >> 16) }
                ships.append((cells, (xs.min()!, ys.min()!, xs.max()!, ys.max()!), ship.dx, ship.dy, period, answer.codes))
            }
        }
        guard !ships.isEmpty else { return .notYet }
        // The rest's bounding box.
        let shipCells = Set(ships.flatMap(\.cells))
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for cell in plane.liveCells() where !shipCells.contains(cell) {
            let (x, y) = (Int(cell & 0xFFFF), Int(cell >> 16))
            (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
        }
        let d = PlaneCensus.clearance
        for ship in ships {
            if ship.dx > 0 && ship.box.minX <= maxX + d { return .notYet }
            if ship.dx < 0 && ship.box.maxX >= minX - d { return .notYet }
            if ship.dy > 0 && ship.box.minY <= maxY + d { return .notYet }
            if ship.dy < 0 && ship.box.maxY >= minY - d { return .notYet }
        }
        for i in ships.indices {
            for j in ships.indices where j > i {
                let (a, b) = (ships[i], ships[j])
                // Velocities compared as fractions: dx / period.
                let xApart = (a.box.maxX + d <= b.box.minX && a.dx * b.period <= b.dx * a.period)
                    || (b.box.maxX + d <= a.box.minX && b.dx * a.period <= a.dx * b.period)
                let yApart = (a.box.maxY + d <= b.box.minY && a.dy * b.period <= b.dy * a.period)
                    || (b.box.maxY + d <= a.box.minY && b.dy * a.period <= a.dy * b.period)
                if !xApart && !yApart { return .notYet }
            }
        }
        plane.save(into: saved)
        var found = counts
        let shipsBefore = shipPopulation
        for ship in ships {
            for code in ship.codes { found[code, default: 0] += 1 }
            for cell in ship.cells { plane.kill(Int(cell & 0xFFFF), Int(cell >> 16)) }
            shipPopulation += ship.cells.count
        }
        let outcome = settle(window: window, into: &found)
        switch outcome {
        case .settled: counts = found
        case .notYet, .handOver:
            plane.restore(from: saved)
            shipPopulation = shipsBefore
        }
        return outcome == .settled ? .settled : .notYet
    }

    /// Counts and removes the ships at the border; false when something else is there.
    private func removeShips(into counts: inout [String: Int]) -> Bool {
        let side = SoupPlane.side, margin = SoupPlane.margin
        for seed in plane.cellsNearEdge() {
            let (sx, sy) = (Int(seed & 0xFFFF), Int(seed >> 16))
            guard plane.isAlive(sx, sy) else { continue }  // removed with an earlier ship
            guard let cells = component(from: seed, limit: 64) else { return false }
            guard let answer = answer(cells), let ship = answer.ship else { return false }
            let xs = cells.map { Int($0 & 0xFFFF) }, ys = cells.map { Int($0 >> 16) }
            if xs.min()! < margin && ship.dx >= 0 { return false }
            if xs.max()! >= side - margin && ship.dx <= 0 { return false }
            if ys.min()! < margin && ship.dy >= 0 { return false }
            if ys.max()! >= side - margin && ship.dy <= 0 { return false }
            for code in answer.codes { counts[code, default: 0] += 1 }
            for cell in cells { plane.kill(Int(cell & 0xFFFF), Int(cell >> 16)) }
            shipPopulation += cells.count
        }
        return true
    }

    /// What the cluster `cells` (x | y << 16) is made of, worked out once per shape; nil when
    /// that cannot be worked out (the look-ahead ran out of memory), or when `computing` is
    /// false and the shape is new.
    private func answer(_ cells: [UInt32], computing: Bool = true) -> Answer? {
        var minX = UInt32.max, minY = UInt32.max
        for cell in cells {
            minX = min(minX, cell & 0xFFFF)
            minY = min(minY, cell >> 16)
        }
        let key = cells.map { $0 - minX - (minY << 16) }.sorted()
        if let known = answers[key] { return known }
        guard computing else { return nil }
        let positions = key.map { CellPosition(x: Int($0 & 0xFFFF), y: Int($0 >> 16)) }
        guard let objects = try? ObjectSeparation.objects(ofCluster: positions, rule: rule,
                                                          maxGeneration: BigUInt(SoupSearcher.maximumPeriod)) else { return nil }
        var answer = Answer(codes: [], ship: nil, period: 1)
        for object in objects {
            let code = object.object?.apgcode() ?? "PATHOLOGICAL"
            if code != "xs0_0" { answer.codes.append(code) }
            if let period = answer.period, let phases = object.object?.phases.count {
                answer.period = period / gcd(period, phases) * phases
            } else {
                answer.period = nil
            }
        }
        if objects.count == 1, let object = objects[0].object, object.dx != 0 || object.dy != 0 {
            answer.ship = (object.dx, object.dy)
        }
        if answers.count >= PlaneCensus.maximumAnswers { answers.removeAll(keepingCapacity: true) }
        answers[key] = answer
        // A lone object's other phases are the same object: remembered too, so that a ship or
        // an oscillator met in another phase is known at once.
        if objects.count == 1, let object = objects[0].object, object.phases.count > 1 {
            for phase in object.phases.dropFirst() where !phase.isEmpty {
                let x0 = phase.map(\.x).min()!, y0 = phase.map(\.y).min()!
                answers[phase.map { UInt32($0.x - x0) | UInt32($0.y - y0) << 16 }.sorted()] = answer
            }
        }
        return answer
    }
}

