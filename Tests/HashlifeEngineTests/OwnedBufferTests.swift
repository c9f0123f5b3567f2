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
}
