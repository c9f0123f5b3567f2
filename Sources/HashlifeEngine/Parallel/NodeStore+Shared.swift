// The store shared by the threads of one step.
//
// A multi-threaded step (see NodeStore+Fork.swift) runs the ordinary recursion on several
// threads at once, each through a *view*: a NodeStore value that points at the universe's
// arena, index and empty nodes without owning them, with `concurrent` set. The view changes
// four things, and nothing else of the recursion:
//
// - Ids come in chunks of `chunkSize`: from the free list (under a lock) while it lasts, then
//   from the arena past its high-water mark (one atomic counter), up to
//   `ParallelPhase.softBound` (the limit less the views' emergency ids). A view that finds
//   none left sets `mustPause` and its next memo miss unwinds (`.paused`), using its
//   emergency ids (given at the start) until then: the universe collects at a safe point,
//   where no recursion holds an id (the idle threads sharing the work), and reruns the step;
//   what the phase memoized stays. A chunk that passes the index's growth point does not
//   unwind anything: the workers wait at their next memo miss while one of them grows the
//   index (ParallelPhase+Index.swift).
// - Chains change only under their bucket's lock, the top bit of the bucket's word, taken
//   with a compare-and-swap: to publish a node and to move a found record to the front.
//   Look-ups walk without the lock (a head loaded with acquire order reaches complete
//   records). A look-up that does not find its key takes the lock and searches the chain
//   again before it writes the record and stores the new head, which releases the lock:
//   a record being moved to the front is missing from a walk for a moment, and one just
//   inserted was not there yet, so only this second search may conclude that the key is
//   new, and a key is never inserted twice (nodes stay canonical). A move to the front is a
//   speed-up a worker skips when the lock is taken. It matters as much as on one thread: the
//   record a look-up wants is then mostly the head, which the recursion fetches ahead (one
//   worker alone through a view, moving without a lock: totalperiodic 2.04 → 1.59 s, jagged2
//   9.2 → 7.3 s). There are no frees in a phase.
// - A memo slot is read and written as a sequence lock whose counter is the result word
//   (word 5): a writer clears it, then writes the tag bits of words 0 and 1, then the result
//   with release order; a reader loads the result (acquire), the tag bits, and the result
//   again, and believes the slot only when both loads agree. In one phase every thread asks a
//   node for one step only (the step's tag at that node's level), and every writer writes the
//   same canonical result, so an agreeing read is a right one.
// - Recency stamps are written word by word with relaxed atomics. The clock runs as on one
//   thread: a view reads the tick from the phase each time it takes a chunk of ids (one tick
//   every `insertsPerTick` ids handed out), so racing writers write ticks at most a chunk
//   apart, and a collection after the phase can tell its late work from its early work.
//   Two writers racing on one record can tear its stamp (each word's two bits from either
//   tick), even into a value above the clock: such a node only counts as the most recent,
//   and the next sweep clamps it (`workersStamped`).
//   Word 4 holds a chain link beside its stamp bits: stamps swap it atomically, and a move
//   under the lock writes the link with a plain store, which may drop a stamp written in
//   between (a recency hint) but never a link.
//
// Idle workers. A task below the fixed fork depth runs the plain recursion; when a worker has
// nothing to take (`WorkerPool.hungry`), the others fork their next miss above
// `smallestForkLevel` as the top of the step forks (`forkedStep`), so the last big task of a
// batch is shared instead of leaving a worker waiting for it.
//
// Deep tags (beyond a record's six bits) and collections never happen in a phase: the
// universe only starts one when every tag fits, and a collection waits for the phase to end.
// The index grows within a phase while its workers wait (ParallelPhase+Index.swift).

