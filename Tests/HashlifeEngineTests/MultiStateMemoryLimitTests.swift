import Testing
@testable import HashlifeEngine
import HashlifeTestSupport

/// The multi-state store keeps the memory limit as the two-state one does: its records and its
/// index stay within the limit however full the store gets, and a soup stepped under a tight
/// limit ends where an unlimited universe does.
@Suite struct MultiStateMemoryLimitTests {
    static let megabyte = 1 << 20

    /// Fills a store to its capacity with distinct leaves, the most nodes it makes before a
    /// collection, and checks the bytes it has touched. At 160 MB the index once grew to twice
    /// the planned buckets (a fifth of the limit beyond it), at 4 GB to 1 GB of buckets.
    @Test(arguments: [5, 48, 160])
    func aFullStoreStaysWithinItsLimit(megabytes: Int) throws {
        var store = MultiStateStore(rule: try MultiStateRule("/2/3"), memoryLimit: megabytes * Self.megabyte)
        var rows = SplitMix64(seed: UInt64(megabytes))
        var made: UInt32 = 0
        while !store.needsCollection {
            let word = rows.next()
            _ = store.leaf(UInt32(truncatingIfNeeded: word), UInt32(truncatingIfNeeded: word >> 32), made, 1)
            made += 1
        }
        #expect(store.arena.count + MemoryPlan.reserve >= store.nodeCapacity)
        #expect(store.bytesInUse <= store.limitBytes, "\(store.bytesInUse) bytes in \(store.arena.bucketCount) buckets and \(store.arena.count) records under a limit of \(store.limitBytes)")
        #expect(store.arena.bucketCount >= store.nodeCapacity / 2, "the index grew to \(store.arena.bucketCount) buckets for \(store.nodeCapacity) nodes")
    }

    /// A Brian's Brain soup under a limit it must collect at: the same cells as an unlimited
    /// universe at every checkpoint, and the store never past the limit.
    @Test func aSoupUnderATightLimitMatchesAnUnlimitedUniverse() throws {
        let rule = try MultiStateRule("/2/3")
        var random = SplitMix64(seed: 7)
        var cells: [(x: Int, y: Int, state: UInt8)] = []
        for y in 0..<96 {
            for x in 0..<96 where random.next() % 2 == 0 {
                cells.append((x, y, UInt8(1 + random.next() % 2)))
            }
        }
        let limited = MultiStateUniverse(rule: rule, memoryLimit: 2 * Self.megabyte)
        let unlimited = MultiStateUniverse(rule: rule)
        limited.load(cells: cells)
        unlimited.load(cells: cells)
        for jump in [1, 7, 64, 100, 128] {
            try limited.step(by: BigUInt(jump), control: nil)
            try unlimited.step(by: BigUInt(jump), control: nil)
            #expect(limited.population == unlimited.population, "generation \(limited.generation)")
            #expect(limited.cells().elementsEqual(unlimited.cells(), by: { $0 == $1 }), "generation \(limited.generation)")
            #expect(limited.statistics.bytes <= limited.statistics.limitBytes, "\(limited.statistics.bytes) bytes under \(limited.statistics.limitBytes)")
        }
        #expect(limited.statistics.collections > 0, "the limit never bit")
    }
}
