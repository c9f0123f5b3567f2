// TEMPORARY stand-ins until the real BigInteger and Rule files land. Delete then.
public struct BigUInt: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    var v: UInt64
    public init() { v = 0 }
    public init(_ value: UInt64) { v = value }
    public init(_ value: Int) { v = UInt64(value) }
    public init(integerLiteral value: UInt64) { v = value }
    public static var zero: BigUInt { BigUInt() }
    public static var one: BigUInt { BigUInt(1 as UInt64) }
    public var isZero: Bool { v == 0 }
    public var bitWidth: Int { 64 - v.leadingZeroBitCount }
    public var trailingZeroBitCount: Int { v == 0 ? 0 : v.trailingZeroBitCount }
    public func bit(_ i: Int) -> Bool { i < 64 && (v >> UInt64(i)) & 1 == 1 }
    public var uint64Value: UInt64? { v }
    public var intValue: Int? { Int(exactly: v) }
    public static func < (a: BigUInt, b: BigUInt) -> Bool { a.v < b.v }
    public static func + (a: BigUInt, b: BigUInt) -> BigUInt { BigUInt(a.v + b.v) }
    public static func += (a: inout BigUInt, b: BigUInt) { a.v += b.v }
    public static func - (a: BigUInt, b: BigUInt) -> BigUInt { BigUInt(a.v - b.v) }
    public static func * (a: BigUInt, b: BigUInt) -> BigUInt { BigUInt(a.v * b.v) }
    public static func << (a: BigUInt, n: Int) -> BigUInt { BigUInt(a.v << UInt64(n)) }
    public static func >> (a: BigUInt, n: Int) -> BigUInt { BigUInt(a.v >> UInt64(n)) }
    public static func powerOfTwo(_ e: Int) -> BigUInt { BigUInt(UInt64(1) << UInt64(e)) }
    public func quotientAndRemainder(dividingBy d: UInt64) -> (quotient: BigUInt, remainder: UInt64) { (BigUInt(v / d), v % d) }
    public var limbs: [UInt64] { [v] }
    public var description: String { String(v) }
    public init?(decimal text: Substring) { guard let x = UInt64(text) else { return nil }; v = x }
    public static func parseCount(_ text: String) throws(NumberSyntaxError) -> BigUInt {
        guard let x = UInt64(text) else { throw NumberSyntaxError(text: text) }; return BigUInt(x)
    }
}
public struct NumberSyntaxError: Error, CustomStringConvertible { var text: String; public var description: String { "bad number \(text)" } }
public struct BigInt: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    var v: Int
    public init() { v = 0 }
    public init(_ value: Int) { v = value }
    public init(integerLiteral value: Int) { v = value }
    public init(_ m: BigUInt) { v = Int(m.v) }
    public init(magnitudeOf m: UInt) { v = Int(m) }
    public init(sign isNegative: Bool, magnitude: BigUInt) { v = isNegative ? -Int(magnitude.v) : Int(magnitude.v) }
    public static var zero: BigInt { BigInt() }
    public var magnitude: BigUInt { BigUInt(UInt64(v.magnitude)) }
    public var isNegative: Bool { v < 0 }
    public var isZero: Bool { v == 0 }
    public var intValue: Int? { v }
    public static func < (a: BigInt, b: BigInt) -> Bool { a.v < b.v }
    public static func + (a: BigInt, b: BigInt) -> BigInt { BigInt(a.v + b.v) }
    public static func - (a: BigInt, b: BigInt) -> BigInt { BigInt(a.v - b.v) }
    public static func += (a: inout BigInt, b: BigInt) { a.v += b.v }
    public static func -= (a: inout BigInt, b: BigInt) { a.v -= b.v }
    public static func + (a: BigInt, b: Int) -> BigInt { BigInt(a.v + b) }
    public static func - (a: BigInt, b: Int) -> BigInt { BigInt(a.v - b) }
    public static prefix func - (a: BigInt) -> BigInt { BigInt(-a.v) }
    public static func << (a: BigInt, n: Int) -> BigInt { BigInt(a.v << n) }
    public static func >> (a: BigInt, n: Int) -> BigInt { BigInt(a.v >> n) }
    public init?(decimal text: Substring) { guard let x = Int(text) else { return nil }; v = x }
    public static func * (a: BigUInt, b: BigInt) -> BigInt { BigInt(Int(a.v) * b.v) }
    public var description: String { String(v) }
}