import CPrefetch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What the threads of one multi-threaded step share beside the arena: the free list and the
/// arena's high-water mark (ids are handed out from them in chunks), the bound that makes a view
/// pause, the stop flag, and the index with what its growth within the phase needs.
final class ParallelPhase: @unchecked Sendable {
    private let count: Atomic<Int>
    private let free: Mutex<(head: NodeID, count: Int)>
    private let stopping = Atomic<Bool>(false)
    private let upkeep = Atomic<Int>(0)
    private let forks = Atomic<Int>(0)
    private let handedOut = Atomic<Int>(0)
    private let startTick: UInt32, startInserts: Int, insertsPerTick: Int
    private let windowStart = Atomic<UInt64>(NodeStore.monotonicNanoseconds())
    /// When the first window of forks ended (0 until then): the phase's fork rate is judged
    /// from there (`countFork`).
    private let judgedSince = Atomic<UInt64>(0)
    let nodes: UnsafeMutablePointer<NodeRecord>
    /// The high-water mark never passes this: a view that finds no more ids below it pauses so
    /// the store can collect.
    let softBound: Int
    /// A chunk of ids that reaches past this high-water mark asks for the index to grow
    /// (Int.max: it cannot); see ParallelPhase+Index.swift.
    var indexBound: Int

    /// The index, as the phase's last growth left it: written only while no worker runs the
    /// recursion (ParallelPhase+Index.swift), read by views as they start again.
    var buckets: UnsafeMutablePointer<UInt32>
    var bucketCount: Int
    var bucketCapacity: Int
    let plannedBuckets: Int
    /// Threads that clear and relink a grown index.
    let threads: Int
    /// How many times the index grew during the phase.
    var indexGrowths = 0
    /// Workers running the recursion, and where the index's growth is
    /// (`ParallelPhase.noGrowth`, `growthWanted`, `growing`).
    let active = Atomic<Int>(0)
    let growth: UnsafeMutablePointer<Atomic<Int>>
    /// Where workers sleep while the index grows.
    let waitLock: UnsafeMutablePointer<pthread_mutex_t>
    let waitCondition: UnsafeMutablePointer<pthread_cond_t>

    /// The phase stops when its forks come faster than one every so many nanoseconds
    /// (`countFork`; 0: never).
    let narrowForkNanoseconds: UInt64

    /// A phase over `store`'s arena and index, which hands its free list and index to the phase
    /// until `end`; `threads` workers run it.
    init(store: borrowing NodeStore, softBound: Int, threads: Int, narrowForkNanoseconds: UInt64) {
        self.narrowForkNanoseconds = narrowForkNanoseconds
        count = Atomic(store.count)
        free = Mutex((store.freeHead, store.freeCount))
        nodes = store.nodes
        self.softBound = softBound
        (buckets, bucketCount, bucketCapacity, plannedBuckets) = (store.buckets, store.bucketCount, store.bucketCapacity, store.plannedBuckets)
        self.threads = threads
        indexBound = ParallelPhase.indexBound(buckets: store.bucketCount, planned: store.plannedBuckets)
        (startTick, startInserts, insertsPerTick) = (store.tick, store.insertsThisTick, store.insertsPerTick)
        growth = .allocate(capacity: 1)
        growth.initialize(to: Atomic(ParallelPhase.noGrowth))
        waitLock = .allocate(capacity: 1)
        waitCondition = .allocate(capacity: 1)
        pthread_mutex_init(waitLock, nil)
        pthread_cond_init(waitCondition, nil)
    }

    deinit {
        pthread_cond_destroy(waitCondition)
        pthread_mutex_destroy(waitLock)
        waitCondition.deallocate()
        waitLock.deallocate()
        growth.deinitialize(count: 1)
        growth.deallocate()
    }

    /// The recency tick once `n` more ids have been handed out: the clock advances during a
    /// phase as it does on one thread (one tick every `insertsPerTick` nodes), so that a
    /// collection after the phase can tell its late work, which is what an unfinished step
    /// needs again, from its early work.
    func tick(afterHanding n: Int) -> UInt32 {
        let handed = handedOut.add(n, ordering: .relaxed).newValue
        return NodeStore.clock(startTick, startInserts, after: handed, perTick: insertsPerTick).0
    }

