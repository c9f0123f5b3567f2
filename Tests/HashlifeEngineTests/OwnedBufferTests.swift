import Testing
@testable import HashlifeEngine
#if canImport(Glibc)
import Glibc
#endif

/// The engine's owners of raw memory free it themselves when they go away: nothing is freed by
/// hand.
@Suite struct OwnedBufferTests {
    /// Is the page holding `address` mapped in this process? (`mincore` refuses unmapped pages.)
    func isMapped(_ address: UnsafeMutableRawPointer) -> Bool {
        var resident: UInt8 = 0
        return mincore(address, 1, &resident) == 0
    }

    /// A memo's sets are a mapping of their own (reserved for its maximum): it goes when the
    /// memo does.
    @Test func aSquareMemoUnmapsItsSetsWhenItGoesAway() {
        var sets: UnsafeMutableRawPointer?
        do {
            var memo = SquareMemo(maximumSets: 1 << 16)
            memo.store(NodeRecord.keyWord(1, 2), NodeRecord.keyWord(3, 4), 5)
            sets = UnsafeMutableRawPointer(memo.sets)
            #expect(isMapped(UnsafeMutableRawPointer(memo.sets)))
        }
        #expect(sets.map(isMapped) == false, "the dropped memo's sets are still mapped")
    }

    /// A memo replaced by an empty one (`releaseStepMemo`) unmaps the old sets.
    @Test func aReplacedSquareMemoUnmapsTheOldSets() {
        var caches = MemoCaches(memoryLimit: 256 << 20)
        for i in 0..<(4 * SquareMemo.initialSets) {
            if caches.squares.store(NodeRecord.keyWord(UInt32(i + 1), 7), NodeRecord.keyWord(8, 9), NodeID(i + 1)) { caches.squares.grow() }
        }
        let old = UnsafeMutableRawPointer(caches.squares.sets)
        caches.releaseSquares(memoryLimit: 256 << 20)
        #expect(UnsafeMutableRawPointer(caches.squares.sets) != old)
        #expect(caches.squares.entries == 0)
        #expect(!isMapped(old), "the replaced memo's sets are still mapped")
    }

    /// A memo grown past its reserved range moves to a new one and unmaps the old.
    @Test func aSquareMemoMovedPastItsRangeUnmapsTheOldOne() {
        var memo = SquareMemo(maximumSets: SquareMemo.initialSets)
        let old = UnsafeMutableRawPointer(memo.sets)
        memo.setMaximum(4 * SquareMemo.initialSets)
        memo.grow()
        #expect(UnsafeMutableRawPointer(memo.sets) != old && isMapped(UnsafeMutableRawPointer(memo.sets)))
        #expect(!isMapped(old))
    }

    /// The workers' emergency ids are reserved for all of them or for none: a store without
    /// room for every worker's gets back the ids it gave, on its free list.
    @Test func emergencyIDsAreReservedForEveryWorkerOrNone() {
        var store = NodeStore(rule: .life, memoryLimit: 0)
        let room = store.arena.capacity - store.arena.count
        let (count, free) = (store.arena.count, store.arena.freeCount)
        let workers = room / IDSupply.emergencyIDs + 1
        #expect(IDSupply.reserveEmergencyIDs(workers: workers, from: &store.arena) == nil)
        #expect(store.arena.count == store.arena.capacity && store.arena.freeCount == free + room,
                "every slot taken went back on the free list")
        let reserved = IDSupply.reserveEmergencyIDs(workers: 2, from: &store.arena)
        #expect(reserved?.count == 2 * IDSupply.emergencyIDs)
        #expect(Set(reserved ?? []).count == 2 * IDSupply.emergencyIDs && (reserved ?? []).allSatisfy { Int($0) >= count })
        let ids = IDSupply(emergency: reserved ?? [], block: 1)
        #expect(ids.emergencyCount == IDSupply.emergencyIDs && ids.chunkNext == 0)
        #expect(ids.buffer[IDSupply.chunkSize] == reserved?[IDSupply.emergencyIDs])
    }
}
