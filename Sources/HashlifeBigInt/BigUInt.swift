// Unsigned arbitrary-precision integer: storage, construction, inspection and comparison.
//
// Representation. A value that fits in one 64-bit limb is `.small` and lives inline, so small
// values (the common case: step sizes, generation counters early on) never allocate and copying
// them involves no reference counting. A value of two or more limbs is `.large`: little-endian
// limbs with a non-zero top limb. Every value therefore has exactly one representation, which is
// what lets `==` and `hash(into:)` be the synthesized ones.
//
// Arithmetic lives in BigUInt+Arithmetic.swift, decimal text in BigUInt+Decimal.swift.

/// Unsigned arbitrary-precision integer. Little-endian UInt64 limbs, normalized (no high zero
/// limbs; zero has no limbs).
public struct BigUInt: Hashable, Sendable {
    @usableFromInline internal enum _Storage: Hashable, Sendable {
        /// Any value below 2^64, including zero.
        case small(UInt64)
        /// Two or more limbs, little-endian, top limb non-zero.
        case large([UInt64])
    }

    @usableFromInline internal var _storage: _Storage

    @inlinable internal init(_storage: _Storage) {
        self._storage = _storage
    }

    /// Zero.
    @inlinable public init() {
        _storage = .small(0)
    }

    @inlinable public init(_ value: UInt64) {
        _storage = .small(value)
    }

    /// Precondition: `value >= 0`.
    @inlinable public init(_ value: Int) {
        precondition(value >= 0, "BigUInt cannot represent the negative value \(value)")
        _storage = .small(UInt64(value))
    }

    public init(_ value: UInt128) {
        let high = UInt64(truncatingIfNeeded: value >> 64)
        _storage = high == 0 ? .small(UInt64(truncatingIfNeeded: value)) : .large([UInt64(truncatingIfNeeded: value), high])
    }

    /// Builds a value from little-endian limbs; high zero limbs are dropped.
    public init(limbs: [UInt64]) {
        self.init(_normalizing: limbs)
    }

    /// Takes ownership of `limbs` (little-endian, possibly with high zero limbs) and normalizes.
    @usableFromInline internal init(_normalizing limbs: consuming [UInt64]) {
        var count = limbs.count
        while count > 0 && limbs[count - 1] == 0 { count -= 1 }
        if count <= 1 {
            _storage = .small(count == 1 ? limbs[0] : 0)
        } else {
            if count < limbs.count { limbs.removeLast(limbs.count - count) }
            _storage = .large(limbs)
        }
    }

    /// Little-endian limbs, normalized: no high zero limbs, and zero has none.
    public var limbs: [UInt64] {
        switch _storage {
        case .small(let value): return value == 0 ? [] : [value]
        case .large(let limbs): return limbs
        }
    }

    /// The value if it fits in one limb.
    @inlinable internal var _smallValue: UInt64? {
        if case .small(let value) = _storage { return value }
        return nil
    }

    /// Number of limbs in the normalized representation (0 for zero).
    @inlinable internal var _limbCount: Int {
        switch _storage {
        case .small(let value): return value == 0 ? 0 : 1
        case .large(let limbs): return limbs.count
        }
    }

    /// Calls `body` with the normalized limbs, without allocating for single-limb values.
    @inlinable internal func _withLimbs<R>(_ body: (UnsafeBufferPointer<UInt64>) throws -> R) rethrows -> R {
        switch _storage {
        case .small(let value):
            if value == 0 { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
            return try withUnsafePointer(to: value) { try body(UnsafeBufferPointer(start: $0, count: 1)) }
        case .large(let limbs):
            return try limbs.withUnsafeBufferPointer(body)
        }
    }

    @inlinable public static var zero: BigUInt { BigUInt() }
    @inlinable public static var one: BigUInt { BigUInt(1 as UInt64) }

    @inlinable public var isZero: Bool {
        if case .small(0) = _storage { return true }
        return false
    }

    /// Index of the highest set bit plus one; 0 for zero.
    @inlinable public var bitWidth: Int {
        switch _storage {
        case .small(let value): return 64 - value.leadingZeroBitCount
        case .large(let limbs): return limbs.count * 64 - limbs[limbs.count - 1].leadingZeroBitCount
        }
    }

    /// Number of trailing zero bits; 0 for zero.
    public var trailingZeroBitCount: Int {
        switch _storage {
        case .small(let value):
            return value == 0 ? 0 : value.trailingZeroBitCount
        case .large(let limbs):
            var index = 0
            while limbs[index] == 0 { index += 1 }
            return index * 64 + limbs[index].trailingZeroBitCount
        }
    }

    /// Bit `index` (0 = least significant); false beyond `bitWidth`. Precondition: `index >= 0`.
    public func bit(_ index: Int) -> Bool {
        precondition(index >= 0, "bit index must be non-negative")
        let limb = index >> 6
        let shift = UInt64(index & 63)
        switch _storage {
        case .small(let value): return limb == 0 && (value >> shift) & 1 == 1
        case .large(let limbs): return limb < limbs.count && (limbs[limb] >> shift) & 1 == 1
        }
    }

    /// Number of set bits.
    public var nonzeroBitCount: Int {
        switch _storage {
        case .small(let value):
            return value.nonzeroBitCount
        case .large(let limbs):
            var total = 0
            for limb in limbs { total += limb.nonzeroBitCount }
            return total
        }
    }

    /// The value as a UInt64, or nil if it does not fit.
    @inlinable public var uint64Value: UInt64? { _smallValue }

    /// The value as an Int, or nil if it does not fit.
    @inlinable public var intValue: Int? {
        if let value = _smallValue, value <= UInt64(Int.max) { return Int(value) }
        return nil
    }
}

// MARK: - Literals

extension BigUInt: ExpressibleByIntegerLiteral {
    /// Any non-negative integer literal, however long.
    public init(integerLiteral value: StaticBigInt) {
        precondition(value.signum() >= 0, "BigUInt cannot represent a negative literal")
        precondition(UInt.bitWidth == 64, "BigUInt literals assume 64-bit words")
        // Two's-complement width includes a sign bit, so a non-negative value needs bitWidth - 1 bits.
        let wordCount = (value.bitWidth - 1 + 63) / 64
        if wordCount <= 1 {
            self.init(UInt64(truncatingIfNeeded: value[0]))
            return
        }
        var limbs = [UInt64](repeating: 0, count: wordCount)
        for i in 0..<wordCount { limbs[i] = UInt64(truncatingIfNeeded: value[i]) }
        self.init(_normalizing: limbs)
    }
}

// MARK: - Comparison

extension BigUInt: Comparable {
    @inlinable public static func < (a: BigUInt, b: BigUInt) -> Bool {
        if case .small(let x) = a._storage, case .small(let y) = b._storage { return x < y }
        return _compare(a, b) < 0
    }

    /// -1, 0 or 1 as `a` is less than, equal to or greater than `b`.
    @usableFromInline internal static func _compare(_ a: BigUInt, _ b: BigUInt) -> Int {
        switch (a._storage, b._storage) {
        case (.small(let x), .small(let y)):
            return x < y ? -1 : (x == y ? 0 : 1)
        case (.small, .large):
            return -1
        case (.large, .small):
            return 1
        case (.large(let x), .large(let y)):
            if x.count != y.count { return x.count < y.count ? -1 : 1 }
            var i = x.count - 1
            while i >= 0 {
                if x[i] != y[i] { return x[i] < y[i] ? -1 : 1 }
                i -= 1
            }
            return 0
        }
    }
}
