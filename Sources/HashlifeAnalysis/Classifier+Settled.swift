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
                let entry = Entry(kind: kind, dx: phases[4].x - phases[0].x, dy: phases[4].y - phases[0].y, period: 4)
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

    /// The live cells with Int coordinates, or nil when too many or too far out.
    func absoluteCells(limit: Int) -> [SIMD2<Int>]? {
        guard let population = universe.population.intValue, population <= limit else { return nil }
        guard let box = universe.boundingBox else { return [] }
        guard let x = box.x.intValue, let y = box.y.intValue, let w = box.width.intValue, let h = box.height.intValue,
              abs(x) < 1 << 60, abs(y) < 1 << 60, w < 1 << 60, h < 1 << 60 else { return nil }
        var cells: [SIMD2<Int>] = []
        cells.reserveCapacity(population)
        universe.forEachLiveCellOffset(in: box) { dx, dy in cells.append(SIMD2(x + dx, y + dy)) }
        return cells
    }

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
    /// (settled, or oscillator/still/spaceship when there is nothing else) or nil.
    func settledTest() throws(StepError) -> Verdict? {
        guard let cells = absoluteCells(limit: Classifier.settledPopulationLimit), !cells.isEmpty else { return nil }
        let here = universe.saveState()
        defer { universe.restore(here) }
        let now = universe.generation

        var rest: [SIMD2<Int>] = []
        var found: [(entry: ShipLibrary.Entry, cells: [SIMD2<Int>])] = []
        for group in components(cells) {
            if let entry = ships?.recognise(group) { found.append((entry, group)) } else { rest.append(contentsOf: group) }
        }

        // The rest must be periodic from now on, on its own.
        universe.load(cells: rest.map { (x: $0.x, y: $0.y) })
        let key = universe.cellSetKey
        var period = 0
        for p in 1...Classifier.maxAshPeriod {
            try step(universe)
            if universe.cellSetKey == key { period = p; break }
        }
        guard period > 0 else { return nil }
        universe.load(cells: rest.map { (x: $0.x, y: $0.y) })
        var ashPhases: [[SIMD2<Int>]] = []
        var ashBox = Box([])
        for _ in 0..<period {
            let phase = absoluteCells(limit: .max) ?? []
            for c in phase { ashBox.include(c) }
            ashPhases.append(phase)
            try step(universe)
        }

        // Every spaceship keeps away from the ash and from the others for ever.
        var moving: [(entry: ShipLibrary.Entry, box: Box, phases: [[SIMD2<Int>]])] = []
        for (entry, group) in found {
            universe.load(cells: group.map { (x: $0.x, y: $0.y) })
            var phases: [[SIMD2<Int>]] = []
            for _ in 0..<entry.period {
                phases.append(absoluteCells(limit: .max) ?? [])
                try step(universe)
            }
            moving.append((entry, Box(group), phases))
        }
        for (i, a) in moving.enumerated() {
            let va = (Double(a.entry.dx) / Double(a.entry.period), Double(a.entry.dy) / Double(a.entry.period))
            if !ashBox.isEmpty && Classifier.mayMeet(a.box, va, ashBox, (0, 0)) { return nil }
            for b in moving[(i + 1)...] {
                let vb = (Double(b.entry.dx) / Double(b.entry.period), Double(b.entry.dy) / Double(b.entry.period))
                if Classifier.mayMeet(a.box, va, b.box, vb) { return nil }
            }
        }

        if moving.isEmpty {
            // Periodic as a whole: an oscillator or still life from the first such generation.
            let p = BigUInt(period)
            let first = try firstGeneration(from: now) { u throws(StepError) in
                let k = u.cellSetKey
                try step(u, by: p)
                return u.cellSetKey == k
            }
            return period == 1 ? .still(generation: first) : .oscillator(generation: first, period: period)
        }

        // The first generation at which the cells are the ash plus the spaceships, extrapolated.
        let first = try firstGeneration(from: now) { u throws(StepError) in
            let k = (now - u.generation).intValue.map { -$0 }
            return Classifier.matches(u, ashPhases: ashPhases, ships: moving.map { ($0.entry, $0.phases) }, offset: k)
        }
        if rest.isEmpty && moving.count == 1 {
            let e = moving[0].entry
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
        return .settled(generation: first, period: period, escaping: escaping)
    }

    /// Is the universe, `offset` (≤ 0) generations from the test's generation, exactly the ash
    /// phase plus every spaceship moved back along its path?
    static func matches(_ u: Universe, ashPhases: [[SIMD2<Int>]], ships: [(ShipLibrary.Entry, [[SIMD2<Int>]])], offset k: Int?) -> Bool {
        guard let k else { return false }
        var expected = Set<SIMD2<Int>>()
        let p = ashPhases.count
        for c in ashPhases[((k % p) + p) % p] { expected.insert(c) }
        for (entry, phases) in ships {
            let q = entry.period
            let j = ((k % q) + q) % q
            let n = (k - j) / q
            let shift = SIMD2(n * entry.dx, n * entry.dy)
            for c in phases[j] { expected.insert(c &+ shift) }
        }
        guard u.population == BigUInt(expected.count) else { return false }
        var ok = true
        var seen = 0
        guard let box = u.boundingBox, let x = box.x.intValue, let y = box.y.intValue else { return expected.isEmpty }
        u.forEachLiveCellOffset(in: box) { dx, dy in
            if ok && !expected.contains(SIMD2(x + dx, y + dy)) { ok = false }
            seen += 1
        }
        return ok && seen == expected.count
    }

    /// Could boxes `a` and `b`, moving at constant velocities from now on, ever come within
    /// `margin` cells of each other (in both axes at once)?
    static func mayMeet(_ a: Box, _ va: (Double, Double), _ b: Box, _ vb: (Double, Double)) -> Bool {
        var low = 0.0, high = Double.infinity
        let m = Double(margin)
        // Close in an axis when b.lo - a.hi + (vb - va) t < m and a.lo - b.hi + (va - vb) t < m.
        func constrain(_ c: Double, _ k: Double) {
            if k == 0 {
                if c >= m { high = -1 }
            } else if k > 0 {
                high = min(high, (m - c) / k)
            } else {
                low = max(low, (m - c) / k)
            }
        }
        constrain(Double(b.x0 - a.x1), vb.0 - va.0)
        constrain(Double(a.x0 - b.x1), va.0 - vb.0)
        constrain(Double(b.y0 - a.y1), vb.1 - va.1)
        constrain(Double(a.y0 - b.y1), va.1 - vb.1)
        return low < high
    }
}
