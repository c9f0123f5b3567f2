import Testing
@testable import HashlifeEngine

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
}