    /// Ids handed out so far (the store's clock advances by them when the phase ends).
    var idsHandedOut: Int { handedOut.load(ordering: .relaxed) }

    /// The arena's high-water mark.
    var nodeCount: Int { count.load(ordering: .relaxed) }

    /// Fills `ids` with up to `size` fresh ids: records of the free list while it lasts, else a
    /// chunk of the arena past its high-water mark (the highest first), never past
    /// `softBound`. Returns how many, and whether the view should pause (`needs` says why):
    /// with none, it finishes with its emergency ids (`NodeStore.emergencyIDs`).
    func take(_ size: Int, into ids: UnsafeMutablePointer<NodeID>) -> (taken: Int, pause: Bool) {
        let popped = pop(size, into: ids)
        if popped > 0 { return (popped, false) }
        var start = count.load(ordering: .relaxed)
        while true {
            if start + size > softBound {
                need(ParallelPhase.needsRoom)
                return (0, true)
            }
            let swap = count.compareExchange(expected: start, desired: start + size, ordering: .relaxed)
            if swap.exchanged { break }
            start = swap.original
        }
        let end = start + size
        // Fresh records read as free until published: a growth of the index in the middle of
        // the phase relinks every record below the high-water mark that is not free.
        (nodes + start).initialize(repeating: .free(next: 0), count: size)
        for k in 0..<size { ids[k] = NodeID(end - 1 - k) }
        if end > indexBound { wantGrowth() }
        return (size, false)
    }

    /// Up to `size` records of the free list (they leave it).
    func pop(_ size: Int, into ids: UnsafeMutablePointer<NodeID>) -> Int {
        let nodes = self.nodes
        return free.withLock { list -> Int in
            var n = 0
            while n < size && list.head != 0 {
                ids[n] = list.head
                list.head = nodes[Int(list.head)].next
                n += 1
            }
            list.count -= n
            return n
        }
    }

    /// Gives the free list, high-water mark and index back to `store` (after every view stopped).
    func end(into store: inout NodeStore) {
        store.workersStamped = true
        store.count = nodeCount
        (store.freeHead, store.freeCount) = free.withLock { ($0.head, $0.count) }
        (store.buckets, store.bucketCount, store.bucketCapacity) = (buckets, bucketCount, bucketCapacity)
    }

    /// Has a worker asked every other one to stop?
    var isStopping: Bool { stopping.load(ordering: .relaxed) }
    func stop() { stopping.store(true, ordering: .relaxed) }

    /// What the phase needs before it can rerun: `needsRoom` a collection; `needsOneThread` says
    /// it should not rerun: its work is too narrow.
    var needs: Int { upkeep.load(ordering: .relaxed) }
    private func need(_ bit: Int) { upkeep.bitwiseOr(bit, ordering: .relaxed) }
    static let needsRoom = 2
    static let needsOneThread = 4

    /// Counts a fork of two tasks or more. Each `forkWindow` forks, the phase looks at how long
    /// they took, and stops (`needsOneThread`) when they came faster than one every
    /// `narrowForkNanoseconds` (see `Universe.narrowForkNanoseconds`), and so did all the forks
    /// since the first window (`isNarrow`). A phase whose forks were wide and turn narrow only
    /// at its end (the last squares of a step, mostly memoized, fork quickly) goes on: stopped
    /// there, it threw its work away, since one thread looks the workers' squares up neither
    /// in its square memo nor as nodes and computes them again (metapixel-galaxy to 2^20 with
    /// two threads: a phase stopped after 160–170 ms, then 1.06–1.09 million misses in all
    /// against one thread's 0.73 million, and 0.42 s against one thread's 0.25–0.31 s). A
    /// phase narrow from its start (the Gosper gun to 2^2000) still stops at its second window.
    func countFork() {
        guard narrowForkNanoseconds > 0 else { return }
        let forked = forks.add(1, ordering: .relaxed).newValue
        guard forked % ParallelPhase.forkWindow == 0 else { return }
        let now = NodeStore.monotonicNanoseconds()
        let elapsed = now &- windowStart.exchange(now, ordering: .relaxed)
        // The first window is not judged: a phase rerun after a pause forks its way down
        // through what the last one finished, quickly, before it reaches new work.
        guard forked > ParallelPhase.forkWindow else {
            judgedSince.store(now, ordering: .relaxed)
            return
        }
        if ParallelPhase.isNarrow(windowNanoseconds: elapsed, judgedForks: forked - ParallelPhase.forkWindow,
                                  judgedNanoseconds: now &- judgedSince.load(ordering: .relaxed),
                                  limit: narrowForkNanoseconds) {
            need(ParallelPhase.needsOneThread)
            stop()
        }
    }

