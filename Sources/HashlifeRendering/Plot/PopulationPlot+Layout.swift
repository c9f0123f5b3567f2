import HashlifeEngine

/// What a plot is drawn with: lines, polylines, markers and text in plot pixels (y down),
/// each with a colour role, for the SVG and PNG writers to draw alike.
struct PlotScene {
    enum Role: Equatable { case text, grid, axis, series(Int) }
    enum Anchor { case start, middle, end }
    enum Item {
        case line(x1: Double, y1: Double, x2: Double, y2: Double, role: Role)
        case polyline([(x: Double, y: Double)], role: Role)
        case marker(x: Double, y: Double, role: Role)
        /// Text with its baseline at y (rotated: reading upwards, centred on (x, y)).
        case text(String, x: Double, y: Double, anchor: Anchor, role: Role, size: Int, rotated: Bool)
    }
    var width: Int
    var height: Int
    var items: [Item] = []
}

/// One axis: where each value goes, and the ticks.
struct PlotAxis {
    /// Positions in [0, 1] along the axis, with labels.
    var ticks: [(position: Double, label: String)]
    var position: (BigUInt) -> Double

    /// 0...top with "nice" steps (1, 2 or 5 × 10^k), top the first tick at or above `maximum`.
    static func linear(maximum: BigUInt) -> PlotAxis {
        let maximum = maximum.isZero ? BigUInt.one : maximum
        // The largest power of ten at most maximum, then a step giving 3...10 intervals.
        var power = BigUInt.one
        let ten = BigUInt(10)
        while power * ten <= maximum { power = power * ten }
        var step = power
        let tenth = power.quotientAndRemainder(dividingBy: ten).quotient
        let two = BigUInt(2), five = BigUInt(5)
        let candidates: [BigUInt] = [tenth, tenth * two, tenth * five, power, power * two]
        for candidate in candidates where !candidate.isZero {
            if maximum.quotientAndRemainder(dividingBy: candidate).quotient < BigUInt(10) {
                step = candidate
                break
            }
        }
        let (q, r) = maximum.quotientAndRemainder(dividingBy: step)
        let intervals: BigUInt = r.isZero ? q : q + BigUInt.one
        let top = intervals * step
        let count = intervals.intValue!
        var ticks: [(position: Double, label: String)] = []
        for i in 0...count {
            ticks.append((Double(i) / Double(count), PlotMath.label(step * BigUInt(i))))
        }
        return PlotAxis(ticks: ticks) { PlotMath.ratio($0, top) }
    }

    /// Logarithmic in base `base` (2 for generations, 10 for values): 0 one unit before 1, then
    /// base^0 ... base^E with E the first power at or above the maximum; about 8 labelled ticks.
    static func logarithmic(maximum: BigUInt, base: Int) -> PlotAxis {
        let log: (BigUInt) -> Double = { n in base == 2 ? PlotMath.log2(n) : PlotMath.log10(n) }
        var exponent = 1
        if maximum > BigUInt.one {
            // The smallest E with base^E ≥ maximum, found from the log then checked exactly.
            exponent = Swift.max(1, Int(log(maximum).rounded(.down)))
            while BigUInt.power(BigUInt(base), exponent) < maximum { exponent += 1 }
        }
        // 0 sits `gap` units before base^0, far enough for the two labels not to touch.
        let gap = Swift.max(1, Double(exponent) / 12)
        let span = Double(exponent) + gap
        // Labelled every 1, 2 or 5 × 10^k powers: at most 8 intervals.
        var every = 1
        var nice = [1, 2, 5]
        while exponent / every > 8 {
            every = nice.removeFirst()
            if nice.isEmpty { nice = [every * 2, every * 4, every * 10] }
            if exponent / every <= 8 { break }
        }
        var ticks: [(position: Double, label: String)] = [(0, "0")]
        for e in stride(from: 0, through: exponent, by: every) {
            let text: String
            if e < 4 {
                text = BigUInt.power(BigUInt(base), e).description
            } else {
                text = "\(base)^\(e)"
            }
            ticks.append(((Double(e) + gap) / span, text))
        }
        return PlotAxis(ticks: ticks) { value in value.isZero ? 0 : (log(value) + gap) / span }
    }
}

