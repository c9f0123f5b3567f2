// Populations, cached per node.

extension NodeStore {
    /// Highest level whose 4^level cells always fit a UInt64 count.
    static let smallPopulationLevel = 31

    /// Live cells in a node of `level`.
    /// - Complexity: O(distinct descendants not yet counted); O(1) once cached.
    mutating func population(_ id: NodeID, level: Int) -> BigUInt {
        if level <= NodeStore.smallPopulationLevel { return BigUInt(smallPopulation(id, level: level)) }
        if isEmpty(id, level: level) { return .zero }
        if let cached = bigPopulations[id] { return cached }
        let r = nodes[Int(id)]
        var total = population(r.nw, level: level - 1)
        total += population(r.ne, level: level - 1)
        total += population(r.sw, level: level - 1)
        total += population(r.se, level: level - 1)
        bigPopulations[id] = total
        return total
    }

    /// Highest level whose count is cached in the arena-parallel UInt32 array (4^15 < 2^32 - 1).
    static let arrayPopulationLevel = 15

    /// Live cells in a node of `level` ≤ 31.
    mutating func smallPopulation(_ id: NodeID, level: Int) -> UInt64 {
        if level > NodeStore.arrayPopulationLevel {
            if let cached = wordPopulations[id] { return cached }
            let r = nodes[Int(id)]
            let total = smallPopulation(r.nw, level: level - 1) + smallPopulation(r.ne, level: level - 1)
                + smallPopulation(r.sw, level: level - 1) + smallPopulation(r.se, level: level - 1)
            wordPopulations[id] = total
            return total
        }
        let cached = populations[Int(id)]
        if cached != NodeStore.unknownPopulation { return UInt64(cached) }
        let r = nodes[Int(id)]
        let total: UInt64
        if level == NodeStore.leafLevel {
            total = UInt64((UInt64(r.nw) | UInt64(r.ne) &<< 32).nonzeroBitCount)
        } else {
            total = smallPopulation(r.nw, level: level - 1) + smallPopulation(r.ne, level: level - 1)
                + smallPopulation(r.sw, level: level - 1) + smallPopulation(r.se, level: level - 1)
        }
        populations[Int(id)] = UInt32(total)
        return total
    }
}
