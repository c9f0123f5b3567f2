// The stack of ids the recursion holds, which a collection in the middle of a step keeps.

extension NodeArena {
    /// Makes room on the pin stack for a recursion from a node of `level`, and empties it.
    mutating func preparePins(level: Int) {
        pinCount = 0
        let needed = PinFrame.slotCount * (level + 2)
        guard needed > pinCapacity else { return }
        pins.deallocate()
        pins = .allocate(capacity: needed)
        pinCapacity = needed
    }

    /// The frame a `successor` miss would push now (nothing is pushed yet).
    @inline(__always)
    func nextFrame() -> PinFrame {
        PinFrame(base: pinCount, slots: pins + pinCount, capacity: pinCapacity - pinCount)
    }

    /// Pushes `frame` (from `nextFrame`) holding `id` in its first slot and zeroes elsewhere, so
    /// that a collection never reads a stale id.
    @inline(__always)
    mutating func push(_ frame: PinFrame, holding id: NodeID) {
        checkInvariant(frame.base == pinCount && frame.capacity >= PinFrame.slotCount, "a pin frame pushed out of order or past the stack")
        frame.slots.update(repeating: 0, count: PinFrame.slotCount)
        frame.slots[0] = id
        pinCount = frame.base + PinFrame.slotCount
    }

    /// Pops `frame` and every frame above it.
    @inline(__always)
    mutating func pop(_ frame: PinFrame) { pinCount = frame.base }

    /// The pinned id in slot `i` (< `pinCount`; 0 for a slot not filled yet).
    @inline(__always)
    func pin(_ i: Int) -> NodeID {
        checkInvariant(i < pinCount, "pin \(i) is above the stack (\(pinCount))")
        return pins[i]
    }
}

/// One `successor` frame's slots on the pin stack: the node, then its sub-results as they
/// arrive (`NodeStore.fullStep`, `partialStep`). Writing a slot of a frame that was not pushed
/// (a step far from the limit does not pin) writes above the stack, where nothing reads.
struct PinFrame {
    /// Slots a frame takes: the node, nine sub-results, three of the four combined results
    /// (the fourth is joined before any further collection can run).
    static let slotCount = 13

    let base: Int
    fileprivate let slots: UnsafeMutablePointer<UInt32>
    fileprivate let capacity: Int

    /// Sets slot `k` (1 ..< `slotCount`).
    @inline(__always)
    subscript(k: Int) -> NodeID {
        get { slots[k] }
        nonmutating set {
            checkInvariant(k > 0 && k < PinFrame.slotCount && k < capacity, "pin slot \(k) is outside its frame")
            slots[k] = newValue
        }
    }
}
