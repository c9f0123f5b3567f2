// A collection between two phases of a multi-threaded step marks its recent nodes with all the
// step's threads.

import Synchronization

extension Collector {
    /// `markRecent(in:_:since:tick:)` on `threads` threads (`Threads.inParallel`), which take the arena's
    /// ids in chunks of `markingChunk`, each marking the trees of the recent nodes in its chunk.
    /// The trees cross chunks, so a bit is set with an atomic or, and the one whose or found it
    /// clear pushes the node and counts it: the marks, and the count, are those one thread makes.
    /// Arenas below `NodeArena.parallelScanSlots` are marked by one thread. Between phases the
    /// other threads are idle, and this marking is most of a collection's time.
    @_specialize(where Record == NodeRecord)
    static func markRecent<Record>(in arena: NodeArena<Record>, _ marks: inout MarkBits, since threshold: Int, tick: UInt32, threads: Int) -> Int {
        guard threads > 1, arena.count >= NodeArena<Record>.parallelScanSlots else {
            return markRecent(in: arena, &marks, since: threshold, tick: tick)
        }
        guard threshold <= Int(tick) else { return 0 }
        let count = arena.count
        // The recent nodes crowd at the arena's top (the newest ids) unless collections have
        // refilled freed records below: fixed shares would leave one thread most of the work,
        // so the threads take chunks of ids in turn.
        let chunk = Collector.markingChunk, chunks = (count - 1 + chunk - 1) / chunk
        let next = Atomic<Int>(0)
        var marked = [Int](repeating: 0, count: threads)
        marked.withUnsafeMutableBufferPointer { marked in
            marks.withWords { words in
                Threads.inParallel(parts: threads) { part in
                    var stack: [NodeID] = []
                    while true {
                        let k = next.add(1, ordering: .relaxed).oldValue
                        guard k < chunks else { break }
                        let start = 1 + k * chunk
                        marked[part] += Collector.markRecent(in: start..<min(start + chunk, count), of: arena, since: threshold, words, &stack)
                    }
                }
            }
        }
        return marked.reduce(0, +)
    }

    /// Ids a thread of `markRecent(in:_:since:tick:threads:)` takes at a time.
    static let markingChunk = 1 << 14

    /// One thread's part of `markRecent(in:_:since:tick:threads:)`: the trees (children and memo
    /// results) of the nodes in `range` stamped at `threshold` or later, and those nodes'
    /// results; returns how many bits it set.
    private static func markRecent<Record>(in range: Range<Int>, of arena: NodeArena<Record>, since threshold: Int,
                                   _ words: UnsafeMutablePointer<UInt64>, _ stack: inout [NodeID]) -> Int {
        var n = 0
        for i in range {
            let r = arena.slot(i)
            guard !r.isFree && Int(r.stamp) >= threshold else { continue }
            n += markShared(NodeID(i), words, &stack)
            if !r.isLeaf { n += markShared(r.result, words, &stack) }
            n += markWalk(arena, &stack, true) { markShared($0, words, &$1) }
        }
        return n
    }

    /// Sets the mark of `id` (unless 0) with an atomic or and pushes it on `stack` when this call
    /// set it; 1 then, else 0.
    @inline(__always)
    private static func markShared(_ id: NodeID, _ words: UnsafeMutablePointer<UInt64>, _ stack: inout [NodeID]) -> Int {
        if id == 0 { return 0 }
        let bit: UInt64 = 1 << UInt64(id & 63)
        let word = UnsafeMutableRawPointer(words + Int(id) >> 6).assumingMemoryBound(to: Atomic<UInt64>.self)
        // Most nodes a walk meets are marked already: a load costs less than the or.
        guard word.pointee.load(ordering: .relaxed) & bit == 0,
              word.pointee.bitwiseOr(bit, ordering: .relaxed).oldValue & bit == 0 else { return 0 }
        stack.append(id)
        return 1
    }
}