    /// Is a phase too narrow for threads (`countFork`)? Its last `forkWindow` forks took
    /// `windowNanoseconds` and its `judgedForks` forks since the first window
    /// `judgedNanoseconds`: narrow when both came faster than one every `limit` nanoseconds.
    static func isNarrow(windowNanoseconds: UInt64, judgedForks: Int, judgedNanoseconds: UInt64, limit: UInt64) -> Bool {
        windowNanoseconds < UInt64(forkWindow) &* limit && judgedNanoseconds < UInt64(judgedForks) &* limit
    }
    static let forkWindow = 256
}

extension NodeStore {
    /// Ids a view takes from the shared free list or arena at a time.
    static let chunkSize = 4096
    /// Ids each view is given at the start of a phase, for the nodes it makes between the
    /// moment the phase runs out of room and its next memo miss, where it unwinds (a miss
    /// makes at most 21 nodes before the next: `square64`; the forked top, 14 a level).
    static let emergencyIDs = 256

    /// A worker's view of `store` (see the essay above): the same arena, index, empty nodes,
    /// rule and recency tick, its own counters and ids. Its `phase` is set once the universe
    /// has given it its emergency ids (`giveEmergencyIDs`) and made the phase.
    init(viewOf store: borrowing NodeStore) {
        nodes = store.nodes
        count = store.count
        capacity = store.capacity
        limitCapacity = store.limitCapacity
        plannedNodes = store.plannedNodes
        limitBytes = store.limitBytes
        insertsPerTick = store.insertsPerTick
        tick = store.tick
        tickBits = store.tickBits
        tickWords = store.tickWords
        pinCapacity = NodeStore.chunkSize + NodeStore.emergencyIDs
        pins = .allocate(capacity: pinCapacity)
        buckets = store.buckets
        squares = store.squares
        bucketCapacity = store.bucketCapacity
        plannedBuckets = store.plannedBuckets
        bucketCount = store.bucketCount
        largePopulationMaximumBytes = 0
        empties = store.empties
        emptyCapacity = store.emptyCapacity
        emptyCount = store.emptyCount
        leafRule = store.leafRule
        stepsSquare64 = store.stepsSquare64
        forcesSquare64 = store.forcesSquare64
        vectorKernels = store.vectorKernels
        reuseMark = (0, 0)
        reuseMeasured = store.reuseMeasured
        control = store.control
        ownsBuffers = false
    }

    /// Takes back what `view` did: its counters, and the ids it took and did not use (they go
    /// on the free list). Call after `ParallelPhase.end`.
    mutating func absorb(_ view: inout NodeStore) {
        memoHits &+= view.memoHits
        memoMisses &+= view.memoMisses
        square64Steps &+= view.square64Steps
        demandForks &+= view.demandForks
        if view.reuseMeasured && !reuseMeasured {
            (stepsSquare64, reuseMeasured) = (view.stepsSquare64, true)
            reuseMark = (memoHits, memoMisses)
        }
        if view.spareID != 0 { freeRecord(view.spareID) }
        for k in 0..<view.chunkNext { freeRecord(view.pins[k]) }
        for k in 0..<view.emergencyCount { freeRecord(view.pins[NodeStore.chunkSize + k]) }
        view.chunkNext = 0
        view.emergencyCount = 0
        view.spareID = 0
    }

