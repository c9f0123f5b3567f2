import HashlifeEngine

// The settled test: at the current generation T, split the cells into objects (cells within
// Chebyshev distance 2 join), recognise gliders, LWSS, MWSS and HWSS by shape (every phase and
// orientation), check that the rest is periodic on its own (its canonical key recurs) and that
// no spaceship will ever come near the rest or another spaceship (their boxes move linearly;
// the gap must stay at least `margin`). Then the first generation from which the pattern equals
// the periodic ash plus the spaceships extrapolated back in time is found by binary search.

/// The four standard spaceships.
public enum ShipKind: String, Hashable, Sendable, CaseIterable {
    case glider, lwss, mwss, hwss
}

/// Every phase and orientation of the standard spaceships under B3/S23, by normalised shape.
struct ShipLibrary: Sendable {
    struct Entry: Sendable {
        var kind: ShipKind
        /// Displacement every `period` generations.
        var dx: Int
        var dy: Int
        var period: Int
    }

    var byShape: [[Int]: Entry] = [:]
    var largest = 0

    static let life = ShipLibrary()

    private init() {
        let bases: [(ShipKind, [(Int, Int)])] = [
            (.glider, [(1, 0), (2, 1), (0, 2), (1, 2), (2, 2)]),
            (.lwss, ShipLibrary.cells([".O..O", "O....", "O...O", "OOOO."])),
            (.mwss, ShipLibrary.cells(["...O..", ".O...O", "O.....", "O....O", "OOOOO."])),
            (.hwss, ShipLibrary.cells(["...OO..", ".O....O", "O......", "O.....O", "OOOOOO."])),
        ]
        for (kind, cells) in bases {
            for transform in 0..<8 {
                let u = Universe(rule: .life)
                u.load(cells: cells.map { ShipLibrary.transform($0, transform) })
                var phases: [Shape] = []
                for _ in 0...4 {
                    phases.append(Shape(u)!)
                    u.step()
                }
                precondition(phases[4].normalised == phases[0].normalised, "\(kind) is not a period-4 spaceship")
                let d = phases[4].displacement(from: phases[0])!
                let entry = Entry(kind: kind, dx: d.dx, dy: d.dy, period: 4)
                for phase in phases.prefix(4) {
                    byShape[phase.normalised] = entry
                    largest = max(largest, phase.normalised.count)
                }
            }
        }
    }

    private static func cells(_ rows: [String]) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        for (y, row) in rows.enumerated() {
            for (x, c) in row.enumerated() where c == "O" { out.append((x, y)) }
        }
        return out
    }

    /// One of the eight symmetries of the square.
    private static func transform(_ c: (Int, Int), _ t: Int) -> (x: Int, y: Int) {
        var (x, y) = c
        if t & 1 != 0 { x = -x }
        if t & 2 != 0 { y = -y }
        if t & 4 != 0 { (x, y) = (y, x) }
        return (x, y)
    }

    /// The spaceship whose cells (absolute, any order) are `cells`, if any.
    func recognise(_ cells: [SIMD2<Int>]) -> Entry? {
        guard cells.count <= largest, let minX = cells.map(\.x).min(), let minY = cells.map(\.y).min() else { return nil }
        let normalised = cells.map { ($0.y - minY) << 31 | ($0.x - minX) }.sorted()
        return byShape[normalised]
    }
}

/// A rectangle of cells, inclusive bounds, Int coordinates.
struct Box {
    var x0, y0, x1, y1: Int

    init(_ cells: [SIMD2<Int>]) {
        x0 = .max; y0 = .max; x1 = .min; y1 = .min
        for c in cells { include(c) }
    }

    mutating func include(_ c: SIMD2<Int>) {
        x0 = min(x0, c.x); x1 = max(x1, c.x); y0 = min(y0, c.y); y1 = max(y1, c.y)
    }

    var isEmpty: Bool { x0 > x1 }
}

