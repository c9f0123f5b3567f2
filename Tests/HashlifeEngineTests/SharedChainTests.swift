import Testing
@testable import HashlifeEngine

/// The hash chains of the store shared by a multi-threaded step (NodeArena+Shared.swift):
/// inserts search again under the bucket's lock, and moves to the front keep every record.
@Suite struct SharedChainTests {
    /// Two leaves whose keys fall in one bucket of `store`'s index, made in that order (the
    /// second is then the chain's head), and the bucket.
    func twoLeavesInOneBucket(_ store: inout NodeStore) -> (first: NodeID, second: NodeID, slot: Int) {
        var seen: [Int: UInt64] = [:]
        var bits: UInt64 = 0x9E37_79B9_7F4A_7C15
        while true {
            bits = bits &* 6364136223846793005 &+ 1442695040888963407
            let slot = store.arena.bucket(UInt32(truncatingIfNeeded: bits), UInt32(truncatingIfNeeded: bits >> 32),
                                    NodeRecord.leafMarker, NodeRecord.leafMarker)
            if let other = seen[slot], other != bits {
                let first = store.leaf(other), second = store.leaf(bits)
                return (first, second, slot)
            }
            seen[slot] = bits
        }
    }

    /// The ids of the chain of `slot`, head first.
    func chain(_ store: borrowing NodeStore, _ slot: Int) -> [NodeID] {
        var ids: [NodeID] = []
        var id = store.arena.buckets[slot] & NodeRecord.idMask
        while id != 0 && ids.count <= store.arena.count {
            ids.append(id)
            id = store.arena.nodes[Int(id)].next
        }
        return ids
    }

    /// Runs `body` with a worker's view of `store` in a phase, then ends the phase.
    func withView(_ store: inout NodeStore, _ body: (inout WorkerView) -> Void) {
        let reserved = IDSupply.reserveEmergencyIDs(workers: 1, from: &store.arena)
        #expect(reserved != nil)
        let ids = IDSupply(emergency: reserved ?? [], block: 0)
        let phase = ParallelPhase(arena: store.arena, clock: store.collector.clock, plannedBuckets: store.plan.plannedBuckets,
                                  softBound: store.arena.capacity, threads: 1, narrowForkNanoseconds: 0)
        var view = WorkerView(of: store, phase: phase, pool: WorkerPool(helpers: 0, stackBytes: 0), ids: ids)
        body(&view)
        phase.end(into: &store.arena)
        view.giveBack(to: &store)
    }

    @Test func anInsertFindsTheNodeItsWalkMissed() {
        // A walk without the lock can miss a record another worker is moving to the front;
        // the insert then finds it under the lock instead of making it twice.
        let universe = Universe(rule: .life)
        let (first, second, slot) = twoLeavesInOneBucket(&universe.store)
        let cells = universe.store.leafBits(first)
        let nodes = universe.store.nodeCount
        withView(&universe.store) { view in
            let found = view.insert(UInt32(truncatingIfNeeded: cells), UInt32(truncatingIfNeeded: cells >> 32),
                                          NodeRecord.leafMarker, NodeRecord.leafMarker, slot: slot)
            #expect(found == first)
        }
        #expect(universe.store.nodeCount == nodes)
        #expect(chain(universe.store, slot).prefix(2) == [second, first])
        #expect(universe.invariantViolations().isEmpty)
    }

    @Test func aMoveToTheFrontKeepsTheChainWhole() {
        let universe = Universe(rule: .life)
        let (first, second, slot) = twoLeavesInOneBucket(&universe.store)
        let before = chain(universe.store, slot)
        #expect(before.prefix(2) == [second, first])
        withView(&universe.store) { view in
            // Another worker holds the lock: the move is skipped.
            let head = view.arena.buckets[slot]
            view.arena.buckets[slot] = head | TwoStateArena.bucketLock
            #expect(view.arena.sharedHead(slot) == head)
            view.arena.moveToFrontShared(first, slot: slot)
            #expect(view.arena.buckets[slot] == head | TwoStateArena.bucketLock)
            view.arena.buckets[slot] = head
            // Free: the record leads, the others follow in their order, the lock is released.
            view.arena.moveToFrontShared(first, slot: slot)
            #expect(view.arena.buckets[slot] == first)
        }
        let after = chain(universe.store, slot)
        #expect(after.first == first)
        #expect(Set(after) == Set(before) && after.count == before.count)
        #expect(after.filter { $0 != first } == before.filter { $0 != first })
        #expect(universe.invariantViolations().isEmpty)
    }
}
