import Testing
@testable import HashlifeEngine

/// A record of another engine than the two-state one: a leaf holds 2×2 cells of up to 256 states
/// (a byte each), as a multi-state engine's would, and a non-leaf four children. Laid out
/// plainly, with none of `NodeRecord`'s packing, to show that the arena and the collector ask
/// nothing of a record beyond `ArenaRecord`.
struct StateRecord: ArenaRecord {
    enum Kind: UInt8 { case free, leaf, node }

    var kind: Kind
    var stampValue: UInt8 = 0
    /// A leaf's four cells, one byte each (nw, ne, sw, se in the low to high byte).
    var states: UInt32 = 0
    var quadrants: (NodeID, NodeID, NodeID, NodeID) = (0, 0, 0, 0)
    var link: NodeID = 0
    var memo: NodeID = 0

    enum Key: Hashable {
        case leaf(UInt32)
        case node(NodeID, NodeID, NodeID, NodeID)
    }

    static func leaf(_ states: UInt32, stamp: UInt8 = 0) -> StateRecord {
        StateRecord(kind: .leaf, stampValue: stamp, states: states)
    }

    static func node(_ nw: NodeID, _ ne: NodeID, _ sw: NodeID, _ se: NodeID, stamp: UInt8 = 0) -> StateRecord {
        StateRecord(kind: .node, stampValue: stamp, quadrants: (nw, ne, sw, se))
    }

    static var leafLevel: Int { 1 }
    static var maximumCapacity: Int { 1 << 20 }
    static func free(next: NodeID) -> StateRecord { StateRecord(kind: .free, link: next) }
    var isFree: Bool { kind == .free }
    var next: NodeID {
        get { link }
        set { link = newValue }
    }
    var key: Key { kind == .leaf ? .leaf(states) : .node(quadrants.0, quadrants.1, quadrants.2, quadrants.3) }
    static func hash(_ key: Key) -> UInt64 {
        switch key {
        case let .leaf(states): UInt64(states) &* 0x9E37_79B9_7F4A_7C15
        case let .node(a, b, c, d):
            (UInt64(a) | UInt64(b) &<< 32) &* 0xC2B2_AE3D_27D4_EB4F ^ (UInt64(c) | UInt64(d) &<< 32) &* 0x9E37_79B9_7F4A_7C15 ^ 1
        }
    }
    var isLeaf: Bool { kind == .leaf }
    var children: (NodeID, NodeID, NodeID, NodeID) { quadrants }
    var result: NodeID { memo }
    mutating func forgetResult() { memo = 0 }
    var stamp: UInt32 { UInt32(stampValue) }
    mutating func setStamp(_ stamp: UInt32) { stampValue = UInt8(stamp) }
}

/// The store's generic parts holding `StateRecord`s: hash-consing through the arena's index,
/// collection by the same `Collector` the two-state engine uses, and reuse of freed slots.
@Suite struct GenericArenaTests {
    /// A hash-consing front of an arena of `StateRecord`s: the node with the record's key, made
    /// when the index lacks it.
    struct StateStore {
        var arena = NodeArena<StateRecord>(capacity: 256, buckets: 8)
        var collector = Collector(insertsPerTick: 1 << 20)

        mutating func make(_ record: StateRecord) -> NodeID {
            let found = arena.node(withKey: record.key)
            if found != 0 { return found }
            guard let id = arena.insert(record) else { fatalError("the test arena is full") }
            return id
        }

        func violations() -> [String] { arena.invariantViolations(tick: collector.clock.tick, allowingTornStamps: false) }
    }

    @Test func equalNodesOfAnotherRecordAreOneNode() {
        var store = StateStore()
        defer { store.arena.deallocate() }
        let a = store.make(.leaf(0x01_02_03_FF)), b = store.make(.leaf(0x00_00_00_07))
        #expect(store.make(.leaf(0x01_02_03_FF)) == a)
        #expect(a != b)
        let square = store.make(.node(a, b, b, a))
        #expect(store.make(.node(a, b, b, a)) == square)
        #expect(store.make(.node(b, a, a, b)) != square)
        #expect(store.arena.liveCount == 4)
        // Relinking every chain into a bigger index keeps every node findable under its key.
        store.arena.growIndex(to: 64)
        #expect(store.arena.node(withKey: StateRecord.leaf(0x01_02_03_FF).key) == a)
        #expect(store.arena.node(withKey: StateRecord.node(a, b, b, a).key) == square)
        #expect(store.violations().isEmpty)
    }

    @Test func theCollectorKeepsWhatRootsPinsResultsAndRecencyReachAndFreesTheRest() {
        var store = StateStore()
        defer { store.arena.deallocate() }
        let a = store.make(.leaf(1)), b = store.make(.leaf(2)), c = store.make(.leaf(3))
        let rooted = store.make(.node(a, a, b, b))
        let pinnedLeaf = store.make(.leaf(4))
        let pinned = store.make(.node(pinnedLeaf, a, a, a))
        let resultLeaf = store.make(.leaf(5))
        let stranded = store.make(.node(c, c, c, c))
        let recent = store.make(.leaf(6, stamp: UInt8(store.collector.clock.tick)))
        store.arena[rooted].memo = resultLeaf
        store.collector.liveRoot = rooted
        let pin = PinnedRoot(pinned, in: store.collector.pinned)
        defer { withExtendedLifetime(pin) {} }

        _ = store.collector.collect(&store.arena, capacity: 1000, threads: 1)

        for id in [a, b, rooted, pinnedLeaf, pinned, resultLeaf, recent] { #expect(store.arena.isLive(id), "node \(id)") }
        for id in [c, stranded] { #expect(!store.arena.isLive(id), "node \(id)") }
        #expect(store.collector.evictions == 2)
        #expect(store.arena.freeCount == 2)
        #expect(store.arena.record(rooted).result == resultLeaf)
        #expect(store.violations().isEmpty)
    }

    @Test func aCollectionToTheMinimumClearsResultsNamingFreedNodes() {
        var store = StateStore()
        defer { store.arena.deallocate() }
        let a = store.make(.leaf(1)), resultLeaf = store.make(.leaf(2))
        let rooted = store.make(.node(a, a, a, a))
        store.arena[rooted].memo = resultLeaf
        store.collector.liveRoot = rooted
        store.collector.collectsToTheMinimum = true

        _ = store.collector.collect(&store.arena, capacity: 1000, threads: 1)

        #expect(!store.arena.isLive(resultLeaf))
        #expect(store.arena.record(rooted).result == 0)
        #expect(store.violations().isEmpty)
    }

    @Test func freedSlotsAreReusedLowestFirstBeforeTheArenaGrows() {
        var store = StateStore()
        defer { store.arena.deallocate() }
        let kept = store.make(.leaf(1))
        let doomed = (2...4).map { store.make(.leaf(UInt32($0))) }
        store.collector.liveRoot = kept
        _ = store.collector.collect(&store.arena, capacity: 1000, threads: 1)
        #expect(store.arena.freeCount == 3)
        let highWater = store.arena.count

        let reused = (10...12).map { store.make(.leaf(UInt32($0))) }

        #expect(reused == doomed.sorted())
        #expect(store.arena.count == highWater)
        #expect(store.arena.freeCount == 0)
        #expect(store.make(.leaf(13)) == NodeID(highWater))
        #expect(store.violations().isEmpty)
    }
}
