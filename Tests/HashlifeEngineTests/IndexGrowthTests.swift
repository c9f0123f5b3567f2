import Testing
@testable import HashlifeEngine

/// How the hash index grows as nodes are made (`NodeStore.growIndexForInserts`): chains stay
/// at 0.75 nodes a bucket at most, the index grows fourfold while small and twofold beyond, and
/// every node stays findable.
@Suite struct IndexGrowthTests {
    @Test func theIndexGrowsFourfoldWhileSmallThenTwofoldAndKeepsChainsShort() {
        var store = NodeStore(rule: .life, memoryLimit: 1 << 30)
        var sizes = [store.bucketCount]
        var made: [(bits: UInt64, id: NodeID)] = []
        var loadKept = true
        var bits: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<60_000 {
            bits = bits &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            made.append((bits, store.leaf(bits)))
            loadKept = loadKept && store.count * 4 <= store.bucketCount * 3
            if store.bucketCount != sizes.last { sizes.append(store.bucketCount) }
        }
        #expect(loadKept)
        #expect(sizes == [1 << 12, 1 << 14, 1 << 16, 1 << 18])
        // Past `fourfoldBuckets` the index doubles.
        store.growIndex(to: NodeStore.fourfoldBuckets)
        store.growIndexForInserts()
        #expect(store.bucketCount == 2 * NodeStore.fourfoldBuckets)
        let nodes = store.nodeCount
        #expect(made.allSatisfy { store.leaf($0.bits) == $0.id })
        #expect(store.nodeCount == nodes)
    }
}
