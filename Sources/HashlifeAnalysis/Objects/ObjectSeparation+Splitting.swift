import HashlifeEngine

// Splitting a periodic object into the objects it is made of: space-time separation, as
// lifelib's `full_3dsep` does it.
//
// The live cells of every phase over one period (and the first phase again, moved by the
// displacement) are the nodes of a graph. A cell is joined to the live cells of the same
// generation around it, to the live cells of the next generation around it (what it may have
// caused), and the first phase's cells to the same cells a period later. The parts of this
// graph are islands that do not touch in space or time.
//
// - When also joining the cells around each dead cell with three or more live neighbours (a
//   birth the others may be stopping) still leaves several islands, those are the objects.
// - Otherwise islands are joined while one of them, run alone, has a cell the real pattern
//   lacks next to exactly one other island (that island suppressed it). If every island then
//   evolves on its own exactly as in the whole, the islands are the objects; if not, groupings
//   of islands into 2, 3, … objects are tried, and the first whose every group evolves on its
//   own as in the whole is taken (up to 16 islands and about a million groupings).
//
// Each object found is split again in turn (a piece may be a pseudo object itself).

/// A union-find over `count` elements that counts its sets.
struct DisjointSets {
    private var parent: [Int]
    private(set) var count: Int

    init(_ count: Int) {
        parent = Array(0..<count)
        self.count = count
    }

    mutating func find(_ x: Int) -> Int {
        var root = x
        while parent[root] != root { root = parent[root] }
        var x = x
        while parent[x] != root { (parent[x], x) = (root, parent[x]) }
        return root
    }

    mutating func merge(_ a: Int, _ b: Int) {
        let (ra, rb) = (find(a), find(b))
        guard ra != rb else { return }
        parent[max(ra, rb)] = min(ra, rb)
        count -= 1
    }

    /// The sets, each as its elements in order, ordered by their least element.
    mutating func groups() -> [[Int]] {
        var index: [Int: Int] = [:]
        var result: [[Int]] = []
        for x in parent.indices {
            let r = find(x)
            if let i = index[r] { result[i].append(x) } else {
                index[r] = result.count
                result.append([x])
            }
        }
        return result
    }
}

extension ObjectSeparation {
    /// A periodic object's phases over one period, in the pattern's frame.
    struct Piece {
        var phases: [[CellPosition]]
        var dx: Int
        var dy: Int

        /// The object, its phases relative to the first phase's corner.
        var object: PeriodicObject {
            let x0 = phases[0].map(\.x).min() ?? 0, y0 = phases[0].map(\.y).min() ?? 0
            return PeriodicObject(phases: phases.map { $0.map { CellPosition(x: $0.x - x0, y: $0.y - y0) } }, dx: dx, dy: dy)
        }
    }

    /// A live cell at generation `t` of the period.
    struct SpaceTimeCell: Hashable {
        var t: Int
        var x: Int
        var y: Int
    }

    /// One generation of `cells` on their own under `rule` (no B0).
    static func successor(_ cells: Set<CellPosition>, rule: Rule) -> Set<CellPosition> {
        var candidates = Set<CellPosition>()
        for c in cells {
            for dy in -1...1 { for dx in -1...1 { candidates.insert(CellPosition(x: c.x + dx, y: c.y + dy)) } }
        }
        var next = Set<CellPosition>()
        for c in candidates {
            var index = 0
            for dy in -1...1 {
                for dx in -1...1 where cells.contains(CellPosition(x: c.x + dx, y: c.y + dy)) {
                    index |= 1 << ((dy + 1) * 3 + dx + 1)
                }
            }
            if rule.nextState(neighbourhood: index) { next.insert(c) }
        }
        return next
    }

