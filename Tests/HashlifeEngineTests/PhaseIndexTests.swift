import Testing
@testable import HashlifeEngine

/// How a multi-threaded step sizes the hash index for its phases (`Universe.phaseIndex`): a
/// phase cannot grow the index, so it grows it first or pauses at a bound; a small step's index
/// grows eightfold, a big step's is made for sixteen times its nodes, and where a step forked no
/// longer decides whether it pauses a third time and gets an index of 100 million buckets.
@Suite struct PhaseIndexTests {
    /// The memory plan of the default 4,096 MB limit, and two workers' emergency ids.
    let planned = NodeStore.plan(memoryLimit: 4096 << 20).buckets
    let margin = Universe.margin(workers: 2)

    @Test func aSmallStepPausesWhereOneThreadWouldGrowTheIndexAndGrowsItEightfold() {
        let growthPoint = NodeStore.indexGrowthPoint(buckets: 131_072)
        #expect(Universe.phaseIndex(count: 100_000, buckets: 131_072, planned: planned, margin: margin)
                    == .run(pausingPast: growthPoint))
        #expect(Universe.phaseIndex(count: growthPoint + 1, buckets: 131_072, planned: planned, margin: margin)
                    == .grow(to: 1_048_576))
    }

    @Test func aBigStepGetsAnIndexForSixteenTimesItsNodesAndPausesAtTwoNodesABucket() {
        let count = 1_573_876
        let big = 16 * (count + margin)
        #expect(Universe.phaseIndex(count: count, buckets: 2_097_152, planned: planned, margin: margin) == .grow(to: big))
        #expect(Universe.phaseIndex(count: count, buckets: big, planned: planned, margin: margin) == .run(pausingPast: 2 * big))
    }

    /// An index of 2^23 buckets or more lets a phase run to two nodes a bucket, as a big
    /// step's does: at 0.75 the phase would pause at six million nodes, and the big step's index
    /// made then would be for sixteen times those.
    @Test func aPhaseWithAnIndexOfABigSizePausesAtTwoNodesABucket() {
        #expect(Universe.phaseIndex(count: 788_366, buckets: 1 << 20, planned: planned, margin: margin) == .grow(to: 1 << 23))
        #expect(Universe.phaseIndex(count: 788_366, buckets: 1 << 23, planned: planned, margin: margin)
                    == .run(pausingPast: 1 << 24))
    }

    @Test func theIndexStopsAtThePlanAndAPhaseThenRunsUnbounded() {
        #expect(Universe.phaseIndex(count: 2_000_000, buckets: 2_097_152, planned: 8_800_000, margin: margin) == .grow(to: 8_800_000))
        #expect(Universe.phaseIndex(count: 6_000_000, buckets: 8_800_000, planned: 8_800_000, margin: margin)
                    == .run(pausingPast: .max))
        #expect(Universe.phaseIndex(count: 330_000, buckets: 262_144, planned: 1_000_000, margin: margin) == .grow(to: 1_000_000))
        // The eightfold growth goes straight to a plan less than half again bigger than it
        // would make the index, and not to one further; the big step's index does not.
        #expect(Universe.phaseIndex(count: 788_366, buckets: 1 << 20, planned: 8_800_000, margin: margin) == .grow(to: 8_800_000))
        #expect(Universe.phaseIndex(count: 788_366, buckets: 1 << 20, planned: 12_800_000, margin: margin) == .grow(to: 1 << 23))
        #expect(Universe.phaseIndex(count: 1_573_876, buckets: 2_097_152, planned: 30_000_000, margin: margin)
                    == .grow(to: 16 * (1_573_876 + margin)))
    }

    /// jagged2 to 2^20 makes 11 million nodes in one step, which forks after 30 ms on one
    /// thread: at 131,072 or at 262,144 buckets, depending on how fast those 30 ms were. Both
    /// starts end with an index of at most 2^25 buckets after two pauses (one start used to
    /// pause three times, the last at 6.3 million nodes, and end with 100 million buckets).
    @Test(arguments: [(128_398, 131_072), (176_628, 262_144)])
    func aStepPausesAtMostTwiceWhereverItForked(start: (count: Int, buckets: Int)) {
        let made = 11_071_632
        var (count, buckets, pauses, finished) = (start.count, start.buckets, 0, false)
        for _ in 0..<20 where !finished {
            switch Universe.phaseIndex(count: count, buckets: buckets, planned: planned, margin: margin) {
            case let .grow(to: grown):
                #expect(grown > buckets)
                buckets = grown
            case let .run(pausingPast: bound):
                finished = made <= bound
                if !finished { (count, pauses) = (bound + 1, pauses + 1) }
            }
        }
        #expect(finished)
        #expect(pauses <= 2)
        #expect(buckets <= 1 << 25)
    }
}
