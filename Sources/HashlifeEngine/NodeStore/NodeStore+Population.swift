// Populations, computed on demand and cached for the nodes that were asked about, and the
// side table that holds them.

/// A side table of 32-bit values by non-zero 64-bit key (a node id, or an id and a step):
/// open addressing with linear probing at load at most 1/2, 12 bytes a slot. Used for the
/// population cache and for results too deep for a record's tag. It holds only what was put
/// in, and never grows past `maximumBytes`: a full table is emptied and refilled (both uses
/// are caches, so only time is lost). Collections empty it (a freed id may come back as
/// another node).
struct SideTable {
    private var keys: [UInt64] = []
    private var values: [UInt32] = []
    private var used = 0
    /// The most the table may hold, in bytes.
    var maximumBytes = Int.max

    /// Bytes held.
    var bytes: Int { keys.count * (MemoryLayout<UInt64>.stride + MemoryLayout<UInt32>.stride) }
    var count: Int { used }

    subscript(key: UInt64) -> UInt32? {
        guard !keys.isEmpty else { return nil }
        let mask = keys.count - 1
        var i = SideTable.home(key, mask)
        while true {
            let k = keys[i]
            if k == key { return values[i] }
            if k == 0 { return nil }
            i = (i + 1) & mask
        }
    }

    /// Records `value` for `key` (≠ 0), replacing what it had.
    mutating func set(_ key: UInt64, _ value: UInt32) {
        if (used + 1) * 2 > keys.count { grow() }
        let mask = keys.count - 1
        var i = SideTable.home(key, mask)
        while keys[i] != 0 && keys[i] != key { i = (i + 1) & mask }
        if keys[i] == 0 { used += 1 }
        keys[i] = key
        values[i] = value
    }

    mutating func removeAll() {
        keys = []
        values = []
        used = 0
    }

    private static func home(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> 32) & mask
    }

    private mutating func grow() {
        let wanted = max(keys.count * 2, 1 << 8)
        if !keys.isEmpty && wanted * 12 > maximumBytes {
            keys.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            used = 0
            return
        }
        let (oldKeys, oldValues) = (keys, values)
        keys = [UInt64](repeating: 0, count: wanted)
        values = [UInt32](repeating: 0, count: wanted)
        used = 0
        for (k, v) in zip(oldKeys, oldValues) where k != 0 { set(k, v) }
    }
}

extension NodeStore {
    /// Highest level whose 4^level cells always fit a UInt64 count.
    static let smallPopulationLevel = 31

    /// Highest level whose population goes in `bigPopulations` (at most 256 bits a count,
    /// within `largePopulationMaximumBytes`). Counts above it go in `deepPopulations` only while
    /// they fit in the room the nodes leave (`deepPopulationRoom`): a tree 65,000 levels deep
    /// would need a number of up to 130,000 bits for every node of every level (gigabytes,
    /// quadratic in the depth). Past that room a count walks down from the node instead
    /// (`deepPopulation`), caching nothing: memory stays bounded, and repeated counts of such
    /// trees cost time.
    static let cachedBigPopulationLevel = 127

    /// Live cells in a node of `level`.
    /// - Complexity: O(distinct descendants not yet counted); O(1) once cached. Above
    ///   `cachedBigPopulationLevel` when the room for counts is used up: O(distinct
    ///   descendants not cached) big additions each time.
    mutating func population(_ id: NodeID, level: Int) -> BigUInt {
        if level <= NodeStore.smallPopulationLevel { return BigUInt(smallPopulation(id, level: level)) }
        if isEmpty(id, level: level) { return .zero }
        if level > NodeStore.cachedBigPopulationLevel {
            return cachedDeepPopulation(id, level: level) ?? deepPopulation(id, level: level)
        }
        if let cached = bigPopulations[id] { return cached }
        let r = nodes[Int(id)]
        var total = population(r.nw, level: level - 1)
        total += population(r.ne, level: level - 1)
        total += population(r.sw, level: level - 1)
        total += population(r.se, level: level - 1)
        let bytes = NodeStore.bytesPerSideEntry + total.bitWidth / 8
        if largePopulationBytes + bytes > largePopulationMaximumBytes { clearLargePopulations() }
        bigPopulations[id] = total
        largePopulationBytes += bytes
        return total
    }

