import Testing
@testable import HashlifeEngine
import HashlifeTestSupport

/// The square memo (`SquareMemo`): the full-step results of the squares a step does not make
/// into nodes.
@Suite struct SquareMemoTests {
    /// `count` keys (k0, k1) that fall into one set of a memo of `sets` sets.
    func collidingKeys(_ count: Int, sets: Int) -> [(UInt64, UInt64)] {
        let shift = UInt64(64 - sets.trailingZeroBitCount)
        var keys: [(UInt64, UInt64)] = []
        var target: UInt64? = nil
        var a: UInt32 = 1
        while keys.count < count {
            let k0 = NodeRecord.keyWord(a, a &+ 1), k1 = NodeRecord.keyWord(a &+ 2, a &+ 3)
            let set = NodeRecord.keyHash(k0, k1) >> shift
            if target == nil { target = set }
            if set == target { keys.append((k0, k1)) }
            a += 4
        }
        return keys
    }

    /// Entries of `m` (stored with result = first child id) found by a look-up of their key.
    func entriesFoundWhereTheyHash(_ m: borrowing SquareMemo) -> Int {
        var found = 0
        m.forEachEntry { a, b, c, d, result in
            let k0 = NodeRecord.keyWord(a, b), k1 = NodeRecord.keyWord(c, d)
            if m.result(k0, k1, hash: NodeRecord.keyHash(k0, k1)) == result && result == a { found += 1 }
        }
        return found
    }

    /// One-thread universes, one a limit, holding the same random 256×256 soup.
    func soupUniverses(seed: UInt64, limits: [Int]) -> [Universe] {
        let cells = randomSoup(width: 256, height: 256, density: 0.375, seed: seed).lazy.map { (x: $0.x, y: $0.y) }
        return limits.map { limit in
            let universe = Universe(memoryLimit: limit)
            universe.threads = 1
            universe.load(cells: cells)
            return universe
        }
    }

