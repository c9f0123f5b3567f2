// A collection's scans of the whole arena: the recency histogram and the sweep.
//
// Generic over the record; the entry points, which the collector calls from other files, are
// also compiled for `NodeRecord` (`@_specialize`), so builds that compile file by file (the
// tests') run them specialized too.

extension NodeArena {
    /// How many live nodes carry each stamp 0 … `tick` (a stamp above the tick counts as the
    /// tick), the scan cut into `parts` (`Threads.inParallel`).
    @_specialize(where Record == NodeRecord)
    func recencyHistogram(tick: UInt32, parts: Int) -> [Int] {
        let nodes = self.nodes, count = self.count, tick = Int(tick)
        var counts = [Int](repeating: 0, count: (tick + 1) * parts)
        counts.withUnsafeMutableBufferPointer { counts in
            Threads.inParallel(parts: parts) { part in
                let row = counts.baseAddress! + part * (tick + 1)
                for i in NodeArena.partRange(part, of: parts, count: count) where !nodes[i].isFree {
                    row[min(Int(nodes[i].stamp), tick)] += 1
                }
            }
        }
        return (0...tick).map { t in (0..<parts).reduce(0) { $0 + counts[$1 * (tick + 1) + t] } }
    }

    /// Frees every unmarked record, clears memo slots naming freed nodes, rebuilds the free
    /// list (lowest ids first) and the hash chains, and lowers every surviving stamp by `base`
    /// (a stamp workers tore above `clock` counts as the clock). The ids are cut into `parts`
    /// ranges (`Threads.inParallel`), each swept into a free list of its own; the lists are then joined
    /// in order, so the free list is the one a single part makes.
    /// - Returns: how many nodes were freed.
    @_specialize(where Record == NodeRecord)
    mutating func sweep(_ marks: MarkBits, rebasingStampsBy base: UInt32, clock: UInt32, parts: Int) -> UInt64 {
        let nodes = self.nodes, count = self.count
        var lists = [SweptList](repeating: SweptList(), count: parts)
        lists.withUnsafeMutableBufferPointer { lists in
            marks.withWords { words in
                Threads.inParallel(parts: parts) { part in
                    lists[part] = NodeArena.sweep(NodeArena.partRange(part, of: parts, count: count), of: nodes, words,
                                                  rebasingBy: base, clock: clock)
                }
            }
        }
        // Each part's list ends at its highest freed id; it goes on to the next part's list.
        var freeHead: NodeID = 0, freeCount = 0, evicted: UInt64 = 0
        for list in lists.reversed() where list.head != 0 {
            nodes[Int(list.tail)] = .free(next: freeHead)
            freeHead = list.head
            freeCount += list.count
            evicted += list.evicted
        }
        self.freeHead = freeHead
        self.freeCount = freeCount
        rebuildChains(threads: parts)
        return evicted
    }

    /// One part of `sweep`: the records of `range`, from the highest id down, with their free
    /// list (lowest id first).
    private static func sweep(_ range: Range<Int>, of nodes: UnsafeMutablePointer<Record>,
                              _ words: UnsafePointer<UInt64>, rebasingBy base: UInt32, clock: UInt32) -> SweptList {
        var list = SweptList()
        for i in range.reversed() {
            if MarkBits.isSet(NodeID(i), in: words) {
                var r = nodes[i]
                if !r.isLeaf && r.result != 0 && !MarkBits.isSet(r.result, in: words) { r.forgetResult() }
                let stamp = min(r.stamp, clock)
                r.setStamp(stamp > base ? stamp - base : 0)
                nodes[i] = r
            } else {
                if !nodes[i].isFree { list.evicted += 1 }
                if list.head == 0 { list.tail = NodeID(i) }
                nodes[i] = .free(next: list.head)
                list.head = NodeID(i)
                list.count += 1
            }
        }
        return list
    }

    /// Forgets the memoized result of every live non-leaf (a change of rule).
    /// - Complexity: O(arena).
    @_specialize(where Record == NodeRecord)
    func clearResults() {
        for i in 1..<count where !nodes[i].isFree && !nodes[i].isLeaf {
            nodes[i].forgetResult()
        }
    }
}

/// The free list one part of a sweep made: its first (lowest) and last id, its length, and how
/// many of its records held a node.
private struct SweptList {
    var head: NodeID = 0, tail: NodeID = 0
    var count = 0
    var evicted: UInt64 = 0
}
