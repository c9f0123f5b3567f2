import Testing
@testable import HashlifeEngine

/// How the hash index grows as nodes are made (`NodeStore.growIndexForInserts`): twofold at
/// 1.25 nodes a bucket while small, at 0.75 from `sparseBuckets` on (fourfold to
/// `fourfoldBuckets`, then twofold; straight to the plan when a growth would stop less than
/// half again short of it), and every node stays findable.
@Suite struct IndexGrowthTests {
    @Test func aSmallIndexDoublesAtOneAndAQuarterNodesABucket() {
        var store = NodeStore(rule: .life, memoryLimit: 1 << 30)
        var sizes = [store.arena.bucketCount]
        var loadKept = true
        var bits: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<60_000 {
            bits = bits &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            _ = store.leaf(bits)
            loadKept = loadKept && store.arena.count * 4 <= store.arena.bucketCount * 5
            if store.arena.bucketCount != sizes.last { sizes.append(store.arena.bucketCount) }
        }
        #expect(loadKept)
        let doublings: [Int] = [4096, 8192, 16384, 32768, 65536]
        #expect(sizes == doublings)
    }

    @Test func aBigIndexGrowsAtThreeQuartersOfANodeABucket() {
        var store = NodeStore(rule: .life, memoryLimit: 1 << 30)
        let made = makeLeaves(20_000, in: &store, seed: 0x9E37_79B9_7F4A_7C15)
        let sparse = TwoStateArena.sparseBuckets, fourfold = TwoStateArena.fourfoldBuckets
        store.arena.growIndex(to: sparse / 2)
        let densePoint = sparse / 2 + sparse / 8
        #expect(store.arena.indexGrowthPoint == densePoint)
        store.growIndexForInserts()
        #expect(store.arena.bucketCount == sparse)
        let sparsePoint = sparse - sparse / 4
        #expect(store.arena.indexGrowthPoint == sparsePoint)
        store.growIndexForInserts()
        #expect(store.arena.bucketCount == fourfold)
        store.growIndexForInserts()
        let doubled = 2 * fourfold
        #expect(store.arena.bucketCount == doubled)
        let nodes = store.nodeCount
        #expect(made.allSatisfy { store.leaf($0.bits) == $0.id })
        #expect(store.nodeCount == nodes)
    }

    @Test func aGrowthThatWouldStopJustShortOfThePlanGoesToThePlan() {
        var store = NodeStore(rule: .life, memoryLimit: 1 << 30)
        let made = makeLeaves(5_000, in: &store, seed: 0x2545_F491_4F6C_DD1D)
        store.arena.growIndex(to: 8192)
        store.plan.plannedBuckets = 40_000
        store.growIndexForInserts()
        #expect(store.arena.bucketCount == 16_384)  // 23,616 short of the plan: more than half again
        store.growIndexForInserts()
        #expect(store.arena.bucketCount == 40_000)  // 32,768 would be 7,232 short: less than half again
        store.arena.growIndex(to: 8192)
        store.plan.plannedBuckets = 20_000
        store.growIndexForInserts()
        #expect(store.arena.bucketCount == 20_000)  // 16,384 would be 3,616 short
        #expect(made.allSatisfy { store.leaf($0.bits) == $0.id })
    }

    /// `count` leaves of pseudo-random cells made in `store`, with their ids.
    private func makeLeaves(_ count: Int, in store: inout NodeStore, seed: UInt64) -> [(bits: UInt64, id: NodeID)] {
        var made: [(bits: UInt64, id: NodeID)] = []
        var bits = seed
        for _ in 0..<count {
            bits = bits &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            made.append((bits, store.leaf(bits)))
        }
        return made
    }
}
