import Testing
@testable import HashlifeEngine
import HashlifeTestSupport

/// Debug builds check the store's invariants at the universe's safe points (HASHLIFE_INVARIANTS).
@Suite struct InvariantCheckTests {
    @Test(.enabled(if: Universe.checksInvariants, "a release build: the checks are compiled out"))
    func aBrokenStoreIsCaughtAtTheNextRegionOperation() async {
        await #expect(processExitsWith: .failure) {
            let universe = Universe()
            universe.setCell(x: 0, y: 0)
            universe.setCell(x: 1, y: 0)
            // Break canonicity: a second record with the root's children.
            let r = universe.store.record(universe.root)
            _ = universe.store.insert(r.nw, r.ne, r.sw, r.se, bucket: universe.store.bucket(of: r))
            universe.clear(inside: CellRect(x: 1, y: 0, width: 1, height: 1))
        }
    }

    @Test func aHealthyStorePassesTheChecksAtEverySafePoint() {
        let universe = Universe(memoryLimit: 1 << 20)
        for i in 0..<200 { universe.setCell(x: i * 7 % 61, y: i * 13 % 53) }
        universe.step(by: 50)
        universe.collect()
        universe.clear(inside: CellRect(x: 10, y: 10, width: 20, height: 20))
        universe.fill(CellRect(x: -5, y: -5, width: 3, height: 3))
        #expect(universe.invariantViolations().isEmpty)
    }

    /// Memo hits compare stamps with the clock's precomputed bits (`NodeStore.tickBits`); when a
    /// collection winds the clock back they must follow it, or hits would stamp nodes after the
    /// clock (which the checks report) and the next collection would keep the wrong ones.
    @Test func theClockStampBitsFollowTheClockWhenCollectionsWindItBack() {
        let universe = Universe(memoryLimit: 1 << 20)
        universe.load(cells: randomSoup(width: 128, height: 128, density: 0.375, seed: 77).lazy.map { (x: $0.x, y: $0.y) })
        var woundBack = false
        var lastTick = universe.store.tick
        for jump in [16, 64, 128, 256, 256, 512] {
            universe.step(by: BigUInt(jump))
            woundBack = woundBack || universe.store.tick < lastTick
            lastTick = universe.store.tick
            #expect(universe.store.tickBits == NodeRecord.topBits(universe.store.tick))
            #expect(universe.invariantViolations().isEmpty)
        }
        #expect(universe.statistics.collections > 0)
        #expect(woundBack, "no collection wound the clock back: the test checks nothing")
    }
}
