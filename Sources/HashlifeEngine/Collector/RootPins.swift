// Roots pinned from outside the store: kept states, cell-set keys and clips.

import Synchronization

/// Roots kept alive by values outside the universe (`UniverseState`, `CellSetKey`,
/// `PatternClip`): a table of slots, each holding one node id, released when its `PinnedRoot`
/// goes away. Ids only: any engine's store can pin its roots here.
///
/// Thread safety: a pin may be released on any thread (the last copy of a state can be dropped
/// by a worker, a display thread or a signal-driven cancel path), so the table is guarded by a
/// mutex. Pins are only made, and `ids` only read, by the thread that owns the store; an id
/// released while a collection reads `ids` stays marked until the next collection, which is
/// harmless.
final class RootPins: Sendable {
    private struct Table {
        /// Slot → pinned id; 0 marks a free slot.
        var ids: [NodeID] = []
        var freeSlots: [Int] = []
    }

    private let table = Mutex(Table())

    func add(_ id: NodeID) -> Int {
        table.withLock { t in
            if let slot = t.freeSlots.popLast() {
                t.ids[slot] = id
                return slot
            }
            t.ids.append(id)
            return t.ids.count - 1
        }
    }

    func remove(slot: Int) {
        table.withLock { t in
            t.ids[slot] = 0
            t.freeSlots.append(slot)
        }
    }

    /// The pinned ids (0 for free slots, with repeats), as they are now.
    var ids: [NodeID] { table.withLock { $0.ids } }

    /// Ids currently pinned (with repeats).
    var count: Int { table.withLock { $0.ids.count - $0.freeSlots.count } }
}

/// One pinned root: the node stays in the store for as long as this object lives. It may be
/// released on any thread (see `RootPins`).
final class PinnedRoot: Sendable {
    let pins: RootPins
    let slot: Int
    let id: NodeID

    init(_ id: NodeID, in pins: RootPins) {
        self.pins = pins
        self.id = id
        slot = pins.add(id)
    }

    deinit { pins.remove(slot: slot) }
}
