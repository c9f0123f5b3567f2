/// A rectangle of cells: (`x`, `y`) is the top-left cell; y grows downwards.
public struct CellRect: Hashable, Sendable, CustomStringConvertible {
    public var x: BigInt
    public var y: BigInt
    public var width: BigUInt
    public var height: BigUInt

    public init(x: BigInt, y: BigInt, width: BigUInt, height: BigUInt) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(x: Int, y: Int, width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "rectangle sides must be non-negative")
        self.init(x: BigInt(x), y: BigInt(y), width: BigUInt(width), height: BigUInt(height))
    }

    /// True when the rectangle holds no cell.
    public var isEmpty: Bool { width.isZero || height.isZero }

    /// One past the right edge.
    public var maxX: BigInt { x + BigInt(width) }
    /// One past the bottom edge.
    public var maxY: BigInt { y + BigInt(height) }

    public var description: String { "\(x),\(y),\(width),\(height)" }
}

/// Offsets inside a node: `Int` while the root is at most 2^62 cells wide, `BigUInt` above.
/// Lets one traversal serve small universes at machine speed and huge ones exactly.
protocol CellOffset: Comparable {
    init(_ small: Int)
    static func powerOfTwo(_ exponent: Int) -> Self
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    /// The offset as an arbitrary-precision integer (offsets are never negative).
    var bigUIntValue: BigUInt { get }
}

extension Int: CellOffset {
    static func powerOfTwo(_ exponent: Int) -> Int { 1 << exponent }
    var bigUIntValue: BigUInt { BigUInt(self) }
}

extension BigUInt: CellOffset {
    var bigUIntValue: BigUInt { self }
}