    /// Bytes `deepPopulations` may hold now: its share of the limit (1/128), or all the room the
    /// nodes and the other caches leave below the limit less 1/16 of it, whichever is more.
    /// (Steps give the room back: `trimCaches`.)
    var deepPopulationRoom: Int {
        max(largePopulationMaximumBytes, limitBytes - limitBytes / 16 - (bytesInUse - deepPopulationBytes))
    }

    /// A count above `cachedBigPopulationLevel` by recursion, caching every count it makes in
    /// `deepPopulations`; nil as soon as one would not fit in `deepPopulationRoom` (the counts
    /// made so far stay).
    mutating func cachedDeepPopulation(_ id: NodeID, level: Int) -> BigUInt? {
        if level <= NodeStore.cachedBigPopulationLevel { return population(id, level: level) }
        if isEmpty(id, level: level) { return .zero }
        if let cached = deepPopulations[id] { return cached }
        let r = nodes[Int(id)]
        guard var total = cachedDeepPopulation(r.nw, level: level - 1), let ne = cachedDeepPopulation(r.ne, level: level - 1),
              let sw = cachedDeepPopulation(r.sw, level: level - 1), let se = cachedDeepPopulation(r.se, level: level - 1) else { return nil }
        total += ne
        total += sw
        total += se
        let bytes = NodeStore.bytesPerSideEntry + total.bitWidth / 8
        guard deepPopulationBytes + bytes <= deepPopulationRoom else { return nil }
        deepPopulations[id] = total
        deepPopulationBytes += bytes
        return total
    }

    /// The population of a node above `cachedBigPopulationLevel`, caching nothing: level by
    /// level, each distinct node with the number of paths that reach it from `id` (so a tree
    /// 65,000 levels deep takes memory for two levels' worth of numbers, not for every node),
    /// down to nodes whose counts are cached or `cachedBigPopulationLevel`; the sum of the
    /// numbers times those counts. Iterative: no stack depth.
    mutating func deepPopulation(_ id: NodeID, level: Int) -> BigUInt {
        var frontier: [NodeID: BigUInt] = [id: .one]
        var total = BigUInt.zero
        var k = level
        while k > NodeStore.cachedBigPopulationLevel {
            var next: [NodeID: BigUInt] = [:]
            next.reserveCapacity(frontier.count * 2)
            for (node, paths) in frontier {
                if let known = deepPopulations[node] {
                    total += paths * known
                    continue
                }
                let r = nodes[Int(node)]
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

    /// Gives back to the nodes the room deep counts took beyond their share (called before
    /// each step).
    mutating func trimCaches() {
        if deepPopulationBytes > largePopulationMaximumBytes {
            deepPopulations.removeAll()
            deepPopulationBytes = 0
        }
    }

    /// Empties the caches of populations above level 15 (they hold at most
    /// `largePopulationMaximumBytes`).
    mutating func clearLargePopulations() {
        bigPopulations.removeAll()
        wordPopulations.removeAll()
        largePopulationBytes = 0
    }

    /// Highest level whose count is cached in `populations` (4^15 < 2^32).
    static let cachedPopulationLevel = 15

    /// Live cells in a node of `level` ≤ 31. Leaves are counted, not cached; empty nodes are 0.
    mutating func smallPopulation(_ id: NodeID, level: Int) -> UInt64 {
        let r = nodes[Int(id)]
        if level == NodeStore.leafLevel { return UInt64(r.cells.nonzeroBitCount) }
        if isEmpty(id, level: level) { return 0 }
        if level > NodeStore.cachedPopulationLevel {
            if let cached = wordPopulations[id] { return cached }
        } else if let cached = populations[UInt64(id)] {
            return UInt64(cached)
        }
        let total = smallPopulation(r.nw, level: level - 1) + smallPopulation(r.ne, level: level - 1)
            + smallPopulation(r.sw, level: level - 1) + smallPopulation(r.se, level: level - 1)
        if level > NodeStore.cachedPopulationLevel {
            if largePopulationBytes + NodeStore.bytesPerSideEntry > largePopulationMaximumBytes { clearLargePopulations() }
            wordPopulations[id] = total
            largePopulationBytes += NodeStore.bytesPerSideEntry
        } else {
            populations.set(UInt64(id), UInt32(total))
        }
        return total
    }
}
