// A small open-addressing table for caches keyed by node id.

/// A side table of 32-bit values by non-zero 64-bit key (a node id, or an id and a step):
/// open addressing with linear probing at load at most 1/2, 12 bytes a slot. Used for the
/// population cache and for results too deep for a record's tag. It holds only what was put
/// in, and never grows past `maximumBytes`: a full table is emptied and refilled (both uses
/// are caches, so only time is lost). Collections empty it (a freed id may come back as
/// another node).
struct SideTable {
    private var keys: [UInt64] = []
    private var values: [UInt32] = []
    private var used = 0
    /// The most the table may hold, in bytes.
    var maximumBytes = Int.max

    /// Bytes held.
    var bytes: Int { keys.count * (MemoryLayout<UInt64>.stride + MemoryLayout<UInt32>.stride) }
    var count: Int { used }

    subscript(key: UInt64) -> UInt32? {
        guard !keys.isEmpty else { return nil }
        let mask = keys.count - 1
        var i = SideTable.home(key, mask)
        while true {
            let k = keys[i]
            if k == key { return values[i] }
            if k == 0 { return nil }
            i = (i + 1) & mask
        }
    }

    /// Records `value` for `key` (≠ 0), replacing what it had.
    mutating func set(_ key: UInt64, _ value: UInt32) {
        if (used + 1) * 2 > keys.count { grow() }
        let mask = keys.count - 1
        var i = SideTable.home(key, mask)
        while keys[i] != 0 && keys[i] != key { i = (i + 1) & mask }
        if keys[i] == 0 { used += 1 }
        keys[i] = key
        values[i] = value
    }

    mutating func removeAll() {
        keys = []
        values = []
        used = 0
    }

    private static func home(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> 32) & mask
    }

    private mutating func grow() {
        let wanted = max(keys.count * 2, 1 << 8)
        if !keys.isEmpty && wanted * 12 > maximumBytes {
            keys.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            used = 0
            return
        }
        let (oldKeys, oldValues) = (keys, values)
        keys = [UInt64](repeating: 0, count: wanted)
        values = [UInt32](repeating: 0, count: wanted)
        used = 0
        for (k, v) in zip(oldKeys, oldValues) where k != 0 { set(k, v) }
    }
}