    /// Gives a view its emergency ids from the free list or the arena's top; false when the
    /// arena has no room for them.
    mutating func giveEmergencyIDs(to view: inout NodeStore) -> Bool {
        let wanted = NodeStore.emergencyIDs
        while view.emergencyCount < wanted {
            let id: NodeID
            if let free = popFree() {
                id = free
            } else {
                guard count < capacity else { return false }
                id = NodeID(count)
                nodes[count] = .free(next: 0)
                count += 1
            }
            view.pins[NodeStore.chunkSize + view.emergencyCount] = id
            view.emergencyCount += 1
        }
        return true
    }

    /// Puts an arena slot nobody published on the free list.
    private mutating func freeRecord(_ id: NodeID) {
        nodes[Int(id)] = .free(next: freeHead)
        freeHead = id
        freeCount += 1
    }

    /// The head of bucket `slot`, with acquire order (the records it reaches are complete),
    /// without the lock bit.
    @inline(__always)
    func sharedHead(_ slot: Int) -> NodeID {
        NodeStore.atomicWord(buckets + slot).pointee.load(ordering: .acquiring) & NodeRecord.idMask
    }

    /// The top bit of a bucket's word: a worker is inserting into or reordering its chain.
    static let bucketLock: UInt32 = 1 << 31

    /// Word `word` (0 … 5) of record `id`, as an atomic.
    @inline(__always)
    func sharedWord(_ id: NodeID, _ word: Int) -> UnsafeMutablePointer<Atomic<UInt32>> {
        NodeStore.atomicWord(UnsafeMutableRawPointer(nodes + Int(id)).assumingMemoryBound(to: UInt32.self) + word)
    }

    @inline(__always)
    static func atomicWord(_ p: UnsafeMutablePointer<UInt32>) -> UnsafeMutablePointer<Atomic<UInt32>> {
        UnsafeMutableRawPointer(p).assumingMemoryBound(to: Atomic<UInt32>.self)
    }

    /// Publishes the node (a, b, c, d) in the chain of bucket `slot`, where a search without
    /// the lock did not find it; returns the canonical id (another worker's, when it made the
    /// node first). Under the bucket's lock no record joins or moves in the chain, so the
    /// chain is searched again: a record another worker moved to the front while this one
    /// walked was missing from its walk, and one inserted since was not there yet. The store
    /// that puts the new record at the head also releases the lock.
    @inline(never)
    mutating func insertShared(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, slot: Int) -> NodeID {
        let id = takeSharedID()
        let head = lockBucket(slot)
        let isLeafKey = d == NodeStore.leafMarker
        var probe = head
        while probe != 0 {
            let r = nodes[Int(probe)]
            let same = isLeafKey ? r.word0 == a && r.word1 == b && r.se == d
                : ((r.word0 ^ a) | (r.word1 ^ b) | (r.word2 ^ c) | (r.word3 ^ d)) & NodeRecord.idMask == 0
            if same {
                unlockBucket(slot, head: head)
                spareID = id
                return probe
            }
            probe = r.next
        }
        nodes[Int(id)] = NodeRecord(a, b, c, d, next: head, stamp: tick)
        unlockBucket(slot, head: id)
        return id
    }

