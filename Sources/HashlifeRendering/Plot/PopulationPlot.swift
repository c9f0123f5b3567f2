#if canImport(Glibc)
import Glibc
#endif
import HashlifeEngine

/// A chart of population (and optionally the pattern's width and height) against generation,
/// drawn as SVG or PNG: title, labelled axes, ticks, grid lines, one line per series.
///
/// Values stay exact `BigUInt`s until the last step, which turns each into a position along
/// its axis in [0, 1]: on linear axes as a ratio of two big integers reduced to their leading
/// 64 bits, on logarithmic axes from the bit length and leading bits (log2 n = bits − 64 +
/// log2(top 64 bits)), so a population of 10^300 or a generation of 2^60000 is placed exactly
/// as far as a pixel can show, with no `Double` overflow.
public struct PopulationPlot: Sendable {
    public struct Sample: Sendable, Equatable {
        public var generation: BigUInt
        public var population: BigUInt
        /// Bounding-box size (0×0 when empty), when bounds are plotted.
        public var width: BigUInt?
        public var height: BigUInt?

        public init(generation: BigUInt, population: BigUInt, width: BigUInt? = nil, height: BigUInt? = nil) {
            self.generation = generation
            self.population = population
            self.width = width
            self.height = height
        }
    }

    /// Colours for one look; `light` and `dark` are the two offered.
    public struct Theme: Sendable, Equatable {
        public var background: RGB
        public var text: RGB
        public var grid: RGB
        public var axis: RGB
        /// Population, width, height.
        public var series: [RGB]

        public static let light = Theme(background: .white, text: RGB(hex: "#1f2328")!, grid: RGB(hex: "#d8dee4")!,
                                        axis: RGB(hex: "#57606a")!, series: [RGB(hex: "#0969da")!, RGB(hex: "#cf222e")!, RGB(hex: "#1a7f37")!])
        public static let dark = Theme(background: RGB(hex: "#0d1117")!, text: RGB(hex: "#e6edf3")!, grid: RGB(hex: "#30363d")!,
                                       axis: RGB(hex: "#8b949e")!, series: [RGB(hex: "#58a6ff")!, RGB(hex: "#ff7b72")!, RGB(hex: "#3fb950")!])
    }

    /// The smallest and largest image sides.
    public static let sizeRange = 160...4096

    public var title: String
    public var samples: [Sample]
    /// Logarithmic axes (generations in powers of two, values in powers of ten).
    public var logarithmic: Bool
    public var width: Int
    public var height: Int

    /// Precondition: at least one sample; sides in `sizeRange`.
    public init(title: String, samples: [Sample], logarithmic: Bool, width: Int = 800, height: Int = 500) {
        precondition(!samples.isEmpty, "a plot needs a sample")
        precondition(Self.sizeRange.contains(width) && Self.sizeRange.contains(height), "plot sides are \(Self.sizeRange)")
        self.title = title
        self.samples = samples
        self.logarithmic = logarithmic
        self.width = width
        self.height = height
    }

    /// Whether width and height are drawn too.
    var hasBounds: Bool { samples.allSatisfy { $0.width != nil && $0.height != nil } }
}

/// Positions of exact values on an axis.
enum PlotMath {
    /// log2 of `n` ≥ 1 from its bit length and top 64 bits.
    static func log2(_ n: BigUInt) -> Double {
        precondition(!n.isZero, "log of 0")
        let bits = n.bitWidth
        let shift = Swift.max(0, bits - 64)
        let top = (n >> shift).uint64Value!
        return Double(shift) + Glibc.log2(Double(top))
    }

    static func log10(_ n: BigUInt) -> Double { log2(n) * 0.301_029_995_663_981_2 }

    /// a / b in [0, 1] for a ≤ b, b > 0, from the leading 64 bits of both.
    static func ratio(_ a: BigUInt, _ b: BigUInt) -> Double {
        precondition(!b.isZero, "ratio to 0")
        let shift = Swift.max(0, b.bitWidth - 64)
        return Swift.min(1, Double((a >> shift).uint64Value!) / Double((b >> shift).uint64Value!))
    }

    /// The exact decimal text, or for more than 9 digits its leading digits and exponent:
    /// 1.5e31 (tick values have few significant digits, so nothing is lost there).
    static func label(_ n: BigUInt) -> String {
        let digits = n.description
        guard digits.count > 9 else { return digits }
        var mantissa = Array(digits.prefix(4))
        while mantissa.count > 1 && mantissa.last == "0" { mantissa.removeLast() }
        let head = mantissa.count > 1 ? "\(mantissa[0]).\(String(mantissa[1...]))" : String(mantissa[0])
        return "\(head)e\(digits.count - 1)"
    }
}

