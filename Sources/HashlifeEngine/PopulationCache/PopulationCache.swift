// Populations, counted on demand and cached by id.
//
// Populations are not kept per node: a query counts them, caching the counts it makes, which
// collections drop for the nodes they free. Counts up to level 15 go in a side table by id (at
// most 1/32 of the limit), those of levels 16 to 127 in dictionaries (at most 1/128). Counts
// above level 127 are cached only in the room the nodes leave below the limit: a tree 65,000
// levels deep would need a number of up to 130,000 bits for every node (gigabytes, quadratic in
// the depth); past that room a count walks down level by level with the number of paths to
// each distinct node, caching nothing (NodeStore+Population.swift). Every cached digit counts
// in the store's `cacheBytes`.

/// The populations queries have counted, by node id and level band, and the bytes they hold.
/// Keyed by id only, with no knowledge of the record: any engine's store can keep its counts
/// (of live cells, or of cells in a given state) in one.
struct PopulationCache {
    /// Highest level whose count is cached in `small` (4^15 < 2^32).
    static let smallLevel = 15
    /// Highest level whose 4^level cells always fit a UInt64 count (`word`).
    static let wordLevel = 31
    /// Highest level whose count goes in `big` (at most 256 bits a count). Counts above it go in
    /// `deep` only while they fit in the room the nodes leave (`NodeStore.deepPopulationRoom`).
    static let bigLevel = 127

    /// Counts of nodes up to level 15, by id.
    var small = SideTable()
    /// Counts of nodes of levels 16 to 31 (few: the top of trees).
    var word: [UInt32: UInt64] = [:]
    /// Counts of nodes of levels 32 to `bigLevel`.
    var big: [UInt32: BigUInt] = [:]
    /// Bytes `word` and `big` hold (entries and the numbers' digits), and the most they may:
    /// when full they are emptied and refilled.
    var largeBytes = 0
    var largeMaximumBytes: Int
    /// Counts of nodes above `bigLevel`, while they fit, and the bytes they hold.
    var deep: [UInt32: BigUInt] = [:]
    var deepBytes = 0

    init(memoryLimit: Int) {
        small.maximumBytes = MemoryPlan.sideTableBytes(memoryLimit: memoryLimit)
        largeMaximumBytes = MemoryPlan.largePopulationBytes(memoryLimit: memoryLimit)
    }

    /// Bytes held.
    var bytes: Int { small.bytes + largeBytes + deepBytes }

    /// Applies a new memory limit: the shares follow it, and caches above them are emptied.
    mutating func setLimit(memoryLimit: Int) {
        small.maximumBytes = MemoryPlan.sideTableBytes(memoryLimit: memoryLimit)
        if small.bytes > small.maximumBytes { small.removeAll() }
        largeMaximumBytes = MemoryPlan.largePopulationBytes(memoryLimit: memoryLimit)
        if largeBytes > largeMaximumBytes { clearLarge() }
        trim()
    }

    /// Records the count of a node of level 16 … 31, emptying the large caches first when full.
    mutating func setWord(_ id: NodeID, _ count: UInt64) {
        if largeBytes + MemoryPlan.bytesPerSideEntry > largeMaximumBytes { clearLarge() }
        word[id] = count
        largeBytes += MemoryPlan.bytesPerSideEntry
    }

    /// Records the count of a node of level 32 … `bigLevel`, emptying the large caches first
    /// when full.
    mutating func setBig(_ id: NodeID, _ count: BigUInt) {
        let bytes = MemoryPlan.bytesPerSideEntry + count.bitWidth / 8
        if largeBytes + bytes > largeMaximumBytes { clearLarge() }
        big[id] = count
        largeBytes += bytes
    }

    /// Records the count of a node above `bigLevel` if it fits in `room` bytes; false otherwise.
    mutating func setDeep(_ id: NodeID, _ count: BigUInt, room: Int) -> Bool {
        let bytes = MemoryPlan.bytesPerSideEntry + count.bitWidth / 8
        guard deepBytes + bytes <= room else { return false }
        deep[id] = count
        deepBytes += bytes
        return true
    }

    /// Empties the caches of levels 16 to `bigLevel`.
    mutating func clearLarge() {
        big.removeAll()
        word.removeAll()
        largeBytes = 0
    }

    /// Gives back to the nodes the room deep counts took beyond their share (before each step).
    mutating func trim() {
        if deepBytes > largeMaximumBytes {
            deep.removeAll()
            deepBytes = 0
        }
    }

    /// Drops the counts of the nodes `marks` does not keep (after a collection): the large ones
    /// are filtered, the others emptied (a freed id may come back as another node).
    mutating func sweep(keeping marks: MarkBits) {
        if !big.isEmpty { big = big.filter { marks[$0.key] } }
        if !word.isEmpty { word = word.filter { marks[$0.key] } }
        largeBytes = word.count * MemoryPlan.bytesPerSideEntry
            + big.values.reduce(0) { $0 + MemoryPlan.bytesPerSideEntry + $1.bitWidth / 8 }
        deep.removeAll()
        deepBytes = 0
        small.removeAll()
    }
}