    /// `moveToFront` for a worker: moves `id`, found past the head of the chain of `slot`,
    /// to its front under the bucket's lock, or does nothing when another worker holds the
    /// lock (it is only a speed-up). Readers walk chains without the lock: one that walks
    /// while `id` is being moved may miss it, and then inserts, which searches again under
    /// the lock (`insertShared`), so no node is made twice. The moved links keep the recency
    /// stamp bits their words share (`setLink`).
    ///
    /// `mutating`, though it writes only the shared arena and index: a method that is not
    /// inlined takes a non-mutating `self` by value, and the store is a struct of 760 bytes,
    /// which the caller copied before every call (in a trial that added one more such method
    /// to every look-up of a worker, those copies were 15% of the samples).
    @inline(never)
    mutating func moveToFrontShared(_ id: NodeID, slot: Int) {
        guard let head = tryLockBucket(slot) else { return }
        var previous: NodeID = 0, probe = head
        while probe != 0 && probe != id {
            previous = probe
            probe = nodes[Int(probe)].next
        }
        guard probe == id, previous != 0 else {
            unlockBucket(slot, head: head)
            return
        }
        setLink(previous, nodes[Int(id)].next)
        setLink(id, head)
        unlockBucket(slot, head: id)
    }

    /// Sets the chain link of `id` (the low bits of word 4) and keeps its stamp bits, under
    /// the lock of its bucket. A plain load and store: stamp writers swap word 4 atomically
    /// (`replaceBits`), so a stamp written in between can be lost (it is a recency hint), but
    /// a link never is.
    @inline(__always)
    func setLink(_ id: NodeID, _ next: NodeID) {
        let word = sharedWord(id, 4)
        word.pointee.store(word.pointee.load(ordering: .relaxed) & ~NodeRecord.idMask | next, ordering: .relaxed)
    }

    /// Takes the lock of bucket `slot` (spinning while another worker holds it) and returns
    /// the chain's head.
    @inline(__always)
    func lockBucket(_ slot: Int) -> NodeID {
        while true {
            if let head = tryLockBucket(slot) { return head }
            hashlife_spin_pause()
        }
    }

    /// Takes the lock of bucket `slot` and returns the chain's head, or nil when another
    /// worker holds it (or took it meanwhile).
    @inline(__always)
    func tryLockBucket(_ slot: Int) -> NodeID? {
        let bucket = NodeStore.atomicWord(buckets + slot)
        let head = bucket.pointee.load(ordering: .relaxed)
        guard head & NodeStore.bucketLock == 0,
              bucket.pointee.compareExchange(expected: head, desired: head | NodeStore.bucketLock, ordering: .acquiring).exchanged
        else { return nil }
        return head
    }

    /// Releases the lock of bucket `slot`, whose chain now starts at `head`, with release
    /// order (the records it reaches are complete for readers that load it with acquire).
    @inline(__always)
    func unlockBucket(_ slot: Int, head: NodeID) {
        NodeStore.atomicWord(buckets + slot).pointee.store(head, ordering: .releasing)
    }

    /// Sets the bits of `word` under `mask` to `bits` (which lie under it) and keeps the
    /// others, atomically: a record's word 4 holds its chain link under the id mask and stamp
    /// bits above, which different workers may write at once.
    @inline(__always)
    static func replaceBits(_ word: UnsafeMutablePointer<Atomic<UInt32>>, _ mask: UInt32, with bits: UInt32) {
        var old = word.pointee.load(ordering: .relaxed)
        while true {
            let new = old & ~mask | bits
            if new == old { return }
            let swap = word.pointee.compareExchange(expected: old, desired: new, ordering: .relaxed)
            if swap.exchanged { return }
            old = swap.original
        }
    }

    /// A fresh id: the one a lost race gave back, else the next the view holds, taking more
    /// from the phase when it has none, else an emergency id (the view pauses at its next
    /// miss). A view keeps its ids in `pins` (it never pins): `chunkNext` of them first, then
    /// `emergencyCount` from index `chunkSize`.
    @inline(__always)
    mutating func takeSharedID() -> NodeID {
        if spareID != 0 {
            defer { spareID = 0 }
            return spareID
        }
        if chunkNext == 0 { takeChunk() }
        if chunkNext > 0 {
            chunkNext -= 1
            return pins[chunkNext]
        }
        precondition(emergencyCount > 0, "a parallel step used up its emergency ids")
        emergencyCount -= 1
        return pins[NodeStore.chunkSize + emergencyCount]
    }