extension PopulationPlot {
    /// The chart's items at this plot's size.
    func scene() -> PlotScene {
        var scene = PlotScene(width: width, height: height)
        let maxGeneration = samples.map(\.generation).max()!
        var maxValue = samples.map(\.population).max()!
        if hasBounds {
            for sample in samples { maxValue = Swift.max(maxValue, sample.width!, sample.height!) }
        }
        let xAxis = logarithmic ? PlotAxis.logarithmic(maximum: maxGeneration, base: 2) : .linear(maximum: maxGeneration)
        let yAxis = logarithmic ? PlotAxis.logarithmic(maximum: maxValue, base: 10) : .linear(maximum: maxValue)

        // Margins: room for the y tick labels (12 px a character at most) and the axis titles.
        let labelWidth = Double(yAxis.ticks.map(\.label.count).max() ?? 1) * 12
        let left = 28 + labelWidth + 10, right = Double(width) - 40
        let top = 44.0, bottom = Double(height) - 52
        func x(_ p: Double) -> Double { left + p * (right - left) }
        func y(_ p: Double) -> Double { bottom - p * (bottom - top) }

        // Grid lines and ticks.
        for tick in xAxis.ticks {
            scene.items.append(.line(x1: x(tick.position), y1: top, x2: x(tick.position), y2: bottom, role: .grid))
            scene.items.append(.line(x1: x(tick.position), y1: bottom, x2: x(tick.position), y2: bottom + 5, role: .axis))
            scene.items.append(.text(tick.label, x: x(tick.position), y: bottom + 20, anchor: .middle, role: .text, size: 12, rotated: false))
        }
        for tick in yAxis.ticks {
            scene.items.append(.line(x1: left, y1: y(tick.position), x2: right, y2: y(tick.position), role: .grid))
            scene.items.append(.line(x1: left - 5, y1: y(tick.position), x2: left, y2: y(tick.position), role: .axis))
            scene.items.append(.text(tick.label, x: left - 8, y: y(tick.position) + 5, anchor: .end, role: .text, size: 12, rotated: false))
        }
        scene.items.append(.line(x1: left, y1: top, x2: left, y2: bottom, role: .axis))
        scene.items.append(.line(x1: left, y1: bottom, x2: right, y2: bottom, role: .axis))

        // Series: population, then width and height.
        var series: [(String, [BigUInt])] = [("population", samples.map(\.population))]
        if hasBounds {
            series.append(("width", samples.map { $0.width! }))
            series.append(("height", samples.map { $0.height! }))
        }
        let xs = samples.map { x(xAxis.position($0.generation)) }
        for (index, (_, values)) in series.enumerated() {
            let points = zip(xs, values).map { (x: $0.0, y: y(yAxis.position($0.1))) }
            if points.count > 1 { scene.items.append(.polyline(points, role: .series(index))) }
            if points.count <= 200 {
                for point in points { scene.items.append(.marker(x: point.x, y: point.y, role: .series(index))) }
            }
        }

        // Title, axis titles, legend.
        scene.items.append(.text(title, x: Double(width) / 2, y: 26, anchor: .middle, role: .text, size: 16, rotated: false))
        let scale = logarithmic ? " (log scale)" : ""
        scene.items.append(.text("generation" + scale, x: (left + right) / 2, y: Double(height) - 10, anchor: .middle, role: .text, size: 13, rotated: false))
        scene.items.append(.text((hasBounds ? "cells" : "population") + scale, x: 16, y: (top + bottom) / 2, anchor: .middle, role: .text, size: 13, rotated: true))
        if series.count > 1 {
            var legendX = right
            for (index, (name, _)) in series.enumerated().reversed() {
                scene.items.append(.text(name, x: legendX, y: top - 8, anchor: .end, role: .series(index), size: 12, rotated: false))
                legendX -= Double(name.count) * 12 + 16
            }
        }
        return scene
    }
}
