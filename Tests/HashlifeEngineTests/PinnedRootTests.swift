import Dispatch
import Testing
@testable import HashlifeEngine

/// Kept states may be dropped on any thread while the owner keeps making new ones.
@Suite struct PinnedRootTests {
    /// Hands states to other threads (the test owns the synchronisation).
    final class Batch: @unchecked Sendable {
        var states: [UniverseState]
        init(_ states: [UniverseState]) { self.states = states }
    }

    @Test func statesReleasedOnOtherThreadsWhileTheOwnerPinsMore() {
        let universe = Universe()
        universe.setCell(x: 0, y: 0)
        var kept: [UniverseState] = []
        for round in 0..<20 {
            let batches = (0..<4).map { _ in Batch((0..<500).map { _ in universe.saveState() }) }
            let group = DispatchGroup()
            for batch in batches {
                DispatchQueue.global().async(group: group) { batch.states.removeAll() }
            }
            // The owner pins (and unpins) at the same time.
            for i in 0..<500 {
                universe.setCell(x: round, y: i % 7)
                kept.append(universe.saveState())
                if kept.count > 300 { kept.removeFirst(100) }
            }
            group.wait()
            #expect(batches.allSatisfy { $0.states.isEmpty })
            #expect(universe.statistics.pinnedRoots == kept.count, "round \(round): every released pin is gone, every kept one counted")
        }
        // The kept states still restore what they saved.
        universe.restore(kept[0])
        #expect(universe.population > BigUInt.zero)
    }
}