extension Classifier {
    /// Longest ash period the settled test looks for.
    static let maxAshPeriod = 1024
    /// Gap (in cells, between boxes) that moving objects must keep for ever.
    static let margin = 6

    /// Objects: groups of cells joined by Chebyshev distance at most 2.
    func components(_ cells: [SIMD2<Int>]) -> [[SIMD2<Int>]] {
        var index: [SIMD2<Int>: Int] = [:]
        index.reserveCapacity(cells.count)
        for (i, c) in cells.enumerated() { index[c] = i }
        var visited = [Bool](repeating: false, count: cells.count)
        var result: [[SIMD2<Int>]] = []
        var stack: [Int] = []
        for i in cells.indices where !visited[i] {
            visited[i] = true
            stack.append(i)
            var group: [SIMD2<Int>] = []
            while let j = stack.popLast() {
                let c = cells[j]
                group.append(c)
                for dy in -2...2 {
                    for dx in -2...2 where dx != 0 || dy != 0 {
                        if let k = index[c &+ SIMD2(dx, dy)], !visited[k] {
                            visited[k] = true
                            stack.append(k)
                        }
                    }
                }
            }
            result.append(group)
        }
        return result
    }

    /// The settled test at the universe's current generation (which it keeps): a verdict
    /// (settled, or oscillator/still/spaceship when there is nothing else) or nil. A verdict
    /// is one whose first period ends within the look-ahead (`end`): a pentadecathlon looked
    /// at for 5 generations gets none.
    func settledTest() throws(StepError) -> Verdict? {
        guard let regions = Classifier.regions(of: universe, limit: Classifier.settledPopulationLimit), !regions.isEmpty else { return nil }
        let here = universe.keep()
        defer { universe.restore(here) }
        let now = universe.generation

        // Each region's objects: spaceships, and the rest (its ash).
        var rests: [Region] = []
        var found: [(entry: ShipLibrary.Entry, region: Region)] = []
        for region in regions {
            var rest: [SIMD2<Int>] = []
            for group in components(region.cells) {
                if let entry = ships?.recognise(group) {
                    found.append((entry, Region(x: region.x, y: region.y, cells: group)))
                } else {
                    rest.append(contentsOf: group)
                }
            }
            if !rest.isEmpty { rests.append(Region(x: region.x, y: region.y, cells: rest)) }
        }

        // Each region's ash must be periodic from now on, on its own; the ash as a whole then
        // has the least common multiple of their periods (regions are too far apart to meet).
        // A period is only found within the look-ahead: the pattern must repeat by its end.
        var ash: [Ash] = []
        var period = 1
        let longest = min(Classifier.maxAshPeriod, limit.intValue ?? Classifier.maxAshPeriod)
        for rest in rests {
            universe.load(rest.cells, at: rest.x, rest.y)
            let key = universe.cellSetKey
            var p = 0
            for q in 1...max(longest, 1) {
                try step(universe)
                if universe.cellSetKey == key { p = q; break }
            }
            guard p > 0 else { return nil }
            period = period / gcd(period, p) * p
            guard period <= longest else { return nil }
            universe.load(rest.cells, at: rest.x, rest.y)
            var phases: [[SIMD2<Int>]] = []
            for _ in 0..<p {
                guard let phase = universe.offsets(from: rest.x, rest.y) else { return nil }
                phases.append(phase)
                try step(universe)
            }
            ash.append(Ash(region: rest, phases: phases, box: rest.box(of: phases.flatMap { $0 })!))
        }

        // Every spaceship keeps away from the ash and from the others for ever.
        var moving: [Ship] = []
        for (entry, ship) in found {
            universe.load(ship.cells, at: ship.x, ship.y)
            var phases: [[SIMD2<Int>]] = []
            for _ in 0..<entry.period {
                guard let phase = universe.offsets(from: ship.x, ship.y) else { return nil }
                phases.append(phase)
                try step(universe)
            }
            moving.append(Ship(entry: entry, region: ship, phases: phases, box: ship.box(of: ship.cells)!))
        }
        let still = Velocity(dx: 0, dy: 0, period: 1)
        for (i, a) in ash.enumerated() {
            for b in ash[(i + 1)...] where Classifier.mayMeet(a.box, still, b.box, still) { return nil }
        }
        for (i, a) in moving.enumerated() {
            for b in ash where Classifier.mayMeet(a.box, a.velocity, b.box, still) { return nil }
            for b in moving[(i + 1)...] where Classifier.mayMeet(a.box, a.velocity, b.box, b.velocity) { return nil }
        }

        if moving.isEmpty {
            // Periodic as a whole: an oscillator or still life from the first such generation.
            let p = BigUInt(period)
            let first = try firstGeneration(from: now) { u throws(StepError) in
                let k = u.cellSetKey
                try step(u, by: p)
                return u.cellSetKey == k
            }
            guard first + p <= end else { return nil }
            return period == 1 ? .still(generation: first) : .oscillator(generation: first, period: period)
        }

        // The first generation at which the cells are the ash plus the spaceships, extrapolated.
        let first = try firstGeneration(from: now) { u throws(StepError) in
            Classifier.matches(u, ash: ash, ships: moving, offset: -BigInt(now - u.generation))
        }
        if rests.isEmpty && moving.count == 1 {
            let e = moving[0].entry
            guard first + BigUInt(e.period) <= end else { return nil }
            return .spaceship(generation: first, period: e.period, dx: e.dx, dy: e.dy, speed: spaceshipSpeed(dx: e.dx, dy: e.dy, period: e.period))
        }
        var escaping = EscapingShips()
        for s in moving {
            switch s.entry.kind {
            case .glider: escaping.gliders += 1
            case .lwss: escaping.lwss += 1
            case .mwss: escaping.mwss += 1
            case .hwss: escaping.hwss += 1
            }
        }
        guard first + BigUInt(period) <= end else { return nil }
        return .settled(generation: first, period: period, escaping: escaping)
    }

