// Signed arbitrary-precision integer as sign and magnitude on top of BigUInt. Zero is never
// negative, so every value has one representation and the synthesized Hashable is correct.
// Small values (magnitude below 2^64) never allocate, since BigUInt keeps them inline.

/// Signed arbitrary precision: sign and magnitude. Zero is never negative.
public struct BigInt: Hashable, Sendable {
    @usableFromInline internal var _magnitude: BigUInt
    @usableFromInline internal var _negative: Bool

    /// Zero.
    @inlinable public init() {
        _magnitude = BigUInt()
        _negative = false
    }

    @inlinable public init(_ value: Int) {
        _magnitude = BigUInt(UInt64(value.magnitude))
        _negative = value < 0
    }

    /// The non-negative value `magnitude`.
    @inlinable public init(_ magnitude: BigUInt) {
        _magnitude = magnitude
        _negative = false
    }

    /// `-magnitude` if `isNegative`, else `magnitude`; a negative zero becomes zero.
    @inlinable public init(sign isNegative: Bool, magnitude: BigUInt) {
        _magnitude = magnitude
        _negative = isNegative && !magnitude.isZero
    }

    /// The absolute value.
    @inlinable public var magnitude: BigUInt { _magnitude }
    /// True for values below zero (never for zero).
    @inlinable public var isNegative: Bool { _negative }
    @inlinable public var isZero: Bool { _magnitude.isZero }

    @inlinable public static var zero: BigInt { BigInt() }
    @inlinable public static var one: BigInt { BigInt(BigUInt.one) }

    /// The value as an Int, or nil if it does not fit.
    public var intValue: Int? {
        guard let m = _magnitude.uint64Value else { return nil }
        if !_negative { return m <= UInt64(Int.max) ? Int(m) : nil }
        return m <= UInt64(Int.max) + 1 ? Int(truncatingIfNeeded: 0 &- m) : nil
    }
}

// MARK: - Literals

extension BigInt: ExpressibleByIntegerLiteral {
    /// Any integer literal, however long.
    public init(integerLiteral value: StaticBigInt) {
        precondition(UInt.bitWidth == 64, "BigInt literals assume 64-bit words")
        if value.signum() >= 0 {
            self.init(BigUInt(integerLiteral: value))
            return
        }
        // Words are two's complement; negate to get the magnitude.
        let wordCount = (value.bitWidth + 63) / 64
        var limbs = [UInt64](repeating: 0, count: wordCount)
        var carry = true
        for i in 0..<wordCount {
            let (sum, overflow) = (~UInt64(truncatingIfNeeded: value[i])).addingReportingOverflow(carry ? 1 : 0)
            limbs[i] = sum
            carry = overflow
        }
        self.init(sign: true, magnitude: BigUInt(limbs: limbs))
    }
}

// MARK: - Comparison

extension BigInt: Comparable {
    @inlinable public static func < (a: BigInt, b: BigInt) -> Bool {
        if a._negative != b._negative { return a._negative }
        return a._negative ? b._magnitude < a._magnitude : a._magnitude < b._magnitude
    }
}

// MARK: - Arithmetic

extension BigInt {
    @inlinable public static func + (a: BigInt, b: BigInt) -> BigInt {
        if a._negative == b._negative {
            return BigInt(sign: a._negative, magnitude: a._magnitude + b._magnitude)
        }
        if b._magnitude < a._magnitude {
            return BigInt(sign: a._negative, magnitude: a._magnitude - b._magnitude)
        }
        return BigInt(sign: b._negative, magnitude: b._magnitude - a._magnitude)
    }

    @inlinable public static func - (a: BigInt, b: BigInt) -> BigInt {
        a + (-b)
    }

    @inlinable public static func * (a: BigInt, b: BigInt) -> BigInt {
        BigInt(sign: a._negative != b._negative, magnitude: a._magnitude * b._magnitude)
    }

    @inlinable public static prefix func - (a: BigInt) -> BigInt {
        BigInt(sign: !a._negative, magnitude: a._magnitude)
    }

    @inlinable public static func += (a: inout BigInt, b: BigInt) { a = a + b }
    @inlinable public static func -= (a: inout BigInt, b: BigInt) { a = a - b }
    @inlinable public static func *= (a: inout BigInt, b: BigInt) { a = a * b }

    /// `a · 2^n`. Precondition: `n >= 0`.
    @inlinable public static func << (a: BigInt, n: Int) -> BigInt {
        BigInt(sign: a._negative, magnitude: a._magnitude << n)
    }

    /// Arithmetic shift: floor(a / 2^n), so `-1 >> 1 == -1`. Precondition: `n >= 0`.
    public static func >> (a: BigInt, n: Int) -> BigInt {
        if !a._negative { return BigInt(a._magnitude >> n) }
        // floor(-m / 2^n) = -ceil(m / 2^n) = -(((m - 1) >> n) + 1) for m >= 1.
        return BigInt(sign: true, magnitude: ((a._magnitude - .one) >> n) + .one)
    }

    @inlinable public static func <<= (a: inout BigInt, n: Int) { a = a << n }
    @inlinable public static func >>= (a: inout BigInt, n: Int) { a = a >> n }

    /// Floor division and non-negative remainder for a positive divisor:
    /// `self == quotient · d + remainder` with `0 <= remainder < d`. Precondition: `d > 0`.
    public func floorDivided(by d: BigUInt) -> (quotient: BigInt, remainder: BigUInt) {
        let (q, r) = _magnitude.quotientAndRemainder(dividingBy: d)
        if !_negative { return (BigInt(q), r) }
        if r.isZero { return (BigInt(sign: true, magnitude: q), r) }
        return (BigInt(sign: true, magnitude: q + .one), d - r)
    }

    // MARK: Mixed with Int

    @inlinable public static func + (a: BigInt, b: Int) -> BigInt { a + BigInt(b) }
    @inlinable public static func - (a: BigInt, b: Int) -> BigInt { a - BigInt(b) }
    @inlinable public static func + (a: Int, b: BigInt) -> BigInt { BigInt(a) + b }
    @inlinable public static func - (a: Int, b: BigInt) -> BigInt { BigInt(a) - b }
    @inlinable public static func += (a: inout BigInt, b: Int) { a = a + BigInt(b) }
    @inlinable public static func -= (a: inout BigInt, b: Int) { a = a - BigInt(b) }
}

// MARK: - Decimal text

extension BigInt: CustomStringConvertible {
    /// Decimal, with a leading '-' for negative values: "-123", "0".
    public var description: String {
        _negative ? "-" + _magnitude.description : _magnitude.description
    }

    /// An optional leading '+' or '-', then ASCII decimal digits (at least one). "-0" is zero.
    public init?(decimal text: Substring) {
        var digits = text
        var negative = false
        if let first = digits.first, first == "+" || first == "-" {
            negative = first == "-"
            digits = digits.dropFirst()
        }
        guard let magnitude = BigUInt(decimal: digits) else { return nil }
        self.init(sign: negative, magnitude: magnitude)
    }
}
