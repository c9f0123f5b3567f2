// GridTiling+Tube.swift — a tube (`:T0,h` or `:Tw,0`) as a hash-consed tree: periodic along its
// bounded direction, finite along the unbounded one.
//
// Along the unbounded direction positions stay absolute (big integers: a 2^k step needs a tree
// 2^(k+2) cells wide) and every node clear of the live cells' window is the empty node, so a
// level costs the nodes that meet the window, about (window / 2^level + 1) × period.

struct TubeTiling {
    let grid: Grid
    /// The live cells: the bounded direction whole, the unbounded one a window of it.
    let cells: GridBitmap

    /// True for `:T0,h` (x unbounded), false for `:Tw,0` (y unbounded).
    var unboundedX: Bool { grid.width == 0 }
    private var period: Int { unboundedX ? grid.height : grid.width }
    /// The window along the unbounded direction, grid-relative: [windowStart, windowEnd).
    private var windowStart: Int { unboundedX ? cells.originI : cells.originJ }
    private var windowEnd: Int { windowStart + (unboundedX ? cells.width : cells.height) }

    private struct Key: Hashable {
        let level: Int, u: BigInt, b: Int
    }

    /// The tree of `level` whose top-left is Golly's frame corner for that level, filled with the tube.
    func tree(level: Int, in store: inout NodeStore) -> NodeID {
        // halves[j] = 2^(j-1) modulo the period, j ≥ 4.
        var halves = [Int](repeating: 0, count: level + 2)
        halves[4] = 8 % period
        if level + 1 >= 5 {
            for j in 5...(level + 1) { halves[j] = 2 * halves[j - 1] % period }
        }
        let half = BigInt(BigUInt.powerOfTwo(level - 1))
        let cornerX = BigInt.zero - half - BigInt(grid.left), cornerY = BigInt(1) - half - BigInt(grid.top)
        let (u0, b0) = unboundedX ? (cornerX, cornerY) : (cornerY, cornerX)
        let start = b0.floorDivided(by: BigUInt(UInt64(period))).remainder.intValue!
        let low = BigInt(windowStart), high = BigInt(windowEnd)
        var memo: [Key: NodeID] = [:]
        func build(_ j: Int, _ u: BigInt, _ b: Int) -> NodeID {
            let side = BigInt(BigUInt.powerOfTwo(j))
            if u + side <= low || u >= high { return store.emptyNode(level: j) }
            let key = Key(level: j, u: u, b: b)
            if let id = memo[key] { return id }
            let id: NodeID
            if j == NodeStore.leafLevel {
                let first = u.intValue!
                var bits: UInt64 = 0
                for du in 0..<8 {
                    for db in 0..<8 where isAlive(first + du, (b + db) % period) {
                        bits |= 1 << UInt64(unboundedX ? db * 8 + du : du * 8 + db)
                    }
                }
                id = store.leaf(bits)
            } else {
                let h = BigInt(BigUInt.powerOfTwo(j - 1)), far = (b + halves[j]) % period
                // Children in nw, ne, sw, se order: east moves x, south moves y.
                let nw = build(j - 1, u, b)
                let ne = unboundedX ? build(j - 1, u + h, b) : build(j - 1, u, far)
                let sw = unboundedX ? build(j - 1, u, far) : build(j - 1, u + h, b)
                let se = build(j - 1, u + h, far)
                id = store.node(nw, ne, sw, se)
            }
            memo[key] = id
            return id
        }
        return build(level, u0, start)
    }

    /// The cell at grid-relative position `u` along the unbounded direction, `b` along the other.
    private func isAlive(_ u: Int, _ b: Int) -> Bool {
        guard u >= windowStart && u < windowEnd else { return false }
        return unboundedX ? cells[u - cells.originI, b] : cells[b, u - cells.originJ]
    }
}
