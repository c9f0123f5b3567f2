// The memo table of the region operations.

/// Results of one region operation by key of up to four node ids (a node, a pair, a 2×2
/// block): open addressing with linear probing at load at most 1/2, 20 bytes a slot. A key's
/// first id is never 0, so an all-zero key marks a free slot. One table serves one call (its
/// keys mean something only for that call's rectangle, shift or transform), so the work of an
/// operation is one look-up per distinct node (or pair, or block) it meets.
struct RegionMemo {
    private var keys: [SIMD4<UInt32>]
    private var values: [UInt32]
    private var used = 0

    init() {
        keys = [SIMD4<UInt32>](repeating: .zero, count: 256)
        values = [UInt32](repeating: 0, count: 256)
    }

    subscript(key: SIMD4<UInt32>) -> NodeID? {
        let mask = keys.count - 1
        var i = RegionMemo.home(key, mask)
        while true {
            let k = keys[i]
            if k == key { return values[i] }
            if k[0] == 0 { return nil }
            i = (i + 1) & mask
        }
    }

    /// Records `value` for `key` (whose first id is not 0).
    mutating func set(_ key: SIMD4<UInt32>, _ value: NodeID) {
        if (used + 1) * 2 > keys.count { grow() }
        let mask = keys.count - 1
        var i = RegionMemo.home(key, mask)
        while keys[i][0] != 0 && keys[i] != key { i = (i + 1) & mask }
        if keys[i][0] == 0 { used += 1 }
        keys[i] = key
        values[i] = value
    }

    /// Entries held (for tests of the O(distinct nodes) claims).
    var count: Int { used }

    @inline(__always)
    private static func home(_ k: SIMD4<UInt32>, _ mask: Int) -> Int {
        var h = (UInt64(k[0]) | UInt64(k[1]) &<< 32) &* 0x9E37_79B9_7F4A_7C15
        h ^= (UInt64(k[2]) | UInt64(k[3]) &<< 32) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= h &>> 29
        return Int(truncatingIfNeeded: h) & mask
    }

    private mutating func grow() {
        let (oldKeys, oldValues) = (keys, values)
        keys = [SIMD4<UInt32>](repeating: .zero, count: oldKeys.count * 2)
        values = [UInt32](repeating: 0, count: oldKeys.count * 2)
        used = 0
        for (k, v) in zip(oldKeys, oldValues) where k[0] != 0 { set(k, v) }
    }
}
