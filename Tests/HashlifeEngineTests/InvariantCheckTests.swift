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
            _ = universe.store.insert(r.nw, r.ne, r.sw, r.se, bucket: universe.store.arena.bucket(of: r))
            universe.clear(inside: CellRect(x: 1, y: 0, width: 1, height: 1))
        }
    }

    /// The arena's read checks (`checkInvariant`) stay on in debug builds at every
    /// optimization level, the test command's `-Xswiftc -O` included (`assert` would not).
    @Test(.enabled(if: Universe.checksInvariants, "a release build: the checks are compiled out"))
    func readingPastTheArenaTrapsInADebugBuild() async {
        await #expect(processExitsWith: .failure) {
            let universe = Universe()
            universe.setCell(x: 0, y: 0)
            _ = universe.store.record(NodeID(universe.store.arena.count))
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

    /// Memo hits compare stamps with the clock's precomputed bits (`RecencyClock.bits`); when a
    /// collection winds the clock back they must follow it, or hits would stamp nodes after the
    /// clock (which the checks report) and the next collection would keep the wrong ones.
    @Test func theClockStampBitsFollowTheClockWhenCollectionsWindItBack() {
        let universe = Universe(memoryLimit: 1 << 20)
        universe.load(cells: randomSoup(width: 128, height: 128, density: 0.375, seed: 77).lazy.map { (x: $0.x, y: $0.y) })
        var woundBack = false
        var lastTick = universe.store.collector.clock.tick
        for jump in [16, 64, 128, 256, 256, 512] {
            universe.step(by: BigUInt(jump))
            woundBack = woundBack || universe.store.collector.clock.tick < lastTick
            lastTick = universe.store.collector.clock.tick
            #expect(universe.store.collector.clock.bits == NodeRecord.topBits(universe.store.collector.clock.tick))
            #expect(universe.store.collector.clock.words == NodeRecord.stampWords(universe.store.collector.clock.tick))
            #expect(universe.invariantViolations().isEmpty)
        }
        #expect(universe.statistics.collections > 0)
        #expect(woundBack, "no collection wound the clock back: the test checks nothing")
    }

    /// Workers racing to stamp one record can tear its stamp above the clock (each word's
    /// two bits from either tick). The checks allow that only while workers have stamped since
    /// the last sweep, and the sweep clamps such a stamp to the clock.
    @Test func aStampTornAboveTheClockIsClampedByTheNextSweep() {
        let universe = Universe(memoryLimit: 1 << 22)
        universe.load(cells: randomSoup(width: 32, height: 32, density: 0.375, seed: 80).lazy.map { (x: $0.x, y: $0.y) })
        universe.step(by: 16)
        let root = Int(universe.root)
        universe.store.arena.nodes[root].setStamp(RecencyClock.maximumTick)
        let tickBefore = universe.store.collector.clock.tick
        #expect(tickBefore < RecencyClock.maximumTick)
        #expect(universe.invariantViolations().contains { $0.contains("after the clock") }, "one thread's stamp above the clock went unreported")
        universe.store.collector.workersStamped = true
        #expect(universe.invariantViolations().isEmpty)
        universe.collect()
        let workersStamped = universe.store.collector.workersStamped
        #expect(!workersStamped)
        let (stamp, tick) = (universe.store.arena.nodes[Int(universe.root)].stamp, universe.store.collector.clock.tick)
        #expect(stamp <= tick)
        #expect(universe.invariantViolations().isEmpty)
    }

    /// The memo check and the stamp check read a record as three 64-bit words
    /// (`NodeArena.words`): each of the 64 tags and 64 stamps must match itself only,
    /// whatever the ids, the result and the other field hold.
    @Test func recordWordsHoldEachTagAndStampAndNoOther() {
        var generator = SplitMix64(seed: 79)
        let record = UnsafeMutablePointer<NodeRecord>.allocate(capacity: 1)
        defer { record.deallocate() }
        for tag in UInt32(0)..<64 {
            for stamp in UInt32(0)..<64 {
                let id = { NodeID(truncatingIfNeeded: generator.next()) & NodeRecord.idMask }
                record.initialize(to: NodeRecord(id(), id(), id(), id(), next: id(), stamp: stamp))
                record.pointee.setResult(id() | 1, tag: tag)
                let words = TwoStateArena.words(record)
                for other in UInt32(0)..<64 {
                    #expect(NodeRecord.holds(NodeRecord.tagWords(other), words.0, words.2) == (other == tag), "tag \(tag) read as \(other)")
                    #expect(NodeRecord.holds(NodeRecord.stampWords(other), words.1, words.2) == (other == stamp), "stamp \(stamp) read as \(other)")
                }
            }
        }
    }

    /// A memo hit answers the memoized result and stamps the node with the clock (so that a
    /// collection keeps what the recursion still uses).
    @Test func aMemoHitAnswersTheResultAndStampsTheNodeWithTheClock() throws {
        let universe = Universe(memoryLimit: 1 << 22)
        universe.load(cells: randomSoup(width: 128, height: 128, density: 0.375, seed: 78).lazy.map { (x: $0.x, y: $0.y) })
        universe.step(by: 64)
        // Non-empty nodes with a full step's result, and their levels.
        var memoized: [(id: NodeID, level: Int)] = []
        for i in 1..<universe.store.arena.count {
            let r = universe.store.arena.nodes[i]
            guard !r.isFree, !r.isLeaf, r.result != 0, r.hasTag(0) else { continue }
            var level = 4, child = r.nw
            while !universe.store.arena.nodes[Int(child)].isLeaf { level += 1; child = universe.store.arena.nodes[Int(child)].nw }
            if NodeID(i) != universe.store.emptyNode(level: level) { memoized.append((NodeID(i), level)) }
        }
        #expect(memoized.count > 100, "too few memoized nodes to look up: the test checks little")
        try #require(universe.store.collector.clock.tick < RecencyClock.maximumTick)
        let tick = universe.store.collector.clock.tick + 1
        universe.store.collector.clock.tick = tick
        for (id, level) in memoized.prefix(200) {
            let result = universe.store.arena.nodes[Int(id)].result
            let hits = universe.store.stepping.memoHits
            #expect(try universe.store.successor(id, level: level, step: level - 2) == result)
            #expect(universe.store.stepping.memoHits == hits + 1, "node \(id) (level \(level)) was not a memo hit")
            #expect(universe.store.arena.nodes[Int(id)].stamp == tick, "node \(id) (level \(level)) kept stamp \(universe.store.arena.nodes[Int(id)].stamp)")
            #expect(universe.store.arena.nodes[Int(id)].result == result && universe.store.arena.nodes[Int(id)].hasTag(0))
        }
        #expect(universe.invariantViolations().isEmpty)
    }
}