    /// The objects `piece` is made of (see the file's comment); `[piece]` when it is one.
    static func split(_ piece: Piece, rule: Rule) -> [Piece] {
        let period = piece.phases.count
        guard period <= maximumSplitPeriod, !piece.phases[0].isEmpty else { return [piece] }
        var phases = piece.phases.map { Set($0) }
        phases.append(Set(piece.phases[0].map { CellPosition(x: $0.x + piece.dx, y: $0.y + piece.dy) }))

        var ids: [SpaceTimeCell: Int] = [:]
        var nodes: [SpaceTimeCell] = []
        for t in 0...period {
            for c in phases[t].sorted() {
                ids[SpaceTimeCell(t: t, x: c.x, y: c.y)] = nodes.count
                nodes.append(SpaceTimeCell(t: t, x: c.x, y: c.y))
            }
        }
        var joined = DisjointSets(nodes.count)
        var joinedWithSuppressed = DisjointSets(nodes.count)
        var suppressed: [SpaceTimeCell: [Int]] = [:]
        for (id, node) in nodes.enumerated() {
            var neighbours: [SpaceTimeCell] = []
            for dy in -1...1 {
                for dx in -1...1 {
                    if dy > 0 || (dy == 0 && dx > 0) { neighbours.append(SpaceTimeCell(t: node.t, x: node.x + dx, y: node.y + dy)) }
                    neighbours.append(SpaceTimeCell(t: node.t + 1, x: node.x + dx, y: node.y + dy))
                    if dx != 0 || dy != 0 {
                        let around = SpaceTimeCell(t: node.t, x: node.x + dx, y: node.y + dy)
                        if ids[around] == nil { suppressed[around, default: []].append(id) }
                    }
                }
            }
            if node.t == 0 { neighbours.append(SpaceTimeCell(t: period, x: node.x + piece.dx, y: node.y + piece.dy)) }
            for neighbour in neighbours {
                guard let other = ids[neighbour] else { continue }
                joined.merge(id, other)
                joinedWithSuppressed.merge(id, other)
            }
        }
        for contributors in suppressed.values where contributors.count >= 3 {
            for i in 1..<contributors.count { joinedWithSuppressed.merge(contributors[i - 1], contributors[i]) }
        }

        /// Each island's cells at each generation 0...period.
        func islandPhases(_ islands: [[Int]]) -> [[Set<CellPosition>]] {
            islands.map { island in
                var cells = [Set<CellPosition>](repeating: [], count: period + 1)
                for id in island { cells[nodes[id].t].insert(CellPosition(x: nodes[id].x, y: nodes[id].y)) }
                return cells
            }
        }
        /// Does each generation of `cells` lead to the next on its own?
        func standalone(_ cells: [Set<CellPosition>]) -> Bool {
            (0..<period).allSatisfy { successor(cells[$0], rule: rule) == cells[$0 + 1] }
        }
        /// The pieces of faithful groups, each split again.
        func pieces(_ groups: [[Set<CellPosition>]]) -> [Piece] {
            groups.flatMap { cells in split(reduced(cells, period: period, dx: piece.dx, dy: piece.dy), rule: rule) }
        }

        if joinedWithSuppressed.count > 1 {
            let groups = islandPhases(joinedWithSuppressed.groups())
            return groups.allSatisfy(standalone) ? pieces(groups) : [piece]
        }

        // Join islands while one, alone, makes a cell the whole lacks next to exactly one other.
        var islands = joined.groups()
        var cells = islandPhases(islands)
        search: while islands.count > 1 {
            var islandOf: [Int: Int] = [:]
            for (i, island) in islands.enumerated() { for id in island { islandOf[id] = i } }
            for t in 0..<period {
                for i in islands.indices {
                    let alone = successor(cells[i][t], rule: rule)
                    guard alone != cells[i][t + 1] else { continue }
                    for extra in alone.subtracting(cells[i][t + 1]).sorted() {
                        var friends = Set<Int>()
                        for dy in -1...1 {
                            for dx in -1...1 where dx != 0 || dy != 0 {
                                if let id = ids[SpaceTimeCell(t: t, x: extra.x + dx, y: extra.y + dy)], islandOf[id]! != i {
                                    friends.insert(islandOf[id]!)
                                }
                            }
                        }
                        if friends.count == 1 {
                            joined.merge(islands[i][0], islands[friends.first!][0])
                            islands = joined.groups()
                            cells = islandPhases(islands)
                            continue search
                        }
                    }
                }
            }
            break
        }
        if islands.count == 1 { return [piece] }
        if cells.allSatisfy(standalone) { return pieces(cells) }
        return groupings(of: cells, period: period, lowPeriodOscillator: period <= 3 && piece.dx == 0 && piece.dy == 0,
                         corners: zoneOfInfluence(rule).count == 24, standalone: standalone).map(pieces) ?? [piece]
    }

    /// The first grouping of the islands `cells` into 2, 3, … groups each of which evolves on
    /// its own as in the whole, trying groupings in lexicographic order of island colours.
    private static func groupings(of cells: [[Set<CellPosition>]], period: Int, lowPeriodOscillator: Bool, corners: Bool,
                                  standalone: ([Set<CellPosition>]) -> Bool) -> [[Set<CellPosition>]]? {
        let count = cells.count
        var invalid = Set<UInt64>()
        for n in 2...count {
            // Four colours suffice for low-period oscillators under the cornerless zone, seven
            // with corners (lifelib's bound).
            if lowPeriodOscillator && ((n > 4 && !corners) || (n > 7 && corners)) { break }
            var cost = 1
            for _ in 0..<count {
                cost *= n
                if cost > 1_048_576 { break }
            }
            if cost > 1_048_576 || count > 16 { break }
            var colours = [Int](repeating: 0, count: count)
            var found: [[Set<CellPosition>]]? = nil
            func assign(_ k: Int, highest: Int) {
                if found != nil { return }
                if k == count {
                    guard highest == n - 1 else { return }
                    var masks = [UInt64](repeating: 0, count: n)
                    for (i, c) in colours.enumerated() { masks[c] |= 1 << UInt64(i) }
                    if masks.contains(where: invalid.contains) { return }
                    var unions = [[Set<CellPosition>]](repeating: [Set<CellPosition>](repeating: [], count: period + 1), count: n)
                    for (i, c) in colours.enumerated() { for t in 0...period { unions[c][t].formUnion(cells[i][t]) } }
                    var faithful = true
                    for c in 0..<n where !standalone(unions[c]) {
                        faithful = false
                        invalid.insert(masks[c])
                    }
                    if faithful { found = unions }
                    return
                }
                for c in 0...min(highest + 1, n - 1) {
                    colours[k] = c
                    assign(k + 1, highest: max(highest, c))
                    if found != nil { return }
                }
            }
            colours[0] = 0
            assign(1, highest: 0)
            if let found { return found }
        }
        return nil
    }

    /// The piece whose cells over `period` generations are `cells` (generations 0...period),
    /// at its own least period.
    static func reduced(_ cells: [Set<CellPosition>], period: Int, dx: Int, dy: Int) -> Piece {
        for q in 1..<period where period % q == 0 && (dx * q) % period == 0 && (dy * q) % period == 0 {
            let (mx, my) = (dx * q / period, dy * q / period)
            let moved = Set(cells[0].map { CellPosition(x: $0.x + mx, y: $0.y + my) })
            if cells[q] == moved {
                return Piece(phases: (0..<q).map { cells[$0].sorted() }, dx: mx, dy: my)
            }
        }
        return Piece(phases: (0..<period).map { cells[$0].sorted() }, dx: dx, dy: dy)
    }
}
