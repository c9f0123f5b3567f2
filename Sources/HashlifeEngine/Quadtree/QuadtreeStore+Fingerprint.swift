// QuadtreeStore+Fingerprint.swift — a fingerprint of the cells that does not depend on
// where they are, for finding periods and spaceships, written once for every family's tree.
//
// Each non-empty cell (x, y) in state s contributes a^x · b^y · g(s) modulo the prime
// 2^61 − 1, in two independent lanes (two bases each, a table g of random values per state):
// a node's sum, relative to its own corner, is its children's sums shifted by a^h and b^h
// (h half its side), memoized by node. Dividing the root's sum by a^left · b^top of the
// bounding box makes the fingerprint translation-invariant: two generations whose cells and
// states are the same shape, anywhere, have the same fingerprint, and the boxes' corners give
// the displacement. Two different shapes share a fingerprint with a probability of about
// 2^−120 per pair.

/// A translation-invariant fingerprint of every non-empty cell and its state (see the file
/// comment of QuadtreeStore+Fingerprint.swift).
public struct StateFingerprint: Hashable, Sendable {
    public let first: UInt64
    public let second: UInt64
}

/// Node sums kept between fingerprints of one universe; forgotten when the node store has
/// collected since (a collection may reuse a node's number) and when there are too many.
public final class FingerprintCache {
    var sums: [NodeID: SIMD2<UInt64>] = [:]
    var collections = -1
    /// Sums kept at most (about 64 bytes each); past it the cache starts again.
    static let maximumEntries = 1 << 22
    /// Per lane: a^(2^k) and b^(2^k) for k = 0, 1, ….
    var powersA: [SIMD2<UInt64>] = [Fingerprint.baseA]
    var powersB: [SIMD2<UInt64>] = [Fingerprint.baseB]

    public init() {}

    func power(_ table: inout [SIMD2<UInt64>], _ k: Int) -> SIMD2<UInt64> {
        while table.count <= k { table.append(Fingerprint.multiply(table[table.count - 1], table[table.count - 1])) }
        return table[k]
    }
}

/// Arithmetic modulo 2^61 − 1, two lanes at a time.
enum Fingerprint {
    static let modulus: UInt64 = (1 << 61) - 1
    static let baseA = SIMD2<UInt64>(0x1D2B_3C4D_5E6F_7081 % modulus, 0x0A1B_2C3D_4E5F_6071 % modulus)
    static let baseB = SIMD2<UInt64>(0x1234_5678_9ABC_DEF1 % modulus, 0x0FED_CBA9_8765_4321 % modulus)
    /// g(s) per lane: splitmix64 values below the modulus (g(0) unused: empty cells add nothing).
    static let stateValues: [SIMD2<UInt64>] = (0..<256).map { state in
        SIMD2(mix(UInt64(state) &+ 0x9E37_79B9_7F4A_7C15) % modulus, mix(UInt64(state) &+ 0x3C6E_F372_FE94_F82A) % modulus)
    }

    static func mix(_ seed: UInt64) -> UInt64 {
        var z = seed &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 30)) &* 0x94D0_49BB_1331_11EB
        z = (z ^ (z >> 27)) &* 0xBF58_476D_1CE4_E5B9
        return z ^ (z >> 31)
    }

    @inline(__always)
    static func reduce(_ value: UInt64) -> UInt64 {
        let folded = (value & modulus) &+ (value >> 61)
        return folded >= modulus ? folded - modulus : folded
    }

    @inline(__always)
    static func multiply(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (high, low) = a.multipliedFullWidth(by: b)
        // a·b = high·2^64 + low = (high·8 + low>>61)·2^61 + (low & m) ≡ high·8 + low>>61 + (low & m).
        return reduce(reduce(high << 3 | low >> 61) &+ (low & modulus))
    }

    @inline(__always)
    static func multiply(_ a: SIMD2<UInt64>, _ b: SIMD2<UInt64>) -> SIMD2<UInt64> {
        SIMD2(multiply(a[0], b[0]), multiply(a[1], b[1]))
    }

    @inline(__always)
    static func add(_ a: SIMD2<UInt64>, _ b: SIMD2<UInt64>) -> SIMD2<UInt64> {
        SIMD2(reduce(a[0] &+ b[0]), reduce(a[1] &+ b[1]))
    }

    /// `base` to the power `exponent` (any integer: reduced modulo 2^61 − 2, the group's order).
    static func power(_ base: SIMD2<UInt64>, _ exponent: BigInt) -> SIMD2<UInt64> {
        var e = exponent.floorDivided(by: BigUInt(modulus - 1)).remainder.uint64Value!
        var result = SIMD2<UInt64>(1, 1), square = base
        while e > 0 {
            if e & 1 == 1 { result = multiply(result, square) }
            square = multiply(square, square)
            e >>= 1
        }
        return result
    }
}

extension QuadtreeStore where Self: ~Copyable {
    /// The fingerprint of the cells of `frame` relative to `box` (their bounding box, of
    /// cells not in state 0); `collections` is the store's count of collections, after which
    /// `cache`'s node sums are forgotten (a collection may reuse a node's number).
    /// - Complexity: O(nodes not fingerprinted before with `cache`).
    func fingerprint(of frame: RootFrame, box: CellRect, collections: Int, cache: FingerprintCache) -> StateFingerprint {
        if cache.collections != collections || cache.sums.count > FingerprintCache.maximumEntries {
            cache.sums.removeAll(keepingCapacity: true)
            cache.collections = collections
        }
        let sum = NodeStore.withStack(forLevels: frame.level) { fingerprintSum(frame.root, level: frame.level, cache: cache) }
        let shiftA = Fingerprint.power(Fingerprint.baseA, frame.x - box.x)
        let shiftB = Fingerprint.power(Fingerprint.baseB, frame.y - box.y)
        let value = Fingerprint.multiply(Fingerprint.multiply(sum, shiftA), shiftB)
        return StateFingerprint(first: value[0], second: value[1])
    }

    /// Σ a^x · b^y · g(state) over the non-empty cells of `id` (of `level`), relative to its
    /// corner, both lanes; memoized in `cache`.
    func fingerprintSum(_ id: NodeID, level: Int, cache: FingerprintCache) -> SIMD2<UInt64> {
        if isEmpty(id, level: level) { return .zero }
        if let known = cache.sums[id] { return known }
        var sum = SIMD2<UInt64>.zero
        if level == Self.leafLevel {
            forEachLeafState(id) { x, y, state in
                var term = Fingerprint.stateValues[Int(state)]
                for _ in 0..<x { term = Fingerprint.multiply(term, Fingerprint.baseA) }
                for _ in 0..<y { term = Fingerprint.multiply(term, Fingerprint.baseB) }
                sum = Fingerprint.add(sum, term)
            }
        } else {
            let (nw, ne, sw, se) = children(id)
            let a = cache.power(&cache.powersA, level - 1), b = cache.power(&cache.powersB, level - 1)
            sum = fingerprintSum(nw, level: level - 1, cache: cache)
            sum = Fingerprint.add(sum, Fingerprint.multiply(fingerprintSum(ne, level: level - 1, cache: cache), a))
            sum = Fingerprint.add(sum, Fingerprint.multiply(fingerprintSum(sw, level: level - 1, cache: cache), b))
            sum = Fingerprint.add(sum, Fingerprint.multiply(Fingerprint.multiply(fingerprintSum(se, level: level - 1, cache: cache), a), b))
        }
        cache.sums[id] = sum
        return sum
    }
}
