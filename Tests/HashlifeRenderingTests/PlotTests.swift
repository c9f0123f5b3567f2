import HashlifeEngine
@testable import HashlifeRendering
import Testing

private func samples(_ pairs: [(BigUInt, BigUInt)]) -> [PopulationPlot.Sample] {
    pairs.map { PopulationPlot.Sample(generation: $0.0, population: $0.1) }
}

@Suite struct PlotTests {
    @Test func logarithmsOfHugeNumbersComeFromTheirBits() {
        #expect(PlotMath.log2(.powerOfTwo(200_000)) == 200_000)
        #expect(PlotMath.log2(BigUInt(3)) > 1.58 && PlotMath.log2(BigUInt(3)) < 1.59)
        for exponent in [0, 1, 30, 31, 300, 5000] {
            let value = BigUInt.power(BigUInt(10), exponent)
            #expect(abs(PlotMath.log10(value) - Double(exponent)) < 1e-9 * Double(max(exponent, 1)), "10^\(exponent)")
        }
        // 10^400 is past Double's range: its ratio to 2·10^400 is still one half.
        let big = BigUInt.power(BigUInt(10), 400)
        #expect(abs(PlotMath.ratio(big, big * BigUInt(2)) - 0.5) < 1e-15)
        #expect(PlotMath.label(BigUInt(123_456_789)) == "123456789")
        #expect(PlotMath.label(BigUInt.power(BigUInt(10), 31) * BigUInt(15)) == "1.5e32")
    }

    @Test func logAxesPlacePopulationsPast10To30() {
        let axis = PlotAxis.logarithmic(maximum: BigUInt.power(BigUInt(10), 40), base: 10)
        #expect(axis.ticks.first! == (0, "0"))
        #expect(axis.ticks.last!.label == "10^40" && axis.ticks.last!.position == 1)
        // 10^20 sits where its tick is; 10^30·3 between 10^30 and 10^31.
        let twenty = axis.ticks.first { $0.label == "10^20" }!
        #expect(abs(axis.position(BigUInt.power(BigUInt(10), 20)) - twenty.position) < 1e-12)
        let thirty = axis.position(BigUInt.power(BigUInt(10), 30)), next = axis.position(BigUInt.power(BigUInt(10), 31))
        let between = axis.position(BigUInt.power(BigUInt(10), 30) * BigUInt(3))
        #expect(thirty < between && between < next)
        #expect(axis.position(.zero) == 0)
        // Generations in powers of two, up to 2^60000.
        let generations = PlotAxis.logarithmic(maximum: .powerOfTwo(60_000), base: 2)
        #expect(generations.ticks.last!.label == "2^60000")
        #expect(generations.position(.powerOfTwo(60_000)) == 1)
    }

    @Test func linearAxesEndOnANiceTick() {
        let axis = PlotAxis.linear(maximum: BigUInt(5206))
        #expect(axis.ticks.map(\.label) == ["0", "1000", "2000", "3000", "4000", "5000", "6000"])
        #expect(axis.position(BigUInt(3000)) == 0.5)
        let huge = PlotAxis.linear(maximum: BigUInt.power(BigUInt(10), 35) * BigUInt(7))
        #expect(huge.ticks.last!.label == "7e35" || huge.ticks.last!.label == "8e35")
    }

    @Test func svgHasTitleAxesGridAndBothThemes() {
        let plot = PopulationPlot(title: "Gun <&> \"test\"", samples: samples([(0, 36), (30, 41), (60, 46)]), logarithmic: false)
        let svg = plot.svg()
        #expect(svg.hasPrefix("<svg ") && svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("<title>Gun &lt;&amp;&gt; &quot;test&quot;</title>"))
        #expect(svg.contains(">generation</text>") && svg.contains(">population</text>"))
        #expect(svg.contains("class=\"grid\"") && svg.contains("<polyline"))
        #expect(svg.contains("prefers-color-scheme: dark"))
        let dark = plot.svg(theme: .dark)
        #expect(!dark.contains("prefers-color-scheme") && dark.contains(PopulationPlot.Theme.dark.background.hex))
        // Bounds add two series and a legend.
        var bounded = plot
        bounded.samples = bounded.samples.map { var s = $0; s.width = 3; s.height = 4; return s }
        #expect(bounded.svg().split(separator: "\n").filter { $0.hasPrefix("<polyline") }.count == 3)
        #expect(bounded.svg().contains(">width</text>"))
    }

    @Test func pngDecodesWithTheThemeAndTheSeries() throws {
        let plot = PopulationPlot(title: "acorn", samples: samples([(0, 7), (100, 76), (200, 149)]), logarithmic: false, width: 320, height: 200)
        for theme in [PopulationPlot.Theme.light, .dark] {
            let png = try decodePNG(plot.png(theme: theme))
            #expect(png.width == 320 && png.height == 200)
            #expect(png.pixels[0][0] == theme.background)
            let all = png.pixels.flatMap { $0 }
            #expect(all.contains(theme.series[0]))
            #expect(all.contains(theme.text) && all.contains(theme.grid))
        }
    }

    @Test func blockPNGIsTheWriterFedItsScanlines() throws {
        // The renderer's bytes are exactly PNGWriter's for the same scanlines (the split kept
        // the file format as it was).
        var rows = StoredBlockRows([[.one, .zero, .one], [.zero, .one, .zero]])
        var rendered: [UInt8] = []
        PNGRenderer.render(&rows, options: RenderOptions(pixelsPerBlock: 2)) { rendered += $0 }
        var written: [UInt8] = []
        let writer = PNGWriter(width: 6, height: 4, format: .monochrome) { written += $0 }
        // Live is black (0), dead white (1): 001100 and 110011, padded to a byte.
        for line: [UInt8] in [[0, 0b0011_0000], [0, 0b0011_0000], [0, 0b1100_1100], [0, 0b1100_1100]] { writer.writeScanline(line) }
        writer.finish()
        #expect(rendered == written)
        let decoded = try decodePNG(written)
        #expect(decoded.pixels[0] == [.black, .black, .white, .white, .black, .black])
    }
}
