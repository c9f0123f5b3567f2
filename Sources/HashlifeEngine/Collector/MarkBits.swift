// The marks of a collection.

/// One bit per arena slot, for a collection's marking, and the marking's work stack (kept here
/// so that marking many small trees does not allocate one stack each). Keyed by id only, so the
/// same for any arena record.
struct MarkBits {
    private var words: [UInt64]
    var stack: [NodeID] = []

    init(count: Int) { words = [UInt64](repeating: 0, count: (count + 63) / 64) }

    subscript(id: NodeID) -> Bool { withWords { MarkBits.isSet(id, in: $0) } }

    mutating func set(_ id: NodeID) { withWords { MarkBits.set(id, in: $0) } }

    /// Runs `body` on the raw words (the hot loops of marking and sweeping; ids must be below
    /// the count the bits were made for).
    mutating func withWords<R>(_ body: (UnsafeMutablePointer<UInt64>) -> R) -> R {
        words.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }

    /// `withWords` for reading.
    func withWords<R>(_ body: (UnsafePointer<UInt64>) -> R) -> R {
        words.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    @inline(__always)
    static func isSet(_ id: NodeID, in words: UnsafePointer<UInt64>) -> Bool {
        words[Int(id) >> 6] >> UInt64(id & 63) & 1 == 1
    }

    @inline(__always)
    static func set(_ id: NodeID, in words: UnsafeMutablePointer<UInt64>) {
        words[Int(id) >> 6] |= 1 << UInt64(id & 63)
    }

    /// Marks `id` and pushes it on `stack` unless it is 0 or marked already; 1 when it was newly
    /// marked, else 0 (the marking walk's step).
    @inline(__always)
    static func push(_ id: NodeID, in words: UnsafeMutablePointer<UInt64>, onto stack: inout [NodeID]) -> Int {
        if id == 0 || isSet(id, in: words) { return 0 }
        set(id, in: words)
        stack.append(id)
        return 1
    }
}
