import Testing
@testable import HashlifeEngine
import HashlifeTestSupport

/// A multi-threaded step grows the hash index in the middle of a phase, where one thread would
/// grow it, while its workers wait (Parallel/ParallelPhase+Index.swift), instead of unwinding
/// and rerunning the phase with an index made for sixteen times the nodes.
@Suite struct PhaseIndexTests {
    /// One jump of a 1600×1600 soup, which forks at once and makes about a million nodes, with
    /// one thread and with `threads`; the same cells, an index that grew within the one phase
    /// to at most twice the size one thread's has, every chain intact.
    @Test(arguments: [2, 8])
    func aPhaseGrowsTheIndexWhereOneThreadWouldWithoutPausing(threads: Int) {
        let cells = randomSoup(width: 1600, height: 1600, density: 0.4, seed: 74)
        let one = Universe(rule: .life, referenceCells: cells)
        let many = Universe(rule: .life, referenceCells: cells)
        // The million nodes of the level-6 squares (the 128×128 ones make a third as many).
        one.store.stepping.usesSquare128 = false
        many.store.stepping.usesSquare128 = false
        many.threads = threads
        many.parallel.missesBeforeForking = 0
        many.parallel.narrowForkNanoseconds = 0
        let bucketsBefore = many.store.arena.bucketCount
        one.step(by: BigUInt.powerOfTwo(9))
        many.step(by: BigUInt.powerOfTwo(9))
        #expect(many.population == one.population)
        #expect(many.referenceCells == one.referenceCells)
        #expect(many.parallel.phases.run == 1, "the step ran \(many.parallel.phases.run) phases")
        #expect(many.parallel.phases.indexGrowths >= 1, "the index grew \(many.parallel.phases.indexGrowths) times within the phase")
        let (nodes, buckets, oneThreadsBuckets) = (many.store.arena.count, many.store.arena.bucketCount, one.store.arena.bucketCount)
        #expect(buckets > bucketsBefore)
        let growthPoint = TwoStateArena.indexGrowthPoint(buckets: buckets)
        #expect(nodes <= growthPoint, "\(nodes) nodes in \(buckets) buckets")
        #expect(buckets <= 2 * oneThreadsBuckets, "\(buckets) buckets against one thread's \(oneThreadsBuckets)")
        #expect(many.invariantViolations().isEmpty)
    }

    /// The sizes a phase grows an index to: 2^18, 2^21, 2^22, 2^24 (one thread's sizes from
    /// 2^22, fewer steps below), then twofold; never past the plan, and straight to it when it
    /// is near.
    @Test func aPhaseGrowsTheIndexOnALadderOfOneThreadsSizes() {
        let planned = MemoryPlan.plan(memoryLimit: 4096 << 20).buckets
        var sizes: [Int] = []
        var buckets = 1 << 17
        while buckets < 1 << 26 {
            buckets = ParallelPhase.grownIndex(from: buckets, planned: planned)
            sizes.append(buckets)
        }
        let ladder: [Int] = [1 << 18, 1 << 21, 1 << 22, 1 << 24, 1 << 25, 1 << 26]
        #expect(sizes == ladder)
        let fromHalfway = ParallelPhase.grownIndex(from: 1 << 19, planned: planned)
        #expect(fromHalfway == 1 << 21)
        let nearPlan = ParallelPhase.grownIndex(from: 1 << 22, planned: 8_800_000)
        #expect(nearPlan == 8_800_000)
        let farPlan = ParallelPhase.grownIndex(from: 1 << 22, planned: 30_000_000)
        #expect(farPlan == 1 << 24)
        let atPlan = ParallelPhase.indexBound(buckets: 8_800_000, planned: 8_800_000)
        #expect(atPlan == .max)
        let bound = ParallelPhase.indexBound(buckets: 1 << 22, planned: planned)
        #expect(bound == TwoStateArena.indexGrowthPoint(buckets: 1 << 22))
    }
}