    mutating func takeChunk() {
        guard let phase else { preconditionFailure("a shared insertion outside a parallel phase") }
        let (taken, pause) = phase.take(NodeStore.chunkSize, into: pins)
        chunkNext = taken
        if taken > 0 { tick = phase.tick(afterHanding: taken) }
        if pause { mustPause = true }
    }

    /// The memoized result of `id` for the step whose tag is `tag`, read as a sequence lock
    /// (see the essay above), or nil (none, or being computed).
    @inline(__always)
    func sharedResult(_ id: NodeID, tag: Int) -> NodeID? {
        sharedResult(id, tagBits: NodeRecord.topBits(UInt32(truncatingIfNeeded: tag)))
    }

    /// `sharedResult(_:tag:)` for the tag whose bits (`NodeRecord.topBits`) are `tagBits`.
    @inline(__always)
    func sharedResult(_ id: NodeID, tagBits: (UInt32, UInt32, UInt32)) -> NodeID? {
        if case let .result(result) = slot(id, tagBits: tagBits) { return result }
        return nil
    }

    /// What the memo slot of `id` holds for the step whose tag is `tag`.
    @inline(__always)
    func slot(_ id: NodeID, tag: Int) -> MemoSlot {
        slot(id, tagBits: NodeRecord.topBits(UInt32(truncatingIfNeeded: tag)))
    }

    /// `slot(_:tag:)` for the tag whose bits (`NodeRecord.topBits`) are `tagBits` (a frame
    /// computes them once: `SubSteps`).
    @inline(__always)
    func slot(_ id: NodeID, tagBits: (UInt32, UInt32, UInt32)) -> MemoSlot {
        let word5 = sharedWord(id, 5)
        while true {
            let first = word5.pointee.load(ordering: .acquiring)
            let low = first & NodeRecord.idMask
            if low == 0 { return first == 0 ? .empty(first) : .busy }
            let a = sharedWord(id, 0).pointee.load(ordering: .relaxed)
            let b = sharedWord(id, 1).pointee.load(ordering: .relaxed)
            atomicMemoryFence(ordering: .acquiring)
            guard word5.pointee.load(ordering: .relaxed) == first else { continue }
            guard NodeRecord.holds(bits: tagBits, a, b, first) else { return .empty(first) }
            return low == NodeStore.claimMarker ? .busy : .result(low)
        }
    }

    /// Claims the memo slot of `id` for the step whose tag is `tag`, if it still holds
    /// `observed`: other workers that need it wait (`awaitResult`) instead of computing it too.
    /// The owner then publishes (`publishClaimed`) or gives it up (`unclaim`).
    @inline(__always)
    func claim(_ id: NodeID, tag: Int, observed: UInt32) -> Bool {
        let word5 = sharedWord(id, 5)
        guard word5.pointee.compareExchange(expected: observed, desired: NodeStore.busyMarker,
                                            ordering: .acquiringAndReleasing).exchanged else { return false }
        let top = NodeRecord.topBits(UInt32(truncatingIfNeeded: tag))
        setTopBits(sharedWord(id, 0), top.0)
        setTopBits(sharedWord(id, 1), top.1)
        word5.pointee.store(NodeStore.claimMarker | top.2, ordering: .releasing)
        return true
    }

    /// Publishes the result of a slot this worker claimed (its tag bits are already written).
    @inline(__always)
    func publishClaimed(_ id: NodeID, _ result: NodeID, tag: Int) {
        sharedWord(id, 5).pointee.store(result | NodeRecord.topBits(UInt32(truncatingIfNeeded: tag)).2, ordering: .releasing)
    }

    /// Gives up a claim (the computation unwound): the slot is empty again.
    func unclaim(_ id: NodeID) {
        sharedWord(id, 5).pointee.store(0, ordering: .releasing)
    }

