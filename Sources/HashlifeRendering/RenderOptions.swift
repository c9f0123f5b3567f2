import HashlifeEngine

/// An 8-bit-per-channel colour.
public struct RGB: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    public static let black = RGB(r: 0, g: 0, b: 0)
    public static let white = RGB(r: 255, g: 255, b: 255)

    /// Parses `#RRGGBB`, `RRGGBB`, `#RGB` or `RGB` (hex digits in either case; `#RGB` means
    /// `#RRGGBB` with each digit doubled). Nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.first == "#" { digits = digits.dropFirst() }
        var values: [UInt8] = []
        for unit in digits.utf8 {
            switch unit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(unit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): values.append(unit - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): values.append(unit - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        switch values.count {
        case 3: self.init(r: values[0] * 17, g: values[1] * 17, b: values[2] * 17)
        case 6: self.init(r: values[0] << 4 | values[1], g: values[2] << 4 | values[3], b: values[4] << 4 | values[5])
        default: return nil
        }
    }

    /// `#rrggbb`, lower-case.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        for channel in [r, g, b] {
            bytes.append(digits[Int(channel >> 4)])
            bytes.append(digits[Int(channel & 15)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public var description: String { hex }
}

/// How the PNG and SVG renderers draw blocks.
public struct RenderOptions: Hashable, Sendable {
    /// Shade each block by the fraction of its cells alive, rather than live/dead only.
    public var density: Bool
    /// Draw lines along block boundaries (PNG: only when `pixelsPerBlock` ≥ 3).
    public var grid: Bool
    /// The colour of a block with a live cell (with `density`, of a full block).
    public var live: RGB
    /// The background: blocks without a live cell.
    public var dead: RGB
    /// The grid lines' colour.
    public var gridColor: RGB
    /// Pixels per block side in PNG and SVG output, in `pixelsPerBlockRange`.
    public var pixelsPerBlock: Int

    /// The allowed `pixelsPerBlock`.
    public static let pixelsPerBlockRange = 1...64
    /// With `density`, the shade of a block with any live cell is at least this fraction of
    /// the way from `dead` to `live`, so a single cell in a huge block stays visible.
    public static let minimumDensity = 0.15

    public init(
        density: Bool = false,
        grid: Bool = false,
        live: RGB = .black,
        dead: RGB = .white,
        gridColor: RGB = RGB(r: 0xC0, g: 0xC0, b: 0xC0),
        pixelsPerBlock: Int = 1
    ) {
        self.density = density
        self.grid = grid
        self.live = live
        self.dead = dead
        self.gridColor = gridColor
        self.pixelsPerBlock = pixelsPerBlock
    }

    /// The colour of a block with `count` live cells out of `blockArea`: `dead` for 0; `live`
    /// for any other count without `density`; with `density`, `dead + (live − dead) × f` per
    /// channel (rounded to nearest) where f = count / blockArea, at least `minimumDensity`,
    /// at most 1.
    public func color(count: BigUInt, blockArea: BigUInt) -> RGB {
        Shader(options: self, blockArea: blockArea).color(count)
    }

    func checkPixelsPerBlock() {
        precondition(
            Self.pixelsPerBlockRange.contains(pixelsPerBlock),
            "pixelsPerBlock must be in \(Self.pixelsPerBlockRange), got \(pixelsPerBlock)")
    }
}

/// Block colours for one render: the block area's conversion to a Double done once.
struct Shader {
    /// The colours of an empty and of a full block, and whether counts between are shaded.
    let dead: RGB
    let live: RGB
    let density: Bool
    let blockArea: BigUInt
    /// Bits dropped from counts and the area so that the area fits a UInt64.
    private let shift: Int
    private let scaledArea: Double

    init(dead: RGB, live: RGB, density: Bool, blockArea: BigUInt) {
        precondition(!blockArea.isZero, "blockArea must be at least 1")
        self.dead = dead
        self.live = live
        self.density = density
        self.blockArea = blockArea
        shift = max(0, blockArea.bitWidth - 64)
        scaledArea = Double((blockArea >> shift).uint64Value!)
    }

    init(options: RenderOptions, blockArea: BigUInt) {
        self.init(dead: options.dead, live: options.live, density: options.density, blockArea: blockArea)
    }

    /// count / blockArea in [0, 1] (a count above the area counts as full).
    func fraction(_ count: BigUInt) -> Double {
        if count.isZero { return 0 }
        if blockArea < count { return 1 }
        let scaled = shift == 0 ? count.uint64Value! : (count >> shift).uint64Value!
        return min(1, Double(scaled) / scaledArea)
    }

    func color(_ count: BigUInt) -> RGB {
        if count.isZero { return dead }
        if !density { return live }
        let f = max(fraction(count), RenderOptions.minimumDensity)
        if f >= 1 { return live }
        func mix(_ dead: UInt8, _ live: UInt8) -> UInt8 {
            let value = Double(dead) + (Double(live) - Double(dead)) * f
            return UInt8(min(255, max(0, value.rounded())))
        }
        let (d, l) = (dead, live)
        return RGB(r: mix(d.r, l.r), g: mix(d.g, l.g), b: mix(d.b, l.b))
    }
}