    /// One region's ash: its phases from the test's generation on (offsets from the region's
    /// corner) and the box they all fit in.
    struct Ash {
        var region: Region
        var phases: [[SIMD2<Int>]]
        var box: BigBox
    }

    /// A spaceship seen at the test's generation: its phases from then on (offsets from the
    /// region's corner) and its box then.
    struct Ship {
        var entry: ShipLibrary.Entry
        var region: Region
        var phases: [[SIMD2<Int>]]
        var box: BigBox
        var velocity: Velocity { Velocity(dx: entry.dx, dy: entry.dy, period: entry.period) }
    }

    /// Is the universe, `offset` (≤ 0) generations from the test's generation, exactly every
    /// region's ash phase plus every spaceship moved back along its path?
    static func matches(_ u: any LifeUniverse, ash: [Ash], ships: [Ship], offset k: BigInt) -> Bool {
        var expected = Set<BigPoint>()
        for a in ash {
            let j = k.floorDivided(by: BigUInt(a.phases.count)).remainder.intValue!
            for c in a.phases[j] { expected.insert(BigPoint(x: a.region.x + c.x, y: a.region.y + c.y)) }
        }
        for s in ships {
            let q = k.floorDivided(by: BigUInt(s.entry.period))
            let j = q.remainder.intValue!
            let x = s.region.x + q.quotient * BigInt(s.entry.dx), y = s.region.y + q.quotient * BigInt(s.entry.dy)
            for c in s.phases[j] { expected.insert(BigPoint(x: x + c.x, y: y + c.y)) }
        }
        guard u.population == BigUInt(expected.count) else { return false }
        var ok = true
        u.forEachCell(in: nil) { x, y, state in
            if ok && (state != 1 || !expected.contains(BigPoint(x: x, y: y))) { ok = false }
        }
        return ok
    }
}
