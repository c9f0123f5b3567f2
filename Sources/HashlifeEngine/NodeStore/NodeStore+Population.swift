// Counting live cells, with the counts cached in `PopulationCache`.

extension NodeStore {
    /// Live cells in a node of `level`.
    /// - Complexity: O(distinct descendants not yet counted); O(1) once cached. Above
    ///   `PopulationCache.bigLevel` when the room for counts is used up: O(distinct descendants
    ///   not cached) big additions each time.
    mutating func population(_ id: NodeID, level: Int) -> BigUInt {
        if level <= PopulationCache.wordLevel { return BigUInt(smallPopulation(id, level: level)) }
        if isEmpty(id, level: level) { return .zero }
        if level > PopulationCache.bigLevel {
            return cachedDeepPopulation(id, level: level) ?? deepPopulation(id, level: level)
        }
        if let cached = populations.big[id] { return cached }
        let r = arena[id]
        var total = population(r.nw, level: level - 1)
        total += population(r.ne, level: level - 1)
        total += population(r.sw, level: level - 1)
        total += population(r.se, level: level - 1)
        populations.setBig(id, total)
        return total
    }

    /// Bytes deep counts may hold now: their share of the limit (1/128), or all the room the
    /// nodes and the other caches leave below the limit less 1/16 of it, whichever is more.
    /// (Steps give the room back: `PopulationCache.trim`.)
    var deepPopulationRoom: Int {
        max(populations.largeMaximumBytes, plan.limitBytes - plan.limitBytes / 16 - (bytesInUse - populations.deepBytes))
    }

    /// A count above `PopulationCache.bigLevel` by recursion, caching every count it makes; nil
    /// as soon as one would not fit in `deepPopulationRoom` (the counts made so far stay).
    mutating func cachedDeepPopulation(_ id: NodeID, level: Int) -> BigUInt? {
        if level <= PopulationCache.bigLevel { return population(id, level: level) }
        if isEmpty(id, level: level) { return .zero }
        if let cached = populations.deep[id] { return cached }
        let r = arena[id]
        guard var total = cachedDeepPopulation(r.nw, level: level - 1), let ne = cachedDeepPopulation(r.ne, level: level - 1),
              let sw = cachedDeepPopulation(r.sw, level: level - 1), let se = cachedDeepPopulation(r.se, level: level - 1) else { return nil }
        total += ne
        total += sw
        total += se
        guard populations.setDeep(id, total, room: deepPopulationRoom) else { return nil }
        return total
    }

    /// The population of a node above `PopulationCache.bigLevel`, caching nothing: level by
    /// level, each distinct node with the number of paths that reach it from `id` (so a tree
    /// 65,000 levels deep takes memory for two levels' worth of numbers, not for every node),
    /// down to nodes whose counts are cached or `PopulationCache.bigLevel`; the sum of the
    /// numbers times those counts. Iterative: no stack depth.
    mutating func deepPopulation(_ id: NodeID, level: Int) -> BigUInt {
        var frontier: [NodeID: BigUInt] = [id: .one]
        var total = BigUInt.zero
        var k = level
        while k > PopulationCache.bigLevel {
            var next: [NodeID: BigUInt] = [:]
            next.reserveCapacity(frontier.count * 2)
            for (node, paths) in frontier {
                if let known = populations.deep[node] {
                    total += paths * known
                    continue
                }
                let r = arena[node]
                for child in [r.nw, r.ne, r.sw, r.se] where !isEmpty(child, level: k - 1) {
                    next[child, default: .zero] += paths
                }
            }
            frontier = next
            k -= 1
        }
        for (node, paths) in frontier { total += paths * population(node, level: k) }
        return total
    }

    /// Gives back to the nodes the room deep counts took beyond their share (called before each
    /// step).
    mutating func trimCaches() { populations.trim() }

    /// Live cells in a node of `level` ≤ 31. Leaves are counted, not cached; empty nodes are 0.
    mutating func smallPopulation(_ id: NodeID, level: Int) -> UInt64 {
        let r = arena[id]
        if level == NodeStore.leafLevel { return UInt64(r.cells.nonzeroBitCount) }
        if isEmpty(id, level: level) { return 0 }
        if level > PopulationCache.smallLevel {
            if let cached = populations.word[id] { return cached }
        } else if let cached = populations.small[UInt64(id)] {
            return UInt64(cached)
        }
        let total = smallPopulation(r.nw, level: level - 1) + smallPopulation(r.ne, level: level - 1)
            + smallPopulation(r.sw, level: level - 1) + smallPopulation(r.se, level: level - 1)
        if level > PopulationCache.smallLevel {
            populations.setWord(id, total)
        } else {
            populations.small.set(UInt64(id), UInt32(total))
        }
        return total
    }
}