    @Test func aSetKeepsItsMostRecentEntries() {
        var m = SquareMemo(maximumSets: SquareMemo.initialSets)
        let ways = SquareMemo.ways
        let keys = collidingKeys(ways + 2, sets: m.setCount)
        func result(_ i: Int) -> NodeID { m.result(keys[i].0, keys[i].1, hash: NodeRecord.keyHash(keys[i].0, keys[i].1)) }
        for (i, key) in keys.prefix(ways).enumerated() { m.store(key.0, key.1, NodeID(100 + i)) }
        for i in 0..<ways { #expect(result(i) == NodeID(100 + i)) }
        #expect(m.entries == ways && m.evictions == 0)
        // The oldest found (the first key) moved to the front, so the next store drops the
        // second, now the oldest.
        _ = result(0)
        m.store(keys[ways].0, keys[ways].1, NodeID(100 + ways))
        #expect(m.evictions == 1 && m.entries == ways)
        #expect(result(1) == 0)
        for i in [0] + Array(2...ways) { #expect(result(i) == NodeID(100 + i)) }
        // A key never stored, and the all-zero key of an empty way, are absent.
        #expect(result(ways + 1) == 0)
        #expect(m.result(0, 0, hash: NodeRecord.keyHash(0, 0)) == 0)
    }

    @Test func itGrowsUpToItsMaximumAndKeepsWhatItHolds() {
        var m = SquareMemo(maximumSets: 4 * SquareMemo.initialSets)
        let n = 4 * m.setCount  // below the first growth's point (five sixths full)
        var wanted = false
        for i in 0..<n { wanted = m.store(NodeRecord.keyWord(UInt32(i + 1), 7), NodeRecord.keyWord(8, 9), NodeID(i + 1)) || wanted }
        #expect(!wanted && m.growths == 0)
        let dropped = Int(m.evictions)
        for i in n..<(16 * SquareMemo.initialSets) {
            if m.store(NodeRecord.keyWord(UInt32(i + 1), 7), NodeRecord.keyWord(8, 9), NodeID(i + 1)) { m.grow() }
        }
        #expect(m.growths == 2, "twofold twice, to its maximum")
        #expect(m.setCount == 4 * SquareMemo.initialSets)
        // Every entry held is found where its hash puts it, with its result.
        #expect(entriesFoundWhereTheyHash(m) == m.entries)
        #expect(m.entries + Int(m.evictions) == 16 * SquareMemo.initialSets, "each store is held or dropped once")
        #expect(dropped < n / 10, "a memo below its growth point drops few entries (\(dropped))")
    }

    /// Growth within the reserved range moves no set: a set's entries go to the two sets its
    /// next hash bit names, most recent first, and nothing is dropped.
    @Test func growingInPlaceKeepsTheAddressAndEachSetsOrder() {
        var m = SquareMemo(maximumSets: 4 * SquareMemo.initialSets)
        #expect(m.reservedSets == 4 * SquareMemo.initialSets && m.setCount == SquareMemo.initialSets)
        let keys = collidingKeys(SquareMemo.ways, sets: m.setCount)
        for (i, key) in keys.enumerated() { m.store(key.0, key.1, NodeID(100 + i)) }  // 105 is the most recent
        let base = m.sets
        m.grow()
        #expect(m.sets == base, "grown in place")
        #expect(m.setCount == 2 * SquareMemo.initialSets && m.entries == SquareMemo.ways && m.evictions == 0)
        var bySet: [Int: [NodeID]] = [:]
        m.forEachEntry { a, b, c, d, result in
            let set = Int(NodeRecord.keyHash(NodeRecord.keyWord(a, b), NodeRecord.keyWord(c, d)) >> UInt64(64 - m.setCount.trailingZeroBitCount))
            bySet[set, default: []].append(result)
        }
        #expect(bySet.values.reduce(0) { $0 + $1.count } == SquareMemo.ways)
        for results in bySet.values { #expect(results == results.sorted(by: >), "most recent first: \(results)") }
        // Each entry lies in the set its hash names (a look-up reads only that set).
        for (i, key) in keys.enumerated() { #expect(m.result(key.0, key.1, hash: NodeRecord.keyHash(key.0, key.1)) == NodeID(100 + i)) }
    }

    /// A maximum raised past the reserved range (a higher memory limit) grows into a new
    /// range reserved for the new maximum, then in place again.
    @Test func growingPastTheReservedRangeMovesOnceAndKeepsEverything() {
        var m = SquareMemo(maximumSets: SquareMemo.initialSets)
        #expect(m.reservedSets == SquareMemo.initialSets)
        for i in 0..<(2 * SquareMemo.initialSets) { m.store(NodeRecord.keyWord(UInt32(i + 1), 7), NodeRecord.keyWord(8, 9), NodeID(i + 1)) }
        let held = m.entries
        m.setMaximum(4 * SquareMemo.initialSets)
        let base = m.sets
        m.grow()
        #expect(m.sets != base && m.reservedSets == 4 * SquareMemo.initialSets && m.entries == held)
        let moved = m.sets
        m.grow()
        #expect(m.sets == moved && m.setCount == 4 * SquareMemo.initialSets && m.entries == held)
        #expect(entriesFoundWhereTheyHash(m) == held)
    }

    /// `releaseStepMemo` gives the memo's bytes back and leaves a memo as a new store has;
    /// the steps after it are exact (the same cells as a universe that kept its memo).
    @Test func releasingTheMemoFreesItsBytesAndLaterStepsStayExact() {
        let universes = soupUniverses(seed: 43, limits: [256 << 20, 256 << 20])
        let (released, kept) = (universes[0], universes[1])
        for universe in universes { universe.step(by: 512) }
        let grown = released.store.memo.squares.bytes
        #expect(grown > SquareMemo.initialSets * MemoryLayout<SquareMemo.Set>.stride, "the memo never grew: nothing to release")
        let before = released.statistics.bytes
        released.releaseStepMemo()
        #expect(released.store.memo.squares.entries == 0 && released.store.memo.squares.setCount == SquareMemo.initialSets)
        #expect(before - released.statistics.bytes == grown - released.store.memo.squares.bytes)
        #expect(released.invariantViolations().isEmpty)
        released.step(by: 512)
        kept.step(by: 512)
        #expect(released.store.memo.squares.entries > 0)
        #expect(released.referenceCells == kept.referenceCells)
        #expect(released.population == kept.population)
    }

    @Test func aSweepRemovesEveryEntryThatNamesADeadNode() {
        var m = SquareMemo(maximumSets: SquareMemo.initialSets)
        for i in 1...300 { m.store(NodeRecord.keyWord(UInt32(i), UInt32(i + 1000)), NodeRecord.keyWord(4, 6), NodeID(2000 + i)) }
        // Dead: odd keys, and results above 2250.
        m.sweep { id in !(id < 1000 && id % 2 == 1) && !(id > 2250 && id < 3000) }
        var kept: [NodeID] = []
        m.forEachEntry { a, _, _, _, _ in kept.append(a) }
        let expected = (1...300).filter { $0 % 2 == 0 && 2000 + $0 <= 2250 }.map(NodeID.init)
        #expect(kept.sorted() == expected)
        #expect(m.entries == expected.count)
    }

    /// One thread's steps keep the nine squares of a frame out of the store; a collection
    /// sweeps the memo, so after steps under a small limit it names live nodes only (the
    /// invariant check), and the cells are those of a universe that never collects.
    @Test func stepsUnderASmallLimitKeepTheMemoLiveAndExact() {
        let universes = soupUniverses(seed: 41, limits: [1 << 20, 256 << 20])
        let (small, roomy) = (universes[0], universes[1])
        for _ in 0..<8 {
            small.step(by: 128)
            roomy.step(by: 128)
            #expect(small.invariantViolations().isEmpty)
        }
        #expect(small.statistics.collections > 0, "the limit never bit: the sweep went untested")
        #expect(roomy.statistics.collections == 0)
        #expect(small.store.memo.squares.entries > 0)
        #expect(small.referenceCells == roomy.referenceCells)
    }
}