    /// What a worker does about the memo slot of a node it must step: take the result another
    /// worker published, compute it under its own claim, or (when another worker's claim has
    /// lasted `patience` looks) compute it as well, unclaimed: waiting longer would leave this
    /// worker idle, and whichever finishes first publishes the same canonical result.
    /// Waiting cannot deadlock: a worker waits only for nodes of lower levels than the ones it
    /// holds, and only `patience` looks. (A worker that holds claims may wait for tasks, since
    /// it forks a miss for an idle worker; a task waits only for tasks forked below it.)
    /// - Throws: `.paused` when the phase stops while it waits.
    mutating func awaitResult(_ id: NodeID, tag: Int) throws(StepInterruption) -> SlotDecision {
        var looks = 0
        while true {
            switch slot(id, tag: tag) {
            case let .result(result):
                return .known(result)
            case let .empty(observed):
                if claim(id, tag: tag, observed: observed) { return .claimed }
            case .busy:
                looks += 1
                if looks == NodeStore.patience { return .alongside }
            }
        }
    }

    /// How many times a worker looks at another's claim before computing alongside it.
    static let patience = 256

    /// Memoizes `result` for `id` and the step whose tag is `tag` (< `NodeRecord.tagLimit`),
    /// unclaimed (the forked top of a step), as the writer of a sequence lock.
    @inline(__always)
    func publishResult(_ id: NodeID, _ result: NodeID, tag: Int) {
        if sharedResult(id, tag: tag) == result { return }
        let top = NodeRecord.topBits(UInt32(truncatingIfNeeded: tag))
        let word5 = sharedWord(id, 5), word0 = sharedWord(id, 0), word1 = sharedWord(id, 1)
        word5.pointee.store(NodeStore.busyMarker, ordering: .relaxed)
        atomicMemoryFence(ordering: .releasing)
        setTopBits(word0, top.0)
        setTopBits(word1, top.1)
        word5.pointee.store(result | top.2, ordering: .releasing)
    }

    /// A result word being written: no id, top bits set (single-threaded code never leaves
    /// one: it writes 0 for "none").
    static let busyMarker: UInt32 = 3 << 30
    /// The id part of a claimed slot's result word: never an id.
    static let claimMarker: UInt32 = NodeRecord.idMask

    /// Is a worker of this view's phase waiting for a task? (A fixed fork depth left one of
    /// two workers idle for a fifth to a quarter of a Golly demo's phase, waiting for the
    /// other's last task; a miss at a level worth forking now forks when one is.)
    @inline(__always)
    var isHungry: Bool {
        guard let hungry else { return false }
        return hungry.pointee.load(ordering: .relaxed) > 0
    }

    /// Stamps `id` with the current tick, word by word.
    @inline(__always)
    func stampShared(_ id: NodeID) {
        let top = NodeRecord.topBits(tick)
        setTopBits(sharedWord(id, 2), top.0)
        setTopBits(sharedWord(id, 3), top.1)
        // Word 4 also holds the chain link, which a worker moving records may be writing.
        NodeStore.replaceBits(sharedWord(id, 4), ~NodeRecord.idMask, with: top.2)
    }

    @inline(__always)
    private func setTopBits(_ word: UnsafeMutablePointer<Atomic<UInt32>>, _ bits: UInt32) {
        word.pointee.store(word.pointee.load(ordering: .relaxed) & NodeRecord.idMask | bits, ordering: .relaxed)
    }
}

/// What a worker does about a node another may be stepping (`NodeStore.awaitResult`).
enum SlotDecision: Equatable {
    case known(NodeID)
    case claimed
    case alongside
}

/// What a memo slot holds for one step (`NodeStore.slot`).
enum MemoSlot {
    /// Nothing for this step; the result word as read (to claim it).
    case empty(UInt32)
    /// Being written, or claimed by a worker computing it.
    case busy
    case result(NodeID)
}
